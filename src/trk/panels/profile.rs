//! Height profile of the route: the height of the main path (in decks: a
//! hill top or an elevated road is 1) over its length in tiles, with loops,
//! corks, pipes, tunnels and jump landings marked. Hovering shows the tile
//! at that distance and rings it on the grid ([`RouteView::profile_hover`]).

use crate::trk::panels::route_text;
use crate::trk::view::RouteView;
use egui_plot::{HoverPosition, Line, MarkerShape, Plot, PlotPoint, Points, Text, VLine};
use trackbench_core::trk::route::{ProfilePoint, Route};

/// Width of a character of the labels (egui's small text), in points.
const LABEL_CHAR_PX: f32 = 6.5;

/// The profile plot.
pub fn ui(ui: &mut egui::Ui, route: &Route, rv: &mut RouteView) {
    if route.profile.is_empty() {
        ui.label("Height profile: no route to measure (no start/finish line).");
        rv.profile_hover = None;
        return;
    }
    let line: Vec<[f64; 2]> = route
        .profile
        .iter()
        .map(|p| [f64::from(p.at_tiles), f64::from(p.height)])
        .collect();
    let marks: Vec<&ProfilePoint> = route
        .profile
        .iter()
        .filter(|p| !p.mark.is_empty())
        .collect();
    let labels: Vec<(f32, String)> = marks
        .iter()
        .map(|m| (m.at_tiles, route_text::short_mark(&m.mark)))
        .collect();
    let top = route
        .profile
        .iter()
        .map(|p| p.height)
        .fold(1.0_f32, f32::max);
    let title = format!(
        "Height profile · {:.1} tiles · {:.0} m",
        route.length_tiles,
        route.length_m()
    );
    ui.label(title)
        .on_hover_text("Height in decks: a hill top is 1, an elevated road 1 more.");
    let response = Plot::new("trk_route_profile")
        .x_axis_label("distance (tiles)")
        .y_axis_label("height")
        .include_y(0.0)
        .include_y(f64::from(top) + 1.0)
        .allow_scroll(false)
        .label_formatter(|hover| {
            let (HoverPosition::NearDataPoint { position: p, .. }
            | HoverPosition::Elsewhere { position: p }) = *hover;
            let tile = route
                .tile_at(p.x as f32)
                .map_or_else(String::new, |t| format!("tile {t}\n"));
            Some(format!("{tile}{:.1} tiles, height {:.2}", p.x, p.y))
        })
        .show(ui, |p| {
            p.line(Line::new("height", line).color(egui::Color32::from_rgb(0, 210, 255)));
            let points: Vec<[f64; 2]> = marks
                .iter()
                .map(|m| [f64::from(m.at_tiles), f64::from(m.height)])
                .collect();
            p.points(
                Points::new("obstacles", points)
                    .shape(MarkerShape::Diamond)
                    .radius(5.0)
                    .color(egui::Color32::from_rgb(230, 160, 40)),
            );
            // Labels in two rows above the highest point, only where they fit.
            let px_per_tile = p.transform().dpos_dvalue_x() as f32;
            for (i, row) in route_text::profile_labels(&labels, px_per_tile, LABEL_CHAR_PX) {
                let (at, text) = &labels[i];
                let y = f64::from(top) + 0.35 + 0.4 * row as f64;
                p.text(Text::new(
                    format!("mark {i}"),
                    PlotPoint::new(f64::from(*at), y),
                    egui::RichText::new(text).small(),
                ));
            }
            let hovered = p.response().hovered();
            let hover = p.pointer_coordinate().map(|c| c.x).filter(|_| hovered);
            if let Some(x) = hover {
                p.add(VLine::new("hover", x).color(egui::Color32::YELLOW));
            }
            hover
        });
    rv.profile_hover = response.inner.and_then(|x| route.tile_at(x as f32));
}
