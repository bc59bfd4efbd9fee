//! Recompressing a map's embedded items ZIP at the best level (issue 18,
//! Size view: "recompress the embedded items ZIP at the best level").
//!
//! The ZIP sits in CGameCtnChallenge body chunk 0x03043054 (seed 003
//! "0x054"; GBX.NET `CGameCtnChallenge.chunkl` `Chunk03043054`): a version,
//! then encapsulated data (a u32, the data's size, the data: the item
//! idents, `zipSize` and the ZIP, version 1+ a texture list). Only the ZIP
//! changes; the chunk is rebuilt with the new `zipSize`, the encapsulated
//! size and (for a skippable chunk) the chunk size grown or shrunk by the
//! same difference, so the item idents and their lookback strings (local
//! to the encapsulation, seed 000 "Encapsulation") keep their bytes.
//!
//! Each entry is read no further than its declared size (at most
//! [`MAX_EXTRACT`](crate::gbx::access::embedded::MAX_EXTRACT) in all), then written deflated at level 9, or stored
//! when deflating does not make it smaller; names, order, folders and
//! modification times are kept. Nothing is offered when the new ZIP is
//! not smaller than the old one.

use crate::bytes::ByteRange;
use crate::gbx::access::embedded::{ZipError, read_entries, zip_entries};
use crate::gbx::classes::challenge::{CHUNK_EMBEDDED_ITEMS, FIELD_EMBEDDED_ZIP};
use crate::gbx::{ChunkRef, Gbx, slice};
use std::io::{Cursor, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

/// The deflate level asked of the zip crate: above 9 it deflates with
/// zopfli, `BEST_LEVEL - 9` iterations (zip 2.x `deflate-zopfli`).
pub const BEST_LEVEL: i64 = 11;

/// `zip` rewritten with every entry at its smallest of deflate level
/// [`BEST_LEVEL`] and stored.
///
/// # Errors
/// [`ZipError`] when the archive cannot be read (or holds more than
/// [`MAX_EXTRACT`](crate::gbx::access::embedded::MAX_EXTRACT) bytes uncompressed, or an entry inflates past its
/// declared size), or writing fails.
pub fn recompress_zip(zip: &[u8]) -> Result<Vec<u8>, ZipError> {
    recompress_zip_watched(zip, &ByteProgress::default(), &AtomicBool::new(false))
}

/// How far a recompression is, in uncompressed entry bytes: written by the
/// worker after each entry, read by whoever shows it.
#[derive(Debug, Default)]
pub struct ByteProgress {
    done: AtomicU64,
    total: AtomicU64,
}

impl ByteProgress {
    /// Bytes recompressed so far and bytes in all (0 until the entries are
    /// listed).
    #[must_use]
    pub fn get(&self) -> (u64, u64) {
        (
            self.done.load(Ordering::Relaxed),
            self.total.load(Ordering::Relaxed),
        )
    }
}

/// [`recompress_zip`], counting each entry's uncompressed bytes into
/// `progress` once it is written and stopping before the next entry once
/// `cancel` is set.
///
/// # Errors
/// As [`recompress_zip`]; [`ZipError::Cancelled`] when `cancel` was set.
pub fn recompress_zip_watched(
    zip: &[u8],
    progress: &ByteProgress,
    cancel: &AtomicBool,
) -> Result<Vec<u8>, ZipError> {
    let total = zip_entries(zip)?
        .iter()
        .map(|e| e.size)
        .fold(0u64, u64::saturating_add);
    progress.total.store(total, Ordering::Relaxed);
    let mut out = ZipWriter::new(Cursor::new(Vec::with_capacity(zip.len())));
    read_entries(zip, |e, modified, data| {
        if cancel.load(Ordering::Relaxed) {
            return Err(ZipError::Cancelled);
        }
        let len = data.len() as u64;
        let mut options = SimpleFileOptions::default();
        if let Some(t) = modified {
            options = options.last_modified_time(t);
        }
        if e.is_dir {
            out.add_directory(e.path.as_str(), options)?;
            return Ok(());
        }
        let method = if deflated_len(&data) < data.len() {
            // zopfli never does worse than zlib's best on the same data.
            options = options.compression_level(Some(BEST_LEVEL));
            CompressionMethod::Deflated
        } else {
            CompressionMethod::Stored
        };
        out.start_file(e.path.as_str(), options.compression_method(method))?;
        out.write_all(&data)
            .map_err(|err| ZipError::Zip(err.into()))?;
        progress.done.fetch_add(len, Ordering::Relaxed);
        Ok(())
    })?;
    Ok(out.finish()?.into_inner())
}

/// Bytes of `data` deflated at the best level (what the entry would take).
fn deflated_len(data: &[u8]) -> usize {
    let mut enc = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::best());
    match enc.write_all(data).and_then(|()| enc.finish()) {
        Ok(v) => v.len(),
        Err(_) => usize::MAX,
    }
}

