//! Virtualized hex view of the file or the decompressed body, with the
//! selected chunk and field highlighted and a go-to-offset box. A row holds
//! 16, 8 or 4 bytes, as many as the view's width takes; rows never wrap
//! (the view scrolls sideways below 4). In overwrite mode (`hex_edit`) a
//! click puts the cursor on a byte and typed hex digits replace it.

use super::hex_edit;
use super::hex_rows::{ascii, parse_offset, row_bytes, row_count, row_of};
use crate::command::Command;
use crate::gbx::doc::{GbxDoc, Space};
use crate::gbx::view::HexState;
use egui::text::LayoutJob;
use egui::{Color32, FontId, TextFormat};
use trackbench_core::bytes::ByteRange;

/// Draws the hex view of `doc` with the view state `hex`.
pub fn ui(ui: &mut egui::Ui, doc: &GbxDoc, hex: &mut HexState, out: &mut Vec<Command>) {
    toolbar(ui, doc, hex, out);
    ui.separator();
    let space = hex.space;
    let scroll_to = hex.scroll_to.take();
    let font = FontId::monospace(13.0);
    let (row_height, char_px) = ui.fonts_mut(|f| (f.row_height(&font), f.glyph_width(&font, '0')));
    // The vertical scroll bar takes what it allocates (little when it
    // floats over the rows) from the rows' room.
    let width_px = ui.available_width() - ui.spacing().scroll.allocated_width() - 2.0;
    let per_row = crate::widgets::responsive::hex_bytes_per_row(width_px, char_px);
    let data = doc.bytes(space);
    let rows = row_count(data.len(), per_row);
    let (chunk, field) = doc.highlights(space);
    let mut area = egui::ScrollArea::both()
        .auto_shrink([false, false])
        .id_salt(space.name());
    if let Some(offset) = scroll_to {
        let spacing = ui.spacing().item_spacing.y;
        let row = row_of(offset, per_row).saturating_sub(3);
        area = area.vertical_scroll_offset(row as f32 * (row_height + spacing));
    }
    wheel_notches(ui, hex);
    let colors = Colors::new(ui);
    let cursor = hex.cursor.filter(|_| hex.overwrite);
    let marks = Marks {
        chunk,
        field,
        cursor,
    };
    let shown = area.show_rows(ui, row_height, rows, |ui, range| {
        for row in range {
            let at = RowAt { row, per_row };
            let job = row_job(data, at, marks, &font, &colors);
            let mut label = egui::Label::new(job).wrap_mode(egui::TextWrapMode::Extend);
            if hex.overwrite {
                label = label.sense(egui::Sense::click());
            }
            let resp = ui.add(label);
            if resp.clicked()
                && let Some(pos) = resp.interact_pointer_pos()
            {
                hex_edit::click(hex, row, per_row, pos.x - resp.rect.left(), char_px);
            }
        }
    });
    // A click elsewhere takes the keyboard from the rows.
    let pressed_elsewhere = ui.input(|i| {
        i.pointer.any_pressed()
            && i.pointer
                .press_origin()
                .is_some_and(|p| !shown.inner_rect.contains(p))
    });
    if pressed_elsewhere {
        hex.has_keys = false;
    }
    hex_edit::keys(ui, hex, per_row, data.len(), out);
}

/// A mouse wheel's notch over the rows scrolls a third of their height
/// (egui's 40 points a notch moved about 2 rows; issue 31). Touchpads,
/// which report points, scroll as they move. Scales the wheel's smoothed
/// delta before the scroll area takes it.
fn wheel_notches(ui: &egui::Ui, hex: &mut HexState) {
    let rows = ui.available_rect_before_wrap();
    if !ui.rect_contains_pointer(rows) {
        return;
    }
    ui.input(|i| {
        for e in &i.events {
            if let egui::Event::MouseWheel { unit, .. } = e {
                hex.wheel_in_notches = *unit == egui::MouseWheelUnit::Line;
            }
        }
    });
    if hex.wheel_in_notches {
        let notch = ui.ctx().options(|o| o.input_options.line_scroll_speed);
        let k = (rows.height() / 3.0 / notch.max(1.0)).max(1.0);
        ui.ctx().input_mut(|i| i.smooth_scroll_delta.y *= k);
    }
}

/// What a row highlights: the selected chunk and field, and the
/// overwrite cursor.
#[derive(Clone, Copy)]
struct Marks {
    chunk: Option<ByteRange>,
    field: Option<ByteRange>,
    cursor: Option<u64>,
}

