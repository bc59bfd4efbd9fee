//! The node tree: header chunks, then nodes → chunks, with nested nodes under
//! the chunk whose noderef read them. Clicking a chunk selects it; a chunk
//! selected elsewhere (hex view, timeline) is revealed once: its node's
//! ancestors open and its row scrolls into view.

use crate::command::Command;
use crate::gbx::doc::{ChunkRef, GbxDoc};
use egui::{Color32, RichText};
use std::collections::HashSet;
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

/// Every chunk whose id, name or class matches `query` (case-insensitive),
/// as (reference, chunk, owner label).
#[must_use]
pub fn find_chunks<'a>(doc: &'a GbxDoc, query: &str) -> Vec<(ChunkRef, &'a Chunk, String)> {
    let q = query.trim().to_lowercase();
    let matches = |c: &Chunk, owner: &str| {
        chunk_label(c).to_lowercase().contains(&q) || owner.to_lowercase().contains(&q)
    };
    let mut out = Vec::new();
    for (i, c) in doc.gbx().header.chunks.iter().enumerate() {
        if matches(c, "header") {
            out.push((ChunkRef::Header(i), c, "header".to_string()));
        }
    }
    for (n, node) in doc.gbx().nodes.iter().enumerate() {
        let owner = format!("node #{n} {}", class_label(node.class_id));
        for (ci, c) in node.chunks.iter().enumerate() {
            if matches(c, &owner) {
                out.push((ChunkRef::Body { node: n, chunk: ci }, c, owner.clone()));
            }
        }
    }
    out
}

/// The find box (Ctrl+F focuses it); while it holds text the matching
/// chunks are listed instead of the tree. Returns true when it drew them.
fn find_box(ui: &mut egui::Ui, doc: &GbxDoc, find: &mut String, out: &mut Vec<Command>) -> bool {
    let shortcut = egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::F);
    let focus = ui.input_mut(|i| i.consume_shortcut(&shortcut));
    ui.horizontal(|ui| {
        let l = ui.label("Find:");
        let edit = egui::TextEdit::singleline(find).hint_text("chunk id, name or class");
        let resp = ui.add(edit).labelled_by(l.id);
        if focus {
            resp.request_focus();
        }
        if !find.is_empty() && ui.small_button("Clear").clicked() {
            find.clear();
        }
    });
    if find.trim().is_empty() {
        return false;
    }
    let hits = find_chunks(doc, find);
    ui.weak(format!("{} matching chunks", hits.len()));
    let row_height = ui.spacing().interact_size.y;
    egui::ScrollArea::both()
        .id_salt("find_results")
        .auto_shrink([false, false])
        .show_rows(ui, row_height, hits.len(), |ui, range| {
            for (r, c, owner) in &hits[range] {
                ui.horizontal(|ui| {
                    let text = RichText::new(chunk_label(c)).monospace();
                    if ui
                        .selectable_label(doc.selected == Some(*r), text)
                        .clicked()
                    {
                        out.push(Command::Gbx(crate::command::GbxCommand::SelectChunk(*r)));
                    }
                    ui.weak(owner);
                });
            }
        });
    true
}

/// Draws the tree (or the find results for the text `find`); with
/// `expand_all` every node is drawn open.
pub fn ui(
    ui: &mut egui::Ui,
    doc: &GbxDoc,
    find: &mut String,
    expand_all: bool,
    out: &mut Vec<Command>,
) {
    if find_box(ui, doc, find, out) {
        return;
    }
    let mut reveal = Reveal::new(ui, doc);
    reveal.all = expand_all;
    egui::ScrollArea::both()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let h = &doc.gbx().header;
            egui::CollapsingHeader::new(format!("Header ({} chunks)", h.chunks.len()))
                .default_open(true)
                .show(ui, |ui| {
                    for (i, c) in h.chunks.iter().enumerate() {
                        chunk_row(ui, doc, ChunkRef::Header(i), c, &reveal, out);
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
                    node(ui, doc, (i, 0), &reveal, out);
                }
            }
        });
}

