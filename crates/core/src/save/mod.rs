//! The one save path of every format and export: write a temporary file
//! beside the target, flush and sync it, give it the target's permissions,
//! owner, group and `user.*` extended attributes (`xattrs`), rename it over the target and sync the folder, so the
//! original survives any failure and a power cut after the call cannot lose
//! the new bytes (issue 30).
//!
//! - Refused before anything is written ([`SaveRefused`], found with
//!   [`refusal`]): a read-only target (no write bit, as root too) unless
//!   [`SaveOptions::overwrite_read_only`]; a target that is not a regular
//!   file; a target whose owner or group the replacement could not keep.
//! - A symlink is saved through: the file it points at is replaced, the
//!   link stays a link.
//! - A file with several hard links keeps them: once the new bytes sit
//!   complete and synced in the temporary file, the old bytes are copied to
//!   a synced backup beside it, then the target is overwritten in place,
//!   synced, and the backup and temporary file removed (`in_place`). A
//!   kill in between leaves both: [`recover`] (after the app asked, and by
//!   `trackbench saves --clean --yes`) puts back the old bytes when the
//!   target is half-written by that very save: the backup's header records
//!   the file's device, inode, size, date and hashes ([`identity`]), and
//!   anything that does not match is kept and reported (issue 43).
//! - A save holds an advisory lock on the file it replaces
//!   ([`File::lock`]) from before its backup is written until it is
//!   removed; recovery takes the same lock or leaves the file alone. A
//!   finished save removes the earlier backups that name its file, so none
//!   can revert it.
//! - Leftovers are named after their file: `.trackbench-save-NAME.XXXXXX`
//!   (new bytes), `.trackbench-old-NAME.XXXXXX` (the complete old bytes of a
//!   hard-linked save), `.trackbench-copy-NAME.XXXXXX` (a backup being
//!   written); [`stale_files`] lists them.
//! - With `backup`, the existing file is first copied to `PATH.bak` unless
//!   that backup already exists (a backup of the original on the first save).

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

pub mod folder;
pub mod identity;
mod in_place;
pub mod output;
pub mod recovery;
mod refusal;
mod stale;
mod xattrs;

pub use recovery::{
    Recovered, RecoveryPlan, RestoreFacts, Verdict, clean, clean_stale, plan_recovery, recover,
};
pub use refusal::{SaveRefused, non_regular_kind, refusal};
pub use stale::{StaleFile, StaleKind, stale_files, stale_files_for, stale_temp_files};

/// File-name prefix of the temporary files holding new bytes.
pub const TEMP_PREFIX: &str = ".trackbench-save-";
/// File-name prefix of the complete backup of a hard-linked file's old
/// bytes, present only while that file is overwritten in place.
pub const OLD_PREFIX: &str = ".trackbench-old-";
/// File-name prefix of a backup being copied (renamed to [`OLD_PREFIX`]
/// once complete and synced).
pub const COPY_PREFIX: &str = ".trackbench-copy-";

/// Most symlinks followed from the path the user named (as Linux's 40).
const MAX_LINKS: usize = 40;
/// Random characters in a leftover's name.
const RAND_LEN: usize = 6;

/// How a save treats the file it replaces.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SaveOptions {
    /// Copy the existing file to `PATH.bak` first (unless that exists).
    pub backup: bool,
    /// Overwrite a read-only target (`--force`, or the user confirmed).
    pub overwrite_read_only: bool,
    /// Readable and writable by its owner only (0600 on Unix, whatever the
    /// file it replaces allowed; no effect elsewhere), set before a byte is
    /// written: a file holding a secret (the single-instance port file and
    /// its token).
    pub owner_only: bool,
}

/// Saves `bytes` to `path` atomically (see the module docs); a read-only
/// target is refused.
///
/// # Errors
/// A [`SaveRefused`] or any I/O error; the original file is then unchanged
/// and no temporary file is left behind.
pub fn save_atomic(path: &Path, bytes: &[u8], backup: bool) -> std::io::Result<()> {
    save_with(
        path,
        SaveOptions {
            backup,
            ..SaveOptions::default()
        },
        |f| f.write_all(bytes),
    )
}

/// [`save_atomic`] with the writing step supplied by the caller (streaming
/// writers, and tests that inject failures).
///
/// # Errors
/// As [`save_with`].
pub fn save_atomic_with(
    path: &Path,
    backup: bool,
    write: impl FnOnce(&mut File) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let options = SaveOptions {
        backup,
        ..SaveOptions::default()
    };
    save_with(path, options, write)
}

