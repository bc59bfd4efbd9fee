//! An open Stunts track: the edit model ([`TrackDocument`] with undo) and
//! the grid editor's state (zoom, pan, tool, current piece, selection).

use crate::trk::panels::colr::ColrBrush;
use crate::trk::panels::geometry::{Clip, GridView, TileRect};
use crate::trk::panels::meta::MetaDraft;
use std::path::{Path, PathBuf};
use trackbench_core::trk::metadata::Metadata;
use trackbench_core::trk::{TilePos, Track, TrackDocument, Trailer, render};

/// What a primary click or drag on the grid does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tool {
    /// Place the current piece (with its fillers).
    #[default]
    Place,
    /// Erase whole elements.
    Erase,
    /// Write single codes (fillers included) with no filler logic.
    Manual,
    /// Paint terrain.
    Terrain,
    /// Rectangle selection.
    Select,
}

impl Tool {
    /// Every tool, in toolbar order.
    pub const ALL: [Tool; 5] = [
        Self::Place,
        Self::Erase,
        Self::Manual,
        Self::Terrain,
        Self::Select,
    ];

    /// Toolbar label.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Place => "Place",
            Self::Erase => "Erase",
            Self::Manual => "Manual",
            Self::Terrain => "Terrain",
            Self::Select => "Select",
        }
    }
}

/// How Bliss metadata is written on save.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
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

/// The grid editor's view and tool state.
#[derive(Debug, Clone, Default)]
pub struct GridState {
    /// Zoom and pan; `None` until fitted to the canvas.
    pub view: Option<GridView>,
    /// Canvas top-left and size on screen last frame (for tests and hit tests).
    pub canvas: Option<([f32; 2], [f32; 2])>,
    /// Active tool.
    pub tool: Tool,
    /// Current element code for Place.
    pub piece: u8,
    /// Current code for Manual.
    pub manual_code: u8,
    /// Current terrain code for the brush.
    pub terrain: u8,
    /// Palette search text.
    pub search: String,
    /// Tile under the pointer.
    pub hover: Option<TilePos>,
    /// Tile selected from the validation list.
    pub focus: Option<TilePos>,
    /// Rectangle selection.
    pub selection: Option<TileRect>,
    /// Where a selection drag started.
    pub select_anchor: Option<TilePos>,
    /// Last tile a stroke touched (a drag applies once per tile).
    pub stroke_last: Option<TilePos>,
    /// True while a paint stroke is open.
    pub stroking: bool,
    /// Copied tiles.
    pub clipboard: Option<Clip>,
    /// Paste terrain too.
    pub paste_terrain: bool,
    /// Metadata save form.
    pub meta_save: MetaSave,
    /// Metadata fields being edited.
    pub meta_draft: Option<MetaDraft>,
    /// Tiles covered by pieces placed in the current stroke.
    pub stroke_covered: Vec<TilePos>,
    /// "New" asked to discard unsaved changes.
    pub confirm_new: bool,
    /// Bliss colouring brush and editor state.
    pub colr: ColrBrush,
}

/// An open .trk file, or the track of a .rpl replay.
pub struct TrackDoc {
    /// Where it came from (`None` for new tracks and after opening a replay,
    /// whose track must be saved as a new .trk).
    pub path: Option<PathBuf>,
    /// File name shown in the title.
    pub name: String,
    /// The track with its undo history.
    pub doc: TrackDocument,
    /// Grid editor state.
    pub grid: GridState,
    /// Last message of the editor (saves, errors).
    pub message: String,
    /// The track of a replay: shown, not edited, until saved as a .trk.
    pub read_only: bool,
}

