//! One hex pane of the Diff view: the bytes of one side in one space, the
//! differences highlighted and the current one marked.

use super::diff_list::covered;
use super::hex_rows::{ascii, row_bytes, row_count, row_of};
use egui::text::LayoutJob;
use egui::{Color32, FontId, TextFormat};
use trackbench_core::bytes::ByteRange;

/// What one pane shows.
pub struct Pane<'a> {
    /// Scroll-area id (one per side).
    pub id: &'a str,
    /// The bytes.
    pub data: &'a [u8],
    /// Highlighted ranges, merged (`diff_list::merged_ranges`).
    pub marked: &'a [ByteRange],
    /// The current difference's range.
    pub current: Option<ByteRange>,
}

/// Draws `pane`, scrolled to `scroll_to` when given.
pub fn ui(ui: &mut egui::Ui, pane: &Pane<'_>, scroll_to: Option<u64>) {
    let font = FontId::monospace(12.0);
    let (row_height, char_px) = ui.fonts_mut(|f| (f.row_height(&font), f.glyph_width(&font, '0')));
    // 16, 8 or 4 bytes a row, as the pane's width allows (never wrapped).
    let width_px = ui.available_width() - ui.spacing().scroll.bar_width - 4.0;
    let per_row = crate::widgets::responsive::hex_bytes_per_row(width_px, char_px);
    let mut area = egui::ScrollArea::both()
        .auto_shrink([false, false])
        .id_salt(pane.id);
    if let Some(offset) = scroll_to {
        let spacing = ui.spacing().item_spacing.y;
        let row = row_of(offset, per_row).saturating_sub(3);
        area = area.vertical_scroll_offset(row as f32 * (row_height + spacing));
    }
    let dark = ui.visuals().dark_mode;
    let colors = [
        ui.visuals().text_color(),
        ui.visuals().weak_text_color(),
        if dark {
            Color32::from_rgb(110, 40, 40)
        } else {
            Color32::from_rgb(255, 205, 205)
        },
        if dark {
            Color32::from_rgb(150, 100, 20)
        } else {
            Color32::from_rgb(255, 200, 110)
        },
    ];
    area.show_rows(
        ui,
        row_height,
        row_count(pane.data.len(), per_row),
        |ui, rows| {
            for row in rows {
                let job = row_job(pane, (row, per_row), &font, colors);
                ui.add(egui::Label::new(job).wrap_mode(egui::TextWrapMode::Extend));
            }
        },
    );
}

/// One row (`row`, at `per_row` bytes a row): offset, bytes, ASCII;
/// differing bytes red, the current difference orange.
fn row_job(
    pane: &Pane<'_>,
    (row, per_row): (usize, usize),
    font: &FontId,
    [text, weak, diff_bg, cur_bg]: [Color32; 4],
) -> LayoutJob {
    let mut job = LayoutJob::default();
    let base = (row * per_row) as u64;
    let fmt = |color, background| TextFormat {
        font_id: font.clone(),
        color,
        background,
        ..Default::default()
    };
    job.append(
        &format!("{base:08x}  "),
        0.0,
        fmt(weak, Color32::TRANSPARENT),
    );
    let bytes = row_bytes(pane.data, row, per_row);
    let bg = |i: usize| {
        let off = base + i as u64;
        if pane.current.is_some_and(|r| r.contains(off)) {
            cur_bg
        } else if covered(pane.marked, off) {
            diff_bg
        } else {
            Color32::TRANSPARENT
        }
    };
    for i in 0..per_row {
        let (s, b) = match bytes.get(i) {
            Some(b) => (format!("{b:02x}"), bg(i)),
            None => ("  ".to_owned(), Color32::TRANSPARENT),
        };
        job.append(&s, 0.0, fmt(text, b));
        job.append(
            if i == 7 { "  " } else { " " },
            0.0,
            fmt(text, Color32::TRANSPARENT),
        );
    }
    for (i, b) in bytes.iter().enumerate() {
        job.append(&ascii(*b).to_string(), 0.0, fmt(weak, bg(i)));
    }
    job
}
