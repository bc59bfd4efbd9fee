//! The folders and files of a ManiaPlanet (v6+) pak: the second header
//! part, read plainly or with a key typed by the user (the game's default
//! header key, or a private pack's own key; see
//! `trackbench_core::pak::header_v6_body`).

use egui::{RichText, Ui};

use super::tree::group_digits;
use crate::pak::doc::PakDoc;

/// Label of the header key field (for tests).
pub const V6_KEY_LABEL: &str = "Header key (32 hex digits):";
/// Label of the decode button.
pub const V6_DECODE: &str = "Decode header";

/// Draws the second header part below the unencrypted info.
pub fn ui(ui: &mut Ui, doc: &mut PakDoc) {
    let combined = matches!(&doc.info_v6, Some(Ok(i)) if i.header_flags & 3 == 3);
    ui.separator();
    match &doc.header_v6 {
        Some(Ok(body)) => {
            ui.label(format!(
                "Header part {}: {} folders, {} files, flags 0x{:X}, checksum {}",
                if body.encrypted {
                    "decrypted"
                } else {
                    "(plain)"
                },
                body.folders.len(),
                body.files.len(),
                body.flags,
                if body.checksum_is_md5() {
                    "= MD5"
                } else {
                    "(not an MD5)"
                }
            ));
            file_grid(ui, doc);
        }
        Some(Err(e)) => {
            ui.colored_label(ui.visuals().warn_fg_color, e);
            if !combined {
                key_row(ui, doc);
            }
        }
        None => {}
    }
}

fn key_row(ui: &mut Ui, doc: &mut PakDoc) {
    ui.horizontal(|ui| {
        let label = ui.label(V6_KEY_LABEL);
        ui.add(egui::TextEdit::singleline(&mut doc.key_text).desired_width(300.0))
            .labelled_by(label.id);
        if ui.button(V6_DECODE).clicked() {
            doc.decode_v6_header();
        }
    });
}

fn file_grid(ui: &mut Ui, doc: &PakDoc) {
    let Some(Ok(body)) = &doc.header_v6 else {
        return;
    };
    egui::ScrollArea::vertical()
        .id_salt("pak_v6_files")
        .show(ui, |ui| {
            egui::Grid::new("pak_v6_files_grid")
                .num_columns(5)
                .striped(true)
                .show(ui, |ui| {
                    for h in ["path", "size", "stored", "class id", "flags"] {
                        ui.label(RichText::new(h).strong());
                    }
                    ui.end_row();
                    for f in &body.files {
                        let e = &f.entry;
                        ui.label(e.slash_path());
                        ui.label(group_digits(e.uncompressed_size.into()));
                        ui.label(group_digits(e.compressed_size.into()));
                        ui.monospace(format!("{:08X}", e.class_id));
                        ui.monospace(format!("{:016X}", e.flags));
                        ui.end_row();
                    }
                });
        });
}
