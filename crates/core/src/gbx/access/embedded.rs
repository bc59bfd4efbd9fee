//! Files embedded in a GBX body: the map a replay was driven on
//! (CGameCtnReplayRecord 0x03093002, seed 000: "a whole GBX file") and the
//! entries of a map's embedded items ZIP (0x03043054, seed 003 "0x054").

use crate::bytes::ByteRange;
use crate::gbx::Gbx;
use crate::gbx::classes::replay::{CHUNK_MAP, FIELD_MAP_GBX};
use std::io::Read;
use std::path::{Path, PathBuf};

/// Largest total of uncompressed bytes [`extract_zip`] writes (1 GiB).
pub const MAX_EXTRACT: u64 = 1 << 30;

/// The map GBX stored in a replay's body chunk 0x03093002: its body range
/// and bytes (a complete .Map.Gbx / .Challenge.Gbx file).
#[must_use]
pub fn embedded_map(gbx: &Gbx) -> Option<(ByteRange, &[u8])> {
    let range = gbx
        .chunk_field(gbx.main_chunk(CHUNK_MAP)?, FIELD_MAP_GBX)?
        .range();
    let (s, e) = (
        usize::try_from(range.start).ok()?,
        usize::try_from(range.end).ok()?,
    );
    let bytes = gbx.body.get(s..e).filter(|b| b.starts_with(b"GBX"))?;
    Some((range, bytes))
}

/// One entry of a ZIP archive, as its central directory gives it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ZipEntry {
    /// Path inside the archive, with `/` separators, as stored.
    pub path: String,
    /// Uncompressed size (bytes).
    pub size: u64,
    /// Stored size (bytes).
    pub compressed_size: u64,
    /// True for folder entries.
    pub is_dir: bool,
    /// False when the path could escape a destination folder (`..`, an
    /// absolute path); such entries are never extracted. A drive prefix or
    /// `\` is mapped instead ([`crate::save::folder::safe_relative`]).
    pub safe: bool,
}

/// Why a ZIP could not be listed or extracted.
#[derive(Debug, thiserror::Error)]
pub enum ZipError {
    /// The archive is not a readable ZIP.
    #[error("not a readable ZIP: {0}")]
    Zip(#[from] zip::result::ZipError),
    /// Writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// File being written.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// An entry's path would leave the destination folder.
    #[error("entry {0:?} would be written outside the destination folder: nothing extracted")]
    Unsafe(String),
    /// The archive declares more data than [`MAX_EXTRACT`].
    #[error("the archive holds {0} bytes uncompressed, more than the {MAX_EXTRACT}-byte limit")]
    TooLarge(u64),
    /// An entry inflates to more bytes than it declares.
    #[error("entry {0:?} holds more data than its declared size")]
    Lying(String),
    /// The work was cancelled before the next entry.
    #[error("cancelled")]
    Cancelled,
}

/// Lists the entries of `zip` (central directory order).
///
/// # Errors
/// [`ZipError::Zip`] when the central directory cannot be read.
pub fn zip_entries(zip: &[u8]) -> Result<Vec<ZipEntry>, ZipError> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(zip))?;
    let mut out = Vec::with_capacity(archive.len().min(100_000));
    for i in 0..archive.len() {
        let f = archive.by_index_raw(i)?;
        out.push(ZipEntry {
            path: f.name().to_owned(),
            size: f.size(),
            compressed_size: f.compressed_size(),
            is_dir: f.is_dir(),
            safe: crate::save::folder::safe_relative(f.name()).is_ok(),
        });
    }
    Ok(out)
}

/// The bytes of entry `index` of `zip`, read no further than its declared
/// size (at most [`MAX_EXTRACT`]).
///
/// # Errors
/// [`ZipError::Zip`] for an unreadable archive or entry,
/// [`ZipError::TooLarge`] or [`ZipError::Lying`] for oversized entries.
pub fn zip_entry_bytes(zip: &[u8], index: usize) -> Result<Vec<u8>, ZipError> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(zip))?;
    let mut f = archive.by_index(index)?;
    let size = f.size();
    if size > MAX_EXTRACT {
        return Err(ZipError::TooLarge(size));
    }
    read_bounded(&mut f, size)
}

/// The bytes of an open entry, read no further than its declared `size`.
///
/// # Errors
/// [`ZipError::Zip`] when inflating fails, [`ZipError::Lying`] when the
/// entry holds more than `size` bytes.
fn read_bounded(f: &mut zip::read::ZipFile<'_, impl Read>, size: u64) -> Result<Vec<u8>, ZipError> {
    let mut data = Vec::with_capacity(usize::try_from(size.min(1 << 24)).unwrap_or(0));
    f.take(size + 1)
        .read_to_end(&mut data)
        .map_err(|e| ZipError::Zip(e.into()))?;
    if data.len() as u64 > size {
        return Err(ZipError::Lying(f.name().to_owned()));
    }
    Ok(data)
}

