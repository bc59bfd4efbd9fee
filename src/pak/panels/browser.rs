//! NadeoPak browser (issue 7): key prompt, folder tree, file table with a
//! search by name, extraction with progress and cancel, opening a
//! contained file in a new tab, and the unencrypted ManiaPlanet header.

use egui::{Color32, RichText, TextEdit, Ui};
use egui_extras::{Column, TableBuilder};
use trackbench_core::pak::PakInfoV6;
use trackbench_core::pak::crypto::hex_encode;
use trackbench_core::pak::header_v6::AuthorInfo;

use crate::command::Command;
use crate::pak::doc::PakDoc;
use crate::pak::panels::tree::{self as pak_tree, group_digits};

/// Label of the unlock button.
pub const UNLOCK: &str = "Unlock";
/// Label of the key field.
pub const KEY_LABEL: &str = "packlist.dat or key:";
/// Label of the search field.
pub const SEARCH_LABEL: &str = "Search by name:";

/// Draws the browser.
pub fn ui(ui: &mut Ui, doc: &mut PakDoc, out: &mut Vec<Command>) {
    ui.horizontal(|ui| {
        ui.heading(doc.title());
        ui.label(summary(doc));
    });
    if let Some(info) = &doc.info_v6 {
        v6_info(ui, info);
        super::v6_view::ui(ui, doc);
        return;
    }
    if !doc.is_unlocked() {
        key_prompt(ui, doc);
        return;
    }
    if doc.poll_job() {
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_millis(100));
    }
    toolbar(ui, doc, out);
    job_row(ui, doc);
    super::meta_view::ui(ui, doc, out);
    egui::Panel::left("pak_folders")
        .resizable(true)
        .default_size(240.0)
        .show(ui, |ui| {
            egui::ScrollArea::both()
                .id_salt("pak_folder_scroll")
                .show(ui, |ui| {
                    folder_node(ui, doc, 0, 0);
                });
        });
    egui::Frame::new()
        .inner_margin(egui::Margin::symmetric(6, 0))
        .show(ui, |ui| file_table(ui, doc, out));
}

/// One line under the title: version, counts, header check.
fn summary(doc: &PakDoc) -> String {
    let version = doc.version.map_or("?".into(), |v| v.to_string());
    match doc.pak() {
        Some(pak) => format!(
            "NadeoPak v{version} | {} folders | {} files | header MD5 {}",
            pak.folders().len(),
            pak.files().len(),
            if pak.header().md5_ok() {
                "ok"
            } else {
                "MISMATCH"
            }
        ),
        None if doc.info_v6.is_some() => format!("NadeoPak v{version} (ManiaPlanet)"),
        None => format!(
            "NadeoPak v{version} | encrypted, {} bytes",
            group_digits(doc.bytes.len() as u64)
        ),
    }
}

fn key_prompt(ui: &mut Ui, doc: &mut PakDoc) {
    ui.add_space(8.0);
    ui.label(
        "This pak is encrypted. Give the game's packlist.dat (its key is looked up by the \
         pak's file name) or the pak's 16-byte key as 32 hex digits.",
    );
    let mut go = false;
    ui.horizontal(|ui| {
        let label = ui.label(KEY_LABEL);
        let edit = TextEdit::singleline(&mut doc.key_text)
            .desired_width(460.0)
            .hint_text("path/to/Packs/packlist.dat  or  32 hex digits");
        let resp = ui.add(edit).labelled_by(label.id);
        go |= resp.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if ui.button("Browse...").clicked() {
            let mut dialog = rfd::FileDialog::new()
                .set_title("Choose the game's packlist.dat")
                .add_filter("packlist.dat", &["dat", "DAT"]);
            if let Some(dir) = doc.last_packlist.as_ref().and_then(|p| p.parent()) {
                dialog = dialog.set_directory(dir);
            }
            if let Some(path) = dialog.pick_file() {
                doc.key_text = path.display().to_string();
                go = true;
            }
        }
        go |= ui.button(UNLOCK).clicked();
    });
    if go {
        let _ = doc.unlock();
    }
    if let Some(err) = &doc.key_error {
        let (first, detail) = err.split_once('\n').unwrap_or((err, ""));
        ui.colored_label(ui.visuals().error_fg_color, first);
        if !detail.is_empty() {
            ui.label(RichText::new(detail).small().weak());
        }
    }
}

