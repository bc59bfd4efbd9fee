//! Asking the user for a path without freezing the window and without
//! failing silently (issue 17): a command that needs a path starts a
//! dialog ([`super::dialogs::start`]) and says what to do with the answer
//! ([`AfterPick`]); the shell polls it each frame. When the system has no
//! dialog, every request, Open included, shows an editable path field
//! ([`PathPrompt`]); the first time, the status bar and the log say why.

use super::dialogs::{self, Answer, Ask};
use crate::app::TrackbenchApp;
use crate::command::library::BatchAction;
use crate::command::{Command, ExportKind, GbxCommand, LibraryCommand, PakCommand};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, TryRecvError};
use trackbench_core::edit::embedded_items::read_item;
use trackbench_core::edit::map_batch::MapEdit;

/// What the shell does with the path the user gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AfterPick {
    /// Open the file in a tab.
    Open,
    /// Open the folder as a library.
    OpenFolder,
    /// Save the active document there.
    SaveAs,
    /// Write this export of the active document there.
    Export(ExportKind),
    /// Make the image the map's thumbnail.
    Thumbnail,
    /// Unlock the active pak with this packlist.dat.
    Packlist,
    /// Extract these files of the active pak below the folder.
    Extract(Vec<usize>),
    /// Compare the active .Gbx with this file (the Diff view).
    Compare,
    /// Embed this item file in the active map at the path in the ZIP, or
    /// replace the entry there.
    EmbedItem {
        /// Path in the items ZIP.
        zip_path: String,
        /// Replace instead of add.
        replace: bool,
    },
    /// Plan this batch of the active library with this output folder/file.
    LibraryBatch(BatchAction),
}

/// Whether the system's file dialogs are used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DialogBackend {
    /// rfd's native dialogs (the app's default).
    #[default]
    Native,
    /// None: every request falls back at once (set by tests, and once a
    /// dialog failed to show).
    Unavailable,
}

/// A dialog running on its worker thread.
pub struct PendingDialog {
    after: AfterPick,
    ask: Ask,
    answer: Receiver<Answer>,
}

/// The path field shown when no dialog can be: what it is for, the text
/// typed, and what went wrong with the last try.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PathPrompt {
    /// What the path is for.
    pub after: AfterPick,
    /// The path typed so far (starts with a suggestion).
    pub text: String,
    /// A folder is wanted (else a file).
    pub folder: bool,
}

/// The first fallback's message: why there is no dialog and what to do.
pub const NO_DIALOG: &str = "No file dialog is available on this system (on Linux it needs \
     xdg-desktop-portal or zenity): type the path in the field shown instead, or pick files \
     in the Library tab.";

impl TrackbenchApp {
    /// Asks for a path as `ask` says, then does `after` with it.
    pub(crate) fn ask_path(&mut self, ask: Ask, after: AfterPick) {
        if self.dialog.is_some() {
            self.message = "a file dialog is already open".into();
            return;
        }
        if self.dialog_backend == DialogBackend::Unavailable {
            self.no_dialog(&ask, after);
            return;
        }
        let ctx = std::sync::Arc::clone(&self.repaint);
        let answer = dialogs::start(ask.clone(), move || {
            if let Some(ctx) = ctx.get() {
                ctx.request_repaint();
            }
        });
        self.dialog = Some(PendingDialog { after, ask, answer });
    }

    /// Takes the open dialog's answer, if it came (before each frame).
    pub(crate) fn poll_dialog(&mut self, ctx: &egui::Context) {
        let Some(pending) = &self.dialog else { return };
        let answer = match pending.answer.try_recv() {
            Ok(a) => a,
            Err(TryRecvError::Empty) => {
                // The worker wakes the window once it answers.
                return;
            }
            Err(TryRecvError::Disconnected) => Answer::NoBackend,
        };
        let Some(PendingDialog { after, ask, .. }) = self.dialog.take() else {
            return;
        };
        match answer {
            Answer::Picked(path) => self.picked(ctx, after, path),
            Answer::Cancelled => {
                self.message = format!("{}: cancelled, nothing was done", after.label());
            }
            Answer::NoBackend => {
                self.dialog_backend = DialogBackend::Unavailable;
                self.no_dialog(&ask, after);
            }
        }
    }

    /// No dialog: every request gets the editable path field (Open starts
    /// in the active document's folder, Save As with the suggested name).
    /// Says why the first time.
    fn no_dialog(&mut self, ask: &Ask, after: AfterPick) {
        if !self.told_no_dialog {
            self.told_no_dialog = true;
            self.log.push(NO_DIALOG.to_owned());
        }
        let start = self.start_folder();
        let text = match ask {
            Ask::Save(spec) => start.join(&spec.suggested_name),
            Ask::Packlist(Some(dir)) => dir.join("packlist.dat"),
            _ => start,
        };
        self.message = "No file dialog on this system: type the path in the field shown.".into();
        self.path_prompt = Some(PathPrompt {
            after,
            text: text.display().to_string(),
            folder: ask.wants_folder(),
        });
    }

