//! The Blocks & items view's selection and the drafts of its toolbar:
//! plain view state, never the document. Indices are positions in the
//! extracted blocks and items (`export blocks` order).

use std::collections::BTreeSet;
use trackbench_core::edit::map_ops::{Colour, Selection};

/// The blocks and items the toolbar acts on (shown on the table and the
/// plot).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ContentsSelection {
    /// Selected block indices.
    pub blocks: BTreeSet<usize>,
    /// Selected item indices.
    pub items: BTreeSet<usize>,
}

impl ContentsSelection {
    /// True when nothing is selected.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.blocks.is_empty() && self.items.is_empty()
    }

    /// The part of the selection that `table` shows (issue 44: an action
    /// acts only on the selection of the table on screen; the other
    /// table's part waits for its own tab).
    #[must_use]
    pub fn only(&self, table: super::Table) -> Self {
        match table {
            super::Table::Blocks => Self {
                blocks: self.blocks.clone(),
                items: BTreeSet::new(),
            },
            super::Table::Items => Self {
                blocks: BTreeSet::new(),
                items: self.items.clone(),
            },
        }
    }

    /// Drops the part of the selection in `other` (what the view shows
    /// and acts on), keeping the rest.
    pub fn remove_all(&mut self, other: &Self) {
        self.blocks.retain(|i| !other.blocks.contains(i));
        self.items.retain(|i| !other.items.contains(i));
    }

    /// Drops everything.
    pub fn clear(&mut self) {
        self.blocks.clear();
        self.items.clear();
    }

    /// The core's selection.
    #[must_use]
    pub fn to_core(&self) -> Selection {
        Selection {
            blocks: self.blocks.iter().copied().collect(),
            items: self.items.iter().copied().collect(),
        }
    }

    /// "3 blocks, 1 item selected" (or "Nothing selected").
    #[must_use]
    pub fn describe(&self) -> String {
        let n = |k: usize, one: &str| match k {
            1 => format!("1 {one}"),
            k => format!("{k} {one}s"),
        };
        match (self.blocks.len(), self.items.len()) {
            (0, 0) => "Nothing selected".into(),
            (b, 0) => format!("{} selected", n(b, "block")),
            (0, i) => format!("{} selected", n(i, "item")),
            (b, i) => format!("{}, {} selected", n(b, "block"), n(i, "item")),
        }
    }
}

/// Which form of the toolbar is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OpsForm {
    /// None.
    #[default]
    Closed,
    /// Move by an offset.
    Move,
    /// Rotate.
    Rotate,
    /// Replace a model by name.
    Replace,
    /// Colour.
    Colour,
    /// The map's car and decoration.
    Map,
}

/// What the toolbar's forms hold while they are filled.
#[derive(Debug, Clone)]
pub struct OpsDraft {
    /// The open form.
    pub form: OpsForm,
    /// Move offset (block units, or metres when `metres`).
    pub move_by: [f32; 3],
    /// Read `move_by` in metres.
    pub metres: bool,
    /// Direction of grid blocks (0–3).
    pub direction: u8,
    /// Yaw of items and free blocks, degrees.
    pub yaw_deg: f32,
    /// Rotate items and free blocks too.
    pub set_yaw: bool,
    /// Model to replace.
    pub replace_old: String,
    /// Model to put in its place.
    pub replace_new: String,
    /// Replace in the selection only (else the whole map).
    pub replace_in_selection: bool,
    /// Colour to apply.
    pub colour: Colour,
    /// Player model (car) typed.
    pub car: String,
    /// Decoration (mood) typed.
    pub decoration: String,
    /// The last refusal, shown under the toolbar.
    pub message: Option<String>,
}

impl Default for OpsDraft {
    fn default() -> Self {
        Self {
            form: OpsForm::Closed,
            move_by: [1.0, 0.0, 0.0],
            metres: false,
            direction: 0,
            yaw_deg: 0.0,
            set_yaw: false,
            replace_old: String::new(),
            replace_new: String::new(),
            replace_in_selection: false,
            colour: Colour::Red,
            car: String::new(),
            decoration: String::new(),
            message: None,
        }
    }
}

/// A box being dragged on the top-down plot (plot units).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoxDrag {
    /// Where the drag started.
    pub from: [f64; 2],
    /// Where the pointer is.
    pub to: [f64; 2],
}
