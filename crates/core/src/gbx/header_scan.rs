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
//! [`read_header_bytes`] collects the same bytes without decoding the
//! header chunks, for a caller that parses them once itself (`Gbx::parse`
//! of the header bytes: the library's header-only rows, the app's
//! two-step open; issue 46): the header is then decoded once, not twice.
//! Only when the bytes end early or a fixed field is invalid does it
//! decode what it read, to give [`read_header`]'s error.
//!
//! Sizes come from the file and are not trusted: the buffer grows only as
//! bytes arrive, at most [`STEP_BYTES`] at a time, so a declared user-data
//! size of 4 GiB in a 100-byte file allocates about 100 bytes. When the
//! data ends early, what was read *is* the whole file, and [`read_header`]
//! reports the same error as on the file in memory. A declared size that
//! runs past the end of a larger file is read up to the file's end (never
//! further) for the same reason.

use super::classes;
use super::read::class_ids::remap_class_id;
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
pub fn read_header_into<R: Read>(reader: R, buf: &mut Vec<u8>) -> Result<Header, HeaderScanError> {
    match collect(reader, buf)? {
        Collected::Complete(_) => Ok(read_header(buf)?),
        Collected::Decoded(header) => Ok(header),
    }
}

/// What [`read_header_bytes_into`] learned from a header's fixed fields,
/// without decoding its header chunks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeaderBytes {
    /// Class id of the main node, remapped to the current ids (as
    /// [`Header::class_id`]).
    pub class_id: u32,
}

/// The header's bytes from the start of `reader` (the file's first bytes,
/// up to [`Header::end`], where the reference table starts), read as
/// [`read_header_from`] reads them but without decoding the header
/// chunks: parse them once with `Gbx::parse` (which records the absent
/// reference table and body as a problem) or [`read_header`].
///
/// # Errors
/// [`HeaderScanError::Io`] when the reader fails (naming the file offset
/// reached); [`HeaderScanError::Read`] when the data ends before the
/// header does or a fixed field (magic, version, format byte, a size) is
/// invalid: [`read_header`]'s error on the bytes read, with its file
/// offset. Header chunks whose sizes disagree with the user data are not
/// looked at here: the parse of the bytes reports them.
pub fn read_header_bytes<R: Read>(reader: R) -> Result<Vec<u8>, HeaderScanError> {
    let mut bytes = Vec::new();
    read_header_bytes_into(reader, &mut bytes)?;
    Ok(bytes)
}

/// [`read_header_bytes`] into a buffer the caller reuses (its capacity is
/// kept, so a caller can read the rest of the file after the header
/// without a copy): `buf` is cleared, then holds the header bytes. Returns
/// the class id, for a caller that chooses how to parse by class.
///
/// # Errors
/// As [`read_header_bytes`].
pub fn read_header_bytes_into<R: Read>(
    reader: R,
    buf: &mut Vec<u8>,
) -> Result<HeaderBytes, HeaderScanError> {
    let class_id = match collect(reader, buf)? {
        Collected::Complete(stored) => remap_class_id(stored),
        Collected::Decoded(header) => header.class_id,
    };
    Ok(HeaderBytes { class_id })
}

/// How [`collect`] ended.
enum Collected {
    /// Every byte the header declares is in the buffer; the stored class
    /// id. The header chunks are not decoded.
    Complete(u32),
    /// The data ended first (or a field was invalid) and the bytes so far
    /// decode as a header anyway (a text line longer than
    /// [`MAX_LINE_BYTES`] made the collector read to the end of the file).
    Decoded(Header),
}

/// Clears `buf` and appends the header's bytes to it. When the bytes end
/// early or a fixed field is invalid, they are decoded, so the error is
/// [`read_header`]'s on the same bytes (the file in memory).
fn collect<R: Read>(mut reader: R, buf: &mut Vec<u8>) -> Result<Collected, HeaderScanError> {
    buf.clear();
    match collect_header_bytes(&mut reader, buf)? {
        Some(stored_class_id) => Ok(Collected::Complete(stored_class_id)),
        None => Ok(Collected::Decoded(read_header(buf)?)),
    }
}

/// The little-endian u32 at `at` in `buf`, if `buf` holds it.
fn u32_at(buf: &[u8], at: usize) -> Option<u32> {
    let bytes = buf.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes(bytes.try_into().ok()?))
}

