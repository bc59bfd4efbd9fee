//! Chunk decoders, one file per class or family, and their registry.
//!
//! A decoder is a function over
//! [`Archive`](crate::gbx::read::archive::Archive) that reads one chunk's
//! data with named primitives; the registry ([`decoders`]) maps remapped
//! chunk ids to decoders, separately for header chunks and body chunks (their layouts differ, e.g.
//! 0x03093002 is the author in the header and the embedded map in the body).
//!
//! # Names
//!
//! A class module starts with the names other code may use instead of
//! numbers and strings:
//! - `CLASS_ID`: the class id (current ids, after remapping);
//! - `CHUNK_HEADER_<WHAT>` for header chunk ids and `CHUNK_<WHAT>` for body
//!   chunk ids (remapped ids), used in the module's own tables;
//! - `FIELD_<NAME>`: the name (`&str`) of each decoded field that code
//!   outside the decoder reads (accessors such as
//!   [`MapInfo`](crate::gbx::access::map_info::MapInfo), the map edits). The decoder writes
//!   the field through the same constant, so renaming one is a compile error
//!   for every reader. Fields nobody reads keep their literal names.
//!
//! Field names follow GBX.NET (`Src/GBX.NET/Engines/*/*.chunkl` and the
//! chunk classes' C# properties, camelCase as it writes them); where it
//! names nothing, a descriptive name; a value no public source explains is
//! a placeholder `uNN` (`u01`, `u02`, … in chunk order), the only names of
//! that form, counted by the test `tests/gbx/placeholders.rs`. The same
//! value has the same name in every chunk (e.g. `isLapRace`, `playMode`,
//! `mapCoordOrigin`, `isFixedTimeStep`).
//!
//! Classes whose decoders sit inside a family module (the anchored object of
//! `challenge_mp::items`, the script traits of `challenge_mp::metadata`, the
//! TM1.0 block of `collector::block_info`) keep their names there,
//! crate-visible; the MediaTracker classes share theirs in `media::names`.
//! Generic names: `field::ARRAY_COUNT` (an array's count), `common::XYZ`
//! (int3/byte3 coordinates).
//!
//! # Adding a decoder
//!
//! Write the function in the file of its class and add it to that file's
//! `BODY` or `HEADER` table; a new file also adds its tables to
//! `BODY_TABLES` / `HEADER_TABLES` below. Nothing else is needed, and
//! nothing can be forgotten silently: an unused decoder function is a
//! compile error (`dead_code` is denied in this module), a table left out
//! of the registry fails the test `every_table_in_the_sources_is_registered`,
//! and a chunk id registered twice fails `no_chunk_id_is_registered_twice`.
#![deny(dead_code)]

use crate::gbx::read::archive::Decoders;
pub use crate::gbx::read::archive::{ChunkDef, ReadFn, chunk, encapsulated};
pub use crate::gbx::read::layout::{FieldDecl, Gate, Layout, Ty};

/// A declared chunk's registry entry: the decoder and the layout of one
/// `decl::layout!` declaration.
#[must_use]
#[track_caller]
pub const fn declared(id: u32, name: Option<&'static str>, d: &'static decl::Declared) -> ChunkDef {
    crate::gbx::read::archive::declared_chunk(id, name, d.read, &d.layout)
}
use std::sync::OnceLock;

pub(crate) mod block_common;
pub(crate) mod block_records;
mod block_skin;
pub mod challenge;
mod challenge_body;
pub(crate) mod challenge_mp;
pub mod challenge_parameters;
pub mod collector;
pub(crate) mod common;
pub mod decl;
pub mod game_ghost;
pub mod ghost;
pub mod ghost_result;
pub mod ghost_validation;
pub(crate) mod media;
pub mod plug;
mod profile;
pub mod replay;
pub(crate) mod shapes;
#[cfg(test)]
mod tests;
pub mod waypoint;

/// Decoder tables and the paths they were named by (for the registration
/// test).
struct Tables {
    tables: &'static [&'static [ChunkDef]],
    #[cfg_attr(not(test), allow(dead_code))]
    paths: &'static [&'static str],
}

/// `tables![a::BODY, b::c::BODY]`: the tables and their paths as written.
macro_rules! tables {
    ($($($seg:ident)::+),* $(,)?) => {
        Tables {
            tables: &[$($($seg)::+),*],
            paths: &[$(stringify!($($seg)::+)),*],
        }
    };
}

