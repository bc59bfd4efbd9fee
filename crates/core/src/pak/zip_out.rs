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
