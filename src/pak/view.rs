//! What the pak browser remembers between frames that is not the archive:
//! the key being typed, the selected folder and files, the search text and
//! the rows the table shows. Plain data; `PakDoc::apply` updates the
//! selection, the panels the typed text. It knows the core's tables, not
//! the document.

use std::collections::BTreeSet;

use trackbench_core::pak::{FileEntry, FolderTree};

/// The browser's view state of one pak tab.
#[derive(Debug, Clone, Default)]
pub struct PakView {
    /// The key field: a packlist.dat path or 32 hex digits (for a v6+
    /// pak, its header key).
    pub key_text: String,
    /// Selected folder-tree node: the table shows the files below it.
    pub folder: usize,
    /// Search by name (ASCII case-insensitive substring).
    pub search: String,
    /// Selected file indices.
    pub selected: BTreeSet<usize>,
    visible: Vec<usize>,
    visible_for: Option<(usize, String)>,
}

impl PakView {
    /// Indices of the `files` the table shows (folder of `tree` and search
    /// applied), recomputed only when either changes.
    pub fn visible(&mut self, tree: &FolderTree, files: &[FileEntry]) -> &[usize] {
        if self.visible_for.as_ref().map(|(f, s)| (*f, s.as_str()))
            != Some((self.folder, self.search.as_str()))
        {
            self.visible = tree.files_under(files, self.folder, &self.search);
            self.visible_for = Some((self.folder, self.search.clone()));
        }
        &self.visible
    }

    /// Every file of `files` below the selected folder (search ignored).
    #[must_use]
    pub fn folder_files(&self, tree: &FolderTree, files: &[FileEntry]) -> Vec<usize> {
        tree.files_under(files, self.folder, "")
    }

    /// Back to the root folder with nothing selected (a newly read table).
    pub fn reset_selection(&mut self) {
        self.folder = 0;
        self.selected.clear();
        self.visible_for = None;
    }
}
