//! The body: stored or LZO-compressed (seed 000 "Body").

use crate::bytes::{ByteRange, ByteReader, ReadError, ReadErrorKind};
use serde::Serialize;

/// Limits applied before decompressing a body.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Largest uncompressed body accepted, in bytes.
    pub max_body_bytes: u64,
    /// Largest uncompressed/compressed ratio accepted (LZO cannot exceed ~255).
    pub max_ratio: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_body_bytes: 1 << 30,
            max_ratio: 256,
        }
    }
}

/// Where the body sits in the file and how it is stored.
#[derive(Debug, Clone, Serialize)]
pub struct BodyInfo {
    /// File offset of the body (of its size fields when compressed).
    pub offset: u64,
    /// Stored size of the compressed data, when compressed.
    pub compressed_size: Option<u32>,
    /// Size of the (decompressed) body in bytes.
    pub uncompressed_size: u64,
    /// Bytes of the compressed data in the file (or of the stored body).
    pub data_range: ByteRange,
    /// What disagreed while decompressing, when the body was still usable
    /// (an LZO stream that ends before the declared size: the body is cut
    /// where the decoded data ends, and this says so with the body offset).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problem: Option<String>,
}

/// Reads the body at the reader's position: returns where it is and the
/// decompressed bytes (a copy of the stored bytes when uncompressed).
///
/// # Errors
/// Declared sizes beyond the data or the [`Limits`], or LZO failure;
/// offsets are file offsets.
pub fn read_body(
    r: &mut ByteReader<'_>,
    compressed: bool,
    limits: Limits,
) -> Result<(BodyInfo, Vec<u8>), ReadError> {
    let offset = r.pos_abs();
    if !compressed {
        let data_range = ByteRange::at(offset, r.remaining() as u64);
        let data = r.bytes(r.remaining())?.to_vec();
        let info = BodyInfo {
            offset,
            compressed_size: None,
            uncompressed_size: data.len() as u64,
            data_range,
            problem: None,
        };
        return Ok((info, data));
    }
    let uncompressed_size = r.u32()?;
    let size_pos = r.pos_abs();
    let compressed_size = r.u32()?;
    let len = r.check_count(
        "compressed body size",
        u64::from(compressed_size),
        1,
        u64::MAX,
    )?;
    let limit = limits
        .max_body_bytes
        .min(u64::from(compressed_size).saturating_mul(limits.max_ratio));
    if u64::from(uncompressed_size) > limit {
        return Err(ReadError::new(
            ReadErrorKind::TooLarge {
                what: "uncompressed body size",
                value: u64::from(uncompressed_size),
                limit,
            },
            size_pos - 4,
            "file",
        ));
    }
    let data_start = r.pos_abs();
    let data = r.bytes(len)?;
    let data_range = ByteRange::at(data_start, u64::from(compressed_size));
    let in_body = || {
        format!(
            "in the LZO body (compressed data at file offsets {:#x}..{:#x}, {uncompressed_size} \
             bytes declared)",
            data_range.start, data_range.end
        )
    };
    let (body, problem) = decompress_checked(data, uncompressed_size as usize)
        .map_err(|msg| ReadError::invalid(msg, data_start, "file").context(in_body()))?;
    let info = BodyInfo {
        offset,
        compressed_size: Some(compressed_size),
        uncompressed_size: u64::from(uncompressed_size),
        data_range,
        problem: problem.map(|p| format!("{p} {}", in_body())),
    };
    Ok((info, body))
}

/// [`decompress`] that also catches a stream falling short of `size`:
/// minilzo zero-fills the rest and says nothing, so a stream that still
/// decodes into `size - 1` bytes is short (tried only when the last decoded
/// byte is zero: a non-zero last byte proves the stream filled `size`). The exact decoded length is then
/// found by bisection (only on that error path) and the body is cut there,
/// with a message naming the body offset where the decoded data ends.
///
/// # Errors
/// A message naming what disagreed: the decoded data overruns `size`, the
/// end marker comes before the end of the compressed data or is missing, or
/// a back-reference reaches before the body's start.
pub fn decompress_checked(data: &[u8], size: usize) -> Result<(Vec<u8>, Option<String>), String> {
    let body = decompress(data, size)?;
    // The output starts zero-filled and a stream never writes past its own
    // length, so a last byte that is not zero was written by the stream: it
    // filled `size` bytes. Every GBX body that ends with its end marker
    // (0xFACADE01, last byte 0xFA) takes this path and is decompressed once.
    if body.last().is_some_and(|&b| b != 0) {
        return Ok((body, None));
    }
    if size == 0 || decompress(data, size - 1).is_err() {
        return Ok((body, None));
    }
    // decompress(data, k) succeeds exactly when the stream holds <= k bytes.
    let (mut fits, mut too_small) = (size - 1, 0usize);
    while fits - too_small > 1 {
        let mid = too_small + (fits - too_small) / 2;
        if decompress(data, mid).is_ok() {
            fits = mid;
        } else {
            too_small = mid;
        }
    }
    let decoded = if decompress(data, too_small).is_ok() {
        too_small
    } else {
        fits
    };
    let mut body = body;
    body.truncate(decoded);
    Ok((
        body,
        Some(format!(
            "the LZO stream ends at its end marker after {decoded} bytes, {} short of the \
             declared size: the decoded body ends at body offset {decoded:#x}",
            size - decoded
        )),
    ))
}

/// LZO1X decompression into exactly `size` bytes (minilzo, overrun-checked).
///
/// # Errors
/// A message naming the LZO error.
pub fn decompress(data: &[u8], size: usize) -> Result<Vec<u8>, String> {
    // `LZO` holds a 128 KiB work buffer by value, so `init` costs a 128 KiB
    // copy; decompression never touches that buffer (it passes no work
    // memory), so one shared instance serves every call and thread.
    static LZO: std::sync::OnceLock<Result<minilzo_rs::LZO, String>> = std::sync::OnceLock::new();
    let lzo = LZO
        .get_or_init(|| minilzo_rs::LZO::init().map_err(|e| format!("LZO init failed: {e:?}")))
        .as_ref()
        .map_err(Clone::clone)?;
    lzo.decompress_safe(data, size).map_err(|e| {
        use minilzo_rs::Error as E;
        let what = match e {
            E::OutputOverrun => format!("the decoded data overruns the declared {size} bytes"),
            E::InputNotConsumed => {
                "the end marker comes before the end of the compressed data".to_owned()
            }
            E::InputOverrun | E::EOFNotFound => {
                "the compressed data ends before its end marker".to_owned()
            }
            E::LookbehindOverrun => "a back-reference reaches before the body's start".to_owned(),
            e => format!("{e:?}"),
        };
        format!("LZO decompression failed: {what}")
    })
}

/// LZO1X-1 compression (minilzo), as the game writes bodies.
///
/// # Errors
/// A message naming the LZO error.
pub fn compress(data: &[u8]) -> Result<Vec<u8>, String> {
    let mut lzo = minilzo_rs::LZO::init().map_err(|e| format!("LZO init failed: {e:?}"))?;
    lzo.compress(data)
        .map_err(|e| format!("LZO compression failed: {e:?}"))
}
