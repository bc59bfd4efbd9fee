//! Adding a block that was never in the map (issue 45, "New grid blocks").
//!
//! STUB: the real implementation is written on branch `add45` and
//! replaces this file at merge. Until then [`add_block`] refuses with an
//! [`EditError::Invalid`] saying so, so callers (`blocks import`) can be
//! written and tested against the final API.

use crate::edit::{Edit, EditError};
use crate::gbx::Gbx;
use crate::gbx::access::map_contents::FreePlacement;

/// A block to add.
#[derive(Debug, Clone, PartialEq)]
pub struct NewBlock {
    /// Block model name (e.g. "StadiumRoadMainCheckpoint").
    pub name: String,
    /// Block coordinate (x, y up, z) in block units, as
    /// [`crate::gbx::access::map_contents::Block::coord`] gives it.
    pub coord: [i32; 3],
    /// 0 north, 1 east, 2 south, 3 west.
    pub direction: u8,
    /// Flags to store; `None`: the default for the map's generation.
    pub flags: Option<u32>,
    /// The free placement (TM2020 free blocks, flag bit 29), or `None` for a
    /// block on the grid.
    pub free: Option<FreePlacement>,
}

/// The edit adding `block` to the map `gbx`, at position `at` of the
/// `export blocks` order (`None`: after the last placed block).
///
/// # Errors
/// Always, for now: [`EditError::Invalid`] "adding blocks is not available
/// yet" (this is the stub of branch `add45`).
pub fn add_block(gbx: &Gbx, block: &NewBlock, at: Option<usize>) -> Result<Edit, EditError> {
    let _ = (gbx, at);
    Err(EditError::Invalid(format!(
        "adding blocks is not available yet (block {:?})",
        block.name
    )))
}
