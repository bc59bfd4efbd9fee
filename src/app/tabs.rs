//! Several open documents as tabs. The active document stays in
//! `TrackbenchApp::doc` (so panels and tests address it directly); the
//! others wait in `TrackbenchApp::others`, in tab order around
//! `active_pos`.

use crate::app::{OpenDoc, TrackbenchApp};
use crate::command::Command;
use std::path::Path;

impl OpenDoc {
    /// The file this document came from, if any.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        match self {
            Self::Gbx(d, _) => d.path.as_deref(),
            Self::Trk(d, _) => d.path.as_deref(),
            Self::Pak(d, _) => d.path.as_deref(),
            Self::Library(d, _) => Some(&d.root),
            Self::Runs(..) => None,
            Self::Opening(d) => d.path.as_deref(),
        }
    }

    /// The id this document's widgets keep their state under (scroll
    /// offsets, table columns, folded sections; issue 31): the address of
    /// its view state, which stays put while the tab is open (tabs move
    /// the boxes, not what they hold), salted with its path, so a later
    /// document at a reused address starts afresh unless it is the same
    /// file.
    #[must_use]
    pub fn state_key(&self) -> egui::Id {
        let view: *const () = match self {
            Self::Gbx(_, v) => std::ptr::from_ref(&**v).cast(),
            Self::Trk(_, v) => std::ptr::from_ref(&**v).cast(),
            Self::Pak(_, v) => std::ptr::from_ref(&**v).cast(),
            Self::Library(_, v) => std::ptr::from_ref(&**v).cast(),
            Self::Runs(_, v) => std::ptr::from_ref(&**v).cast(),
            Self::Opening(d) => std::ptr::from_ref(&**d).cast(),
        };
        egui::Id::unique(("document", view as usize, self.path()))
    }

    /// Drops the drafts of its forms (the "Edit map" form, the field being
    /// edited, the track's metadata form): they are filled again from the
    /// document on the next frame. Called after undo and redo.
    pub fn forget_drafts(&mut self) {
        match self {
            Self::Gbx(_, v) => {
                v.map_form = None;
                v.editing.forget();
                v.metadata.draft = None;
                v.timeline.key_form = crate::gbx::view::KeyFormState::default();
                v.embed_path = None;
            }
            Self::Trk(_, v) => v.meta_draft = None,
            Self::Pak(..) | Self::Library(..) | Self::Runs(..) | Self::Opening(..) => {}
        }
    }

    /// True when it has unsaved changes.
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        match self {
            Self::Gbx(d, _) => d.edit.history().is_dirty(),
            Self::Trk(d, _) => d.is_dirty(),
            Self::Pak(..) | Self::Library(..) | Self::Runs(..) | Self::Opening(..) => false,
        }
    }
}

impl TrackbenchApp {
    /// Puts a newly opened document in a new tab after the active one.
    pub(crate) fn open_in_new_tab(&mut self, doc: OpenDoc) {
        if let Some(active) = self.doc.take() {
            let at = self.active_pos.min(self.others.len());
            self.others.insert(at, active);
            self.active_pos = at + 1;
        }
        self.doc = Some(doc);
    }

    /// Focuses the tab holding `path`; true when there was one.
    pub(crate) fn focus_path(&mut self, path: &Path) -> bool {
        if self.doc.as_ref().and_then(OpenDoc::path) == Some(path) {
            return true;
        }
        let Some(i) = self.others.iter().position(|d| d.path() == Some(path)) else {
            return false;
        };
        self.switch_to(self.tab_index_of_other(i));
        true
    }

    fn tab_index_of_other(&self, i: usize) -> usize {
        if i < self.active_pos { i } else { i + 1 }
    }

    /// Number of open tabs.
    #[must_use]
    pub fn tab_count(&self) -> usize {
        self.others.len() + usize::from(self.doc.is_some())
    }

    /// Titles of all tabs in order, with the active one marked.
    #[must_use]
    pub fn tab_titles(&self) -> Vec<(String, bool)> {
        let mut out: Vec<(String, bool)> = self.others.iter().map(|d| (d.title(), false)).collect();
        if let Some(d) = &self.doc {
            out.insert(self.active_pos.min(out.len()), (d.title(), true));
        }
        out
    }

    /// Activates tab `index` (in [`Self::tab_titles`] order).
    pub fn switch_to(&mut self, index: usize) {
        let Some(active) = self.doc.take() else {
            if index < self.others.len() {
                self.doc = Some(self.others.remove(index));
                self.active_pos = index;
            }
            return;
        };
        let at = self.active_pos.min(self.others.len());
        self.others.insert(at, active);
        if index < self.others.len() {
            self.doc = Some(self.others.remove(index));
            self.active_pos = index;
        } else {
            self.doc = Some(self.others.remove(at));
        }
    }

    /// Closes the active tab and activates its neighbour.
    pub(crate) fn close_active(&mut self) {
        self.doc = None;
        if !self.others.is_empty() {
            let next = self.active_pos.min(self.others.len() - 1);
            self.doc = Some(self.others.remove(next));
            self.active_pos = next;
        } else {
            self.active_pos = 0;
        }
    }

    /// True when any open document has unsaved changes.
    #[must_use]
    pub fn any_dirty(&self) -> bool {
        self.doc.iter().chain(&self.others).any(OpenDoc::is_dirty)
    }

    /// The tab bar (only with two or more tabs).
    pub(crate) fn tab_bar(&self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        let titles = self.tab_titles();
        if titles.len() < 2 {
            return;
        }
        ui.horizontal_wrapped(|ui| {
            for (i, (title, active)) in titles.iter().enumerate() {
                if ui.selectable_label(*active, title).clicked() && !active {
                    out.push(Command::SwitchTab(i));
                }
            }
        });
    }
}
