//! A ManiaPlanet (v6+) pak: the unencrypted header, then the folders and
//! files of the second header part, read plainly or with a key typed by
//! the user (the game's default header key, or a private pack's own key;
//! see `trackbench_core::pak::header_v6_body`).

use egui::{Color32, RichText, Ui};
use trackbench_core::pak::PakInfoV6;
use trackbench_core::pak::crypto::hex_encode;
use trackbench_core::pak::header_v6::AuthorInfo;

use crate::command::{Command, PakCommand};
use crate::pak::doc::PakDoc;
use crate::pak::view::PakView;
use crate::widgets::numbers::group_digits;

/// Label of the header key field (for tests).
pub const V6_KEY_LABEL: &str = "Header key (32 hex digits):";
/// Label of the decode button.
pub const V6_DECODE: &str = "Decode header";

/// Draws the unencrypted header, then the second header part below it.
pub fn ui(ui: &mut Ui, doc: &PakDoc, view: &mut PakView, out: &mut Vec<Command>) {
    let Some(v6) = doc.v6() else { return };
    let info = match v6.info() {
        Ok(info) => info,
        Err(e) => {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!("cannot read the v6+ header: {e}"),
            );
            ui.separator();
            return;
        }
    };
    info_grid(ui, info);
    let combined = info.header_flags & 3 == 3;
    ui.separator();
    match v6.header() {
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
            file_grid(ui, body);
        }
        Some(Err(_)) => {
            let message = doc.v6_header_error().unwrap_or_default();
            ui.colored_label(ui.visuals().warn_fg_color, message);
            if !combined {
                key_row(ui, view, out);
            }
        }
        None => {}
    }
}

fn key_row(ui: &mut Ui, view: &mut PakView, out: &mut Vec<Command>) {
    ui.horizontal(|ui| {
        let label = ui.label(V6_KEY_LABEL);
        ui.add(egui::TextEdit::singleline(&mut view.key_text).desired_width(300.0))
            .labelled_by(label.id);
        if ui.button(V6_DECODE).clicked() {
            out.push(Command::Pak(PakCommand::DecodeV6Header(
                view.key_text.clone(),
            )));
        }
    });
}

fn file_grid(ui: &mut Ui, body: &trackbench_core::pak::header_v6_body::HeaderV6Body) {
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

fn info_grid(ui: &mut Ui, info: &PakInfoV6) {
    ui.label("ManiaPlanet pak: the unencrypted header, then the folders and files.");
    egui::ScrollArea::vertical()
        .id_salt("pak_v6")
        .max_height(ui.available_height() * 0.5)
        .show(ui, |ui| {
            egui::Grid::new("pak_v6_grid")
                .num_columns(2)
                .striped(true)
                .show(ui, |ui| {
                    for (k, v) in info_rows(info) {
                        ui.label(RichText::new(k).color(Color32::GRAY));
                        ui.label(v);
                        ui.end_row();
                    }
                });
            if !info.xml.is_empty() {
                egui::CollapsingHeader::new("XML").show(ui, |ui| {
                    ui.monospace(&info.xml);
                });
            }
        });
}

fn author_text(a: &AuthorInfo) -> String {
    let nick = trackbench_core::gbx::access::formatting::strip(&a.nick);
    format!("{} ({nick}) {} {}", a.login, a.zone, a.extra)
        .trim()
        .to_owned()
}

/// The rows of the v6+ info grid (empty values left out).
fn info_rows(info: &PakInfoV6) -> Vec<(String, String)> {
    let flags = format!(
        "0x{:X} (header {}, data {})",
        info.header_flags,
        if info.is_header_private() {
            "private"
        } else if info.is_header_encrypted() {
            "encrypted, default key"
        } else {
            "public"
        },
        if info.is_data_private() {
            "private"
        } else {
            "public"
        }
    );
    let mut rows = vec![
        ("Version".into(), info.version.to_string()),
        (
            "Contents SHA-256".into(),
            hex_encode(&info.contents_checksum),
        ),
        ("Header flags".into(), flags),
    ];
    let mut push = |k: &str, v: String| {
        if !v.is_empty() {
            rows.push((k.into(), v));
        }
    };
    push(
        "Header max size",
        info.header_max_size
            .map_or(String::new(), |s| format!("0x{s:X}")),
    );
    push(
        "Author",
        info.author.as_ref().map_or(String::new(), author_text),
    );
    push("Comment", info.comment.clone());
    push("Build", info.creation_build_info.clone());
    push("Author URL", info.author_url.clone());
    push("Manialink URL", info.manialink_url.clone());
    push("Download URL", info.download_url.clone());
    push(
        "Created (UTC)",
        info.creation_date_utc().unwrap_or_default(),
    );
    push("Title id", info.title_id.clone());
    push("Usage sub dir", info.usage_sub_dir.clone());
    push(
        "Encrypted part at",
        format!("0x{:X}", info.encrypted_part_offset),
    );
    for (i, p) in info.included_packs.iter().enumerate() {
        let depth = p
            .include_depth
            .map_or(String::new(), |d| format!(", depth {d}"));
        push(
            &format!("Included pack {i}"),
            format!("{} by {}{depth}", p.name, author_text(&p.author)),
        );
    }
    rows
}
