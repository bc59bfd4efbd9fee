//! CGameWaypointSpecialProperty (0x2E009000): what makes a block or item a
//! start, finish or checkpoint (seed 000 "Class descriptions"; 0x001 from
//! GBX.NET `Engines/GameData/CGameWaypointSpecialProperty.chunkl`).

use super::{ChunkDef, chunk, encapsulated};
use crate::bytes::ReadError;
use crate::gbx::read::archive::Archive;

/// Class id of CGameWaypointSpecialProperty.
pub const CLASS_ID: u32 = 0x2E00_9000;
/// Version, then the spawn number (version 1) or the tag (version 2), and
/// the order.
pub const CHUNK_PROPERTY: u32 = 0x2E00_9000;
/// Script metadata of the waypoint.
pub const CHUNK_SCRIPT_METADATA: u32 = 0x2E00_9001;

/// Waypoint tag of version 2 ("Spawn", "Goal", "Checkpoint", "StartFinish"…).
pub const FIELD_TAG: &str = "tag";
/// Spawn number of version 1.
pub const FIELD_SPAWN: &str = "spawn";

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    chunk(CHUNK_PROPERTY, None, waypoint),
    encapsulated(CHUNK_SCRIPT_METADATA, Some("script metadata"), waypoint_001),
];

fn waypoint(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    if v == 1 {
        a.u32(FIELD_SPAWN)?;
        a.u32("order")?;
    } else if v == 2 {
        a.string(FIELD_TAG)?;
        a.u32("order")?;
    }
    Ok(())
}

/// 0x2E009001 skippable (GBX.NET
/// `Engines/GameData/CGameWaypointSpecialProperty.chunkl`): version, a bool,
/// and when set an encapsulated block with the CScriptTraitsMetadata
/// node's chunks (no class id, as in CGameCtnChallenge 0x03043044).
fn waypoint_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    if !a.bool("hasScriptMetadata")? {
        return Ok(());
    }
    super::challenge_mp::metadata::script_metadata_node(a)
}
