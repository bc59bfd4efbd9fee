//! Chunk decoders: collector (work in progress).

use super::ChunkDef;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[];

/// Header chunk decoders.
pub static HEADER: &[ChunkDef] = &[];
