//! Editing the Bliss colouring (chunk `Colr`, seed 002 "Metadata") through
//! the undo history: each change decodes the current `Colr`, changes tiles,
//! encodes it again with the RLE writer ([`Colouring::encode`]) and records
//! the whole trailer before and after as one `Edit::Trailer`. Inside a
//! stroke ([`TrackDocument::begin_stroke`]) a drag of many tiles is one
//! undo step.
//!
//! Seed 002: the colouring covers the 30 × 30 grid, one border and one
//! background colour per tile (RGB565, `0xF81F` = not present), tiles left
//! to right, rows from the top; [`TilePos`] uses the same order.

use super::edit::TrackDocument;
use super::metadata::{COLOURED_TILES, Colouring, Metadata, TRANSPARENT, TileColours};
use super::track::{TilePos, Trailer};

/// Which of a tile's two colours a paint sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ColourPart {
    /// The background (fill) colour.
    #[default]
    Background,
    /// The border colour.
    Border,
    /// Both colours.
    Both,
}

impl ColourPart {
    /// `old` with this part replaced from `brush`.
    #[must_use]
    pub fn paint(self, old: TileColours, brush: TileColours) -> TileColours {
        match self {
            Self::Background => TileColours {
                background: brush.background,
                ..old
            },
            Self::Border => TileColours {
                border: brush.border,
                ..old
            },
            Self::Both => brush,
        }
    }
}

/// Why the colouring cannot be edited.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ColourEditError {
    /// The bytes after the track are not Bliss metadata; editing would
    /// replace them.
    #[error(
        "the file has {0} bytes of unknown trailing data after the track; \
         remove them (raw export) or apply metadata before colouring"
    )]
    UnknownTrailer(usize),
    /// The `Colr` chunk does not decode.
    #[error("the colouring cannot be read ({0}); clear it to start again")]
    Unreadable(String),
}

impl TrackDocument {
    /// The current colouring: the decoded `Colr` chunk, or `None` when the
    /// track has none.
    ///
    /// # Errors
    /// Unknown trailing data, or a `Colr` chunk that does not decode.
    pub fn colouring(&self) -> Result<Option<Colouring>, ColourEditError> {
        match self.metadata_for_edit()?.colouring() {
            None => Ok(None),
            Some(Ok(c)) => Ok(Some(c)),
            Some(Err(e)) => Err(ColourEditError::Unreadable(e.to_string())),
        }
    }

    /// Sets part `part` of tile `pos` to the colours of `brush`, creating
    /// the metadata and an all-transparent colouring when there is none.
    /// Returns whether anything changed.
    ///
    /// # Errors
    /// As [`TrackDocument::colouring`].
    pub fn paint_colour(
        &mut self,
        pos: TilePos,
        part: ColourPart,
        brush: TileColours,
    ) -> Result<bool, ColourEditError> {
        let mut c = self.colouring()?.unwrap_or_default();
        let i = pos.index();
        if i >= COLOURED_TILES || i >= c.tiles.len() {
            return Ok(false);
        }
        c.tiles[i] = part.paint(c.tiles[i], brush);
        self.replace_colouring(Some(&c), "paint colouring")
    }

    /// Sets part `part` of every tile (fill the whole grid).
    ///
    /// # Errors
    /// As [`TrackDocument::colouring`].
    pub fn fill_colour(
        &mut self,
        part: ColourPart,
        brush: TileColours,
    ) -> Result<bool, ColourEditError> {
        let mut c = self.colouring()?.unwrap_or_default();
        for t in &mut c.tiles {
            *t = part.paint(*t, brush);
        }
        self.replace_colouring(Some(&c), "fill colouring")
    }

    /// Replaces the colouring (`None` removes the `Colr` chunk; metadata
    /// left without chunks is removed too, giving a raw track). Other
    /// chunks are kept. Returns whether anything changed.
    ///
    /// # Errors
    /// Unknown trailing data (never replaced silently).
    pub fn set_colouring(&mut self, c: Option<&Colouring>) -> Result<bool, ColourEditError> {
        let label = if c.is_some() {
            "edit colouring"
        } else {
            "clear colouring"
        };
        self.replace_colouring(c, label)
    }

    /// [`Self::set_colouring`] recorded under `label`.
    fn replace_colouring(
        &mut self,
        c: Option<&Colouring>,
        label: &str,
    ) -> Result<bool, ColourEditError> {
        let mut meta = self.metadata_for_edit()?;
        meta.set_colouring(c);
        let trailer = if meta.chunks.is_empty() {
            Trailer::None
        } else {
            Trailer::Metadata(meta)
        };
        Ok(self.set_trailer_as(trailer, label))
    }

    /// The metadata a colouring edit starts from.
    fn metadata_for_edit(&self) -> Result<Metadata, ColourEditError> {
        match &self.track().trailer {
            Trailer::None => Ok(Metadata::default()),
            Trailer::Metadata(m) => Ok(m.clone()),
            Trailer::Unknown(b) => Err(ColourEditError::UnknownTrailer(b.len())),
        }
    }
}

/// `rgb565` as 8-bit red, green, blue (the top bits repeated into the low
/// bits, so 0x001F is blue 255 and 0xFFFF is white).
#[must_use]
pub fn rgb565_to_rgb(rgb565: u16) -> [u8; 3] {
    let r = ((rgb565 >> 11) & 0x1F) as u8;
    let g = ((rgb565 >> 5) & 0x3F) as u8;
    let b = (rgb565 & 0x1F) as u8;
    [
        (r << 3) | (r >> 2),
        (g << 2) | (g >> 4),
        (b << 3) | (b >> 2),
    ]
}

/// 8-bit red, green, blue rounded down to RGB565 (RRRRRGGGGGGBBBBB). Pure
/// magenta 0xF81F is [`TRANSPARENT`]; callers that mean the colour nudge
/// it with [`opaque_rgb565`].
#[must_use]
pub fn rgb_to_rgb565(rgb: [u8; 3]) -> u16 {
    (u16::from(rgb[0] >> 3) << 11) | (u16::from(rgb[1] >> 2) << 5) | u16::from(rgb[2] >> 3)
}

/// `rgb565`, moved off [`TRANSPARENT`] to the nearest opaque colour
/// (green +1) so a picked magenta does not erase.
#[must_use]
pub fn opaque_rgb565(rgb565: u16) -> u16 {
    if rgb565 == TRANSPARENT {
        TRANSPARENT | 0x0020
    } else {
        rgb565
    }
}
