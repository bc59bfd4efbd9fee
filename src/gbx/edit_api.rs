//! The core's editing calls the app uses, in one place: `edit::value`
//! (any value by its type), `edit::records` (counted arrays) and the
//! same-size range patch of the hex view.

pub use trackbench_core::edit::EditError;
pub use trackbench_core::edit::value::{Editability, editability, set_value};

pub use trackbench_core::edit::records::{
    array_info, delete_records, duplicate_record, move_record, records_refusal,
};

/// A same-size overwrite of `range` in `space` (the hex view's overwrite
/// mode): `old` must be there, `new` replaces it.
pub fn range_patch(
    space: trackbench_core::bytes::Space,
    range: trackbench_core::bytes::ByteRange,
    old: Vec<u8>,
    new: Vec<u8>,
) -> Result<trackbench_core::edit::FieldPatch, EditError> {
    if old.len() != new.len() || range.len() != old.len() as u64 {
        return Err(EditError::Invalid(
            "overwrite keeps the size: as many new bytes as old ones".into(),
        ));
    }
    Ok(trackbench_core::edit::FieldPatch {
        target: trackbench_core::edit::Target::Range { space, range },
        old,
        new,
    })
}
