//! TEMPORARY stand-in for the engine's `edit::value` and `edit::records`
//! (issue 28 contract, editor-api.md) until its commits are merged; the
//! signatures are the contract's. Removed after the merge.

use trackbench_core::edit::map::set_field;
use trackbench_core::edit::{Edit, EditError, FieldLoc};
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

fn field_at<'a>(gbx: &'a Gbx, loc: &FieldLoc) -> Option<trackbench_core::gbx::FieldRef<'a>> {
    let chunk = gbx.chunk(loc.chunk)?;
    let (first, rest) = loc.path.split_first()?;
    let mut f = gbx.chunk_fields(chunk).get(*first)?;
    for i in rest {
        f = f.children().get(*i)?;
    }
    Some(f)
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

/// Stand-in for `edit::records::ArrayInfo`.
#[derive(Debug, Clone)]
pub struct ArrayInfo {
    /// The count field.
    pub count: FieldLoc,
    /// The elements.
    pub elements: Vec<FieldLoc>,
}

/// Stand-in for `edit::records::array_info`.
pub fn array_info(gbx: &Gbx, array: &FieldLoc) -> Option<ArrayInfo> {
    let f = field_at(gbx, array)?;
    let children = f.children();
    let mut count = None;
    let mut elements = Vec::new();
    for (i, c) in children.iter().enumerate() {
        let mut path = array.path.clone();
        path.push(i);
        let loc = FieldLoc {
            chunk: array.chunk,
            path,
        };
        if c.name() == ARRAY_COUNT {
            count = Some(loc);
        } else if c.index().is_some() {
            elements.push(loc);
        }
    }
    Some(ArrayInfo {
        count: count?,
        elements,
    })
}

fn later() -> EditError {
    EditError::Invalid("record editing arrives with the engine's records.rs".into())
}

/// Stand-in for `edit::records::delete_records`.
pub fn delete_records(_: &Gbx, _: &FieldLoc, _: &[usize]) -> Result<Edit, EditError> {
    Err(later())
}

/// Stand-in for `edit::records::duplicate_record`.
pub fn duplicate_record(_: &Gbx, _: &FieldLoc, _: usize) -> Result<Edit, EditError> {
    Err(later())
}

/// Stand-in for `edit::records::move_record`.
pub fn move_record(_: &Gbx, _: &FieldLoc, _: usize, _: bool) -> Result<Edit, EditError> {
    Err(later())
}

/// Stand-in for `edit::records::records_refusal`.
pub fn records_refusal(_: &Gbx, _: &FieldLoc) -> Option<String> {
    None
}

/// Stand-in for a patch of `Target::Range { space, range }` (engine
/// stage 1).
pub fn range_patch(
    _space: trackbench_core::bytes::Space,
    _range: trackbench_core::bytes::ByteRange,
    _old: Vec<u8>,
    _new: Vec<u8>,
) -> Result<trackbench_core::edit::FieldPatch, EditError> {
    Err(EditError::Invalid(
        "hex overwrite arrives with the engine's Target::Range".into(),
    ))
}
