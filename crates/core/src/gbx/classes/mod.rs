//! Chunk decoders, one file per class or family, and their registry.
//!
//! A decoder is a function over [`Archive`] that reads one chunk's data with
//! named primitives; the registry maps remapped chunk ids to decoders,
//! separately for header chunks and body chunks (their layouts differ, e.g.
//! 0x03093002 is the author in the header and the embedded map in the body).

use super::archive::Archive;
use crate::bytes::ReadError;
use std::collections::HashMap;
use std::sync::OnceLock;

mod challenge;
mod challenge_body;
mod challenge_mp;
mod collector;
mod common;
#[cfg(test)]
mod coverage_tests;
#[cfg(test)]
mod coverage_tests_more;
mod ghost;
mod ghost_more;
pub mod ids;
mod media;
mod misc;
mod profile;
mod replay;

/// Reads one chunk's data.
pub type ReadFn = fn(&mut Archive<'_>) -> Result<(), ReadError>;

/// A chunk decoder.
#[derive(Debug)]
pub struct ChunkDef {
    /// Chunk id (current class ids).
    pub id: u32,
    /// Name from the seeds, when they give one.
    pub name: Option<&'static str>,
    /// The decoder.
    pub read: ReadFn,
    /// Read with its own lookback and node scope (seed 000 "Encapsulation").
    pub encapsulated: bool,
}

/// A decoder entry (`const` helper for the tables).
#[must_use]
pub const fn chunk(id: u32, name: Option<&'static str>, read: ReadFn) -> ChunkDef {
    ChunkDef {
        id,
        name,
        read,
        encapsulated: false,
    }
}

/// An encapsulated decoder entry.
#[must_use]
pub const fn encapsulated(id: u32, name: Option<&'static str>, read: ReadFn) -> ChunkDef {
    ChunkDef {
        id,
        name,
        read,
        encapsulated: true,
    }
}

/// Every body table (one per class file).
const BODY_TABLES: &[&[ChunkDef]] = &[
    challenge_body::BODY,
    challenge_mp::BODY,
    challenge_mp::simple::BODY,
    challenge_mp::lightmaps::BODY,
    challenge_mp::items::BODY,
    challenge_mp::blocks::BODY,
    challenge_mp::metadata::BODY,
    collector::BODY,
    collector::item::BODY,
    collector::item_entity::BODY,
    collector::macroblock::BODY,
    collector::block_info::BODY,
    collector::block_info_more::BODY,
    collector::block_info_mobil::BODY,
    collector::decoration::BODY,
    collector::decoration_parts::BODY,
    collector::collection::BODY,
    misc::BODY,
    media::BODY,
    media::clip::BODY,
    media::camera::BODY,
    media::effects::BODY,
    media::blocks::BODY,
    media::entity::BODY,
    replay::BODY,
    profile::BODY,
    ghost::BODY,
    ghost_more::BODY,
];
/// Every header table.
const HEADER_TABLES: &[&[ChunkDef]] = &[
    challenge::HEADER,
    challenge_mp::HEADER,
    collector::HEADER,
    collector::decoration::HEADER,
    misc::HEADER,
    media::HEADER,
    replay::HEADER,
    ghost::HEADER,
];

fn index(tables: &[&'static [ChunkDef]]) -> HashMap<u32, &'static ChunkDef> {
    tables
        .iter()
        .flat_map(|t| t.iter())
        .map(|d| (d.id, d))
        .collect()
}

/// The body decoder of (remapped) chunk `id`, if any.
#[must_use]
pub fn body_chunk(id: u32) -> Option<&'static ChunkDef> {
    static BODY: OnceLock<HashMap<u32, &'static ChunkDef>> = OnceLock::new();
    BODY.get_or_init(|| index(BODY_TABLES)).get(&id).copied()
}

/// The header decoder of (remapped) chunk `id` in a file of class
/// `class_id`, if any.
#[must_use]
pub fn header_chunk(id: u32, _class_id: u32) -> Option<&'static ChunkDef> {
    static HEADER: OnceLock<HashMap<u32, &'static ChunkDef>> = OnceLock::new();
    HEADER
        .get_or_init(|| index(HEADER_TABLES))
        .get(&id)
        .copied()
}

/// Every chunk id with a body decoder (for coverage reports).
#[must_use]
pub fn body_chunk_ids() -> Vec<u32> {
    let mut ids: Vec<u32> = BODY_TABLES
        .iter()
        .flat_map(|t| t.iter().map(|d| d.id))
        .collect();
    ids.sort_unstable();
    ids
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_chunk_id_is_registered_twice() {
        for tables in [BODY_TABLES, HEADER_TABLES] {
            let mut ids: Vec<u32> = tables.iter().flat_map(|t| t.iter().map(|d| d.id)).collect();
            let total = ids.len();
            ids.sort_unstable();
            ids.dedup();
            assert_eq!(
                ids.len(),
                total,
                "a chunk id has two decoders; one would silently win"
            );
        }
    }
}
