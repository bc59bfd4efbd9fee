//! Leftovers of saves that did not finish (killed, power cut): listed,
//! matched to the file they belong to by their name, recovered and cleaned
//! (issue 30: the app offers them back at open; `trackbench saves` lists
//! and cleans them).

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

use super::in_place::{copy_over, same_bytes};
use super::{
    COPY_PREFIX, OLD_PREFIX, RAND_LEN, TEMP_PREFIX, follow_symlinks, parent_dir, sync_dir,
};

/// What a leftover holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StaleKind {
    /// `.trackbench-save-…`: new bytes that never replaced their file
    /// (complete unless the kill came while they were written).
    NewBytes,
    /// `.trackbench-old-…`: the complete old bytes of a hard-linked file
    /// that was being overwritten in place; the file may be half-written
    /// until [`recover`] runs.
    OldBytes,
    /// `.trackbench-copy-…`: such a backup, not yet complete (its file was
    /// not touched yet); useless.
    PartialCopy,
}

/// One leftover file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaleFile {
    /// Its path.
    pub path: PathBuf,
    /// What it holds.
    pub kind: StaleKind,
    /// The file it belongs to (same folder), from its name; `None` for a
    /// leftover of an older trackbench (`.trackbench-save-XXXXXX`).
    pub target: Option<PathBuf>,
    /// Its size in bytes.
    pub len_bytes: u64,
}

impl StaleFile {
    /// One line for people: what it is and what it belongs to.
    #[must_use]
    pub fn describe(&self) -> String {
        let of = self.target.as_ref().map_or_else(
            || "an unknown file".to_owned(),
            |t| {
                t.file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned()
            },
        );
        let what = match self.kind {
            StaleKind::NewBytes => "unsaved new version of",
            StaleKind::OldBytes => "old version (the save was interrupted while overwriting) of",
            StaleKind::PartialCopy => "incomplete backup of",
        };
        format!(
            "{}: {what} {of} ({} bytes)",
            self.path.display(),
            self.len_bytes
        )
    }
}

/// Every leftover in `dir`, sorted by path; empty when the folder cannot be
/// read.
#[must_use]
pub fn stale_files(dir: &Path) -> Vec<StaleFile> {
    let mut out: Vec<StaleFile> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| parse(dir, &e.file_name().to_string_lossy(), e.path()))
        .collect();
    out.sort_by(|a, b| a.path.cmp(&b.path));
    out
}

fn parse(dir: &Path, name: &str, path: PathBuf) -> Option<StaleFile> {
    let (kind, rest) = [
        (StaleKind::NewBytes, TEMP_PREFIX),
        (StaleKind::OldBytes, OLD_PREFIX),
        (StaleKind::PartialCopy, COPY_PREFIX),
    ]
    .into_iter()
    .find_map(|(k, p)| name.strip_prefix(p).map(|r| (k, r)))?;
    let target = rest
        .rsplit_once('.')
        .filter(|(t, rand)| !t.is_empty() && rand.len() == RAND_LEN)
        .map(|(t, _)| dir.join(t));
    let len_bytes = std::fs::metadata(&path).map_or(0, |m| m.len());
    Some(StaleFile {
        path,
        kind,
        target,
        len_bytes,
    })
}

/// The leftovers that belong to `file` (symlinks followed).
#[must_use]
pub fn stale_files_for(file: &Path) -> Vec<StaleFile> {
    let Ok(target) = follow_symlinks(file) else {
        return Vec::new();
    };
    let dir = parent_dir(&target);
    let name = target.file_name().unwrap_or_default();
    stale_files(dir)
        .into_iter()
        .filter(|s| {
            s.target
                .as_ref()
                .is_some_and(|t| t.file_name().unwrap_or_default() == name)
        })
        .collect()
}

/// The paths of every leftover in `dir` (see [`stale_files`]).
#[must_use]
pub fn stale_temp_files(dir: &Path) -> Vec<PathBuf> {
    stale_files(dir).into_iter().map(|s| s.path).collect()
}

