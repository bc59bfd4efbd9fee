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
    /// Every entry of a folder left out, with the reason (issue 30: a
    /// FIFO, socket or device, a dangling link, a link loop, a linked
    /// folder not entered, a name of another kind), sorted by path.
    pub left_out: Vec<(PathBuf, String)>,
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
    out.left_out.sort();
    out
}

/// Why a folder entry that is not a folder is left out, `None` when it is
/// a regular file (or a link to one).
fn left_out_reason(path: &Path, kind: std::fs::FileType) -> Option<String> {
    if kind.is_symlink() {
        return match std::fs::metadata(path) {
            Ok(m) if m.is_dir() => Some("a symlink to a folder: not entered".into()),
            Ok(m) => crate::save::non_regular_kind(m.file_type())
                .map(|what| format!("a symlink to {what}: not read")),
            Err(e) if e.raw_os_error() == Some(LOOP_ERRNO) => {
                Some("a symlink loop: not read".into())
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                Some("a dangling symlink: not read".into())
            }
            Err(e) => Some(format!("a symlink that cannot be followed: {e}")),
        };
    }
    crate::save::non_regular_kind(kind).map(|what| format!("{what}, not a regular file: not read"))
}

/// `ELOOP` on Linux and the BSDs/macOS differ; it is only used to word the
/// reason.
#[cfg(target_os = "linux")]
const LOOP_ERRNO: i32 = 40;
#[cfg(not(target_os = "linux"))]
const LOOP_ERRNO: i32 = 62;

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
        } else if let Some(reason) = left_out_reason(&path, kind) {
            out.skipped += 1;
            out.left_out.push((path, reason));
        } else if FileKind::from_name(&path).is_some_and(|k| options.kinds.contains(&k)) {
            out.files.push(found(&path));
        } else {
            out.skipped += 1;
            out.left_out
                .push((path, "its name is not of a kind read here".into()));
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

    #[cfg(unix)]
    #[test]
    fn fifos_loops_and_dangling_links_are_left_out_with_their_reason() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let made = std::process::Command::new("mkfifo")
            .arg(d.join("f.Gbx"))
            .status()
            .unwrap();
        assert!(made.success());
        std::os::unix::fs::symlink("nowhere.Gbx", d.join("dangling.Gbx")).unwrap();
        std::os::unix::fs::symlink("l2.Gbx", d.join("l1.Gbx")).unwrap();
        std::os::unix::fs::symlink("l1.Gbx", d.join("l2.Gbx")).unwrap();
        std::os::unix::fs::symlink(d, d.join("up")).unwrap();
        std::fs::write(d.join("ok.Gbx"), b"x").unwrap();
        std::fs::write(d.join("notes.txt"), b"x").unwrap();
        let w = walk(
            &[d.to_path_buf()],
            WalkOptions {
                recursive: true,
                kinds: &[FileKind::Gbx],
            },
        );
        assert_eq!(w.files.len(), 1);
        let reasons: Vec<(String, &str)> = w
            .left_out
            .iter()
            .map(|(p, r)| {
                (
                    p.file_name().unwrap().to_string_lossy().into_owned(),
                    r.as_str(),
                )
            })
            .collect();
        assert_eq!(
            reasons,
            [
                ("dangling.Gbx".into(), "a dangling symlink: not read"),
                ("f.Gbx".into(), "a FIFO, not a regular file: not read"),
                ("l1.Gbx".into(), "a symlink loop: not read"),
                ("l2.Gbx".into(), "a symlink loop: not read"),
                ("notes.txt".into(), "its name is not of a kind read here"),
                ("up".into(), "a symlink to a folder: not entered"),
            ]
        );
        assert_eq!(w.skipped, 6);
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
