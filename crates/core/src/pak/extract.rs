//! Extraction to a folder that no archive path can leave.
//!
//! Archive paths use `\` (folder names end with it); names come from
//! untrusted data, so every component is checked: no `..` or `.`, no empty
//! component (which would make the path absolute or collapse), no drive
//! letter or other `:`, no NUL or control character. `/` and `\` both
//! separate, so a name hiding either still yields checked components. After
//! the folders are created, the real parent folder must still lie inside
//! the destination (a pre-existing symlink cannot redirect a write), and an
//! existing symlink is never written through. Each file is written with the
//! core's atomic writer ([`crate::save::save_atomic_with`], which
//! streams: a payload is not held in memory twice).

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use super::Pak;
use super::error::PakError;
use crate::save::save_atomic_with;

/// The checked components of a stored archive path (`GameData\Media\a.txt`
/// → `["GameData", "Media", "a.txt"]`).
///
/// # Errors
/// [`PakError::UnsafePath`] naming the rule the path breaks.
pub fn safe_components(stored_path: &str) -> Result<Vec<&str>, PakError> {
    let unsafe_path = |reason| PakError::UnsafePath {
        path: stored_path.to_owned(),
        reason,
    };
    let parts: Vec<&str> = stored_path.split(['\\', '/']).collect();
    if parts.len() == 1 && parts[0].is_empty() {
        return Err(unsafe_path("empty name"));
    }
    for part in &parts {
        match *part {
            "" if parts[0].is_empty() => return Err(unsafe_path("absolute path")),
            "" => return Err(unsafe_path("empty path component")),
            "." | ".." => return Err(unsafe_path("`.` or `..` component")),
            p if p.contains(':') => return Err(unsafe_path("drive letter or `:`")),
            p if p.chars().any(char::is_control) => return Err(unsafe_path("control character")),
            _ => {}
        }
    }
    Ok(parts)
}

/// `dest` joined with the checked components of `stored_path`.
///
/// # Errors
/// [`PakError::UnsafePath`].
pub fn safe_join(dest: &Path, stored_path: &str) -> Result<PathBuf, PakError> {
    let mut out = dest.to_path_buf();
    out.extend(safe_components(stored_path)?);
    Ok(out)
}

/// True when `pattern` selects the file at `slash_path` (`/` separators):
/// a glob with `*` (any run, `/` included) and `?` over the whole path, or a
/// folder prefix (`GameData` or `GameData/`). ASCII case-insensitive, as
/// game paths are.
#[must_use]
pub fn pattern_matches(pattern: &str, slash_path: &str) -> bool {
    let pattern = pattern.replace('\\', "/").to_ascii_lowercase();
    let path = slash_path.to_ascii_lowercase();
    let folder = pattern.trim_end_matches('/');
    if !folder.is_empty()
        && path
            .strip_prefix(folder)
            .is_some_and(|rest| rest.starts_with('/'))
    {
        return true;
    }
    glob(pattern.as_bytes(), path.as_bytes())
}

fn glob(pattern: &[u8], text: &[u8]) -> bool {
    // Iterative wildcard matching with one backtrack point: linear-ish, no
    // recursion on hostile patterns.
    let (mut p, mut t) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while t < text.len() {
        match pattern.get(p) {
            Some(b'*') => {
                star = Some((p, t));
                p += 1;
            }
            Some(&c) if c == b'?' || c == text[t] => {
                p += 1;
                t += 1;
            }
            _ => match star {
                Some((sp, st)) => {
                    p = sp + 1;
                    t = st + 1;
                    star = Some((sp, st + 1));
                }
                None => return false,
            },
        }
    }
    pattern[p.min(pattern.len())..].iter().all(|&c| c == b'*')
}

/// Progress of an extraction, reported before each file and at the end.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExtractProgress {
    /// Files written so far.
    pub done_files: usize,
    /// Files to write in total.
    pub total_files: usize,
    /// Payload bytes written so far (uncompressed).
    pub done_bytes: u64,
    /// Payload bytes to write in total (sum of uncompressed sizes).
    pub total_bytes: u64,
    /// Archive path (`/` separators) of the file being written, if any.
    pub current: Option<String>,
    /// Paths (`/` separators) of the stored (uncompressed) files written so
    /// far: the v3 format carries no checksum for them (seed 004 "Header
    /// MD5": file data is not hashed), so damage inside them cannot be
    /// detected. Compressed files are checked by zlib's Adler-32.
    pub unverified: Vec<String>,
}

