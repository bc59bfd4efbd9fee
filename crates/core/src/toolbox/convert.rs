//! Body storage conversion (issue 18 "decompress / recompress"): an
//! LZO-compressed body stored plain, and back. The header, its chunks and
//! the reference table are copied byte for byte; only the body
//! compression byte of the format (file offset 7: 'C' or 'U', seed 000
//! "Header": "GBX", version u16, then 'B', ref-table 'U'/'C', body
//! 'U'/'C') and the body change.

use crate::gbx::Gbx;
use crate::gbx::read::body::compress;
use crate::gbx::read::header::Format;

/// File offset of the body compression byte ('C' or 'U').
pub const BODY_COMPRESSION_BYTE: usize = 7;

/// Why a body cannot be converted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConvertError {
    /// Text ('T') files store no LZO body.
    #[error("a text-format GBX has no compressed body")]
    Text,
    /// The body is already stored the asked way.
    #[error("the body is already {0}")]
    Already(&'static str),
    /// The body could not be read whole.
    #[error("the body was not read completely: {0}")]
    Unread(String),
    /// Bytes follow the compressed body; a stored body would swallow them.
    #[error("{0} bytes follow the compressed body (file offset {1:#x})")]
    Trailing(u64, u64),
    /// LZO failed, or a size does not fit the format's u32 fields.
    #[error("{0}")]
    Compression(String),
}

fn checked(gbx: &Gbx) -> Result<(usize, &crate::gbx::read::body::BodyInfo), ConvertError> {
    if gbx.header.format == Format::Text {
        return Err(ConvertError::Text);
    }
    let info = gbx
        .body_info
        .as_ref()
        .ok_or_else(|| ConvertError::Unread(gbx.problems.join("; ")))?;
    if let Some(p) = &info.problem {
        return Err(ConvertError::Unread(p.clone()));
    }
    let offset = usize::try_from(info.offset).map_err(|_| ConvertError::Unread("offset".into()))?;
    if offset > gbx.file.len() || gbx.file.len() <= BODY_COMPRESSION_BYTE {
        return Err(ConvertError::Unread("body offset beyond the file".into()));
    }
    Ok((offset, info))
}

/// `gbx` with its body stored uncompressed.
///
/// # Errors
/// See [`ConvertError`].
pub fn decompress_file(gbx: &Gbx) -> Result<Vec<u8>, ConvertError> {
    let (offset, info) = checked(gbx)?;
    if !gbx.header.body_compressed {
        return Err(ConvertError::Already("stored uncompressed"));
    }
    let file_len = gbx.file.len() as u64;
    if info.data_range.end < file_len {
        return Err(ConvertError::Trailing(
            file_len - info.data_range.end,
            info.data_range.end,
        ));
    }
    let mut out = Vec::with_capacity(offset + gbx.body.len());
    out.extend_from_slice(&gbx.file[..offset]);
    out[BODY_COMPRESSION_BYTE] = b'U';
    out.extend_from_slice(&gbx.body);
    Ok(out)
}

/// `gbx` with its body LZO1X-1 compressed (the size u32, the compressed
/// size u32, the data), as the game writes it.
///
/// # Errors
/// See [`ConvertError`].
pub fn compress_file(gbx: &Gbx) -> Result<Vec<u8>, ConvertError> {
    let (offset, _) = checked(gbx)?;
    if gbx.header.body_compressed {
        return Err(ConvertError::Already("compressed"));
    }
    let packed = compress(&gbx.body).map_err(ConvertError::Compression)?;
    let u32_len = |n: usize| {
        u32::try_from(n).map_err(|_| ConvertError::Compression("the body exceeds 4 GiB".into()))
    };
    let mut out = Vec::with_capacity(offset + 8 + packed.len());
    out.extend_from_slice(&gbx.file[..offset]);
    out[BODY_COMPRESSION_BYTE] = b'C';
    out.extend_from_slice(&u32_len(gbx.body.len())?.to_le_bytes());
    out.extend_from_slice(&u32_len(packed.len())?.to_le_bytes());
    out.extend_from_slice(&packed);
    Ok(out)
}
