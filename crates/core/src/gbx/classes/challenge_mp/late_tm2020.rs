//! Four TM2020 map body chunks that GBX.NET long marked "ignore" and that
//! trackbench kept raw until their layout was published: 0x05C (two u32
//! lists), 0x05E (legacy macroblocks), 0x064 (MediaTracker clip groups) and
//! 0x067 (launched checkpoints).
//!
//! Source: GBX.NET `Src/GBX.NET/Engines/Game/CGameCtnChallenge.chunkl` at
//! commit 9ff75050d077ed7ce9adc3d2aa568f2360afc59d (our mirror's older HEAD
//! still says "skippable, ignore"), and its unit test
//! `Tests/GBX.NET.Tests/Unit/CGameCtnChallengeIgnoredChunkTests.cs`, which
//! writes each layout byte by byte.
//!
//! Why it matters to the editor: a raw chunk may refer to lookback strings
//! by number, so an edit that changes the list of strings before one is
//! refused (`edit/lookback_fix.rs`). Decoded here, 0x05C is known to hold
//! no string at all, and 0x05E, 0x064 and 0x067 keep their content inside
//! encapsulated data, which has a lookback list (and node table) of its own
//! (seed 000 "Encapsulation"): nothing in them can name a string of the
//! body. The content of the three encapsulated blocks is decoded only in
//! the empty form every corpus map but two stores; otherwise it is kept as
//! bytes (GBX.NET decodes it; trackbench does not need it yet).
//!
//! Corpus (every TM2020 map, 2026-11-27): 0x05C is version 0 with two
//! empty lists (12 bytes) or version 1 alone (GBX.NET's own
//! `GBX-NET 2 CGameCtnChallenge TM2020 001.Map.Gbx`); 0x05E is version 1
//! and 8 encapsulated bytes (no macroblock, the reserved count 0); 0x064 is
//! version 0 and an empty clip group list; 0x067 is version 0 and a null
//! node, except `cleanmap` and `goth` (4,096 bytes holding a
//! CGameSaveLaunchedCheckpoints, class 0x03262000).

use super::{encapsulated_data, known_version};
use crate::bytes::ReadError;
use crate::gbx::classes::decl::layout;
use crate::gbx::classes::declared;
use crate::gbx::classes::{ChunkDef, encapsulated};
use crate::gbx::read::archive::Archive;

/// Chunk 0x0304305C (no name in GBX.NET).
pub const CHUNK_UINT_LISTS: u32 = 0x0304_305C;
/// Chunk 0x0304305E: legacy macroblocks.
pub const CHUNK_LEGACY_MACROBLOCKS: u32 = 0x0304_305E;
/// Chunk 0x03043064: MediaTracker clip groups.
pub const CHUNK_CLIP_GROUPS: u32 = 0x0304_3064;
/// Chunk 0x03043067: launched checkpoints.
pub const CHUNK_LAUNCHED_CHECKPOINTS: u32 = 0x0304_3067;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    declared(CHUNK_UINT_LISTS, None, &UINT_LISTS_05C),
    encapsulated(
        CHUNK_LEGACY_MACROBLOCKS,
        Some("legacy macroblocks"),
        legacy_macroblocks_05e,
    ),
    encapsulated(
        CHUNK_CLIP_GROUPS,
        Some("mediatracker groups"),
        clip_groups_064,
    ),
    encapsulated(
        CHUNK_LAUNCHED_CHECKPOINTS,
        Some("launched checkpoints"),
        launched_checkpoints_067,
    ),
];

layout! {
    /// 0x05C: version (GBX.NET writes 1); version 0 adds two u32 lists
    /// (`uint[]`: count, values; the unit test fills them with times). No
    /// string, no node. A version above 1 is refused (the chunk stays raw).
    fn uint_lists_05c => UINT_LISTS_05C, "CGameCtnChallenge 0x05c: not in GBX.NET; read from corpus files" {
        u32 "version" as Version max 1;
        u32 "u01Count" as Count if Only(0);
        counted_u32s "u01" if Only(0);
        u32 "u02Count" as Count if Only(0);
        counted_u32s "u02" if Only(0);
    }
}

/// 0x05E: version (1), then encapsulated `MacroblockData[]
/// LegacyMacroblocks` and an int (a count the game reserves without
/// entries). Decoded when empty; else the encapsulated bytes are kept.
fn legacy_macroblocks_05e(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.version_u32("version")?;
    known_version(a, "0x05E", version, 1)?;
    encapsulated_data(a, |a| {
        if holds_only(a, 2) && a.r.peek_u32().ok() == Some(0) {
            a.u32("legacyMacroblocksCount")?;
            a.u32("u01")?;
            return Ok(());
        }
        rest_as_bytes(a, "legacyMacroblocks")
    })
}

/// 0x064: version, then encapsulated `CGameCtnMediaClipGroup[]
/// ClipGroups`. Decoded when empty (count 0); else the encapsulated bytes
/// are kept.
fn clip_groups_064(a: &mut Archive<'_>) -> Result<(), ReadError> {
    one_word_or_bytes(a, 0, "clipGroups", |a| a.u32("clipGroupsCount").map(drop))
}

/// 0x067: version, then encapsulated `CGameSaveLaunchedCheckpoints
/// LaunchedCheckpoints` (a direct node: class id or -1). Decoded when null;
/// else the encapsulated bytes are kept.
fn launched_checkpoints_067(a: &mut Archive<'_>) -> Result<(), ReadError> {
    one_word_or_bytes(a, u32::MAX, "launchedCheckpoints", |a| {
        a.direct_node("launchedCheckpoints").map(drop)
    })
}

/// A version, then encapsulated data that is decoded by `read` when it is
/// the single u32 `word` (the empty form), else kept as bytes named `name`.
fn one_word_or_bytes(
    a: &mut Archive<'_>,
    word: u32,
    name: &'static str,
    read: impl FnOnce(&mut Archive<'_>) -> Result<(), ReadError>,
) -> Result<(), ReadError> {
    a.version_u32("version")?;
    encapsulated_data(a, |a| {
        if holds_only(a, 1) && a.r.peek_u32().ok() == Some(word) {
            return read(a);
        }
        rest_as_bytes(a, name)
    })
}

/// Whether the rest of the encapsulated reader can be exactly `words`
/// u32s: 4 bytes each in a binary file; in the text format (numbers as
/// CR LF lines) any length, the encapsulation's end check then proves it,
/// so a binary file and its text transcode decode to the same fields.
fn holds_only(a: &Archive<'_>, words: usize) -> bool {
    a.r.is_text() || a.r.remaining() == 4 * words
}

/// The rest of the current (bounded) reader as one byte blob.
fn rest_as_bytes(a: &mut Archive<'_>, name: &'static str) -> Result<(), ReadError> {
    let n =
        u32::try_from(a.r.remaining()).map_err(|_| a.r.invalid("encapsulated data over 4 GiB"))?;
    if n > 0 {
        a.bytes(name, n)?;
    }
    Ok(())
}
