//! Bliss colouring editor (chunk `Colr`, seed 002 "Metadata"): the 30 × 30
//! grid of tile colours as an image (background filled, border outlined,
//! the transparent value 0xF81F shown as a checkerboard), two colour
//! pickers (border, background, each may be "none"), which part a paint
//! sets, paint with the left button (a drag is one undo step), pick a
//! tile's colours with the right button, fill all, clear. Every change is
//! a [`TrkCommand`], applied through the core's `TrackDocument` and written
//! back with the RLE encoder.

use crate::command::{Command, TrkCommand};
use crate::trk::doc::TrackDoc;
use crate::trk::grid_view::GridView;
use crate::trk::view::{ColrBrush, TrkView};
use egui::{Color32, Pos2, Rect, Sense, Stroke, StrokeKind, Vec2};
use trackbench_core::trk::colour_edit::{opaque_rgb565, rgb_to_rgb565, rgb565_to_rgb};
use trackbench_core::trk::metadata::{Colouring, TRANSPARENT};
use trackbench_core::trk::selection::line;
use trackbench_core::trk::{ColourPart, TileColours, TilePos};

/// Tiles per side of the colouring grid.
const SIDE: usize = 30;

/// `rgb565` as an egui colour; `None` for [`TRANSPARENT`].
#[must_use]
pub fn colour32(rgb565: u16) -> Option<Color32> {
    (rgb565 != TRANSPARENT).then(|| {
        let [r, g, b] = rgb565_to_rgb(rgb565);
        Color32::from_rgb(r, g, b)
    })
}

/// The colouring section of the metadata panel.
pub fn ui(ui: &mut egui::Ui, doc: &TrackDoc, view: &mut TrkView, out: &mut Vec<Command>) {
    egui::CollapsingHeader::new("Colouring (Bliss)")
        .id_salt("trk_colr")
        .default_open(true)
        .show(ui, |ui| match doc.doc.colouring() {
            Ok(c) => editor(ui, view, c, doc.doc.is_stroking(), out),
            Err(e) => {
                ui.colored_label(Color32::from_rgb(255, 160, 0), e.to_string());
                let unreadable = doc.track().metadata().is_some();
                if unreadable && ui.button("Clear colouring").clicked() {
                    out.push(Command::Trk(TrkCommand::ClearColouring));
                }
            }
        });
}

fn editor(
    ui: &mut egui::Ui,
    view: &mut TrkView,
    current: Option<Colouring>,
    doc_stroking: bool,
    out: &mut Vec<Command>,
) {
    let present = current.is_some();
    let c = current.unwrap_or_default();
    ui.label(if present {
        format!("{} of 900 tiles coloured", c.coloured_count())
    } else {
        "No colouring yet: painting creates one.".into()
    });
    brush_controls(ui, &mut view.colr);
    ui.checkbox(&mut view.colr.on_grid, "show on the track grid");
    image(ui, &mut view.colr, &c, doc_stroking, out);
    ui.horizontal_wrapped(|ui| {
        if ui
            .button("Fill all")
            .on_hover_text("paint every tile with the brush")
            .clicked()
        {
            let (part, colours) = (view.colr.part, view.colr.colours);
            out.push(Command::Trk(TrkCommand::FillColour { part, colours }));
        }
        if present && ui.button("Clear colouring").clicked() {
            out.push(Command::Trk(TrkCommand::ClearColouring));
        }
    });
}

fn brush_controls(ui: &mut egui::Ui, b: &mut ColrBrush) {
    egui::Grid::new("trk_colr_brush")
        .num_columns(2)
        .show(ui, |ui| {
            ui.label("Background");
            colour_picker(ui, &mut b.colours.background, "no background");
            ui.end_row();
            ui.label("Border");
            colour_picker(ui, &mut b.colours.border, "no border");
            ui.end_row();
        });
    ui.horizontal_wrapped(|ui| {
        ui.label("Paint:");
        ui.radio_value(&mut b.part, ColourPart::Background, "background");
        ui.radio_value(&mut b.part, ColourPart::Border, "border");
        ui.radio_value(&mut b.part, ColourPart::Both, "both");
    });
}

/// A colour button plus a "none" checkbox for one RGB565 value.
fn colour_picker(ui: &mut egui::Ui, v: &mut u16, none_label: &str) {
    ui.horizontal_wrapped(|ui| {
        let mut none = *v == TRANSPARENT;
        let mut rgb = if none {
            [128, 128, 128]
        } else {
            rgb565_to_rgb(*v)
        };
        ui.add_enabled_ui(!none, |ui| {
            if ui.color_edit_button_srgb(&mut rgb).changed() {
                *v = opaque_rgb565(rgb_to_rgb565(rgb));
            }
        });
        if ui.checkbox(&mut none, none_label).changed() {
            *v = if none {
                TRANSPARENT
            } else {
                opaque_rgb565(rgb_to_rgb565(rgb))
            };
        }
        let hex = if *v == TRANSPARENT {
            "none".to_string()
        } else {
            format!("{:#06x}", *v)
        };
        ui.monospace(hex);
    });
}