/// The selection to reveal this frame, if it is new: the nodes to open on
/// the way to it.
struct Reveal {
    chunk: Option<ChunkRef>,
    open: HashSet<usize>,
    /// Every node open.
    all: bool,
}

impl Reveal {
    fn new(ui: &egui::Ui, doc: &GbxDoc) -> Self {
        let id = ui.make_persistent_id("node_tree_revealed");
        let last = ui.data(|d| d.get_temp::<Option<ChunkRef>>(id)).flatten();
        let mut open = HashSet::new();
        if doc.selected == last {
            return Self {
                chunk: None,
                open,
                all: false,
            };
        }
        ui.data_mut(|d| d.insert_temp(id, doc.selected));
        if let Some(ChunkRef::Body { node, .. }) = doc.selected {
            let nodes = &doc.gbx().nodes;
            let mut at = Some(node);
            while let Some(n) = at.filter(|n| open.len() <= nodes.len() && open.insert(*n)) {
                at = nodes.get(n).and_then(|x| x.parent).map(|(p, _)| p);
            }
        }
        Self {
            chunk: doc.selected,
            open,
            all: false,
        }
    }
}

fn node(
    ui: &mut egui::Ui,
    doc: &GbxDoc,
    (i, depth): (usize, usize),
    reveal: &Reveal,
    out: &mut Vec<Command>,
) {
    let n = &doc.gbx().nodes[i];
    let mut title = format!("node #{i} {}", class_label(n.class_id));
    let title = match &n.end {
        NodeEnd::Stopped { at, .. } => {
            title.insert_str(0, "(!) ");
            title.push_str(&format!("  (stopped at body {at:#x})"));
            egui::RichText::new(title).color(Color32::from_rgb(210, 70, 60))
        }
        NodeEnd::Facade if doc.nodes_with_stops.contains(&i) => {
            title.push_str("  (!) holds a stopped node");
            egui::RichText::new(title).color(Color32::from_rgb(220, 150, 30))
        }
        NodeEnd::Facade | NodeEnd::Archive => egui::RichText::new(title),
    };
    egui::CollapsingHeader::new(title)
        .id_salt(("node", i))
        .default_open(depth == 0)
        .open((reveal.all || reveal.open.contains(&i)).then_some(true))
        .show(ui, |ui| {
            if let NodeEnd::Stopped { reason, .. } = &n.end {
                ui.colored_label(Color32::from_rgb(210, 70, 60), reason);
            }
            for (ci, c) in n.chunks.iter().enumerate() {
                chunk_row(
                    ui,
                    doc,
                    ChunkRef::Body { node: i, chunk: ci },
                    c,
                    reveal,
                    out,
                );
                let Some(kids) = doc.children.get(&(i, ci)) else {
                    continue;
                };
                if depth >= MAX_DRAW_DEPTH {
                    ui.label(format!("… {} nested nodes", kids.len()));
                    continue;
                }
                ui.indent(("kids", i, ci), |ui| {
                    for &k in kids {
                        node(ui, doc, (k, depth + 1), reveal, out);
                    }
                });
            }
        });
}

fn chunk_row(
    ui: &mut egui::Ui,
    doc: &GbxDoc,
    r: ChunkRef,
    c: &Chunk,
    reveal: &Reveal,
    out: &mut Vec<Command>,
) {
    ui.horizontal(|ui| {
        let selected = doc.selected == Some(r);
        let resp = ui.selectable_label(selected, RichText::new(chunk_label(c)).monospace());
        if selected && reveal.chunk == Some(r) {
            resp.scroll_to_me(Some(egui::Align::Center));
        }
        if resp.clicked() {
            out.push(Command::Gbx(crate::command::GbxCommand::SelectChunk(r)));
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
