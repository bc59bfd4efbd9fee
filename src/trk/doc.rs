//! An open Stunts track: the edit model ([`TrackDocument`] with undo), its
//! file, how metadata is saved, and the editor's last message. The grid
//! editor's view state is [`crate::trk::view::TrkView`]; commands are
//! applied in [`crate::trk::apply`].

use crate::command::ExportKind;
use crate::document::{Document, ExportChoice, ExportTarget, FileDialog, file_name_from_title};
use std::path::{Path, PathBuf};
use trackbench_core::file_kinds::FileKind;
use trackbench_core::save::{SaveOptions, save_png, save_with};
use trackbench_core::trk::metadata::Metadata;
use trackbench_core::trk::metadata_save::{encode_track_files, read_split_smd, split_smd_path};
use trackbench_core::trk::{MetaSave, ReplayInfo, Track, TrackDocument, Trailer, render};

/// Pixels per tile of the PNG export.
const PNG_TILE_PX: u32 = 32;

/// An open .trk file, or the track of a .rpl replay.
pub struct TrackDoc {
    /// Where it came from (`None` for new tracks and after opening a replay,
    /// whose track must be saved as a new .trk).
    pub path: Option<PathBuf>,
    /// File name shown in the title.
    pub name: String,
    /// The track with its undo history.
    pub doc: TrackDocument,
    /// How metadata is written on save.
    pub meta_save: MetaSave,
    /// Last message of the editor (saves, errors).
    pub message: String,
    /// The track of a replay: shown, not edited, until saved as a .trk.
    pub read_only: bool,
    /// What the replay holds, when the track came from a .rpl (until it is
    /// saved as a .trk).
    pub replay: Option<ReplayInfo>,
    /// The track this one is compared with (its differences are drawn on
    /// the grid), until "Stop comparing".
    pub compare: Option<crate::trk::compare::TrackCompare>,
}

