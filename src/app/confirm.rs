//! The shell's questions before it does something risky (issue 30):
//! saving over a read-only file ("Save anyway", "Save As…", "Cancel") and
//! the first edit of a .Gbx that did not read completely ("Edit anyway",
//! "Cancel", asked once per document), and opening a file half-written by
//! an interrupted save ("Restore the old version", "Open as it is",
//! "Cancel", with both versions' sizes and dates; issue 43). Each answer is
//! a [`Command`], so the modal only reads the app and pushes commands.

use crate::app::{OpenDoc, TrackbenchApp};
use crate::command::gbx::UnknownName;
use crate::command::{Command, GbxCommand};
use std::path::{Path, PathBuf};
use trackbench_core::save::recovery::date;
use trackbench_core::save::{RestoreFacts, SaveOptions, SaveRefused, refusal_before_save};

/// A question waiting for the user's answer.
#[derive(Debug, Clone, PartialEq)]
pub enum Confirmation {
    /// Saving to `path` was refused because the file is read-only.
    ReadOnlySave {
        /// The file the save was for.
        path: PathBuf,
        /// The refusal, in words (names the mode).
        reason: String,
    },
    /// The first edit of a partly read file: `edit` waits.
    PartialEdit {
        /// Why the file is partial (the core's sentence).
        reason: String,
        /// The edit to apply once the user agrees.
        edit: GbxCommand,
    },
    /// Writing a car or decoration name the game is not known to have.
    UnknownName(UnknownName),
    /// Opening `path`, which an interrupted save left half-written; the
    /// backup of that very save can put its old bytes back.
    RestoreInterrupted {
        /// The file being opened.
        path: PathBuf,
        /// Both versions' sizes and dates.
        facts: RestoreFacts,
    },
}

impl Confirmation {
    /// The modal's heading.
    #[must_use]
    pub fn heading(&self) -> &'static str {
        match self {
            Self::ReadOnlySave { .. } => "This file is read-only",
            Self::PartialEdit { .. } => "This file was not read completely",
            Self::RestoreInterrupted { .. } => "A save of this file did not finish",
            Self::UnknownName(_) => "This name is unknown",
        }
    }

    /// The modal's text: what happened and what each answer does.
    #[must_use]
    pub fn text(&self) -> String {
        match self {
            Self::ReadOnlySave { reason, .. } => format!(
                "{reason}.\nSave anyway replaces it and keeps its permissions (still \
                 read-only); Save As… writes a new file instead."
            ),
            Self::PartialEdit { reason, .. } => format!(
                "Reading stopped before the end of the file: {reason}.\nAn edit is written \
                 around bytes trackbench does not understand, and the result cannot be checked \
                 by reading it back completely. Edit anyway allows edits of this document \
                 (each can be undone)."
            ),
            Self::UnknownName(u) => format!(
                "{:?} is not a {} known for this map's environment, nor one this file \
                 holds. The game may refuse the map or replace the name.\nKnown: {}.\nSet \
                 anyway writes it as typed (the edit can be undone).",
                u.name,
                u.what,
                if u.known.is_empty() {
                    "none".to_owned()
                } else {
                    u.known.join(", ")
                }
            ),
            Self::RestoreInterrupted { path, facts } => format!(
                "{} was being overwritten when the save stopped: it is half-written now \
                 ({} bytes, {}).\nThe backup that save made holds the old version ({} bytes, \
                 {}). Restore the old version puts it back in place (every hard link sees \
                 it); Open as it is keeps the file as it is and the backup in {}.",
                path.display(),
                facts.now_len,
                date(facts.now_modified),
                facts.old_len,
                date(Some(facts.old_modified)),
                facts.backup.display()
            ),
        }
    }

    /// The answers, as (button label, hover text, command).
    #[must_use]
    pub fn answers(&self) -> Vec<(&'static str, &'static str, Command)> {
        let cancel = ("Cancel", "Nothing is written", Command::DismissConfirmation);
        match self {
            Self::ReadOnlySave { path, .. } => vec![
                (
                    "Save anyway",
                    "Overwrite the read-only file",
                    Command::SaveAnyway(path.clone()),
                ),
                ("Save As…", "Choose another file", Command::SaveAs),
                cancel,
            ],
            Self::PartialEdit { edit, .. } => vec![
                (
                    "Edit anyway",
                    "Apply this edit and allow the next ones",
                    Command::Gbx(edit.clone()),
                ),
                cancel,
            ],
            Self::UnknownName(u) => vec![
                (
                    "Set anyway",
                    "Write the unknown name",
                    Command::Gbx(GbxCommand::ApplyEdit(u.edit.clone())),
                ),
                cancel,
            ],
            Self::RestoreInterrupted { path, .. } => vec![
                (
                    "Restore the old version",
                    "Put the old bytes back from the backup, then open the file",
                    Command::RestoreInterruptedSave(path.clone()),
                ),
                (
                    "Open as it is",
                    "Open the half-written file; the backup is kept",
                    Command::OpenAsItIs(path.clone()),
                ),
                (
                    "Cancel",
                    "Nothing is opened or written",
                    Command::DismissConfirmation,
                ),
            ],
        }
    }
}

