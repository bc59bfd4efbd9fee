//! Images and blobs stored in GBX files: collector icons (header chunk
//! 0x2E001004: raw RGBA or WebP, seed 000 "0301A004 Icon"), lightmap frames
//! (body chunk 0x0304303D) and the embedded items ZIP (body chunk 0x03043054).

use crate::gbx::classes::challenge::{
    CHUNK_EMBEDDED_ITEMS, CHUNK_LIGHTMAPS, FIELD_EMBEDDED_ZIP, FIELD_LIGHTMAP_FRAMES,
    FIELD_LIGHTMAP_IMAGES,
};
use crate::gbx::classes::collector::{
    CHUNK_HEADER_ICON, FIELD_ICON_HEIGHT, FIELD_ICON_RGBA, FIELD_ICON_WEBP, FIELD_ICON_WIDTH,
};
use crate::gbx::read::field_ref::FieldRef;
use crate::gbx::{Gbx, slice};
use image::RgbaImage;

/// A collector icon as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Icon<'a> {
    /// `width × height` RGBA pixels, 4 bytes each, rows bottom-up.
    Rgba {
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
        /// `4 × width × height` bytes.
        data: &'a [u8],
    },
    /// A WebP file.
    Webp(&'a [u8]),
}

fn u16_of(f: Option<FieldRef<'_>>) -> Option<u32> {
    match f.map(FieldRef::value) {
        Some(crate::gbx::Value::U16(v)) => Some(u32::from(v)),
        _ => None,
    }
}

/// The icon of a collector (item, block, macroblock…), when the file has one.
#[must_use]
pub fn icon(gbx: &Gbx) -> Option<Icon<'_>> {
    let chunk = gbx.chunk_fields(gbx.header_chunk(CHUNK_HEADER_ICON)?);
    if let Some(f) = chunk.find(FIELD_ICON_WEBP) {
        return Some(Icon::Webp(slice(&gbx.file, f.range())));
    }
    let f = chunk.find(FIELD_ICON_RGBA)?;
    let width = u16_of(chunk.find(FIELD_ICON_WIDTH))?;
    let height = u16_of(chunk.find(FIELD_ICON_HEIGHT))?;
    Some(Icon::Rgba {
        width,
        height,
        data: slice(&gbx.file, f.range()),
    })
}

/// Decodes an icon into upright RGBA pixels (raw icons are stored bottom-up,
/// like thumbnails).
///
/// # Errors
/// When the WebP cannot be decoded or the raw size does not match.
pub fn decode_icon(icon: Icon<'_>) -> Result<RgbaImage, String> {
    match icon {
        Icon::Webp(data) => image::load_from_memory_with_format(data, image::ImageFormat::WebP)
            .map(|i| i.to_rgba8())
            .map_err(|e| format!("icon WebP cannot be decoded: {e}")),
        Icon::Rgba {
            width,
            height,
            data,
        } => {
            let img = RgbaImage::from_raw(width, height, data.to_vec()).ok_or_else(|| {
                format!(
                    "icon: {} bytes do not make {width}×{height} RGBA",
                    data.len()
                )
            })?;
            Ok(image::imageops::flip_vertical(&img))
        }
    }
}

fn body_chunk_field<'a>(gbx: &'a Gbx, chunk_id: u32, name: &str) -> Option<FieldRef<'a>> {
    gbx.chunk_field(gbx.main_chunk(chunk_id)?, name)
}

/// The embedded items ZIP of a map (0x03043054), exactly as stored.
#[must_use]
pub fn embedded_items_zip(gbx: &Gbx) -> Option<&[u8]> {
    let f = body_chunk_field(gbx, CHUNK_EMBEDDED_ITEMS, FIELD_EMBEDDED_ZIP)?;
    let data = slice(&gbx.body, f.range());
    (!data.is_empty()).then_some(data)
}

/// Lightmap frame images of a map (0x0304303D): `(name, bytes)` with names
/// like `frame0-image.jpg` / `frame0-image2.webp`, in file order.
#[must_use]
pub fn lightmap_frames(gbx: &Gbx) -> Vec<(String, &[u8])> {
    let Some(frames) = body_chunk_field(gbx, CHUNK_LIGHTMAPS, FIELD_LIGHTMAP_FRAMES) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for frame in frames.children() {
        for img in frame
            .children()
            .iter()
            .filter(|f| FIELD_LIGHTMAP_IMAGES.contains(&f.name()))
        {
            let data = slice(&gbx.body, img.range());
            if data.is_empty() {
                continue;
            }
            let ext = match crate::gbx::read::field::sniff(data) {
                "JPEG" => "jpg",
                "WebP" => "webp",
                "PNG" => "png",
                "DDS" => "dds",
                _ => "bin",
            };
            out.push((
                format!("frame{}-{}.{ext}", frame.index().unwrap_or(0), img.name()),
                data,
            ));
        }
    }
    out
}

/// Decodes a stored lightmap frame (JPEG, WebP or PNG, as
/// [`lightmap_frames`] gives it) to RGBA, within the image crate's default
/// allocation limit (512 MiB).
///
/// # Errors
/// When the bytes are not a decodable image (e.g. a DDS frame).
pub fn decode_frame(data: &[u8]) -> Result<RgbaImage, String> {
    image::load_from_memory(data)
        .map(|i| i.to_rgba8())
        .map_err(|e| format!("lightmap frame cannot be decoded: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_icons_are_flipped_upright() {
        // 1×2 icon stored bottom-up: first row (bottom) red, second (top) blue.
        let data = [255, 0, 0, 255, 0, 0, 255, 255];
        let img = decode_icon(Icon::Rgba {
            width: 1,
            height: 2,
            data: &data,
        })
        .unwrap();
        assert_eq!(img.get_pixel(0, 0).0, [0, 0, 255, 255]);
        assert!(
            decode_icon(Icon::Rgba {
                width: 2,
                height: 2,
                data: &data
            })
            .is_err()
        );
    }
}
