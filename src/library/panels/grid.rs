//! The library as a grid of cards: picture (map thumbnail or Stunts
//! mini-map, decoded lazily for the cards on screen), styled name and
//! author. Only the rows of cards on screen are laid out. A click selects
//! (Ctrl+click adds or removes, Shift+click selects a range), a double
//! click opens the file in a tab.

use super::cells::{class_word, time_text};
use crate::command::Command;
use crate::library::doc::LibraryDoc;
use crate::library::thumbs::Thumb;
use crate::library::view::{Click, LibraryView};
use crate::widgets::tm_text;
use egui::{Sense, Ui, vec2};

/// Card width in points (the picture is square above the text).
pub const CARD_W: f32 = 176.0;
/// Card height in points.
pub const CARD_H: f32 = 236.0;

/// Draws the grid.
pub fn ui(ui: &mut Ui, doc: &LibraryDoc, view: &mut LibraryView, out: &mut Vec<Command>) {
    view.thumbs.begin_frame(ui.ctx());
    // The card takes the clicks, not the text on it.
    ui.style_mut().interaction.selectable_labels = false;
    let visible = view.visible(doc).to_vec();
    let spacing = ui.spacing().item_spacing;
    let per_row =
        (((ui.available_width() + spacing.x) / (CARD_W + spacing.x)).floor() as usize).max(1);
    let rows = visible.len().div_ceil(per_row);
    let mut clicked = None;
    egui::ScrollArea::vertical()
        .auto_shrink(false)
        .show_rows(ui, CARD_H, rows, |ui, range| {
            for line in range {
                ui.horizontal(|ui| {
                    let start = line * per_row;
                    for &i in visible.iter().skip(start).take(per_row) {
                        let row = &doc.rows[i];
                        let resp = card(ui, doc, view, i);
                        if resp.clicked() || resp.double_clicked() {
                            clicked = Some((row.path.clone(), resp.double_clicked()));
                        }
                    }
                });
            }
        });
    if let Some((path, double)) = clicked {
        let click = ui.input(|i| Click::from_modifiers(i.modifiers.command, i.modifiers.shift));
        let shown: Vec<&std::path::PathBuf> = visible.iter().map(|&i| &doc.rows[i].path).collect();
        view.click(path.clone(), click, &shown);
        if double {
            out.push(Command::Open(path));
        }
    }
}

fn card(ui: &mut Ui, doc: &LibraryDoc, view: &mut LibraryView, index: usize) -> egui::Response {
    let row = &doc.rows[index];
    let selected = view.picked.contains(&row.path);
    let (rect, resp) = ui.allocate_exact_size(vec2(CARD_W, CARD_H), Sense::click());
    if !ui.is_rect_visible(rect) {
        return resp;
    }
    let visuals = ui.visuals();
    let fill = if selected {
        visuals.selection.bg_fill
    } else if resp.hovered() {
        visuals.widgets.hovered.weak_bg_fill
    } else {
        visuals.faint_bg_color
    };
    ui.painter().rect_filled(rect, 4.0, fill);
    let pic =
        egui::Rect::from_min_size(rect.min + vec2(4.0, 4.0), vec2(CARD_W - 8.0, CARD_W - 8.0));
    let ctx = ui.ctx().clone();
    match view.thumbs.get(row, &ctx) {
        Thumb::Ready(tex) => {
            let size = tex.size_vec2();
            let scale = (pic.width() / size.x).min(pic.height() / size.y);
            let shown = egui::Rect::from_center_size(pic.center(), size * scale);
            egui::Image::from_texture((tex.id(), size)).paint_at(ui, shown);
        }
        Thumb::Loading => {
            ui.put(
                egui::Rect::from_center_size(pic.center(), vec2(24.0, 24.0)),
                egui::Spinner::new(),
            );
        }
        Thumb::None => {
            ui.painter()
                .rect_filled(pic, 2.0, ui.visuals().extreme_bg_color);
            let word = if row.error.is_some() {
                "unreadable"
            } else {
                class_word(&row.class)
            };
            ui.painter().text(
                pic.center(),
                egui::Align2::CENTER_CENTER,
                word,
                egui::TextStyle::Body.resolve(ui.style()),
                ui.visuals().weak_text_color(),
            );
        }
    }
    let text = egui::Rect::from_min_max(
        egui::pos2(rect.min.x + 4.0, pic.max.y + 2.0),
        rect.max - vec2(4.0, 2.0),
    );
    let mut child = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(text)
            .layout(egui::Layout::top_down(egui::Align::Min)),
    );
    child.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
    // Styled text is a layout job, which keeps its own wrapping: cut it at
    // the card's width.
    let width = text.width();
    let one_line = |ui: &mut Ui, raw: &str| {
        let mut job = tm_text::job(ui, raw);
        job.wrap = egui::text::TextWrapping::truncate_at_width(width);
        ui.label(job);
    };
    match &row.name {
        Some(name) => one_line(&mut child, name),
        None => one_line(&mut child, &row.name_plain),
    }
    let author = row.author.as_deref().unwrap_or("");
    let time = time_text(row.medal_times_ms[3].or(row.replay_time_ms));
    one_line(
        &mut child,
        &if time.is_empty() {
            author.to_owned()
        } else {
            format!("{author}$z  {time}")
        },
    );
    resp.on_hover_text(row.path.display().to_string())
}
