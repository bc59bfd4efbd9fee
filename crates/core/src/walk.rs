//! The one input walker: the files named on a command line or chosen in the
//! library, folders listed (recursively or not), kept when their extension
//! names one of the wanted [`FileKind`]s. Sorted by path; folders that
//! cannot be listed and entries left out are reported; symbolic links to
//! folders are not followed, so a link loop cannot recurse.

use crate::sniff::FileKind;
use std::path::{Path, PathBuf};

/// What to walk for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WalkOptions<'a> {
    /// Go into sub-folders.
    pub recursive: bool,
    /// The kinds kept from folders ([`FileKind::from_name`]); a file named
    /// directly is always kept.
    pub kinds: &'a [FileKind],
}

/// One file found, with the root it was found under.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The file.
    pub path: PathBuf,
    /// The folder named as a root that it was found in (`None` for a file
    /// named directly).
    pub root: Option<PathBuf>,
}

/// What a walk found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Walk {
    /// The files kept, sorted by path, without duplicates.
    pub files: Vec<Found>,
    /// Folders (or entries) that could not be read, with the root they
    /// were found under and why.
    pub unreadable: Vec<(Found, String)>,
    /// Files left out because their name is not of a wanted kind.
    pub skipped: usize,
}

/// Walks `roots`: a folder gives its files of `options.kinds`, anything
/// else is taken as a file as is.
#[must_use]
pub fn walk(roots: &[PathBuf], options: WalkOptions<'_>) -> Walk {
    let mut out = Walk::default();
    for root in roots {
        if root.is_dir() {
            walk_dir(root, root, options, &mut out);
        } else {
            out.files.push(Found {
                path: root.clone(),
                root: None,
            });
        }
    }
    out.files.sort_by(|a, b| a.path.cmp(&b.path));
    out.files.dedup_by(|a, b| a.path == b.path);
    out.unreadable.sort_by(|a, b| a.0.path.cmp(&b.0.path));
    out
}

fn walk_dir(root: &Path, dir: &Path, options: WalkOptions<'_>, out: &mut Walk) {
    let found = |path: &Path| Found {
        path: path.to_path_buf(),
        root: Some(root.to_path_buf()),
    };
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            out.unreadable
                .push((found(dir), format!("cannot list the folder: {e}")));
            return;
        }
    };
    for entry in entries {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                out.unreadable
                    .push((found(dir), format!("cannot read an entry: {e}")));
                continue;
            }
        };
        let path = entry.path();
        // `file_type` does not follow links: a linked folder is not entered.
        let Ok(kind) = entry.file_type() else {
            out.unreadable
                .push((found(&path), "cannot read its type".into()));
            continue;
        };
        if kind.is_dir() {
            if options.recursive {
                walk_dir(root, &path, options, out);
            }
        } else if FileKind::from_name(&path).is_some_and(|k| options.kinds.contains(&k))
            && (kind.is_file() || path.is_file())
        {
            out.files.push(found(&path));
        } else {
            out.skipped += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folders_are_walked_sorted_and_filtered_by_kind() {
        let dir = tempfile::tempdir().unwrap();
        let sub = dir.path().join("sub");
        std::fs::create_dir(&sub).unwrap();
        for p in ["b.Map.Gbx", "a.txt", "sub/c.GBX", "sub/d.trk", "x.pak"] {
            std::fs::write(dir.path().join(p), b"x").unwrap();
        }
        let extra = dir.path().join("a.txt");
        let roots = [dir.path().to_path_buf(), extra];
        let names = |w: &Walk| -> Vec<String> {
            w.files
                .iter()
                .map(|f| {
                    f.path
                        .strip_prefix(dir.path())
                        .unwrap()
                        .display()
                        .to_string()
                })
                .collect()
        };
        let gbx = walk(
            &roots,
            WalkOptions {
                recursive: true,
                kinds: &[FileKind::Gbx],
            },
        );
        assert_eq!(names(&gbx), ["a.txt", "b.Map.Gbx", "sub/c.GBX"]);
        assert_eq!(gbx.skipped, 3);
        assert_eq!(gbx.files[0].root, None);
        let flat = walk(
            &roots[..1],
            WalkOptions {
                recursive: false,
                kinds: &FileKind::ALL,
            },
        );
        assert_eq!(names(&flat), ["b.Map.Gbx", "x.pak"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_link_loop_is_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(dir.path(), dir.path().join("loop")).unwrap();
        std::fs::write(dir.path().join("m.gbx"), b"x").unwrap();
        let w = walk(
            &[dir.path().to_path_buf()],
            WalkOptions {
                recursive: true,
                kinds: &[FileKind::Gbx],
            },
        );
        assert_eq!(w.files.len(), 1);
    }

    #[test]
    fn a_missing_folder_inside_is_reported() {
        let w = walk_missing();
        assert!(w.files.is_empty());
    }

    fn walk_missing() -> Walk {
        let mut out = Walk::default();
        let p = Path::new("/nonexistent/trackbench");
        walk_dir(
            p,
            p,
            WalkOptions {
                recursive: true,
                kinds: &FileKind::ALL,
            },
            &mut out,
        );
        assert_eq!(out.unreadable.len(), 1);
        assert!(out.unreadable[0].1.starts_with("cannot list the folder"));
        out
    }
}
