//! The race result chunks of CGameCtnGhost that GBX.NET's chunkl still
//! marks "ignore" (our mirror's master, 975272fa, 2026-07-30) and that
//! trackbench kept raw until 2026-11-27: 0x0309201B (race result: race time,
//! respawns, stunts score, checkpoint times) and 0x0309202B (TM2020: race
//! time, respawns and the checkpoint times again). CGameGhost's 0x0303F007
//! is in `game_ghost`.
//!
//! Sources:
//! - 0x01B: GBX.NET `Src/GBX.NET/Engines/Game/CGameCtnGhost.cs`,
//!   `partial class Chunk0309201B` (versions 0 to 2), a revision newer than
//!   the mirror's master, read through the public code index (which gives
//!   no commit for it).
//! - 0x02B: jussyDr/gbx's ghost reader (`Ghost::read_chunk_43`, a revision
//!   newer than the mirror's 19f84a98, which still skips it; read through
//!   the public code index): u32, u32, u32, u32, u32, a list of u32 pairs,
//!   u32. It names nothing: `raceTime`, `numRespawns` and the checkpoint
//!   `time` are named from the corpus, where they equal 0x01B's race time
//!   and respawns and its checkpoint times summed (`tests/gbx/ghost.rs`
//!   `race_result_chunks_decode_in_their_known_forms`); the rest are
//!   placeholders.
//!
//! Why it matters to the editor: a raw chunk may refer to lookback strings
//! by number, so an edit that changes the list of strings before one is
//! refused (`edit/lookback_fix.rs`). Decoded, both hold integers only, so
//! deleting a map's validation ghost works when another ghost follows it
//! (`Tiger Blood.Map.Gbx`).
//!
//! Corpus (2026-11-27, every file): 59 0x01B chunks, 54 of version 2 and 5
//! of version 1 (`GBX-NET 2 CGameCtnReplayRecord MP3 001.Replay.Gbx`,
//! `spmWeekly - Christmas Chrisis..Map.Gbx`); 36 0x02B chunks, all of
//! version 1. Every one fits its layout to the byte.

use crate::bytes::ReadError;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;

/// Race result (GBX.NET "race result").
pub const CHUNK_RACE_RESULT: u32 = 0x0309_201B;
/// TM2020 race result (no name in any public source).
pub const CHUNK_RACE_RESULT_TM2020: u32 = 0x0309_202B;

/// The chunk's version (0x01B: 0 to 2; 0x02B: 1).
pub const FIELD_VERSION: &str = "version";
/// Race time in ms, -1 (0xFFFFFFFF) when the race was not finished.
pub const FIELD_RACE_TIME: &str = "raceTime";
/// Respawns: 0x01B a u16 where 0xFFFF means none counted (GBX.NET reads
/// it as -1), 0x02B an i32 (-1 likewise).
pub const FIELD_NUM_RESPAWNS: &str = "respawns";
/// 0x01B: stunts score (u16 from version 1, i32 in version 0).
pub const FIELD_STUNTS_SCORE: &str = "stuntScore";
/// 0x01B: the number of checkpoints (u16 from version 1, i32 in version 0).
pub const FIELD_NUM_CHECKPOINTS: &str = "numCheckpoints";
/// The checkpoint list (a group of [`FIELD_CHECKPOINT`] records).
pub const FIELD_CHECKPOINTS: &str = "checkpoints";
/// One checkpoint (group).
pub const FIELD_CHECKPOINT: &str = "checkpoint";
/// 0x01B: a checkpoint's time in ms as stored: absolute in version 0; in
/// version 1 the difference to the next checkpoint's time, the last one's
/// to the race time (the list runs backwards from the finish); in version
/// 2 the difference to the previous checkpoint's time (the first one's to
/// 0). GBX.NET reads -1 (after summing) as no time.
pub const FIELD_TIME_DELTA: &str = "timeDelta";
/// 0x02B: a checkpoint's time in ms since the start.
pub const FIELD_CHECKPOINT_TIME: &str = "time";
/// 0x01B version 2: the race start time in ms, -1 when not stored.
pub const FIELD_RACE_START_TIME: &str = "raceStartTime";

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    chunk(CHUNK_RACE_RESULT, Some("race result"), race_result_01b),
    chunk(CHUNK_RACE_RESULT_TM2020, None, race_result_02b),
];