impl ExtractProgress {
    /// "N stored (uncompressed) files could not be verified: …" (the first
    /// few paths), or `None` when every written file was checked.
    #[must_use]
    pub fn unverified_note(&self) -> Option<String> {
        unverified_note(&self.unverified)
    }
}

/// The paths (`/` separators) of the stored (uncompressed) files among
/// `indices`: the v3 format carries no checksum for them.
#[must_use]
pub fn unverified_paths(pak: &Pak, indices: &[usize]) -> Vec<String> {
    indices
        .iter()
        .filter_map(|&i| pak.files().get(i))
        .filter(|f| !f.is_compressed())
        .map(super::header::FileEntry::slash_path)
        .collect()
}

/// "N stored (uncompressed) files could not be verified: …" naming the
/// first few of `unverified`, or `None` when it is empty; every command
/// that reads stored files says it (extract, zip, list --hash).
#[must_use]
pub fn unverified_note(unverified: &[String]) -> Option<String> {
    const SHOWN: usize = 5;
    {
        let n = unverified.len();
        (n > 0).then(|| {
            let mut names = unverified[..n.min(SHOWN)].join(", ");
            if n > SHOWN {
                names.push_str(&format!(" and {} more", n - SHOWN));
            }
            format!(
                "{n} stored (uncompressed) files could not be verified (the pak format has no \
                 checksum for them; compressed files were checked with zlib's Adler-32): {names}"
            )
        })
    }
}

/// Writes the files `indices` of `pak` under `dest`, recreating their folder
/// tree. `progress` is called before each file and once at the end; setting
/// `cancel` stops before the next file (the current file is removed).
///
/// # Errors
/// [`PakError::UnsafePath`] before anything is written when any selected
/// path is unsafe; [`PakError::Cancelled`]; read errors naming the file;
/// [`PakError::Io`].
pub fn extract(
    pak: &Pak,
    dest: &Path,
    indices: &[usize],
    progress: &mut dyn FnMut(&ExtractProgress),
    cancel: &AtomicBool,
) -> Result<ExtractProgress, PakError> {
    let files = pak.files();
    let mut targets = Vec::with_capacity(indices.len());
    let mut state = ExtractProgress {
        total_files: indices.len(),
        ..ExtractProgress::default()
    };
    for &index in indices {
        let file = files.get(index).ok_or(PakError::NoSuchFile {
            index,
            count: files.len(),
        })?;
        targets.push((index, safe_join(dest, &file.path)?));
        state.total_bytes += u64::from(file.uncompressed_size);
    }
    fs::create_dir_all(dest).map_err(|e| PakError::io("creating", dest, e))?;
    let dest_real = fs::canonicalize(dest).map_err(|e| PakError::io("resolving", dest, e))?;
    let mut written: Vec<PathBuf> = Vec::new();
    for (index, target) in targets {
        if cancel.load(Ordering::Relaxed) {
            return Err(PakError::Cancelled);
        }
        state.current = Some(files[index].slash_path());
        progress(&state);
        match extract_one(pak, index, &target, &dest_real) {
            Ok(n) => state.done_bytes += n,
            Err(e) => return Err(undo_written(e, &written)),
        }
        written.push(target);
        state.done_files += 1;
        if !files[index].is_compressed() {
            state.unverified.push(files[index].slash_path());
        }
    }
    state.current = None;
    progress(&state);
    Ok(state)
}

/// A failed extraction: the files written before the error are removed
/// (issue 30); those that cannot be are named in the error.
fn undo_written(err: PakError, written: &[PathBuf]) -> PakError {
    let left: Vec<String> = written
        .iter()
        .filter(|p| fs::remove_file(p).is_err())
        .map(|p| p.display().to_string())
        .collect();
    if left.is_empty() {
        return err;
    }
    PakError::Io {
        context: format!(
            "{err}; the files written before it could not all be removed: {}",
            left.join(", ")
        ),
        error: std::io::Error::other("extraction failed part-way"),
    }
}

