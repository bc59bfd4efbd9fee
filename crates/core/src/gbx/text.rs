//! Text-format ('T') GBX files (seed 000 "Primitives", note on 'T': "all
//! numbers and strings are stored as one line of ASCII text in each case.
//! Every line ends with a carriage return-linefeed ... A single LF is part of
//! a string").
//!
//! Reading needs nothing here: after the format bytes the header, reference
//! table and body readers run in text mode (`ByteReader::set_text`) and the
//! same chunk decoders apply. No real text-format file is known (the corpus
//! has none), so the layout choices the seed leaves open are ours, made so a
//! binary file transcodes to text and back to the same values:
//! - every number read as u8/u16/u32/i32/u64/f32 is one decimal line (f32 in
//!   Rust's shortest round-trip form); a string (u32 length + bytes) is its
//!   bytes on one line; raw byte blocks (JPEG thumbnails, magic tags, LZO or
//!   zlib data, undecoded chunks) stay raw bytes with their binary length;
//! - sizes (user data, header chunk table, skippable chunks, encapsulated
//!   data) count bytes of the text form, so unknown chunks can be skipped;
//! - the body is stored uncompressed ('U'); the reference table too.
//!
//! [`to_text`] transcodes by parsing the binary file with a tape recording
//! every primitive read (`crate::bytes::tape`) and re-emitting each one.

use super::read::body::Limits;
use super::read::header::Format;
use super::{ChunkStatus, Gbx};
use crate::bytes::tape::{NumKind, SharedTape, TapeItem};
use std::collections::HashMap;

/// Tapes of one parse: file header + reference table, and body.
#[derive(Debug, Default)]
pub(crate) struct Tapes {
    /// Reads in file space, from the header through the reference table.
    pub file: SharedTape,
    /// Reads in body space.
    pub body: SharedTape,
}