impl TrackDoc {
    /// Reads a .trk, or the track inside a .rpl (by extension); a split
    /// `.smd` beside a .trk without metadata is read too.
    ///
    /// # Errors
    /// A message naming what could not be read and where.
    pub fn open(bytes: &[u8], name: String, path: Option<PathBuf>) -> Result<Self, String> {
        let (mut track, replay) =
            trackbench_core::trk::read_stunts_file(&name, bytes).map_err(|e| e.to_string())?;
        let is_replay = replay.is_some();
        let split = match (&path, &track.trailer) {
            (Some(p), Trailer::None) if !is_replay => read_split_smd(p),
            _ => None,
        };
        let mut split_form = None;
        let mut note = String::new();
        match split {
            Some(Ok(smd)) => {
                track.trailer = Trailer::Metadata(smd.metadata);
                // Saving writes the metadata back beside the track, as found.
                split_form = Some(smd.form);
                note = format!("metadata read from {}", smd.path.display());
            }
            Some(Err(e)) => note = e.to_string(),
            None => {}
        }
        let mut doc = Self::with_track(track, name);
        doc.meta_save = split_form.unwrap_or_default();
        doc.message = note;
        doc.replay = replay;
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
        Self {
            path: None,
            name,
            doc: TrackDocument::new(track),
            meta_save: MetaSave::default(),
            message: String::new(),
            read_only: false,
            replay: None,
            compare: None,
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
            format!("* {}", self.name)
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
        let edited = self.doc.history().undo_len() > 0 || self.is_dirty();
        encode_track_files(self.track(), self.meta_save, edited).map_err(|e| e.to_string())
    }

    /// Saves to `path` through the core's atomic writer (with `backup`, the
    /// original track and `.smd` are first kept as `.bak` once), marks the
    /// document saved and makes `path` its file; a replay's track becomes
    /// an editable .trk.
    ///
    /// # Errors
    /// Encoding or I/O errors, as a message.
    pub fn save_to(&mut self, path: &Path, backup: bool) -> Result<(), String> {
        let options = SaveOptions {
            backup,
            ..SaveOptions::default()
        };
        self.save_with_options(path, options)
    }

    /// [`Self::save_to`] with every option of the atomic writer (a
    /// read-only track overwritten once the user confirmed).
    ///
    /// # Errors
    /// Encoding or I/O errors, as a message.
    pub fn save_with_options(&mut self, path: &Path, options: SaveOptions) -> Result<(), String> {
        let (bytes, split) = self.file_bytes()?;
        write(path, &bytes, options)?;
        if let Some(smd) = split {
            write(&split_smd_path(path), &smd, options)?;
        }
        self.doc.mark_saved();
        self.read_only = false;
        self.replay = None;
        self.path = Some(path.to_path_buf());
        self.name = crate::document::title_of(path);
        self.message = format!("saved {} ({} bytes)", path.display(), bytes.len());
        Ok(())
    }

    /// Raw export: exactly the 1,802 track bytes, without metadata or
    /// trailing data, to `path`. The document keeps its file and its
    /// unsaved state.
    ///
    /// # Errors
    /// I/O errors, as a message.
    pub fn export_raw(&mut self, path: &Path) -> Result<(), String> {
        let bytes = self.track().to_raw_bytes();
        write(path, &bytes, SaveOptions::default())?;
        self.message = format!("raw export: {} ({} bytes)", path.display(), bytes.len());
        Ok(())
    }

    /// Writes the track as a PNG of 32 pixels per tile.
    ///
    /// # Errors
    /// I/O or encoding errors, as a message.
    pub fn export_png(&mut self, path: &Path) -> Result<(), String> {
        save_png(path, &render::render_track(self.track(), PNG_TILE_PX))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        self.message = format!("exported {}", path.display());
        Ok(())
    }

    /// The metadata being edited: the overlay's, or an empty one.
    #[must_use]
    pub fn metadata_or_default(&self) -> Metadata {
        self.track().metadata().cloned().unwrap_or_default()
    }

    /// Sets the message and returns it for the shell's status bar.
    pub(crate) fn say(&mut self, message: impl Into<String>) -> Option<String> {
        self.message = message.into();
        Some(self.message.clone())
    }
}

/// Writes `bytes` to `path` with the core's atomic writer.
fn write(path: &Path, bytes: &[u8], options: SaveOptions) -> Result<(), String> {
    save_with(path, options, |f| std::io::Write::write_all(f, bytes))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The save dialog of a track: a `.TRK` named after `title` (Stunts'
/// names are upper case).
fn track_dialog(title: &str) -> FileDialog {
    let kind = FileKind::StuntsTrack;
    let name = file_name_from_title(title, "TRACK", kind.row().spellings[0]);
    FileDialog::of_kind(kind, name)
}

impl Document for TrackDoc {
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
        let label = self.doc.history().undo_label();
        label.filter(|_| !self.read_only).map(str::to_string)
    }

    fn redo_label(&self) -> Option<String> {
        let label = self.doc.history().redo_label();
        label.filter(|_| !self.read_only).map(str::to_string)
    }

    fn undo(&mut self) -> String {
        let label = self.undo_label();
        let message = match label {
            Some(l) if self.doc.undo() => format!("undid {l}"),
            _ => "nothing to undo".into(),
        };
        self.message.clone_from(&message);
        message
    }

    fn redo(&mut self) -> String {
        let label = self.redo_label();
        let message = match label {
            Some(l) if self.doc.redo() => format!("redid {l}"),
            _ => "nothing to redo".into(),
        };
        self.message.clone_from(&message);
        message
    }

    fn save_dialog(&self) -> Option<FileDialog> {
        Some(track_dialog(&self.name))
    }

    fn save_with_options(&mut self, path: &Path, options: SaveOptions) -> Result<String, String> {
        if let Err(e) = TrackDoc::save_with_options(self, path, options) {
            // The editor shows its own message: it must not claim an old save.
            self.message = format!("save failed: {e}");
            return Err(self.message.clone());
        }
        Ok(self.message.clone())
    }

    fn export_choices(&self) -> Vec<ExportChoice> {
        let file = |filter, extensions, fallback, suffix| {
            ExportTarget::File(FileDialog {
                filter,
                extensions,
                suggested_name: file_name_from_title(&self.name, fallback, suffix),
            })
        };
        vec![
            ExportChoice {
                kind: ExportKind::TrackPng,
                target: file("PNG image", &["png"], "track", "png"),
            },
            ExportChoice {
                kind: ExportKind::TrackRaw,
                target: ExportTarget::File(track_dialog(&self.name)),
            },
        ]
    }

    fn export(&mut self, kind: ExportKind, path: &Path) -> Result<String, String> {
        let result = match kind {
            ExportKind::TrackPng => self.export_png(path),
            ExportKind::TrackRaw => self.export_raw(path),
            other => return Err(format!("a Stunts track has no {}", other.label())),
        };
        if let Err(e) = result {
            self.message.clone_from(&e);
            return Err(e);
        }
        Ok(self.message.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use trackbench_core::trk::TilePos;

    #[test]
    fn saving_with_backup_keeps_the_first_original_and_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("B.TRK");
        let original = Track::new().to_raw_bytes();
        std::fs::write(&p, original).unwrap();
        let mut d = TrackDoc::open(&original, "B.TRK".into(), Some(p.clone())).unwrap();
        d.doc.place(TilePos { x: 1, y: 1 }, 0x04).unwrap();
        d.save_to(&p, true).unwrap();
        d.doc.place(TilePos { x: 2, y: 1 }, 0x04).unwrap();
        d.save_to(&p, true).unwrap();
        let bak = crate::document::backup_path(&p);
        assert_eq!(std::fs::read(&bak).unwrap(), original);
        assert_eq!(
            std::fs::read(&p).unwrap()[TilePos { x: 2, y: 1 }.track_file_offset()],
            4
        );
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            2,
            "track and .bak"
        );
    }

    #[test]
    fn exports_write_png_and_raw_bytes_and_report_failures() {
        let dir = tempfile::tempdir().unwrap();
        let mut d = TrackDoc::new_track();
        let png = dir.path().join("t.png");
        assert_eq!(
            Document::export(&mut d, ExportKind::TrackPng, &png).unwrap(),
            format!("exported {}", png.display())
        );
        let img = image::open(&png).unwrap();
        assert_eq!((img.width(), img.height()), (960, 960));
        let bad = dir.path().join("no/such/dir/t.png");
        assert!(Document::export(&mut d, ExportKind::TrackPng, &bad).is_err());
        let err = Document::save_to(&mut d, &bad.with_extension("TRK"), false).unwrap_err();
        assert!(err.starts_with("save failed: cannot write"), "{err}");
        assert_eq!(d.message, err, "the editor shows the failure too");
        assert!(d.path.is_none(), "a failed save does not adopt the file");
        assert!(Document::export(&mut d, ExportKind::ItemsZip, &png).is_err());
    }

    #[test]
    fn edits_mark_the_title_dirty_and_saving_clears_it() {
        let mut d = TrackDoc::new_track();
        assert_eq!(d.title(), "untitled.trk");
        d.doc.place(TilePos { x: 1, y: 1 }, 0x04).unwrap();
        assert_eq!(d.title(), "* untitled.trk");
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("A.TRK");
        d.save_to(&p, false).unwrap();
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
        d.save_to(&p, false).unwrap();
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
        d.meta_save = MetaSave::None;
        assert_eq!(d.file_bytes().unwrap(), (overlay[..1802].to_vec(), None));

        // Split: a 1,802-byte .trk and the .smd beside it, read back on open.
        d.meta_save = MetaSave::Split;
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("SPLIT.TRK");
        d.save_to(&p, false).unwrap();
        let trk = std::fs::read(&p).unwrap();
        assert_eq!(trk, &overlay[..1802]);
        assert_eq!(std::fs::read(p.with_extension("smd")).unwrap(), smd_bytes);
        let back = TrackDoc::open(&trk, "SPLIT.TRK".into(), Some(p.clone())).unwrap();
        assert_eq!(back.track().metadata(), Some(&m));
        assert_eq!(back.meta_save, MetaSave::Split);
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
        assert_eq!(d.meta_save, MetaSave::SplitText);
        let title = d
            .track()
            .metadata()
            .and_then(|m| m.text(trackbench_core::trk::metadata::TITL));
        assert_eq!(title.as_deref(), Some("Dunes"));
        d.save_to(&p, false).unwrap();
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
