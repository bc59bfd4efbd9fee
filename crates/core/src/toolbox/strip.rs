//! Shrinking a map (issue 18 "Size view" actions, `trackbench strip`):
//! strip the lightmaps, remove the validation ghost, recompress the
//! embedded items ZIP (its layout in [`super::items_zip`]). Each is a
//! [`StripPlan`] of whole-chunk replacements.
//!
//! A strip replaces whole chunks: the same plan is the CLI's output and one
//! undoable [`Edit`] for the app. Removing a validation ghost goes through
//! the edit engine ([`crate::edit::engine::build_edit`]), so the lookback
//! strings after the removed node stay true; when an undecoded chunk later
//! in the scope could refer to a removed string by number, it is refused and
//! says which chunk.
//!
//! - Lightmaps (0x0304303D, seed 003 and GBX.NET `ReadWriteLightMapCacheSmall`;
//!   TM2020 0x0304305B): the chunk keeps its id and says "no lightmaps"
//!   (`hasLightmaps` = 0, for 0x05B after its version and before its two
//!   bools). The player's cost: the game computes the lightmap again (the
//!   editor's "compute shadows"), the map shows flat lighting until then.
//! - Validation ghost: TM2020 keeps it in the skippable, encapsulated
//!   0x0305B00F of CGameCtnChallengeParameters (GBX.NET `.chunkl`): the chunk
//!   is removed (its lookback strings are its own, seed 000
//!   "Encapsulation"). Older maps reference it from 0x0305B00D: the chunk
//!   is rewritten with a null reference (-1) in place of the noderef and the
//!   node it read. The player's cost:
//!   the map is no longer validated and must be driven to the finish again
//!   before it can be published or uploaded.

use super::items_zip::ByteProgress;
use crate::bytes::{ByteRange, Space};
use crate::edit::engine::{Splice, build_edit, splice_parse};
use crate::edit::{Edit, FieldPatch, Target};
use crate::gbx::classes::challenge::{CHUNK_LIGHTMAPS, FIELD_HAS_LIGHTMAPS, LIGHTMAPS_TM2020_HEAD};
use crate::gbx::classes::challenge_parameters::{self, FIELD_RACE_VALIDATE_GHOST};
use crate::gbx::read::node::SKIP;
use crate::gbx::write::{Patch, WriteOptions, write};
use crate::gbx::{Chunk, ChunkRef, Gbx, slice};

pub use crate::gbx::classes::challenge::CHUNK_LIGHTMAPS_TM2020;
/// ChallengeParameters: validation ghost as a noderef (GBX.NET `Chunk0305B00D`).
pub const CHUNK_VALIDATE_GHOST: u32 = 0x0305_B00D;
/// ChallengeParameters: validation ghost, encapsulated (GBX.NET `Chunk0305B00F`).
pub const CHUNK_VALIDATE_GHOST_TM2020: u32 = 0x0305_B00F;

/// What can be stripped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StripKind {
    /// The lightmap cache.
    Lightmaps,
    /// The validation ghost.
    Validation,
    /// The embedded items ZIP, recompressed at the best level (nothing is
    /// removed).
    ItemsZip,
}

impl StripKind {
    /// What the player pays (module docs), for the app and `--help`.
    #[must_use]
    pub fn cost(self) -> &'static str {
        match self {
            Self::Lightmaps => {
                "the game computes the lighting again (editor: compute shadows); until then the map shows flat lighting"
            }
            Self::Validation => {
                "the map is no longer validated: drive it to the finish again in the editor before publishing or uploading"
            }
            Self::ItemsZip => {
                "none for the player: the items are the same files, only packed tighter (the map loads them the same way)"
            }
        }
    }
}

/// A strip ready to apply: the chunks it replaces and the body bytes it
/// removes.
#[derive(Debug, Clone)]
pub struct StripPlan {
    /// What is stripped.
    pub kind: StripKind,
    /// Whole chunks replaced: position, old range (body space) and the new
    /// bytes of the whole chunk (empty: removed).
    pub chunks: Vec<(ChunkRef, ByteRange, Vec<u8>)>,
    /// Uncompressed body bytes removed.
    pub body_bytes_removed: u64,
}