impl TrackbenchApp {
    /// Before a save to `path`: asks instead when the file is read-only.
    /// Returns true when the save may go ahead now.
    pub(crate) fn may_save_to(&mut self, path: &Path) -> bool {
        match refusal_before_save(path, SaveOptions::default()) {
            Some(r @ SaveRefused::ReadOnly { .. }) => {
                self.message = format!("not saved yet: {r}");
                self.confirm = Some(Confirmation::ReadOnlySave {
                    path: path.to_path_buf(),
                    reason: r.to_string(),
                });
                false
            }
            // Any other refusal is the save's own error message.
            _ => true,
        }
    }

    /// Before a .Gbx command: an edit of a partial file not yet allowed
    /// waits for "Edit anyway". Returns the command when it may run now.
    pub(crate) fn gate_partial_edit(&mut self, cmd: GbxCommand) -> Option<GbxCommand> {
        let Some(OpenDoc::Gbx(doc, _)) = self.doc.as_ref() else {
            return Some(cmd);
        };
        if !cmd.is_edit() {
            return Some(cmd);
        }
        let Some(reason) = doc.partial_edit_question() else {
            return Some(cmd);
        };
        self.message = format!(
            "{}: waiting for your answer (the file is partial)",
            cmd.label()
        );
        self.confirm = Some(Confirmation::PartialEdit { reason, edit: cmd });
        None
    }

    /// The modal with the waiting question, when there is one. An answer
    /// closes it and pushes its command ("Edit anyway" first allows this
    /// document's edits).
    pub(crate) fn confirmation_prompt(&mut self, ctx: &egui::Context, out: &mut Vec<Command>) {
        let Some(question) = self.confirm.clone() else {
            return;
        };
        let mut answer = None;
        let modal = egui::Modal::new(egui::Id::unique("trackbench.confirmation")).show(ctx, |ui| {
            ui.set_max_width(480.0);
            ui.heading(question.heading());
            ui.label(question.text());
            ui.horizontal_wrapped(|ui| {
                for (label, hover, cmd) in question.answers() {
                    if ui.button(label).on_hover_text(hover).clicked() {
                        answer = Some(cmd);
                    }
                }
            });
        });
        if answer.is_none() && modal.should_close() {
            answer = Some(Command::DismissConfirmation);
        }
        let Some(cmd) = answer else {
            return;
        };
        self.confirm = None;
        if matches!(question, Confirmation::PartialEdit { .. }) && matches!(cmd, Command::Gbx(_)) {
            out.push(Command::Gbx(GbxCommand::AllowPartialEdits));
        }
        out.push(cmd);
    }
}