impl TrackDoc {
    /// Reads a .trk, or the track inside a .rpl (by extension).
    ///
    /// # Errors
    /// A message naming what could not be read and where.
    pub fn open(bytes: &[u8], name: String, path: Option<PathBuf>) -> Result<Self, String> {
        let is_replay = trackbench_core::sniff::file_kind(&name, bytes)
            == trackbench_core::sniff::FileKind::StuntsReplay;
        let track = if is_replay {
            trackbench_core::trk::Replay::parse(bytes)
                .map_err(|e| e.to_string())?
                .track
        } else {
            Track::parse(bytes).map_err(|e| e.to_string())?
        };
        let mut track = track;
        let split = match (&path, &track.trailer) {
            (Some(p), Trailer::None) if !is_replay => read_split_smd(p),
            _ => None,
        };
        let mut split_note = None;
        let mut split_text = false;
        match split {
            Some(Ok((m, smd))) => {
                split_text = std::fs::read(&smd)
                    .is_ok_and(|b| trackbench_core::trk::metadata::is_text_form(&b));
                track.trailer = Trailer::Metadata(m);
                split_note = Some(format!("metadata read from {}", smd.display()));
            }
            Some(Err(e)) => split_note = Some(e),
            None => {}
        }
        let mut doc = Self::with_track(track, name);
        if let Some(note) = split_note {
            // Saving writes the metadata back beside the track, as found.
            doc.grid.meta_save = if split_text {
                MetaSave::SplitText
            } else {
                MetaSave::Split
            };
            doc.message = note;
        }
        if is_replay {
            doc.read_only = true;
            doc.message = "replay track, read-only: Save track as… writes a new .trk".into();
        } else {
            doc.path = path;
        }
        Ok(doc)
    }

    /// A blank new track (flat ground, desert horizon), unsaved.
    #[must_use]
    pub fn new_track() -> Self {
        Self::with_track(Track::new(), "untitled.trk".into())
    }

    fn with_track(track: Track, name: String) -> Self {
        let grid = GridState {
            piece: 0x04,
            manual_code: 0xFF,
            paste_terrain: true,
            ..GridState::default()
        };
        Self {
            path: None,
            name,
            doc: TrackDocument::new(track),
            grid,
            message: String::new(),
            read_only: false,
        }
    }

    /// The current track.
    #[must_use]
    pub fn track(&self) -> &Track {
        self.doc.track()
    }

    /// True when there are unsaved changes.
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        self.doc.is_dirty()
    }

    /// Title for the window: the name, with `*` when there are unsaved changes.
    #[must_use]
    pub fn title(&self) -> String {
        if self.is_dirty() {
            format!("*{}", self.name)
        } else {
            self.name.clone()
        }
    }

    /// The bytes Save writes for the track file, and the split `.smd` bytes
    /// when metadata is saved apart.
    ///
    /// # Errors
    /// Metadata that cannot be encoded or a file over 13,802 bytes.
    pub fn file_bytes(&self) -> Result<(Vec<u8>, Option<Vec<u8>>), String> {
        let mut t = self.track().clone();
        if self.doc.history().undo_len() > 0 || self.is_dirty() {
            // An edited short file is written whole.
            t.short_file_len = None;
        }
        let meta = t.metadata().cloned();
        let mut split = None;
        match (self.grid.meta_save, meta) {
            (MetaSave::Overlay, _) | (_, None) => {}
            (MetaSave::Split, Some(m)) => {
                split = Some(m.to_binary().map_err(|e| e.to_string())?);
                t.trailer = Trailer::None;
            }
            (MetaSave::SplitText, Some(m)) => {
                split = Some(m.to_text().into_bytes());
                t.trailer = Trailer::None;
            }
            (MetaSave::None, Some(_)) => t.trailer = Trailer::None,
        }
        Ok((t.to_bytes().map_err(|e| e.to_string())?, split))
    }

    /// Saves to `path` (atomically: a temporary file beside it, then a
    /// rename), marks the document saved and makes `path` its file.
    ///
    /// # Errors
    /// Encoding or I/O errors, as a message.
    pub fn save_to(&mut self, path: &Path) -> Result<(), String> {
        let (bytes, split) = self.file_bytes()?;
        write_atomic(path, &bytes)?;
        if let Some(smd) = split {
            write_atomic(&split_path(path), &smd)?;
        }
        self.doc.mark_saved();
        self.read_only = false;
        self.path = Some(path.to_path_buf());
        self.name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        self.message = format!("saved {} ({} bytes)", path.display(), bytes.len());
        Ok(())
    }

    /// Raw export: exactly the 1,802 track bytes, without metadata or
    /// trailing data, to `path` (atomically). The document keeps its file
    /// and its unsaved state.
    ///
    /// # Errors
    /// I/O errors, as a message.
    pub fn export_raw(&mut self, path: &Path) -> Result<(), String> {
        let bytes = self.track().to_raw_bytes();
        write_atomic(path, &bytes)?;
        self.message = format!("raw export: {} ({} bytes)", path.display(), bytes.len());
        Ok(())
    }

    /// Writes the track as a PNG of 32 pixels per tile.
    ///
    /// # Errors
    /// I/O or encoding errors, as a message.
    pub fn export_png(&self, path: &Path) -> Result<(), String> {
        render::render_track(self.track(), 32)
            .save(path)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }

    /// The metadata being edited: the overlay's, or an empty one.
    #[must_use]
    pub fn metadata_or_default(&self) -> Metadata {
        self.track().metadata().cloned().unwrap_or_default()
    }

    /// Screen centre of `pos` in last frame's canvas (for tests).
    #[must_use]
    pub fn tile_center_on_screen(&self, pos: TilePos) -> Option<[f32; 2]> {
        let (origin, _) = self.grid.canvas?;
        Some(self.grid.view?.tile_center(origin, pos))
    }
}

