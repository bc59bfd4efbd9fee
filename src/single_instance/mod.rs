//! One window per desktop session (issue 17): a second `trackbench FILE`
//! (a double-click in the file manager while trackbench runs) hands its
//! files to the running window, which opens them in tabs, and exits.
//!
//! The first window listens on a thread ([`listen`]): on Unix a socket in
//! `$XDG_RUNTIME_DIR` (else a private folder in the temp folder) named after
//! the display, so that windows on other displays (or other users) are
//! never reached; elsewhere (Windows) a localhost TCP port written with a
//! random token into a file of the user's local app data, the token proving
//! that the sender could read that file. A second instance calls
//! [`forward`] and opens its own window only when no running one answered.
//! A socket or port file left by a crashed instance is found stale (nothing
//! answers) and replaced. `--new-window` skips all of this.
//!
//! The message is [`protocol`]; the listener hands paths to a callback (the
//! app: a channel polled every frame, and a repaint request).

pub mod protocol;
mod tcp;
#[cfg(unix)]
mod unix;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How long a sender waits for the listener's answer, and the listener for a
/// sender's message.
pub const TIMEOUT: Duration = Duration::from_secs(3);

/// Where the running instance listens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Endpoint {
    /// A Unix domain socket at this path.
    #[cfg(unix)]
    Unix(PathBuf),
    /// A localhost TCP port, written with its token into this file.
    Tcp(PathBuf),
}

/// The callback given the paths of each accepted message.
pub type OnPaths = Box<dyn Fn(Vec<PathBuf>) + Send + 'static>;

/// The default endpoint of this user and display, or `None` when there is
/// no private place for it (the app then always opens its own window).
#[must_use]
pub fn default_endpoint() -> Option<Endpoint> {
    let display = display_name();
    #[cfg(unix)]
    {
        let dir = unix::private_dir()?;
        Some(Endpoint::Unix(
            dir.join(format!("trackbench-{display}.sock")),
        ))
    }
    #[cfg(not(unix))]
    {
        let base = std::env::var_os("LOCALAPPDATA")
            .map(PathBuf::from)
            .unwrap_or_else(std::env::temp_dir);
        let dir = base.join("trackbench");
        std::fs::create_dir_all(&dir).ok()?;
        Some(Endpoint::Tcp(dir.join(format!("instance-{display}.port"))))
    }
}

/// The display the window goes to (`WAYLAND_DISPLAY`, else `DISPLAY`), as a
/// file-name part: letters, digits, `.`, `-` and `_`, the rest as `_`.
fn display_name() -> String {
    let raw = std::env::var("WAYLAND_DISPLAY")
        .or_else(|_| std::env::var("DISPLAY"))
        .unwrap_or_else(|_| "default".to_owned());
    raw.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Why the files were not handed over.
#[derive(Debug, thiserror::Error)]
pub enum ForwardError {
    /// No instance listens (nothing there, or a stale socket/port file).
    #[error("no running trackbench answers")]
    NoneRunning,
    /// A path cannot be sent (not valid Unicode on Windows).
    #[error("a path cannot be sent to the running window")]
    Unsendable,
    /// Something answered, but not as trackbench does.
    #[error("the running trackbench did not take the files: {0}")]
    NoAnswer(String),
}

/// Hands `files` (made absolute against the working folder) to the running
/// instance at `ep`; `Ok` once it answered that it will open them.
///
/// # Errors
/// [`ForwardError`]: nothing listens, a path cannot be sent, or the other
/// side did not answer in [`TIMEOUT`].
pub fn forward(ep: &Endpoint, files: &[PathBuf]) -> Result<(), ForwardError> {
    let files: Vec<PathBuf> = files.iter().map(|f| absolute(f)).collect();
    match ep {
        #[cfg(unix)]
        Endpoint::Unix(path) => {
            let stream = unix::connect(path).ok_or(ForwardError::NoneRunning)?;
            let msg = protocol::encode("", &files).ok_or(ForwardError::Unsendable)?;
            exchange(stream, &msg, |s| s.shutdown(std::net::Shutdown::Write))
        }
        Endpoint::Tcp(port_file) => {
            let (stream, token) = tcp::connect(port_file).ok_or(ForwardError::NoneRunning)?;
            let msg = protocol::encode(&token, &files).ok_or(ForwardError::Unsendable)?;
            exchange(stream, &msg, |s| s.shutdown(std::net::Shutdown::Write))
        }
    }
}

/// `path` made absolute against the working folder (as given when that
/// fails).
fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

/// Sends `msg`, closes the writing half, reads the answer.
fn exchange<S: Read + Write>(
    mut stream: S,
    msg: &[u8],
    close_write: impl Fn(&S) -> std::io::Result<()>,
) -> Result<(), ForwardError> {
    let io = |e: std::io::Error| ForwardError::NoAnswer(e.to_string());
    stream.write_all(msg).map_err(io)?;
    stream.flush().map_err(io)?;
    close_write(&stream).map_err(io)?;
    let mut answer = Vec::new();
    stream
        .take(protocol::ACK.len() as u64)
        .read_to_end(&mut answer)
        .map_err(io)?;
    if answer == protocol::ACK {
        Ok(())
    } else {
        Err(ForwardError::NoAnswer(format!(
            "answered {:?}",
            String::from_utf8_lossy(&answer)
        )))
    }
}

/// The running listener: stops and removes its socket or port file when
/// dropped (only if it is still its own).
pub struct Listener {
    stop: Arc<AtomicBool>,
    inner: ListenerKind,
}

enum ListenerKind {
    #[cfg(unix)]
    Unix(unix::Bound),
    Tcp(tcp::Bound),
}

/// Listens at `ep` on a thread; every accepted message's paths go to
/// `on_paths`.
///
/// # Errors
/// When another instance already listens there (`AddrInUse`), or the
/// socket, port or port file cannot be made.
pub fn listen(ep: &Endpoint, on_paths: OnPaths) -> std::io::Result<Listener> {
    let stop = Arc::new(AtomicBool::new(false));
    let inner = match ep {
        #[cfg(unix)]
        Endpoint::Unix(path) => ListenerKind::Unix(unix::bind(path, Arc::clone(&stop), on_paths)?),
        Endpoint::Tcp(port_file) => {
            ListenerKind::Tcp(tcp::bind(port_file, Arc::clone(&stop), on_paths)?)
        }
    };
    Ok(Listener { stop, inner })
}

impl Drop for Listener {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        match &self.inner {
            #[cfg(unix)]
            ListenerKind::Unix(b) => b.close(),
            ListenerKind::Tcp(b) => b.close(),
        }
    }
}

