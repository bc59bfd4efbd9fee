//! Script metadata (CGameCtnChallenge 0x03043044) as a table of names, types
//! and values; arrays and structs are followed by one row per element or
//! member. Rows are extracted once per document revision.

use crate::command::Command;
use crate::gbx::doc::{ChunkRef, GbxDoc, Space};
use std::rc::Rc;
use trackbench_core::gbx::classes::challenge;
use trackbench_core::gbx::script_metadata::{MetadataRow, script_metadata};

/// View state kept per document.
#[derive(Debug, Default)]
pub struct MetadataState {
    /// Rows of the current revision (`Some(None)`: no metadata).
    cache: Option<Option<Rc<Vec<MetadataRow>>>>,
    /// Sort column and direction (true: descending); column 0 is file order.
    pub sort: (usize, bool),
    /// Selected row (file order).
    pub selected: Option<usize>,
}

impl MetadataState {
    /// Drops the extracted rows (after an edit or a reload).
    pub fn invalidate(&mut self) {
        self.cache = None;
    }
}

fn rows(doc: &mut GbxDoc) -> Option<Rc<Vec<MetadataRow>>> {
    if doc.metadata.cache.is_none() {
        doc.metadata.cache = Some(script_metadata(doc.gbx()).map(Rc::new));
    }
    doc.metadata.cache.clone().flatten()
}

/// Whether the document holds anything for this view: a map with decoded
/// script metadata holding at least one trait.
#[must_use]
pub fn available(doc: &GbxDoc) -> bool {
    match &doc.metadata.cache {
        Some(r) => r.as_ref().is_some_and(|r| !r.is_empty()),
        None => script_metadata(doc.gbx()).is_some_and(|r| !r.is_empty()),
    }
}

/// Draws the view.
pub fn ui(ui: &mut egui::Ui, doc: &mut GbxDoc, _out: &mut Vec<Command>) {
    let Some(rows) = rows(doc) else {
        ui.label("Nothing to show.");
        return;
    };
    let traits = rows.iter().filter(|r| r.depth == 0).count();
    ui.label(format!(
        "{traits} traits ({} rows with array elements and struct members). Click a row to select its bytes.",
        rows.len()
    ));
    let mut order: Vec<usize> = (0..rows.len()).collect();
    let (col, desc) = doc.metadata.sort;
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
    let selected = doc
        .metadata
        .selected
        .and_then(|s| order.iter().position(|&i| i == s));
    let clicked = super::contents_view::sortable_table(
        ui,
        "metadata_table",
        &["#", "Name", "Type", "Value"],
        &mut doc.metadata.sort,
        order.len(),
        selected,
        |r, c, ui| {
            let row = &rows[order[r]];
            let text = match c {
                0 => order[r].to_string(),
                1 => format!("{}{}", "  ".repeat(row.depth), row.name),
                2 => row.type_name.clone(),
                _ => row.value.clone(),
            };
            super::contents_view::cell_label(ui, text)
        },
    );
    if let Some(r) = clicked {
        let i = order[r];
        doc.metadata.selected = Some(i);
        let chunk = doc.gbx().main_node().and_then(|n| {
            n.chunks
                .iter()
                .position(|c| c.id == challenge::CHUNK_SCRIPT_METADATA)
        });
        if let Some(chunk) = chunk {
            doc.select_chunk(ChunkRef::Body { node: 0, chunk });
        }
        doc.select_field(Space::Body, rows[i].range);
    }
}
