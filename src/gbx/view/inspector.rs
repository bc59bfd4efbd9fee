//! What the inspector remembers between frames: the field being edited
//! (its draft text and the last refusal), the records marked for deletion,
//! and the row to give the keyboard back to after an edit.

use std::collections::{HashMap, HashSet};
use trackbench_core::edit::FieldLoc;

/// The inspector's field being edited: where, the text typed, and why the
/// last attempt was refused.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldDraft {
    /// The field.
    pub loc: FieldLoc,
    /// Text typed so far.
    pub text: String,
    /// Why the last "Set" was refused (or why the text does not parse).
    pub error: Option<String>,
}

impl FieldDraft {
    /// A draft of `loc` starting from `text`.
    #[must_use]
    pub fn new(loc: FieldLoc, text: String) -> Self {
        Self {
            loc,
            text,
            error: None,
        }
    }
}

/// The inspector's state, kept per document.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct InspectorState {
    /// The field being edited, if any.
    pub draft: Option<FieldDraft>,
    /// The text editor takes the keyboard on its next frame (set when a
    /// draft opens).
    pub focus_editor: bool,
    /// The row that takes the keyboard on the next frame (the field just
    /// edited, or the one arrows moved to).
    pub focus_row: Option<FieldLoc>,
    /// Records marked for "Delete marked": the array and the element's
    /// position among the array's elements.
    pub marked: HashSet<(FieldLoc, usize)>,
    /// Why each field seen is read-only (`None`: editable), for
    /// [`Self::revision`].
    pub read_only: HashMap<FieldLoc, Option<String>>,
    /// The counted arrays seen (`None`: the group is not one), for
    /// [`Self::revision`].
    pub arrays: HashMap<FieldLoc, Option<ArrayView>>,
    /// The document revision the caches were made from.
    pub revision: Option<u64>,
}

/// A counted array as the inspector shows it: where its elements are and
/// why its records cannot be edited, when they cannot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArrayView {
    /// The array (a group field).
    pub array: FieldLoc,
    /// Child positions of its elements, ascending (the count is a child
    /// too).
    pub children: Vec<usize>,
    /// Why delete, duplicate and move are refused here.
    pub refusal: Option<String>,
}

impl ArrayView {
    /// The element at child position `child`, as its position among the
    /// elements.
    #[must_use]
    pub fn element_of(&self, child: usize) -> Option<usize> {
        self.children.binary_search(&child).ok()
    }

    /// Number of elements.
    #[must_use]
    pub fn len(&self) -> usize {
        self.children.len()
    }

    /// True without elements.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.children.is_empty()
    }

    /// The location of element `n`.
    #[must_use]
    pub fn element_loc(&self, n: usize) -> Option<FieldLoc> {
        let mut path = self.array.path.clone();
        path.push(*self.children.get(n)?);
        Some(FieldLoc {
            chunk: self.array.chunk,
            path,
        })
    }
}

impl InspectorState {
    /// Drops the caches made from another revision than `revision`.
    pub fn sync(&mut self, revision: u64) {
        if self.revision != Some(revision) {
            self.read_only.clear();
            self.arrays.clear();
            self.revision = Some(revision);
        }
    }

    /// Opens the editor on `loc` with `text`.
    pub fn open(&mut self, loc: FieldLoc, text: String) {
        self.draft = Some(FieldDraft::new(loc, text));
        self.focus_editor = true;
    }

    /// Closes the editor; the edited row takes the keyboard back.
    pub fn close(&mut self) {
        if let Some(d) = self.draft.take() {
            self.focus_row = Some(d.loc);
        }
        self.focus_editor = false;
    }

    /// Drops the draft and the marks (after undo, redo or a records edit,
    /// when positions may have moved).
    pub fn forget(&mut self) {
        self.draft = None;
        self.focus_editor = false;
        self.marked.clear();
    }

    /// The marked elements of `array`, in ascending order.
    #[must_use]
    pub fn marked_in(&self, array: &FieldLoc) -> Vec<usize> {
        let mut v: Vec<usize> = self
            .marked
            .iter()
            .filter(|(a, _)| a == array)
            .map(|(_, i)| *i)
            .collect();
        v.sort_unstable();
        v
    }
}
