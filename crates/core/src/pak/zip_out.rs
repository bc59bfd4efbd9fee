//! A pak's files as a ZIP archive (issue 18 "a pak to a ZIP"): every
//! selected file under its `/`-separated pak path, deflated. Paths are the
//! checked components of [`super::extract::safe_components`], so the ZIP
//! holds nothing an unzip could place outside its folder.

use super::extract::safe_components;
use super::{Pak, PakError};
use std::io::{Seek, Write};
use zip::CompressionMethod;
use zip::write::{SimpleFileOptions, ZipWriter};

fn zip_error(e: zip::result::ZipError) -> PakError {
    PakError::Io {
        context: "writing the ZIP".into(),
        error: std::io::Error::other(e),
    }
}

/// Writes the files `indices` of `pak` as a ZIP archive to `sink`;
/// returns the number of files and their uncompressed bytes.
///
/// # Errors
/// [`PakError::UnsafePath`] before anything is written when a path is
/// unsafe; read errors naming the file; [`PakError::Io`] when writing fails.
pub fn write_zip<W: Write + Seek>(
    pak: &Pak,
    indices: &[usize],
    sink: W,
) -> Result<(usize, u64), PakError> {
    let files = pak.files();
    let mut names = Vec::with_capacity(indices.len());
    for &index in indices {
        let file = files.get(index).ok_or(PakError::NoSuchFile {
            index,
            count: files.len(),
        })?;
        names.push(safe_components(&file.path)?.join("/"));
    }
    let options = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
    let mut zip = ZipWriter::new(sink);
    let mut bytes = 0;
    for (&index, name) in indices.iter().zip(&names) {
        zip.start_file(name.as_str(), options).map_err(zip_error)?;
        bytes += pak.copy_file(index, &mut zip)?;
    }
    zip.finish().map_err(zip_error)?;
    Ok((indices.len(), bytes))
}

/// [`write_zip`] into the file `path`, written atomically
/// ([`crate::save::save_atomic_with`]: nothing is left at `path` when
/// it fails).
///
/// # Errors
/// As [`write_zip`]; [`PakError::Io`] when the file cannot be written.
pub fn save_zip(
    pak: &Pak,
    indices: &[usize],
    path: &std::path::Path,
) -> Result<(usize, u64), PakError> {
    let mut result = None;
    let saved = crate::save::save_atomic_with(path, false, |f| {
        let r = write_zip(pak, indices, f);
        let failed = r.is_err();
        result = Some(r);
        if failed {
            Err(std::io::Error::other("writing the ZIP failed"))
        } else {
            Ok(())
        }
    });
    match (result, saved) {
        // The ZIP's own error says more than the aborted save.
        (Some(Err(e)), _) => Err(e),
        (_, Err(error)) => Err(PakError::Io {
            context: format!("writing {}", path.display()),
            error,
        }),
        (Some(Ok(done)), Ok(())) => Ok(done),
        (None, Ok(())) => Err(PakError::Io {
            context: format!("writing {}", path.display()),
            error: std::io::Error::other("the ZIP was not written"),
        }),
    }
}
