//! Where a track's Bliss metadata goes on save (seed 002 "Overlaying",
//! "Metadata"): appended to the `.trk` (overlay), in a `.smd` file beside
//! it (binary or text form), or dropped. Also finding and reading that
//! split `.smd` when a track is opened.

use super::metadata::{Metadata, is_text_form};
use super::track::{Track, Trailer, WriteError};
use crate::bytes::ReadError;
use std::path::{Path, PathBuf};

/// How Bliss metadata is written on save.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum MetaSave {
    /// Appended to the .trk (binary overlay).
    #[default]
    Overlay,
    /// A separate binary `.smd` beside the .trk; the .trk stays 1,802 bytes.
    Split,
    /// A separate text `.smd` (`[smdf]`, key = value; seed 002 "Metadata");
    /// Colr and unknown chunks cannot be written in this form.
    SplitText,
    /// Dropped: a raw 1,802-byte track.
    None,
}

/// The bytes a save writes: the track file, and the split `.smd` when
/// `form` puts metadata apart (and there is metadata). An `edited` track
/// read from a short file is written whole (1,802 bytes).
///
/// # Errors
/// Metadata that cannot be encoded, or a file over 13,802 bytes.
pub fn encode_track_files(
    track: &Track,
    form: MetaSave,
    edited: bool,
) -> Result<(Vec<u8>, Option<Vec<u8>>), WriteError> {
    let mut t = track.clone();
    if edited {
        t.short_file_len = None;
    }
    let mut split = None;
    match (form, t.metadata().cloned()) {
        (MetaSave::Overlay, _) | (_, None) => {}
        (MetaSave::Split, Some(m)) => {
            split = Some(m.to_binary()?);
            t.trailer = Trailer::None;
        }
        (MetaSave::SplitText, Some(m)) => {
            split = Some(m.to_text().into_bytes());
            t.trailer = Trailer::None;
        }
        (MetaSave::None, Some(_)) => t.trailer = Trailer::None,
    }
    Ok((t.to_bytes()?, split))
}

/// Where split metadata is written for a track at `track_path`: an existing
/// `NAME.SMD` keeps its upper-case name, otherwise `NAME.smd`.
#[must_use]
pub fn split_smd_path(track_path: &Path) -> PathBuf {
    let upper = track_path.with_extension("SMD");
    if upper.exists() && !track_path.with_extension("smd").exists() {
        upper
    } else {
        track_path.with_extension("smd")
    }
}

/// Split metadata found beside a track.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitSmd {
    /// The metadata.
    pub metadata: Metadata,
    /// The file it came from.
    pub path: PathBuf,
    /// Its form ([`MetaSave::Split`] or [`MetaSave::SplitText`]): saving
    /// writes it back the same way.
    pub form: MetaSave,
}

/// Why the split metadata beside a track was not read.
#[derive(Debug, thiserror::Error)]
pub enum SplitSmdError {
    /// The file exists but cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The `.smd` file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The file does not parse in either form.
    #[error("{} ignored: {source}", path.display())]
    Parse {
        /// The `.smd` file.
        path: PathBuf,
        /// Where and why it does not parse.
        source: ReadError,
    },
}

/// The split metadata beside a track (`NAME.smd` or `NAME.SMD`, binary or
/// text form, seed 002); `None` when there is none.
///
/// # Errors
/// `Some(Err)` when the file cannot be read or does not parse.
pub fn read_split_smd(track_path: &Path) -> Option<Result<SplitSmd, SplitSmdError>> {
    let path = ["smd", "SMD"]
        .iter()
        .map(|ext| track_path.with_extension(ext))
        .find(|p| p.is_file())?;
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(source) => return Some(Err(SplitSmdError::Read { path, source })),
    };
    let form = if is_text_form(&bytes) {
        MetaSave::SplitText
    } else {
        MetaSave::Split
    };
    Some(match Metadata::parse_smd(&bytes) {
        Ok(metadata) => Ok(SplitSmd {
            metadata,
            path,
            form,
        }),
        Err(source) => Err(SplitSmdError::Parse { path, source }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trk::metadata::TITL;

    #[test]
    fn each_form_puts_the_metadata_where_it_says() {
        let mut t = Track::new();
        let mut m = Metadata::default();
        m.set_text(TITL, Some("Split"));
        t.trailer = Trailer::Metadata(m.clone());
        let binary = m.to_binary().unwrap();
        let (overlay, none) = encode_track_files(&t, MetaSave::Overlay, false).unwrap();
        assert!(none.is_none());
        assert_eq!(&overlay[1802..], &binary[..]);
        let (raw, smd) = encode_track_files(&t, MetaSave::Split, false).unwrap();
        assert_eq!((raw.as_slice(), smd), (&overlay[..1802], Some(binary)));
        let (_, text) = encode_track_files(&t, MetaSave::SplitText, false).unwrap();
        assert!(is_text_form(&text.unwrap()));
        let dropped = encode_track_files(&t, MetaSave::None, false).unwrap();
        assert_eq!(dropped, (overlay[..1802].to_vec(), None));
        t.trailer = Trailer::None;
        assert_eq!(
            encode_track_files(&t, MetaSave::Split, false).unwrap().1,
            None,
            "no metadata, no .smd"
        );
    }

    #[test]
    fn an_edited_short_file_is_written_whole() {
        let short = Track::parse(&Track::new().to_raw_bytes()[..1801]).unwrap();
        let (kept, _) = encode_track_files(&short, MetaSave::Overlay, false).unwrap();
        assert_eq!(kept.len(), 1801);
        let (whole, _) = encode_track_files(&short, MetaSave::Overlay, true).unwrap();
        assert_eq!(whole.len(), 1802);
    }
}
