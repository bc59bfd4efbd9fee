//! What the grid editor paints over the track: row and column labels,
//! validation outlines, the selection, the focused tile and what the tool
//! would do at the hovered tile.

use crate::trk::doc::TrackDoc;
use crate::trk::grid_view::GridView;
use crate::trk::panels::palette::push_shapes;
use crate::trk::view::{Tool, TrkView};
use egui::{Align2, Color32, FontId, Pos2, Rect, Shape, Stroke, StrokeKind};
use trackbench_core::trk::edit::element_tiles;
use trackbench_core::trk::render;
use trackbench_core::trk::{Issue, Severity, TilePos, element};

/// The screen rectangle of `w` × `h` tiles with its NW tile at `min`.
pub fn tile_rect(view: &GridView, origin: [f32; 2], min: TilePos, w: u8, h: u8) -> Rect {
    let a = view.to_screen(origin, [f32::from(min.x), f32::from(min.y)]);
    let b = view.to_screen(origin, [f32::from(min.x + w), f32::from(min.y + h)]);
    Rect::from_min_max(Pos2::new(a[0], a[1]), Pos2::new(b[0], b[1]))
}

/// Column numbers above the grid and row numbers left of it (every fifth
/// when the tiles are small).
pub fn labels(painter: &egui::Painter, view: &GridView, origin: [f32; 2]) {
    let step = if view.tile_px >= 14.0 { 1 } else { 5 };
    let font = FontId::monospace(10.0_f32.min(view.tile_px * 0.7).max(8.0));
    let color = Color32::from_gray(200);
    for i in (0..30u8).step_by(step) {
        let c = f32::from(i) + 0.5;
        let top = view.to_screen(origin, [c, 0.0]);
        painter.text(
            Pos2::new(top[0], top[1] - 3.0),
            Align2::CENTER_BOTTOM,
            i.to_string(),
            font.clone(),
            color,
        );
        let left = view.to_screen(origin, [0.0, c]);
        painter.text(
            Pos2::new(left[0] - 4.0, left[1]),
            Align2::RIGHT_CENTER,
            i.to_string(),
            font.clone(),
            color,
        );
    }
}

/// Invalid tiles (red errors, orange warnings), the selection and the
/// focused tile.
pub fn outlines(
    painter: &egui::Painter,
    view_state: &TrkView,
    issues: &[Issue],
    view: &GridView,
    origin: [f32; 2],
) {
    for issue in issues {
        let Some(p) = issue.pos else { continue };
        let c = if issue.severity == Severity::Error {
            Color32::RED
        } else {
            Color32::from_rgb(255, 160, 0)
        };
        let r = tile_rect(view, origin, p, 1, 1).shrink(1.0);
        painter.rect_stroke(r, 0.0, Stroke::new(2.0, c), StrokeKind::Inside);
    }
    if let Some(s) = view_state.selection {
        let (w, h) = s.size();
        let r = tile_rect(view, origin, s.min, w, h);
        painter.rect_filled(r, 0.0, Color32::from_rgba_unmultiplied(80, 160, 255, 40));
        painter.rect_stroke(
            r,
            0.0,
            Stroke::new(2.0, Color32::from_rgb(80, 160, 255)),
            StrokeKind::Inside,
        );
    }
    if let Some(p) = view_state.focus {
        let r = tile_rect(view, origin, p, 1, 1).expand(2.0);
        painter.rect_stroke(
            r,
            0.0,
            Stroke::new(3.0, Color32::YELLOW),
            StrokeKind::Outside,
        );
    }
}

/// What the tool would do at the hovered tile.
pub fn ghost(
    painter: &egui::Painter,
    doc: &TrackDoc,
    view_state: &TrkView,
    view: &GridView,
    origin: [f32; 2],
) {
    let Some(p) = view_state.hover else { return };
    let white = Stroke::new(2.0, Color32::WHITE);
    match view_state.tool {
        Tool::Place | Tool::Manual => {
            let code = view_state.current_code();
            let (w, h) = element(code).map_or((1, 1), |e| e.footprint.size());
            let r = tile_rect(view, origin, p, w, h);
            let mut shapes: Vec<Shape> = Vec::new();
            push_shapes(
                &mut shapes,
                &render::element_primitives(code),
                r.min,
                view.tile_px,
                0.6,
            );
            painter.extend(shapes);
            painter.rect_stroke(r, 0.0, white, StrokeKind::Inside);
        }
        Tool::Erase => {
            for t in element_tiles(doc.track(), p) {
                let r = tile_rect(view, origin, t, 1, 1);
                painter.rect_filled(r, 0.0, Color32::from_rgba_unmultiplied(255, 0, 0, 70));
            }
        }
        Tool::Terrain | Tool::Select => {
            painter.rect_stroke(
                tile_rect(view, origin, p, 1, 1),
                0.0,
                white,
                StrokeKind::Inside,
            );
        }
    }
}
