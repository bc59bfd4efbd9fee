//! The CLI's front check (issue 30, finding 6): a FIFO, device or socket
//! named anywhere on the command line is refused before any command runs,
//! so no reader can block on one (opening a FIFO for reading waits for a
//! writer; a device may never end) and no writer can write into one. Every
//! reader also refuses them itself (`sniff::input`); this check covers the
//! commands that still read with `std::fs::read`, and the values of
//! `KEY=VALUE` and `--option=VALUE` arguments.

use std::ffi::OsString;
use std::path::Path;
use trackbench_core::save::non_regular_kind;

/// Refuses the first argument of `args` (the process's arguments after the
/// program name) that names an existing FIFO, device or socket, itself or
/// after its first `=`. Folders and missing paths pass (commands say what
/// they make of them).
///
/// # Errors
/// "PATH is a FIFO, not a regular file: refused before it is opened".
pub fn refuse_special_files(args: impl IntoIterator<Item = OsString>) -> anyhow::Result<()> {
    for arg in args {
        for candidate in candidates(&arg) {
            if let Some(what) = special_kind(Path::new(&candidate)) {
                anyhow::bail!(
                    "{} is {what}, not a regular file: refused before it is opened",
                    Path::new(&candidate).display()
                );
            }
        }
    }
    Ok(())
}

/// The argument, and the part after its first `=` when it has one.
fn candidates(arg: &OsString) -> Vec<OsString> {
    let mut out = vec![arg.clone()];
    let text = arg.to_string_lossy();
    if let Some((_, value)) = text.split_once('=')
        && !value.is_empty()
    {
        out.push(OsString::from(value));
    }
    out
}

/// What `path` is when it exists and is neither a regular file nor a
/// folder (symlinks followed).
fn special_kind(path: &Path) -> Option<&'static str> {
    if path.as_os_str().is_empty() {
        return None;
    }
    let meta = std::fs::metadata(path).ok()?;
    if meta.is_dir() {
        return None;
    }
    non_regular_kind(meta.file_type())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn fifos_devices_and_values_after_an_equals_sign_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("x.Gbx");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.unwrap().success());
        let plain = dir.path().join("m.Gbx");
        std::fs::write(&plain, b"GBX").unwrap();
        let os = |s: &str| OsString::from(s);
        let ok = [
            os("set"),
            plain.clone().into(),
            dir.path().into(),
            os("a=b"),
        ];
        assert!(refuse_special_files(ok).is_ok());
        let err = refuse_special_files([os("dump"), fifo.clone().into()]).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "{} is a FIFO, not a regular file: refused before it is opened",
                fifo.display()
            )
        );
        let thumb = format!("map.thumbnail={}", fifo.display());
        assert!(refuse_special_files([os(&thumb)]).is_err());
        let dev = refuse_special_files([os("--output=/dev/null")]).unwrap_err();
        assert!(dev.to_string().contains("a device"), "{dev}");
    }
}
