//! The library table: one virtual row per file (only the rows on screen are
//! laid out), a click on a column title sorts on it (again: the other
//! way), a click selects (Ctrl+click adds or removes, Shift+click selects a
//! range), a double click opens the file in a tab. The lightmap, items and
//! pak-files columns are read lazily for the rows on screen
//! (`view.details`), so they do not sort.

use super::cells::{class_word, collection_text, date_text, details_text, size_text, time_text};
use crate::command::Command;
use crate::library::doc::LibraryDoc;
use crate::library::view::{Click, LibraryView};
use crate::widgets::text_size::text_px;
use crate::widgets::tm_text;
use egui::Ui;
use egui_extras::{Column, TableBuilder};
use trackbench_core::library::{Row, SortKey};

/// The columns: title, sort key (`None`: read lazily, not sortable),
/// initial width (the least for Name and File, which share the spare
/// width of a wide window; every column at least its title's width).
pub const COLUMNS: [(&str, Option<SortKey>, f32); 16] = [
    ("Name", Some(SortKey::Name), 220.0),
    ("File", Some(SortKey::FileName), 180.0),
    ("Class", Some(SortKey::Class), 80.0),
    ("Author", Some(SortKey::Author), 120.0),
    ("Environment", Some(SortKey::Collection), 100.0),
    ("Author time", Some(SortKey::Medal(3)), 80.0),
    ("Gold", Some(SortKey::Medal(2)), 80.0),
    ("Type", Some(SortKey::MapType), 120.0),
    ("Size", Some(SortKey::Size), 70.0),
    ("Modified", Some(SortKey::Modified), 120.0),
    ("Lightmap", None, 60.0),
    ("Items", None, 50.0),
    ("Horizon", Some(SortKey::Horizon), 70.0),
    ("Elements", Some(SortKey::Elements), 70.0),
    ("Validation", Some(SortKey::Validation), 80.0),
    ("Pak files", None, 60.0),
];

/// The gold column: a time, or a respawn count on Platform maps.
fn gold_text(r: &trackbench_core::library::row::Row) -> String {
    match r.medal_times_ms[2] {
        Some(n) if r.medals_are_respawns && n != u32::MAX => {
            trackbench_core::gbx::access::map_info::respawns_text(n)
        }
        v => time_text(v),
    }
}

/// The text columns: they share the width the others leave.
const TEXT_COLUMNS: [&str; 2] = ["Name", "File"];

/// The width a column's title needs whole (points): a sortable title is a
/// button with room for the sort arrow beside it, a lazily read one a
/// strong label.
#[must_use]
pub fn header_px(ui: &Ui, title: &str, sortable: bool) -> f32 {
    let width = |text: &str| text_px(ui, text, egui::TextStyle::Button);
    let spacing = ui.spacing();
    if sortable {
        width(title) + 2.0 * spacing.button_padding.x + spacing.item_spacing.x + width("v")
    } else {
        width(title)
    }
}

/// Tooltip of the lazily read columns' titles.
const LAZY_NOTE: &str = "Read from the file's body for the rows on screen only \
(a full parse per map), so this column does not sort.";

