//! How an open .Gbx document applies its commands ([`GbxCommand`]) and
//! what it offers the shell ([`Document`]): undo/redo, saving, exports.
//! Selection and navigation change the document's selection and bring it
//! into view in the hex view ([`GbxView`]); nothing else changes either.

use crate::command::{ExportKind, GbxCommand, MeshFormat};
use crate::document::{
    Document, ExportChoice, ExportTarget, FileDialog, file_name_from_title, suggested_file_name,
    title_of,
};
use crate::gbx::doc::GbxDoc;
use crate::gbx::export_tools;
use crate::gbx::view::GbxView;
use std::path::Path;
use trackbench_core::edit::embedded_items;
use trackbench_core::edit::map_batch::apply_batch;
use trackbench_core::file_kinds::FileKind;
use trackbench_core::gbx::access::mesh::export as mesh_export;
use trackbench_core::gbx::{access::embedded, access::images, access::thumbnail};
use trackbench_core::save::{SaveOptions, save_atomic, save_png, save_with};

impl GbxDoc {
    /// Applies `cmd` (`view` follows a new selection or offset); returns
    /// the message for the status bar, if any.
    pub fn apply(&mut self, view: &mut GbxView, cmd: GbxCommand) -> Option<String> {
        match cmd {
            GbxCommand::SelectChunk(r) => {
                // A new chunk: no field of it is selected yet.
                self.selected = Some(r);
                self.selected_field = None;
                self.selected_loc = None;
                if let Some(c) = self.chunk(r) {
                    view.hex.show(Self::space_of(r), c.range.start);
                }
            }
            GbxCommand::SelectField(space, range) => {
                self.selected_field = Some(range);
                self.selected_loc = None;
                view.hex.show(space, range.start);
            }
            GbxCommand::GotoOffset(space, offset) => view.hex.show(space, offset),
            GbxCommand::ApplyEdit(edit) => {
                let label = edit.label.clone();
                let result = self.edit.apply(edit);
                self.refresh();
                return Some(match result {
                    Ok(()) => format!("{label}: done (Ctrl+Z undoes it)"),
                    Err(e) => format!("{label} refused: {e}"),
                });
            }
            GbxCommand::EditMap(edits) => {
                let result = apply_batch(&mut self.edit, &edits);
                self.refresh();
                return Some(match result {
                    Ok(0) => "map unchanged: it already has these values".to_string(),
                    Ok(1) => "map edited (1 change; Ctrl+Z undoes it)".to_string(),
                    Ok(n) => format!("map edited ({n} changes; Ctrl+Z undoes each)"),
                    Err(e) => format!("map edit refused: {e}"),
                });
            }
            GbxCommand::EmbedItem {
                item,
                file_name,
                zip_path,
                replace,
            } => {
                let zip_path = if zip_path.is_empty() {
                    embedded_items::default_path(&file_name)
                } else if zip_path.ends_with('/') {
                    format!("{zip_path}{file_name}")
                } else {
                    zip_path
                };
                let gbx = self.gbx();
                let edit = if replace {
                    embedded_items::replace_item(gbx, &item, &zip_path)
                } else {
                    embedded_items::add_item(gbx, &item, &zip_path)
                };
                return match edit {
                    Ok(edit) => {
                        let said = self.apply(view, GbxCommand::ApplyEdit(edit));
                        // Above the game's limit: embedded, and said (issue 43).
                        match embedded_items::size_warning(self.gbx()) {
                            Some(w) => Some(format!("{zip_path} embedded, but {w}")),
                            None => said,
                        }
                    }
                    Err(e) => Some(format!("{zip_path} not embedded: {e}")),
                };
            }
            GbxCommand::RemoveEmbeddedItem(path) => {
                return match embedded_items::remove_item(self.gbx(), &path) {
                    Ok(edit) => self.apply(view, GbxCommand::ApplyEdit(edit)),
                    Err(e) => Some(format!("{path} not removed: {e}")),
                };
            }
            c @ (GbxCommand::SelectFieldAt(_)
            | GbxCommand::SetValue { .. }
            | GbxCommand::DeleteRecords { .. }
            | GbxCommand::DuplicateRecord { .. }
            | GbxCommand::MoveRecord { .. }
            | GbxCommand::ToggleOverwrite
            | GbxCommand::OverwriteByte { .. }
            | GbxCommand::Notice(_)) => return self.apply_editing(view, c),
            GbxCommand::CompareWith(path) => return Some(self.compare_with(view, path)),
            GbxCommand::AllowPartialEdits => {
                self.partial_edits_allowed = true;
                return Some("edits of this partly read file allowed (Ctrl+Z undoes each)".into());
            }
            GbxCommand::OpenTool(tool) => return self.open_tool(view, tool),
            GbxCommand::DuplicateSelectedBlock => return self.duplicate_selected_block(view),
            GbxCommand::PlaceBlock(block) => return self.place_block(view, &block),
            GbxCommand::PlaceItem(item) => return self.place_item(view, &item),
            GbxCommand::CloseCompare => {
                self.compare = None;
                view.diff = crate::gbx::view::DiffState::default();
            }
        }
        None
    }

