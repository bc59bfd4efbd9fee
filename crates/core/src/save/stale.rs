//! Leftovers of saves that did not finish (killed, power cut): listed by
//! their name (issue 30), but a backup is recovered only by the identity
//! its header records (issue 43, [`super::identity`]; the plan and the
//! acting in [`super::recovery`]). The app asks before it restores;
//! `trackbench saves --clean` lists, and acts only with `--yes`.

use std::path::{Path, PathBuf};

use super::{COPY_PREFIX, OLD_PREFIX, RAND_LEN, TEMP_PREFIX, follow_symlinks, parent_dir};

/// What a leftover holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StaleKind {
    /// `.trackbench-save-…`: new bytes that never replaced their file
    /// (complete unless the kill came while they were written).
    NewBytes,
    /// `.trackbench-old-…`: the complete old bytes of a hard-linked file
    /// that was being overwritten in place; the file may be half-written
    /// until `recover` runs.
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
    /// The file its name points at (same folder); `None` for a leftover of
    /// an older trackbench (`.trackbench-save-XXXXXX`). Only a name: a
    /// backup's real target is the one its header records.
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
