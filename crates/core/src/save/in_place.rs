//! Saving over a hard-linked file: every name must keep seeing the same
//! file, so the new bytes are written into it in place, never renamed over
//! it. The steps, each finished before the next starts:
//!
//! 1. the new bytes are complete and synced in `.trackbench-save-NAME.X`
//!    (done by the caller);
//! 2. the target is opened for writing (a file we may not write fails
//!    here, with nothing changed);
//! 3. the old bytes are copied to `.trackbench-copy-NAME.X`, synced, and
//!    renamed to `.trackbench-old-NAME.X` (so a backup under that name is
//!    always complete), and the folder is synced;
//! 4. the new bytes are written over the target from offset 0, the file is
//!    cut to their length and synced;
//! 5. the backup and the temporary file are removed, the folder synced.
//!
//! A kill during step 4 leaves a half-written target seen through every
//! name, with the old bytes in the backup and the new ones in the
//! temporary file: [`super::recover`] puts the old bytes back. A failing
//! step 4 puts them back at once.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use super::identity::{BackupHeader, sha256_from};
use super::{COPY_PREFIX, OLD_PREFIX, sync_dir, temp_file};

/// Step 2: the hard-linked `target` opened for writing (its lock is taken
/// by the caller on this handle).
///
/// # Errors
/// The file cannot be opened for writing; it is unchanged.
pub(super) fn open_target(target: &Path) -> std::io::Result<File> {
    OpenOptions::new()
        .read(true)
        .write(true)
        .open(target)
        .map_err(|e| {
            annotate(
                e,
                &format!("opening {} for writing; it is unchanged", target.display()),
            )
        })
}

/// Overwrites the hard-linked `target`, open and locked as `dst`, with the
/// synced temporary file `tmp` (steps 3 to 5 above).
pub(super) fn overwrite(
    tmp: tempfile::NamedTempFile,
    dst: &mut File,
    target: &Path,
    dir: &Path,
) -> std::io::Result<()> {
    let (mut src, tmp_path) = tmp.keep().map_err(|e| e.error)?;
    let backup = match write_backup(dst, &mut src, &tmp_path, target, dir) {
        Ok(b) => b,
        Err(e) => {
            let _ = std::fs::remove_file(&tmp_path);
            return Err(e);
        }
    };
    if let Err(e) = copy_over(&mut src, dst) {
        return Err(undo(dst, target, &backup, &tmp_path, &e));
    }
    let removed = std::fs::remove_file(&backup).and(std::fs::remove_file(&tmp_path));
    sync_dir(dir);
    removed
}

/// Copies the whole of `src` over `dst` from offset 0, cuts `dst` to that
/// length and syncs it.
pub(super) fn copy_over(src: &mut File, dst: &mut File) -> std::io::Result<()> {
    copy_over_from(src, 0, dst)
}

/// [`copy_over`] of `src`'s bytes from `start` on.
fn copy_over_from(src: &mut File, start: u64, dst: &mut File) -> std::io::Result<()> {
    src.seek(SeekFrom::Start(start))?;
    dst.seek(SeekFrom::Start(0))?;
    #[cfg(test)]
    let len = if std::env::var_os(SLOW_COPY).is_some() {
        slow_copy(src, dst)?
    } else {
        std::io::copy(src, dst)?
    };
    #[cfg(not(test))]
    let len = std::io::copy(src, dst)?;
    dst.flush()?;
    dst.set_len(len)?;
    dst.sync_all()
}

/// Test builds only: with this variable set, the in-place copy goes in
/// 64 KiB steps 1 ms apart, so the kill test hits it often.
#[cfg(test)]
pub(super) const SLOW_COPY: &str = "TRACKBENCH_SAVE_SLOW_COPY";

