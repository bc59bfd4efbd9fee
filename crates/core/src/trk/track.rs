//! Reading and writing the 1,802-byte track file and the track inside a
//! replay (seed 002 "Track file", "Extra byte", "Overlaying").
//!
//! File layout: track layout at 0x000 (900 bytes, rows left to right,
//! **bottom to top**), horizon at 0x384, terrain at 0x385 (900 bytes, rows
//! left to right, **top to bottom**), extra byte at 0x709, then optional
//! trailing data (a Bliss `smdf` overlay, or anything else) up to 13,802
//! bytes in all.
//!
//! Internal coordinates: [`TilePos`] `x` is the column from the west (left)
//! edge, `y` the row from the **north (top)** edge, both 0–29, like the
//! screen and the terrain block. Only [`Track::parse`] and
//! [`Track::to_bytes`] know about the bottom-to-top track block.

use super::metadata::{BINARY_MAGIC, Metadata, MetadataError};
use crate::bytes::{ByteReader, ReadError, ReadErrorKind};
use serde::Serialize;

/// Tiles per side.
pub const SIDE: usize = 30;
/// Tiles per layer.
pub const TILE_COUNT: usize = SIDE * SIDE;
/// File offset of the horizon byte.
pub const HORIZON_OFFSET: usize = 0x384;
/// File offset of the terrain block.
pub const TERRAIN_OFFSET: usize = 0x385;
/// File offset of the extra byte.
pub const EXTRA_BYTE_OFFSET: usize = 0x709;
/// Length of a raw track file.
pub const RAW_TRACK_LEN: usize = 0x70A;
/// Longest file with an overlay that Stunts loads safely (seed 002
/// "Overlaying": 12,000 bytes of replay buffer after the track).
pub const MAX_FILE_LEN: usize = 13_802;
/// Extra byte of tracks created by Bliss (and by trackbench).
pub const BLISS_EXTRA_BYTE: u8 = 153;
/// Bytes before the track in a `.RPL` replay of Stunts 1.1 (see
/// [`super::replay`]).
pub const RPL_HEADER_LEN: usize = 26;

/// A tile position in internal coordinates: `x` 0–29 west → east, `y` 0–29
/// north → south (top row is `y = 0`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct TilePos {
    /// Column from the left (west) edge.
    pub x: u8,
    /// Row from the top (north) edge.
    pub y: u8,
}

impl TilePos {
    /// The position, if both coordinates are below 30.
    #[must_use]
    pub fn new(x: i32, y: i32) -> Option<Self> {
        let ok = |v: i32| (0..SIDE as i32).contains(&v);
        (ok(x) && ok(y)).then_some(Self {
            x: x as u8,
            y: y as u8,
        })
    }

    /// Index in row-major, top-down order (`y * 30 + x`).
    #[must_use]
    pub fn index(self) -> usize {
        usize::from(self.y) * SIDE + usize::from(self.x)
    }

    /// Inverse of [`Self::index`].
    #[must_use]
    pub fn from_index(i: usize) -> Option<Self> {
        (i < TILE_COUNT).then_some(Self {
            x: (i % SIDE) as u8,
            y: (i / SIDE) as u8,
        })
    }

    /// The position `(dx, dy)` away, if on the map.
    #[must_use]
    pub fn offset(self, dx: i32, dy: i32) -> Option<Self> {
        Self::new(i32::from(self.x) + dx, i32::from(self.y) + dy)
    }

    /// Every position, top row first.
    pub fn all() -> impl Iterator<Item = Self> {
        (0..TILE_COUNT).filter_map(Self::from_index)
    }

    /// File offset of this tile's track byte (the block is bottom to top).
    #[must_use]
    pub fn track_file_offset(self) -> usize {
        (SIDE - 1 - usize::from(self.y)) * SIDE + usize::from(self.x)
    }

    /// File offset of this tile's terrain byte.
    #[must_use]
    pub fn terrain_file_offset(self) -> usize {
        TERRAIN_OFFSET + self.index()
    }
}

impl std::fmt::Display for TilePos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// Bytes after the first 1,802, kept for saving.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub enum Trailer {
    /// Nothing: a raw track.
    #[default]
    None,
    /// A Bliss binary overlay (`smdf`).
    Metadata(Metadata),
    /// Anything else, kept byte for byte.
    Unknown(Vec<u8>),
}

