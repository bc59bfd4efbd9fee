//! The TCP endpoint (Windows; tested everywhere): a port on 127.0.0.1 and a
//! random token, both written into a port file of the user's own folder.
//! Only who can read that file can send paths.

use super::{OnPaths, Stream, TIMEOUT, spawn_server};
use std::hash::{BuildHasher, Hasher};
use std::io::Write;
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use trackbench_core::save::{SaveOptions, save_with};

/// The port and token in `port_file` (`"<port> <token>\n"`).
fn read_port_file(port_file: &Path) -> Option<(u16, String)> {
    let text = std::fs::read_to_string(port_file).ok()?;
    let (port, token) = text.trim().split_once(' ')?;
    Some((port.parse().ok()?, token.to_owned()))
}

/// A connection to the port named in `port_file`, with its token.
pub(super) fn connect(port_file: &Path) -> Option<(TcpStream, String)> {
    let (port, token) = read_port_file(port_file)?;
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    let s = TcpStream::connect_timeout(&addr, TIMEOUT).ok()?;
    Some((s.with_timeouts().ok()?, token))
}

/// True when a live trackbench answers at the port of `port_file` (an empty
/// message, answered like any other).
fn alive(port_file: &Path) -> bool {
    super::forward(&super::Endpoint::Tcp(port_file.to_path_buf()), &[]).is_ok()
}

/// 128 random bits as hex (the standard library's per-process random hash
/// keys, twice).
fn new_token() -> String {
    let mut out = String::new();
    for i in 0..2u64 {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(i);
        h.write_u32(std::process::id());
        out.push_str(&format!("{:016x}", h.finish()));
    }
    out
}

/// A bound port and the file that names it.
pub(super) struct Bound {
    port_file: PathBuf,
    port: u16,
    token: String,
}

/// Binds a port, writes `port_file` (replacing a stale one) and serves on a
/// thread until `stop`.
pub(super) fn bind(
    port_file: &Path,
    stop: Arc<AtomicBool>,
    on_paths: OnPaths,
) -> std::io::Result<Bound> {
    if alive(port_file) {
        return Err(std::io::ErrorKind::AddrInUse.into());
    }
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))?;
    let port = listener.local_addr()?.port();
    let token = new_token();
    write_port_file(port_file, &format!("{port} {token}\n"))?;
    let accept = move || listener.accept().map(|(s, _)| s);
    spawn_server(accept, token.clone(), stop, on_paths)?;
    Ok(Bound {
        port_file: port_file.to_path_buf(),
        port,
        token,
    })
}

/// Writes the port file through the core's atomic writer (a reader never
/// sees half of it), readable by this user only on Unix
/// ([`SaveOptions::owner_only`]); a stale one is replaced whatever its mode.
fn write_port_file(port_file: &Path, text: &str) -> std::io::Result<()> {
    let options = SaveOptions {
        overwrite_read_only: true,
        owner_only: true,
        ..SaveOptions::default()
    };
    save_with(port_file, options, |f| f.write_all(text.as_bytes()))
}

impl Bound {
    /// Wakes the thread (stop is set) and removes the port file if it
    /// still names this listener.
    pub(super) fn close(&self) {
        let _ = TcpStream::connect_timeout(
            &SocketAddr::from((Ipv4Addr::LOCALHOST, self.port)),
            TIMEOUT,
        );
        if read_port_file(&self.port_file).is_some_and(|(p, t)| p == self.port && t == self.token) {
            let _ = std::fs::remove_file(&self.port_file);
        }
    }
}
