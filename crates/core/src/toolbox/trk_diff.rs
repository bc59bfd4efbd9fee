//! Tile-by-tile diff of two Stunts tracks (issue 18 "Diff view" for .trk):
//! the track and terrain layers (seed 002 "Track file": 30×30 bytes each),
//! the horizon and the metadata overlay.

use crate::trk::track::{TilePos, Track};
use serde::Serialize;

/// Which layer of a tile differs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TileLayer {
    /// The track element byte.
    Track,
    /// The terrain byte.
    Terrain,
}

/// One tile whose byte differs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TileDiff {
    /// The tile (x west → east, y north → south).
    pub pos: TilePos,
    /// Track or terrain layer.
    pub layer: TileLayer,
    /// The byte in A.
    pub a: u8,
    /// The byte in B.
    pub b: u8,
}

/// Every difference between two tracks.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct TrackDiff {
    /// Tiles in row-major order (track layer first for a tile).
    pub tiles: Vec<TileDiff>,
    /// Horizons (A, B) when they differ.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub horizon: Option<(u8, u8)>,
    /// True when the metadata overlays (the bytes after 1,802) differ.
    pub metadata_differs: bool,
}

impl TrackDiff {
    /// True when nothing differs.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty() && self.horizon.is_none() && !self.metadata_differs
    }
}

/// Compares `a` and `b` tile by tile.
#[must_use]
pub fn diff_tracks(a: &Track, b: &Track) -> TrackDiff {
    let mut d = TrackDiff::default();
    for pos in TilePos::all() {
        let layers = [
            (TileLayer::Track, a.track_code(pos), b.track_code(pos)),
            (TileLayer::Terrain, a.terrain_code(pos), b.terrain_code(pos)),
        ];
        for (layer, ca, cb) in layers {
            if ca != cb {
                d.tiles.push(TileDiff {
                    pos,
                    layer,
                    a: ca,
                    b: cb,
                });
            }
        }
    }
    if a.horizon != b.horizon {
        d.horizon = Some((a.horizon, b.horizon));
    }
    d.metadata_differs = a.trailer != b.trailer;
    d
}
