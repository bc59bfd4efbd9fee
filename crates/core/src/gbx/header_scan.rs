//! Header-only reads: [`read_header`] decodes a header in memory with every
//! registered decoder (the header-only counterpart of `Gbx::parse`, a layer
//! above `read/` and `classes/` because it hands the one to the other).
//!
//! The scan from a reader reads exactly the bytes the GBX header
//! needs (seed 000 "Header": magic, version, format bytes, class id; from
//! version 6 the user-data size and the user data; the node count) and
//! never the reference table or the body, then decodes them with
//! [`read_header`], so the [`Header`] and its errors are those of reading
//! the whole file in memory.
//!
//! Sizes come from the file and are not trusted: the buffer grows only as
//! bytes arrive, at most [`STEP_BYTES`] at a time, so a declared user-data
//! size of 4 GiB in a 100-byte file allocates about 100 bytes. When the
//! data ends early, what was read *is* the whole file, and [`read_header`]
//! reports the same error as on the file in memory. A declared size that
//! runs past the end of a larger file is read up to the file's end (never
//! further) for the same reason.

use super::classes;
use super::read::header::{self, Header};
use crate::bytes::ReadError;
use crate::bytes::tape::NumKind;
use std::io::Read;
use std::path::Path;

/// Reads the header from the start of `file` (in memory), decoding its
/// header chunks with every registered decoder.
///
/// # Errors
/// Bad magic, unsupported version, truncated data, or a header chunk table
/// whose sizes exceed the user data; offsets are file offsets.
pub fn read_header(file: &[u8]) -> Result<Header, ReadError> {
    header::read_header(file, classes::decoders())
}

/// Largest piece the buffer grows by in one read (64 KiB).
pub const STEP_BYTES: u64 = 64 * 1024;

/// Longest text-format number line read one byte at a time before the rest
/// of the file is read in one go (a text header's lines are short).
const MAX_LINE_BYTES: usize = 64;