/// The space switch, "Go to" and the length; wraps onto a second line in a
/// narrow centre instead of running under the side panel.
fn toolbar(ui: &mut egui::Ui, doc: &GbxDoc, hex: &mut HexState, out: &mut Vec<Command>) {
    crate::widgets::toolbar::row(ui, |ui| {
        ui.selectable_value(&mut hex.space, Space::File, "File bytes");
        let body_len = doc.gbx().body.len();
        ui.add_enabled_ui(body_len > 0, |ui| {
            ui.selectable_value(&mut hex.space, Space::Body, "Decompressed body");
        });
        ui.separator();
        // The caption, its box and "Go" wrap together.
        let go = crate::widgets::toolbar::group(ui, |ui| {
            ui.label("Go to:");
            let edit = ui.add(
                egui::TextEdit::singleline(&mut hex.goto_text)
                    .desired_width(90.0)
                    .hint_text("0x1a4"),
            );
            let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            ui.button("Go").clicked() || enter
        });
        if go && let Some(offset) = parse_offset(&hex.goto_text) {
            out.push(Command::Gbx(crate::command::GbxCommand::GotoOffset(
                hex.space, offset,
            )));
        }
        let len = doc.bytes(hex.space).len();
        ui.label(format!("{len} bytes ({})", hex.space.name()));
        ui.separator();
        hex_edit::toolbar(ui, doc, hex, out);
    });
}

struct Colors {
    text: Color32,
    offset: Color32,
    chunk_bg: Color32,
    field_bg: Color32,
    cursor_bg: Color32,
}

impl Colors {
    fn new(ui: &egui::Ui) -> Self {
        let v = ui.visuals();
        let dark = v.dark_mode;
        Self {
            text: v.text_color(),
            offset: v.weak_text_color(),
            chunk_bg: if dark {
                Color32::from_rgb(40, 60, 90)
            } else {
                Color32::from_rgb(210, 225, 250)
            },
            field_bg: if dark {
                Color32::from_rgb(140, 90, 20)
            } else {
                Color32::from_rgb(255, 200, 110)
            },
            cursor_bg: if dark {
                Color32::from_rgb(30, 140, 90)
            } else {
                Color32::from_rgb(120, 220, 160)
            },
        }
    }
}

/// Which row, of how many bytes.
#[derive(Clone, Copy)]
struct RowAt {
    row: usize,
    per_row: usize,
}

/// One row as a layout job: offset, `per_row` hex bytes, ASCII; highlighted
/// bytes get a background.
fn row_job(
    data: &[u8],
    RowAt { row, per_row }: RowAt,
    Marks {
        chunk,
        field,
        cursor,
    }: Marks,
    font: &FontId,
    c: &Colors,
) -> LayoutJob {
    let mut job = LayoutJob::default();
    let base = (row * per_row) as u64;
    let fmt = |color, bg| TextFormat {
        font_id: font.clone(),
        color,
        background: bg,
        ..Default::default()
    };
    job.append(
        &format!("{base:08x}  "),
        0.0,
        fmt(c.offset, Color32::TRANSPARENT),
    );
    let bytes = row_bytes(data, row, per_row);
    let bg_of = |i: usize| {
        let off = base + i as u64;
        if cursor == Some(off) {
            c.cursor_bg
        } else if field.is_some_and(|r| r.contains(off)) {
            c.field_bg
        } else if chunk.is_some_and(|r| r.contains(off)) {
            c.chunk_bg
        } else {
            Color32::TRANSPARENT
        }
    };
    for i in 0..per_row {
        let text = bytes
            .get(i)
            .map_or_else(|| "  ".to_string(), |b| format!("{b:02x}"));
        let sep = if i % 8 == 7 { "  " } else { " " };
        job.append(
            &text,
            0.0,
            fmt(
                c.text,
                if i < bytes.len() {
                    bg_of(i)
                } else {
                    Color32::TRANSPARENT
                },
            ),
        );
        job.append(sep, 0.0, fmt(c.text, Color32::TRANSPARENT));
    }
    job.append(" ", 0.0, fmt(c.text, Color32::TRANSPARENT));
    for (i, b) in bytes.iter().enumerate() {
        job.append(&ascii(*b).to_string(), 0.0, fmt(c.offset, bg_of(i)));
    }
    job
}