fn toolbar(ui: &mut Ui, doc: &mut PakDoc, out: &mut Vec<Command>) {
    let idle = doc.job.is_none();
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(SEARCH_LABEL);
        let edit = TextEdit::singleline(&mut doc.search)
            .desired_width(180.0)
            .hint_text("part of a name");
        ui.add(edit).labelled_by(label.id);
        ui.separator();
        let selected: Vec<usize> = doc.selected.iter().copied().collect();
        let folder = doc.folder_files();
        let all: Vec<usize> = (0..doc.files().len()).collect();
        for (text, set) in [
            (
                format!("Extract selected ({})", selected.len()),
                selected.clone(),
            ),
            (format!("Extract folder ({})", folder.len()), folder),
            (format!("Extract all ({})", all.len()), all),
        ] {
            if ui
                .add_enabled(idle && !set.is_empty(), egui::Button::new(text))
                .clicked()
            {
                pick_and_extract(doc, set);
            }
        }
        ui.separator();
        let one = (selected.len() == 1).then(|| selected[0]);
        let open = ui.add_enabled(one.is_some(), egui::Button::new("Open in new tab"));
        if let Some(index) = one.filter(|_| open.clicked()) {
            open_file(doc, index, out);
        }
    });
    if let Some(note) = doc.key_note.as_ref().filter(|_| doc.pak().is_some()) {
        ui.label(note);
    }
    if let Some(w) = &doc.packlist_warning {
        ui.colored_label(ui.visuals().warn_fg_color, w);
    }
    if !doc.message.is_empty() {
        ui.label(&doc.message);
    }
}

fn pick_and_extract(doc: &mut PakDoc, indices: Vec<usize>) {
    let dialog = rfd::FileDialog::new().set_title("Extract to folder");
    if let Some(dest) = dialog.pick_folder() {
        doc.start_extract(indices, dest);
    }
}

fn open_file(doc: &mut PakDoc, index: usize, out: &mut Vec<Command>) {
    match doc.open_file(index) {
        Ok((cmd, status)) => {
            out.push(cmd);
            doc.message = status;
        }
        Err(e) => doc.message = e,
    }
}

fn job_row(ui: &mut Ui, doc: &PakDoc) {
    let Some(job) = &doc.job else { return };
    let p = job.snapshot();
    let fraction = if p.total_bytes > 0 {
        p.done_bytes as f32 / p.total_bytes as f32
    } else {
        p.done_files as f32 / p.total_files.max(1) as f32
    };
    let text = format!(
        "{} / {} files, {} / {} bytes  {}",
        p.done_files,
        p.total_files,
        group_digits(p.done_bytes),
        group_digits(p.total_bytes),
        p.current.as_deref().unwrap_or("")
    );
    ui.horizontal(|ui| {
        let bar = egui::ProgressBar::new(fraction)
            .text(text)
            .desired_width(ui.available_width() - 90.0);
        ui.add(bar);
        let label = if job.is_cancelling() {
            "Cancelling"
        } else {
            "Cancel"
        };
        if ui
            .add_enabled(!job.is_cancelling(), egui::Button::new(label))
            .clicked()
        {
            job.cancel();
        }
    });
}

fn folder_node(ui: &mut Ui, doc: &mut PakDoc, node: usize, depth: usize) {
    let (title, children) = {
        let n = &doc.tree[node];
        let name: &str = if node == 0 { "All files" } else { &n.name };
        (format!("{name} ({})", n.total_files), n.children.clone())
    };
    let selected = doc.folder == node;
    if children.is_empty() {
        if ui.selectable_label(selected, title).clicked() {
            select_folder(doc, node);
        }
        return;
    }
    let id = ui.make_persistent_id(("pak_folder", node));
    let open = depth < 2 || doc.tree.len() <= 40;
    egui::collapsing_header::CollapsingState::load_with_default_open(ui.ctx(), id, open)
        .show_header(ui, |ui| {
            if ui.selectable_label(selected, title).clicked() {
                select_folder(doc, node);
            }
        })
        .body(|ui| {
            for child in children {
                folder_node(ui, doc, child, depth + 1);
            }
        });
}

fn select_folder(doc: &mut PakDoc, node: usize) {
    doc.folder = node;
    doc.selected.clear();
}

