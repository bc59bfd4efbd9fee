//! The route of the track on the grid and in the validation list: the main
//! path as a line with direction arrows (branches fainter, jumps dashed),
//! the start line ringed, breaks marked (red when Stunts rejects the
//! track, orange when they only end a branch, grey dots for pieces off the
//! route), illusion tiles boxed, and the tile under the pointer in the
//! profile. The list gives the summary, obstacles, splits, breaks and
//! illusions; clicking an entry focuses its tile (a [`TrkCommand::Focus`]).
//! The route itself comes from the core ([`trackbench_core::trk::trace`]),
//! cached per revision in [`RouteView`].

use crate::command::{Command, TrkCommand};
use crate::trk::grid_view::GridView;
use crate::trk::panels::route_text;
use crate::trk::view::{RouteView, TrkView};
use egui::{Color32, Pos2, Shape, Stroke, StrokeKind};
use trackbench_core::trk::TilePos;
use trackbench_core::trk::route::{BreakKind, Route};

const PATH: Color32 = Color32::from_rgb(0, 210, 255);
const BRANCH: Color32 = Color32::from_rgba_premultiplied(90, 110, 140, 150);
const REJECT: Color32 = Color32::from_rgb(255, 40, 40);
const ENDS: Color32 = Color32::from_rgb(255, 160, 0);
const ILLUSION: Color32 = Color32::from_rgb(230, 80, 230);

fn screen(grid: &GridView, origin: [f32; 2], p: [f32; 2]) -> Pos2 {
    let s = grid.to_screen(origin, p);
    Pos2::new(s[0], s[1])
}

fn tile_centre(grid: &GridView, origin: [f32; 2], t: TilePos) -> Pos2 {
    let c = grid.tile_center(origin, t);
    Pos2::new(c[0], c[1])
}

/// Draws the route over the grid.
pub fn overlay(
    painter: &egui::Painter,
    route: &Route,
    rv: &mut RouteView,
    grid: &GridView,
    origin: [f32; 2],
) {
    rv.drawn_segments = 0;
    if !rv.show {
        return;
    }
    let px = grid.tile_px;
    let to_screen = |l: &[[f32; 2]]| l.iter().map(|&p| screen(grid, origin, p)).collect();
    for i in (0..route.pieces.len()).filter(|&i| !route.on_path(i)) {
        let line: Vec<Pos2> = to_screen(&route.piece_line(i));
        painter.add(Shape::line(line, Stroke::new((px * 0.08).max(1.5), BRANCH)));
        rv.drawn_segments += 1;
    }
    let lines: Vec<Vec<[f32; 2]>> = route.path.iter().map(|&i| route.piece_line(i)).collect();
    let width = (px * 0.14).max(2.0);
    for (k, line) in lines.iter().enumerate() {
        let jumped = route.pieces[route.path[k]].jumped > 0;
        if let (true, Some(prev), Some(first)) = (jumped, k.checked_sub(1), line.first()) {
            let from = lines[prev].last().copied().unwrap_or(*first);
            let dash = [screen(grid, origin, from), screen(grid, origin, *first)];
            painter.extend(Shape::dashed_line(
                &dash,
                Stroke::new(width, PATH),
                px * 0.2,
                px * 0.15,
            ));
        }
        painter.add(Shape::line(to_screen(line), Stroke::new(width, PATH)));
        rv.drawn_segments += 1;
    }
    for (p, d) in route_text::arrows(&lines, 2.0) {
        let tip = screen(grid, origin, [p[0] + d[0] * 0.18, p[1] + d[1] * 0.18]);
        let back = [p[0] - d[0] * 0.18, p[1] - d[1] * 0.18];
        let side = [-d[1] * 0.16, d[0] * 0.16];
        let l = screen(grid, origin, [back[0] + side[0], back[1] + side[1]]);
        let r = screen(grid, origin, [back[0] - side[0], back[1] - side[1]]);
        painter.add(Shape::convex_polygon(
            vec![tip, l, r],
            Color32::WHITE,
            Stroke::NONE,
        ));
    }
    marks(painter, route, rv, grid, origin);
}

/// Start ring, breaks, illusions and the profile's hover.
fn marks(
    painter: &egui::Painter,
    route: &Route,
    rv: &RouteView,
    grid: &GridView,
    origin: [f32; 2],
) {
    let px = grid.tile_px;
    if let Some(s) = route.start {
        let ring = Stroke::new(2.0, Color32::from_rgb(60, 220, 90));
        painter.circle_stroke(tile_centre(grid, origin, s), px * 0.45, ring);
    }
    for b in &route.breaks {
        let Some(p) = b.pos else { continue };
        let c = tile_centre(grid, origin, p);
        if b.kind == BreakKind::OffRoute {
            painter.circle_filled(c, (px * 0.08).max(1.5), Color32::from_gray(170));
            continue;
        }
        let color = if b.rejects { REJECT } else { ENDS };
        let r = px * 0.3;
        let stroke = Stroke::new((px * 0.08).max(2.0), color);
        painter.circle_stroke(c, r, stroke);
        let d = r * 0.6;
        painter.line_segment([c + egui::vec2(-d, -d), c + egui::vec2(d, d)], stroke);
        painter.line_segment([c + egui::vec2(-d, d), c + egui::vec2(d, -d)], stroke);
    }
    for i in &route.illusions {
        let a = screen(grid, origin, [f32::from(i.pos.x), f32::from(i.pos.y)]);
        let b = screen(
            grid,
            origin,
            [f32::from(i.pos.x) + 1.0, f32::from(i.pos.y) + 1.0],
        );
        let rect = egui::Rect::from_min_max(a, b).shrink(2.0);
        painter.rect_stroke(rect, 0.0, Stroke::new(2.0, ILLUSION), StrokeKind::Inside);
    }
    if let Some(t) = rv.profile_hover {
        painter.circle_filled(tile_centre(grid, origin, t), px * 0.25, Color32::YELLOW);
    }
}

fn entry(
    ui: &mut egui::Ui,
    view: &TrkView,
    pos: Option<TilePos>,
    text: String,
    out: &mut Vec<Command>,
) {
    let selected = pos.is_some() && pos == view.focus;
    if ui.selectable_label(selected, text).clicked()
        && let Some(p) = pos
    {
        out.push(Command::Trk(TrkCommand::Focus(p)));
    }
}

/// The route's part of the validation list.
pub fn list(ui: &mut egui::Ui, route: &Route, view: &TrkView, out: &mut Vec<Command>) {
    ui.strong(route_text::summary(route));
    if route.start.is_some() {
        ui.label(format!("Obstacles: {}", route_text::obstacles(route)));
    }
    for s in &route.branch_points {
        entry(ui, view, Some(s.pos), format!("[split] {}", s.message), out);
    }
    let (off, breaks): (Vec<_>, Vec<_>) = route
        .breaks
        .iter()
        .partition(|b| b.kind == BreakKind::OffRoute);
    for b in breaks {
        entry(ui, view, b.pos, route_text::break_label(b), out);
    }
    for i in &route.illusions {
        entry(
            ui,
            view,
            Some(i.pos),
            format!("[illusion] {} {}", i.pos, i.message),
            out,
        );
    }
    if !off.is_empty() {
        let n = off.len();
        let title = if n == 1 {
            "1 off-route piece".to_string()
        } else {
            format!("{n} off-route pieces")
        };
        egui::CollapsingHeader::new(title)
            .id_salt("trk_route_off")
            .show(ui, |ui| {
                for b in off {
                    entry(ui, view, b.pos, route_text::break_label(b), out);
                }
            });
    }
}
