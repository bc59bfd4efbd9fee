//! NadeoPak browser (issue 7): key prompt, folder tree, file table with a
//! search by name, extraction with progress and cancel, opening a
//! contained file in a new tab; a ManiaPlanet pak is drawn by
//! [`super::v6_view`]. Reads the document, keeps typed text in the view,
//! and pushes every action as a [`PakCommand`].

use egui::{RichText, TextEdit, Ui};
use egui_extras::{Column, TableBuilder};
use trackbench_core::pak::KeyInput;
use trackbench_core::pak::tree::slash_folder;

use crate::command::{Command, PakCommand};
use crate::pak::doc::PakDoc;
use crate::pak::view::PakView;
use crate::widgets::numbers::group_digits;

/// Label of the unlock button.
pub const UNLOCK: &str = "Unlock";
/// Label of the key field.
pub const KEY_LABEL: &str = "packlist.dat or key:";
/// Label of the search field.
pub const SEARCH_LABEL: &str = "Search by name:";

fn push(out: &mut Vec<Command>, cmd: PakCommand) {
    out.push(Command::Pak(cmd));
}

/// Draws the browser.
pub fn ui(ui: &mut Ui, doc: &PakDoc, view: &mut PakView, out: &mut Vec<Command>) {
    ui.horizontal(|ui| {
        ui.heading(doc.title());
        ui.label(summary(doc));
    });
    if doc.v6().is_some() {
        super::v6_view::ui(ui, doc, view, out);
        return;
    }
    if !doc.is_unlocked() {
        key_prompt(ui, doc, view, out);
        return;
    }
    if let Some(job) = &doc.job {
        if job.is_finished() {
            push(out, PakCommand::PollExtraction);
        } else {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(100));
        }
    }
    toolbar(ui, doc, view, out);
    job_row(ui, doc, out);
    super::meta_view::ui(ui, doc, out);
    // The file table keeps 320 points; a deep folder tree scrolls sideways.
    let folders_max_px = (ui.available_width() - 320.0).max(140.0);
    egui::Panel::left("pak_folders")
        .resizable(true)
        .default_size(240.0)
        .max_size(folders_max_px)
        .show(ui, |ui| {
            egui::ScrollArea::both()
                .id_salt("pak_folder_scroll")
                .show(ui, |ui| {
                    folder_node(ui, doc, view, 0, 0, out);
                });
        });
    egui::Frame::new()
        .inner_margin(egui::Margin::symmetric(6, 0))
        .show(ui, |ui| file_table(ui, doc, view, out));
}

/// One line under the title: version, counts, header check.
fn summary(doc: &PakDoc) -> String {
    let version = doc.version();
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
        None if doc.v6().is_some() => format!("NadeoPak v{version} (ManiaPlanet)"),
        None => format!(
            "NadeoPak v{version} | encrypted, {} bytes",
            group_digits(doc.locked_len() as u64)
        ),
    }
}

fn key_prompt(ui: &mut Ui, doc: &PakDoc, view: &mut PakView, out: &mut Vec<Command>) {
    ui.add_space(8.0);
    ui.label(
        "This pak is encrypted. Give the game's packlist.dat (its key is looked up by the \
         pak's file name) or the pak's 16-byte key as 32 hex digits.",
    );
    let mut go = false;
    ui.horizontal(|ui| {
        let label = ui.label(KEY_LABEL);
        let edit = TextEdit::singleline(&mut view.key_text)
            .desired_width(460.0)
            .hint_text("path/to/Packs/packlist.dat  or  32 hex digits");
        let resp = ui.add(edit).labelled_by(label.id);
        go |= resp.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if ui.button("Browse...").clicked() {
            push(out, PakCommand::BrowsePacklist);
        }
        go |= ui.button(UNLOCK).clicked();
    });
    if go {
        push(out, PakCommand::Unlock(KeyInput::parse(&view.key_text)));
    }
    if let Some(err) = &doc.key_error {
        let (first, detail) = err.split_once('\n').unwrap_or((err, ""));
        ui.colored_label(ui.visuals().error_fg_color, first);
        if !detail.is_empty() {
            ui.label(RichText::new(detail).small().weak());
        }
    }
}

