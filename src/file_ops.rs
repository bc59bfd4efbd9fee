//! Document operations of the app: edits, undo/redo, saving (atomic), and
//! thumbnail import/export.

use crate::app::{OpenDoc, TrackbenchApp};
use trackbench_core::edit::Edit;
use trackbench_core::edit::map::replace_thumbnail;
use trackbench_core::edit::save::save_atomic;
use trackbench_core::gbx::thumbnail;

impl TrackbenchApp {
    pub(crate) fn apply_edit(&mut self, edit: Edit) {
        let Some(doc) = self.gbx_doc_mut() else {
            return;
        };
        let label = edit.label.clone();
        self.message = match doc.edit.apply(edit) {
            Ok(()) => {
                doc.refresh();
                format!("{label}: done (Ctrl+Z undoes it)")
            }
            Err(e) => format!("{label} refused: {e}"),
        };
    }

    pub(crate) fn apply_map_form(
        &mut self,
        f: &crate::panels::map_form::MapForm,
        before: &crate::panels::map_form::MapForm,
    ) {
        let Some(doc) = self.gbx_doc_mut() else {
            return;
        };
        let result = crate::panels::map_form::apply_changes(&mut doc.edit, f, before);
        doc.refresh();
        self.message = match result {
            Ok(n) => format!("map edited ({n} changes)"),
            Err(e) => format!("map edit refused: {e}"),
        };
    }

    pub(crate) fn undo_redo(&mut self, undo: bool) {
        if let Some(OpenDoc::Trk(d)) = &mut self.doc {
            if undo {
                crate::panels::track_grid::undo(d)
            } else {
                crate::panels::track_grid::redo(d)
            }
            return;
        }
        let Some(doc) = self.gbx_doc_mut() else {
            return;
        };
        let result = if undo {
            doc.edit.undo()
        } else {
            doc.edit.redo()
        };
        doc.refresh();
        self.message = match (result, undo) {
            (Ok(Some(l)), true) => format!("undid {l}"),
            (Ok(Some(l)), false) => format!("redid {l}"),
            (Ok(None), _) => "nothing to undo/redo".into(),
            (Err(e), _) => format!("cannot undo/redo: {e}"),
        };
    }

    /// Saves the GBX document (to its file, or to a chosen one).
    pub(crate) fn save(&mut self, ask: bool) {
        if let Some(OpenDoc::Trk(d)) = &mut self.doc {
            if ask {
                crate::panels::track_grid::save_as(d)
            } else {
                crate::panels::track_grid::save(d)
            }
            return;
        }
        let backup = self.settings.backup_on_save;
        let Some(doc) = self.gbx_doc_mut() else {
            return;
        };
        let target = match (&doc.path, ask) {
            (Some(p), false) => Some(p.clone()),
            _ => rfd::FileDialog::new()
                .add_filter("GameBox", &["Gbx", "gbx"])
                .set_file_name(crate::pak_doc::suggested_file_name(&doc.title))
                .save_file(),
        };
        let Some(path) = target else { return };
        match save_atomic(&path, doc.edit.bytes(), backup) {
            Ok(()) => {
                doc.edit.mark_saved();
                doc.path = Some(path.clone());
                doc.title = path
                    .file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
                self.message = format!("saved {}", path.display());
                self.settings.add_recent(&path);
            }
            Err(e) => self.message = format!("save failed, the file is unchanged: {e}"),
        }
    }

