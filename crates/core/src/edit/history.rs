//! Undo/redo stacks with merging and a saved marker.

use super::Edit;

/// Applied edits (undo stack), undone edits (redo stack) and the undo depth
/// at the last save.
#[derive(Debug, Clone, Default)]
pub struct History {
    undo: Vec<Edit>,
    redo: Vec<Edit>,
    saved_depth: Option<usize>,
}

impl History {
    /// An empty history whose current state is the saved one.
    #[must_use]
    pub fn new() -> Self {
        Self {
            undo: Vec::new(),
            redo: Vec::new(),
            saved_depth: Some(0),
        }
    }

    /// Records an applied edit; merges it into the previous one when both
    /// have the same merge key (and the merged state is not the saved one).
    pub fn push(&mut self, edit: Edit) {
        self.redo.clear();
        if self.saved_depth.is_some_and(|d| d > self.undo.len()) {
            self.saved_depth = None; // the saved state was in the redo stack
        }
        let mergeable = edit.merge_key.is_some()
            && self.saved_depth != Some(self.undo.len())
            && self.undo.last().is_some_and(|last| {
                last.merge_key == edit.merge_key
                    && last.patches.len() == edit.patches.len()
                    && last
                        .patches
                        .iter()
                        .zip(&edit.patches)
                        .all(|(a, b)| a.target == b.target)
            });
        if mergeable && let Some(last) = self.undo.last_mut() {
            for (a, b) in last.patches.iter_mut().zip(edit.patches) {
                a.new = b.new;
            }
            return;
        }
        self.undo.push(edit);
    }

    /// Takes the edit to undo.
    pub fn pop_undo(&mut self) -> Option<Edit> {
        self.undo.pop()
    }

    /// Records an undone edit.
    pub fn push_redo(&mut self, edit: Edit) {
        self.redo.push(edit);
    }

    /// Takes the edit to redo.
    pub fn pop_redo(&mut self) -> Option<Edit> {
        self.redo.pop()
    }

    /// Records a redone edit without clearing the redo stack.
    pub fn push_undone_again(&mut self, edit: Edit) {
        self.undo.push(edit);
    }

    /// Label of the next undo ("Undo rename map").
    #[must_use]
    pub fn undo_label(&self) -> Option<&str> {
        self.undo.last().map(|e| e.label.as_str())
    }

    /// Label of the next redo.
    #[must_use]
    pub fn redo_label(&self) -> Option<&str> {
        self.redo.last().map(|e| e.label.as_str())
    }

    /// Marks the current state as saved.
    pub fn mark_saved(&mut self) {
        self.saved_depth = Some(self.undo.len());
    }

    /// True when the current state differs from the saved one.
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        self.saved_depth != Some(self.undo.len())
    }

    /// Number of undoable steps.
    #[must_use]
    pub fn undo_len(&self) -> usize {
        self.undo.len()
    }
}
