//! One difference between two files and where it is in each
//! ([`super::diff`] finds them), and the pairing of two lists by key that
//! every part of the diff uses.

use crate::bytes::{ByteRange, Space};
use crate::gbx::ChunkRef;
use serde::Serialize;
use std::collections::HashMap;

/// The part of the file a difference is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DiffArea {
    /// The header: its own fields and the header chunks (file space).
    Header,
    /// The reference table (file space).
    RefTable,
    /// The body's nodes and chunks (body space).
    Body,
}

/// What differs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DiffKind {
    /// Present in both with different values (or bytes).
    Changed,
    /// Only the first file has it.
    OnlyInA,
    /// Only the second file has it.
    OnlyInB,
}

/// Where a difference is in one of the two files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DiffSide {
    /// The space of `range` (file for the header and reference table, body
    /// for body chunks).
    pub space: Space,
    /// The bytes of the field, chunk or node.
    pub range: ByteRange,
    /// The chunk it is in, when it is in one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chunk: Option<ChunkRef>,
}

/// One difference between file A and file B.
#[derive(Debug, Clone, Serialize)]
pub struct Difference {
    /// Header, reference table or body.
    pub area: DiffArea,
    /// Changed, or present on one side only.
    pub kind: DiffKind,
    /// Human path: "header chunk 0x03043003 / mapName",
    /// "node 0 CGameCtnChallenge / chunk 0x0304301F / blocks / block\[3\] / name".
    pub path: String,
    /// The field's name, for a field-level difference.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<&'static str>,
    /// The (remapped) id of the chunk it is in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chunk_id: Option<u32>,
    /// Where it is in A (absent for [`DiffKind::OnlyInB`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub a: Option<DiffSide>,
    /// Where it is in B (absent for [`DiffKind::OnlyInA`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub b: Option<DiffSide>,
    /// A's value as shown in the inspector, for fields.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_a: Option<String>,
    /// B's value as shown in the inspector, for fields.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_b: Option<String>,
}

/// Pairs the items of two lists by key and occurrence: `(Some(i), Some(j))`
/// for a pair, `(Some(i), None)` / `(None, Some(j))` for the unpaired, in
/// A's order with B's leftovers last.
pub(crate) fn pair_by_key<K: std::hash::Hash + Eq + Copy>(
    keys_a: &[K],
    keys_b: &[K],
) -> Vec<(Option<usize>, Option<usize>)> {
    let mut queues: HashMap<K, std::collections::VecDeque<usize>> = HashMap::new();
    for (j, k) in keys_b.iter().enumerate() {
        queues.entry(*k).or_default().push_back(j);
    }
    let mut used = vec![false; keys_b.len()];
    let mut pairs = Vec::with_capacity(keys_a.len().max(keys_b.len()));
    for (i, k) in keys_a.iter().enumerate() {
        let j = queues
            .get_mut(k)
            .and_then(std::collections::VecDeque::pop_front);
        if let Some(j) = j {
            used[j] = true;
        }
        pairs.push((Some(i), j));
    }
    pairs.extend(
        used.iter()
            .enumerate()
            .filter(|(_, u)| !**u)
            .map(|(j, _)| (None, Some(j))),
    );
    pairs
}
