//! State of the script metadata view: sort, selected row, and the rows
//! extracted from the current revision.

use std::rc::Rc;
use trackbench_core::gbx::access::script_metadata::MetadataRow;

/// View state kept per document.
#[derive(Debug, Default)]
pub struct MetadataState {
    /// Rows of the current revision (`None`: not extracted yet;
    /// `Some(None)`: no metadata).
    pub cache: Option<Option<Rc<Vec<MetadataRow>>>>,
    /// Sort column and direction (true: descending); column 0 is file order.
    pub sort: (usize, bool),
    /// Selected row (file order).
    pub selected: Option<usize>,
}

impl MetadataState {
    /// Drops the extracted rows (after an edit or a reload).
    pub fn invalidate(&mut self) {
        self.cache = None;
    }
}