impl StripPlan {
    /// The plan as splices for the edit engine (whole chunks replaced).
    fn splices(&self) -> Vec<Splice> {
        self.chunks
            .iter()
            .map(|(_, range, bytes)| Splice::new(Space::Body, *range, bytes.clone()))
            .collect()
    }

    /// Whether the removed bytes may hold lookback strings that later
    /// chunks refer back to (a validation ghost does: its login, its
    /// skin…); lightmap caches and the items ZIP are raw bytes.
    fn moves_lookback_strings(&self) -> bool {
        self.kind == StripKind::Validation
    }

    fn label(&self) -> &'static str {
        match self.kind {
            StripKind::Lightmaps => "strip lightmaps",
            StripKind::Validation => "remove validation ghost",
            StripKind::ItemsZip => "recompress embedded items",
        }
    }

    /// The plan as one undoable edit over `gbx`, for the app's Size view.
    /// A validation ghost goes through the edit engine, so the lookback
    /// strings after it stay true (a string first stored in the ghost is
    /// written as a new string where it is next used); the other kinds are
    /// whole-chunk slots.
    ///
    /// # Errors
    /// [`StripError::Edit`] when the engine refuses (an undecoded chunk later
    /// in the same lookback scope could refer to a removed string by number)
    /// or its result reads less far.
    pub fn edit(&self, gbx: &Gbx) -> Result<Edit, StripError> {
        if self.moves_lookback_strings() {
            return Ok(build_edit(gbx, self.label(), self.splices())?);
        }
        let patches = self
            .chunks
            .iter()
            .filter_map(|(r, range, bytes)| {
                let ChunkRef::Body { node, chunk } = *r else {
                    return None;
                };
                Some(FieldPatch {
                    target: Target::ChunkSlot { node, index: chunk },
                    old: slice(&gbx.body, *range).to_vec(),
                    new: bytes.clone(),
                })
            })
            .collect();
        Ok(Edit {
            label: self.label().into(),
            patches,
            merge_key: None,
        })
    }

    /// The whole file after the plan (as [`StripPlan::edit`]).
    ///
    /// # Errors
    /// As [`StripPlan::edit`], or [`StripError::Write`] when writing fails.
    pub fn written(&self, gbx: &Gbx) -> Result<Vec<u8>, StripError> {
        if self.moves_lookback_strings() {
            return Ok(splice_parse(gbx, self.splices())?.file);
        }
        let patches: Vec<Patch> = self
            .chunks
            .iter()
            .map(|(_, range, bytes)| Patch {
                space: Space::Body,
                range: *range,
                bytes: bytes.clone(),
            })
            .collect();
        Ok(write(gbx, &patches, WriteOptions::default())?)
    }
}