/// Appends the header's bytes to `buf` (empty at the call) in file order.
/// Returns the stored class id when every byte the header declares is in
/// `buf`; `None` when the data ended first or a field is invalid (the
/// bytes so far then decide the error).
fn collect_header_bytes<R: Read>(r: &mut R, buf: &mut Vec<u8>) -> std::io::Result<Option<u32>> {
    // magic (3), version (u16)
    if !fill(r, buf, 5)? || buf.get(..3) != Some(b"GBX".as_slice()) {
        return Ok(None);
    }
    let version = match buf.get(3..5) {
        Some(&[lo, hi]) => u16::from_le_bytes([lo, hi]),
        _ => return Ok(None),
    };
    if !(3..=6).contains(&version) {
        return Ok(None);
    }
    // format bytes: B/T, ref-table and body compression, then R/E from v4
    if !fill(r, buf, if version >= 4 { 4 } else { 3 })? {
        return Ok(None);
    }
    match buf.get(5) {
        Some(b'T') => return collect_text(r, buf, version),
        Some(b'B') => {}
        _ => return Ok(None),
    }
    // class id (u32), then from v6 the user-data size (u32)
    let class_at = buf.len();
    if !fill(r, buf, if version >= 6 { 8 } else { 4 })? {
        return Ok(None);
    }
    let class_id = u32_at(buf, class_at);
    let user_data_len = if version >= 6 {
        u32_at(buf, class_at + 4).map_or(0, u64::from)
    } else {
        0
    };
    // the user data, then numNodes (u32)
    Ok(if fill(r, buf, user_data_len + 4)? {
        class_id
    } else {
        None
    })
}

/// The text-format header ('T'): after the format bytes every number is a
/// CR LF-terminated line (seed 000 "Primitives", note on 'T'), parsed as
/// the reader parses it (a bad line is its error).
fn collect_text<R: Read>(
    r: &mut R,
    buf: &mut Vec<u8>,
    version: u16,
) -> std::io::Result<Option<u32>> {
    let Some(class_id) = number_line(r, buf)? else {
        return Ok(None);
    };
    let mut user_data_len = 0;
    if version >= 6 {
        let Some(len) = number_line(r, buf)? else {
            return Ok(None);
        };
        user_data_len = u64::from(len);
    }
    if !fill(r, buf, user_data_len)? || !line(r, buf)? {
        return Ok(None); // the user data, numNodes
    }
    Ok(Some(class_id))
}

/// Appends one number line to `buf` and parses it as the reader's text
/// mode parses a u32 (`None` when it ended early or is not a number).
fn number_line<R: Read>(r: &mut R, buf: &mut Vec<u8>) -> std::io::Result<Option<u32>> {
    let start = buf.len();
    if !line(r, buf)? {
        return Ok(None);
    }
    let text = buf
        .get(start..buf.len().saturating_sub(2))
        .unwrap_or_default();
    Ok(std::str::from_utf8(text)
        .ok()
        .and_then(|t| NumKind::U32.parse_text(t.trim()))
        .and_then(|n| u32::try_from(n).ok()))
}

/// Appends `len` bytes of `r` to `buf`, growing it by at most
/// [`STEP_BYTES`] before each read. Returns false when `r` ended first.
/// A failed read's error names the file offset it reached (`buf` holds
/// the file from its start).
fn fill<R: Read>(r: &mut R, buf: &mut Vec<u8>, mut len: u64) -> std::io::Result<bool> {
    while len > 0 {
        let step = len.min(STEP_BYTES);
        buf.reserve(usize::try_from(step).unwrap_or(usize::MAX));
        let got = r
            .by_ref()
            .take(step)
            .read_to_end(buf)
            .map_err(|e| read_failed(e, buf.len()))? as u64;
        if got < step {
            return Ok(false);
        }
        len -= step;
    }
    Ok(true)
}

#[cold]
fn read_failed(e: std::io::Error, offset: usize) -> std::io::Error {
    std::io::Error::new(
        e.kind(),
        format!("{e} (reading the header at file offset {offset:#x})"),
    )
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

#[cfg(test)]
#[path = "header_scan_tests.rs"]
mod tests;