#[cfg(test)]
fn slow_copy(src: &mut File, dst: &mut File) -> std::io::Result<u64> {
    let mut buf = vec![0u8; 1 << 16];
    let mut len = 0;
    loop {
        let n = src.read(&mut buf)?;
        if n == 0 {
            return Ok(len);
        }
        dst.write_all(&buf[..n])?;
        len += n as u64;
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

/// Step 3: the complete, synced copy of the target's bytes after its
/// identity header ([`BackupHeader`]), under its final name only once
/// complete.
fn write_backup(
    dst: &mut File,
    new: &mut File,
    new_path: &Path,
    target: &Path,
    dir: &Path,
) -> std::io::Result<PathBuf> {
    let meta = dst.metadata()?;
    let (dev, ino) = super::identity_of(&meta).unwrap_or_default();
    let (old_sha256, old_len) = sha256_from(dst, 0)?;
    let (new_sha256, new_len) = sha256_from(new, 0)?;
    let header = BackupHeader {
        dev,
        ino,
        old_len,
        old_modified: meta.modified().unwrap_or(std::time::SystemTime::UNIX_EPOCH),
        old_sha256,
        new_len,
        new_sha256,
        new_name: new_path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned(),
    };
    let mut copy = temp_file(dir, COPY_PREFIX, target)?;
    copy.as_file_mut().write_all(&header.encode()?)?;
    dst.seek(SeekFrom::Start(0))?;
    let copied = std::io::copy(&mut Read::take(&mut *dst, old_len), copy.as_file_mut())?;
    if copied != old_len {
        return Err(std::io::Error::other(format!(
            "{} changed while its backup was written",
            target.display()
        )));
    }
    copy.as_file().sync_all()?;
    let copy_name = copy
        .path()
        .file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned();
    let old_name = copy_name.replacen(COPY_PREFIX, OLD_PREFIX, 1);
    let old = dir.join(old_name);
    copy.persist_noclobber(&old).map_err(|e| e.error)?;
    sync_dir(dir);
    Ok(old)
}

/// A failed in-place copy: the old bytes go back from the backup (after
/// its header). The
/// error says whether that worked, and where both versions are when not.
fn undo(
    dst: &mut File,
    target: &Path,
    backup: &Path,
    tmp_path: &Path,
    err: &std::io::Error,
) -> std::io::Error {
    let restored = File::open(backup).and_then(|mut b| {
        let (_, header_len) = BackupHeader::read(&mut b).map_err(std::io::Error::other)?;
        copy_over_from(&mut b, header_len, dst)
    });
    match restored {
        Ok(()) => {
            let _ = std::fs::remove_file(backup);
            let _ = std::fs::remove_file(tmp_path);
            annotate(
                std::io::Error::new(err.kind(), err.to_string()),
                &format!(
                    "writing {} in place (it is hard-linked); its old bytes were put back",
                    target.display()
                ),
            )
        }
        Err(e2) => std::io::Error::new(
            err.kind(),
            format!(
                "writing {} in place (it is hard-linked) failed: {err}; putting the old bytes \
                 back failed too: {e2}. The old bytes are in {}, the new ones in {}",
                target.display(),
                backup.display(),
                tmp_path.display()
            ),
        ),
    }
}

fn annotate(e: std::io::Error, what: &str) -> std::io::Error {
    std::io::Error::new(e.kind(), format!("{what}: {e}"))
}

/// Test builds only: a genuine interrupted save of `target`: the new
/// bytes in their temporary file, the backup with its header, and the
/// first `written` new bytes over the target (what a kill leaves).
#[cfg(test)]
pub(super) fn interrupted_at(target: &Path, new: &[u8], written: usize) -> std::io::Result<()> {
    let dir = super::parent_dir(target);
    let mut tmp = temp_file(dir, super::TEMP_PREFIX, target)?;
    tmp.write_all(new)?;
    let (mut src, tmp_path) = tmp.keep().map_err(|e| e.error)?;
    let mut dst = open_target(target)?;
    write_backup(&mut dst, &mut src, &tmp_path, target, dir)?;
    dst.seek(SeekFrom::Start(0))?;
    dst.write_all(new.get(..written).unwrap_or(new))
}
