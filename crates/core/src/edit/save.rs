//! Atomic saving: write a temporary file beside the target, flush and sync
//! it, then rename it over the target; the original survives any failure.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Saves `bytes` to `path` atomically. With `backup`, the existing file is
/// first copied to `PATH.bak` unless that backup already exists (a backup
/// of the original on the first save).
///
/// # Errors
/// Any I/O error; the original file is then unchanged.
pub fn save_atomic(path: &Path, bytes: &[u8], backup: bool) -> std::io::Result<()> {
    save_atomic_with(path, backup, |f| f.write_all(bytes))
}

/// [`save_atomic`] with the writing step supplied by the caller: a writer
/// that streams (pak extraction copies a payload without holding it twice)
/// or a test injecting a failure.
///
/// # Errors
/// Any I/O error, including the writer's; the original is then unchanged.
pub fn save_atomic_with(
    path: &Path,
    backup: bool,
    write: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if backup && path.exists() {
        let bak = backup_path(path);
        if !bak.exists() {
            std::fs::copy(path, &bak)?;
        }
    }
    let mut builder = tempfile::Builder::new();
    builder.prefix(".trackbench-save-");
    // The temporary file would keep tempfile's owner-only mode after the
    // rename: a new file gets what `File::create` gives (0o666 less the
    // umask), a replaced one keeps its mode.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut tmp = builder.tempfile_in(dir)?;
    #[cfg(unix)]
    if let Ok(existing) = std::fs::metadata(path) {
        tmp.as_file().set_permissions(existing.permissions())?;
    }
    write(tmp.as_file_mut())?;
    tmp.as_file_mut().flush()?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Encodes `img` as PNG and saves it with [`save_atomic`] (no backup: an
/// export, not a save over a document).
///
/// # Errors
/// An encoding or I/O error; an existing file at `path` is then unchanged.
pub fn save_png(path: &Path, img: &image::RgbaImage) -> std::io::Result<()> {
    let mut bytes = Vec::new();
    img.write_to(
        &mut std::io::Cursor::new(&mut bytes),
        image::ImageFormat::Png,
    )
    .map_err(std::io::Error::other)?;
    save_atomic(path, &bytes, false)
}

/// `PATH.bak`.
#[must_use]
pub fn backup_path(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".bak");
    PathBuf::from(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failing_write_leaves_the_original_intact() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("map.Gbx");
        std::fs::write(&path, b"original").unwrap();
        let err = save_atomic_with(&path, false, |f| {
            f.write_all(b"half")?;
            Err(std::io::Error::other("disk full"))
        });
        assert!(err.is_err());
        assert_eq!(std::fs::read(&path).unwrap(), b"original");
        let leftovers = std::fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(leftovers, 1, "the temporary file is removed");
    }

    /// A saved file is readable like one made by `File::create`, and a
    /// replaced file keeps its mode (not the temporary file's 0o600).
    #[cfg(unix)]
    #[test]
    fn saving_gives_ordinary_permissions_and_keeps_existing_ones() {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        let dir = tempfile::tempdir().unwrap();
        let plain = dir.path().join("plain.txt");
        std::fs::File::create(&plain).unwrap();
        let saved = dir.path().join("saved.txt");
        save_atomic(&saved, b"new", false).unwrap();
        assert_eq!(mode(&saved), mode(&plain));
        let kept = dir.path().join("kept.txt");
        std::fs::write(&kept, b"v1").unwrap();
        std::fs::set_permissions(&kept, std::fs::Permissions::from_mode(0o640)).unwrap();
        save_atomic(&kept, b"v2", false).unwrap();
        assert_eq!(mode(&kept), 0o640);
    }

    #[test]
    fn saving_replaces_the_file_and_keeps_a_first_backup() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("map.Gbx");
        std::fs::write(&path, b"v1").unwrap();
        save_atomic(&path, b"v2", true).unwrap();
        save_atomic(&path, b"v3", true).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"v3");
        assert_eq!(std::fs::read(backup_path(&path)).unwrap(), b"v1");
    }
}
