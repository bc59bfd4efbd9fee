//! The inspector: decoded fields of the selected chunk. Clicking a field
//! highlights its bytes in the hex view.

use crate::command::Command;
use crate::document::Document;
use trackbench_core::gbx::{Field, Value};

/// Children shown per page in large arrays (blocks, items…).
const PAGE: usize = 100;

/// Draws the inspector.
pub fn ui(ui: &mut egui::Ui, doc: &Document, out: &mut Vec<Command>) {
    let Some(r) = doc.selected else {
        ui.weak("Select a chunk in the tree to see its fields.");
        return;
    };
    let Some(chunk) = doc.chunk(r) else { return };
    let space = Document::space_of(r);
    ui.heading(super::node_tree::chunk_label(chunk));
    ui.label(format!(
        "{} offset {:#x}, {} bytes, {}",
        space.name(),
        chunk.range.start,
        chunk.range.len(),
        super::node_tree::status_badge(chunk.status).1
    ));
    if let Some(note) = &chunk.note {
        ui.colored_label(egui::Color32::from_rgb(200, 160, 40), note);
    }
    ui.separator();
    if chunk.fields.is_empty() {
        ui.weak("No decoded fields: the bytes are shown raw in the hex view.");
        return;
    }
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        for (i, f) in chunk.fields.iter().enumerate() {
            field(ui, doc, f, space, ui.scope_id().with(("field", i)), out);
        }
    });
}

fn field_title(f: &Field) -> String {
    let name = match f.index {
        Some(i) => format!("{}[{i}]", f.name),
        None => f.name.to_string(),
    };
    match &f.value {
        Value::Group => format!("{name} ({} entries)", f.children.len()),
        Value::Bytes { kind } => format!("{name}: {kind}, {} bytes", f.range.len()),
        v => format!("{name} = {}", v.display()),
    }
}

fn field(
    ui: &mut egui::Ui,
    doc: &Document,
    f: &Field,
    space: crate::document::Space,
    id: egui::Id,
    out: &mut Vec<Command>,
) {
    let selected = doc.selected_field == Some(f.range);
    if f.children.is_empty() {
        let resp = ui.selectable_label(selected, field_title(f));
        if resp.clicked() {
            out.push(Command::SelectField(space, f.range));
        }
        resp.on_hover_text(format!("{} offset {:#x}..{:#x}", space.name(), f.range.start, f.range.end));
        return;
    }
    let header = egui::CollapsingHeader::new(field_title(f)).id_salt(id).show(ui, |ui| {
        if f.children.len() <= PAGE {
            for (i, c) in f.children.iter().enumerate() {
                field(ui, doc, c, space, id.with(i), out);
            }
            return;
        }
        for (p, page) in f.children.chunks(PAGE).enumerate() {
            let first = p * PAGE;
            egui::CollapsingHeader::new(format!("[{first}..{}]", first + page.len()))
                .id_salt(id.with(("page", p)))
                .show(ui, |ui| {
                    for (i, c) in page.iter().enumerate() {
                        field(ui, doc, c, space, id.with(first + i), out);
                    }
                });
        }
    });
    if header.header_response.clicked() {
        out.push(Command::SelectField(space, f.range));
    }
}
