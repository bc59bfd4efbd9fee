//! The output layer of exports, batch outputs and extractions (issue 43,
//! finding 4): a file trackbench names inside a folder the user chose is
//! written with [`super::folder::FolderWriter`] (no symlink below the
//! folder is written through, folders it creates are its own) and the
//! atomic writer (complete, synced bytes renamed over the target; mode and
//! owner kept). A file the user named himself (`-o FILE`) goes through
//! [`super::save_with`], which saves through a link the user chose.

use std::path::{Path, PathBuf};

use super::folder::FolderWriter;

/// Writes `bytes` to `path`, which lies below the folder `dest` the user
/// chose; `dest` is created when missing (it may itself be a link: the
/// user named it).
///
/// # Errors
/// `path` not below `dest`, a symlink between them or at `path` ("a symlink
/// in the destination: not written through"), or the save's error.
pub fn write_below(dest: &Path, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let rel = path.strip_prefix(dest).map_err(|_| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("{} is not below {}", path.display(), dest.display()),
        )
    })?;
    FolderWriter::new(dest)?.write(rel, bytes).map(|_| ())
}

/// Writes every `(path, bytes)` of `files` below the folder `dest`, as
/// [`write_below`] does, all or nothing: when one fails, those written
/// before it are removed (with the folders made for them), and the error
/// says so or names every file that could not be removed (issue 43: a
/// failed batch "removes what it wrote or names every written file").
/// Returns the paths written.
///
/// # Errors
/// The first failing write, as [`write_below`], with what became of the
/// files written before it.
pub fn write_all_below(dest: &Path, files: &[(PathBuf, Vec<u8>)]) -> std::io::Result<Vec<PathBuf>> {
    let mut writer = FolderWriter::new(dest)?;
    for (path, bytes) in files {
        let written = path
            .strip_prefix(dest)
            .map_err(|_| {
                std::io::Error::new(
                    std::io::ErrorKind::InvalidInput,
                    format!("{} is not below {}", path.display(), dest.display()),
                )
            })
            .and_then(|rel| writer.write(rel, bytes));
        if let Err(e) = written {
            let before = writer.written().len();
            // A folder another writer of the batch still uses stays: only
            // files count as left behind.
            let left: Vec<String> = writer
                .roll_back()
                .into_iter()
                .filter(|(_, e)| e.kind() != std::io::ErrorKind::DirectoryNotEmpty)
                .map(|(p, e)| format!("{} ({e})", p.display()))
                .collect();
            let what = if left.is_empty() {
                format!("the {before} file(s) written before it were removed")
            } else {
                format!(
                    "these written files were left (the others removed): {}",
                    left.join(", ")
                )
            };
            return Err(std::io::Error::new(
                e.kind(),
                format!("writing {}: {e}; {what}", path.display()),
            ));
        }
    }
    Ok(writer.written().to_vec())
}

/// [`write_below`] of an image encoded as PNG.
///
/// # Errors
/// An encoding error, or as [`write_below`].
pub fn write_png_below(dest: &Path, path: &Path, img: &image::RgbaImage) -> std::io::Result<()> {
    let mut bytes = Vec::new();
    img.write_to(
        &mut std::io::Cursor::new(&mut bytes),
        image::ImageFormat::Png,
    )
    .map_err(std::io::Error::other)?;
    write_below(dest, path, &bytes)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// Finding 4: a link planted in the output folder is not written
    /// through; its victim keeps its bytes.
    #[test]
    fn finding_4_a_planted_link_in_the_output_folder_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("o");
        std::fs::create_dir(&out).unwrap();
        let victim = dir.path().join("VICTIM");
        std::fs::write(&victim, b"precious").unwrap();
        let link = out.join("TestBanks.Replay.csv");
        std::os::unix::fs::symlink(&victim, &link).unwrap();
        let err = write_below(&out, &link, b"time_ms,action\n").unwrap_err();
        assert!(
            err.to_string().contains("a symlink in the destination"),
            "{err}"
        );
        assert_eq!(std::fs::read(&victim).unwrap(), b"precious");
        write_below(&out, &out.join("a/b.csv"), b"x").unwrap();
        assert_eq!(std::fs::read(out.join("a/b.csv")).unwrap(), b"x");
        assert!(write_below(&out, &dir.path().join("elsewhere"), b"x").is_err());
    }
}
