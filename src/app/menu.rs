//! Menus, keyboard shortcuts, drag-and-drop, the window title and the
//! "save changes?" prompt of the app.

use crate::app::{OpenDoc, TrackbenchApp};
use crate::command::shortcut::Shortcut;
use crate::command::{Command, CopyWhat, ExportKind};
use crate::document::Document;
use crate::widgets::keys;
use std::path::PathBuf;

impl TrackbenchApp {
    pub(crate) fn shortcuts_and_drops(&mut self, ctx: &egui::Context) {
        // Longest modifier sets first so Ctrl+Shift+Z is not taken as Ctrl+Z.
        let mut order: Vec<(Shortcut, &Command)> = Command::WITH_SHORTCUTS
            .iter()
            .flat_map(|c| c.shortcuts().iter().map(move |s| (*s, c)))
            .collect();
        order.sort_by_key(|(s, _)| std::cmp::Reverse(u8::from(s.shift)));
        // While a text field has the keyboard, Ctrl+Z/Ctrl+Y undo the typing
        // there (egui's own text undo), not the document; another focused
        // widget (an inspector row) leaves them to the document.
        let typing = ctx.text_edit_focused();
        for (shortcut, cmd) in order {
            if typing && matches!(cmd, Command::Undo | Command::Redo) {
                continue;
            }
            if ctx.input_mut(|i| keys::consume(i, shortcut)) {
                self.queue.push(cmd.clone());
            }
        }
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .filter(|p| !p.as_os_str().is_empty())
                .collect()
        });
        // Several replays and ghosts dropped at once are compared in a Runs
        // tab; otherwise every dropped file opens (or says why it cannot).
        let runs = dropped.len() >= 2 && dropped.iter().all(|p| crate::runs::doc::is_run_file(p));
        if runs {
            self.queue.push(Command::CompareRuns(dropped));
        } else {
            self.queue.extend(dropped.into_iter().map(Command::Open));
        }
        if ctx.input(|i| i.viewport().close_requested()) && self.any_dirty() && !self.allow_close {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.pending = Some(Command::Quit);
        }
        let title = match &self.doc {
            Some(d) => format!("{} — trackbench", d.title()),
            None => "trackbench".to_string(),
        };
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }

    pub(crate) fn menu(&self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| self.file_menu(ui, out));
            ui.menu_button("Edit", |ui| self.edit_menu(ui, out));
            ui.menu_button("View", |ui| {
                let panels = self.panel_toggles();
                crate::app::windows::view_menu(ui, self.settings.theme, &panels, out);
            });
        });
    }

    fn file_menu(&self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        if ui.button("Open… (Ctrl+O)").clicked() {
            out.push(Command::OpenDialog);
        }
        if ui.button("Open folder… (Ctrl+Shift+O)").clicked() {
            out.push(Command::OpenFolderDialog);
        }
        if ui.button(Command::NewTrack.label()).clicked() {
            out.push(Command::NewTrack);
        }
        ui.menu_button("Open recent", |ui| {
            for p in &self.settings.recent_files {
                if ui.button(p.display().to_string()).clicked() {
                    out.push(Command::Open(p.clone()));
                }
            }
        });
        ui.menu_button("Samples", |ui| {
            for (n, s) in self.samples.iter().enumerate() {
                if ui.button(s.name).on_hover_text(s.description).clicked() {
                    out.push(Command::OpenSample(n));
                }
            }
        });
        ui.separator();
        let doc = self.doc.as_ref().map(OpenDoc::document);
        let savable = doc.is_some_and(|d| d.save_dialog().is_some());
        if ui
            .add_enabled(savable, egui::Button::new("Save (Ctrl+S)"))
            .clicked()
        {
            out.push(Command::Save);
        }
        if ui
            .add_enabled(savable, egui::Button::new("Save As… (Ctrl+Shift+S)"))
            .clicked()
        {
            out.push(Command::SaveAs);
        }
        for choice in doc.map(|d| d.export_choices()).unwrap_or_default() {
            // A map's embedded items export from the 3D view, not the menu.
            if let ExportKind::Mesh { item: Some(_), .. } = choice.kind {
                continue;
            }
            let label = match choice.kind {
                ExportKind::LightmapPng(i) => format!("Export lightmap frame {i} as PNG…"),
                k => k.label().to_string(),
            };
            if ui.button(label).clicked() {
                out.push(Command::Export(choice.kind));
            }
        }
        let has_thumb = self.gbx_doc().is_some_and(|d| d.thumbnail.is_some());
        if has_thumb && ui.button(Command::PickThumbnail.label()).clicked() {
            out.push(Command::PickThumbnail);
        }
        let comparable = matches!(self.doc, Some(OpenDoc::Gbx(..) | OpenDoc::Trk(..)));
        if comparable && ui.button(Command::PickCompareFile.label()).clicked() {
            out.push(Command::PickCompareFile);
        }
        ui.separator();
        let mut backup = self.settings.backup_on_save;
        if ui
            .checkbox(&mut backup, "Keep a .bak of the original on first save")
            .changed()
        {
            out.push(Command::SetBackupOnSave(backup));
        }
        if ui
            .add_enabled(self.doc.is_some(), egui::Button::new("Close"))
            .clicked()
        {
            out.push(Command::Close);
        }
        if ui.button("Quit").clicked() {
            out.push(Command::Quit);
        }
    }

    fn edit_menu(&self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        let doc = self.doc.as_ref().map(OpenDoc::document);
        let undo = doc.and_then(Document::undo_label);
        let redo = doc.and_then(Document::redo_label);
        let label = |verb: &str, l: &Option<String>| match l {
            Some(l) => format!("{verb} {l}"),
            None => verb.to_string(),
        };
        if ui
            .add_enabled(
                undo.is_some(),
                egui::Button::new(label("Undo", &undo))
                    .shortcut_text(Command::Undo.shortcut_text()),
            )
            .clicked()
        {
            out.push(Command::Undo);
        }
        if ui
            .add_enabled(
                redo.is_some(),
                egui::Button::new(label("Redo", &redo))
                    .shortcut_text(Command::Redo.shortcuts()[0].label()),
            )
            .clicked()
        {
            out.push(Command::Redo);
        }
        ui.separator();
        if let Some(OpenDoc::Gbx(g, _)) = &self.doc {
            let tools = crate::app::windows::map_tools(g);
            for cmd in &tools {
                let button = egui::Button::new(cmd.label()).shortcut_text(cmd.shortcut_text());
                if ui.add(button).clicked() {
                    out.push(cmd.clone());
                }
            }
            if !tools.is_empty() {
                ui.separator();
            }
        }
        for what in CopyWhat::ALL {
            if ui
                .add_enabled(self.gbx_doc().is_some(), egui::Button::new(what.label()))
                .clicked()
            {
                out.push(Command::Copy(what));
            }
        }
    }

    /// The modal "save changes?" prompt for a pending command.
    pub(crate) fn unsaved_prompt(&mut self, ctx: &egui::Context, out: &mut Vec<Command>) {
        let Some(pending) = self.pending.clone() else {
            return;
        };
        let name = self.doc.as_ref().map(OpenDoc::title).unwrap_or_default();
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("trackbench.unsaved_prompt")).show(ctx, |ui| {
            ui.heading("Unsaved changes");
            ui.label(format!(
                "Save the changes to {}?",
                name.trim_start_matches("* ")
            ));
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    answer = Some(0);
                }
                if ui.button("Discard changes").clicked() {
                    answer = Some(1);
                }
                if ui.button("Cancel").clicked() {
                    answer = Some(2);
                }
            });
        });
        match answer {
            Some(0) => {
                self.pending = None;
                out.push(Command::Save);
                out.push(pending);
            }
            Some(1) => {
                // Changes discarded: closing or quitting proceeds unasked.
                self.pending = None;
                if pending == Command::Quit {
                    self.allow_close = true;
                    out.push(pending);
                } else {
                    self.close_active();
                }
            }
            Some(_) => self.pending = None,
            None => {}
        }
    }
}
