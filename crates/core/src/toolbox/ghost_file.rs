//! A standalone `.Ghost.Gbx` from a ghost node of a replay or map (issue 18
//! "ghosts out of a replay", GBX.NET's GhostExtract).
//!
//! The node's chunks are not byte-copied blindly: inside a replay they were
//! read with the replay's reading state, which the new file does not have.
//! Two things are rewritten for the new file (seed 000 "Reading the body",
//! "lookbackstring", "Encapsulation"; `super::ghost_rebase`):
//!
//! - Lookback strings. The body's one lookback list starts empty in the new
//!   file, so every lookback string of the node is encoded again in reading
//!   order: a string the new list already holds becomes a back-reference to
//!   its new (1-based) position, any other becomes a new string (the stored
//!   flag bits 30/31 are kept). The version (3) is written before the first
//!   lookback value, as the reader expects it. Numbers and -1 stay.
//! - Node references. Stored indices are renumbered from 1 in reading order
//!   (a back-reference gets the number of the node it pointed at), and the
//!   header's node count is set to match. A reference to a node read
//!   outside the ghost, or to an external node, is refused.
//!
//! The validation ghost of a TM2020 map sits in the encapsulated chunk
//! 0x0305B00F of CGameCtnChallengeParameters, where nodes are read without
//! an index (seed 000 "Encapsulation": "an index of the noderef is not
//! included"; GBX.NET `CGameCtnChallengeParameters.cs` Chunk0305B00F reads
//! `rw.Encapsulated(rw => rw.NodeRef(...))`): the ghost is a class id and
//! its chunks, and so is the CPlugEntRecordData its chunk 0x03092000 holds.
//! The ghost's chunks become the new body as they are (the root node has no
//! noderef of its own), and every node read inside it without an index
//! gets the next fresh index written before its class id, so the new file
//! reads it as an ordinary noderef. Its lookback strings were read with the
//! encapsulation's own list, which also started empty with a version, so
//! the re-encoding above gives the same bytes for them.
//!
//! Encapsulated chunks inside the ghost keep their bytes: their strings and
//! nodes are their own. Every skippable chunk whose data changed length gets
//! its size field rewritten.
//!
//! The file is: header version 6, "BUCR", class 0x03092000, user data size 0
//! (no header chunks), the node count, no external nodes, and the
//! LZO-compressed body (the node's chunks and 0xFACADE01). The game writes
//! ghosts so: each of the 22 CGameCtnGhost files of the corpus (TM2020
//! ghosts from Nadeo's servers, TMF and MP4 ghosts, GBX.NET's test files)
//! has user data size 0, and GBX.NET's `GbxHeaderWriter` writes 0 for a
//! class without header chunks (CGameCtnGhost.chunkl lists none). gbx-ts
//! (1.0.0-rc12) reads no such file, the game's own included: it requires at
//! least one header chunk ("No header chunks"), and with user data size 0
//! it takes the node count for the chunk count and fails further on;
//! pygbx 0.3 reads them (crates/core/tests/toolbox/peers.rs).

pub use super::ghost_rebase::GhostFileError;
use super::ghost_rebase::{patched_body, plan_edits, state_fields, subtree};
use crate::gbx::Gbx;
use crate::gbx::access::ghosts::CTN_GHOST;
use crate::gbx::read::body::compress;

/// The `.Ghost.Gbx` bytes of ghost node `node` of `gbx` (module docs).
///
/// # Errors
/// See [`GhostFileError`].
pub fn ghost_file(gbx: &Gbx, node: usize) -> Result<Vec<u8>, GhostFileError> {
    let n = gbx.nodes.get(node).ok_or(GhostFileError::NotAGhost(node))?;
    if n.class_id != CTN_GHOST {
        return Err(GhostFileError::NotAGhost(node));
    }
    let nodes = subtree(gbx, node);
    if nodes.iter().any(|&i| !gbx.nodes[i].is_complete()) {
        return Err(GhostFileError::Incomplete(node));
    }
    let fields = state_fields(gbx, &nodes);
    let (edits, num_nodes) = plan_edits(gbx, &fields)?;
    let body = patched_body(gbx, &nodes, edits)?;
    let packed = compress(&body).map_err(GhostFileError::Write)?;
    let len32 = |n: usize| {
        u32::try_from(n).map_err(|_| GhostFileError::Write("the body exceeds 4 GiB".into()))
    };
    let mut out = Vec::with_capacity(packed.len() + 40);
    out.extend_from_slice(b"GBX");
    out.extend_from_slice(&6u16.to_le_bytes());
    out.extend_from_slice(b"BUCR");
    out.extend_from_slice(&CTN_GHOST.to_le_bytes());
    out.extend_from_slice(&0u32.to_le_bytes()); // user data size: no header chunks
    out.extend_from_slice(&num_nodes.to_le_bytes());
    out.extend_from_slice(&0u32.to_le_bytes()); // no external nodes
    out.extend_from_slice(&len32(body.len())?.to_le_bytes());
    out.extend_from_slice(&len32(packed.len())?.to_le_bytes());
    out.extend_from_slice(&packed);
    Ok(out)
}
