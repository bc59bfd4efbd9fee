//! Actions on an open .Gbx document: navigation (selection, hex offsets)
//! and edits, each applied by `GbxDoc::apply` (`crate::gbx::apply`) after
//! the frame.

use std::path::PathBuf;
use trackbench_core::bytes::ByteRange;
use trackbench_core::bytes::Space;
use trackbench_core::edit::map_batch::MapEdit;
use trackbench_core::edit::map_ops::{NewBlock, NewItem};
use trackbench_core::edit::{Edit, FieldLoc};

/// A chunk of the open file: header chunk `n`, or chunk `chunk` of body
/// node `node` (the core's chunk location).
pub use trackbench_core::gbx::ChunkRef;

/// An action on the active .Gbx document.
#[derive(Debug, Clone, PartialEq)]
pub enum GbxCommand {
    /// Select a header or body chunk and bring its first byte into view.
    SelectChunk(ChunkRef),
    /// Select a decoded field's bytes (in `Space`) and bring them into view.
    SelectField(Space, ByteRange),
    /// Select a decoded field by structure (the inspector's rows): its
    /// bytes are highlighted and brought into view, and it stays selected
    /// across edits.
    SelectFieldAt(FieldLoc),
    /// Scroll the hex view to an offset of a space.
    GotoOffset(Space, u64),
    /// Apply an edit (recorded for undo).
    ApplyEdit(Edit),
    /// Parse `text` for the field at `loc` (by its type) and apply it as
    /// one undo step; a refusal goes back to the inspector's draft.
    SetValue {
        /// The field.
        loc: FieldLoc,
        /// The text typed.
        text: String,
    },
    /// Delete records `indices` (positions among the elements) of the
    /// counted array at `array`, as one undo step; the count follows.
    DeleteRecords {
        /// The array (a group field).
        array: FieldLoc,
        /// Element positions.
        indices: Vec<usize>,
    },
    /// Duplicate record `index` of `array` after itself.
    DuplicateRecord {
        /// The array.
        array: FieldLoc,
        /// Element position.
        index: usize,
    },
    /// Move record `index` of `array` one place up or down.
    MoveRecord {
        /// The array.
        array: FieldLoc,
        /// Element position.
        index: usize,
        /// Towards the start.
        up: bool,
    },
    /// Turn the hex view's overwrite mode on or off (Insert).
    ToggleOverwrite,
    /// Overwrite the byte at `offset` of `space` with `value` (hex
    /// overwrite mode); bytes typed one after the other form one undo
    /// step.
    OverwriteByte {
        /// Bytes space.
        space: Space,
        /// Offset in the space.
        offset: u64,
        /// New byte.
        value: u8,
    },
    /// Say something in the status bar (a panel's refusal).
    Notice(String),
    /// Apply semantic map edits in order, each its own undo step (the
    /// "Edit map" form, a picked thumbnail).
    EditMap(Vec<MapEdit>),
    /// Embed `item` (an .Item.Gbx's bytes, read from a file named
    /// `file_name`) in the map's items ZIP at `zip_path` (a folder ending
    /// in `/` takes the file's name), or replace the entry there.
    EmbedItem {
        /// The item file's bytes.
        item: Vec<u8>,
        /// Its file name.
        file_name: String,
        /// Path in the items ZIP.
        zip_path: String,
        /// Replace the entry at `zip_path`.
        replace: bool,
    },
    /// Remove the entry at this path from the map's items ZIP, with its
    /// ident.
    RemoveEmbeddedItem(String),
    /// Read another .Gbx and compare this document with it (the Diff view).
    CompareWith(PathBuf),
    /// Stop comparing.
    CloseCompare,
    /// Open an editing tool of the map (the menu's and the palette's way
    /// to the Blocks & items forms and the Size view's strip actions).
    OpenTool(MapTool),
    /// Duplicate the one block selected in Blocks & items after itself.
    DuplicateSelectedBlock,
    /// Add a new block after the last placed one (the top view's placing
    /// mode; the core's `map_ops::add_block`), as one undo step; a
    /// refusal (outside the map, cell taken) is the status message.
    PlaceBlock(NewBlock),
    /// Add a new anchored item after the map's last item (the top view's
    /// placing mode in items mode; the core's `map_ops::place_item`), as
    /// one undo step; a refusal is the status message.
    PlaceItem(NewItem),
    /// Allow edits of this document although it did not read completely
    /// (the user's answer to the shell's question, asked once per
    /// document before its first edit).
    AllowPartialEdits,
}

