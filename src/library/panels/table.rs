//! The library table: one virtual row per file (only the rows on screen are
//! laid out), a click on a column title sorts on it (again: the other
//! way), a click selects, a double click opens the file in a tab.

use super::cells::{class_word, collection_text, date_text, size_text, time_text};
use crate::command::Command;
use crate::library::doc::LibraryDoc;
use crate::library::view::LibraryView;
use crate::widgets::tm_text;
use egui::Ui;
use egui_extras::{Column, TableBuilder};
use trackbench_core::library::SortKey;

/// The columns: title, sort key, initial width.
pub const COLUMNS: [(&str, SortKey, f32); 10] = [
    ("Name", SortKey::Name, 220.0),
    ("File", SortKey::FileName, 180.0),
    ("Class", SortKey::Class, 80.0),
    ("Author", SortKey::Author, 120.0),
    ("Environment", SortKey::Collection, 100.0),
    ("Author time", SortKey::Medal(3), 80.0),
    ("Gold", SortKey::Medal(2), 80.0),
    ("Type", SortKey::MapType, 120.0),
    ("Size", SortKey::Size, 70.0),
    ("Modified", SortKey::Modified, 120.0),
];

/// The gold column: a time, or a respawn count on Platform maps.
fn gold_text(r: &trackbench_core::library::row::Row) -> String {
    match r.medal_times_ms[2] {
        Some(n) if r.medals_are_respawns && n != u32::MAX => {
            trackbench_core::gbx::map_info::respawns_text(n)
        }
        v => time_text(v),
    }
}

/// Draws the table.
pub fn ui(ui: &mut Ui, doc: &LibraryDoc, view: &mut LibraryView, out: &mut Vec<Command>) {
    let visible = view.visible(doc).to_vec();
    // Cells are not text selections: a click (or double click) on the text
    // goes to the row.
    ui.style_mut().interaction.selectable_labels = false;
    let row_height = ui.spacing().interact_size.y;
    let mut clicked = None;
    let mut sort = None;
    // Narrow windows scroll sideways rather than squeeze the columns.
    egui::ScrollArea::horizontal().show(ui, |ui| {
        let mut builder = TableBuilder::new(ui)
            .id_salt("library_rows")
            .striped(true)
            .resizable(true)
            .sense(egui::Sense::click())
            .cell_layout(egui::Layout::left_to_right(egui::Align::Center));
        for (_, _, width) in COLUMNS {
            builder = builder.column(Column::initial(width).at_least(40.0).clip(true));
        }
        builder
            .column(Column::remainder().at_least(60.0))
            .header(row_height, |mut header| {
                for (title, key, _) in COLUMNS {
                    header.col(|ui| {
                        let arrow = match (view.sort == key, view.ascending) {
                            (false, _) => "",
                            (true, true) => " ^",
                            (true, false) => " v",
                        };
                        if ui.button(format!("{title}{arrow}")).clicked() {
                            sort = Some(key);
                        }
                    });
                }
                header.col(|ui| {
                    ui.strong("Status");
                });
            })
            .body(|body| {
                body.rows(row_height, visible.len(), |mut row| {
                    let r = &doc.rows[visible[row.index()]];
                    row.set_selected(view.selected.as_ref() == Some(&r.path));
                    row.col(|ui| {
                        match &r.name {
                            Some(name) => tm_text::label(ui, name),
                            None => ui.label(&r.name_plain),
                        };
                    });
                    let file = r.file_name();
                    let cells = [
                        file.as_str(),
                        class_word(&r.class),
                        r.author.as_deref().unwrap_or(""),
                        collection_text(r),
                    ];
                    for (i, text) in cells.into_iter().enumerate() {
                        row.col(|ui| {
                            if i == 2 {
                                tm_text::label(ui, text);
                            } else {
                                ui.label(text);
                            }
                        });
                    }
                    for text in [
                        time_text(r.medal_times_ms[3].or(r.replay_time_ms)),
                        gold_text(r),
                        r.map_type.clone().unwrap_or_default(),
                        size_text(r.size_bytes),
                        date_text(r.modified_unix_s),
                    ] {
                        row.col(|ui| {
                            ui.label(text);
                        });
                    }
                    row.col(|ui| match &r.error {
                        Some(e) => {
                            ui.colored_label(ui.visuals().error_fg_color, e);
                        }
                        None => {
                            ui.label("ok");
                        }
                    });
                    let resp = row.response();
                    if resp.clicked() || resp.double_clicked() {
                        clicked = Some((r.path.clone(), resp.double_clicked()));
                    }
                });
            });
    });
    if let Some(key) = sort {
        view.sort_by(key);
    }
    if let Some((path, double)) = clicked {
        view.selected = Some(path.clone());
        if double {
            out.push(Command::Open(path));
        }
    }
}
