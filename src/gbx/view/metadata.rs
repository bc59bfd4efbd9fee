//! State of the script metadata view: sort, selected row, the rows
//! extracted from the current revision, and the drafts of its edit form.

use std::rc::Rc;
use trackbench_core::edit::metadata::ScalarType;
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
    /// The form's drafts (`None`: filled from the document next frame).
    pub draft: Option<MetadataDraft>,
    /// The Name column's width last laid out (points): the names' width,
    /// at most half the table's; a new one lays the columns out again.
    pub name_px: Option<f32>,
}

/// What is typed in the metadata form.
#[derive(Debug, Clone, PartialEq)]
pub struct MetadataDraft {
    /// The trait the value draft is for (its name).
    pub for_trait: Option<String>,
    /// The selected trait's value as typed.
    pub value: String,
    /// A new trait's name.
    pub new_name: String,
    /// A new trait's type.
    pub new_type: ScalarType,
    /// A new trait's value.
    pub new_value: String,
    /// Why the last input was refused (shown under the form).
    pub error: Option<String>,
}

impl Default for MetadataDraft {
    fn default() -> Self {
        Self {
            for_trait: None,
            value: String::new(),
            new_name: String::new(),
            new_type: ScalarType::Text,
            new_value: String::new(),
            error: None,
        }
    }
}

impl MetadataState {
    /// Drops the extracted rows (after an edit or a reload).
    pub fn invalidate(&mut self) {
        self.cache = None;
    }
}
