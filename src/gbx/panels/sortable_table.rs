//! A sortable table with virtual rows (the blocks, items and metadata
//! tables): header buttons choose the sort, a click on a row selects it.

use crate::widgets::view_head::{TABLE_HEADER_PX, TABLE_ROW_PX};
use egui_extras::{Column, TableBuilder};

/// Builds a table with `headers` as clickable sort buttons and `n` virtual
/// rows drawn by `cell(row, column, ui)` (which returns the cell's
/// clickable response), any number of them shown selected
/// (`is_selected(row)`); returns the clicked row. Columns fit their
/// content, the last takes the rest.
pub fn sortable_table_multi(
    ui: &mut egui::Ui,
    id: &str,
    headers: &[&str],
    sort: &mut (usize, bool),
    n: usize,
    is_selected: impl Fn(usize) -> bool,
    cell: impl FnMut(usize, usize, &mut egui::Ui) -> egui::Response,
) -> Option<usize> {
    let columns = (0..headers.len())
        .map(|i| {
            if i + 1 == headers.len() {
                Column::remainder()
            } else {
                Column::auto().at_least(36.0).clip(true)
            }
        })
        .collect();
    let spec = Spec {
        id,
        headers,
        columns,
        reset: false,
    };
    sortable_table_with(ui, spec, sort, n, is_selected, cell)
}

/// The table's id, headers and columns (one per header) for
/// [`sortable_table_with`].
pub struct Spec<'a> {
    /// The table's id (its column widths are kept under it).
    pub id: &'a str,
    /// The header buttons' titles.
    pub headers: &'a [&'a str],
    /// One column per header.
    pub columns: Vec<Column>,
    /// Lay the columns out again from `columns` (forgetting widths kept
    /// from earlier frames or dragged by the user).
    pub reset: bool,
}

/// [`sortable_table_multi`] with the caller's columns.
pub fn sortable_table_with(
    ui: &mut egui::Ui,
    spec: Spec<'_>,
    sort: &mut (usize, bool),
    n: usize,
    is_selected: impl Fn(usize) -> bool,
    mut cell: impl FnMut(usize, usize, &mut egui::Ui) -> egui::Response,
) -> Option<usize> {
    let Spec {
        id,
        headers,
        columns,
        reset,
    } = spec;
    let mut clicked = None;
    let mut builder = TableBuilder::new(ui)
        // Shrinks with the window (egui_extras keeps 200 px by default, which
        // pushed the centre past an 800×500 window under the toolbars).
        .min_scrolled_height(0.0)
        .id_salt(id)
        .striped(true)
        .resizable(true)
        .sense(egui::Sense::click())
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center));
    for column in columns {
        builder = builder.column(column);
    }
    if reset {
        builder.reset();
    }
    builder
        .header(TABLE_HEADER_PX, |mut header| {
            for (i, h) in headers.iter().enumerate() {
                header.col(|ui| {
                    let mark = match *sort {
                        (c, false) if c == i => " ^",
                        (c, true) if c == i => " v",
                        _ => "",
                    };
                    if ui.button(format!("{h}{mark}")).clicked() {
                        *sort = if sort.0 == i {
                            (i, !sort.1)
                        } else {
                            (i, false)
                        };
                    }
                });
            }
        })
        .body(|body| {
            body.rows(TABLE_ROW_PX, n, |mut row| {
                let r = row.index();
                row.set_selected(is_selected(r));
                let mut hit = false;
                for c in 0..headers.len() {
                    let (_, cell_response) = row.col(|ui| {
                        hit |= cell(r, c, ui).clicked();
                    });
                    hit |= cell_response.clicked();
                }
                if hit || row.response().clicked() {
                    clicked = Some(r);
                }
            });
        });
    clicked
}

/// A label that can be clicked (table cells select their row).
pub fn cell_label(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>) -> egui::Response {
    ui.add(
        egui::Label::new(text)
            .sense(egui::Sense::click())
            .truncate(),
    )
}