/// Reads every entry of `zip` in central-directory order and hands `f` its
/// listing, modification time and bytes (none for a folder): the declared
/// total is checked against [`MAX_EXTRACT`] first, and each entry is read
/// no further than its declared size (the CRC-32 is checked by the zip
/// reader).
///
/// # Errors
/// [`ZipError`] from the archive, the limits, or `f`.
pub fn read_entries(
    zip: &[u8],
    mut f: impl FnMut(&ZipEntry, Option<zip::DateTime>, Vec<u8>) -> Result<(), ZipError>,
) -> Result<(), ZipError> {
    let entries = zip_entries(zip)?;
    check_total(&entries)?;
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(zip))?;
    for (i, e) in entries.iter().enumerate() {
        let mut file = archive.by_index(i)?;
        let modified = file.last_modified();
        let data = if e.is_dir {
            Vec::new()
        } else {
            read_bounded(&mut file, e.size)?
        };
        drop(file);
        f(e, modified, data)?;
    }
    Ok(())
}

/// [`ZipError::TooLarge`] when `entries` declare more than [`MAX_EXTRACT`].
fn check_total(entries: &[ZipEntry]) -> Result<(), ZipError> {
    let total = entries
        .iter()
        .map(|e| e.size)
        .fold(0u64, u64::saturating_add);
    if total > MAX_EXTRACT {
        return Err(ZipError::TooLarge(total));
    }
    Ok(())
}

/// What [`extract_zip_report`] wrote.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Extracted {
    /// Files written.
    pub files: usize,
    /// Entry names mapped to another path ("`E:/a` written as `a`").
    pub mapped: Vec<String>,
}

/// Extracts every entry of `zip` under `dir` (created), recreating folders;
/// returns the number of files written ([`extract_zip_report`]).
///
/// # Errors
/// As [`extract_zip_report`].
pub fn extract_zip(zip: &[u8], dir: &Path) -> Result<usize, ZipError> {
    extract_zip_report(zip, dir).map(|e| e.files)
}

/// Extracts every entry of `zip` under `dir` (created), recreating folders.
/// Entry names go through [`crate::save::folder::safe_relative`] (a drive
/// prefix dropped, `\` as `/`, each mapping reported); nothing is written
/// when any entry is unsafe or the declared total exceeds [`MAX_EXTRACT`];
/// no file is written through a symlink below `dir`; each entry is read no
/// further than its declared size (the CRC-32 is checked by the zip
/// reader). A failure part-way removes what was written (issue 30).
///
/// # Errors
/// [`ZipError`] naming the entry or file; after a write failure, the files
/// left are named too (those that could not be removed, and those kept
/// because they replaced an earlier file: `FolderWriter::roll_back`).
pub fn extract_zip_report(zip: &[u8], dir: &Path) -> Result<Extracted, ZipError> {
    let entries = zip_entries(zip)?;
    let mut names = Vec::with_capacity(entries.len());
    for e in &entries {
        names.push(
            crate::save::folder::safe_relative(&e.path)
                .map_err(|_| ZipError::Unsafe(e.path.clone()))?,
        );
    }
    check_total(&entries)?;
    let mut writer =
        crate::save::folder::FolderWriter::new(dir).map_err(|source| ZipError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
    let mut index = 0;
    let result = read_entries(zip, |e, _, data| {
        let name = &names[index];
        index += 1;
        let done = if e.is_dir {
            writer.create_dir(&name.path).map(|_| ())
        } else {
            writer.write(&name.path, &data).map(|_| ())
        };
        done.map_err(|source| ZipError::Io {
            path: dir.join(&name.path),
            source,
        })
    });
    match result {
        Ok(()) => Ok(Extracted {
            files: writer.written().len(),
            mapped: names.into_iter().filter_map(|n| n.mapped).collect(),
        }),
        Err(e) => {
            let left = writer.roll_back();
            if left.is_empty() {
                return Err(e);
            }
            let names: Vec<String> = left
                .iter()
                .map(|(p, why)| format!("{} ({why})", p.display()))
                .collect();
            Err(ZipError::Io {
                path: dir.to_path_buf(),
                source: std::io::Error::other(format!(
                    "{e}; these written files were left (the others removed): {}",
                    names.join(", ")
                )),
            })
        }
    }
}