    /// The folder a fallback starts in: the active document's, else the
    /// last opened file's, else the working folder.
    fn start_folder(&self) -> PathBuf {
        let active = self
            .doc
            .as_ref()
            .and_then(|d| d.path())
            .map(Path::to_path_buf);
        let recent = self.settings.recent_files.first().cloned();
        active
            .or(recent)
            .and_then(|p| {
                if p.is_dir() {
                    Some(p)
                } else {
                    p.parent().map(Path::to_path_buf)
                }
            })
            .filter(|p| p.is_dir())
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_else(|| PathBuf::from("."))
    }

    /// Does `after` with `path`.
    pub(crate) fn picked(&mut self, ctx: &egui::Context, after: AfterPick, path: PathBuf) {
        match after {
            AfterPick::Open => self.open_path(&path),
            AfterPick::OpenFolder => self.open_folder(&path),
            AfterPick::SaveAs => self.save_to(&path),
            AfterPick::Export(kind) => self.export_to(kind, &path),
            // Bounded reads (issue 43, finding 6): a picture up to its
            // limit, an item no further than its declared end.
            AfterPick::Thumbnail => match trackbench_core::sniff::input::read_limited(
                &path,
                trackbench_core::sniff::input::MAX_IMAGE_BYTES,
                "a thumbnail",
            ) {
                Ok(image) => {
                    self.push(Command::Gbx(GbxCommand::EditMap(vec![MapEdit::Thumbnail(
                        image,
                    )])))
                }
                Err(e) => self.message = format!("cannot read {}: {e}", path.display()),
            },
            AfterPick::Packlist => self.apply_pak(ctx, PakCommand::UnlockWithPacklist(path)),
            AfterPick::Extract(files) => {
                self.apply_pak(ctx, PakCommand::Extract { files, dest: path });
            }
            AfterPick::Compare => self.compare_with(path),
            AfterPick::EmbedItem { zip_path, replace } => match read_item(&path) {
                Ok(item) => {
                    let file_name = path
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    self.push(Command::Gbx(GbxCommand::EmbedItem {
                        item,
                        file_name,
                        zip_path,
                        replace,
                    }));
                }
                Err(e) => self.message = format!("cannot read {}: {e}", path.display()),
            },
            AfterPick::LibraryBatch(action) => {
                self.push(Command::Library(LibraryCommand::PlanBatch {
                    action,
                    target: path,
                }))
            }
        }
    }

    /// The path field (when no dialog could be shown), and a note while a
    /// dialog is open.
    pub(crate) fn path_prompt_window(&mut self, ctx: &egui::Context) {
        if let Some(pending) = &self.dialog {
            egui::Modal::new(egui::Id::unique("trackbench.dialog_open")).show(ctx, |ui| {
                ui.label(format!(
                    "Waiting for the file dialog ({})…",
                    pending.after.label()
                ));
            });
        }
        let Some(prompt) = &mut self.path_prompt else {
            return;
        };
        let mut done = None;
        egui::Modal::new(egui::Id::unique("trackbench.path_prompt")).show(ctx, |ui| {
            ui.heading(prompt.after.label());
            let label = ui.label(if prompt.folder {
                "No file dialog on this system. Folder:"
            } else {
                "No file dialog on this system. Path of the file:"
            });
            let edit = ui
                .add(
                    egui::TextEdit::singleline(&mut prompt.text)
                        .desired_width(ui.available_width().clamp(240.0, 560.0)),
                )
                .labelled_by(label.id);
            let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            ui.horizontal(|ui| {
                if ui.button("OK").clicked() || enter {
                    done = Some(true);
                }
                if ui.button("Cancel").clicked() {
                    done = Some(false);
                }
            });
        });
        match done {
            Some(true) => {
                let Some(prompt) = self.path_prompt.take() else {
                    return;
                };
                let path = PathBuf::from(prompt.text.trim());
                self.picked(ctx, prompt.after, path);
            }
            Some(false) => self.path_prompt = None,
            None => {}
        }
    }
}

impl AfterPick {
    /// What the path is for, as a title.
    #[must_use]
    pub fn label(&self) -> &'static str {
        match self {
            Self::Open => "Open a file",
            Self::OpenFolder => "Open a folder as a library",
            Self::SaveAs => "Save As",
            Self::Export(kind) => kind.label(),
            Self::Thumbnail => "Replace the thumbnail",
            Self::Packlist => "The game's packlist.dat",
            Self::Extract(_) => "Extract to folder",
            Self::Compare => "Compare with another file",
            Self::EmbedItem { replace: false, .. } => "Embed an item (.Item.Gbx)",
            Self::EmbedItem { replace: true, .. } => "Replace an embedded item (.Item.Gbx)",
            Self::LibraryBatch(action) => action.label(),
        }
    }
}
