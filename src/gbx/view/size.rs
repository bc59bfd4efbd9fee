//! What the Size view remembers: the size tree and the shrink previews of
//! the current parse (rebuilt after an edit), and the box zoomed into.

use std::sync::Arc;
use trackbench_core::toolbox::size::SizeReport;

/// One shrink action as the view offers it: what it saves, measured by
/// writing the result.
#[derive(Debug, Clone)]
pub struct ShrinkPreview {
    /// The action.
    pub kind: trackbench_core::toolbox::strip::StripKind,
    /// The edit to apply, or why it is not available.
    pub edit: Result<trackbench_core::edit::Edit, String>,
    /// File bytes saved (the file's size before minus after; 0 when the
    /// file does not get smaller, e.g. our LZO packing the body looser
    /// than the game did).
    pub saved_bytes: u64,
    /// Bytes the uncompressed body loses.
    pub body_bytes: u64,
}

/// The Size view's state.
#[derive(Debug, Clone, Default)]
pub struct SizeState {
    /// The size tree of the current parse, built on first draw.
    pub report: Option<Arc<SizeReport>>,
    /// The shrink actions of the current parse, measured on first draw.
    pub previews: Option<Arc<Vec<ShrinkPreview>>>,
    /// The box zoomed into: child positions from the top-level parts down
    /// (empty: the whole file).
    pub focus: Vec<usize>,
}

impl SizeState {
    /// Drops what came from an older parse.
    pub fn invalidate(&mut self) {
        self.report = None;
        self.previews = None;
        self.focus.clear();
    }
}
