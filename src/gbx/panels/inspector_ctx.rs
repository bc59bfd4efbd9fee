//! The inspector's per-frame context: the parse, the selected chunk and
//! field, the inspector's state, the commands pushed, and the rows drawn
//! (for the arrow keys). Shared by `inspector` and `inspector_records`.

use crate::command::Command;
use crate::gbx::doc::{ChunkRef, Space};
use crate::gbx::edit_api::{Editability, editability};
use crate::gbx::view::InspectorState;
use egui::{Id, Rect};
use trackbench_core::bytes::ByteRange;
use trackbench_core::edit::FieldLoc;
use trackbench_core::gbx::Gbx;

/// A row drawn this frame, in display order (for the arrow keys).
pub(super) struct Row {
    pub(super) loc: FieldLoc,
    pub(super) id: Id,
    pub(super) rect: Rect,
    /// The collapsing state's id, for a record.
    pub(super) group: Option<Id>,
    /// The editor may open on it.
    pub(super) editable: bool,
    /// Its text for the editor.
    pub(super) text: String,
}

pub(super) struct Ctx<'a> {
    pub(super) gbx: &'a Gbx,
    pub(super) space: Space,
    pub(super) chunk: ChunkRef,
    pub(super) selected_loc: Option<&'a FieldLoc>,
    pub(super) selected_range: Option<ByteRange>,
    /// Why editing is off (a damaged file), when it is.
    pub(super) damage: Option<&'a str>,
    pub(super) state: &'a mut InspectorState,
    pub(super) out: &'a mut Vec<Command>,
    pub(super) rows: Vec<Row>,
}

impl Ctx<'_> {
    /// The selected field, when it was selected by structure.
    pub(super) fn selected_loc(&self) -> Option<&FieldLoc> {
        self.selected_loc
    }

    pub(super) fn is_selected(&self, loc: &FieldLoc, range: ByteRange) -> bool {
        match self.selected_loc {
            Some(l) => l == loc,
            None => self.selected_range == Some(range),
        }
    }

    pub(super) fn loc(&self, path: &[usize]) -> FieldLoc {
        FieldLoc {
            chunk: self.chunk,
            path: path.to_vec(),
        }
    }

    /// Why the field at `loc` is read-only (`None`: editable), cached per
    /// revision.
    pub(super) fn read_only(&mut self, loc: &FieldLoc) -> Option<String> {
        if let Some(why) = self.state.read_only.get(loc) {
            return why.clone();
        }
        let why = match editability(self.gbx, loc) {
            Editability::Editable => None,
            Editability::ReadOnly(why) => Some(why),
        };
        self.state.read_only.insert(loc.clone(), why.clone());
        why
    }
}
