//! A map's embedded items ZIP packed again at the best deflate level
//! (issue 18 "recompress the embedded items ZIP at the best level";
//! [`super::strip::StripKind::ItemsZip`]).
//!
//! Every entry is inflated and deflated again at level 9 (flate2), and the
//! smaller of that and the entry as stored is kept, so the ZIP never grows.
//! The items inside are themselves .Gbx files with LZO bodies, already
//! deflated by the game: over a whole corpus ZIP our level 9 is larger than
//! the game's deflate (CCP#04 - ODYSSEY: 1,034,316 bytes against
//! 1,030,849), so only the entries it packs smaller are replaced and the
//! gain is small; ZIPs with entries stored uncompressed gain the most. The
//! cost to the player: none, the same files in the same ZIP format.

use std::io::{Cursor, Read, Write};
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipArchive, ZipWriter};

/// Largest entry inflated (bytes): the 5 MB embedded-items limit many
/// times over; a larger declared size is refused before allocating.
const MAX_ENTRY: u64 = 256 << 20;

/// How [`rewrite`] packs each entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Packing {
    /// Deflate at level 9, kept only when smaller than the entry as stored
    /// (else the stored bytes are copied as they are).
    Best,
    /// Stored uncompressed (method 0): test fixtures, and the worst case.
    Stored,
}

/// The ZIP `zip` with every entry packed at the best deflate level: the
/// smaller of the stored entry and its level-9 deflate, so the result is
/// never larger (headers are written alike: no extra fields).
///
/// # Errors
/// See [`rewrite`].
pub fn repack(zip: &[u8]) -> Result<Vec<u8>, String> {
    rewrite(zip, Packing::Best)
}

/// Level-9 deflate size of `data`.
fn deflated_len(data: &[u8]) -> usize {
    let mut e = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::best());
    e.write_all(data)
        .and_then(|()| e.finish())
        .map_or(usize::MAX, |v| v.len())
}

/// The ZIP `zip` with every entry packed as `packing` says, under its name
/// and modification time; directories stay directories.
///
/// # Errors
/// The ZIP cannot be read (with the entry), an entry is larger than
/// 256 MiB, or writing fails.
pub fn rewrite(zip: &[u8], packing: Packing) -> Result<Vec<u8>, String> {
    let mut archive = ZipArchive::new(Cursor::new(zip)).map_err(|e| e.to_string())?;
    let mut out = ZipWriter::new(Cursor::new(Vec::with_capacity(zip.len())));
    for i in 0..archive.len() {
        let mut entry = archive.by_index(i).map_err(|e| format!("entry {i}: {e}"))?;
        let name = entry.name().to_owned();
        let method = match packing {
            Packing::Best => CompressionMethod::Deflated,
            Packing::Stored => CompressionMethod::Stored,
        };
        let mut options = SimpleFileOptions::default().compression_method(method);
        if packing == Packing::Best {
            options = options.compression_level(Some(9));
        }
        if let Some(t) = entry.last_modified() {
            options = options.last_modified_time(t);
        }
        if entry.is_dir() {
            out.add_directory(name.as_str(), options)
                .map_err(|e| format!("{name}: {e}"))?;
            continue;
        }
        if entry.size() > MAX_ENTRY {
            return Err(format!("{name}: {} bytes, more than 256 MiB", entry.size()));
        }
        let stored_len = entry.compressed_size();
        let mut data = Vec::with_capacity(usize::try_from(entry.size()).unwrap_or(0));
        entry
            .read_to_end(&mut data)
            .map_err(|e| format!("{name}: {e}"))?;
        drop(entry);
        if packing == Packing::Best && deflated_len(&data) as u64 >= stored_len {
            let raw = archive
                .by_index_raw(i)
                .map_err(|e| format!("{name}: {e}"))?;
            out.raw_copy_file(raw).map_err(|e| format!("{name}: {e}"))?;
            continue;
        }
        out.start_file(name.as_str(), options)
            .map_err(|e| format!("{name}: {e}"))?;
        out.write_all(&data).map_err(|e| format!("{name}: {e}"))?;
    }
    Ok(out.finish().map_err(|e| e.to_string())?.into_inner())
}
