//! Files embedded in the document: a replay's map (opened in a new tab) and
//! a map's items ZIP (entries listed, exported whole or extracted; an item
//! embedded at a path under `Items/`, an entry replaced or removed, each
//! one undo step through the core's `edit::embedded_items`).

use crate::command::{Command, GbxCommand};
use crate::gbx::doc::GbxDoc;
use crate::gbx::view::ZipListing;
use std::sync::Arc;
use trackbench_core::edit::embedded_items::{ITEMS_PREFIX, check_can_embed};
use trackbench_core::gbx::access::embedded::{ZipEntry, embedded_map, zip_entries};
use trackbench_core::gbx::access::images::embedded_items_zip;

/// Draws the embedded map and items ZIP sections, when the file has them;
/// `listing` caches the ZIP's entries, `embed_path` is the path typed for
/// the next embedded item.
pub fn ui(
    ui: &mut egui::Ui,
    doc: &GbxDoc,
    listing: &mut Option<ZipListing>,
    embed_path: &mut Option<String>,
    out: &mut Vec<Command>,
) {
    if let Some((_, bytes)) = embedded_map(doc.gbx()) {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("Embedded map, {} bytes", bytes.len()));
            if ui.button("Open in a new tab").clicked() {
                out.push(Command::OpenBytes {
                    name: format!("{}: embedded map", doc.title),
                    bytes: bytes.to_vec(),
                });
            }
        });
    }
    let can_embed = check_can_embed(doc.gbx()).is_ok();
    if can_embed {
        embed_row(ui, embed_path, out);
    }
    let Some(zip) = embedded_items_zip(doc.gbx()) else {
        return;
    };
    let entries = listing
        .get_or_insert_with(|| Arc::new(zip_entries(zip).map_err(|e| e.to_string())))
        .clone();
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("Embedded items ZIP, {} bytes", zip.len()));
        if ui.button("Export .zip…").clicked() {
            out.push(Command::Export(crate::command::ExportKind::ItemsZip));
        }
        if entries.is_ok() && ui.button("Extract…").clicked() {
            out.push(Command::Export(crate::command::ExportKind::ItemsFolder));
        }
    });
    match entries.as_ref() {
        Err(e) => {
            ui.colored_label(egui::Color32::from_rgb(210, 70, 60), e);
        }
        Ok(list) => entry_table(ui, list, can_embed, out),
    }
}

/// The path field and the button that asks for an item file to embed.
fn embed_row(ui: &mut egui::Ui, embed_path: &mut Option<String>, out: &mut Vec<Command>) {
    ui.horizontal_wrapped(|ui| {
        let path = embed_path.get_or_insert_with(|| ITEMS_PREFIX.to_string());
        ui.label("Embed at");
        ui.add(egui::TextEdit::singleline(path).desired_width(160.0))
            .on_hover_text(
                "The path in the items ZIP: Items/… (a folder ending in / takes the file's name)",
            );
        let cmd = Command::PickEmbeddedItem {
            zip_path: path.trim().to_string(),
            replace: false,
        };
        if ui.button(cmd.label()).clicked() {
            out.push(cmd);
        }
    });
}

/// Remove and replace buttons of one entry.
fn entry_buttons(ui: &mut egui::Ui, e: &ZipEntry, out: &mut Vec<Command>) {
    if ui
        .small_button("Remove")
        .on_hover_text("Remove this entry and its ident from the map")
        .clicked()
    {
        out.push(Command::Gbx(GbxCommand::RemoveEmbeddedItem(e.path.clone())));
    }
    if ui
        .small_button("Replace…")
        .on_hover_text("Replace this entry with another .Item.Gbx")
        .clicked()
    {
        out.push(Command::PickEmbeddedItem {
            zip_path: e.path.clone(),
            replace: true,
        });
    }
}

fn entry_table(ui: &mut egui::Ui, list: &[ZipEntry], editable: bool, out: &mut Vec<Command>) {
    let files = list.iter().filter(|e| !e.is_dir).count();
    let total: u64 = list.iter().map(|e| e.size).sum();
    // A header's text is never cut: kept short so it cannot widen the
    // side panel (issue 44: at 800×500 "16 files, 1762701 bytes
    // uncompressed" pushed the panel's right edge off the window).
    egui::CollapsingHeader::new(format!("{files} files"))
        .id_salt("zip_entries")
        .show(ui, |ui| {
            ui.label(format!("{total} bytes uncompressed"));
            ui.label("Size / stored (bytes), path");
            egui::ScrollArea::vertical()
                .id_salt("zip_entries_scroll")
                .max_height(180.0)
                .auto_shrink([false, true])
                .show(ui, |ui| {
                    for e in list.iter().filter(|e| !e.is_dir) {
                        ui.horizontal_wrapped(|ui| {
                            if editable {
                                entry_buttons(ui, e, out);
                            }
                            ui.monospace(format!("{:>9} {:>9}", e.size, e.compressed_size));
                            // Long paths are cut to the panel's width (full
                            // path on hover) so the side panel does not grow.
                            let path = if e.safe {
                                egui::RichText::new(&e.path)
                            } else {
                                egui::RichText::new(format!("{} (unsafe path)", e.path))
                                    .color(egui::Color32::from_rgb(210, 70, 60))
                            };
                            ui.add(egui::Label::new(path).truncate())
                                .on_hover_text(&e.path);
                        });
                    }
                });
        });
}