/// The save itself, with its options and the writing step.
///
/// # Errors
/// A [`SaveRefused`] (nothing written), the writer's or any I/O error; the
/// original is then unchanged and no leftover remains (for a hard-linked
/// file whose in-place copy failed and could not be undone, the error
/// names the backup and the new bytes).
pub fn save_with(
    path: &Path,
    options: SaveOptions,
    write: impl FnOnce(&mut File) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let target = follow_symlinks(path)?;
    let dir = parent_dir(&target);
    let existing = std::fs::metadata(&target).ok();
    if let Some(meta) = &existing {
        check_target(&target, meta, options)?;
        if options.backup {
            let bak = backup_path(&target);
            if !bak.exists() {
                std::fs::copy(&target, &bak)?;
            }
        }
    }
    let in_place = existing.as_ref().is_some_and(has_other_links);
    // The lock that keeps recovery out (issue 43, finding 3); released when
    // `locked` closes, or by the kernel when the process dies.
    let mut locked = match &existing {
        Some(_) if in_place => Some(in_place::open_target(&target)?),
        Some(_) => File::open(&target).ok(),
        None => None,
    };
    if let Some(f) = &locked {
        f.lock()?;
    }
    let identity = existing.as_ref().and_then(identity_of);
    let mut tmp = temp_file(dir, TEMP_PREFIX, &target)?;
    if let Some(meta) = &existing {
        keep_owner(tmp.path(), &target, meta)?;
        if !options.owner_only {
            tmp.as_file().set_permissions(meta.permissions())?;
        }
        xattrs::keep_user_xattrs(tmp.as_file(), &target)?;
    }
    #[cfg(unix)]
    if options.owner_only {
        let mode = std::os::unix::fs::PermissionsExt::from_mode(0o600);
        tmp.as_file().set_permissions(mode)?;
    }
    write(tmp.as_file_mut())?;
    tmp.as_file_mut().flush()?;
    tmp.as_file().sync_all()?;
    if let (true, Some(dst)) = (in_place, locked.as_mut()) {
        in_place::overwrite(tmp, dst, &target, dir)?;
    } else {
        tmp.persist(&target).map_err(|e| e.error)?;
    }
    if let Some(identity) = identity {
        recovery::remove_backups_of(&target, identity);
    }
    sync_dir(dir);
    Ok(())
}

/// A file's device and inode (Unix; `None` elsewhere): what a backup's
/// header records to name its target.
#[must_use]
pub fn identity_of(meta: &std::fs::Metadata) -> Option<(u64, u64)> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some((meta.dev(), meta.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        None
    }
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

/// What a save to `path` with `options` would refuse before writing
/// anything ([`SaveRefused::ReadOnly`] or [`SaveRefused::NotRegular`]),
/// symlinks followed; `None` when it would go ahead (or `path` does not
/// exist yet). The app asks this first, so it can offer "Save anyway" for a
/// read-only file instead of failing (issue 30). The owner check needs the
/// temporary file, so only the save itself makes it.
#[must_use]
pub fn refusal_before_save(path: &Path, options: SaveOptions) -> Option<SaveRefused> {
    let target = follow_symlinks(path).ok()?;
    let meta = std::fs::metadata(&target).ok()?;
    let err = check_target(&target, &meta, options).err()?;
    refusal(&err).cloned()
}

/// Refuses a target that is not a regular file, or is read-only without
/// the option to overwrite it.
fn check_target(
    target: &Path,
    meta: &std::fs::Metadata,
    options: SaveOptions,
) -> std::io::Result<()> {
    if let Some(what) = non_regular_kind(meta.file_type()) {
        return Err(SaveRefused::NotRegular {
            path: target.to_path_buf(),
            what,
        }
        .into_io());
    }
    if meta.permissions().readonly() && !options.overwrite_read_only {
        return Err(SaveRefused::ReadOnly {
            path: target.to_path_buf(),
            mode: mode_bits(meta),
        }
        .into_io());
    }
    Ok(())
}

#[cfg(unix)]
fn mode_bits(meta: &std::fs::Metadata) -> u32 {
    std::os::unix::fs::PermissionsExt::mode(&meta.permissions()) & 0o7777
}

#[cfg(not(unix))]
fn mode_bits(meta: &std::fs::Metadata) -> u32 {
    if meta.permissions().readonly() {
        0o444
    } else {
        0o644
    }
}

/// A temporary file `PREFIX + NAME + . + XXXXXX` beside `target` (with a
/// name too long for that, `PREFIX + XXXXXX`: a leftover that names no
/// file). A new file gets the permissions `std::fs::write` would give it
/// (0666 less the umask), not tempfile's private 0600.
fn temp_file(dir: &Path, prefix: &str, target: &Path) -> std::io::Result<tempfile::NamedTempFile> {
    let name = target.file_name().unwrap_or_default();
    let mut full = std::ffi::OsString::from(prefix);
    if prefix.len() + name.len() + 1 + RAND_LEN <= 255 {
        full.push(name);
        full.push(".");
    }
    let mut builder = tempfile::Builder::new();
    builder.prefix(&full).rand_bytes(RAND_LEN);
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    builder.tempfile_in(dir)
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

/// Gives the temporary file the target's owner and group. When they differ
/// from ours and `chown` is not allowed, the save is refused: replacing the
/// file would hand it to us (issue 30).
#[cfg(unix)]
fn keep_owner(tmp: &Path, target: &Path, meta: &std::fs::Metadata) -> std::io::Result<()> {
    use std::os::unix::fs::MetadataExt;
    let ours = std::fs::metadata(tmp)?;
    if ours.uid() == meta.uid() && ours.gid() == meta.gid() {
        return Ok(());
    }
    std::os::unix::fs::chown(tmp, Some(meta.uid()), Some(meta.gid())).map_err(|e| {
        SaveRefused::Owner {
            path: target.to_path_buf(),
            uid: meta.uid(),
            gid: meta.gid(),
            why: e.to_string(),
        }
        .into_io()
    })
}

#[cfg(not(unix))]
fn keep_owner(_tmp: &Path, _target: &Path, _meta: &std::fs::Metadata) -> std::io::Result<()> {
    Ok(())
}

/// Syncs the folder so a rename or removal itself survives a power cut
/// (best effort: not every platform can open a folder).
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

#[cfg(all(test, unix))]
mod kill_tests;
#[cfg(test)]
mod tests;
