//! Opening a .Gbx stored in a pak the way the game reads it: with the
//! per-node ivXor (seed 004 "ivXor setup", ".gbx files"; "GBX compression
//! intricacies").
//!
//! Design: a fixed-point pre-pass around the ordinary GBX reader, rather
//! than a streaming GBX reader. A mix made when the parser is at
//! uncompressed offset `p` only changes bytes the stream has not produced
//! yet (stored file: from the next 0x100-byte page; zlib file: after the
//! 0x400-byte inflate buffer in use), so:
//!
//! 1. decrypt with the mixes found so far ([`GbxPakStream`], reading to each
//!    mix offset exactly, then [`GbxPakStream::enter_node`]);
//! 2. parse the result with [`Gbx::parse`] and list every node read, at the
//!    offset where its chunk loop starts (right after its class id; GBX.NET
//!    `CMwNod.Read` calls `TryInitializeDecryption` there; the main node's
//!    is the start of the body);
//! 3. the list agrees with the mixes used up to some first new node; that
//!    node and the others before the point where its mix can take effect
//!    were read from correct bytes, so they join the mixes; repeat until
//!    the parse finds no new node.
//!
//! Every node the parser reads mixes, including nodes inside skippable
//! chunks (seed: "every time ReadNode is called"; GBX.NET's `CMwNod.Read`
//! reads known skippable chunks straight from the stream unless
//! `SafeSkippableChunks` is set, so it mixes there too). A reverse-
//! engineering note on the TM2020 client says the engine buffers a
//! skippable chunk first and mixes nothing inside it; that is not followed
//! here, being unverified for TMF.
//! Back-references, external and null noderefs read no node and mix
//! nothing. Files with flag bit 32 (`DontUseDummyWrite`, GBX.NET
//! `Pak.OpenGbxFile`) are decrypted plainly. When the per-node result does
//! not parse to the end but the plain one does (an archive written by a
//! tool that skips the ivXor, like the `pak-synthetic` samples would be
//! without bit 32), the plain bytes are used and the report says so.
//!
//! No third-party sample with per-node ivXor exists (`pak-synthetic`
//! README): this is tested against our own writer, which follows the same
//! reading of the seed ([`super::write::write_pak_v3_with`]).

use super::entries::file_decrypter;
use super::gbx_stream::{BlockSource, GbxPakStream};
use super::node_classes::node_mix_class;
use super::{Pak, PakError};
use crate::bytes::ReadError;
use crate::gbx::{Gbx, NodeEnd};

/// Upper bound on decode rounds (each adds at least one node).
const MAX_ROUNDS: usize = 10_000;

/// One per-node ivXor mix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NodeMix {
    /// Offset in the .Gbx file where the node's chunk loop starts (the
    /// parser has read this many bytes when it mixes).
    pub offset: u64,
    /// The node's class id (current id).
    pub class_id: u32,
    /// The specific parent class id mixed (before the CControlText rule).
    pub parent_class_id: u32,
    /// False when the parent came from the engine fallback, not the table.
    pub parent_known: bool,
}

/// How a contained .Gbx was decrypted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GbxDecryption {
    /// Flag bit 32 (`DontUseDummyWrite`): plain CBC.
    PlainFlagged,
    /// Per-node ivXor as the game reads it.
    PerNode,
    /// Per-node decoding did not parse, plain CBC did: plain bytes used.
    PlainFallback,
}

/// A contained .Gbx, decrypted, with how.
#[derive(Debug, Clone)]
pub struct GbxPayload {
    /// The .Gbx file bytes.
    pub bytes: Vec<u8>,
    /// Which decryption produced [`Self::bytes`].
    pub decryption: GbxDecryption,
    /// The mixes applied (empty unless [`GbxDecryption::PerNode`]).
    pub mixes: Vec<NodeMix>,
    /// Decode rounds run.
    pub rounds: usize,
    /// Caveats (unknown parent classes, a parse that stopped early).
    pub notes: Vec<String>,
}