/// What [`recover`] found and did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recovered {
    /// No interrupted in-place save of this file.
    Nothing,
    /// The file still held its old bytes (the overwrite had not begun).
    OldWasIntact,
    /// The file already held the complete new bytes.
    NewWasComplete,
    /// The file was half-written: its old bytes were put back in place.
    OldRestored,
}

/// Finishes an interrupted save of `file` so it holds exactly its old or
/// its new bytes, through every name: when an `OldBytes` backup exists and
/// the file matches neither it nor a new version, the backup is copied
/// back in place. Then the backups and incomplete copies are removed; a
/// new version that did not reach the file is kept (to be offered back).
///
/// # Errors
/// An I/O error reading or writing; the backup is then kept.
pub fn recover(file: &Path) -> std::io::Result<Recovered> {
    let target = follow_symlinks(file)?;
    let dir = parent_dir(&target).to_path_buf();
    let stale = stale_files_for(&target);
    let olds: Vec<&StaleFile> = stale
        .iter()
        .filter(|s| s.kind == StaleKind::OldBytes)
        .collect();
    for copy in stale.iter().filter(|s| s.kind == StaleKind::PartialCopy) {
        std::fs::remove_file(&copy.path)?;
    }
    let Some(newest_old) = olds.iter().max_by_key(|s| modified(&s.path)) else {
        return Ok(Recovered::Nothing);
    };
    let mut outcome = None;
    for new in stale.iter().filter(|s| s.kind == StaleKind::NewBytes) {
        if same_bytes(&target, &new.path)? {
            std::fs::remove_file(&new.path)?;
            outcome = Some(Recovered::NewWasComplete);
        }
    }
    if outcome.is_none() {
        for old in &olds {
            if same_bytes(&target, &old.path)? {
                outcome = Some(Recovered::OldWasIntact);
            }
        }
    }
    let outcome = match outcome {
        Some(o) => o,
        None => {
            let mut dst = OpenOptions::new().write(true).open(&target)?;
            copy_over(&mut File::open(&newest_old.path)?, &mut dst)?;
            Recovered::OldRestored
        }
    };
    for old in olds {
        std::fs::remove_file(&old.path)?;
    }
    sync_dir(&dir);
    Ok(outcome)
}

fn modified(path: &Path) -> Option<std::time::SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// Recovers every file of `dir` with an interrupted save ([`recover`]),
/// then deletes every leftover (new versions included). Returns one line
/// per leftover saying what was done.
///
/// # Errors
/// The first I/O error (the leftovers after it are kept).
pub fn clean_stale(dir: &Path) -> std::io::Result<Vec<String>> {
    let mut lines = Vec::new();
    let stale = stale_files(dir);
    let mut recovered = std::collections::BTreeSet::new();
    for s in &stale {
        let Some(target) = s.target.as_ref().filter(|_| s.kind == StaleKind::OldBytes) else {
            continue;
        };
        if recovered.insert(target.clone()) {
            let what = match recover(target)? {
                Recovered::Nothing | Recovered::OldWasIntact => "holds its old bytes",
                Recovered::NewWasComplete => "holds its new bytes",
                Recovered::OldRestored => "was half-written: its old bytes were put back",
            };
            lines.push(format!("{}: {what}", target.display()));
        }
    }
    for s in stale_files(dir) {
        std::fs::remove_file(&s.path)?;
        lines.push(format!("deleted {}", s.describe()));
    }
    sync_dir(dir);
    Ok(lines)
}

/// Deletes every leftover in `dir` after recovering interrupted saves
/// ([`clean_stale`]); returns how many leftovers were there.
///
/// # Errors
/// As [`clean_stale`].
pub fn remove_stale_temp_files(dir: &Path) -> std::io::Result<usize> {
    let before = stale_files(dir).len();
    clean_stale(dir)?;
    Ok(before)
}
