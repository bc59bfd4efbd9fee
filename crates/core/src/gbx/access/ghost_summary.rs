//! What a ghost says about itself beyond its times: the map it was driven
//! on, the car, the game and executable, and its validation record.
//!
//! Read from the fields of `classes/ghost.rs` (names and chunks from
//! GBX.NET `Src/GBX.NET/Engines/Game/CGameCtnGhost.chunkl`: 0x000
//! PlayerModel and RecordingContext, 0x010 Validate_ChallengeUid, the
//! validation record of 0x011/0x019/0x025, 0x028 title id, 0x02C/0x02D
//! walltime and validation info).

use crate::gbx::classes::ghost::{
    CHUNK_TITLE_ID, CHUNK_VALIDATE_MAP_UID, CHUNK_VALIDATION_INFO, FIELD_EXE_CHECKSUM,
    FIELD_GAME_VERSION, FIELD_PLAYER_MODEL, FIELD_RECORDING_CONTEXT, FIELD_VALIDATE_EXE_VERSION,
    FIELD_VALIDATE_MAP_UID, FIELD_VALIDATE_TITLE_ID, FIELD_VALIDATION_SEED, FIELD_WALLTIME_START,
    VALIDATION_CHUNKS,
};
use crate::gbx::read::field_ref::FieldRef;
use crate::gbx::{Gbx, Node};

/// The identity and validation facts of one CGameCtnGhost node; every
/// field is `None` when the file does not store it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GhostSummary {
    /// Uid of the map the ghost was driven on (0x03092010).
    pub map_uid: Option<String>,
    /// The car's model id, e.g. "CarSport" or "StadiumCar" (PlayerModel).
    pub car: Option<String>,
    /// The game version string of the validation record (0x025/0x019
    /// `validate_ExeVersion`), else 0x02D `validate_ExeVersion`.
    pub game_version: Option<String>,
    /// Executable checksum of the validation record, as stored.
    pub exe_checksum: Option<String>,
    /// Title id (0x028 or 0x02D), e.g. "Trackmania".
    pub title_id: Option<String>,
    /// Recording context (0x000), e.g. "PersonalBest_TimeAttack".
    pub recording_context: Option<String>,
    /// Validation seed (0x019/0x025).
    pub validation_seed: Option<u32>,
    /// Unix time (s) the run started (0x02C/0x02D).
    pub walltime_start: Option<u32>,
    /// The chunk of the validation record (0x03092011, 0x019 or 0x025).
    pub validation_chunk: Option<u32>,
}

/// The summary of the ghost node `node` of `gbx`.
#[must_use]
pub fn ghost_summary(gbx: &Gbx, node: &Node) -> GhostSummary {
    // The first chunk of the node storing `name`, with a non-empty value.
    let any = |name: &str| -> Option<FieldRef<'_>> {
        node.chunks
            .iter()
            .filter_map(|c| gbx.chunk_field(c, name))
            .find(|f| f.text().is_none_or(|t| !t.is_empty()))
    };
    let in_chunk = |id: u32, name: &str| node.chunk(id).and_then(|c| gbx.chunk_field(c, name));
    let text = |f: Option<FieldRef<'_>>| f.and_then(FieldRef::text).filter(|t| !t.is_empty());
    let validation = VALIDATION_CHUNKS
        .iter()
        .copied()
        .find(|&id| node.chunk(id).is_some());
    let from_validation = |name: &str| validation.and_then(|id| in_chunk(id, name));
    GhostSummary {
        map_uid: text(in_chunk(CHUNK_VALIDATE_MAP_UID, FIELD_VALIDATE_MAP_UID)).or_else(|| {
            in_chunk(CHUNK_VALIDATE_MAP_UID, FIELD_VALIDATE_MAP_UID).map(|f| f.label())
        }),
        car: any(FIELD_PLAYER_MODEL)
            .and_then(|m| m.children().iter().next())
            .and_then(|v| v.text().or_else(|| Some(v.label())))
            .filter(|t| !t.is_empty()),
        game_version: text(from_validation(FIELD_GAME_VERSION))
            .or_else(|| text(in_chunk(CHUNK_VALIDATION_INFO, FIELD_VALIDATE_EXE_VERSION))),
        exe_checksum: from_validation(FIELD_EXE_CHECKSUM)
            .filter(|_| text(from_validation(FIELD_GAME_VERSION)).is_some())
            .map(|f| f.label()),
        title_id: text(in_chunk(CHUNK_TITLE_ID, FIELD_VALIDATE_TITLE_ID))
            .or_else(|| text(in_chunk(CHUNK_VALIDATION_INFO, FIELD_VALIDATE_TITLE_ID))),
        recording_context: text(any(FIELD_RECORDING_CONTEXT)),
        validation_seed: from_validation(FIELD_VALIDATION_SEED)
            .and_then(FieldRef::int)
            .map(|v| v as u32),
        walltime_start: any(FIELD_WALLTIME_START)
            .and_then(FieldRef::int)
            .map(|v| v as u32)
            .filter(|&t| t != 0),
        validation_chunk: validation,
    }
}