/// An editing tool of a map, opened from the Edit menu or the palette
/// (issue 44: embedding, duplicating, colour, car, mood and strip were
/// found only by those who knew where to look).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MapTool {
    /// Blocks & items, the Move form.
    Move,
    /// Blocks & items, the Rotate form.
    Rotate,
    /// Blocks & items, the Replace form.
    Replace,
    /// Blocks & items, the Colour form.
    Colour,
    /// Blocks & items, the car and decoration (mood) form.
    CarAndMood,
    /// The Size view, whose actions strip lightmaps and the validation
    /// ghost.
    Strip,
}

impl MapTool {
    /// Every tool, in menu order.
    pub const ALL: [Self; 6] = [
        Self::Move,
        Self::Rotate,
        Self::Replace,
        Self::Colour,
        Self::CarAndMood,
        Self::Strip,
    ];

    /// Menu and palette label.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Move => "Move blocks and items…",
            Self::Rotate => "Rotate blocks and items…",
            Self::Replace => "Replace a block or item model…",
            Self::Colour => "Colour blocks and items…",
            Self::CarAndMood => "Set the car and the decoration (mood)…",
            Self::Strip => "Strip lightmaps or the validation ghost…",
        }
    }
}

/// A car or decoration name typed that is neither known for the map's
/// environment nor already in the file
/// (`trackbench_core::gbx::access::known_names`), waiting for the user's
/// answer.
#[derive(Debug, Clone, PartialEq)]
pub struct UnknownName {
    /// What is named: "car", "decoration", "block" or "block or item".
    pub what: &'static str,
    /// The name typed.
    pub name: String,
    /// The names offered (known for the environment, or in the file).
    pub known: Vec<String>,
    /// The edit writing the name, applied on "Set anyway".
    pub edit: Edit,
}

impl GbxCommand {
    /// Menu and palette label.
    #[must_use]
    pub fn label(&self) -> &'static str {
        match self {
            Self::SelectChunk(_) => "Select chunk",
            Self::SelectField(..) => "Select field",
            Self::SelectFieldAt(_) => "Select field",
            Self::GotoOffset(..) => "Go to offset",
            Self::SetValue { .. } => "Set value",
            Self::DeleteRecords { .. } => "Delete records",
            Self::DuplicateRecord { .. } => "Duplicate record",
            Self::MoveRecord { .. } => "Move record",
            Self::ToggleOverwrite => "Hex overwrite mode",
            Self::OverwriteByte { .. } => "Overwrite byte",
            Self::Notice(_) => "Notice",
            Self::ApplyEdit(_) => "Edit",
            Self::EditMap(_) => "Edit map",
            Self::EmbedItem { replace: false, .. } => "Embed an item",
            Self::EmbedItem { replace: true, .. } => "Replace an embedded item",
            Self::RemoveEmbeddedItem(_) => "Remove an embedded item",
            Self::CompareWith(_) => "Compare with file",
            Self::CloseCompare => "Stop comparing",
            Self::AllowPartialEdits => "Edit anyway",
            Self::OpenTool(t) => t.label(),
            Self::DuplicateSelectedBlock => "Duplicate the selected block",
            Self::PlaceBlock(_) => "Place a block",
            Self::PlaceItem(_) => "Place an item",
        }
    }

    /// True for the commands that change the document (those the shell
    /// asks about first when the file did not read completely).
    #[must_use]
    pub fn is_edit(&self) -> bool {
        matches!(
            self,
            Self::ApplyEdit(_)
                | Self::SetValue { .. }
                | Self::DeleteRecords { .. }
                | Self::DuplicateRecord { .. }
                | Self::MoveRecord { .. }
                | Self::OverwriteByte { .. }
                | Self::EditMap(_)
                | Self::EmbedItem { .. }
                | Self::RemoveEmbeddedItem(_)
                | Self::DuplicateSelectedBlock
                | Self::PlaceBlock(_)
                | Self::PlaceItem(_)
        )
    }
}
