//! State of the MediaTracker key form beside the timeline: the values as
//! typed, for one key of one block.

use std::collections::BTreeMap;

/// Drafts of the key form.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct KeyFormState {
    /// The block node and key the drafts are for (`None`: fill them from
    /// the document on the next frame).
    pub for_key: Option<(usize, Option<usize>)>,
    /// Text typed per value label ("time" for the key's time).
    pub drafts: BTreeMap<String, String>,
    /// Why the last input was refused.
    pub error: Option<String>,
}
