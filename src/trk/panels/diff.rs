//! The comparison with another track in the grid editor: a side-panel
//! section (what differs, previous/next difference, which track the grid
//! shows, stop comparing) and the overlay that marks the differing tiles
//! on the grid: magenta where the track layer (the element) differs, cyan
//! where only the terrain does (seed 002 "Track file": the two 30 × 30
//! layers). The differences come from the core's `trk_diff`, computed
//! against the current track each frame, so edits and undo show at once.

use crate::command::{Command, TrkCommand};
use crate::trk::compare::differing_tiles;
use crate::trk::doc::TrackDoc;
use crate::trk::grid_view::GridView;
use crate::trk::panels::grid_overlay::tile_rect;
use crate::trk::view::TrkView;
use egui::{Color32, Stroke, StrokeKind};
use trackbench_core::toolbox::trk_diff::{TileLayer, TrackDiff};
use trackbench_core::trk::{TilePos, element, horizon_name, terrain};

/// Outline of a tile whose element differs.
pub const TRACK_DIFF: Color32 = Color32::from_rgb(255, 70, 220);
/// Outline of a tile where only the terrain differs.
pub const TERRAIN_DIFF: Color32 = Color32::from_rgb(60, 220, 255);

fn trk(cmd: TrkCommand) -> Command {
    Command::Trk(cmd)
}

/// The side-panel section; draws nothing when the track is not compared.
pub fn section(ui: &mut egui::Ui, doc: &TrackDoc, view: &mut TrkView, out: &mut Vec<Command>) {
    let Some(compare) = &doc.compare else { return };
    let diff = compare.diff(doc.track());
    let tiles = differing_tiles(&diff);
    ui.strong(format!("Compared with {}", compare.name))
        .on_hover_text(compare.path.display().to_string());
    ui.label(summary(&diff, tiles.len()));
    ui.horizontal_wrapped(|ui| {
        let any = !tiles.is_empty();
        if ui
            .add_enabled(any, egui::Button::new("◀ Previous"))
            .clicked()
        {
            out.push(trk(TrkCommand::StepDifference(false)));
        }
        if ui.add_enabled(any, egui::Button::new("Next ▶")).clicked() {
            out.push(trk(TrkCommand::StepDifference(true)));
        }
        if ui.button("Stop comparing").clicked() {
            view.show_other = false;
            out.push(trk(TrkCommand::CloseCompare));
        }
    });
    ui.horizontal(|ui| {
        ui.label("Grid shows:");
        ui.selectable_value(&mut view.show_other, false, "this track");
        ui.selectable_value(&mut view.show_other, true, compare.name.as_str())
            .on_hover_text("the other track, read-only; the marks stay on the differing tiles");
    });
    ui.horizontal(|ui| {
        swatch(ui, TRACK_DIFF);
        ui.weak("element differs");
        swatch(ui, TERRAIN_DIFF);
        ui.weak("terrain only");
    });
}

/// One line: how many tiles differ in which layer, the horizon, the
/// metadata.
#[must_use]
pub fn summary(diff: &TrackDiff, tiles: usize) -> String {
    if diff.is_empty() {
        return "The tracks are identical.".into();
    }
    let count = |l: TileLayer| diff.tiles.iter().filter(|t| t.layer == l).count();
    let mut parts = vec![format!(
        "{tiles} tile(s) differ ({} element, {} terrain)",
        count(TileLayer::Track),
        count(TileLayer::Terrain)
    )];
    if let Some((a, b)) = diff.horizon {
        parts.push(format!(
            "horizon {} → {}",
            horizon_name(a).unwrap_or("unknown"),
            horizon_name(b).unwrap_or("unknown")
        ));
    }
    if diff.metadata_differs {
        parts.push("metadata differs".into());
    }
    parts.join("; ")
}

fn swatch(ui: &mut egui::Ui, c: Color32) {
    let (r, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
    ui.painter()
        .rect_stroke(r, 0.0, Stroke::new(2.0, c), StrokeKind::Inside);
}

/// What the other track has at `p`, for the tile information, when the
/// track is compared and `p` differs.
pub fn hover_other(ui: &mut egui::Ui, doc: &TrackDoc, p: TilePos) {
    let Some(compare) = &doc.compare else { return };
    let (a, b) = (doc.track(), &compare.other);
    let (code, ter) = (b.track_code(p), b.terrain_code(p));
    if code == a.track_code(p) && ter == a.terrain_code(p) {
        return;
    }
    let name = element(code).map_or_else(|| "unknown".into(), |e| e.display_name());
    let tname = terrain(ter).map_or("invalid", |t| t.name);
    ui.colored_label(
        TRACK_DIFF,
        format!(
            "In {}: {name} [{code:#04x}], {tname} [{ter:#04x}]",
            compare.name
        ),
    );
}

/// Marks the differing tiles on the grid.
pub fn overlay(painter: &egui::Painter, doc: &TrackDoc, grid: &GridView, origin: [f32; 2]) {
    let Some(compare) = &doc.compare else { return };
    let diff = compare.diff(doc.track());
    // Row-major, the track layer first for a tile: a terrain entry right
    // after its tile's track entry is already marked.
    for (i, t) in diff.tiles.iter().enumerate() {
        let element_differs = t.layer == TileLayer::Track;
        if !element_differs && i > 0 && diff.tiles[i - 1].pos == t.pos {
            continue;
        }
        let c = if element_differs {
            TRACK_DIFF
        } else {
            TERRAIN_DIFF
        };
        // Small tiles get a mark a little larger than the tile, so the
        // difference stays visible when the whole map fits a small window.
        let inset = match (grid.tile_px >= 16.0, element_differs) {
            (true, true) => 1.0,
            (true, false) => 3.0,
            (false, _) => -1.5,
        };
        let r = tile_rect(grid, origin, t.pos, 1, 1).shrink(inset);
        let fill = Color32::from_rgba_unmultiplied(c.r(), c.g(), c.b(), 70);
        painter.rect_filled(r, 0.0, fill);
        painter.rect_stroke(r, 0.0, Stroke::new(2.5, c), StrokeKind::Inside);
    }
}
