//! The metadata section of an unlocked v3 pak: one dataless .Gbx header
//! ("GBX" .. numNodes) per described file (seed 004 "Metadata"), each
//! openable in a tab where the GBX header reader shows its chunks.

use egui::{RichText, Ui};
use trackbench_core::gbx::class_label;

use crate::command::{Command, PakCommand};
use crate::pak::doc::PakDoc;

/// Label of each row's open button (for tests).
pub const OPEN_HEADER: &str = "Open header";

/// Draws the section (collapsed by default) when the pak has metadata.
pub fn ui(ui: &mut Ui, doc: &PakDoc, out: &mut Vec<Command>) {
    let Some(meta) = &doc.metadata else { return };
    let entries = match meta {
        Ok(m) if m.entries.is_empty() => return,
        Ok(m) => &m.entries,
        Err(e) => {
            ui.colored_label(ui.visuals().warn_fg_color, format!("metadata: {e}"));
            return;
        }
    };
    let Some(pak) = doc.pak() else { return };
    egui::CollapsingHeader::new(format!("Metadata: {} dataless .Gbx headers", entries.len()))
        .id_salt("pak_metadata")
        .show(ui, |ui| {
            egui::Grid::new("pak_metadata_grid")
                .num_columns(5)
                .striped(true)
                .show(ui, |ui| {
                    for h in ["file", "class", "GBX version", "bytes", ""] {
                        ui.label(RichText::new(h).strong());
                    }
                    ui.end_row();
                    for (i, e) in entries.iter().enumerate() {
                        let path = pak
                            .files()
                            .get(e.file_index as usize)
                            .map_or_else(|| format!("#{}", e.file_index), |f| f.slash_path());
                        ui.label(&path);
                        ui.label(class_label(e.class_id));
                        ui.label(e.gbx_version.to_string());
                        ui.label(e.gbx_header.len().to_string());
                        let open = ui.push_id(i, |ui| ui.button(OPEN_HEADER)).inner;
                        if open.clicked() {
                            out.push(Command::Pak(PakCommand::OpenMetadataHeader(i)));
                        }
                        ui.end_row();
                    }
                });
        });
}
