//! Writing a GBX back: the original bytes with patches applied, mirrored to
//! the reader (header, header chunk table, reference table, body, skippable
//! chunk sizes).
//!
//! Untouched parts are copied byte for byte; the header chunk table and
//! `userDataSize` are rebuilt only when a header chunk changed size; the body
//! is re-compressed with LZO only when something in it changed, otherwise
//! the original compressed bytes are kept. Every skippable chunk that
//! encloses a body patch gets its size field adjusted.

use super::{Gbx, slice};
/// Address space of a patch: the one [`crate::bytes::Space`].
pub use crate::bytes::Space;
use crate::bytes::{ByteRange, ByteWriter};
use crate::gbx::read::body::compress;

/// Replace the bytes of `range` in `space` with `bytes`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Patch {
    /// Address space of `range`.
    pub space: Space,
    /// Bytes replaced (may be empty: an insertion).
    pub range: ByteRange,
    /// New bytes.
    pub bytes: Vec<u8>,
}

/// Why a file could not be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WriteError {
    /// A patch lies outside the data or overlaps another one.
    #[error("patch {range:?} in {space:?} space is out of bounds or overlaps another patch")]
    BadPatch {
        /// Its space.
        space: Space,
        /// Its range.
        range: ByteRange,
    },
    /// A file patch is not inside a header chunk (nor the `numNodes`
    /// field, [`num_nodes_range`]).
    #[error("file patch at {0:#x} is not inside a header chunk")]
    OutsideHeaderChunk(u64),
    /// The file could not be read far enough to be written back.
    #[error("cannot write: {0}")]
    Incomplete(&'static str),
    /// A size does not fit the 32-bit fields of the format.
    #[error("{0} exceeds 4 GiB")]
    TooLarge(&'static str),
    /// LZO failed.
    #[error("{0}")]
    Compression(String),
}

/// Options of [`write()`].
#[derive(Debug, Clone, Copy, Default)]
pub struct WriteOptions {
    /// Re-compress the body even when no body patch changed it.
    pub force_recompress: bool,
}

/// Writes `gbx` with `patches` applied.
///
/// # Errors
/// See [`WriteError`].
pub fn write(gbx: &Gbx, patches: &[Patch], opts: WriteOptions) -> Result<Vec<u8>, WriteError> {
    let (file_patches, body_patches): (Vec<_>, Vec<_>) =
        patches.iter().partition(|p| p.space == Space::File);
    let nodes_at = num_nodes_range(gbx);
    let (nodes_patch, file_patches): (Vec<_>, Vec<_>) = file_patches
        .into_iter()
        .partition(|p| Some(p.range) == nodes_at);
    let mut out = ByteWriter::new();
    let mut header_end = write_header(gbx, &file_patches, &mut out)?;
    if let (Some(p), Some(at)) = (nodes_patch.first(), nodes_at) {
        if p.bytes.len() != 4 || nodes_patch.len() > 1 {
            return Err(WriteError::BadPatch {
                space: Space::File,
                range: p.range,
            });
        }
        let start = to_usize(at.start)?;
        out.bytes(
            gbx.file
                .get(header_end..start)
                .ok_or(WriteError::Incomplete("numNodes"))?,
        );
        out.bytes(&p.bytes);
        header_end = to_usize(at.end)?;
    }
    let Some(info) = &gbx.body_info else {
        if !body_patches.is_empty() || opts.force_recompress {
            return Err(WriteError::Incomplete("the body was not read"));
        }
        out.bytes(gbx.file.get(header_end..).unwrap_or_default());
        return Ok(out.into_inner());
    };
    let body_offset = to_usize(info.offset)?;
    out.bytes(
        gbx.file
            .get(header_end..body_offset)
            .ok_or(WriteError::Incomplete("body offset"))?,
    );
    if body_patches.is_empty() && !opts.force_recompress {
        out.bytes(&gbx.file[body_offset..]);
        return Ok(out.into_inner());
    }
    let body = patch_body(gbx, &body_patches)?;
    if gbx.header.body_compressed {
        let packed = compress(&body).map_err(WriteError::Compression)?;
        out.u32(len_u32(body.len(), "body")?);
        out.u32(len_u32(packed.len(), "compressed body")?);
        out.bytes(&packed);
        let after = to_usize(info.data_range.end)?;
        out.bytes(gbx.file.get(after..).unwrap_or_default());
    } else {
        out.bytes(&body);
    }
    Ok(out.into_inner())
}

/// Where the header's `numNodes` (u32, the last field before the
/// reference table; seed 000 "Header") lies in the file: the one file
/// patch allowed outside a header chunk (a new indexed node raises it).
#[must_use]
pub fn num_nodes_range(gbx: &Gbx) -> Option<ByteRange> {
    let end = gbx.header.end;
    (end >= 4).then(|| ByteRange::new(end - 4, end))
}

fn to_usize(v: u64) -> Result<usize, WriteError> {
    usize::try_from(v).map_err(|_| WriteError::TooLarge("an offset"))
}

fn len_u32(len: usize, what: &'static str) -> Result<u32, WriteError> {
    u32::try_from(len).map_err(|_| WriteError::TooLarge(what))
}

/// Writes everything before the reference table; returns the file offset
/// where copying resumes (the numNodes field).
fn write_header(gbx: &Gbx, patches: &[&Patch], out: &mut ByteWriter) -> Result<usize, WriteError> {
    let h = &gbx.header;
    let Some(user) = h.user_data else {
        if let Some(p) = patches.first() {
            return Err(WriteError::OutsideHeaderChunk(p.range.start));
        }
        return Ok(0);
    };
    let user_start = to_usize(user.start)?;
    let user_end = to_usize(user.end)?;
    if patches.is_empty() {
        out.bytes(&gbx.file[..user_end]);
        return Ok(user_end);
    }
    for p in patches {
        if !h.chunks.iter().any(|c| contains(c.data_range, p.range)) {
            return Err(WriteError::OutsideHeaderChunk(p.range.start));
        }
    }
    let mut datas = Vec::with_capacity(h.chunks.len());
    for c in &h.chunks {
        let mine: Vec<&Patch> = patches
            .iter()
            .copied()
            .filter(|p| contains(c.data_range, p.range))
            .collect();
        datas.push(apply(
            slice(&gbx.file, c.data_range),
            c.data_range.start,
            &mine,
            Space::File,
        )?);
    }
    let mut table = ByteWriter::new();
    table.u32(len_u32(h.chunks.len(), "header chunk count")?);
    for (c, data) in h.chunks.iter().zip(&datas) {
        table.u32(c.stored_id.unwrap_or(c.id));
        let heavy = if c.heavy { 0x8000_0000 } else { 0 };
        table.u32(len_u32(data.len(), "header chunk")? | heavy);
    }
    for data in &datas {
        table.bytes(data);
    }
    // Bytes of the user data after the last chunk (none in practice) are kept.
    let chunks_end = h.chunks.last().map_or(user.start, |c| c.data_range.end);
    table.bytes(
        gbx.file
            .get(to_usize(chunks_end)?..user_end)
            .unwrap_or_default(),
    );
    let table = table.into_inner();
    out.bytes(&gbx.file[..user_start - 4]);
    out.u32(len_u32(table.len(), "user data")?);
    out.bytes(&table);
    Ok(user_end)
}

fn contains(outer: ByteRange, inner: ByteRange) -> bool {
    inner.start >= outer.start && inner.end <= outer.end
}

/// Applies sorted, non-overlapping patches to `data` whose first byte is at
/// `origin`.
fn apply(
    data: &[u8],
    origin: u64,
    patches: &[&Patch],
    space: Space,
) -> Result<Vec<u8>, WriteError> {
    let mut sorted: Vec<&Patch> = patches.to_vec();
    sorted.sort_by_key(|p| (p.range.start, p.range.end));
    let mut out = Vec::with_capacity(data.len());
    let mut pos = 0usize;
    for p in sorted {
        let bad = || WriteError::BadPatch {
            space,
            range: p.range,
        };
        let start = usize::try_from(p.range.start.checked_sub(origin).ok_or_else(bad)?)
            .map_err(|_| bad())?;
        let end = usize::try_from(p.range.end - origin).map_err(|_| bad())?;
        if start < pos || end > data.len() {
            return Err(bad());
        }
        out.extend_from_slice(&data[pos..start]);
        out.extend_from_slice(&p.bytes);
        pos = end;
    }
    out.extend_from_slice(&data[pos..]);
    Ok(out)
}

/// The body with patches applied and enclosing skippable chunk sizes fixed.
fn patch_body(gbx: &Gbx, patches: &[&Patch]) -> Result<Vec<u8>, WriteError> {
    let mut all: Vec<Patch> = patches.iter().map(|p| (*p).clone()).collect();
    for node in &gbx.nodes {
        for c in node.chunks.iter().filter(|c| c.skippable) {
            let delta: i64 = patches
                .iter()
                .filter(|p| contains(c.data_range, p.range))
                .map(|p| p.bytes.len() as i64 - p.range.len() as i64)
                .sum();
            if delta == 0 {
                continue;
            }
            let new_size = i64::try_from(c.data_range.len()).unwrap_or(i64::MAX) + delta;
            let new_size = u32::try_from(new_size).map_err(|_| WriteError::TooLarge("chunk"))?;
            let size_at = c.data_range.start - 4;
            all.push(Patch {
                space: Space::Body,
                range: ByteRange::at(size_at, 4),
                bytes: new_size.to_le_bytes().to_vec(),
            });
        }
    }
    let refs: Vec<&Patch> = all.iter().collect();
    apply(&gbx.body, 0, &refs, Space::Body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gbx::tools::sample::sample_map;

    #[test]
    fn unchanged_write_is_identical_and_recompression_reloads_the_same_body() {
        let file = sample_map();
        let gbx = Gbx::parse(file.clone()).unwrap();
        assert_eq!(write(&gbx, &[], WriteOptions::default()).unwrap(), file);
        let again = write(
            &gbx,
            &[],
            WriteOptions {
                force_recompress: true,
            },
        )
        .unwrap();
        let reread = Gbx::parse(again).unwrap();
        assert_eq!(reread.body, gbx.body);
    }

    #[test]
    fn a_skippable_chunk_patch_adjusts_its_size() {
        let gbx = Gbx::parse(sample_map()).unwrap();
        let laps = gbx.nodes[0]
            .chunks
            .iter()
            .find(|c| c.id == crate::gbx::classes::challenge::CHUNK_LAPS)
            .unwrap();
        let patch = Patch {
            space: Space::Body,
            range: ByteRange::at(laps.data_range.end, 0),
            bytes: vec![9; 4],
        };
        let out = write(&gbx, &[patch], WriteOptions::default()).unwrap();
        let reread = Gbx::parse(out).unwrap();
        let laps2 = reread.nodes[0]
            .chunks
            .iter()
            .find(|c| c.id == crate::gbx::classes::challenge::CHUNK_LAPS)
            .unwrap();
        assert_eq!(laps2.data_range.len(), laps.data_range.len() + 4);
        assert!(reread.summary().main_node_complete);
    }

    #[test]
    fn overlapping_patches_are_refused() {
        let gbx = Gbx::parse(sample_map()).unwrap();
        let p = |s, e| Patch {
            space: Space::Body,
            range: ByteRange::new(s, e),
            bytes: vec![],
        };
        assert!(write(&gbx, &[p(4, 8), p(6, 10)], WriteOptions::default()).is_err());
    }
}