/// Every body table (one per class file).
const BODY_TABLES: Tables = tables![
    block_skin::BODY,
    challenge_body::BODY,
    challenge_mp::BODY,
    challenge_mp::world_data::BODY,
    challenge_mp::lightmaps::BODY,
    challenge_mp::items::BODY,
    challenge_mp::blocks::BODY,
    challenge_mp::metadata::BODY,
    challenge_mp::late_tm2020::BODY,
    challenge_parameters::BODY,
    collector::BODY,
    collector::item::BODY,
    collector::item_entity::BODY,
    collector::macroblock::BODY,
    collector::block_info::BODY,
    collector::block_info_kinds::BODY,
    collector::block_info_variant::BODY,
    collector::block_info_mobil::BODY,
    collector::decoration::BODY,
    collector::decoration_parts::BODY,
    collector::collection::BODY,
    media::BODY,
    media::clip::BODY,
    media::camera::BODY,
    media::effects::BODY,
    media::blocks::BODY,
    media::entity::BODY,
    replay::BODY,
    profile::BODY,
    game_ghost::BODY,
    ghost::BODY,
    ghost_result::BODY,
    waypoint::BODY,
    plug::crystal::BODY,
    plug::material::BODY,
    plug::visual::BODY,
    plug::buffers::BODY,
    plug::tree::BODY,
    plug::solid::BODY,
    plug::surface::BODY,
    plug::lights::BODY,
    plug::solid2::BODY,
    plug::models::BODY,
    plug::func::BODY,
    plug::scene::BODY,
    plug::objects::BODY,
];
/// Every table of classes without chunks (one archive after the class id),
/// keyed by class id.
const ARCHIVE_TABLES: Tables = tables![
    plug::placement::ARCHIVE,
    plug::models::ARCHIVE,
    plug::prefab::ARCHIVE,
    plug::func::ARCHIVE
];
/// Every header table.
const HEADER_TABLES: Tables = tables![
    challenge::HEADER,
    challenge_mp::HEADER,
    collector::HEADER,
    collector::decoration::HEADER,
    media::HEADER,
    replay::HEADER,
    ghost::HEADER,
];

/// Every registered decoder by id: what a read is handed (the reader in
/// `read/` dispatches through it and never names this module).
#[must_use]
pub fn decoders() -> &'static Decoders {
    static DECODERS: OnceLock<Decoders> = OnceLock::new();
    DECODERS.get_or_init(|| {
        let defs = |t: &Tables| t.tables.iter().flat_map(|t| t.iter());
        Decoders::new(
            defs(&BODY_TABLES),
            defs(&HEADER_TABLES),
            defs(&ARCHIVE_TABLES),
        )
    })
}

/// The body decoder of (remapped) chunk `id`, if any.
#[must_use]
pub fn body_chunk(id: u32) -> Option<&'static ChunkDef> {
    decoders().body_chunk(id)
}

/// Every chunk id with a body decoder (for coverage reports).
#[must_use]
pub fn body_chunk_ids() -> Vec<u32> {
    let mut ids: Vec<u32> = BODY_TABLES
        .tables
        .iter()
        .flat_map(|t| t.iter().map(|d| d.id))
        .collect();
    ids.sort_unstable();
    ids
}

/// The declared layout of body chunk `id` (remapped), when its decoder is a
/// declaration ([`decl`]): its fields with name, type, role and gate, and
/// its source.
#[must_use]
pub fn body_layout(id: u32) -> Option<&'static Layout> {
    body_chunk(id)?.layout
}

/// The declared layout of header chunk `id` (remapped), as [`body_layout`].
#[must_use]
pub fn header_layout(id: u32) -> Option<&'static Layout> {
    decoders().header_chunk(id, 0)?.layout
}

/// Every declared layout, header chunks first, each with its chunk id and
/// whether it is a header chunk (`trackbench chunks` and docs/CHUNKS.md
/// list every decoder, declared or not, through `gbx::tools::chunks`).
#[must_use]
pub fn declared_layouts() -> Vec<(u32, bool, &'static Layout)> {
    let mut out = Vec::new();
    for (header, tables) in [(true, &HEADER_TABLES), (false, &BODY_TABLES)] {
        for d in tables.tables.iter().flat_map(|t| t.iter()) {
            if let Some(l) = d.layout {
                out.push((d.id, header, l));
            }
        }
    }
    out.sort_by_key(|&(id, header, _)| (!header, id));
    out
}