/// Why a header scan failed.
#[derive(Debug, thiserror::Error)]
pub enum HeaderScanError {
    /// Reading from the source failed (not an early end: that is a
    /// [`ReadError`] like in memory).
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The header bytes are not a valid header: exactly the error
    /// [`read_header`] gives on the whole file.
    #[error("{0}")]
    Read(#[from] ReadError),
}

/// A header read from a reader, with the bytes it was decoded from.
#[derive(Debug, Clone)]
pub struct ScannedHeader {
    /// The header; its ranges are file offsets into `bytes`.
    pub header: Header,
    /// The file's first bytes, up to [`Header::end`] (where the reference
    /// table starts).
    pub bytes: Vec<u8>,
}

/// Reads the header from the start of `reader`, consuming only its bytes.
///
/// Give it an unbuffered `File` (or any reader positioned at the file's
/// start): a `BufReader` would read ahead into the body.
///
/// # Errors
/// [`HeaderScanError::Io`] when the reader fails;
/// [`HeaderScanError::Read`] as [`read_header`] on the whole file (bad
/// magic, unsupported version, truncated header, sizes past the end).
pub fn read_header_from<R: Read>(reader: R) -> Result<ScannedHeader, HeaderScanError> {
    let mut bytes = Vec::new();
    let header = read_header_into(reader, &mut bytes)?;
    Ok(ScannedHeader { header, bytes })
}

/// [`read_header_from`] on the file at `path`.
///
/// # Errors
/// As [`read_header_from`]; opening the file is an [`HeaderScanError::Io`].
pub fn read_header_from_path(path: &Path) -> Result<ScannedHeader, HeaderScanError> {
    read_header_from(std::fs::File::open(path)?)
}

/// [`read_header_from`] into a buffer the caller reuses across files:
/// `buf` is cleared, then holds the header bytes.
///
/// # Errors
/// As [`read_header_from`].
pub fn read_header_into<R: Read>(
    mut reader: R,
    buf: &mut Vec<u8>,
) -> Result<Header, HeaderScanError> {
    buf.clear();
    // Whether the bytes stopped early, so `buf` is the whole file; either
    // way the decoding below gives the in-memory answer.
    let _ = collect_header_bytes(&mut reader, buf)?;
    Ok(read_header(buf)?)
}

/// Appends the header's bytes to `buf` in file order. Returns false when
/// the data ended first (or a field is invalid and the bytes so far decide
/// the error), true when every byte the header declares is in `buf`.
fn collect_header_bytes<R: Read>(r: &mut R, buf: &mut Vec<u8>) -> std::io::Result<bool> {
    // magic (3), version (u16)
    if !fill(r, buf, 5)? || &buf[..3] != b"GBX" {
        return Ok(false);
    }
    let version = u16::from_le_bytes([buf[3], buf[4]]);
    if !(3..=6).contains(&version) {
        return Ok(false);
    }
    // format bytes: B/T, ref-table and body compression, then R/E from v4
    if !fill(r, buf, if version >= 4 { 4 } else { 3 })? {
        return Ok(false);
    }
    if buf[5] == b'T' {
        return collect_text(r, buf, version);
    }
    if buf[5] != b'B' {
        return Ok(false);
    }
    // class id (u32), then from v6 the user-data size (u32)
    if !fill(r, buf, if version >= 6 { 8 } else { 4 })? {
        return Ok(false);
    }
    let user_data_len = if version >= 6 {
        let at = buf.len() - 4;
        u64::from(u32::from_le_bytes([
            buf[at],
            buf[at + 1],
            buf[at + 2],
            buf[at + 3],
        ]))
    } else {
        0
    };
    // the user data, then numNodes (u32)
    fill(r, buf, user_data_len + 4)
}

/// The text-format header ('T'): after the format bytes every number is a
/// CR LF-terminated line (seed 000 "Primitives", note on 'T').
fn collect_text<R: Read>(r: &mut R, buf: &mut Vec<u8>, version: u16) -> std::io::Result<bool> {
    if !line(r, buf)? {
        return Ok(false); // class id
    }
    let mut user_data_len = 0;
    if version >= 6 {
        let start = buf.len();
        if !line(r, buf)? {
            return Ok(false);
        }
        // Parsed as the reader parses it (a bad line is its error).
        let text = &buf[start..buf.len() - 2];
        let Some(len) = std::str::from_utf8(text)
            .ok()
            .and_then(|t| NumKind::U32.parse_text(t.trim()))
        else {
            return Ok(false);
        };
        user_data_len = len;
    }
    if !fill(r, buf, user_data_len)? {
        return Ok(false);
    }
    line(r, buf) // numNodes
}

/// Appends `len` bytes of `r` to `buf`, growing it by at most
/// [`STEP_BYTES`] before each read. Returns false when `r` ended first.
fn fill<R: Read>(r: &mut R, buf: &mut Vec<u8>, mut len: u64) -> std::io::Result<bool> {
    while len > 0 {
        let step = len.min(STEP_BYTES);
        buf.reserve(usize::try_from(step).unwrap_or(usize::MAX));
        let got = r.by_ref().take(step).read_to_end(buf)? as u64;
        if got < step {
            return Ok(false);
        }
        len -= step;
    }
    Ok(true)
}

/// Appends one CR LF-terminated line to `buf`, a byte at a time. A line
/// longer than [`MAX_LINE_BYTES`] is not a header number: the rest of the
/// file is read so that [`read_header`] names the error it names in memory.
fn line<R: Read>(r: &mut R, buf: &mut Vec<u8>) -> std::io::Result<bool> {
    for _ in 0..MAX_LINE_BYTES {
        if !fill(r, buf, 1)? {
            return Ok(false);
        }
        if buf.ends_with(b"\r\n") {
            return Ok(true);
        }
    }
    fill(r, buf, u64::MAX).map(|_| false)
}
