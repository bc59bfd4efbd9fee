//! What the Diff view remembers: its filters, the difference shown, the
//! space each hex pane shows and where they scroll next.

use trackbench_core::bytes::Space;

/// Which differences are listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DiffScope {
    /// Header, reference table and body.
    #[default]
    All,
    /// Header and reference table only.
    HeaderOnly,
    /// Body only.
    BodyOnly,
}

/// The Diff view's state.
#[derive(Debug, Clone, Default)]
pub struct DiffState {
    /// Which part of the files is compared.
    pub scope: DiffScope,
    /// Leave out thumbnails, lightmaps and icons.
    pub ignore_heavy: bool,
    /// Position of the shown difference in the filtered list.
    pub current: Option<usize>,
    /// The spaces the A and B panes show.
    pub spaces: [Space; 2],
    /// Offsets the A and B panes scroll to on the next frame.
    pub scroll_to: [Option<u64>; 2],
    /// The list scrolls to the current row on the next frame.
    pub reveal_row: bool,
    /// Where the list's rows showed last frame (screen points; the layout
    /// test counts the rows inside).
    pub list_rect: Option<egui::Rect>,
}
