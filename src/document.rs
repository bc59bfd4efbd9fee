//! What every open document (a .Gbx file, a Stunts track, a .pak archive)
//! offers the app shell: its title and file, whether it has unsaved
//! changes, undo/redo, saving and exporting. The shell owns the file
//! dialogs: a document says what a dialog should offer ([`FileDialog`]),
//! the shell asks the user, and hands the chosen path back.
//!
//! Every method that writes a file goes through the core's one atomic
//! writer (`trackbench_core::save::save_atomic`).

use crate::command::ExportKind;
use std::path::{Path, PathBuf};
use trackbench_core::file_kinds::FileKind;
use trackbench_core::save::SaveOptions;

/// What a save dialog offers: a filter and a suggested file name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileDialog {
    /// Name of the filter ("GameBox file", "PNG image").
    pub filter: &'static str,
    /// Extensions of the filter, without dots.
    pub extensions: &'static [&'static str],
    /// File name the dialog starts with.
    pub suggested_name: String,
}

impl FileDialog {
    /// A dialog for files of `kind`: its label and spellings from the core's
    /// one extension table ([`trackbench_core::file_kinds::TABLE`]).
    #[must_use]
    pub fn of_kind(kind: FileKind, suggested_name: String) -> Self {
        Self {
            filter: kind.row().label,
            extensions: kind.row().spellings,
            suggested_name,
        }
    }
}

/// Where an export goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExportTarget {
    /// One file, chosen in a save dialog.
    File(FileDialog),
    /// A folder, chosen in a folder dialog.
    Folder,
}

/// One export the document offers now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportChoice {
    /// Which export.
    pub kind: ExportKind,
    /// Where it goes.
    pub target: ExportTarget,
}

/// The document contract of the app shell.
pub trait Document {
    /// Title for the tab and window, with a `*` when there are unsaved
    /// changes.
    fn title(&self) -> String;

    /// The file this document came from and saves to, if any.
    fn path(&self) -> Option<&Path>;

    /// True when there are unsaved changes.
    fn is_dirty(&self) -> bool;

    /// Label of the next undo step, if there is one.
    fn undo_label(&self) -> Option<String>;

    /// Label of the next redo step, if there is one.
    fn redo_label(&self) -> Option<String>;

    /// Undoes one step; returns the message for the status bar.
    fn undo(&mut self) -> String;

    /// Redoes one step; returns the message for the status bar.
    fn redo(&mut self) -> String;

    /// What Save As offers; `None` when this document cannot be saved.
    fn save_dialog(&self) -> Option<FileDialog>;

    /// Saves to `path` (atomically; with `backup`, the original is first
    /// copied to `PATH.bak` once) and makes it the document's file; a
    /// read-only file is refused.
    ///
    /// # Errors
    /// A message saying what could not be written; the file is unchanged.
    fn save_to(&mut self, path: &Path, backup: bool) -> Result<String, String> {
        let options = SaveOptions {
            backup,
            ..SaveOptions::default()
        };
        self.save_with_options(path, options)
    }

    /// [`Document::save_to`] with every option of the core's atomic writer
    /// (`overwrite_read_only` once the user confirmed "Save anyway").
    ///
    /// # Errors
    /// A message saying what could not be written; the file is unchanged.
    fn save_with_options(&mut self, path: &Path, options: SaveOptions) -> Result<String, String>;

    /// The exports this document offers now, in menu order.
    fn export_choices(&self) -> Vec<ExportChoice>;

    /// Writes export `kind` to `path` (a file, or a folder for
    /// [`ExportTarget::Folder`]); returns the message for the status bar.
    ///
    /// # Errors
    /// A message saying what could not be exported and why.
    fn export(&mut self, kind: ExportKind, path: &Path) -> Result<String, String>;
}