/// Every node the parser read from `file`, in reading order, with the
/// offset where its chunk loop starts, and whether the main node reached
/// its end with the whole body read. Empty when the body is not stored
/// plainly (a pak .Gbx has no LZO body: seed 004).
#[must_use]
pub fn node_mixes(file: &[u8]) -> (Vec<NodeMix>, bool) {
    let Ok(gbx) = Gbx::parse(file.to_vec()) else {
        return (Vec::new(), false);
    };
    let complete = gbx.tail.is_none() && gbx.summary().main_node_complete;
    let Some(info) = gbx
        .body_info
        .as_ref()
        .filter(|i| i.compressed_size.is_none())
    else {
        return (Vec::new(), complete);
    };
    let body_start = info.data_range.start;
    let mixes = gbx
        .nodes
        .iter()
        .enumerate()
        .map(|(pos, node)| {
            let loop_start = if pos == 0 {
                0
            } else if let Some(chunk) = node.chunks.first() {
                chunk.range.start
            } else {
                match &node.end {
                    NodeEnd::Facade => node.range.end.saturating_sub(4),
                    NodeEnd::Archive => node.range.start,
                    NodeEnd::Stopped { at, .. } => *at,
                }
            };
            let (parent_class_id, parent_known) = node_mix_class(node.class_id);
            NodeMix {
                offset: body_start + loop_start,
                class_id: node.class_id,
                parent_class_id,
                parent_known,
            }
        })
        .collect();
    (mixes, complete)
}

/// Drives `stream` like the game's parser: reads to each mix offset, mixes,
/// then reads the rest, `total` bytes in all. Returns what was read and
/// the error that stopped it early (corrupt zlib data, e.g. after a wrong
/// ivXor), if any.
pub fn drive<S: BlockSource>(
    stream: &mut GbxPakStream<S>,
    mixes: &[NodeMix],
    total: u64,
) -> (Vec<u8>, Option<std::io::Error>) {
    let mut out = Vec::new();
    for mix in mixes {
        let want = mix.offset.min(total).saturating_sub(out.len() as u64);
        if let Err(e) = stream.read_into(want, &mut out) {
            return (out, Some(e));
        }
        stream.enter_node(mix.parent_class_id);
    }
    let rest = total.saturating_sub(out.len() as u64);
    let err = stream.read_into(rest, &mut out).err();
    (out, err)
}

/// Result of the fixed point: bytes, mixes, rounds, and the parse or
/// stream problem that kept it from reading the whole file, if any.
struct FixedPoint {
    bytes: Vec<u8>,
    mixes: Vec<NodeMix>,
    rounds: usize,
    problem: Option<String>,
}

/// First uncompressed offset a mix made at `offset` can change: the next
/// page (stored) or the end of the 0x400 inflate buffer in use (zlib).
fn effect_start(offset: u64, compressed: bool) -> u64 {
    let unit = if compressed { 0x400 } else { 0x100 };
    offset.div_ceil(unit) * unit
}

