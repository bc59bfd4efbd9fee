//! The one save path of every format and export: write a temporary file
//! beside the target, flush and sync it, give it the target's permissions
//! (and owner where allowed), rename it over the target and sync the
//! folder, so the original survives any failure and a power cut after the
//! call cannot lose the new bytes.
//!
//! - A symlink is saved through: the file it points at is replaced, the
//!   link stays a link.
//! - A file with several hard links is overwritten in place (after the new
//!   bytes sit complete and synced in the temporary file), so every name
//!   keeps seeing the same file; a rename would split the links.
//! - The temporary file (`.trackbench-save-XXXXXX` beside the target) is
//!   removed on every error path; one left by a killed process is found by
//!   [`stale_temp_files`] and can be deleted with [`remove_stale_temp_files`].
//! - With `backup`, the existing file is first copied to `PATH.bak` unless
//!   that backup already exists (a backup of the original on the first save).

use std::fs::File;
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// File-name prefix of the temporary files this module writes.
pub const TEMP_PREFIX: &str = ".trackbench-save-";

/// Most symlinks followed from the path the user named (as Linux's 40).
const MAX_LINKS: usize = 40;

/// Saves `bytes` to `path` atomically (see the module docs).
///
/// # Errors
/// Any I/O error; the original file is then unchanged and no temporary
/// file is left behind.
pub fn save_atomic(path: &Path, bytes: &[u8], backup: bool) -> std::io::Result<()> {
    save_atomic_with(path, backup, |f| f.write_all(bytes))
}

/// [`save_atomic`] with the writing step supplied by the caller (streaming
/// writers, and tests that inject failures).
///
/// # Errors
/// Any I/O error, including the writer's; the original is then unchanged
/// (for a hard-linked file: unless the in-place copy itself fails, which
/// leaves the complete new bytes in the temporary file and says so).
pub fn save_atomic_with(
    path: &Path,
    backup: bool,
    write: impl FnOnce(&mut File) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let target = follow_symlinks(path)?;
    let dir = parent_dir(&target);
    let existing = std::fs::metadata(&target).ok();
    if backup && existing.is_some() {
        let bak = backup_path(&target);
        if !bak.exists() {
            std::fs::copy(&target, &bak)?;
        }
    }
    let mut builder = tempfile::Builder::new();
    builder.prefix(TEMP_PREFIX);
    // A new file gets the permissions `std::fs::write` would give it (0666
    // less the umask), not the temporary file's private 0600.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut tmp = builder.tempfile_in(dir)?;
    if let Some(meta) = &existing {
        tmp.as_file().set_permissions(meta.permissions())?;
        keep_owner(tmp.path(), meta);
    }
    write(tmp.as_file_mut())?;
    tmp.as_file_mut().flush()?;
    tmp.as_file().sync_all()?;
    if existing.as_ref().is_some_and(has_other_links) {
        return overwrite_in_place(tmp, &target);
    }
    tmp.persist(&target).map_err(|e| e.error)?;
    sync_dir(dir);
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

/// Temporary files left in `dir` by a save that was killed before it
/// finished (name starting with [`TEMP_PREFIX`]), sorted; empty when the
/// folder cannot be read.
#[must_use]
pub fn stale_temp_files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with(TEMP_PREFIX))
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .map(|e| e.path())
        .collect();
    out.sort();
    out
}

/// Deletes the files [`stale_temp_files`] lists in `dir`; returns how
/// many were deleted.
///
/// # Errors
/// The first file that could not be deleted (the others are still tried).
pub fn remove_stale_temp_files(dir: &Path) -> std::io::Result<usize> {
    let mut removed = 0;
    let mut first_error = None;
    for p in stale_temp_files(dir) {
        match std::fs::remove_file(&p) {
            Ok(()) => removed += 1,
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    first_error.map_or(Ok(removed), Err)
}

/// The file `path` names once every symlink is followed (a dangling link
/// gives the path it points at, so saving creates that file).
fn follow_symlinks(path: &Path) -> std::io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let to = std::fs::read_link(&current)?;
                current = if to.is_absolute() {
                    to
                } else {
                    parent_dir(&current).join(to)
                };
            }
            _ => return Ok(current),
        }
    }
    Err(std::io::Error::other(format!(
        "{}: more than {MAX_LINKS} symlinks to follow",
        path.display()
    )))
}

fn parent_dir(path: &Path) -> &Path {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

#[cfg(unix)]
fn has_other_links(meta: &std::fs::Metadata) -> bool {
    std::os::unix::fs::MetadataExt::nlink(meta) > 1
}

#[cfg(not(unix))]
fn has_other_links(_meta: &std::fs::Metadata) -> bool {
    false
}

/// Gives the temporary file the target's owner and group; where that is not
/// allowed (another user's file), the save goes on with ours.
#[cfg(unix)]
fn keep_owner(tmp: &Path, meta: &std::fs::Metadata) {
    use std::os::unix::fs::MetadataExt;
    let _ = std::os::unix::fs::chown(tmp, Some(meta.uid()), Some(meta.gid()));
}

#[cfg(not(unix))]
fn keep_owner(_tmp: &Path, _meta: &std::fs::Metadata) {}

/// Copies the synced temporary file over the hard-linked `target` in place,
/// syncs it, then removes the temporary file. If the copy fails, the
/// temporary file is kept (it holds the complete new bytes) and the error
/// names it.
fn overwrite_in_place(tmp: tempfile::NamedTempFile, target: &Path) -> std::io::Result<()> {
    let (mut src, tmp_path) = tmp.keep().map_err(|e| e.error)?;
    let copy = (|| {
        src.seek(SeekFrom::Start(0))?;
        let mut dst = std::fs::OpenOptions::new()
            .write(true)
            .truncate(true)
            .open(target)?;
        std::io::copy(&mut src, &mut dst)?;
        dst.sync_all()
    })();
    match copy {
        Ok(()) => std::fs::remove_file(&tmp_path),
        Err(e) => Err(std::io::Error::new(
            e.kind(),
            format!(
                "{e}; {} is hard-linked and was overwritten in place: the complete new \
                 bytes are in {}",
                target.display(),
                tmp_path.display()
            ),
        )),
    }
}

/// Syncs the folder so the rename itself survives a power cut (best
/// effort: not every platform can open a folder).
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

#[cfg(test)]
mod tests;