/// The colouring as an image that paints under the pointer. `doc_stroking`:
/// the track's undo step for a drag is open (an undo closes it mid-drag).
fn image(
    ui: &mut egui::Ui,
    brush: &mut ColrBrush,
    colouring: &Colouring,
    doc_stroking: bool,
    out: &mut Vec<Command>,
) {
    let px = (ui.available_width() / SIDE as f32)
        .clamp(5.0, 10.0)
        .floor();
    let size = Vec2::splat(px * SIDE as f32);
    let (rect, resp) = ui.allocate_exact_size(size, Sense::click_and_drag());
    let resp = resp.on_hover_text("left: paint (drag = one undo step), right: pick colours");
    brush.image = Some(([rect.min.x, rect.min.y], [size.x, size.y]));
    let tile = |p: Option<Pos2>| {
        let p = p.filter(|p| rect.contains(*p))?;
        let x = ((p.x - rect.min.x) / px).floor() as i32;
        let y = ((p.y - rect.min.y) / px).floor() as i32;
        TilePos::new(x, y)
    };
    let hovered = tile(ui.input(|i| i.pointer.latest_pos()));
    pointer(ui, &resp, brush, hovered, doc_stroking, colouring, out);
    let painter = ui.painter_at(rect);
    for pos in TilePos::all() {
        let min = rect.min + Vec2::new(f32::from(pos.x), f32::from(pos.y)) * px;
        draw_tile(
            &painter,
            Rect::from_min_size(min, Vec2::splat(px)),
            colouring.tiles[pos.index()],
        );
    }
    painter.rect_stroke(
        rect,
        0.0,
        Stroke::new(1.0, Color32::GRAY),
        StrokeKind::Outside,
    );
    if let Some(p) = hovered {
        let min = rect.min + Vec2::new(f32::from(p.x), f32::from(p.y)) * px;
        let r = Rect::from_min_size(min, Vec2::splat(px));
        painter.rect_stroke(
            r,
            0.0,
            Stroke::new(1.0, Color32::WHITE),
            StrokeKind::Outside,
        );
        let t = colouring.tiles[p.index()];
        ui.label(format!(
            "Tile {p}: background {}, border {}",
            hex(t.background),
            hex(t.border)
        ));
    }
}

/// The colouring over the track grid (half transparent), when it exists
/// and the user wants it: Bliss shows it on the grid.
pub fn overlay(
    painter: &egui::Painter,
    doc: &TrackDoc,
    brush: &ColrBrush,
    view: &GridView,
    origin: [f32; 2],
) {
    if !brush.on_grid {
        return;
    }
    let Ok(Some(c)) = doc.doc.colouring() else {
        return;
    };
    for pos in TilePos::all() {
        let t = c.tiles[pos.index()];
        if t == TileColours::NONE {
            continue;
        }
        let a = view.to_screen(origin, [f32::from(pos.x), f32::from(pos.y)]);
        let r = Rect::from_min_size(Pos2::new(a[0], a[1]), Vec2::splat(view.tile_px));
        if let Some(bg) = colour32(t.background) {
            painter.rect_filled(r, 0.0, bg.gamma_multiply(0.45));
        }
        if let Some(border) = colour32(t.border) {
            let w = (view.tile_px / 8.0).max(1.0);
            painter.rect_stroke(r, 0.0, Stroke::new(w, border), StrokeKind::Inside);
        }
    }
}

fn hex(v: u16) -> String {
    if v == TRANSPARENT {
        "none".into()
    } else {
        format!("{v:#06x}")
    }
}

/// One tile: background (checkerboard when transparent), then the border.
fn draw_tile(painter: &egui::Painter, r: Rect, t: TileColours) {
    if let Some(bg) = colour32(t.background) {
        painter.rect_filled(r, 0.0, bg);
    } else {
        let half = r.width() / 2.0;
        for (i, (dx, dy)) in [(0.0, 0.0), (half, 0.0), (0.0, half), (half, half)]
            .into_iter()
            .enumerate()
        {
            let grey = if i == 0 || i == 3 { 200 } else { 150 };
            let q = Rect::from_min_size(r.min + Vec2::new(dx, dy), Vec2::splat(half));
            painter.rect_filled(q, 0.0, Color32::from_gray(grey));
        }
    }
    if let Some(border) = colour32(t.border) {
        let w = (r.width() / 5.0).max(1.0);
        painter.rect_stroke(r, 0.0, Stroke::new(w, border), StrokeKind::Inside);
    }
}

/// Left button paints (press to release is one undo step; a click within
/// one frame paints once), right click picks the tile's colours.
fn pointer(
    ui: &egui::Ui,
    resp: &egui::Response,
    brush: &mut ColrBrush,
    tile: Option<TilePos>,
    doc_stroking: bool,
    c: &Colouring,
    out: &mut Vec<Command>,
) {
    if resp.clicked_by(egui::PointerButton::Secondary)
        && let Some(p) = tile
    {
        brush.colours = c.tiles[p.index()];
    }
    let paint = |at: TilePos| {
        Command::Trk(TrkCommand::PaintColour {
            at,
            part: brush.part,
            colours: brush.colours,
        })
    };
    let down = ui.input(|i| i.pointer.primary_down()) && resp.is_pointer_button_down_on();
    if !down {
        if brush.stroking {
            out.push(Command::Trk(TrkCommand::EndStroke));
            brush.stroking = false;
        } else if resp.clicked_by(egui::PointerButton::Primary)
            && let Some(p) = tile
        {
            out.push(paint(p));
        }
        return;
    }
    let mut cmds = Vec::new();
    if !brush.stroking || !doc_stroking {
        brush.stroking = true;
        brush.last = None;
        cmds.push(Command::Trk(TrkCommand::BeginStroke));
    }
    if let Some(p) = tile
        && brush.last != Some(p)
    {
        // A fast drag skips tiles between frames: paint the line between.
        let from = brush.last.unwrap_or(p);
        cmds.extend(line(from, p).into_iter().map(paint));
        brush.last = Some(p);
    }
    out.extend(cmds);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transparent_has_no_colour_and_others_convert() {
        assert_eq!(colour32(TRANSPARENT), None);
        assert_eq!(colour32(0xF800), Some(Color32::from_rgb(255, 0, 0)));
    }
}
