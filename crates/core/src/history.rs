//! One undo history for every document kind: undo and redo stacks of
//! steps, merging of a new step into the last one (typing into one GBX
//! field, a Stunts paint stroke), and a saved marker for the dirty flag.
//!
//! The history stores steps and never applies them: the document applies a
//! step, then records it with [`History::push`] or
//! [`History::push_or_merge`]; [`History::undo`] and [`History::redo`]
//! hand the step to the document and move it between the stacks only when
//! the document reports success.

/// What a [`History`] records: one undo step with a menu label.
pub trait Step {
    /// Menu label, e.g. "rename map" or "place Loop (N-S)".
    fn label(&self) -> &str;
}

/// Applied steps (undo stack), undone steps (redo stack) and the undo depth
/// at the last save.
#[derive(Debug, Clone)]
pub struct History<E> {
    undo: Vec<E>,
    redo: Vec<E>,
    /// Undo depth at the last save; `None` when that state is unreachable
    /// (it was on the redo stack when a new step cleared it).
    saved_depth: Option<usize>,
}

impl<E> Default for History<E> {
    fn default() -> Self {
        Self::new()
    }
}

impl<E> History<E> {
    /// An empty history whose current state is the saved one.
    #[must_use]
    pub fn new() -> Self {
        Self {
            undo: Vec::new(),
            redo: Vec::new(),
            saved_depth: Some(0),
        }
    }

    /// Records an applied step (never merged) and clears redo.
    pub fn push(&mut self, step: E) {
        self.push_or_merge(step, |_, step| Some(step));
    }

    /// Records an applied step and clears redo. `merge` is offered the last
    /// step and the new one: it folds the new one in and returns `None`, or
    /// hands it back to be pushed as a step of its own. The step at the
    /// saved marker is never offered (extending it would leave a changed
    /// state looking saved).
    pub fn push_or_merge(&mut self, step: E, merge: impl FnOnce(&mut E, E) -> Option<E>) {
        if self.saved_depth.is_some_and(|d| d > self.undo.len()) {
            self.saved_depth = None; // the saved state was in the redo stack
        }
        self.redo.clear();
        let at_saved = self.saved_depth == Some(self.undo.len());
        let step = match self.undo.last_mut() {
            Some(last) if !at_saved => match merge(last, step) {
                None => return,
                Some(step) => step,
            },
            _ => step,
        };
        self.undo.push(step);
    }

    /// Undoes the last step: `revert` gets it and undoes it in the
    /// document. On `Ok` the step moves to the redo stack; on `Err` it stays
    /// where it was. `None` when there is nothing to undo.
    pub fn undo<T, Er>(
        &mut self,
        revert: impl FnOnce(&E) -> Result<T, Er>,
    ) -> Option<Result<T, Er>> {
        let step = self.undo.pop()?;
        let result = revert(&step);
        if result.is_ok() {
            self.redo.push(step);
        } else {
            self.undo.push(step);
        }
        Some(result)
    }

    /// Redoes the last undone step: `apply` gets it and applies it again.
    /// On `Ok` it moves back to the undo stack (the rest of the redo stack
    /// is kept); on `Err` it stays on the redo stack. `None` when there is
    /// nothing to redo.
    pub fn redo<T, Er>(
        &mut self,
        apply: impl FnOnce(&E) -> Result<T, Er>,
    ) -> Option<Result<T, Er>> {
        let step = self.redo.pop()?;
        let result = apply(&step);
        if result.is_ok() {
            self.undo.push(step);
        } else {
            self.redo.push(step);
        }
        Some(result)
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

    /// Number of redoable steps.
    #[must_use]
    pub fn redo_len(&self) -> usize {
        self.redo.len()
    }
}

impl<E: Step> History<E> {
    /// Label of the next undo ("rename map").
    #[must_use]
    pub fn undo_label(&self) -> Option<&str> {
        self.undo.last().map(Step::label)
    }

    /// Label of the next redo.
    #[must_use]
    pub fn redo_label(&self) -> Option<&str> {
        self.redo.last().map(Step::label)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::convert::Infallible;

    /// A step that adds to a counter; steps with the same key merge.
    #[derive(Debug, Clone, PartialEq)]
    struct Add(&'static str, i32);

    impl Step for Add {
        fn label(&self) -> &str {
            self.0
        }
    }

    fn merge_same(last: &mut Add, new: Add) -> Option<Add> {
        if last.0 == new.0 {
            last.1 += new.1;
            None
        } else {
            Some(new)
        }
    }

    fn ok(_: &Add) -> Result<(), Infallible> {
        Ok(())
    }

    #[test]
    fn undo_and_redo_move_steps_and_labels_follow() {
        let mut h = History::new();
        assert!(!h.is_dirty());
        h.push(Add("a", 1));
        h.push(Add("b", 2));
        assert_eq!(h.undo_label(), Some("b"));
        assert!(h.undo(ok).is_some());
        assert_eq!((h.undo_len(), h.redo_len()), (1, 1));
        assert_eq!(h.redo_label(), Some("b"));
        assert!(h.redo(ok).is_some());
        assert_eq!((h.undo_len(), h.redo_len()), (2, 0));
        assert!(h.redo(ok).is_none());
    }

    #[test]
    fn a_failed_undo_or_redo_leaves_the_step_where_it_was() {
        let mut h = History::new();
        h.push(Add("a", 1));
        assert_eq!(h.undo(|_| Err::<(), _>("no")), Some(Err("no")));
        assert_eq!((h.undo_len(), h.redo_len()), (1, 0));
        h.undo(ok);
        assert_eq!(h.redo(|_| Err::<(), _>("no")), Some(Err("no")));
        assert_eq!((h.undo_len(), h.redo_len()), (0, 1));
    }

    #[test]
    fn merging_never_extends_the_saved_step() {
        let mut h = History::new();
        h.push_or_merge(Add("k", 1), merge_same);
        h.push_or_merge(Add("k", 2), merge_same);
        assert_eq!(h.undo_len(), 1, "same key merges");
        h.mark_saved();
        h.push_or_merge(Add("k", 3), merge_same);
        assert_eq!(h.undo_len(), 2, "the saved step is not extended");
        assert!(h.is_dirty());
        h.undo(ok);
        assert!(!h.is_dirty());
    }

    #[test]
    fn a_new_step_after_undoing_past_the_save_loses_the_saved_state() {
        let mut h = History::new();
        h.push(Add("a", 1));
        h.mark_saved();
        h.undo(ok);
        assert!(h.is_dirty());
        h.push(Add("b", 1));
        assert_eq!(h.redo_len(), 0);
        assert!(h.is_dirty());
        h.undo(ok);
        assert!(h.is_dirty(), "the saved state is unreachable now");
    }
}
