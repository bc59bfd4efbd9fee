//! Script metadata (CGameCtnChallenge 0x03043044) as a table of names, types
//! and values; arrays and structs are followed by one row per element or
//! member. Rows are extracted once per document revision. The form above
//! the table (`metadata_form`) edits the selected trait and adds new ones.

use super::sortable_table::{Spec, cell_label, sortable_table_with};
use crate::command::{Command, GbxCommand};
use crate::gbx::doc::{ChunkRef, GbxDoc, Space};
use crate::gbx::view::MetadataState;
use crate::widgets::text_size::text_px;
use egui_extras::Column;
use std::rc::Rc;
use trackbench_core::gbx::access::script_metadata::{MetadataRow, script_metadata};
use trackbench_core::gbx::classes::challenge;

/// The rows of the current revision, extracted on first use.
fn rows(doc: &GbxDoc, state: &mut MetadataState) -> Option<Rc<Vec<MetadataRow>>> {
    if state.cache.is_none() {
        state.cache = Some(script_metadata(doc.gbx()).map(Rc::new));
    }
    state.cache.clone().flatten()
}

/// Whether the document holds anything for this view: a map with decoded
/// script metadata (traits can be added to an empty one).
#[must_use]
pub fn available(doc: &GbxDoc, state: &MetadataState) -> bool {
    match &state.cache {
        Some(r) => r.is_some(),
        None => script_metadata(doc.gbx()).is_some(),
    }
}

/// The Name column's width (points): its widest name (indented by depth)
/// whole, at most half the width available, at least its header's.
fn name_column_px(ui: &egui::Ui, rows: &[MetadataRow]) -> f32 {
    let text_px = |text: &str| text_px(ui, text, egui::TextStyle::Body);
    let widest = rows.iter().map(|r| text_px(&name_text(r))).fold(
        text_px("Name ^") + 2.0 * ui.spacing().button_padding.x,
        f32::max,
    );
    // A little slack: the cell's label must not be cut by rounding.
    (widest.ceil() + 4.0).min((ui.available_width() * 0.5).max(36.0))
}

/// A row's name as the Name column shows it, indented by its depth.
fn name_text(row: &MetadataRow) -> String {
    format!("{}{}", "  ".repeat(row.depth), row.name)
}

/// Draws the view; a click on a row selects its chunk and bytes.
pub fn ui(ui: &mut egui::Ui, doc: &GbxDoc, state: &mut MetadataState, out: &mut Vec<Command>) {
    let Some(rows) = rows(doc, state) else {
        ui.label("Nothing to show.");
        return;
    };
    let traits = rows.iter().filter(|r| r.depth == 0).count();
    ui.label(format!(
        "{traits} traits ({} rows with array elements and struct members). Click a row to select its bytes and edit it.",
        rows.len()
    ));
    let selected_row = state.selected.and_then(|i| rows.get(i));
    super::metadata_form::form(ui, doc, selected_row, state, out);
    ui.separator();
    let mut order: Vec<usize> = (0..rows.len()).collect();
    let (col, desc) = state.sort;
    if col > 0 {
        order.sort_by(|&a, &b| {
            let (x, y) = (&rows[a], &rows[b]);
            let o = match col {
                1 => x.name.cmp(&y.name),
                2 => x.type_name.cmp(&y.type_name),
                _ => x.value.cmp(&y.value),
            };
            if desc { o.reverse() } else { o }
        });
    } else if desc {
        order.reverse();
    }
    let selected = state
        .selected
        .and_then(|s| order.iter().position(|&i| i == s));
    let name_px = name_column_px(ui, &rows);
    let reset = state.name_px.is_some_and(|w| (w - name_px).abs() > 0.5);
    state.name_px = Some(name_px);
    let spec = Spec {
        id: "metadata_table",
        headers: &["#", "Name", "Type", "Value"],
        columns: vec![
            Column::auto().at_least(36.0).clip(true),
            Column::initial(name_px).at_least(36.0).clip(true),
            Column::auto().at_least(36.0).clip(true),
            Column::remainder(),
        ],
        reset,
    };
    let clicked = sortable_table_with(
        ui,
        spec,
        &mut state.sort,
        order.len(),
        |r| selected == Some(r),
        |r, c, ui| {
            let row = &rows[order[r]];
            let text = match c {
                0 => order[r].to_string(),
                1 => name_text(row),
                2 => row.type_name.clone(),
                _ => row.value.clone(),
            };
            cell_label(ui, text)
        },
    );
    if let Some(r) = clicked {
        let i = order[r];
        state.selected = Some(i);
        let chunk = doc.gbx().main_node().and_then(|n| {
            n.chunks
                .iter()
                .position(|c| c.id == challenge::CHUNK_SCRIPT_METADATA)
        });
        if let Some(chunk) = chunk {
            out.push(Command::Gbx(GbxCommand::SelectChunk(ChunkRef::Body {
                node: 0,
                chunk,
            })));
        }
        out.push(Command::Gbx(GbxCommand::SelectField(
            Space::Body,
            rows[i].range,
        )));
    }
}