/// Most checkpoints a race result may hold (GBX.NET refuses more than
/// 10,000 from version 1; version 0's i32 count is held to the same).
const MAX_CHECKPOINTS: u32 = 10_000;

/// 0x0309201B (GBX.NET `CGameCtnGhost.cs` Chunk0309201B):
/// - version 0: race time i32, stunts score i32, respawns i32, count i32,
///   count × absolute time i32;
/// - version 1: race time i32, stunts score u16, respawns u16, count u16,
///   count × time delta i32 (backwards from the race time);
/// - version 2: count u16, stunts score u16, respawns u16, race time i32,
///   count × time delta i32 (forwards from 0), race start time i32.
///
/// A version above 2 is refused (the chunk stays raw).
fn race_result_01b(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.version_u32(FIELD_VERSION)?;
    if version > 2 {
        return Err(a.r.invalid(format!(
            "race result version {version} is not known (at most 2)"
        )));
    }
    let count = match version {
        0 => {
            a.time_ms(FIELD_RACE_TIME)?;
            a.i32(FIELD_STUNTS_SCORE)?;
            a.i32(FIELD_NUM_RESPAWNS)?;
            a.u32(FIELD_NUM_CHECKPOINTS)?
        }
        1 => {
            a.time_ms(FIELD_RACE_TIME)?;
            a.u16(FIELD_STUNTS_SCORE)?;
            a.u16(FIELD_NUM_RESPAWNS)?;
            u32::from(a.u16(FIELD_NUM_CHECKPOINTS)?)
        }
        _ => {
            let count = a.u16(FIELD_NUM_CHECKPOINTS)?;
            a.u16(FIELD_STUNTS_SCORE)?;
            a.u16(FIELD_NUM_RESPAWNS)?;
            a.time_ms(FIELD_RACE_TIME)?;
            u32::from(count)
        }
    };
    a.r.check_count(
        FIELD_CHECKPOINTS,
        u64::from(count),
        4,
        u64::from(MAX_CHECKPOINTS),
    )?;
    let name = if version == 0 {
        FIELD_CHECKPOINT_TIME
    } else {
        FIELD_TIME_DELTA
    };
    a.group(FIELD_CHECKPOINTS, None, |a| {
        for i in 0..count {
            a.group(FIELD_CHECKPOINT, Some(i), |a| a.i32(name).map(drop))?;
        }
        Ok(())
    })?;
    if version == 2 {
        a.time_ms(FIELD_RACE_START_TIME)?;
    }
    Ok(())
}

/// 0x0309202B (jussyDr/gbx `Ghost::read_chunk_43`): version (1), race
/// time, `u01` (0 in the corpus), respawns (-1 or the count), `u02`, the
/// checkpoints (a u32 count, then per checkpoint its time and `u03`), and
/// `u04` (-1 in the corpus). A version other than 1 is refused (the chunk
/// stays raw).
fn race_result_02b(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.version_u32(FIELD_VERSION)?;
    if version != 1 {
        return Err(a.r.invalid(format!(
            "TM2020 race result version {version} is not known (only 1)"
        )));
    }
    a.time_ms(FIELD_RACE_TIME)?;
    a.u32("u01")?;
    a.i32(FIELD_NUM_RESPAWNS)?;
    a.u32("u02")?;
    a.array(FIELD_CHECKPOINTS, FIELD_CHECKPOINT, 8, |a, _| {
        a.time_ms(FIELD_CHECKPOINT_TIME)?;
        a.u32("u03")?;
        Ok(())
    })?;
    a.i32("u04")?;
    Ok(())
}
