//! Map thumbnails (CGameCtnChallenge header chunk 0x03043007, seed 000
//! "03043007 Thumbnail"): a JPEG that Trackmania stores bottom-up.

use crate::gbx::classes::challenge::{CHUNK_HEADER_THUMBNAIL, FIELD_THUMBNAIL};
use crate::gbx::{Gbx, slice};
use image::RgbaImage;

/// The thumbnail's JPEG bytes exactly as stored, when the file has one.
#[must_use]
pub fn thumbnail_jpeg(gbx: &Gbx) -> Option<&[u8]> {
    let field = gbx.chunk_field(gbx.header_chunk(CHUNK_HEADER_THUMBNAIL)?, FIELD_THUMBNAIL)?;
    let data = slice(&gbx.file, field.range());
    (!data.is_empty()).then_some(data)
}

/// Decodes a stored thumbnail and flips it upright (the game stores the
/// rows bottom-up; seen on every corpus map with a thumbnail).
///
/// # Errors
/// When the JPEG cannot be decoded; the message names the decoder error.
pub fn decode_upright(jpeg: &[u8]) -> Result<RgbaImage, String> {
    let img = image::load_from_memory_with_format(jpeg, image::ImageFormat::Jpeg)
        .map_err(|e| format!("thumbnail JPEG cannot be decoded: {e}"))?;
    Ok(image::imageops::flip_vertical(&img.to_rgba8()))
}