/// Why nothing can be stripped.
#[derive(Debug, thiserror::Error)]
pub enum StripError {
    /// The file has nothing of that kind.
    #[error("nothing to strip: {0}")]
    Nothing(&'static str),
    /// The embedded items ZIP cannot be recompressed smaller (or read).
    #[error("nothing to recompress: {0}")]
    NotSmaller(String),
    /// Writing the result failed.
    #[error(transparent)]
    Write(#[from] crate::gbx::write::WriteError),
    /// The edit engine refused the change or its result did not read back.
    #[error(transparent)]
    Edit(#[from] crate::edit::EditError),
}

/// The chunks that strip `kind` from `gbx`.
///
/// # Errors
/// [`StripError::Nothing`] when the file has no lightmaps (or they are
/// already stripped), or no validation ghost.
pub fn plan(gbx: &Gbx, kind: StripKind) -> Result<StripPlan, StripError> {
    let never = std::sync::atomic::AtomicBool::new(false);
    plan_watched(gbx, kind, &ByteProgress::default(), &never)
}

/// [`plan`], the items ZIP recompressed with `progress` and `cancel`
/// ([`super::items_zip::recompress_zip_watched`]; the other kinds are
/// quick and ignore both).
///
/// # Errors
/// As [`plan`]; a cancelled recompression as [`StripError::NotSmaller`]
/// whose text ends with "cancelled".
pub fn plan_watched(
    gbx: &Gbx,
    kind: StripKind,
    progress: &ByteProgress,
    cancel: &std::sync::atomic::AtomicBool,
) -> Result<StripPlan, StripError> {
    let chunks = match kind {
        StripKind::Lightmaps => lightmap_chunks(gbx),
        StripKind::Validation => validation_chunks(gbx),
        StripKind::ItemsZip => {
            match super::items_zip::recompress_chunk_watched(gbx, progress, cancel) {
                Ok(chunk) => vec![chunk],
                Err(super::items_zip::RecompressError::NoZip) => Vec::new(),
                Err(e) => return Err(StripError::NotSmaller(e.to_string())),
            }
        }
    };
    if chunks.is_empty() {
        return Err(StripError::Nothing(match kind {
            StripKind::Lightmaps => "the map has no lightmaps (chunk 0x0304303D or 0x0304305B)",
            StripKind::Validation => "the map has no validation ghost (0x0305B00D or 0x0305B00F)",
            StripKind::ItemsZip => "the map has no embedded items ZIP (0x03043054)",
        }));
    }
    let body_bytes_removed = chunks
        .iter()
        .map(|(_, r, b)| r.len().saturating_sub(b.len() as u64))
        .sum();
    Ok(StripPlan {
        kind,
        chunks,
        body_bytes_removed,
    })
}

/// The file with `kind` stripped.
///
/// # Errors
/// As [`plan`], or when writing fails.
pub fn strip(gbx: &Gbx, kind: StripKind) -> Result<Vec<u8>, StripError> {
    plan(gbx, kind)?.written(gbx)
}

/// A whole chunk: its stored id, the skippable marker and size when it is
/// skippable, then `data`.
fn chunk_bytes(gbx: &Gbx, c: &Chunk, data: &[u8]) -> Vec<u8> {
    let mut out = slice(&gbx.body, ByteRange::at(c.range.start, 4)).to_vec();
    if c.skippable {
        out.extend_from_slice(&SKIP.to_le_bytes());
        out.extend_from_slice(&u32::try_from(data.len()).unwrap_or(u32::MAX).to_le_bytes());
    }
    out.extend_from_slice(data);
    out
}

type Replacement = (ChunkRef, ByteRange, Vec<u8>);

fn lightmap_chunks(gbx: &Gbx) -> Vec<Replacement> {
    let Some(main) = gbx.main_node() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, c) in main.chunks.iter().enumerate() {
        let fields = gbx.chunk_fields(c);
        if fields.find(FIELD_HAS_LIGHTMAPS).and_then(|f| f.int()) != Some(1) {
            continue;
        }
        let mut data = Vec::new();
        if c.id == CHUNK_LIGHTMAPS {
            data.extend_from_slice(&0u32.to_le_bytes());
        } else if c.id == CHUNK_LIGHTMAPS_TM2020 {
            for name in LIGHTMAPS_TM2020_HEAD {
                let Some(f) = fields.find(name) else {
                    return Vec::new();
                };
                if name == FIELD_HAS_LIGHTMAPS {
                    data.extend_from_slice(&0u32.to_le_bytes());
                } else {
                    data.extend_from_slice(slice(&gbx.body, f.range()));
                }
            }
        } else {
            continue;
        }
        out.push((
            ChunkRef::Body { node: 0, chunk: i },
            c.range,
            chunk_bytes(gbx, c, &data),
        ));
    }
    out
}

fn validation_chunks(gbx: &Gbx) -> Vec<Replacement> {
    let mut out = Vec::new();
    for (n, node) in gbx.nodes.iter().enumerate() {
        if node.class_id != challenge_parameters::CLASS_ID {
            continue;
        }
        for (i, c) in node.chunks.iter().enumerate() {
            let at = ChunkRef::Body { node: n, chunk: i };
            if c.id == CHUNK_VALIDATE_GHOST_TM2020 && c.skippable {
                out.push((at, c.range, Vec::new()));
            } else if c.id == CHUNK_VALIDATE_GHOST {
                let ghost = gbx
                    .chunk_field(c, FIELD_RACE_VALIDATE_GHOST)
                    .and_then(|f| f.node());
                if ghost.is_some() {
                    out.push((at, c.range, chunk_bytes(gbx, c, &(-1i32).to_le_bytes())));
                }
            }
        }
    }
    out
}
