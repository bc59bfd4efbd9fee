//! Leftovers of a save that did not finish (`trackbench_core::save`):
//! found at start-up in the folders of the files being opened and of the
//! recent files, and beside every file opened later. A hard-linked file
//! that the backup of an interrupted save proves half-written is not read
//! before the user answers (restore the old version, or open it as it is:
//! `confirm.rs`); nothing is ever restored silently (issue 43). The bar
//! under the menu offers the unsaved new version back ("Open it") and
//! deletes the leftovers on request (never a backup it cannot match to its
//! file, never one that is still needed).

use crate::app::TrackbenchApp;
use crate::command::Command;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use trackbench_core::save::{
    Recovered, RestoreFacts, StaleFile, StaleKind, Verdict, plan_recovery, recover, stale_files,
    stale_files_for,
};

/// The leftovers in the folders of `files`.
#[must_use]
pub fn find_stale_saves<'a>(files: impl IntoIterator<Item = &'a Path>) -> Vec<StaleFile> {
    let dirs: BTreeSet<PathBuf> = files
        .into_iter()
        .filter_map(|f| f.parent())
        .map(|d| {
            if d.as_os_str().is_empty() {
                PathBuf::from(".")
            } else {
                d.to_path_buf()
            }
        })
        .collect();
    dirs.iter().flat_map(|d| stale_files(d)).collect()
}

impl TrackbenchApp {
    /// Looks for leftovers beside `files` and the recent files.
    pub(crate) fn look_for_stale_saves(&mut self, files: &[PathBuf]) {
        let recent = self.settings.recent_files.clone();
        let all = files.iter().chain(&recent).map(PathBuf::as_path);
        self.stale_saves = find_stale_saves(all);
    }

    /// The restore an interrupted save of `path` waits for, if any (asked
    /// before the file is read).
    pub(crate) fn interrupted_save_of(path: &Path) -> Option<RestoreFacts> {
        if stale_files_for(path).is_empty() {
            return None;
        }
        plan_recovery(path).ok()?.restore().cloned()
    }

    /// Before `path` is read: adds its leftovers to the bar. Returns a
    /// sentence for the status bar when something was found.
    pub(crate) fn check_stale_saves_of(&mut self, path: &Path) -> Option<String> {
        let found = stale_files_for(path);
        if found.is_empty() {
            return None;
        }
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        for s in found {
            if !self.stale_saves.contains(&s) {
                self.stale_saves.push(s);
            }
        }
        Some(format!(
            "a save of {name} did not finish (its leftovers are listed above)"
        ))
    }

    /// The user's "Restore the old version": recovers `path` (the core
    /// checks the backup again, under the file's lock), then opens it.
    pub(crate) fn restore_interrupted_save(&mut self, path: &Path) {
        self.confirm = None;
        let said = match recover(path, true) {
            Ok((Recovered::OldRestored, _)) => "its old version was put back".to_owned(),
            Ok((Recovered::Busy, _)) => "a save of it is running: not restored".to_owned(),
            Ok((_, plan)) => format!("not restored: {}", plan.lines(true).join("; ")),
            Err(e) => format!("could not be restored: {e}"),
        };
        self.stale_saves.retain(|s| s.path.exists());
        self.open_path_as_it_is(path);
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        self.message = format!("{}; {name}: {said}", self.message);
    }

    /// The bar offering leftovers back or for deletion (when there are).
    pub(crate) fn stale_saves_bar(&self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        let Some(first) = self.stale_saves.first() else {
            return;
        };
        ui.horizontal_wrapped(|ui| {
            let folder = first
                .path
                .parent()
                .map_or_else(String::new, |d| d.display().to_string());
            let unsaved = self
                .stale_saves
                .iter()
                .find(|s| s.kind == StaleKind::NewBytes && s.target.is_some());
            let text = match unsaved {
                Some(s) => format!(
                    "A save that did not finish left {} file(s) in {folder}: recover the unsaved \
                     version of {} from {}?",
                    self.stale_saves.len(),
                    file_name(s.target.as_deref()),
                    file_name(Some(&s.path)),
                ),
                None => format!(
                    "{} temporary file(s) from a save that did not finish were left in {folder}.",
                    self.stale_saves.len()
                ),
            };
            ui.label(text).on_hover_text(
                self.stale_saves
                    .iter()
                    .map(StaleFile::describe)
                    .collect::<Vec<_>>()
                    .join("\n"),
            );
            if let Some(s) = unsaved
                && ui
                    .button("Open it")
                    .on_hover_text("Opens the unsaved version in a tab (Save As keeps it)")
                    .clicked()
            {
                out.push(Command::Open(s.path.clone()));
            }
            if ui.button("Delete them").clicked() {
                out.push(Command::CleanStaleSaves(true));
            }
            if ui.button("Keep").clicked() {
                out.push(Command::CleanStaleSaves(false));
            }
        });
    }

    /// Deletes the leftovers (`delete`) or just hides the bar. Backups are
    /// deleted only when the core proves them obsolete; one that would
    /// restore a half-written file, or that matches no file, is kept.
    pub(crate) fn clean_stale_saves(&mut self, delete: bool) {
        let files = std::mem::take(&mut self.stale_saves);
        if !delete {
            return;
        }
        let mut failed = Vec::new();
        let (mut kept, mut waiting) = (0, Vec::new());
        let targets: BTreeSet<&PathBuf> = files
            .iter()
            .filter(|s| s.kind != StaleKind::NewBytes)
            .filter_map(|s| s.target.as_ref())
            .collect();
        for t in targets {
            match recover(t, false) {
                Ok((_, plan)) => {
                    if plan.restore().is_some() {
                        waiting.push(file_name(Some(t)));
                    }
                    kept += plan
                        .steps
                        .iter()
                        .filter(|s| !matches!(s.verdict, Verdict::Obsolete(..)))
                        .count();
                }
                Err(e) => failed.push(format!("{}: {e}", t.display())),
            }
        }
        let news = files.iter().filter(|f| f.kind == StaleKind::NewBytes);
        for f in news.filter(|f| f.path.exists()) {
            if let Err(e) = std::fs::remove_file(&f.path) {
                failed.push(format!("{}: {e}", f.path.display()));
            }
        }
        let deleted = files.iter().filter(|f| !f.path.exists()).count();
        let mut message = if failed.is_empty() {
            format!("deleted {deleted} leftover temporary file(s)")
        } else {
            format!("could not delete {}", failed.join("; "))
        };
        if kept > 0 {
            message.push_str(&format!(
                "; kept {kept} backup(s) (`trackbench saves` says why)"
            ));
        }
        if !waiting.is_empty() {
            message.push_str(&format!(
                "; {} half-written: open it to restore its old version",
                waiting.join(", ")
            ));
        }
        self.message = message;
    }
}

fn file_name(path: Option<&Path>) -> String {
    path.and_then(Path::file_name)
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}