impl Pak {
    /// File `index` as a .Gbx, decrypted the way the game reads it (see the
    /// module docs): plain CBC for flag bit 32, else with the per-node
    /// ivXor, falling back to plain CBC when only that parses.
    ///
    /// # Errors
    /// As [`Pak::read_file`]; a zlib error names the file and offset.
    pub fn read_gbx(&self, index: usize) -> Result<GbxPayload, PakError> {
        let file = &self.files()[index];
        // A zlib payload encrypted with the per-node ivXor is not valid zlib
        // under plain CBC: a plain failure is expected then.
        let plain = match self.read_file(index) {
            Err(e) if file.dont_use_dummy_write() => return Err(e),
            plain => plain,
        };
        let mut payload = GbxPayload {
            bytes: Vec::new(),
            decryption: GbxDecryption::PlainFlagged,
            mixes: Vec::new(),
            rounds: 0,
            notes: Vec::new(),
        };
        let plain_complete = match &plain {
            Ok(bytes) if file.dont_use_dummy_write() => {
                payload.bytes.clone_from(bytes);
                return Ok(payload);
            }
            Ok(bytes) => node_mixes(bytes).1,
            Err(_) => false,
        };
        if let Ok(bytes) = plain {
            payload.bytes = bytes;
        }
        let FixedPoint {
            bytes,
            mixes,
            rounds,
            problem,
        } = self.per_node_fixed_point(index)?;
        payload.rounds = rounds;
        if problem.is_some() && plain_complete {
            payload.decryption = GbxDecryption::PlainFallback;
            payload.notes.push(
                "decrypted without the per-node ivXor: only the plain decryption parses \
                 (the archive was written by a tool that skips it)"
                    .into(),
            );
            return Ok(payload);
        }
        if bytes.len() as u64 != u64::from(file.uncompressed_size) {
            let msg = format!(
                "{}, with and without the per-node ivXor",
                problem.unwrap_or_else(|| "payload shorter than its size".into())
            );
            return Err(ReadError::invalid(msg, 0, "file")
                .context(format!("in file {index} {:?}", file.path))
                .into());
        }
        if let Some(problem) = problem {
            payload.notes.push(format!(
                "{problem}: bytes after the last node found may be decrypted with the \
                 wrong ivXor"
            ));
        }
        for m in mixes.iter().filter(|m| !m.parent_known) {
            payload.notes.push(format!(
                "parent class of {:#010x} (node at offset {}) is not in the table: \
                 assumed {:#010x}",
                m.class_id, m.offset, m.parent_class_id
            ));
        }
        payload.bytes = bytes;
        payload.mixes = mixes;
        payload.decryption = GbxDecryption::PerNode;
        Ok(payload)
    }

    /// Steps 1-3 of the module docs.
    fn per_node_fixed_point(&self, index: usize) -> Result<FixedPoint, PakError> {
        let file = &self.files()[index];
        let compressed = file.is_compressed();
        let total = u64::from(file.uncompressed_size);
        let mut mixes: Vec<NodeMix> = Vec::new();
        for round in 1..=MAX_ROUNDS {
            let (bytes, stream_error) = self.decode_with(index, &mixes, total)?;
            let (found, complete) = node_mixes(&bytes);
            let agree = mixes.iter().zip(&found).take_while(|(a, b)| a == b).count();
            let Some(first_new) = found.get(agree).filter(|_| agree == mixes.len()) else {
                let problem = match stream_error {
                    Some(e) => Some(format!(
                        "corrupt zlib data after {} bytes: {e}",
                        bytes.len()
                    )),
                    None if !complete => Some("the GBX reader stopped before the end".into()),
                    None => None,
                };
                return Ok(FixedPoint {
                    bytes,
                    mixes,
                    rounds: round,
                    problem,
                });
            };
            let limit = effect_start(first_new.offset, compressed).max(first_new.offset + 1);
            mixes.extend(found[agree..].iter().take_while(|m| m.offset < limit));
        }
        let msg = format!("more than {MAX_ROUNDS} rounds of per-node ivXor decoding");
        Err(ReadError::invalid(msg, 0, "file")
            .context(format!("in file {index} {:?}", file.path))
            .into())
    }

    /// The payload of `index` decrypted with `mixes` applied (see [`drive`]).
    fn decode_with(
        &self,
        index: usize,
        mixes: &[NodeMix],
        total: u64,
    ) -> Result<(Vec<u8>, Option<std::io::Error>), PakError> {
        let file = &self.files()[index];
        let decrypter =
            file_decrypter(&self.data, &self.cipher, &self.header, index, &self.limits)?;
        let mut stream = GbxPakStream::new(decrypter, file.is_compressed());
        Ok(drive(&mut stream, mixes, total))
    }
}
