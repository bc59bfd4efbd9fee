//! Comparing the open track with another .trk (or a replay's track): the
//! other track, kept as read, and the tile-by-tile differences computed
//! against the current track (issue 18, "Diff view … also for .trk: tile
//! by tile differences drawn on the grid"). The diff itself is the core's
//! [`diff_tracks`]; the grid draws it (`panels::diff`).

use std::path::{Path, PathBuf};
use trackbench_core::toolbox::trk_diff::{TileDiff, TrackDiff, diff_tracks};
use trackbench_core::trk::{TilePos, Track, read_stunts_file};

/// The track compared with the open one.
#[derive(Debug, Clone)]
pub struct TrackCompare {
    /// File name shown in the panel.
    pub name: String,
    /// Where it was read from.
    pub path: PathBuf,
    /// The other track, as read (never edited).
    pub other: Track,
}

impl TrackCompare {
    /// The differences between `current` (the open track, with its edits)
    /// and the other track: 30 × 30 tiles per layer, so cheap enough to
    /// compute each frame, and never stale after an edit or an undo.
    #[must_use]
    pub fn diff(&self, current: &Track) -> TrackDiff {
        diff_tracks(current, &self.other)
    }
}

/// The differing tiles, one per position (a tile whose track and terrain
/// both differ appears once), in row-major order: what "next difference"
/// steps through.
#[must_use]
pub fn differing_tiles(diff: &TrackDiff) -> Vec<TilePos> {
    let mut tiles: Vec<TilePos> = diff.tiles.iter().map(|t: &TileDiff| t.pos).collect();
    tiles.dedup();
    tiles
}

/// The differing tile after (`forward`) or before `from` in row-major
/// order, wrapping around; the first (or last) one when `from` is `None`
/// or not a differing tile's neighbour. `None` when nothing differs.
#[must_use]
pub fn step(tiles: &[TilePos], from: Option<TilePos>, forward: bool) -> Option<TilePos> {
    let key = |p: &TilePos| (p.y, p.x);
    let first = || {
        if forward {
            tiles.first().copied()
        } else {
            tiles.last().copied()
        }
    };
    let Some(from) = from else { return first() };
    let found = if forward {
        tiles.iter().find(|p| key(p) > key(&from))
    } else {
        tiles.iter().rev().find(|p| key(p) < key(&from))
    };
    found.copied().or_else(first)
}

impl TrackCompare {
    /// Reads `path`: a .trk, or the track of a Stunts replay (.rpl, told
    /// by its extension and size as when opening).
    ///
    /// # Errors
    /// What could not be read, with the file's path.
    pub fn read(path: &Path) -> Result<Self, String> {
        let at = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
        let bytes = std::fs::read(path).map_err(|e| at(&e))?;
        let name = crate::document::title_of(path);
        let (other, _) = read_stunts_file(&name, &bytes).map_err(|e| at(&e))?;
        Ok(Self {
            name,
            path: path.to_path_buf(),
            other,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(x: u8, y: u8) -> TilePos {
        TilePos { x, y }
    }

    #[test]
    fn step_walks_row_major_and_wraps() {
        let tiles = [t(5, 0), t(1, 2), t(9, 2), t(0, 7)];
        assert_eq!(step(&tiles, None, true), Some(t(5, 0)));
        assert_eq!(step(&tiles, None, false), Some(t(0, 7)));
        assert_eq!(step(&tiles, Some(t(5, 0)), true), Some(t(1, 2)));
        assert_eq!(step(&tiles, Some(t(3, 2)), true), Some(t(9, 2)));
        assert_eq!(step(&tiles, Some(t(0, 7)), true), Some(t(5, 0)));
        assert_eq!(step(&tiles, Some(t(5, 0)), false), Some(t(0, 7)));
        assert_eq!(step(&[], None, true), None);
    }

    #[test]
    fn a_tile_differing_in_both_layers_counts_once() {
        let a = Track::new();
        let mut b = a.clone();
        let p = t(3, 4);
        b.set_track_code(p, 0x04);
        b.set_terrain_code(p, 0x01);
        b.set_track_code(t(0, 0), 0x04);
        let c = TrackCompare {
            name: "b.trk".into(),
            path: "b.trk".into(),
            other: b,
        };
        let d = c.diff(&a);
        assert_eq!(d.tiles.len(), 3);
        assert_eq!(differing_tiles(&d), vec![t(0, 0), p]);
    }
}
