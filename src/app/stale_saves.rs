//! Leftovers of a save that did not finish (`trackbench_core::save`):
//! found at start-up in the folders of the files being opened and of the
//! recent files, and beside every file opened later. A hard-linked file
//! whose in-place overwrite was interrupted is recovered before it is read
//! (its old bytes put back when it was half-written). The bar under the
//! menu offers the unsaved new version back ("Open it") and deletes the
//! leftovers on request.

use crate::app::TrackbenchApp;
use crate::command::Command;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use trackbench_core::save::{
    Recovered, StaleFile, StaleKind, recover, stale_files, stale_files_for,
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

    /// Before `path` is read: finishes an interrupted in-place save of it
    /// and adds its other leftovers to the bar. Returns a sentence for the
    /// status bar when something was found.
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
        let said = match recover(path) {
            Ok(Recovered::OldRestored) => format!(
                "{name} was half-written by a save that did not finish: its old bytes were put back"
            ),
            Ok(Recovered::Nothing | Recovered::OldWasIntact | Recovered::NewWasComplete) => {
                format!("a save of {name} did not finish")
            }
            Err(e) => format!("a save of {name} did not finish and could not be recovered: {e}"),
        };
        for s in stale_files_for(path) {
            if !self.stale_saves.contains(&s) {
                self.stale_saves.push(s);
            }
        }
        Some(said)
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

    /// Deletes the leftovers (`delete`, after recovering any interrupted
    /// in-place save) or just hides the bar.
    pub(crate) fn clean_stale_saves(&mut self, delete: bool) {
        let files = std::mem::take(&mut self.stale_saves);
        if !delete {
            return;
        }
        let mut failed = Vec::new();
        let targets: BTreeSet<&PathBuf> = files
            .iter()
            .filter(|s| s.kind == StaleKind::OldBytes)
            .filter_map(|s| s.target.as_ref())
            .collect();
        for t in targets {
            if let Err(e) = recover(t) {
                failed.push(format!("{}: {e}", t.display()));
            }
        }
        for f in files.iter().filter(|f| f.path.exists()) {
            if let Err(e) = std::fs::remove_file(&f.path) {
                failed.push(format!("{}: {e}", f.path.display()));
            }
        }
        self.message = if failed.is_empty() {
            format!("deleted {} leftover temporary file(s)", files.len())
        } else {
            format!("could not delete {}", failed.join("; "))
        };
    }
}

fn file_name(path: Option<&Path>) -> String {
    path.and_then(Path::file_name)
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}
