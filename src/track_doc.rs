//! An open Stunts track (work in progress: the grid editor lands with issue 3).

use std::path::PathBuf;
use trackbench_core::trk::Track;

/// An open .trk file, or the track of a .rpl replay.
pub struct TrackDoc {
    /// Where it came from.
    pub path: Option<PathBuf>,
    /// File name shown in the title.
    pub name: String,
    /// The track.
    pub track: Track,
}

impl TrackDoc {
    /// Reads a .trk, or the track inside a .rpl (by extension).
    ///
    /// # Errors
    /// A message naming what could not be read and where.
    pub fn open(bytes: &[u8], name: String, path: Option<PathBuf>) -> Result<Self, String> {
        let track = if name.to_ascii_lowercase().ends_with(".rpl") {
            trackbench_core::trk::Replay::parse(bytes).map_err(|e| e.to_string())?.track
        } else {
            Track::parse(bytes).map_err(|e| e.to_string())?
        };
        Ok(Self { path, name, track })
    }

    /// Title for the window.
    #[must_use]
    pub fn title(&self) -> String {
        self.name.clone()
    }
}
