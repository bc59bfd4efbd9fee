//! Duplicating one block of a map (issue 44: the duplicate was reachable
//! only from the inspector's record buttons): the block's record in its
//! block list, copied after itself by [`duplicate_record`], which also
//! copies its entries of the TM2020 per-block lists and fixes the count.

use super::locate::Records;
use crate::edit::array::array_info;
use crate::edit::records::duplicate_record;
use crate::edit::{Edit, EditError, FieldLoc};
use crate::gbx::Gbx;

/// Copies block `i` (in `export blocks` order) right after itself.
///
/// # Errors
/// Not a map, an index out of range, a TM1.0 block node, a record outside
/// a counted list, or what [`duplicate_record`] refuses.
pub fn duplicate_block(gbx: &Gbx, i: usize) -> Result<Edit, EditError> {
    let recs = Records::of(gbx)?;
    let rec = recs.block_rec(i)?;
    let not_listed = || EditError::Invalid(format!("block #{i}: its record is in no counted list"));
    let (_, parent) = rec.path.split_last().ok_or_else(not_listed)?;
    let array = FieldLoc {
        chunk: rec.chunk,
        path: parent.to_vec(),
    };
    let info = array_info(gbx, &array).ok_or_else(not_listed)?;
    let index = info
        .elements
        .iter()
        .position(|e| e == rec)
        .ok_or_else(not_listed)?;
    duplicate_record(gbx, &array, index)
}