/// A Stunts track: two 30×30 layers, horizon, extra byte, trailer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Track {
    track: [u8; TILE_COUNT],
    terrain: [u8; TILE_COUNT],
    /// Horizon 0–5 (see [`super::terrain::horizon_name`]); other values
    /// occur in real files and are kept.
    pub horizon: u8,
    /// The byte at 0x709, ignored by Stunts; preserved as loaded.
    pub extra_byte: u8,
    /// Data after 1,802 bytes.
    pub trailer: Trailer,
    /// `Some(n)` when the file had only `n < 1,802` bytes: the rest reads as
    /// zero and saving writes `n` bytes again, until set to `None`.
    pub short_file_len: Option<usize>,
}

impl Default for Track {
    fn default() -> Self {
        Self::new()
    }
}

/// Why a track cannot be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WriteError {
    /// The metadata overlay cannot be encoded.
    #[error(transparent)]
    Metadata(#[from] MetadataError),
    /// Track plus trailer exceed what Stunts can load.
    #[error(
        "file would be {len} bytes; Stunts loads at most {MAX_FILE_LEN} (seed 002 \"Overlaying\")"
    )]
    TooLong {
        /// The would-be length.
        len: usize,
    },
}

impl Track {
    /// A new track: blank, flat ground, desert horizon, extra byte 153.
    #[must_use]
    pub fn new() -> Self {
        Self {
            track: [0; TILE_COUNT],
            terrain: [0; TILE_COUNT],
            horizon: 0,
            extra_byte: BLISS_EXTRA_BYTE,
            trailer: Trailer::None,
            short_file_len: None,
        }
    }

    /// Reads a `.trk` file.
    ///
    /// # Errors
    /// Files longer than 13,802 bytes.
    pub fn parse(data: &[u8]) -> Result<Self, ReadError> {
        Self::parse_at(data, 0)
    }

    /// Reads a track whose first byte sits at `origin` in the file.
    pub(super) fn parse_at(data: &[u8], origin: u64) -> Result<Self, ReadError> {
        if data.len() > MAX_FILE_LEN {
            let kind = ReadErrorKind::TooLarge {
                what: "track file length",
                value: data.len() as u64,
                limit: MAX_FILE_LEN as u64,
            };
            return Err(ReadError::new(kind, origin + MAX_FILE_LEN as u64, "file")
                .context("(Stunts loads at most 1,802 bytes plus a 12,000-byte overlay)"));
        }
        let mut r = ByteReader::new(data, origin, "file");
        let mut t = Self {
            extra_byte: 0,
            ..Self::new()
        };
        let track_block = r.bytes(r.remaining().min(TILE_COUNT))?;
        for (i, &code) in track_block.iter().enumerate() {
            let pos = TilePos {
                x: (i % SIDE) as u8,
                y: (SIDE - 1 - i / SIDE) as u8,
            };
            t.track[pos.index()] = code;
        }
        t.horizon = if r.is_at_end() { 0 } else { r.u8()? };
        let terrain_block = r.bytes(r.remaining().min(TILE_COUNT))?;
        t.terrain[..terrain_block.len()].copy_from_slice(terrain_block);
        t.extra_byte = if r.is_at_end() { 0 } else { r.u8()? };
        t.short_file_len = (data.len() < RAW_TRACK_LEN).then_some(data.len());
        t.trailer = read_trailer(r.rest(), r.pos_abs());
        Ok(t)
    }

    /// The file bytes: 1,802 (or the short length loaded) plus the trailer.
    ///
    /// # Errors
    /// Metadata that cannot be encoded, or a result over 13,802 bytes.
    pub fn to_bytes(&self) -> Result<Vec<u8>, WriteError> {
        let raw = self.to_raw_bytes();
        let mut out = match self.short_file_len {
            Some(n) => raw[..n.min(RAW_TRACK_LEN)].to_vec(),
            None => raw.to_vec(),
        };
        match &self.trailer {
            Trailer::None => {}
            Trailer::Metadata(m) => out.extend_from_slice(&m.to_binary()?),
            Trailer::Unknown(bytes) => out.extend_from_slice(bytes),
        }
        if out.len() > MAX_FILE_LEN {
            return Err(WriteError::TooLong { len: out.len() });
        }
        Ok(out)
    }