fn file_table(ui: &mut Ui, doc: &mut PakDoc, out: &mut Vec<Command>) {
    let visible = doc.visible().to_vec();
    let Some(pak) = doc.pak_shared() else { return };
    let (files, folders) = (pak.files(), pak.folders());
    let mut clicked: Option<(usize, bool, bool)> = None;
    ui.label(format!("{} files shown", visible.len()));
    let row_height = ui.spacing().interact_size.y;
    TableBuilder::new(ui)
        .id_salt("pak_files")
        .striped(true)
        .resizable(true)
        .sense(egui::Sense::click())
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
        .column(Column::initial(220.0).at_least(80.0).clip(true))
        .column(Column::initial(200.0).at_least(60.0).clip(true))
        .column(Column::initial(80.0))
        .column(Column::initial(80.0))
        .column(Column::initial(90.0))
        .column(Column::remainder())
        .header(row_height, |mut header| {
            for title in ["Name", "Folder", "Size", "Stored", "Class id", "Flags"] {
                header.col(|ui| {
                    ui.strong(title);
                });
            }
        })
        .body(|body| {
            body.rows(row_height, visible.len(), |mut row| {
                let index = visible[row.index()];
                let f = &files[index];
                row.set_selected(doc.selected.contains(&index));
                let folder = f.folder.and_then(|i| folders.get(i as usize));
                let cells = [
                    f.name.clone(),
                    folder.map_or("(root)".into(), |d| pak_tree::slash_folder(&d.path)),
                    group_digits(f.uncompressed_size.into()),
                    group_digits(f.compressed_size.into()),
                    format!("0x{:08X}", f.class_id),
                    flags_text(f.flags, f.is_compressed()),
                ];
                let path = f.slash_path();
                for (col, text) in cells.into_iter().enumerate() {
                    row.col(|ui| cell(ui, col, text, &path));
                }
                let resp = row.response();
                if resp.clicked() || resp.double_clicked() {
                    let toggle = resp.ctx.input(|i| i.modifiers.command);
                    clicked = Some((index, toggle, resp.double_clicked()));
                }
            });
        });
    if let Some((index, toggle, double)) = clicked {
        click_row(doc, index, toggle, double, out);
    }
}

/// One table cell: sizes right-aligned, the name shows the full path on
/// hover; labels are not selectable so a click selects the row.
fn cell(ui: &mut Ui, col: usize, text: String, path: &str) {
    let label = egui::Label::new(text).selectable(false);
    let resp = if (2..=3).contains(&col) {
        let rtl = egui::Layout::right_to_left(egui::Align::Center);
        ui.with_layout(rtl, |ui| ui.add(label)).inner
    } else {
        ui.add(label)
    };
    if col == 0 {
        resp.on_hover_text(path);
    }
}

fn click_row(doc: &mut PakDoc, index: usize, toggle: bool, double: bool, out: &mut Vec<Command>) {
    if toggle {
        if !doc.selected.remove(&index) {
            doc.selected.insert(index);
        }
    } else {
        doc.selected.clear();
        doc.selected.insert(index);
    }
    let is_gbx = doc
        .files()
        .get(index)
        .is_some_and(|f| pak_tree::is_gbx_name(&f.name));
    if double && is_gbx {
        open_file(doc, index, out);
    }
}

/// Flags in hex, with "zlib" when the payload is compressed.
/// Flags in hex, then `zlib` (flags & 0x7C) and `plain CBC` for bit 32
/// (`DontUseDummyWrite`: no per-node ivXor; seed 004 `SFileDescFlags`).
fn flags_text(flags: u64, compressed: bool) -> String {
    let mut text = format!("0x{flags:X}");
    if compressed {
        text.push_str(" zlib");
    }
    if flags & (1 << 32) != 0 {
        text.push_str(" plain CBC");
    }
    text
}

fn v6_info(ui: &mut Ui, info: &Result<PakInfoV6, String>) {
    let info = match info {
        Ok(info) => info,
        Err(e) => {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!("cannot read the v6+ header: {e}"),
            );
            return;
        }
    };
    ui.label("ManiaPlanet pak: the unencrypted header, then the folders and files.");
    egui::ScrollArea::vertical()
        .id_salt("pak_v6")
        .max_height(ui.available_height() * 0.5)
        .show(ui, |ui| {
            egui::Grid::new("pak_v6_grid")
                .num_columns(2)
                .striped(true)
                .show(ui, |ui| {
                    for (k, v) in v6_rows(info) {
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
    let nick = trackbench_core::gbx::formatting::strip(&a.nick);
    format!("{} ({nick}) {} {}", a.login, a.zone, a.extra)
        .trim()
        .to_owned()
}

/// The rows of the v6+ info grid (empty values left out).
fn v6_rows(info: &PakInfoV6) -> Vec<(String, String)> {
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
        info.creation_date
            .map_or(String::new(), pak_tree::filetime_utc),
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
