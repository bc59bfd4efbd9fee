//! The node tree: header chunks, then nodes → chunks, with nested nodes under
//! the chunk whose noderef read them. Clicking a chunk selects it; a chunk
//! selected elsewhere (hex view, timeline) is revealed once: its node's
//! ancestors open and its row scrolls into view.

use super::node_tree_flatten::{self, Row};
use crate::command::Command;
use crate::command::shortcut::PanelKey;
use crate::gbx::doc::{ChunkRef, GbxDoc};
use crate::gbx::view::TreeOpen;
use egui::{Color32, RichText};
use trackbench_core::gbx::{Chunk, ChunkStatus, NodeEnd, class_label};

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
    let focus = crate::widgets::keys::pressed(ui, PanelKey::FindChunks);
    ui.horizontal(|ui| {
        let l = ui.label("Find:");
        // As wide as the panel leaves (a wider field would widen the panel
        // past its share of a small window).
        let width = (ui.available_width() - 50.0).max(60.0);
        let edit = egui::TextEdit::singleline(find)
            .hint_text("chunk id, name or class")
            .desired_width(width);
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
/// `expand_all` every node is drawn open. Only the rows on screen are laid
/// out ([`node_tree_flatten`]); a selection made elsewhere opens the nodes on
/// the way to it and scrolls its row into view, once.
pub fn ui(
    ui: &mut egui::Ui,
    doc: &GbxDoc,
    find: &mut String,
    open: &mut TreeOpen,
    expand_all: bool,
    out: &mut Vec<Command>,
) {
    if let Some(damage) = &doc.damage {
        ui.colored_label(ui.visuals().error_fg_color, "(!) damaged file")
            .on_hover_text(damage);
        // Plain words at reading size; the reader's detail on hover.
        let plain = doc.damage_plain.as_deref().unwrap_or(damage);
        ui.add(egui::Label::new(plain).wrap()).on_hover_text(damage);
        ui.separator();
    }
    if find_box(ui, doc, find, out) {
        return;
    }
    node_tree_flatten::init_open(open, doc);
    let reveal = reveal(doc, open);
    let rows = node_tree_flatten::rows(doc, open, expand_all);
    let row_h = ui.spacing().interact_size.y;
    let mut area = egui::ScrollArea::both().auto_shrink([false, false]);
    if let Some(at) = reveal.and_then(|r| node_tree_flatten::row_of(&rows, r)) {
        let step = row_h + ui.spacing().item_spacing.y;
        let offset = at as f32 * step - ui.available_height() / 2.0;
        area = area.vertical_scroll_offset(offset.max(0.0));
    }
    area.show_rows(ui, row_h, rows.len(), |ui, range| {
        for row in rows.get(range).unwrap_or_default() {
            draw_row(ui, doc, *row, open, out);
        }
    });
}

/// The selection to reveal this frame, if it changed since the last one:
/// the nodes on the way to it are opened.
fn reveal(doc: &GbxDoc, open: &mut TreeOpen) -> Option<ChunkRef> {
    if doc.selected == open.revealed {
        return None;
    }
    open.revealed = doc.selected;
    match doc.selected? {
        ChunkRef::Header(_) => open.header = true,
        ChunkRef::Body { node, .. } => {
            let nodes = &doc.gbx().nodes;
            let mut at = Some(node);
            let mut steps = 0;
            while let Some(n) = at.filter(|_| steps <= nodes.len()) {
                open.nodes.insert(n);
                at = nodes.get(n).and_then(|x| x.parent).map(|(p, _)| p);
                steps += 1;
            }
        }
    }
    doc.selected
}

/// One row, indented by its level.
fn draw_row(
    ui: &mut egui::Ui,
    doc: &GbxDoc,
    row: Row,
    open: &mut TreeOpen,
    out: &mut Vec<Command>,
) {
    let indent = ui.spacing().indent;
    let gbx = doc.gbx();
    ui.horizontal(|ui| match row {
        Row::Header => {
            let title = format!("Header ({} chunks)", gbx.header.chunks.len());
            if toggle(ui, open.header, RichText::new(title)) {
                open.header = !open.header;
            }
        }
        Row::HeaderChunk(i) => {
            ui.add_space(indent);
            if let Some(c) = gbx.header.chunks.get(i) {
                chunk_row(ui, doc, ChunkRef::Header(i), c, out);
            }
        }
        Row::RefTable => ref_table_row(ui, doc),
        Row::Node { node, level } => {
            ui.add_space(indent * level as f32);
            let is_open = open.nodes.contains(&node);
            if toggle(ui, is_open, node_title(doc, node)) && !open.nodes.remove(&node) {
                open.nodes.insert(node);
            }
        }
        Row::Stop { node, level } => {
            ui.add_space(indent * level as f32);
            if let Some(NodeEnd::Stopped { reason, .. }) = gbx.nodes.get(node).map(|n| &n.end) {
                let text = RichText::new(reason).color(Color32::from_rgb(210, 70, 60));
                ui.add(egui::Label::new(text).truncate());
            }
        }
        Row::Chunk { node, chunk, level } => {
            ui.add_space(indent * level as f32);
            if let Some(c) = gbx.nodes.get(node).and_then(|n| n.chunks.get(chunk)) {
                chunk_row(ui, doc, ChunkRef::Body { node, chunk }, c, out);
            }
        }
        Row::Deep { node, chunk, level } => {
            ui.add_space(indent * level as f32);
            let n = doc.children.get(&(node, chunk)).map_or(0, Vec::len);
            ui.add(egui::Label::new(format!("… {n} nested nodes")).truncate());
        }
    });
}

/// An open/close arrow and a clickable title; true when either was clicked.
fn toggle(ui: &mut egui::Ui, is_open: bool, title: RichText) -> bool {
    let size = egui::vec2(ui.spacing().icon_width, ui.spacing().interact_size.y);
    let (_, icon) = ui.allocate_exact_size(size, egui::Sense::click());
    egui::collapsing_header::paint_default_icon(ui, if is_open { 1.0 } else { 0.0 }, &icon);
    let label = ui.add(
        egui::Label::new(title)
            .sense(egui::Sense::click())
            .truncate(),
    );
    icon.clicked() || label.clicked()
}

/// A node's title: number and class, and whether it (or a node inside it)
/// stopped.
fn node_title(doc: &GbxDoc, i: usize) -> RichText {
    let Some(n) = doc.gbx().nodes.get(i) else {
        return RichText::new(format!("node #{i}"));
    };
    let mut title = format!("node #{i} {}", class_label(n.class_id));
    match &n.end {
        NodeEnd::Stopped { at, .. } => {
            title.insert_str(0, "(!) ");
            title.push_str(&format!("  (stopped at body {at:#x})"));
            RichText::new(title).color(Color32::from_rgb(210, 70, 60))
        }
        NodeEnd::Facade | NodeEnd::Archive if doc.nodes_with_stops.contains(&i) => {
            title.push_str("  (!) holds a stopped node");
            RichText::new(title).color(Color32::from_rgb(220, 150, 30))
        }
        NodeEnd::Facade | NodeEnd::Archive => RichText::new(title),
    }
}

fn ref_table_row(ui: &mut egui::Ui, doc: &GbxDoc) {
    let Some(t) = &doc.gbx().ref_table else {
        return;
    };
    // Every row is cut to the panel: one wider row widens the rows below.
    ui.add(
        egui::Label::new(format!(
            "Reference table: {} external nodes",
            t.num_external_nodes
        ))
        .truncate(),
    )
    .on_hover_text(
        t.external_nodes
            .iter()
            .map(|n| n.file_name.clone().unwrap_or_default())
            .collect::<Vec<_>>()
            .join("\n"),
    );
}

fn chunk_row(ui: &mut egui::Ui, doc: &GbxDoc, r: ChunkRef, c: &Chunk, out: &mut Vec<Command>) {
    let selected = doc.selected == Some(r);
    // Cut with "…" too: a row wider than the panel would widen the rows
    // after it, whose labels then overflow uncut (issue 31).
    let label = RichText::new(chunk_label(c)).monospace();
    let resp = ui.add(egui::Button::selectable(selected, label).truncate());
    if resp.clicked() {
        out.push(Command::Gbx(crate::command::GbxCommand::SelectChunk(r)));
    }
    if let Some(note) = &c.note {
        resp.on_hover_text(note);
    }
    let (color, word) = status_badge(c.status);
    let mut info = format!(" @{:#x} {} B", c.range.start, c.range.len());
    if c.skippable && matches!(r, ChunkRef::Body { .. }) {
        info.push_str(" skippable");
    }
    if c.heavy {
        info.push_str(" heavy");
    }
    // The status and the place in one label, cut with "…" at the panel's
    // edge (the full text on hover).
    let font = egui::TextStyle::Body.resolve(ui.style());
    let mut job = egui::text::LayoutJob::default();
    job.append(word, 0.0, egui::TextFormat::simple(font.clone(), color));
    let weak = ui.visuals().weak_text_color();
    job.append(&info, 0.0, egui::TextFormat::simple(font, weak));
    // Only where there is room for more than the "…": an elided label
    // still draws it past the edge, and that widened the rows below.
    if ui.available_width() < 40.0 {
        return;
    }
    let l = ui.add(egui::Label::new(job).truncate());
    if let Some(note) = &c.note {
        l.on_hover_text(note);
    }
}
