//! Top-down plot of a map's blocks and items (egui_plot), in block units:
//! x to the right, z upwards; items and free blocks are placed at their
//! position in metres divided by 32 (the block width). The selection is
//! ringed; clicks and dragged boxes select (`contents_select`).

use super::{block_palette, contents_select};
use crate::command::Command;
use crate::gbx::view::contents_ops::BoxDrag;
use crate::gbx::view::{ContentsState, Extract, Table};
use crate::widgets::view_head::PLOT_MIN_PX;
use egui::Color32;
use egui_plot::{MarkerShape, Plot, PlotPoint, PlotTransform, Points, Polygon};
use trackbench_core::gbx::Gbx;
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

/// Draws the plot (its legend and the "Drag pans" switch in a row above
/// it, its caption on hover) with the selection the view acts on ringed
/// (`ContentsState::acting`). A click selects the nearest record (Ctrl
/// toggles, Shift adds) and shows its table; a drag draws a box that
/// selects what it covers (beside a table, that table's records; Shift or
/// Ctrl adds), unless "Drag pans" is on. The plot fills the height left,
/// never less than [`PLOT_MIN_PX`].
///
/// Above it, the block palette when the view's "Place a block" opened it
/// ([`block_palette`]); with a block picked, a click places it instead
/// of selecting.
pub fn ui(
    ui: &mut egui::Ui,
    gbx: &Gbx,
    x: &Extract,
    s: &mut ContentsState,
    out: &mut Vec<Command>,
) {
    let data = &x.plot;
    let show_baked = s.show_baked;
    let ringed = contents_select::points(x, &s.acting());
    let focused = s.selected.and_then(|(t, i)| match t {
        Table::Blocks => x.contents.block(i).map(contents_select::block_point),
        Table::Items => x.contents.items.get(i).map(contents_select::item_point),
    });
    let drag = s.box_drag;
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut s.plot_pans, "Drag pans")
            .on_hover_text("Off: dragging draws a box that selects the blocks and items in it");
        legend(ui, data, show_baked, ringed.len());
    });
    // The palette's list gets what the plot (with its axes) leaves.
    let line = ui.spacing().interact_size.y + ui.spacing().item_spacing.y;
    let list_px =
        ui.available_height() - block_palette::column_min_px(line) + block_palette::LIST_MIN_PX;
    block_palette::ui(ui, x, &mut s.placing, list_px);
    let placing = &s.placing;
    // The plot's area keeps PLOT_MIN_PX inside its axes.
    let height = ui
        .available_height()
        .max(PLOT_MIN_PX + block_palette::PLOT_AXES_PX);
    let resp = Plot::new("contents_plot")
        .height(height)
        .data_aspect(1.0)
        .x_axis_label("x (blocks)")
        .y_axis_label("z (blocks)")
        .allow_drag(s.plot_pans)
        // While placing, the wheel sets the height (block_palette::interact).
        .allow_scroll(s.placing.picked.is_none())
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
            if !ringed.is_empty() {
                p.points(
                    Points::new(format!("selected ({})", ringed.len()), ringed)
                        .color(Color32::YELLOW)
                        .shape(MarkerShape::Circle)
                        .filled(false)
                        .radius(6.0),
                );
            }
            if let Some(f) = focused {
                p.points(
                    Points::new("focused row", vec![f])
                        .color(Color32::YELLOW)
                        .shape(MarkerShape::Circle)
                        .filled(false)
                        .radius(9.0),
                );
            }
            block_palette::draw_cell(p, placing);
            if let Some(b) = drag {
                let corners = vec![
                    [b.from[0], b.from[1]],
                    [b.to[0], b.from[1]],
                    [b.to[0], b.to[1]],
                    [b.from[0], b.to[1]],
                ];
                p.polygon(
                    Polygon::new("selection box", corners)
                        .fill_color(Color32::from_rgba_unmultiplied(255, 220, 0, 30))
                        .stroke(egui::Stroke::new(1.0, Color32::YELLOW)),
                );
            }
        });
    let transform = resp.transform;
    let mut response = resp.response;
    if s.placing.picked.is_none() {
        response =
            response.on_hover_text("Top view in block units (1 unit = 32 m): x to the right, z up");
    }
    s.plot_rect = Some(response.rect);
    if block_palette::interact(ui, gbx, x, &mut s.placing, &response, &transform, out) {
        return;
    }
    interact(ui, x, s, &response, &transform, out);
}

/// The plot's legend, in a row above it (issue 31: egui_plot's legend sat
/// in a corner of the plot, over the data): a dot of each series' colour
/// and its name.
fn legend(ui: &mut egui::Ui, data: &crate::gbx::view::PlotData, baked: bool, ringed: usize) {
    let mut entries: Vec<(String, Color32)> = Vec::new();
    if baked && !data.baked.is_empty() {
        entries.push(("baked blocks".into(), Color32::from_gray(90)));
    }
    for (kind, pts) in &data.blocks {
        if !pts.is_empty() {
            entries.push((format!("{} blocks", kind.label()), kind_colour(*kind)));
        }
    }
    if !data.items.is_empty() {
        entries.push(("items".into(), Color32::from_rgb(170, 80, 200)));
    }
    if ringed > 0 {
        entries.push((format!("selected ({ringed})"), Color32::YELLOW));
    }
    ui.horizontal_wrapped(|ui| {
        for (name, colour) in entries {
            let size = egui::vec2(10.0, ui.text_style_height(&egui::TextStyle::Body));
            let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
            ui.painter().circle_filled(rect.center(), 4.0, colour);
            ui.label(name);
        }
    });
}

/// Applies a click or a box drag on the plot to the selection.
fn interact(
    ui: &egui::Ui,
    x: &Extract,
    s: &mut ContentsState,
    r: &egui::Response,
    t: &PlotTransform,
    out: &mut Vec<Command>,
) {
    let (toggle, add) = ui.input(|i| (i.modifiers.command, i.modifiers.shift));
    let at = |pos: egui::Pos2| {
        let p = t.value_from_position(pos);
        [p.x, p.y]
    };
    if !s.plot_pans {
        let primary = egui::PointerButton::Primary;
        if r.drag_started_by(primary)
            && let Some(pos) = r.interact_pointer_pos()
        {
            s.box_drag = Some(BoxDrag {
                from: at(pos),
                to: at(pos),
            });
        }
        if let (true, Some(pos), Some(b)) = (
            r.dragged_by(primary),
            r.interact_pointer_pos(),
            s.box_drag.as_mut(),
        ) {
            b.to = at(pos);
        }
        if r.drag_stopped()
            && let Some(b) = s.box_drag.take()
        {
            let mut found = contents_select::in_box(x, s.show_baked, b.from, b.to);
            if !s.narrow_plot {
                // Beside a table, the box selects that table's records.
                found = found.only(s.table);
            }
            contents_select::merge(&mut s.selection, found, add || toggle);
        }
    }
    if r.clicked()
        && let Some(pos) = r.interact_pointer_pos()
    {
        let distance = |p: [f64; 2]| {
            let q = t.position_from_point(&PlotPoint::new(p[0], p[1]));
            f64::from(q.distance(pos))
        };
        match contents_select::nearest(x, s.show_baked, distance, 8.0) {
            Some((table, i)) => {
                contents_select::click(&mut s.selection, table, i, toggle, add);
                s.table = table;
                contents_select::select(s, x, table, i, out);
            }
            None if !(toggle || add) => s.selection.clear(),
            None => {}
        }
    }
}
