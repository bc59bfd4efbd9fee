//! The one folder walker: [`entries`] lists a folder's tree (each folder's
//! entries sorted by name, a folder's contents right after it; symbolic
//! links to folders are not followed, so a link loop cannot recurse;
//! unreadable folders and entries left out are reported), and [`walk`]
//! takes the files named on a command line or chosen in the library from
//! it, kept when their extension names one of the wanted [`FileKind`]s.
//! It sits below `pak`, whose "pak from folder" walks the whole tree
//! through [`entries`].

use crate::file_kinds::FileKind;
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

/// One entry of a folder's tree, as [`entries`] meets it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// A folder (its entries follow when the walk is recursive).
    Folder(PathBuf),
    /// A regular file, or a symbolic link to one (`linked`).
    File {
        /// The file.
        path: PathBuf,
        /// True for a symbolic link to a regular file.
        linked: bool,
    },
    /// An entry left out, with the reason (issue 30: a FIFO, socket or
    /// device, a dangling link, a link loop, a linked folder not entered).
    LeftOut(PathBuf, String),
    /// A folder that could not be listed, or whose entry could not be read
    /// (the folder's path), or an entry whose type could not be read; with
    /// why.
    Unreadable(PathBuf, String),
}

/// The tree below folder `dir` in path order: each folder's entries sorted
/// by name (bytes), a folder's own entries right after it when
/// `recursive`. Nothing is read but the folders' listings.
#[must_use]
pub fn entries(dir: &Path, recursive: bool) -> Vec<Entry> {
    let mut out = Vec::new();
    list_into(dir, recursive, &mut out);
    out
}

fn list_into(dir: &Path, recursive: bool, out: &mut Vec<Entry>) {
    let listing = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            let why = format!("cannot list the folder: {e}");
            out.push(Entry::Unreadable(dir.to_path_buf(), why));
            return;
        }
    };
    let mut found = Vec::new();
    for entry in listing {
        match entry {
            Ok(entry) => found.push(entry),
            Err(e) => {
                let why = format!("cannot read an entry: {e}");
                out.push(Entry::Unreadable(dir.to_path_buf(), why));
            }
        }
    }
    found.sort_by_key(std::fs::DirEntry::file_name);
    for entry in found {
        let path = entry.path();
        // `file_type` does not follow links: a linked folder is not entered.
        let Ok(kind) = entry.file_type() else {
            out.push(Entry::Unreadable(path, "cannot read its type".into()));
            continue;
        };
        if kind.is_dir() {
            out.push(Entry::Folder(path.clone()));
            if recursive {
                list_into(&path, recursive, out);
            }
        } else if let Some(reason) = left_out_reason(&path, kind) {
            out.push(Entry::LeftOut(path, reason));
        } else {
            let linked = kind.is_symlink();
            out.push(Entry::File { path, linked });
        }
    }
}

fn walk_dir(root: &Path, dir: &Path, options: WalkOptions<'_>, out: &mut Walk) {
    let found = |path: PathBuf| Found {
        path,
        root: Some(root.to_path_buf()),
    };
    for entry in entries(dir, options.recursive) {
        match entry {
            Entry::Folder(_) => {}
            Entry::Unreadable(path, why) => out.unreadable.push((found(path), why)),
            Entry::LeftOut(path, reason) => {
                out.skipped += 1;
                out.left_out.push((path, reason));
            }
            Entry::File { path, .. } => {
                if FileKind::from_name(&path).is_some_and(|k| options.kinds.contains(&k)) {
                    out.files.push(found(path));
                } else {
                    out.skipped += 1;
                    out.left_out
                        .push((path, "its name is not of a kind read here".into()));
                }
            }
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

    #[cfg(unix)]
    #[test]
    fn entries_list_a_tree_in_path_order_with_its_folders() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::create_dir_all(d.join("a/b")).unwrap();
        for p in ["a.txt", "a/b/c.Gbx", "a/z", "0"] {
            std::fs::write(d.join(p), b"x").unwrap();
        }
        std::os::unix::fs::symlink(d.join("0"), d.join("a/l")).unwrap();
        let rel = |p: &Path| p.strip_prefix(d).unwrap().display().to_string();
        let seen: Vec<String> = entries(d, true)
            .iter()
            .map(|e| match e {
                Entry::Folder(p) => format!("{}/", rel(p)),
                Entry::File { path, linked } => {
                    format!("{}{}", rel(path), ["", "@"][usize::from(*linked)])
                }
                Entry::LeftOut(p, _) | Entry::Unreadable(p, _) => format!("!{}", rel(p)),
            })
            .collect();
        assert_eq!(
            seen,
            ["0", "a/", "a/b/", "a/b/c.Gbx", "a/l@", "a/z", "a.txt"]
        );
        let flat: Vec<String> = entries(d, false)
            .iter()
            .map(|e| format!("{e:?}").chars().take(4).collect())
            .collect();
        assert_eq!(flat, ["File", "Fold", "File"]);
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
