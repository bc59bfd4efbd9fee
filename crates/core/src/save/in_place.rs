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

use super::{COPY_PREFIX, OLD_PREFIX, sync_dir, temp_file};

/// Overwrites the hard-linked `target` with the synced temporary file
/// `tmp` (steps 2 to 5 above).
pub(super) fn overwrite(
    tmp: tempfile::NamedTempFile,
    target: &Path,
    dir: &Path,
) -> std::io::Result<()> {
    let mut dst = OpenOptions::new()
        .read(true)
        .write(true)
        .open(target)
        .map_err(|e| {
            annotate(
                e,
                &format!("opening {} for writing; it is unchanged", target.display()),
            )
        })?;
    let backup = write_backup(&mut dst, target, dir)?;
    let (mut src, tmp_path) = tmp.keep().map_err(|e| e.error)?;
    if let Err(e) = copy_over(&mut src, &mut dst) {
        return Err(undo(&mut dst, target, &backup, &tmp_path, &e));
    }
    let removed = std::fs::remove_file(&backup).and(std::fs::remove_file(&tmp_path));
    sync_dir(dir);
    removed
}

/// Copies the whole of `src` over `dst` from offset 0, cuts `dst` to that
/// length and syncs it.
pub(super) fn copy_over(src: &mut File, dst: &mut File) -> std::io::Result<()> {
    src.seek(SeekFrom::Start(0))?;
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

/// Step 3: the complete, synced copy of the target's bytes, under its final
/// name only once complete.
fn write_backup(dst: &mut File, target: &Path, dir: &Path) -> std::io::Result<PathBuf> {
    let mut copy = temp_file(dir, COPY_PREFIX, target)?;
    dst.seek(SeekFrom::Start(0))?;
    std::io::copy(dst, copy.as_file_mut())?;
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

/// A failed in-place copy: the old bytes go back from the backup. The
/// error says whether that worked, and where both versions are when not.
fn undo(
    dst: &mut File,
    target: &Path,
    backup: &Path,
    tmp_path: &Path,
    err: &std::io::Error,
) -> std::io::Error {
    let restored = File::open(backup).and_then(|mut b| copy_over(&mut b, dst));
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

/// True when the files at `a` and `b` hold the same bytes (read in blocks).
pub(super) fn same_bytes(a: &Path, b: &Path) -> std::io::Result<bool> {
    let (mut fa, mut fb) = (File::open(a)?, File::open(b)?);
    if fa.metadata()?.len() != fb.metadata()?.len() {
        return Ok(false);
    }
    let (mut ba, mut bb) = (vec![0u8; 1 << 16], vec![0u8; 1 << 16]);
    loop {
        let n = read_full(&mut fa, &mut ba)?;
        let m = read_full(&mut fb, &mut bb)?;
        if n != m || ba[..n] != bb[..m] {
            return Ok(false);
        }
        if n == 0 {
            return Ok(true);
        }
    }
}

fn read_full(f: &mut File, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match f.read(&mut buf[filled..])? {
            0 => break,
            n => filled += n,
        }
    }
    Ok(filled)
}