/// Draws the table.
pub fn ui(ui: &mut Ui, doc: &LibraryDoc, view: &mut LibraryView, out: &mut Vec<Command>) {
    view.details.begin_frame();
    let visible = view.visible(doc).to_vec();
    // Cells are not text selections: a click (or double click) on the text
    // goes to the row.
    ui.style_mut().interaction.selectable_labels = false;
    let row_height = ui.spacing().interact_size.y;
    let ctx = ui.ctx().clone();
    let mut clicked = None;
    let mut sort = None;
    // Narrow windows scroll sideways rather than squeeze the columns. The
    // bars are solid: they take their own room under (beside) the rows
    // instead of floating over the last one (issue 44).
    ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
    egui::ScrollArea::horizontal().show(ui, |ui| {
        let least: Vec<f32> = COLUMNS
            .iter()
            .map(|(title, key, _)| header_px(ui, title, key.is_some()).max(40.0))
            .collect();
        // The widths follow the window: egui_extras keeps a resizable
        // column's width once laid out, so a new width lays them out again
        // (a column dragged by the user keeps its width until then).
        let width = ui.available_width();
        let resized = view.table_width.is_some_and(|w| (w - width).abs() > 0.5);
        view.table_width = Some(width);
        let mut builder = TableBuilder::new(ui)
            .id_salt("library_rows")
            .striped(true)
            .resizable(true)
            .sense(egui::Sense::click())
            .cell_layout(egui::Layout::left_to_right(egui::Align::Center));
        for ((title, _, width), least) in COLUMNS.into_iter().zip(least) {
            builder = builder.column(if TEXT_COLUMNS.contains(&title) {
                Column::remainder().at_least(width.max(least)).clip(true)
            } else {
                Column::initial(width.max(least)).at_least(least).clip(true)
            });
        }
        if resized {
            builder.reset();
        }
        builder
            .column(Column::initial(60.0).at_least(60.0))
            .header(row_height, |mut header| {
                for (title, key, _) in COLUMNS {
                    header.col(|ui| match key {
                        Some(key) => {
                            let arrow = match (view.sort == key, view.ascending) {
                                (false, _) => None,
                                (true, true) => Some(("^", "ascending")),
                                (true, false) => Some(("v", "descending")),
                            };
                            // The arrow first, from the right: a narrow
                            // column cuts the title ("Environm…"), never it.
                            let rtl = egui::Layout::right_to_left(egui::Align::Center);
                            ui.with_layout(rtl, |ui| {
                                if let Some((glyph, way)) = arrow {
                                    ui.strong(glyph).on_hover_text(format!("sorted {way}"));
                                }
                                let title_button = egui::Button::new(title).truncate();
                                if ui
                                    .add(title_button)
                                    .on_hover_text(format!("Sort by {title}"))
                                    .clicked()
                                {
                                    sort = Some(key);
                                }
                            });
                        }
                        None => {
                            ui.strong(title).on_hover_text(LAZY_NOTE);
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
                    row.set_selected(view.picked.contains(&r.path));
                    cells(&mut row, r, view, &ctx);
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
        let click = ui.input(|i| Click::from_modifiers(i.modifiers.command, i.modifiers.shift));
        let shown: Vec<&std::path::PathBuf> = visible.iter().map(|&i| &doc.rows[i].path).collect();
        view.click(path.clone(), click, &shown);
        if double {
            out.push(Command::Open(path));
        }
    }
}

/// The cells of one row, in [`COLUMNS`] order, then the status.
fn cells(
    row: &mut egui_extras::TableRow<'_, '_>,
    r: &Row,
    view: &mut LibraryView,
    ctx: &egui::Context,
) {
    row.col(|ui| {
        match &r.name {
            Some(name) => tm_text::label(ui, name),
            None => ui.label(&r.name_plain),
        };
    });
    row.col(|ui| {
        ui.label(r.file_name());
    });
    row.col(|ui| {
        ui.label(class_word(&r.class));
    });
    row.col(|ui| {
        tm_text::label(ui, r.author.as_deref().unwrap_or(""));
    });
    let [lightmap, items, pak_files] = details_text(view.details.get(r, ctx));
    let num = |v: Option<u32>| v.map(|n| n.to_string()).unwrap_or_default();
    for text in [
        collection_text(r).to_owned(),
        time_text(r.medal_times_ms[3].or(r.replay_time_ms)),
        gold_text(r),
        r.map_type.clone().unwrap_or_default(),
        size_text(r.size_bytes),
        date_text(r.modified_unix_s),
        lightmap,
        items,
        r.horizon.clone().unwrap_or_default(),
        num(r.elements),
        r.validation.clone().unwrap_or_default(),
        pak_files,
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
}
