//! The picture of a library card: a map's stored thumbnail (header only,
//! upright) or a Stunts track's mini-map drawn by [`crate::trk::render`],
//! scaled to fit a square of `max_px`.

use super::row::{Row, thumbnail_jpeg};
use crate::gbx::access::thumbnail::decode_upright;
use crate::sniff::FileKind;
use crate::trk::render::render_track;
use crate::trk::replay::Replay;
use crate::trk::track::Track;
use image::RgbaImage;
use image::imageops::FilterType;

/// Pixels per tile of a Stunts mini-map before scaling (30 tiles: 120 px).
const MINIMAP_TILE_PX: u32 = 4;

/// The card picture of `row`'s file, at most `max_px` wide and high;
/// `Ok(None)` when the file has none (not a map with a thumbnail, nor a
/// Stunts file).
///
/// # Errors
/// When the file cannot be read again or its picture cannot be decoded.
pub fn preview(row: &Row, max_px: u32) -> Result<Option<RgbaImage>, String> {
    let image = match row.kind {
        Some(FileKind::Gbx) if row.has_thumbnail => match thumbnail_jpeg(&row.path) {
            Some(jpeg) => decode_upright(&jpeg)?,
            None => return Ok(None),
        },
        Some(kind @ (FileKind::StuntsTrack | FileKind::StuntsReplay)) => {
            let data = crate::sniff::input::read_regular(&row.path).map_err(|e| e.to_string())?;
            let track = if kind == FileKind::StuntsReplay {
                Replay::parse(&data).map_err(|e| e.to_string())?.track
            } else {
                Track::parse(&data).map_err(|e| e.to_string())?
            };
            render_track(&track, MINIMAP_TILE_PX)
        }
        _ => return Ok(None),
    };
    Ok(Some(fit(image, max_px.max(1))))
}

fn fit(image: RgbaImage, max_px: u32) -> RgbaImage {
    let (w, h) = image.dimensions();
    if w <= max_px && h <= max_px {
        return image;
    }
    let scale = f64::from(max_px) / f64::from(w.max(h));
    // Both sides shrink, so each new side is at most max_px and fits u32.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let (nw, nh) = (
        ((f64::from(w) * scale).round() as u32).max(1),
        ((f64::from(h) * scale).round() as u32).max(1),
    );
    image::imageops::resize(&image, nw, nh, FilterType::Triangle)
}