/// Why a binary file could not be written as text.
#[derive(Debug, thiserror::Error)]
pub enum TextError {
    /// The file does not parse.
    #[error("not readable: {0}")]
    Parse(#[from] crate::bytes::ReadError),
    /// The file is not a completely decoded binary GBX.
    #[error("cannot transcode: {0}")]
    Unsupported(String),
}

/// Transcodes a binary GBX file to the text format (module docs).
///
/// # Errors
/// [`TextError::Parse`] when the header does not parse;
/// [`TextError::Unsupported`] for a text file, a file whose body does not
/// read to its end, a header chunk whose decoder stopped, reads that overlap
/// (a decoder that looked at bytes twice), or a string holding CR LF (it
/// cannot be one line), each with its offset.
pub fn to_text(file: &[u8]) -> Result<Vec<u8>, TextError> {
    let tapes = Tapes::default();
    let gbx = Gbx::parse_taped(file.to_vec(), Limits::default(), Some(&tapes))?;
    check_complete(&gbx)?;
    let h = &gbx.header;
    let format_end: u64 = if h.version >= 4 { 9 } else { 8 };
    let body_start = gbx.body_info.as_ref().map_or(0, |b| b.offset);
    let mut out = Vec::with_capacity(file.len() * 2);
    out.extend_from_slice(b"GBX");
    out.extend_from_slice(&h.version.to_le_bytes());
    out.extend_from_slice(b"TUU");
    if let Some(b) = h.unknown_byte {
        out.push(b);
    }
    let file_items = tapes.file.borrow();
    out.extend(emit(
        file,
        &file_items.items,
        format_end,
        body_start,
        "file",
    )?);
    let body_items = tapes.body.borrow();
    out.extend(emit(
        &gbx.body,
        &body_items.items,
        0,
        gbx.body.len() as u64,
        "body",
    )?);
    Ok(out)
}

fn check_complete(gbx: &Gbx) -> Result<(), TextError> {
    let bad = |m: String| Err(TextError::Unsupported(m));
    if gbx.header.format == Format::Text {
        return bad("the file is already text".into());
    }
    if let Some(p) = gbx.problems.first() {
        return bad(p.clone());
    }
    if let Some(t) = &gbx.tail {
        return bad(format!(
            "the body is not read to its end (stops at body offset {:#x}: {})",
            t.offset, t.reason
        ));
    }
    for c in &gbx.header.chunks {
        if c.status == ChunkStatus::Raw && c.note.is_some() {
            return bad(format!(
                "header chunk {:#010x} was not decoded to its end",
                c.id
            ));
        }
    }
    Ok(())
}

/// A piece of output whose number may still change (a size).
enum Seg {
    Bytes(Vec<u8>),
    Num { kind: NumKind, at: u64, bits: u64 },
}

/// Emits the reads of `items` that fall in `[start, end)` of `src` (whose
/// offset 0 is absolute offset 0), bytes no read covered copied raw.
fn emit(
    src: &[u8],
    items: &[TapeItem],
    start: u64,
    end: u64,
    space: &str,
) -> Result<Vec<u8>, TextError> {
    let mut sizes = HashMap::new();
    let mut i = items
        .iter()
        .position(|it| at_of(it) >= start)
        .unwrap_or(items.len());
    let segs = emit_range(src, items, &mut i, start, end, space, &mut sizes)?;
    Ok(finish(segs, &sizes))
}

fn at_of(it: &TapeItem) -> u64 {
    match *it {
        TapeItem::Num { at, .. }
        | TapeItem::Str { at, .. }
        | TapeItem::Raw { at, .. }
        | TapeItem::Sub { at, .. } => at,
    }
}

fn slice(src: &[u8], from: u64, to: u64, space: &str) -> Result<Vec<u8>, TextError> {
    let (a, b) = (usize::try_from(from), usize::try_from(to));
    match (a, b) {
        (Ok(a), Ok(b)) if a <= b && b <= src.len() => Ok(src[a..b].to_vec()),
        _ => Err(TextError::Unsupported(format!(
            "read outside the {space} ({from:#x}..{to:#x})"
        ))),
    }
}

#[allow(clippy::too_many_arguments)]
fn emit_range(
    src: &[u8],
    items: &[TapeItem],
    i: &mut usize,
    start: u64,
    end: u64,
    space: &str,
    sizes: &mut HashMap<u64, u64>,
) -> Result<Vec<Seg>, TextError> {
    let mut segs = Vec::new();
    let mut cursor = start;
    while let Some(item) = items.get(*i) {
        let at = at_of(item);
        if at >= end {
            break;
        }
        if at < cursor {
            return Err(TextError::Unsupported(format!(
                "bytes at {space} offset {at:#x} were read twice"
            )));
        }
        segs.push(Seg::Bytes(slice(src, cursor, at, space)?));
        *i += 1;
        cursor = match *item {
            TapeItem::Num {
                kind,
                at,
                len,
                bits,
            } => {
                segs.push(Seg::Num { kind, at, bits });
                at + len
            }
            TapeItem::Str { at, len } => {
                let mut s = slice(src, at + 4, at + len, space)?;
                if s.windows(2).any(|w| w == b"\r\n") {
                    return Err(TextError::Unsupported(format!(
                        "the string at {space} offset {at:#x} holds CR LF"
                    )));
                }
                s.extend_from_slice(b"\r\n");
                segs.push(Seg::Bytes(s));
                at + len
            }
            TapeItem::Raw { at, len } => {
                segs.push(Seg::Bytes(slice(src, at, at + len, space)?));
                at + len
            }
            TapeItem::Sub { at, len, size_at } => {
                let inner = emit_range(src, items, i, at, at + len, space, sizes)?;
                let bytes = finish(inner, sizes);
                if let Some(s) = size_at {
                    sizes.insert(s, bytes.len() as u64);
                } else if bytes.len() as u64 != len {
                    return Err(TextError::Unsupported(format!(
                        "a sized block at {space} offset {at:#x} has no size field to rewrite"
                    )));
                }
                segs.push(Seg::Bytes(bytes));
                at + len
            }
        };
    }
    segs.push(Seg::Bytes(slice(src, cursor, end, space)?));
    Ok(segs)
}

/// Joins segments, writing each number as a line; a number that holds the
/// length of a sub-block gets the transcoded length (bit 31, the heavy flag
/// of header chunk sizes, kept).
fn finish(segs: Vec<Seg>, sizes: &HashMap<u64, u64>) -> Vec<u8> {
    let mut out = Vec::new();
    for s in segs {
        match s {
            Seg::Bytes(b) => out.extend(b),
            Seg::Num { kind, at, bits } => {
                let bits = sizes
                    .get(&at)
                    .map_or(bits, |len| (bits & 0x8000_0000) | len);
                out.extend(kind.format_text(bits).as_bytes());
                out.extend_from_slice(b"\r\n");
            }
        }
    }
    out
}
