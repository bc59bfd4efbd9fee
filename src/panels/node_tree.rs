//! The node tree: header chunks, then nodes → chunks, with nested nodes under
//! the chunk whose noderef read them. Clicking a chunk selects it.

use crate::command::Command;
use crate::document::{ChunkRef, Document};
use egui::{Color32, RichText};
use trackbench_core::gbx::{Chunk, ChunkStatus, NodeEnd, class_label};

/// Deepest nesting drawn (deeper nodes are listed flat under a note).
const MAX_DRAW_DEPTH: usize = 24;

/// Text of a chunk's row: id and name (what tests and users search for).
#[must_use]
pub fn chunk_label(c: &Chunk) -> String {
    match c.name {
        Some(name) => format!("{:#010x} {name}", c.id),
        None => format!("{:#010x}", c.id),
    }
}

/// Colour and word for a chunk status.
#[must_use]
pub fn status_badge(s: ChunkStatus) -> (Color32, &'static str) {
    match s {
        ChunkStatus::Decoded => (Color32::from_rgb(80, 170, 80), "decoded"),
        ChunkStatus::Raw => (Color32::from_rgb(200, 160, 40), "raw"),
        ChunkStatus::Unknown => (Color32::from_rgb(210, 70, 60), "unknown"),
    }
}

/// Draws the tree.
pub fn ui(ui: &mut egui::Ui, doc: &Document, out: &mut Vec<Command>) {
    egui::ScrollArea::both()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let h = &doc.gbx().header;
            egui::CollapsingHeader::new(format!("Header ({} chunks)", h.chunks.len()))
                .default_open(true)
                .show(ui, |ui| {
                    for (i, c) in h.chunks.iter().enumerate() {
                        chunk_row(ui, doc, ChunkRef::Header(i), c, out);
                    }
                });
            if let Some(t) = &doc.gbx().ref_table {
                ui.label(format!(
                    "Reference table: {} external nodes",
                    t.num_external_nodes
                ))
                .on_hover_text(
                    t.external_nodes
                        .iter()
                        .map(|n| n.file_name.clone().unwrap_or_default())
                        .collect::<Vec<_>>()
                        .join("\n"),
                );
            }
            for (i, n) in doc.gbx().nodes.iter().enumerate() {
                if n.parent.is_none() {
                    node(ui, doc, i, 0, out);
                }
            }
        });
}

fn node(ui: &mut egui::Ui, doc: &Document, i: usize, depth: usize, out: &mut Vec<Command>) {
    let n = &doc.gbx().nodes[i];
    let mut title = format!("node #{i} {}", class_label(n.class_id));
    if let NodeEnd::Stopped { at, .. } = &n.end {
        title.push_str(&format!("  (stopped at body {at:#x})"));
    }
    egui::CollapsingHeader::new(title)
        .id_salt(("node", i))
        .default_open(depth == 0)
        .show(ui, |ui| {
            if let NodeEnd::Stopped { reason, .. } = &n.end {
                ui.colored_label(Color32::from_rgb(210, 70, 60), reason);
            }
            for (ci, c) in n.chunks.iter().enumerate() {
                chunk_row(ui, doc, ChunkRef::Body { node: i, chunk: ci }, c, out);
                let Some(kids) = doc.children.get(&(i, ci)) else {
                    continue;
                };
                if depth >= MAX_DRAW_DEPTH {
                    ui.label(format!("… {} nested nodes", kids.len()));
                    continue;
                }
                ui.indent(("kids", i, ci), |ui| {
                    for &k in kids {
                        node(ui, doc, k, depth + 1, out);
                    }
                });
            }
        });
}

fn chunk_row(ui: &mut egui::Ui, doc: &Document, r: ChunkRef, c: &Chunk, out: &mut Vec<Command>) {
    ui.horizontal(|ui| {
        let selected = doc.selected == Some(r);
        let resp = ui.selectable_label(selected, RichText::new(chunk_label(c)).monospace());
        if resp.clicked() {
            out.push(Command::SelectChunk(r));
        }
        let (color, word) = status_badge(c.status);
        ui.colored_label(color, word);
        let mut info = format!("@{:#x} {} B", c.range.start, c.range.len());
        if c.skippable && matches!(r, ChunkRef::Body { .. }) {
            info.push_str(" skippable");
        }
        if c.heavy {
            info.push_str(" heavy");
        }
        let l = ui.weak(info);
        if let Some(note) = &c.note {
            l.on_hover_text(note);
        }
    });
}
