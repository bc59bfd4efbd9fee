//! The one error type of the pak reader, writer and extractor.

use std::path::PathBuf;

use crate::bytes::ReadError;

/// Why opening, reading, extracting or writing a pak failed.
///
/// Format problems are a [`ReadError`] (what, at which offset in which
/// address space — "file" or "header plaintext" — and in which entry).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PakError {
    /// Malformed or truncated data, with offset and context frames.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// The header decrypted to a plausible header (see
    /// [`super::header::read_header_v3`] for the heuristic) but is damaged:
    /// its MD5 does not match (seed 004 "Header MD5"), or its tables do not
    /// read although the fixed fields before them are plausible. The key is
    /// right; the file is corrupt.
    #[error("corrupt pak header (the key decrypts it to a plausible header): {detail}")]
    CorruptHeader {
        /// What failed: the MD5 check (stored and computed) or where the
        /// tables stopped reading.
        detail: String,
    },
    /// The header did not decrypt to anything plausible: the key is wrong
    /// (or the header's first block is damaged, which looks the same).
    #[error("wrong key (or corrupt header): the decrypted header is not readable: {cause}")]
    HeaderUnreadable {
        /// Where parsing the decrypted header failed (shown in the message,
        /// so not chained as a source).
        cause: ReadError,
    },
    /// A version 1–3 pak was asked for its tables before a key was given
    /// (seed 004 "Header version 3": all but the magic, the version and the
    /// IV is encrypted).
    #[error("the pak is encrypted: give its key (packlist.dat or 32 hex digits)")]
    NeedsKey,
    /// A `packlist.dat` has no entry for this pack.
    #[error("packlist.dat has no key for pack {name:?} (packs: {known})")]
    NoKeyForPack {
        /// Pack name looked up (the pak's file name without extension).
        name: String,
        /// Names the packlist does hold, comma-separated.
        known: String,
    },
    /// A file index beyond the file table (a caller mistake).
    #[error("no file {index} in the pak ({count} files)")]
    NoSuchFile {
        /// The index asked for.
        index: usize,
        /// Number of files.
        count: usize,
    },
    /// An archive member's path would leave the extraction folder.
    #[error("unsafe path {path:?} in the archive: {reason}")]
    UnsafePath {
        /// The path as stored in the archive.
        path: String,
        /// Which rule it breaks.
        reason: &'static str,
    },
    /// Extraction was cancelled through the cancel flag.
    #[error("cancelled")]
    Cancelled,
    /// Reading or writing the file system failed.
    #[error("{context}: {error}")]
    Io {
        /// What was being done, with the path.
        context: String,
        /// The OS error (shown in the message, so not chained as a source).
        error: std::io::Error,
    },
    /// The writer was given something a v3 pak cannot hold.
    #[error("cannot write pak: {0}")]
    Write(String),
}

impl PakError {
    /// [`PakError::Io`] for `path`.
    #[cold]
    pub fn io(action: &str, path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        Self::Io {
            context: format!("{action} {}", path.into().display()),
            error: source,
        }
    }

    /// True for [`PakError::HeaderUnreadable`]: nothing plausible came
    /// out of the header, so the key is wrong.
    #[must_use]
    pub fn is_wrong_key(&self) -> bool {
        matches!(self, Self::HeaderUnreadable { .. })
    }

    /// True for [`PakError::CorruptHeader`]: the key is right, the header
    /// is damaged.
    #[must_use]
    pub fn is_corrupt_header(&self) -> bool {
        matches!(self, Self::CorruptHeader { .. })
    }
}
