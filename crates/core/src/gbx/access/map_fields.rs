//! Reading a map's records from their decoded fields (issue 46: apart
//! from [`map_contents`](super::map_contents), which reads blocks, and
//! [`map_items`](super::map_items), which reads items, both through these):
//! children found by names resolved once, values of direct children, the
//! node a noderef points at, a waypoint's tag.

use crate::gbx::classes::waypoint::{CHUNK_PROPERTY, FIELD_SPAWN, FIELD_TAG};
use crate::gbx::read::field_ref::{FieldList, FieldRef, NameId};
use crate::gbx::{Gbx, Node};

/// The first direct child of `f` with each of `names` (`None` for a name
/// none has), in one pass over the children.
pub(super) fn children_named<'a, const N: usize>(
    f: FieldList<'a>,
    names: &[Option<NameId>; N],
) -> [Option<FieldRef<'a>>; N] {
    let mut out = [None; N];
    for c in f.iter() {
        let slot = names
            .iter()
            .zip(out.iter_mut())
            .find(|(id, slot)| slot.is_none() && id.is_some_and(|id| c.has_name(id)));
        if let Some((_, slot)) = slot {
            *slot = Some(c);
        }
    }
    out
}

/// The integer value of the direct child `name`.
pub(super) fn int(fields: FieldList<'_>, name: &str) -> Option<i64> {
    fields.child(name).and_then(FieldRef::int)
}

/// The three floats of the direct child `name`.
pub(super) fn vec3(fields: FieldList<'_>, name: &str) -> Option<[f32; 3]> {
    fields.child(name).and_then(FieldRef::vec3)
}

pub(super) fn byte3(fields: FieldList<'_>, names: [&str; 3]) -> [u8; 3] {
    names.map(|n| int(fields, n).unwrap_or(0) as u8)
}

/// The node a noderef field points at, when it was read.
pub(super) fn node_of<'a>(gbx: &'a Gbx, f: FieldRef<'_>) -> Option<&'a Node> {
    gbx.nodes.get(f.node()?)
}

/// Tag of a CGameWaypointSpecialProperty node (0x2E009000): the tag of
/// version 2, "spawn N" for version 1.
pub(super) fn waypoint_tag(gbx: &Gbx, f: FieldRef<'_>) -> Option<String> {
    let c = gbx.chunk_fields(node_of(gbx, f)?.chunk(CHUNK_PROPERTY)?);
    if let Some(t) = c.child(FIELD_TAG).and_then(FieldRef::text) {
        return Some(t);
    }
    int(c, FIELD_SPAWN).map(|n| format!("spawn {n}"))
}
