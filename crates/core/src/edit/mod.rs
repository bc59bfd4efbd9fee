//! The edit model of GBX files: invertible edits located by structure (not
//! by byte offsets, which move), a history with undo/redo and a saved
//! marker, semantic map edits that keep repeated values consistent, and
//! atomic saving.
//!
//! An [`Edit`] is a list of [`FieldPatch`]es, each holding the old and the
//! new bytes of one field (or one whole chunk), so inverting an edit is
//! swapping them. Applying resolves each patch's [`Target`] in the current
//! parse, checks the old bytes are there, writes the file with
//! [`crate::gbx::write`] and parses the result again.

mod array;
mod document;
pub mod embedded_items;
pub mod engine;
mod error;
pub mod header_xml;
pub mod layout_write;
mod lookback_fix;
pub mod map;
pub mod map_batch;
pub mod map_ops;
pub mod media_keys;
pub mod media_records;
pub mod metadata;
mod metadata_value;
pub mod path;
pub mod records;
mod records_bytes;
mod records_deps;
mod records_parallel;
pub(crate) mod snap_lists;
mod target;
pub mod timeline;
pub mod value;

pub use crate::gbx::ChunkRef;
pub use document::GbxDocument;
pub use error::EditError;
pub use target::{FieldLoc, Target, field_at, fields_at, find_field_loc, resolve};

/// Replace the bytes of one target: `old` must be there; `new` replaces them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldPatch {
    /// What is replaced.
    pub target: Target,
    /// Bytes expected before.
    pub old: Vec<u8>,
    /// Bytes after.
    pub new: Vec<u8>,
}

impl FieldPatch {
    /// True for a [`Target::Range`] patch of `space` written before
    /// `other` (the writer's order: by start, then end).
    fn is_range_before(&self, space: crate::bytes::Space, other: crate::bytes::ByteRange) -> bool {
        matches!(&self.target, Target::Range { space: s, range }
            if *s == space && range.end <= other.start && (range.start, range.end) < (other.start, other.end))
    }

    /// The patch that undoes this one.
    #[must_use]
    pub fn inverse(&self) -> Self {
        Self {
            target: self.target.clone(),
            old: self.new.clone(),
            new: self.old.clone(),
        }
    }
}

/// One user-level change ("Rename map"), possibly touching several places.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    /// Menu label, e.g. "rename map".
    pub label: String,
    /// Patches, resolved against the same parse.
    pub patches: Vec<FieldPatch>,
    /// Edits with the same key in a row merge into one undo step (typing
    /// into one field); `None` never merges.
    pub merge_key: Option<String>,
}

impl Edit {
    /// The edit that undoes this one. [`Target::Range`] patches move to
    /// where their new bytes lie once the edit is applied (after the size
    /// changes of the range patches before them in the same space).
    #[must_use]
    pub fn inverse(&self) -> Self {
        let mut patches: Vec<FieldPatch> = self.patches.iter().map(FieldPatch::inverse).collect();
        for (i, p) in patches.iter_mut().enumerate() {
            let Target::Range { space, range } = &mut p.target else {
                continue;
            };
            let shift: i64 = self
                .patches
                .iter()
                .enumerate()
                .filter(|(j, q)| *j != i && q.is_range_before(*space, *range))
                .map(|(_, q)| q.new.len() as i64 - q.old.len() as i64)
                .sum();
            let start = range.start.saturating_add_signed(shift);
            *range = crate::bytes::ByteRange::at(start, p.old.len() as u64);
        }
        Self {
            label: self.label.clone(),
            patches,
            merge_key: None,
        }
    }
}