    /// Reads `path` and compares this document with it; shows the Diff view.
    fn compare_with(&mut self, view: &mut GbxView, path: std::path::PathBuf) -> String {
        let parsed = std::fs::read(&path)
            .map_err(|e| e.to_string())
            .and_then(|b| trackbench_core::gbx::Gbx::parse(b).map_err(|e| e.to_string()));
        match parsed {
            Ok(other) => {
                let c = crate::gbx::doc::Compare::new(self.gbx(), path, other);
                let n = c.differences.len();
                let name = title_of(&c.path);
                self.compare = Some(c);
                view.diff = crate::gbx::view::DiffState::default();
                view.central = crate::gbx::view::CentralView::Diff;
                format!("compared with {name}: {n} difference(s)")
            }
            Err(e) => format!("cannot compare with {}: {e}", path.display()),
        }
    }

    fn undo_redo(&mut self, undo: bool) -> String {
        let result = if undo {
            self.edit.undo()
        } else {
            self.edit.redo()
        };
        self.refresh();
        match (result, undo) {
            (Ok(Some(l)), true) => format!("undid {l}"),
            (Ok(Some(l)), false) => format!("redid {l}"),
            (Ok(None), _) => "nothing to undo/redo".into(),
            (Err(e), _) => format!("cannot undo/redo: {e}"),
        }
    }

    pub(crate) fn stem_file(&self, fallback: &str, suffix: &str) -> String {
        file_name_from_title(&self.title, fallback, suffix)
    }

    /// Writes export `kind` to `path`; returns the message for the status bar.
    fn export_file(&self, kind: ExportKind, path: &Path) -> Result<String, String> {
        let gbx = self.gbx();
        let missing = || format!("this file has nothing to export as {}", kind.label());
        match kind {
            ExportKind::ThumbnailJpeg => {
                let jpeg = thumbnail::thumbnail_jpeg(gbx).ok_or_else(missing)?;
                save_atomic(path, jpeg, false).map_err(|e| e.to_string())?
            }
            ExportKind::ThumbnailPng => {
                let jpeg = thumbnail::thumbnail_jpeg(gbx).ok_or_else(missing)?;
                let img = thumbnail::decode_upright(jpeg)?;
                save_png(path, &img).map_err(|e| e.to_string())?
            }
            ExportKind::IconPng => {
                let icon = images::icon(gbx).ok_or_else(missing)?;
                let img = images::decode_icon(icon)?;
                save_png(path, &img).map_err(|e| e.to_string())?
            }
            ExportKind::ItemsZip => {
                let zip = images::embedded_items_zip(gbx).ok_or_else(missing)?;
                save_atomic(path, zip, false).map_err(|e| e.to_string())?
            }
            ExportKind::ItemsFolder => {
                let zip = images::embedded_items_zip(gbx).ok_or_else(missing)?;
                let done = embedded::extract_zip_report(zip, path).map_err(|e| e.to_string())?;
                let mapped = match done.mapped.len() {
                    0 => String::new(),
                    n => format!(" ({n} names mapped: {})", done.mapped.join("; ")),
                };
                return Ok(format!(
                    "extracted {} files into {}{mapped}",
                    done.files,
                    path.display()
                ));
            }
            ExportKind::LightmapPng(i) => {
                let frames = images::lightmap_frames(gbx);
                let (_, data) = frames.get(i).ok_or_else(missing)?;
                let img = images::decode_frame(data)?;
                save_png(path, &img).map_err(|e| e.to_string())?
            }
            ExportKind::Mesh { item, format } => return self.export_mesh(item, format, path),
            ExportKind::GhostFiles
            | ExportKind::InputsCsv
            | ExportKind::InputsScript
            | ExportKind::BlocksCsv
            | ExportKind::BlocksJson
            | ExportKind::Decompressed
            | ExportKind::Compressed => return export_tools::export(gbx, kind, path),
            ExportKind::TrackPng | ExportKind::TrackRaw | ExportKind::PakZip => {
                return Err(missing());
            }
        }
        Ok(format!("exported {}", path.display()))
    }
}

