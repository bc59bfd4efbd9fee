//! Ceilings applied to every count and size read from an untrusted pak
//! before anything is allocated (GUIDE.md "Limits before allocation"),
//! and the sizes of the pak and packlist files read at all.

use super::PakError;
use std::io::Read;
use std::path::Path;

/// The largest pak file read (4 GiB; a larger one is refused from its
/// length before anything is read): a pak is read whole, and its header
/// gives its end only after decryption (issue 43, finding 6).
pub const MAX_PAK_BYTES: u64 = 4 << 30;
/// The largest `packlist.dat` read (1 MiB; a game's lists a few dozen
/// packs in a few KB).
pub const MAX_PACKLIST_BYTES: u64 = 1 << 20;

/// The bytes of the regular file at `path`, refused from its length when
/// it is larger than `limit` bytes (`what` names the kind in the error),
/// and never more than `limit` read even if it grows meanwhile.
///
/// # Errors
/// [`PakError::Io`]: a FIFO, device or socket, a file above the limit, or
/// any I/O error.
pub(crate) fn read_capped(path: &Path, limit: u64, what: &str) -> Result<Vec<u8>, PakError> {
    let io = |e| PakError::io("reading", path, e);
    let meta = std::fs::metadata(path).map_err(io)?;
    let refuse = |msg: String| io(std::io::Error::new(std::io::ErrorKind::InvalidData, msg));
    if let Some(kind) = crate::save::non_regular_kind(meta.file_type()) {
        return Err(io(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("{kind}, not a regular file: not read"),
        )));
    }
    if meta.len() > limit {
        return Err(refuse(format!(
            "{} bytes, more than the {limit} bytes a {what} may have: not read",
            meta.len()
        )));
    }
    let mut data = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    std::fs::File::open(path)
        .map_err(io)?
        .take(limit)
        .read_to_end(&mut data)
        .map_err(io)?;
    Ok(data)
}

/// Limits on what a pak may declare. Values beyond them are reported as
/// [`crate::bytes::ReadErrorKind::TooLarge`], never allocated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PakLimits {
    /// Most folders in a header.
    pub max_folders: u32,
    /// Most files in a header.
    pub max_files: u32,
    /// Longest folder or file name, bytes.
    pub max_name_len: u32,
    /// Longest folder path (all ancestors' names), bytes.
    pub max_path_len: usize,
    /// Largest encrypted header, bytes.
    pub max_header_len: u64,
    /// Largest decompressed file payload, bytes.
    pub max_file_size: u64,
    /// Largest decompressed metadata section, bytes.
    pub max_metadata_size: u64,
}

impl Default for PakLimits {
    /// Generous for game packs (the largest TMF packs hold a few thousand
    /// files of at most tens of MB).
    fn default() -> Self {
        Self {
            max_folders: 100_000,
            max_files: 1_000_000,
            max_name_len: 4096,
            max_path_len: 32 * 1024,
            max_header_len: 256 << 20,
            max_file_size: 1 << 30,
            max_metadata_size: 256 << 20,
        }
    }
}
