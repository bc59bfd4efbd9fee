//! Writing many files into a folder the user chose (issue 30): items
//! extracted from a map, ghosts, batch exports. Nothing is written through
//! a symlink that already sits below the folder (an entry `E:/x` where
//! `out/E:` links to `../../victim` must not land in `victim/`), entry
//! names from files are mapped to safe relative paths first
//! ([`safe_relative`]: a drive prefix dropped, `\` read as `/`, the mapping
//! said), and a failed extraction removes what it wrote
//! ([`FolderWriter::roll_back`]).

use std::path::{Component, Path, PathBuf};

/// A name from a file mapped to a relative path below the destination.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SafeName {
    /// The relative path written.
    pub path: PathBuf,
    /// When it differs from the stored name: "`E:\a\b` written as `a/b`".
    pub mapped: Option<String>,
}

/// Maps a stored entry name to a relative path: `\` separates like `/`, a
/// drive prefix (`E:`) and the separators after it are dropped, empty and
/// `.` components skipped. Refused: `..`, an absolute path without a
/// drive, any other `:`, control characters, a name left empty.
///
/// # Errors
/// The reason, naming the entry.
pub fn safe_relative(stored: &str) -> Result<SafeName, String> {
    let unified = stored.replace('\\', "/");
    let mut rest = unified.as_str();
    let bytes = rest.as_bytes();
    if bytes.len() >= 2 && bytes[1] == b':' && bytes[0].is_ascii_alphabetic() {
        rest = &rest[2..];
    } else if rest.starts_with('/') {
        return Err(format!("entry {stored:?}: an absolute path"));
    }
    let mut path = PathBuf::new();
    for part in rest.split('/') {
        match part {
            "" | "." => {}
            ".." => return Err(format!("entry {stored:?}: a `..` component")),
            p if p.contains(':') => return Err(format!("entry {stored:?}: a `:` inside a name")),
            p if p.chars().any(char::is_control) => {
                return Err(format!("entry {stored:?}: a control character"));
            }
            p => path.push(p),
        }
    }
    if path.as_os_str().is_empty() {
        return Err(format!("entry {stored:?}: an empty name"));
    }
    let same = path.to_string_lossy() == stored.trim_end_matches('/');
    let mapped = (!same).then(|| format!("{stored} written as {}", path.display()));
    Ok(SafeName { path, mapped })
}

/// Writes files below one destination folder, refusing symlinks below it
/// and remembering what it wrote.
#[derive(Debug)]
pub struct FolderWriter {
    dest: PathBuf,
    written: Vec<PathBuf>,
    /// The written files that replaced a file of the same name: a roll
    /// back keeps them (removing one would leave neither version).
    replaced: Vec<PathBuf>,
    created: Vec<PathBuf>,
}

impl FolderWriter {
    /// Creates `dest` (and its parents) when missing. `dest` itself may be
    /// a link: the user named it.
    ///
    /// # Errors
    /// The folder cannot be created.
    pub fn new(dest: &Path) -> std::io::Result<Self> {
        let mut created = Vec::new();
        if !dest.exists() {
            std::fs::create_dir_all(dest)?;
            created.push(dest.to_path_buf());
        }
        Ok(Self {
            dest: dest.to_path_buf(),
            written: Vec::new(),
            replaced: Vec::new(),
            created,
        })
    }

    /// The files written so far.
    #[must_use]
    pub fn written(&self) -> &[PathBuf] {
        &self.written
    }

    /// Creates the folder `rel` below the destination (no component may be
    /// a symlink).
    ///
    /// # Errors
    /// A symlink in the way, an unsafe `rel`, or an I/O error.
    pub fn create_dir(&mut self, rel: &Path) -> std::io::Result<PathBuf> {
        let mut at = self.dest.clone();
        for c in rel.components() {
            let Component::Normal(name) = c else {
                return Err(unsafe_path(rel, "not a plain relative path"));
            };
            at.push(name);
            match std::fs::symlink_metadata(&at) {
                Ok(m) if m.file_type().is_symlink() => {
                    return Err(unsafe_path(
                        &at,
                        "a symlink in the destination: not written through",
                    ));
                }
                Ok(m) if m.is_dir() => {}
                Ok(_) => return Err(unsafe_path(&at, "a file where a folder is needed")),
                Err(_) => match std::fs::create_dir(&at) {
                    Ok(()) => self.created.push(at.clone()),
                    // Another writer of the same batch made it meanwhile:
                    // checked again on the next write, used if a folder.
                    Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                        let m = std::fs::symlink_metadata(&at)?;
                        if !m.is_dir() || m.file_type().is_symlink() {
                            return Err(unsafe_path(&at, "not a folder of ours"));
                        }
                    }
                    Err(e) => return Err(e),
                },
            }
        }
        Ok(at)
    }

    /// Writes `bytes` to `rel` below the destination with the atomic
    /// writer; its folders are created as [`Self::create_dir`] does, and an
    /// existing symlink at the target is refused.
    ///
    /// # Errors
    /// A symlink in the way, or the save's error.
    pub fn write(&mut self, rel: &Path, bytes: &[u8]) -> std::io::Result<PathBuf> {
        let parent = rel.parent().unwrap_or(Path::new(""));
        let dir = self.create_dir(parent)?;
        let name = rel
            .file_name()
            .ok_or_else(|| unsafe_path(rel, "no file name"))?;
        let target = dir.join(name);
        if std::fs::symlink_metadata(&target).is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(unsafe_path(
                &target,
                "a symlink in the destination: not written through",
            ));
        }
        let replaces = std::fs::symlink_metadata(&target).is_ok();
        super::save_atomic(&target, bytes, false)?;
        if replaces {
            self.replaced.push(target.clone());
        }
        self.written.push(target.clone());
        Ok(target)
    }

    /// Removes every file written and folder created, newest first (after a
    /// failure). A written file that replaced an earlier file of the same
    /// name is kept, not removed: the earlier bytes are already gone, and
    /// removing it would leave neither version. Returns what was left, with
    /// the reason (an error kind `AlreadyExists` for a kept replacement).
    #[must_use]
    pub fn roll_back(self) -> Vec<(PathBuf, std::io::Error)> {
        let mut left = Vec::new();
        for f in self.written.iter().rev() {
            if self.replaced.contains(f) {
                left.push((
                    f.clone(),
                    std::io::Error::new(
                        std::io::ErrorKind::AlreadyExists,
                        "kept: it replaced an earlier file of that name, which removing it \
                         would not bring back",
                    ),
                ));
            } else if let Err(e) = std::fs::remove_file(f) {
                left.push((f.clone(), e));
            }
        }
        for d in self.created.iter().rev() {
            if let Err(e) = std::fs::remove_dir(d) {
                left.push((d.clone(), e));
            }
        }
        left
    }
}

