//! Height profile of the route: the height of the main path (in decks: a
//! hill top or an elevated road is 1) over its length in tiles, with loops,
//! corks, pipes, tunnels and jump landings marked. Hovering shows the tile
//! at that distance and rings it on the grid ([`RouteView::profile_hover`]).

use crate::trk::view::RouteView;
use egui_plot::{HoverPosition, Line, MarkerShape, Plot, PlotPoint, Points, Text, VLine};
use trackbench_core::trk::route::Route;

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
    let marks: Vec<&trackbench_core::trk::route::ProfilePoint> = route
        .profile
        .iter()
        .filter(|p| !p.mark.is_empty())
        .collect();
    let title = format!(
        "Height profile: {:.1} tiles along the route; hill top and elevated road = 1",
        route.length_tiles
    );
    ui.label(title);
    let response = Plot::new("trk_route_profile")
        .x_axis_label("distance (tiles)")
        .y_axis_label("height (decks)")
        .include_y(0.0)
        .include_y(2.0)
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
            for m in &marks {
                let at = PlotPoint::new(f64::from(m.at_tiles), f64::from(m.height) + 0.15);
                p.text(Text::new(
                    format!("mark {}", m.at_tiles),
                    at,
                    m.mark.clone(),
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
