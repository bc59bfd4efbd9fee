//! The Unix endpoint: a socket in a folder only this user can enter.

use super::{OnPaths, Stream, spawn_server};
use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// `$XDG_RUNTIME_DIR` (private by definition), else
/// `<temp>/trackbench-<user>` made with mode 0700 — refused (`None`) when it
/// exists with rights for others (someone else may have made it).
pub(super) fn private_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("XDG_RUNTIME_DIR").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    let user = std::env::var("USER")
        .or_else(|_| std::env::var("LOGNAME"))
        .unwrap_or_else(|_| "user".to_owned());
    let user: String = user.chars().filter(char::is_ascii_alphanumeric).collect();
    let dir = std::env::temp_dir().join(format!("trackbench-{user}"));
    match std::fs::DirBuilder::new().mode(0o700).create(&dir) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(_) => return None,
    }
    let meta = std::fs::symlink_metadata(&dir).ok()?;
    (meta.is_dir() && meta.permissions().mode() & 0o077 == 0).then_some(dir)
}

/// A connection to a live listener at `path`, if one answers.
pub(super) fn connect(path: &Path) -> Option<UnixStream> {
    UnixStream::connect(path).ok()?.with_timeouts().ok()
}

/// A bound socket: its path and inode (removed on close only if still
/// ours).
pub(super) struct Bound {
    path: PathBuf,
    ino: u64,
}

/// Binds `path` (replacing a stale socket nobody answers on) and serves it
/// on a thread until `stop`.
pub(super) fn bind(
    path: &Path,
    stop: Arc<AtomicBool>,
    on_paths: OnPaths,
) -> std::io::Result<Bound> {
    let listener = match UnixListener::bind(path) {
        Ok(l) => l,
        Err(e) if e.kind() == std::io::ErrorKind::AddrInUse => {
            if UnixStream::connect(path).is_ok() {
                return Err(e); // a live instance
            }
            // Left by an instance that died: nothing answers.
            std::fs::remove_file(path)?;
            UnixListener::bind(path)?
        }
        Err(e) => return Err(e),
    };
    let ino = std::fs::metadata(path)?.ino();
    let accept = move || listener.accept().map(|(s, _)| s);
    spawn_server(accept, String::new(), stop, on_paths)?;
    Ok(Bound {
        path: path.to_path_buf(),
        ino,
    })
}

impl Bound {
    /// Wakes the thread (stop is set) and removes the socket if it is
    /// still the one bound.
    pub(super) fn close(&self) {
        let _ = UnixStream::connect(&self.path);
        if std::fs::metadata(&self.path).is_ok_and(|m| m.ino() == self.ino) {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}
