//! Why a save was refused before anything was written: the target is
//! read-only, is not a regular file, or its owner or group could not be
//! kept. Carried inside the `std::io::Error` the save returns (kind
//! `PermissionDenied` or `InvalidInput`), found again with [`refusal`].

use std::path::PathBuf;

/// A save refused before the target was touched (issue 30).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SaveRefused {
    /// The target has no write permission bit (e.g. mode 0444); saved only
    /// with [`super::SaveOptions::overwrite_read_only`].
    #[error("{} is read-only (mode {mode:04o}): not overwritten", path.display())]
    ReadOnly {
        /// The file (symlinks followed).
        path: PathBuf,
        /// Its permission bits.
        mode: u32,
    },
    /// The target exists and is a FIFO, device, socket or folder.
    #[error("{} is not a regular file ({what}): not overwritten", path.display())]
    NotRegular {
        /// The path.
        path: PathBuf,
        /// What it is ("a FIFO", "a folder" …).
        what: &'static str,
    },
    /// The replacement would belong to another user or group than the
    /// target and `chown` was not allowed (saving another user's file in a
    /// folder we may write).
    #[error(
        "{} belongs to uid {uid} gid {gid}; the saved file could not keep that owner \
         ({why}): not overwritten",
        path.display()
    )]
    Owner {
        /// The file.
        path: PathBuf,
        /// Its owner.
        uid: u32,
        /// Its group.
        gid: u32,
        /// The `chown` error.
        why: String,
    },
}

impl SaveRefused {
    /// The `std::io::Error` a save returns for this refusal.
    #[must_use]
    pub fn into_io(self) -> std::io::Error {
        let kind = match self {
            Self::NotRegular { .. } => std::io::ErrorKind::InvalidInput,
            _ => std::io::ErrorKind::PermissionDenied,
        };
        std::io::Error::new(kind, self)
    }
}

/// The refusal inside an error returned by a save, if it was one (so the
/// app can ask "overwrite the read-only file?" and the CLI can name
/// `--force`).
#[must_use]
pub fn refusal(err: &std::io::Error) -> Option<&SaveRefused> {
    err.get_ref()?.downcast_ref::<SaveRefused>()
}

/// What a file that is not a regular file is, in words (`None` for a
/// regular file).
#[must_use]
pub fn non_regular_kind(file_type: std::fs::FileType) -> Option<&'static str> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return Some("a FIFO");
        }
        if file_type.is_socket() {
            return Some("a socket");
        }
        if file_type.is_block_device() || file_type.is_char_device() {
            return Some("a device");
        }
    }
    if file_type.is_dir() {
        Some("a folder")
    } else if file_type.is_file() || file_type.is_symlink() {
        None
    } else {
        Some("not a regular file")
    }
}
