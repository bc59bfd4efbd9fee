//! Choosing the export format from the output path, the files an export
//! writes (a `.glb`, or an `.obj` with its `.mtl` beside it), and the
//! meshes of a map's embedded items ZIP. The app and the CLI both write
//! these files through `save`.

use super::Model;
use super::gltf::{GltfError, to_glb};
use super::obj::to_obj;
use crate::gbx::Gbx;
use crate::gbx::access::embedded::{ZipError, zip_entries, zip_entry_bytes};
use crate::gbx::access::images::embedded_items_zip;
use std::path::{Path, PathBuf};

/// A mesh export format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeshFormat {
    /// Binary glTF 2.0.
    Glb,
    /// Wavefront OBJ with an MTL library.
    Obj,
}

impl MeshFormat {
    /// The format an output path asks for by its extension (`.glb`, `.obj`).
    #[must_use]
    pub fn from_path(path: &Path) -> Option<Self> {
        let ext = path.extension()?.to_str()?;
        if ext.eq_ignore_ascii_case("glb") {
            Some(Self::Glb)
        } else if ext.eq_ignore_ascii_case("obj") {
            Some(Self::Obj)
        } else {
            None
        }
    }
}

/// Why an export could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The output path ends neither in `.glb` nor `.obj`.
    #[error("{0}: the output must end in .glb or .obj")]
    Format(PathBuf),
    /// Nothing to export.
    #[error("the file holds no geometry to export")]
    Empty,
    /// The glTF writer refused.
    #[error(transparent)]
    Gltf(#[from] GltfError),
}

/// The files to write for `model` at `path`: `[(path, .glb bytes)]`, or
/// `[(path, .obj text), (path with .mtl, .mtl text)]`.
///
/// # Errors
/// [`ExportError`] for another extension or an empty model.
pub fn export_files(model: &Model, path: &Path) -> Result<Vec<(PathBuf, Vec<u8>)>, ExportError> {
    if model.is_empty() {
        return Err(ExportError::Empty);
    }
    match MeshFormat::from_path(path) {
        Some(MeshFormat::Glb) => Ok(vec![(path.to_path_buf(), to_glb(model)?)]),
        Some(MeshFormat::Obj) => {
            let mtl_path = path.with_extension("mtl");
            let mtl_name = mtl_path.file_name().map_or_else(
                || "materials.mtl".into(),
                |n| n.to_string_lossy().into_owned(),
            );
            let files = to_obj(model, &mtl_name);
            Ok(vec![
                (path.to_path_buf(), files.obj.into_bytes()),
                (mtl_path, files.mtl.into_bytes()),
            ])
        }
        None => Err(ExportError::Format(path.to_path_buf())),
    }
}

/// One GameBox file of a map's embedded items ZIP that may hold a mesh.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmbeddedMesh {
    /// Path inside the ZIP.
    pub path: String,
    /// Entry position in the ZIP.
    pub index: usize,
}

/// The `.Gbx` entries of a map's embedded items ZIP (items, blocks,
/// meshes), in ZIP order; empty without a ZIP.
///
/// # Errors
/// [`ZipError`] when the ZIP cannot be listed.
pub fn embedded_meshes(gbx: &Gbx) -> Result<Vec<EmbeddedMesh>, ZipError> {
    let Some(zip) = embedded_items_zip(gbx) else {
        return Ok(Vec::new());
    };
    Ok(zip_entries(zip)?
        .into_iter()
        .enumerate()
        .filter(|(_, e)| !e.is_dir && crate::file_kinds::is_gbx_name(&e.path))
        .map(|(index, e)| EmbeddedMesh {
            path: e.path,
            index,
        })
        .collect())
}

/// Reads embedded entry `index` of `gbx`'s items ZIP as a file and builds
/// its model.
///
/// # Errors
/// A message naming what failed (no ZIP, the entry, the GBX header).
pub fn embedded_model(gbx: &Gbx, index: usize) -> Result<Model, String> {
    let zip = embedded_items_zip(gbx).ok_or("the file has no embedded items")?;
    let bytes = zip_entry_bytes(zip, index).map_err(|e| e.to_string())?;
    let inner = Gbx::parse(bytes).map_err(|e| e.to_string())?;
    Ok(Model::from_gbx(&inner))
}