fn toolbar(ui: &mut Ui, doc: &PakDoc, view: &mut PakView, out: &mut Vec<Command>) {
    let idle = doc.job.is_none();
    crate::widgets::toolbar::row(ui, |ui| {
        let label = ui.label(SEARCH_LABEL);
        let edit = TextEdit::singleline(&mut view.search)
            .desired_width(180.0)
            .hint_text("part of a name");
        ui.add(edit).labelled_by(label.id);
        ui.separator();
        let selected: Vec<usize> = view.selected.iter().copied().collect();
        let folder = view.folder_files(doc.tree(), doc.files());
        let all: Vec<usize> = (0..doc.files().len()).collect();
        for (text, set) in [
            (
                format!("Extract selected ({})", selected.len()),
                selected.clone(),
            ),
            (format!("Extract folder ({})", folder.len()), folder),
            (format!("Extract all ({})", all.len()), all),
        ] {
            let enabled = idle && !set.is_empty();
            if ui.add_enabled(enabled, egui::Button::new(text)).clicked() {
                push(out, PakCommand::ChooseExtractFolder(set));
            }
        }
        ui.separator();
        let one = (selected.len() == 1).then(|| selected[0]);
        let open = ui.add_enabled(one.is_some(), egui::Button::new("Open in new tab"));
        if let Some(index) = one.filter(|_| open.clicked()) {
            push(out, PakCommand::OpenEntry(index));
        }
    });
    if let Some(note) = doc.key_note.as_ref().filter(|_| doc.is_unlocked()) {
        ui.label(note);
    }
    if let Some(w) = &doc.packlist_warning {
        ui.colored_label(ui.visuals().warn_fg_color, w);
    }
    if !doc.message.is_empty() {
        ui.label(&doc.message);
    }
}

fn job_row(ui: &mut Ui, doc: &PakDoc, out: &mut Vec<Command>) {
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
            push(out, PakCommand::CancelExtraction);
        }
    });
}

fn folder_node(
    ui: &mut Ui,
    doc: &PakDoc,
    view: &PakView,
    node: usize,
    depth: usize,
    out: &mut Vec<Command>,
) {
    let Some(n) = doc.tree().node(node) else {
        return;
    };
    let name: &str = if node == 0 { "All files" } else { &n.name };
    let title = format!("{name} ({})", n.total_files);
    let selected = view.folder == node;
    if n.children.is_empty() {
        if ui.selectable_label(selected, title).clicked() {
            push(out, PakCommand::SelectFolder(node));
        }
        return;
    }
    let id = ui.make_persistent_id(("pak_folder", node));
    let open = depth < 2 || doc.tree().len() <= 40;
    egui::collapsing_header::CollapsingState::load_with_default_open(ui.ctx(), id, open)
        .show_header(ui, |ui| {
            if ui.selectable_label(selected, title).clicked() {
                push(out, PakCommand::SelectFolder(node));
            }
        })
        .body(|ui| {
            for &child in &n.children {
                folder_node(ui, doc, view, child, depth + 1, out);
            }
        });
}

fn file_table(ui: &mut Ui, doc: &PakDoc, view: &mut PakView, out: &mut Vec<Command>) {
    let visible = view.visible(doc.tree(), doc.files()).to_vec();
    let Some(pak) = doc.pak() else { return };
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
                row.set_selected(view.selected.contains(&index));
                let folder = f.folder.and_then(|i| folders.get(i as usize));
                let cells = [
                    f.name.clone(),
                    folder.map_or("(root)".into(), |d| slash_folder(&d.path)),
                    group_digits(f.uncompressed_size.into()),
                    group_digits(f.compressed_size.into()),
                    format!("0x{:08X}", f.class_id),
                    flags_text(f.flags, f.is_compressed(), f.dont_use_dummy_write()),
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
        push(
            out,
            if toggle {
                PakCommand::ToggleFile(index)
            } else {
                PakCommand::SelectFiles(vec![index])
            },
        );
        if double && files.get(index).is_some_and(|f| f.has_gbx_name()) {
            push(out, PakCommand::OpenEntry(index));
        }
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

/// Flags in hex, then `zlib` (flags & 0x7C) and `plain CBC` for bit 32
/// (`DontUseDummyWrite`: no per-node ivXor; seed 004 `SFileDescFlags`).
fn flags_text(flags: u64, compressed: bool, plain_cbc: bool) -> String {
    let mut text = format!("0x{flags:X}");
    if compressed {
        text.push_str(" zlib");
    }
    if plain_cbc {
        text.push_str(" plain CBC");
    }
    text
}