fn unsafe_path(path: &Path, why: &str) -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::InvalidInput,
        format!("{}: {why}", path.display()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drive_prefixes_and_backslashes_map_to_relative_paths() {
        let m = safe_relative("E:/TrackmaniaUserData/Items/a.Item.Gbx").unwrap();
        assert_eq!(m.path, Path::new("TrackmaniaUserData/Items/a.Item.Gbx"));
        assert_eq!(
            m.mapped.as_deref(),
            Some(
                "E:/TrackmaniaUserData/Items/a.Item.Gbx written as TrackmaniaUserData/Items/a.Item.Gbx"
            )
        );
        assert_eq!(
            safe_relative("Items\\b.Gbx").unwrap().path,
            Path::new("Items/b.Gbx")
        );
        let plain = safe_relative("Items/c.Gbx").unwrap();
        assert_eq!(plain.mapped, None);
        assert!(
            safe_relative("Items/").unwrap().mapped.is_none(),
            "a folder entry"
        );
        for bad in ["../x", "a/../../x", "C:", "a/b:c", "a\u{1b}b", "/"] {
            assert!(safe_relative(bad).is_err(), "{bad}");
        }
        assert!(safe_relative("/abs/x").is_err());
        assert_eq!(safe_relative("C:\\x").unwrap().path, Path::new("x"));
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_below_the_destination_is_not_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out");
        let victim = dir.path().join("victim");
        std::fs::create_dir_all(out.join("items")).unwrap();
        std::fs::create_dir(&victim).unwrap();
        std::os::unix::fs::symlink("../../victim", out.join("items/E")).unwrap();
        let mut w = FolderWriter::new(&out).unwrap();
        let err = w.write(Path::new("items/E/x.Gbx"), b"item").unwrap_err();
        assert!(
            err.to_string().contains("a symlink in the destination"),
            "{err}"
        );
        assert_eq!(std::fs::read_dir(&victim).unwrap().count(), 0);
        std::os::unix::fs::symlink(victim.join("f"), out.join("f.Gbx")).unwrap();
        assert!(w.write(Path::new("f.Gbx"), b"x").is_err());
        assert!(!victim.join("f").exists());
    }

    #[test]
    fn roll_back_removes_what_was_written() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("new");
        let mut w = FolderWriter::new(&out).unwrap();
        w.write(Path::new("a/b/one.bin"), b"1").unwrap();
        w.write(Path::new("two.bin"), b"2").unwrap();
        assert_eq!(w.written().len(), 2);
        assert!(w.roll_back().is_empty());
        assert!(!out.exists(), "the folder it created is gone too");
    }

    #[test]
    fn roll_back_keeps_a_file_that_replaced_an_earlier_one_and_names_it() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out");
        std::fs::create_dir(&out).unwrap();
        std::fs::write(out.join("old.csv"), b"earlier export").unwrap();
        let mut w = FolderWriter::new(&out).unwrap();
        w.write(Path::new("old.csv"), b"this batch").unwrap();
        w.write(Path::new("new.csv"), b"this batch too").unwrap();
        let left = w.roll_back();
        assert_eq!(left.len(), 1, "{left:?}");
        assert_eq!(left[0].0, out.join("old.csv"));
        assert_eq!(left[0].1.kind(), std::io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read(out.join("old.csv")).unwrap(), b"this batch");
        assert!(!out.join("new.csv").exists());
        assert!(out.exists(), "the folder was the user's: it stays");
    }
}