fn extract_one(pak: &Pak, index: usize, target: &Path, dest_real: &Path) -> Result<u64, PakError> {
    let path = &pak.files()[index].path;
    let parent = target.parent().unwrap_or(dest_real);
    fs::create_dir_all(parent).map_err(|e| PakError::io("creating", parent, e))?;
    let parent_real = fs::canonicalize(parent).map_err(|e| PakError::io("resolving", parent, e))?;
    if !parent_real.starts_with(dest_real) {
        return Err(PakError::UnsafePath {
            path: path.clone(),
            reason: "a symlink leads out of the folder",
        });
    }
    if fs::symlink_metadata(target).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(PakError::UnsafePath {
            path: path.clone(),
            reason: "the target is a symlink",
        });
    }
    // The core's one atomic writer, in its streaming form: the payload goes
    // to a temporary file beside the target (inside the checked parent),
    // which is synced and renamed over it. A failed or cancelled file leaves
    // nothing behind, and a file is never half-written.
    let mut read_error = None;
    let mut written = 0;
    let saved = save_atomic_with(target, false, |out| {
        match pak.copy_file(index, out) {
            Ok(len) => written = len,
            Err(e) => read_error = Some(e),
        }
        match read_error {
            Some(_) => Err(std::io::Error::other("reading the payload failed")),
            None => Ok(()),
        }
    });
    match (read_error, saved) {
        (Some(e), _) => Err(e),
        (None, Err(e)) => Err(PakError::io("writing", target, e)),
        (None, Ok(())) => Ok(written),
    }
}

/// Extracts `indices` with no progress report and no cancel (CLI, tests).
///
/// # Errors
/// As [`extract`].
pub fn extract_simple(
    pak: &Pak,
    dest: &Path,
    indices: &[usize],
) -> Result<ExtractProgress, PakError> {
    extract(pak, dest, indices, &mut |_| {}, &AtomicBool::new(false))
}

/// Indices of the files of `pak` selected by any of `patterns` (all files
/// when `patterns` is empty); see [`pattern_matches`].
#[must_use]
pub fn select(pak: &Pak, patterns: &[String]) -> Vec<usize> {
    let all = pak.files().iter().enumerate();
    all.filter(|(_, f)| {
        let path = f.slash_path();
        patterns.is_empty() || patterns.iter().any(|p| pattern_matches(p, &path))
    })
    .map(|(i, _)| i)
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn safe_components_accepts_game_paths() {
        assert_eq!(
            safe_components("GameData\\Media\\a.txt").unwrap(),
            ["GameData", "Media", "a.txt"]
        );
        assert_eq!(safe_components("version.txt").unwrap(), ["version.txt"]);
        assert_eq!(safe_components("Skin_été\\x").unwrap(), ["Skin_été", "x"]);
    }

    #[test]
    fn safe_components_refuses_hostile_paths() {
        for bad in [
            "..\\evil",
            "a\\..\\..\\evil",
            "a/../evil",
            "\\abs",
            "/etc/passwd",
            "C:\\Windows\\x",
            "C:evil",
            "a\\\\b",
            "a\\",
            "",
            ".",
            "a\u{0}b",
        ] {
            assert!(safe_components(bad).is_err(), "{bad:?} must be refused");
        }
    }

    #[test]
    fn patterns_match_globs_and_folders() {
        assert!(pattern_matches("*.txt", "GameData/Media/readme.txt"));
        assert!(pattern_matches(
            "gamedata/media",
            "GameData/Media/readme.txt"
        ));
        assert!(pattern_matches(
            "GameData\\Media\\",
            "GameData/Media/readme.txt"
        ));
        assert!(pattern_matches(
            "Game?ata/*/read*",
            "GameData/Media/readme.txt"
        ));
        assert!(!pattern_matches("*.dds", "GameData/Media/readme.txt"));
        assert!(!pattern_matches("Game", "GameData/Media/readme.txt"));
        assert!(pattern_matches("*", "x"));
    }
}