/// Why the ZIP cannot be recompressed smaller.
#[derive(Debug, thiserror::Error)]
pub enum RecompressError {
    /// The map has no embedded items ZIP (chunk 0x03043054 without one).
    #[error("the map has no embedded items ZIP (chunk 0x03043054)")]
    NoZip,
    /// The chunk does not have the layout of the module docs.
    #[error("chunk 0x03043054 at body offset {0} lacks its {1} field")]
    Layout(u64, &'static str),
    /// The ZIP could not be read or written.
    #[error("embedded items ZIP: {0}")]
    Zip(#[from] ZipError),
    /// Recompressing does not make it smaller.
    #[error(
        "the embedded items ZIP is already as small as level {BEST_LEVEL} makes it ({0} bytes)"
    )]
    NotSmaller(u64),
}

/// The whole-chunk replacement that swaps `gbx`'s embedded items ZIP for
/// its recompressed form: the chunk's position, its range (body space)
/// and its new bytes.
///
/// # Errors
/// [`RecompressError`] as named there.
pub fn recompress_chunk(gbx: &Gbx) -> Result<(ChunkRef, ByteRange, Vec<u8>), RecompressError> {
    recompress_chunk_watched(gbx, &ByteProgress::default(), &AtomicBool::new(false))
}

/// [`recompress_chunk`] with the ZIP recompressed by
/// [`recompress_zip_watched`].
///
/// # Errors
/// As [`recompress_chunk`]; cancelled as [`ZipError::Cancelled`].
pub fn recompress_chunk_watched(
    gbx: &Gbx,
    progress: &ByteProgress,
    cancel: &AtomicBool,
) -> Result<(ChunkRef, ByteRange, Vec<u8>), RecompressError> {
    let main = gbx.main_node().ok_or(RecompressError::NoZip)?;
    let (index, c) = main
        .chunks
        .iter()
        .enumerate()
        .find(|(_, c)| c.id == CHUNK_EMBEDDED_ITEMS)
        .ok_or(RecompressError::NoZip)?;
    let fields = gbx.chunk_fields(c);
    let field = |name: &'static str| {
        fields
            .find(name)
            .map(|f| f.range())
            .ok_or(RecompressError::Layout(c.range.start, name))
    };
    let zip_range = fields
        .find(FIELD_EMBEDDED_ZIP)
        .map(|f| f.range())
        .ok_or(RecompressError::NoZip)?;
    let (encap_size, zip_size) = (field("encapsulatedSize")?, field("zipSize")?);
    let old = slice(&gbx.body, zip_range);
    let new = recompress_zip_watched(old, progress, cancel)?;
    if new.len() >= old.len() {
        return Err(RecompressError::NotSmaller(old.len() as u64));
    }
    let delta = old.len() - new.len();
    let shrink = |range: ByteRange| {
        let v = u32::from_le_bytes(slice(&gbx.body, range).try_into().unwrap_or([0; 4]));
        let v = usize::try_from(v).unwrap_or(0).saturating_sub(delta);
        u32::try_from(v).unwrap_or(0).to_le_bytes().to_vec()
    };
    let mut splices = vec![
        (encap_size, shrink(encap_size)),
        (
            zip_size,
            u32::try_from(new.len()).unwrap_or(0).to_le_bytes().to_vec(),
        ),
        (zip_range, new),
    ];
    if c.skippable {
        // id, "PIKS", size: the size is the third u32 of the chunk.
        let size_at = ByteRange::at(c.range.start + 8, 4);
        splices.push((size_at, shrink(size_at)));
    }
    splices.sort_by_key(|(r, _)| r.start);
    let mut bytes = Vec::with_capacity(usize::try_from(c.range.len()).unwrap_or(0));
    let mut at = c.range.start;
    for (r, b) in splices {
        bytes.extend_from_slice(slice(&gbx.body, ByteRange::new(at, r.start)));
        bytes.extend_from_slice(&b);
        at = r.end;
    }
    bytes.extend_from_slice(slice(&gbx.body, ByteRange::new(at, c.range.end)));
    Ok((
        ChunkRef::Body {
            node: 0,
            chunk: index,
        },
        c.range,
        bytes,
    ))
}