/// A connection whose reads and writes time out after [`TIMEOUT`]: a TCP
/// stream or a Unix socket.
trait Stream: Read + Write + Sized {
    /// Sets both timeouts to [`TIMEOUT`].
    ///
    /// # Errors
    /// When the socket refuses the option.
    fn with_timeouts(self) -> std::io::Result<Self>;
}

impl Stream for std::net::TcpStream {
    fn with_timeouts(self) -> std::io::Result<Self> {
        self.set_read_timeout(Some(TIMEOUT))?;
        self.set_write_timeout(Some(TIMEOUT))?;
        Ok(self)
    }
}

#[cfg(unix)]
impl Stream for std::os::unix::net::UnixStream {
    fn with_timeouts(self) -> std::io::Result<Self> {
        self.set_read_timeout(Some(TIMEOUT))?;
        self.set_write_timeout(Some(TIMEOUT))?;
        Ok(self)
    }
}

/// The listener thread of either endpoint: takes connections from
/// `accept` until `stop` is set and serves each (with `token`).
///
/// # Errors
/// When the thread cannot be started.
fn spawn_server<S: Stream>(
    mut accept: impl FnMut() -> std::io::Result<S> + Send + 'static,
    token: String,
    stop: Arc<AtomicBool>,
    on_paths: OnPaths,
) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name("single-instance".into())
        .spawn(move || {
            loop {
                let stream = accept();
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                if let Ok(stream) = stream.and_then(Stream::with_timeouts) {
                    serve(stream, &token, &on_paths);
                }
            }
        })
        .map(|_| ())
}

/// Serves one connection: reads the message (bounded, with a timeout),
/// hands its paths on, answers [`protocol::ACK`]. Refused messages are
/// answered with nothing.
fn serve<S: Read + Write>(mut stream: S, token: &str, on_paths: &OnPaths) {
    let mut msg = Vec::new();
    let limit = protocol::MAX_MESSAGE as u64 + 1;
    if (&mut stream).take(limit).read_to_end(&mut msg).is_err() {
        return;
    }
    match protocol::decode(&msg, token) {
        Ok(paths) => {
            if !paths.is_empty() {
                on_paths(paths);
            }
            let _ = stream.write_all(protocol::ACK);
        }
        Err(e) => log::warn!("single instance: refused a message: {e}"),
    }
}

#[cfg(test)]
mod tests;
