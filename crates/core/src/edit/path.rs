//! Stable textual paths of fields (issue 28), shown by `dump --json` and
//! accepted by `trackbench set`.
//!
//! A path is the chunk, then the field names down to the field:
//! `0/0x03043018/nbLaps` (body node 0, chunk 0x03043018),
//! `0/0x0304301F/blocks[12]/blockName` (element 12 of the array `blocks`),
//! `header/0x03043003/mapName` (a header chunk). A chunk id that occurs more
//! than once in its node (or in the header) gets `[k]` (k-th, from 0) after
//! it, and so does a field name repeated among its siblings; array elements
//! are written as `[i]` after their array's name
//! ([`crate::gbx::tools::paths`] writes the parts).

use super::FieldLoc;
use super::error::EditError;
use super::target::field_at;
use crate::gbx::tools::paths::{chunk_path, segment};
use crate::gbx::{ChunkRef, FieldList, FieldRef, Gbx};

/// The path of the field at `loc` (module docs); empty when it does not
/// exist.
#[must_use]
pub fn field_path(gbx: &Gbx, loc: &FieldLoc) -> String {
    let (Some(mut out), Some(chunk)) = (chunk_path(gbx, loc.chunk), gbx.chunk(loc.chunk)) else {
        return String::new();
    };
    let mut list = gbx.chunk_fields(chunk);
    for &i in &loc.path {
        let Some(f) = list.get(i) else {
            return String::new();
        };
        out.push_str(&segment(list, i));
        list = f.children();
    }
    out
}

/// The field a path names (module docs). Names are matched exactly, chunk
/// ids in any case.
///
/// # Errors
/// [`EditError::NotFound`] naming the first part that does not resolve.
pub fn resolve_path(gbx: &Gbx, path: &str) -> Result<FieldLoc, EditError> {
    let missing = |what: &str| EditError::NotFound(format!("{what} (in path {path:?})"));
    let mut parts = path.trim_matches('/').split('/');
    let first = parts.next().unwrap_or_default();
    let (id, mut indices) = split_indices(
        parts
            .next()
            .ok_or_else(|| missing("a chunk id after the node"))?,
    );
    let id = parse_id(id).ok_or_else(|| missing(&format!("chunk id {id:?}")))?;
    let chunk = if first == "header" {
        let ids = || gbx.header.chunks.iter().map(|c| c.id);
        let k = occurrence(ids(), id, &mut indices);
        let i = nth(ids(), id, k).ok_or_else(|| missing(&format!("header chunk 0x{id:08X}")))?;
        ChunkRef::Header(i)
    } else {
        let node: usize = first
            .parse()
            .map_err(|_| missing(&format!("node {first:?}")))?;
        let n = gbx
            .nodes
            .get(node)
            .ok_or_else(|| missing(&format!("node {node}")))?;
        let ids = || n.chunks.iter().map(|c| c.id);
        let k = occurrence(ids(), id, &mut indices);
        let c = nth(ids(), id, k)
            .ok_or_else(|| missing(&format!("chunk 0x{id:08X} of node {node}")))?;
        ChunkRef::Body { node, chunk: c }
    };
    let c = gbx.chunk(chunk).ok_or_else(|| missing("the chunk"))?;
    let mut list = gbx.chunk_fields(c);
    let mut loc = FieldLoc {
        chunk,
        path: Vec::new(),
    };
    // Brackets left after the chunk's own are elements of a top-level
    // array (a chunk whose fields are the elements themselves).
    for index in indices {
        let (j, e) = list
            .iter()
            .enumerate()
            .find(|(_, f)| f.index() == Some(index))
            .ok_or_else(|| missing(&format!("top-level element [{index}]")))?;
        loc.path.push(j);
        list = e.children();
    }
    for part in parts {
        let (name, indices) = split_indices(part);
        let mut f = step(list, name, indices.first().copied(), &mut loc)
            .ok_or_else(|| missing(&format!("field {part:?}")))?;
        for &index in indices.iter().skip(1) {
            f = element(f, index, &mut loc)
                .ok_or_else(|| missing(&format!("[{index}] in {part:?}")))?;
        }
        list = f.children();
    }
    if loc.path.is_empty() || field_at(gbx, &loc).is_none() {
        return Err(missing("a field"));
    }
    Ok(loc)
}

/// The sibling named `name` and, with `[k]`, its element `k` (when it is an
/// array holding one) or else its k-th occurrence.
fn step<'a>(
    list: FieldList<'a>,
    name: &str,
    k: Option<u32>,
    loc: &mut FieldLoc,
) -> Option<FieldRef<'a>> {
    let named: Vec<(usize, FieldRef<'a>)> = list
        .iter()
        .enumerate()
        .filter(|(_, f)| f.name() == name)
        .collect();
    let &(i, f) = named.first()?;
    let Some(k) = k else {
        loc.path.push(i);
        return Some(f);
    };
    let (_, repeated) = named.get(k as usize).copied().unzip();
    if named.len() > 1
        && let Some(r) = repeated
    {
        loc.path.push(named[k as usize].0);
        return Some(r);
    }
    loc.path.push(i);
    element(f, k, loc)
}

/// The child of `f` with array index `index`.
fn element<'a>(f: FieldRef<'a>, index: u32, loc: &mut FieldLoc) -> Option<FieldRef<'a>> {
    let (j, e) = f
        .children()
        .iter()
        .enumerate()
        .find(|(_, c)| c.index() == Some(index))?;
    loc.path.push(j);
    Some(e)
}

/// The occurrence `k` of chunk `id` a path names: its first bracket when
/// the id occurs more than once among `ids` (taken out of `indices`), else
/// 0 ([`chunk_path`] writes `[k]` only for a repeated id).
fn occurrence(ids: impl Iterator<Item = u32>, id: u32, indices: &mut Vec<u32>) -> usize {
    let repeated = ids.filter(|&x| x == id).count() > 1;
    if repeated && !indices.is_empty() {
        indices.remove(0) as usize
    } else {
        0
    }
}

fn nth(ids: impl Iterator<Item = u32>, id: u32, k: usize) -> Option<usize> {
    ids.enumerate()
        .filter(|(_, x)| *x == id)
        .nth(k)
        .map(|(i, _)| i)
}

fn parse_id(s: &str) -> Option<u32> {
    let hex = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X"))?;
    u32::from_str_radix(hex, 16).ok()
}

/// `name[3][4]` → ("name", [3, 4]).
fn split_indices(s: &str) -> (&str, Vec<u32>) {
    let Some(open) = s.find('[') else {
        return (s, Vec::new());
    };
    let indices = s[open..]
        .split(['[', ']'])
        .filter(|p| !p.is_empty())
        .filter_map(|p| p.parse().ok())
        .collect();
    (&s[..open], indices)
}
