//! Top-down plot of a map's blocks and items (egui_plot), in block units:
//! x to the right, z upwards; items and free blocks are placed at their
//! position in metres divided by 32 (the block width).

use crate::gbx::view::PlotData;
use egui::Color32;
use egui_plot::{Legend, MarkerShape, Plot, Points};
use trackbench_core::gbx::access::map_contents::Kind;

/// Colour of a kind: start green, finish red, checkpoint blue, multilap
/// orange, other grey.
#[must_use]
pub fn kind_colour(kind: Kind) -> Color32 {
    match kind {
        Kind::Start => Color32::from_rgb(40, 180, 70),
        Kind::Finish => Color32::from_rgb(220, 50, 50),
        Kind::StartFinish => Color32::from_rgb(240, 150, 20),
        Kind::Checkpoint => Color32::from_rgb(40, 120, 240),
        Kind::Other => Color32::from_gray(140),
    }
}

/// Draws the plot; `selected` is the highlighted point, when any.
pub fn ui(ui: &mut egui::Ui, data: &PlotData, show_baked: bool, selected: Option<[f64; 2]>) {
    ui.label("Top view in block units (1 unit = 32 m): x to the right, z up.");
    Plot::new("contents_plot")
        .data_aspect(1.0)
        .legend(Legend::default())
        .x_axis_label("x (blocks)")
        .y_axis_label("z (blocks)")
        .show(ui, |p| {
            if show_baked && !data.baked.is_empty() {
                p.points(
                    Points::new("baked blocks", data.baked.as_slice())
                        .color(Color32::from_gray(90))
                        .radius(1.5),
                );
            }
            for (kind, pts) in &data.blocks {
                if pts.is_empty() {
                    continue;
                }
                let radius = if *kind == Kind::Other { 2.0 } else { 4.5 };
                p.points(
                    Points::new(format!("{} blocks", kind.label()), pts.as_slice())
                        .color(kind_colour(*kind))
                        .filled(true)
                        .radius(radius),
                );
            }
            if !data.items.is_empty() {
                p.points(
                    Points::new("items", data.items.as_slice())
                        .color(Color32::from_rgb(170, 80, 200))
                        .shape(MarkerShape::Diamond)
                        .radius(2.0),
                );
            }
            if let Some(s) = selected {
                p.points(
                    Points::new("selected", vec![s])
                        .color(Color32::YELLOW)
                        .shape(MarkerShape::Circle)
                        .filled(false)
                        .radius(9.0),
                );
            }
        });
}
