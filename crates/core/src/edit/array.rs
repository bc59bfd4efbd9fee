//! Counted arrays of records as the generic record operations see them
//! ([`super::records`]): a Group whose first child is a count (a
//! [`Role::Count`] field, such as the one
//! [`Archive::array`](crate::gbx::read::archive::Archive::array) reads), or a
//! Group of indexed elements right after an integer holding their number
//! (the blocks of 0x0304301F and 0x03043048).

use super::FieldLoc;
use super::target::field_at;
use crate::gbx::read::role::Role;
use crate::gbx::{FieldRef, Gbx};

/// A counted array of the current parse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArrayInfo {
    /// The array group.
    pub array: FieldLoc,
    /// The field holding the number of elements (inside the group, or the
    /// integer just before it).
    pub count: FieldLoc,
    /// The element fields, in order.
    pub elements: Vec<FieldLoc>,
    /// The array's name (e.g. "blocks").
    pub name: &'static str,
}

/// The counted array at `array`, when it is one whose count equals its
/// number of elements (see the module docs).
#[must_use]
pub fn array_info(gbx: &Gbx, array: &FieldLoc) -> Option<ArrayInfo> {
    let f = field_at(gbx, array)?;
    if !f.is_group() {
        return None;
    }
    let children: Vec<FieldRef<'_>> = f.children().iter().collect();
    let child = |i: usize| {
        let mut path = array.path.clone();
        path.push(i);
        FieldLoc {
            chunk: array.chunk,
            path,
        }
    };
    let (count, count_value, first) = match children.first() {
        Some(c) if c.role() == Role::Count && !c.is_group() => (child(0), c.int()?, 1),
        _ => {
            let (&last, parent) = array.path.split_last()?;
            let before = last.checked_sub(1)?;
            let mut path = parent.to_vec();
            path.push(before);
            let loc = FieldLoc {
                chunk: array.chunk,
                path,
            };
            let c = field_at(gbx, &loc)?;
            let indexed = children
                .iter()
                .enumerate()
                .all(|(i, e)| e.index() == u32::try_from(i).ok());
            if !indexed || c.is_group() {
                return None;
            }
            (loc, c.int()?, 0)
        }
    };
    let elements: Vec<FieldLoc> = (first..children.len()).map(child).collect();
    if usize::try_from(count_value).ok()? != elements.len() {
        return None;
    }
    Some(ArrayInfo {
        array: array.clone(),
        count,
        elements,
        name: f.name(),
    })
}