/// Where split metadata is written for a track at `path`: an existing
/// `NAME.SMD` keeps its upper-case name, otherwise `NAME.smd`.
fn split_path(path: &Path) -> PathBuf {
    let upper = path.with_extension("SMD");
    if upper.exists() && !path.with_extension("smd").exists() {
        upper
    } else {
        path.with_extension("smd")
    }
}

/// The split metadata beside a track (`NAME.smd` or `NAME.SMD`, binary or
/// text form, seed 002), with the file it came from; `None` when there is
/// none, `Some(Err)` with a message when it does not parse.
fn read_split_smd(track_path: &Path) -> Option<Result<(Metadata, PathBuf), String>> {
    let smd = ["smd", "SMD"]
        .iter()
        .map(|ext| track_path.with_extension(ext))
        .find(|p| p.is_file())?;
    let bytes = match std::fs::read(&smd) {
        Ok(b) => b,
        Err(e) => return Some(Err(format!("cannot read {}: {e}", smd.display()))),
    };
    Some(
        Metadata::parse_smd(&bytes)
            .map(|m| (m, smd.clone()))
            .map_err(|e| format!("{} ignored: {e}", smd.display())),
    )
}

/// Writes `bytes` to a temporary file beside `path`, then renames it over
/// `path`, so a failed write never leaves a half-written track.
///
/// # Errors
/// I/O errors, as a message naming the file.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    let dir = dir.unwrap_or_else(|| Path::new("."));
    let name = path
        .file_name()
        .map_or_else(|| "track".into(), |n| n.to_string_lossy().into_owned());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = std::fs::write(&tmp, bytes).and_then(|()| std::fs::rename(&tmp, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result.map_err(|e| format!("cannot write {}: {e}", path.display()))
}

impl crate::document::Document for TrackDoc {
    fn title(&self) -> String {
        TrackDoc::title(self)
    }

    fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    fn is_dirty(&self) -> bool {
        TrackDoc::is_dirty(self)
    }

    fn undo_label(&self) -> Option<String> {
        (self.doc.history().undo_len() > 0).then(|| "track edit".to_string())
    }

    fn redo_label(&self) -> Option<String> {
        (self.doc.history().redo_len() > 0).then(|| "track edit".to_string())
    }

    fn undo(&mut self) -> String {
        self.grid.stroking = false;
        if self.read_only || !self.doc.undo() {
            return "nothing to undo".into();
        }
        "undid a track edit".into()
    }

    fn redo(&mut self) -> String {
        self.grid.stroking = false;
        if self.read_only || !self.doc.redo() {
            return "nothing to redo".into();
        }
        "redid a track edit".into()
    }

    fn save_dialog(&self) -> Option<crate::document::FileDialog> {
        Some(crate::document::FileDialog {
            filter: "Stunts track",
            extensions: &["trk", "TRK"],
            suggested_name: crate::document::file_name_from_title(&self.name, "TRACK", "TRK"),
        })
    }

    fn save_to(&mut self, path: &Path, _backup: bool) -> Result<String, String> {
        TrackDoc::save_to(self, path).map_err(|e| format!("save failed: {e}"))?;
        Ok(self.message.clone())
    }

    fn export_choices(&self) -> Vec<crate::document::ExportChoice> {
        use crate::command::ExportKind;
        use crate::document::{ExportChoice, ExportTarget, FileDialog, file_name_from_title};
        vec![
            ExportChoice {
                kind: ExportKind::TrackPng,
                target: ExportTarget::File(FileDialog {
                    filter: "PNG image",
                    extensions: &["png"],
                    suggested_name: file_name_from_title(&self.name, "track", "png"),
                }),
            },
            ExportChoice {
                kind: ExportKind::TrackRaw,
                target: ExportTarget::File(FileDialog {
                    filter: "Stunts track",
                    extensions: &["trk", "TRK"],
                    suggested_name: file_name_from_title(&self.name, "TRACK", "TRK"),
                }),
            },
        ]
    }

    fn export(&mut self, kind: crate::command::ExportKind, path: &Path) -> Result<String, String> {
        use crate::command::ExportKind;
        match kind {
            ExportKind::TrackPng => {
                self.export_png(path)?;
                Ok(format!("exported {}", path.display()))
            }
            ExportKind::TrackRaw => {
                self.export_raw(path)?;
                Ok(self.message.clone())
            }
            other => Err(format!("a Stunts track has no {}", other.label())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits_mark_the_title_dirty_and_saving_clears_it() {
        let mut d = TrackDoc::new_track();
        assert_eq!(d.title(), "untitled.trk");
        d.doc.place(TilePos { x: 1, y: 1 }, 0x04).unwrap();
        assert_eq!(d.title(), "*untitled.trk");
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("A.TRK");
        d.save_to(&p).unwrap();
        assert_eq!(d.title(), "A.TRK");
        let bytes = std::fs::read(&p).unwrap();
        assert_eq!(bytes.len(), 1802);
        assert_eq!(bytes[TilePos { x: 1, y: 1 }.track_file_offset()], 0x04);
        let leftovers = std::fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(leftovers, 1, "no temporary file left behind");
    }

    #[test]
    fn a_replay_track_has_no_save_path() {
        let mut rpl = vec![0u8; 26];
        rpl.extend_from_slice(&Track::new().to_raw_bytes());
        let mut d = TrackDoc::open(&rpl, "X.RPL".into(), Some("X.RPL".into())).unwrap();
        assert!(d.path.is_none());
        assert!(d.read_only, "a replay's track opens read-only");
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("FROMRPL.TRK");
        d.save_to(&p).unwrap();
        assert!(!d.read_only, "saved as a .trk it is editable");
        assert_eq!(std::fs::read(&p).unwrap(), &rpl[26..]);
    }

    #[test]
    fn metadata_is_saved_as_overlay_split_or_not_at_all() {
        let mut d = TrackDoc::new_track();
        let mut m = Metadata::default();
        m.set_text(trackbench_core::trk::metadata::TITL, Some("Split"));
        d.doc.set_trailer(Trailer::Metadata(m.clone()));
        let smd_bytes = m.to_binary().unwrap();
        let (overlay, none) = d.file_bytes().unwrap();
        assert!(none.is_none());
        assert_eq!(overlay.len(), 1802 + smd_bytes.len());
        assert_eq!(&overlay[1802..], &smd_bytes[..]);
        d.grid.meta_save = MetaSave::None;
        assert_eq!(d.file_bytes().unwrap(), (overlay[..1802].to_vec(), None));

        // Split: a 1,802-byte .trk and the .smd beside it, read back on open.
        d.grid.meta_save = MetaSave::Split;
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("SPLIT.TRK");
        d.save_to(&p).unwrap();
        let trk = std::fs::read(&p).unwrap();
        assert_eq!(trk, &overlay[..1802]);
        assert_eq!(std::fs::read(p.with_extension("smd")).unwrap(), smd_bytes);
        let back = TrackDoc::open(&trk, "SPLIT.TRK".into(), Some(p.clone())).unwrap();
        assert_eq!(back.track().metadata(), Some(&m));
        assert_eq!(back.grid.meta_save, MetaSave::Split);
        assert!(!back.is_dirty());
        assert_eq!(back.file_bytes().unwrap(), (trk, Some(smd_bytes)));
    }

    #[test]
    fn a_text_smd_is_read_and_written_back_as_text_under_its_own_name() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("TEXT.TRK");
        let trk = TrackDoc::new_track().file_bytes().unwrap().0;
        std::fs::write(&p, &trk).unwrap();
        // Seed 002 "Metadata": the text form, upper-case name beside the track.
        std::fs::write(p.with_extension("SMD"), "[smdf]\r\nTitle = Dunes\r\n").unwrap();
        let mut d = TrackDoc::open(&trk, "TEXT.TRK".into(), Some(p.clone())).unwrap();
        assert_eq!(d.grid.meta_save, MetaSave::SplitText);
        let title = d
            .track()
            .metadata()
            .and_then(|m| m.text(trackbench_core::trk::metadata::TITL));
        assert_eq!(title.as_deref(), Some("Dunes"));
        d.save_to(&p).unwrap();
        assert!(
            !p.with_extension("smd").exists(),
            "no second, lower-case file"
        );
        let text = std::fs::read(p.with_extension("SMD")).unwrap();
        assert!(trackbench_core::trk::metadata::is_text_form(&text));
        let m = Metadata::parse_smd(&text).unwrap();
        assert_eq!(
            m.text(trackbench_core::trk::metadata::TITL).as_deref(),
            Some("Dunes")
        );
        assert_eq!(std::fs::read(&p).unwrap(), trk);
    }

    #[test]
    fn a_broken_split_smd_is_reported_and_ignored() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("B.TRK");
        std::fs::write(p.with_extension("SMD"), b"smdf\0\0\0\0Titl\x09\x00ab").unwrap();
        let raw = Track::new().to_raw_bytes();
        let d = TrackDoc::open(&raw, "B.TRK".into(), Some(p)).unwrap();
        assert!(d.track().metadata().is_none());
        assert!(d.message.contains("ignored"), "{}", d.message);
    }

    #[test]
    fn raw_export_drops_metadata_and_keeps_the_document_state() {
        let mut d = TrackDoc::new_track();
        d.doc.place(TilePos { x: 2, y: 2 }, 0x04).unwrap();
        let mut m = Metadata::default();
        m.set_text(trackbench_core::trk::metadata::TITL, Some("T"));
        d.doc.set_trailer(Trailer::Metadata(m));
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("RAW.TRK");
        d.export_raw(&p).unwrap();
        let raw = std::fs::read(&p).unwrap();
        assert_eq!(raw.len(), 1802);
        assert_eq!(raw[TilePos { x: 2, y: 2 }.track_file_offset()], 0x04);
        assert_eq!(raw[0x709], 153, "a new track's extra byte is Bliss' 153");
        assert!(d.is_dirty(), "an export is not a save");
        assert!(d.track().metadata().is_some());
    }
}
