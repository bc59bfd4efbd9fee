//! Temporary files left by a save that was killed before it finished
//! (`.trackbench-save-XXXXXX`, see `trackbench_core::save`): found at
//! start-up in the folders of the files being opened and of the recent
//! files, and offered for deletion in a bar under the menu.

use crate::app::TrackbenchApp;
use crate::command::Command;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use trackbench_core::save::stale_temp_files;

/// The stale temporary files in the folders of `files`.
#[must_use]
pub fn find_stale_saves<'a>(files: impl IntoIterator<Item = &'a Path>) -> Vec<PathBuf> {
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
    dirs.iter().flat_map(|d| stale_temp_files(d)).collect()
}

impl TrackbenchApp {
    /// Looks for stale temporary files beside `files` and the recent files.
    pub(crate) fn look_for_stale_saves(&mut self, files: &[PathBuf]) {
        let recent = self.settings.recent_files.clone();
        let all = files.iter().chain(&recent).map(PathBuf::as_path);
        self.stale_saves = find_stale_saves(all);
    }

    /// The bar offering to delete stale temporary files (when there are).
    pub(crate) fn stale_saves_bar(&self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        let Some(first) = self.stale_saves.first() else {
            return;
        };
        ui.horizontal_wrapped(|ui| {
            let folder = first
                .parent()
                .map_or_else(String::new, |d| d.display().to_string());
            ui.label(format!(
                "{} temporary file(s) from a save that did not finish were left in {folder}.",
                self.stale_saves.len()
            ))
            .on_hover_text(
                self.stale_saves
                    .iter()
                    .map(|p| p.display().to_string())
                    .collect::<Vec<_>>()
                    .join("\n"),
            );
            if ui.button("Delete them").clicked() {
                out.push(Command::CleanStaleSaves(true));
            }
            if ui.button("Keep").clicked() {
                out.push(Command::CleanStaleSaves(false));
            }
        });
    }

    /// Deletes the stale temporary files (`delete`) or just hides the bar.
    pub(crate) fn clean_stale_saves(&mut self, delete: bool) {
        let files = std::mem::take(&mut self.stale_saves);
        if !delete {
            return;
        }
        let mut failed = Vec::new();
        for f in &files {
            if let Err(e) = std::fs::remove_file(f) {
                failed.push(format!("{}: {e}", f.display()));
            }
        }
        self.message = if failed.is_empty() {
            format!("deleted {} leftover temporary file(s)", files.len())
        } else {
            format!("could not delete {}", failed.join("; "))
        };
    }
}
