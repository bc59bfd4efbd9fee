//! The core's editing calls the app uses, in one place: `edit::records`
//! (engine stage 1) and the same-size range patch of the hex view; and,
//! TEMPORARILY, a stand-in for `edit::value` (engine stage 2, not merged
//! yet) with the contract's signatures (editor-api.md).

use trackbench_core::edit::map::set_field;
use trackbench_core::edit::{Edit, EditError, FieldLoc, field_at};
use trackbench_core::gbx::read::field::ARRAY_COUNT;
use trackbench_core::gbx::{Gbx, Value};

/// Whether a field can be edited, and why not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Editability {
    /// `set_value` accepts text for it.
    Editable,
    /// Why not.
    ReadOnly(String),
}

/// Stand-in for `edit::value::editability`.
pub fn editability(gbx: &Gbx, loc: &FieldLoc) -> Editability {
    let Some(f) = field_at(gbx, loc) else {
        return Editability::ReadOnly("no such field".into());
    };
    if f.name() == ARRAY_COUNT {
        return Editability::ReadOnly(
            "count of an array: delete or duplicate records instead".into(),
        );
    }
    match f.value() {
        Value::U8(_)
        | Value::U16(_)
        | Value::U32(_)
        | Value::I32(_)
        | Value::Hex(_)
        | Value::Bool(_)
        | Value::TimeMs(_)
        | Value::F32(_)
        | Value::Vec2(_)
        | Value::Vec3(_)
        | Value::Str(_) => Editability::Editable,
        Value::NodeRef { .. } => Editability::ReadOnly("node reference".into()),
        Value::Group => Editability::ReadOnly("a record: edit its fields".into()),
        _ => Editability::ReadOnly("not editable yet".into()),
    }
}

/// Stand-in for `edit::value::set_value`.
pub fn set_value(gbx: &Gbx, loc: &FieldLoc, text: &str) -> Result<Edit, EditError> {
    set_field(gbx, loc, text)
}

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