impl GbxDoc {
    /// Writes the file's model, or embedded item `item`'s, as `format`
    /// at `path` (the extension added when missing; an OBJ's `.mtl`
    /// beside it), each file through the atomic writer.
    fn export_mesh(
        &self,
        item: Option<usize>,
        format: MeshFormat,
        path: &Path,
    ) -> Result<String, String> {
        let ext = match format {
            MeshFormat::Glb => "glb",
            MeshFormat::Obj => "obj",
        };
        let path = if MeshFormat::from_path(path) == Some(format) {
            path.to_path_buf()
        } else {
            let mut p = path.as_os_str().to_owned();
            p.push(format!(".{ext}"));
            p.into()
        };
        let embedded;
        let model = match item {
            None => &*self.mesh,
            Some(i) => {
                embedded = mesh_export::embedded_model(self.gbx(), i)?;
                &embedded
            }
        };
        let files = mesh_export::export_files(model, &path).map_err(|e| e.to_string())?;
        for (p, data) in &files {
            save_atomic(p, data, false).map_err(|e| format!("{}: {e}", p.display()))?;
        }
        Ok(format!(
            "exported {} ({} vertices, {} triangles)",
            path.display(),
            model.vertex_count(),
            model.triangle_count()
        ))
    }

    /// The mesh exports: the file's own model, then each embedded item's.
    fn mesh_choices(&self, add: &mut impl FnMut(ExportKind, ExportTarget)) {
        let mut offer = |item, name: &str| {
            for (format, filter, ext) in [
                (MeshFormat::Glb, "glTF binary", &["glb"]),
                (MeshFormat::Obj, "Wavefront OBJ", &["obj"]),
            ] {
                let target = file(filter, ext, format!("{name}.{}", ext[0]));
                add(ExportKind::Mesh { item, format }, target);
            }
        };
        if !self.mesh.is_empty() {
            offer(None, &stem_of(&self.title));
        }
        for e in self.embedded_meshes.iter() {
            offer(Some(e.index), &stem_of(&e.path));
        }
    }
}

/// The stem of a title or path (its file name before the first dot).
fn stem_of(title: &str) -> String {
    let name = file_name_from_title(title, "model", "x");
    name.trim_end_matches(".x").to_string()
}

fn file(filter: &'static str, ext: &'static [&'static str], name: String) -> ExportTarget {
    ExportTarget::File(FileDialog {
        filter,
        extensions: ext,
        suggested_name: name,
    })
}

impl Document for GbxDoc {
    fn title(&self) -> String {
        self.display_title()
    }

    fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    fn is_dirty(&self) -> bool {
        self.edit.history().is_dirty()
    }

    fn undo_label(&self) -> Option<String> {
        self.edit.history().undo_label().map(str::to_string)
    }

    fn redo_label(&self) -> Option<String> {
        self.edit.history().redo_label().map(str::to_string)
    }

    fn undo(&mut self) -> String {
        self.undo_redo(true)
    }

    fn redo(&mut self) -> String {
        self.undo_redo(false)
    }

    fn save_dialog(&self) -> Option<FileDialog> {
        Some(FileDialog::of_kind(
            FileKind::Gbx,
            suggested_file_name(&self.title).to_string(),
        ))
    }

    fn save_with_options(&mut self, path: &Path, options: SaveOptions) -> Result<String, String> {
        let bytes = self.edit.bytes();
        save_with(path, options, |f| std::io::Write::write_all(f, bytes))
            .map_err(|e| format!("save failed, the file is unchanged: {e}"))?;
        self.edit.mark_saved();
        self.path = Some(path.to_path_buf());
        self.title = title_of(path);
        Ok(format!("saved {}", path.display()))
    }

    fn export_choices(&self) -> Vec<ExportChoice> {
        let gbx = self.gbx();
        let mut out = Vec::new();
        let mut add = |kind, target| out.push(ExportChoice { kind, target });
        if thumbnail::thumbnail_jpeg(gbx).is_some() {
            let jpg = self.stem_file("thumbnail", "thumbnail.jpg");
            let png = self.stem_file("thumbnail", "thumbnail.png");
            add(ExportKind::ThumbnailJpeg, file("JPEG image", &["jpg"], jpg));
            add(ExportKind::ThumbnailPng, file("PNG image", &["png"], png));
        }
        if images::icon(gbx).is_some() {
            let name = self.stem_file("icon", "icon.png");
            add(ExportKind::IconPng, file("PNG image", &["png"], name));
        }
        if images::embedded_items_zip(gbx).is_some() {
            let name = self.stem_file("items", "items.zip");
            add(ExportKind::ItemsZip, file("ZIP archive", &["zip"], name));
            add(ExportKind::ItemsFolder, ExportTarget::Folder);
        }
        for (i, (name, _)) in images::lightmap_frames(gbx).iter().enumerate() {
            let stem = name.rsplit_once('.').map_or(name.as_str(), |(s, _)| s);
            let target = file("PNG image", &["png"], format!("{stem}.png"));
            add(ExportKind::LightmapPng(i), target);
        }
        self.mesh_choices(&mut add);
        export_tools::choices(self, gbx, &mut out);
        out
    }

    fn export(&mut self, kind: ExportKind, path: &Path) -> Result<String, String> {
        self.export_file(kind, path)
            .map_err(|e| format!("export failed: {e}"))
    }
}
