//! The message a second trackbench sends to the running one: which files to
//! open. Bytes, so that any path of the system goes through unchanged.
//!
//! ```text
//! trackbench-open 1\n          magic and version
//! token <hex>\n                the listener's secret (empty for a Unix socket)
//! <path>\0<path>\0…            absolute paths, each ended by a NUL byte
//! ```
//!
//! The sender then closes its writing half; the listener answers `ok\n`
//! once it queued the paths (the sender opens its own window when no such
//! answer comes). A NUL byte cannot occur in a path on Unix nor on Windows.

use std::path::PathBuf;

/// First line of every message.
pub const MAGIC: &[u8] = b"trackbench-open 1\n";
/// The listener's answer once the paths are queued.
pub const ACK: &[u8] = b"ok\n";
/// The largest message read (a bigger one is refused): 1 MiB.
pub const MAX_MESSAGE: usize = 1 << 20;
/// The most paths one message may carry.
pub const MAX_PATHS: usize = 4096;

/// Why a message was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolError {
    /// It does not start with [`MAGIC`].
    #[error("not a trackbench message (no `trackbench-open 1` line)")]
    Magic,
    /// The token line is missing or not valid.
    #[error("the message has no token line")]
    NoToken,
    /// The token differs from the listener's.
    #[error("wrong token")]
    WrongToken,
    /// Over [`MAX_MESSAGE`] bytes or [`MAX_PATHS`] paths.
    #[error("the message is too large ({0})")]
    TooLarge(&'static str),
    /// The paths do not end with a NUL byte, or one is empty or not valid
    /// on this system.
    #[error("path {0} of the message is not valid")]
    BadPath(usize),
}

/// The message asking the listener holding `token` to open `paths`.
/// Returns `None` when a path cannot be sent (not valid Unicode on Windows).
#[must_use]
pub fn encode(token: &str, paths: &[PathBuf]) -> Option<Vec<u8>> {
    let mut out = MAGIC.to_vec();
    out.extend_from_slice(b"token ");
    out.extend_from_slice(token.as_bytes());
    out.push(b'\n');
    for p in paths {
        out.extend_from_slice(&path_bytes(p)?);
        out.push(0);
    }
    Some(out)
}

/// The paths of `msg`, checked against the listener's `token`.
///
/// # Errors
/// [`ProtocolError`]: the message is not ours, its token is wrong, it is too
/// large, or a path is empty or not valid here.
pub fn decode(msg: &[u8], token: &str) -> Result<Vec<PathBuf>, ProtocolError> {
    if msg.len() > MAX_MESSAGE {
        return Err(ProtocolError::TooLarge("bytes"));
    }
    let rest = msg.strip_prefix(MAGIC).ok_or(ProtocolError::Magic)?;
    let rest = rest.strip_prefix(b"token ").ok_or(ProtocolError::NoToken)?;
    let end = rest
        .iter()
        .position(|&b| b == b'\n')
        .ok_or(ProtocolError::NoToken)?;
    if &rest[..end] != token.as_bytes() {
        return Err(ProtocolError::WrongToken);
    }
    let body = &rest[end + 1..];
    if body.is_empty() {
        return Ok(Vec::new());
    }
    let Some(body) = body.strip_suffix(&[0]) else {
        return Err(ProtocolError::BadPath(0));
    };
    let mut paths = Vec::new();
    for (i, raw) in body.split(|&b| b == 0).enumerate() {
        if i >= MAX_PATHS {
            return Err(ProtocolError::TooLarge("paths"));
        }
        let path = path_from_bytes(raw).ok_or(ProtocolError::BadPath(i))?;
        paths.push(path);
    }
    Ok(paths)
}

/// A path as bytes: the OS string on Unix, UTF-8 elsewhere.
#[cfg(unix)]
fn path_bytes(p: &std::path::Path) -> Option<Vec<u8>> {
    use std::os::unix::ffi::OsStrExt;
    Some(p.as_os_str().as_bytes().to_vec())
}

/// A path as bytes: the OS string on Unix, UTF-8 elsewhere.
#[cfg(not(unix))]
fn path_bytes(p: &std::path::Path) -> Option<Vec<u8>> {
    p.to_str().map(|s| s.as_bytes().to_vec())
}

/// The path of `raw` (never empty).
#[cfg(unix)]
fn path_from_bytes(raw: &[u8]) -> Option<PathBuf> {
    use std::os::unix::ffi::OsStrExt;
    (!raw.is_empty()).then(|| PathBuf::from(std::ffi::OsStr::from_bytes(raw)))
}

/// The path of `raw` (never empty).
#[cfg(not(unix))]
fn path_from_bytes(raw: &[u8]) -> Option<PathBuf> {
    let s = std::str::from_utf8(raw).ok()?;
    (!s.is_empty()).then(|| PathBuf::from(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_go_through_unchanged() {
        let paths = vec![
            PathBuf::from("/maps/CCP#04 - ODYSSEY.Map.Gbx"),
            PathBuf::from("/maps/秋季 2020 - 12.Map.Gbx"),
            PathBuf::from("/a b/%Agent P%x§31%.Challenge.Gbx"),
        ];
        let msg = encode("abc", &paths).unwrap();
        assert!(msg.starts_with(MAGIC));
        assert_eq!(decode(&msg, "abc").unwrap(), paths);
        assert_eq!(
            decode(&encode("", &[]).unwrap(), "").unwrap(),
            Vec::<PathBuf>::new()
        );
    }

    #[test]
    fn bad_messages_are_refused() {
        let msg = encode("abc", &[PathBuf::from("/x")]).unwrap();
        assert_eq!(decode(&msg, "abd"), Err(ProtocolError::WrongToken));
        assert_eq!(decode(b"GET / HTTP/1.1\r\n", ""), Err(ProtocolError::Magic));
        assert_eq!(decode(MAGIC, ""), Err(ProtocolError::NoToken));
        let mut cut = msg.clone();
        cut.pop(); // the last path loses its NUL
        assert_eq!(decode(&cut, "abc"), Err(ProtocolError::BadPath(0)));
        let mut empty = encode("", &[]).unwrap();
        empty.push(0); // one empty path
        assert_eq!(decode(&empty, ""), Err(ProtocolError::BadPath(0)));
        let mut big = encode("", &[]).unwrap();
        big.resize(MAX_MESSAGE + 1, b'a');
        assert_eq!(decode(&big, ""), Err(ProtocolError::TooLarge("bytes")));
        let many = vec![PathBuf::from("/x"); MAX_PATHS + 1];
        let msg = encode("", &many).unwrap();
        assert_eq!(decode(&msg, ""), Err(ProtocolError::TooLarge("paths")));
    }
}