    /// "Raw export": exactly 1,802 bytes, trailing data dropped.
    #[must_use]
    pub fn to_raw_bytes(&self) -> [u8; RAW_TRACK_LEN] {
        let mut out = [0u8; RAW_TRACK_LEN];
        for pos in TilePos::all() {
            out[pos.track_file_offset()] = self.track[pos.index()];
        }
        out[HORIZON_OFFSET] = self.horizon;
        out[TERRAIN_OFFSET..EXTRA_BYTE_OFFSET].copy_from_slice(&self.terrain);
        out[EXTRA_BYTE_OFFSET] = self.extra_byte;
        out
    }

    /// Track byte at `pos`.
    #[must_use]
    pub fn track_code(&self, pos: TilePos) -> u8 {
        self.track[pos.index()]
    }

    /// Terrain byte at `pos`.
    #[must_use]
    pub fn terrain_code(&self, pos: TilePos) -> u8 {
        self.terrain[pos.index()]
    }

    /// Sets the track byte at `pos` (no filler logic; see `edit`).
    pub fn set_track_code(&mut self, pos: TilePos, code: u8) {
        self.track[pos.index()] = code;
    }

    /// Sets the terrain byte at `pos`.
    pub fn set_terrain_code(&mut self, pos: TilePos, code: u8) {
        self.terrain[pos.index()] = code;
    }

    /// All track bytes in internal order (`TilePos::index`).
    #[must_use]
    pub fn track_codes(&self) -> &[u8; TILE_COUNT] {
        &self.track
    }

    /// All terrain bytes in internal order (`TilePos::index`).
    #[must_use]
    pub fn terrain_codes(&self) -> &[u8; TILE_COUNT] {
        &self.terrain
    }

    /// The Bliss metadata overlay, if any.
    #[must_use]
    pub fn metadata(&self) -> Option<&Metadata> {
        match &self.trailer {
            Trailer::Metadata(m) => Some(m),
            _ => None,
        }
    }

    /// True when the file ended before the end of the terrain block.
    #[must_use]
    pub fn terrain_missing(&self) -> bool {
        self.short_file_len.is_some_and(|n| n < EXTRA_BYTE_OFFSET)
    }
}

/// A Bliss overlay when the bytes parse as one, else unknown data.
fn read_trailer(rest: &[u8], origin: u64) -> Trailer {
    if rest.is_empty() {
        Trailer::None
    } else if rest.starts_with(BINARY_MAGIC) {
        Metadata::parse_binary(rest, origin)
            .map_or_else(|_| Trailer::Unknown(rest.to_vec()), Trailer::Metadata)
    } else {
        Trailer::Unknown(rest.to_vec())
    }
}

/// An inclusive rectangle of tiles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileRect {
    /// NW corner.
    pub min: TilePos,
    /// SE corner.
    pub max: TilePos,
}

impl TileRect {
    /// The rectangle spanned by two corner tiles, in any order.
    #[must_use]
    pub fn spanning(a: TilePos, b: TilePos) -> Self {
        Self {
            min: TilePos {
                x: a.x.min(b.x),
                y: a.y.min(b.y),
            },
            max: TilePos {
                x: a.x.max(b.x),
                y: a.y.max(b.y),
            },
        }
    }

    /// The rectangle of `w` × `h` tiles with its NW corner at `min`, cut at
    /// the map's east and south edges (`w`, `h` of 0 count as 1).
    #[must_use]
    pub fn at(min: TilePos, w: u8, h: u8) -> Self {
        let last = (SIDE - 1) as u8;
        let max = TilePos {
            x: min.x.saturating_add(w.max(1) - 1).min(last),
            y: min.y.saturating_add(h.max(1) - 1).min(last),
        };
        Self { min, max }
    }

    /// Width and height in tiles.
    #[must_use]
    pub fn size(&self) -> (u8, u8) {
        (self.max.x - self.min.x + 1, self.max.y - self.min.y + 1)
    }

    /// True when `pos` is inside.
    #[must_use]
    pub fn contains(&self, pos: TilePos) -> bool {
        (self.min.x..=self.max.x).contains(&pos.x) && (self.min.y..=self.max.y).contains(&pos.y)
    }

    /// Every tile, top row first.
    pub fn tiles(&self) -> impl Iterator<Item = TilePos> + '_ {
        (self.min.y..=self.max.y)
            .flat_map(move |y| (self.min.x..=self.max.x).map(move |x| TilePos { x, y }))
    }
}
