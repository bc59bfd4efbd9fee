//! The parts of a field's textual path (issue 28): the chunk
//! (`0/0x03043018`, `header/0x03043003`, `[k]` for a repeated id) and one
//! segment per field (`/name`, `/name[k]` for a name repeated among its
//! siblings, `[i]` for array element `i`). `dump --json` prints them and
//! `edit::path` resolves them.

use crate::gbx::{ChunkRef, FieldList, Gbx};
use std::collections::HashMap;

/// `0/0x03043018` (body node, chunk id) or `header/0x03043003`, with `[k]`
/// (k-th, from 0) when the id occurs more than once there; `None` when the
/// chunk does not exist.
#[must_use]
pub fn chunk_path(gbx: &Gbx, r: ChunkRef) -> Option<String> {
    let (prefix, ids, pos): (String, Vec<u32>, usize) = match r {
        ChunkRef::Header(i) => (
            "header".into(),
            gbx.header.chunks.iter().map(|c| c.id).collect(),
            i,
        ),
        ChunkRef::Body { node, chunk } => (
            node.to_string(),
            gbx.nodes.get(node)?.chunks.iter().map(|c| c.id).collect(),
            chunk,
        ),
    };
    let id = *ids.get(pos)?;
    let k = ids[..pos].iter().filter(|&&x| x == id).count();
    let repeated = ids.iter().filter(|&&x| x == id).count() > 1;
    Some(if repeated {
        format!("{prefix}/0x{id:08X}[{k}]")
    } else {
        format!("{prefix}/0x{id:08X}")
    })
}

/// The segment of field `i` of `list`: `[index]` for an array element,
/// else `/name`, with `[k]` when the name repeats among the siblings.
#[must_use]
pub fn segment(list: FieldList<'_>, i: usize) -> String {
    let Some(f) = list.get(i) else {
        return String::new();
    };
    if let Some(index) = f.index() {
        return format!("[{index}]");
    }
    let name = f.name();
    let k = list.iter().take(i).filter(|g| g.name() == name).count();
    let repeated = k > 0 || list.iter().skip(i + 1).any(|g| g.name() == name);
    if repeated {
        format!("/{name}[{k}]")
    } else {
        format!("/{name}")
    }
}

/// The segments of every field of `list`, in order, as [`segment`] gives
/// them one by one, in one walk (linear in the list's length: `dump --json`
/// calls it once per list, where [`segment`] per field would walk the list
/// again for each).
#[must_use]
pub fn segments(list: FieldList<'_>) -> Vec<String> {
    let fields: Vec<_> = list.iter().map(|f| (f.index(), f.name())).collect();
    let mut total: HashMap<&str, usize> = HashMap::new();
    for (_, name) in &fields {
        *total.entry(name).or_default() += 1;
    }
    // Like `segment`, `k` counts every earlier sibling of the name.
    let mut seen: HashMap<&str, usize> = HashMap::new();
    fields
        .iter()
        .map(|&(index, name)| {
            let k = seen.entry(name).or_default();
            if let Some(index) = index {
                *k += 1;
                return format!("[{index}]");
            }
            let out = if total[name] > 1 {
                format!("/{name}[{k}]")
            } else {
                format!("/{name}")
            };
            *k += 1;
            out
        })
        .collect()
}