/// A document that is browsed, never edited nor saved (a pak, a library):
/// it has a title and a path, and gets the whole [`Document`] contract
/// from them — nothing to undo or redo, no Save As, no exports, and Save
/// refused with [`ReadOnlyDocument::NOT_SAVED`].
pub trait ReadOnlyDocument {
    /// What the document is, in messages ("a pak", "a library").
    const KIND: &'static str;
    /// Why it cannot be saved, and what to do instead.
    const NOT_SAVED: &'static str;

    /// Title for the tab and window.
    fn title(&self) -> String;

    /// The file or folder it shows.
    fn path(&self) -> Option<&Path>;

    /// What it can export (a pak: its files as one ZIP); none by default.
    fn export_choices(&self) -> Vec<ExportChoice> {
        Vec::new()
    }

    /// Writes export `kind` to `path`; refused by default.
    fn export(&mut self, kind: ExportKind, _path: &Path) -> Result<String, String> {
        Err(format!("{} has no {}", Self::KIND, kind.label()))
    }
}

impl<T: ReadOnlyDocument> Document for T {
    fn title(&self) -> String {
        ReadOnlyDocument::title(self)
    }

    fn path(&self) -> Option<&Path> {
        ReadOnlyDocument::path(self)
    }

    fn is_dirty(&self) -> bool {
        false
    }

    fn undo_label(&self) -> Option<String> {
        None
    }

    fn redo_label(&self) -> Option<String> {
        None
    }

    fn undo(&mut self) -> String {
        format!("nothing to undo in {}", T::KIND)
    }

    fn redo(&mut self) -> String {
        format!("nothing to redo in {}", T::KIND)
    }

    fn save_dialog(&self) -> Option<FileDialog> {
        None
    }

    fn save_with_options(&mut self, _path: &Path, _options: SaveOptions) -> Result<String, String> {
        Err(T::NOT_SAVED.into())
    }

    fn export_choices(&self) -> Vec<ExportChoice> {
        ReadOnlyDocument::export_choices(self)
    }

    fn export(&mut self, kind: ExportKind, path: &Path) -> Result<String, String> {
        ReadOnlyDocument::export(self, kind, path)
    }
}

/// File name to suggest when saving a document titled `title`: the part
/// after the last `/`, `\` or `: ` (so `PAK.pak: folder/file.Gbx` gives
/// `file.Gbx`; a plain file name is returned unchanged).
#[must_use]
pub fn suggested_file_name(title: &str) -> &str {
    let name = title.rsplit(['/', '\\']).next().unwrap_or(title);
    name.rsplit(": ").next().unwrap_or(name).trim()
}

/// `stem.suffix`, from the stem of `title` (the part before the first dot),
/// or `fallback` when the title has none.
#[must_use]
pub fn file_name_from_title(title: &str, fallback: &str, suffix: &str) -> String {
    let name = suggested_file_name(title);
    let stem = name.split('.').next().filter(|s| !s.is_empty());
    format!("{}.{suffix}", stem.unwrap_or(fallback))
}

/// `path` as the title of a saved document: its file name.
#[must_use]
pub fn title_of(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// A path with `.bak` appended (the backup the shell's setting keeps).
#[must_use]
pub fn backup_path(path: &Path) -> PathBuf {
    trackbench_core::save::backup_path(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saving_a_contained_file_suggests_its_own_name() {
        // A file opened from a pak is titled `PAK: path` (pak::doc::contained_title).
        let title = "synth_ivxor.pak: GameData/Default.SystemConfig.Gbx";
        assert_eq!(suggested_file_name(title), "Default.SystemConfig.Gbx");
        assert_eq!(suggested_file_name("version.txt"), "version.txt");
        assert_eq!(suggested_file_name("a.pak: root.Gbx"), "root.Gbx");
        assert_eq!(
            file_name_from_title("a.pak: M.Map.Gbx", "x", "png"),
            "M.png"
        );
        assert_eq!(file_name_from_title("", "track", "png"), "track.png");
    }
}