    pub(crate) fn replace_thumbnail(&mut self) {
        let Some(path) = rfd::FileDialog::new()
            .add_filter("Images", &["jpg", "jpeg", "png", "webp"])
            .pick_file()
        else {
            return;
        };
        let image = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) => {
                self.message = format!("cannot read {}: {e}", path.display());
                return;
            }
        };
        let Some(doc) = self.gbx_doc() else { return };
        match replace_thumbnail(doc.gbx(), &image) {
            Ok(edit) => self.apply_edit(edit),
            Err(e) => self.message = format!("replace thumbnail refused: {e}"),
        }
    }

    fn save_dialog(name: &str, ext: &str, file_name: String) -> Option<std::path::PathBuf> {
        rfd::FileDialog::new()
            .add_filter(name, &[ext])
            .set_file_name(file_name)
            .save_file()
    }

    pub(crate) fn export_icon(&mut self) {
        let Some(doc) = self.gbx_doc() else { return };
        let Some(icon) = trackbench_core::gbx::images::icon(doc.gbx()) else {
            return;
        };
        let stem = doc.title.split('.').next().unwrap_or("icon").to_string();
        let Some(path) = Self::save_dialog("PNG image", "png", format!("{stem}.icon.png")) else {
            return;
        };
        let result = trackbench_core::gbx::images::decode_icon(icon)
            .and_then(|img| img.save(&path).map_err(|e| e.to_string()));
        self.message = match result {
            Ok(()) => format!("exported {}", path.display()),
            Err(e) => format!("export failed: {e}"),
        };
    }

    pub(crate) fn export_items(&mut self) {
        let Some(doc) = self.gbx_doc() else { return };
        let Some(zip) = trackbench_core::gbx::images::embedded_items_zip(doc.gbx()) else {
            return;
        };
        let stem = doc.title.split('.').next().unwrap_or("items").to_string();
        let Some(path) = Self::save_dialog("ZIP archive", "zip", format!("{stem}.items.zip"))
        else {
            return;
        };
        self.message = match std::fs::write(&path, zip) {
            Ok(()) => format!("exported {}", path.display()),
            Err(e) => format!("export failed: {e}"),
        };
    }

    pub(crate) fn export_lightmap(&mut self, index: usize) {
        use trackbench_core::gbx::images::{decode_frame, lightmap_frames};
        let Some(doc) = self.gbx_doc() else { return };
        let frames = lightmap_frames(doc.gbx());
        let Some((name, data)) = frames.get(index) else {
            return;
        };
        let stem = name.rsplit_once('.').map_or(name.as_str(), |(s, _)| s);
        let data = data.to_vec();
        let Some(path) = Self::save_dialog("PNG image", "png", format!("{stem}.png")) else {
            return;
        };
        let result = decode_frame(&data).and_then(|img| img.save(&path).map_err(|e| e.to_string()));
        self.message = match result {
            Ok(()) => format!("exported {}", path.display()),
            Err(e) => format!("export failed: {e}"),
        };
    }

    pub(crate) fn extract_items(&mut self) {
        let Some(doc) = self.gbx_doc() else { return };
        let Some(zip) = trackbench_core::gbx::images::embedded_items_zip(doc.gbx()) else {
            return;
        };
        let Some(dir) = rfd::FileDialog::new().pick_folder() else {
            return;
        };
        self.message = match trackbench_core::gbx::embedded::extract_zip(zip, &dir) {
            Ok(n) => format!("extracted {n} files into {}", dir.display()),
            Err(e) => format!("extraction failed: {e}"),
        };
    }

    pub(crate) fn export_thumbnail(&mut self, png: bool) {
        let Some(OpenDoc::Gbx(doc)) = &self.doc else {
            return;
        };
        let Some(jpeg) = thumbnail::thumbnail_jpeg(doc.gbx()) else {
            return;
        };
        let (ext, name) = if png {
            ("png", "PNG image")
        } else {
            ("jpg", "JPEG image")
        };
        let stem = crate::pak_doc::suggested_file_name(&doc.title)
            .split('.')
            .next()
            .unwrap_or("thumbnail");
        let Some(path) = rfd::FileDialog::new()
            .add_filter(name, &[ext])
            .set_file_name(format!("{stem}.thumbnail.{ext}"))
            .save_file()
        else {
            return;
        };
        let result = if png {
            thumbnail::decode_upright(jpeg)
                .and_then(|img| img.save(&path).map_err(|e| e.to_string()))
        } else {
            std::fs::write(&path, jpeg).map_err(|e| e.to_string())
        };
        self.message = match result {
            Ok(()) => format!("exported {}", path.display()),
            Err(e) => format!("export failed: {e}"),
        };
    }
}
