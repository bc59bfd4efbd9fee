//! Reading an input file safely (issue 30): a FIFO, device or socket is
//! refused before it is opened (opening a FIFO for reading blocks until a
//! writer comes, reading a device may never end), and the first bytes are
//! read to learn the kind before the whole file is: a file that is not of
//! the kind a command reads is rejected from its head alone (a 2 GB file
//! that is not a GBX costs 16 bytes of reading, not 2 GB of memory).

use std::io::Read;
use std::path::Path;

use super::bounded::GbxRead;
use super::{FileKind, file_kind};
use crate::save::non_regular_kind;

/// Bytes read to sniff a file's kind (the longest magic, "NadeoPak", plus
/// its version; the GBX reader's error on a wrong magic needs only 3).
pub const HEAD_BYTES: usize = 16;
/// The largest picture read for `set map.thumbnail=` and the app's
/// thumbnail replacement (16 MiB; a map's thumbnail is a JPEG of tens of
/// KB): a larger file is refused from its length (issue 43, finding 6).
pub const MAX_IMAGE_BYTES: u64 = 16 << 20;
/// The largest Stunts file read (a track is 1,802 bytes, a replay a few
/// KB more; `.smd` metadata is separate).
pub const MAX_STUNTS_BYTES: u64 = 4 * 1024 * 1024;

/// Refuses anything but a regular file (symlinks followed), before it is
/// opened: an `InvalidInput` error saying what it is ("x.Gbx is a FIFO,
/// not a regular file: not read").
///
/// # Errors
/// That refusal, or the error of `stat` (missing file …).
pub fn check_regular(path: &Path) -> std::io::Result<std::fs::Metadata> {
    let meta = std::fs::metadata(path)?;
    match non_regular_kind(meta.file_type()) {
        Some(what) => Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("{} is {what}, not a regular file: not read", path.display()),
        )),
        None => Ok(meta),
    }
}

/// The whole of a regular file ([`check_regular`] first; the file opened
/// is checked again, so a swap between the check and the open is seen).
///
/// # Errors
/// The refusal or any I/O error.
pub fn read_regular(path: &Path) -> std::io::Result<Vec<u8>> {
    let mut file = open_regular(path)?;
    let len = file.metadata()?.len();
    let mut out = Vec::with_capacity(usize::try_from(len).unwrap_or(0).min(1 << 30));
    file.read_to_end(&mut out)?;
    Ok(out)
}

/// The bytes of the regular file at `path` ([`check_regular`]), refused
/// from its length when it is larger than `limit` bytes (`what` names the
/// input in the error: "a thumbnail"), and never more than `limit` read
/// even if the file grows meanwhile.
///
/// # Errors
/// The refusal of a non-regular file, a file above the limit
/// (`InvalidData`), or any I/O error.
pub fn read_limited(path: &Path, limit: u64, what: &str) -> std::io::Result<Vec<u8>> {
    let file = open_regular(path)?;
    let len = file.metadata()?.len();
    if len > limit {
        return Err(too_large(path, len, limit, what));
    }
    let mut out = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
    file.take(limit).read_to_end(&mut out)?;
    Ok(out)
}

/// "x: N bytes, more than the M bytes a WHAT may have: not read".
fn too_large(path: &Path, len: u64, limit: u64, what: &str) -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::InvalidData,
        format!(
            "{}: {len} bytes, more than the {limit} bytes {what} may have: not read",
            path.display()
        ),
    )
}

/// Reads `path` for a reader of `kind`: the first [`HEAD_BYTES`] are read
/// and sniffed (with the name) first. When they say the file is another
/// kind, or (for GBX and pak) lack the magic, only those first bytes are
/// returned, so the reader rejects the file with its usual message
/// without the rest being read. A Stunts file larger than
/// [`MAX_STUNTS_BYTES`], or a pak larger than [`crate::pak::MAX_PAK_BYTES`],
/// is refused from its size.
///
/// # Errors
/// The refusal of a non-regular file, a Stunts file too large, or any I/O
/// error.
pub fn read_for(path: &Path, kind: FileKind) -> std::io::Result<Vec<u8>> {
    let mut file = open_regular(path)?;
    let len = file.metadata()?.len();
    if kind.is_stunts() && len > MAX_STUNTS_BYTES {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "{}: {len} bytes, too large for a Stunts file (at most {MAX_STUNTS_BYTES})",
                path.display()
            ),
        ));
    }
    if kind == FileKind::Pak && len > crate::pak::MAX_PAK_BYTES {
        return Err(too_large(path, len, crate::pak::MAX_PAK_BYTES, "a pak"));
    }
    let mut head = Vec::with_capacity(HEAD_BYTES);
    (&mut file).take(HEAD_BYTES as u64).read_to_end(&mut head)?;
    let sniffed = file_kind(&path.to_string_lossy(), &head);
    let has_magic = match kind {
        FileKind::Gbx => head.starts_with(b"GBX"),
        FileKind::Pak => head.starts_with(crate::pak::header::MAGIC),
        FileKind::StuntsTrack | FileKind::StuntsReplay => true,
    };
    let same_family = sniffed == kind || (kind.is_stunts() && sniffed.is_stunts());
    if !has_magic || !same_family {
        return Ok(head);
    }
    let mut out = Vec::with_capacity(usize::try_from(len).unwrap_or(0).min(1 << 30));
    out.extend_from_slice(&head);
    file.read_to_end(&mut out)?;
    Ok(out)
}

/// Reads the .Gbx at `path` no further than the end its header declares
/// (a compressed body's end; `super::bounded`, issue 43 finding 6): a
/// FIFO or device is refused as by [`read_for`], a file that is not a
/// .Gbx gives its head only (its reader says why), and bytes after the
/// end are counted in [`GbxRead::after_end`], not read.
///
/// # Errors
/// The refusal of a non-regular file, a .Gbx larger than
/// [`super::bounded::MAX_GBX_BYTES`] whose end is not declared, or any I/O
/// error.
pub fn read_gbx(path: &Path) -> std::io::Result<GbxRead> {
    let mut file = open_regular(path)?;
    let len = file.metadata()?.len();
    let mut head = Vec::with_capacity(HEAD_BYTES);
    (&mut file).take(HEAD_BYTES as u64).read_to_end(&mut head)?;
    let sniffed = file_kind(&path.to_string_lossy(), &head);
    if !head.starts_with(b"GBX") || sniffed != FileKind::Gbx {
        return Ok(GbxRead {
            bytes: head,
            after_end: 0,
        });
    }
    super::bounded::read_gbx_from(&mut file, head, len)
}

/// The first [`HEAD_BYTES`] of a regular file (fewer when it is shorter).
///
/// # Errors
/// The refusal of a non-regular file, or any I/O error.
pub fn read_head(path: &Path) -> std::io::Result<Vec<u8>> {
    let mut head = Vec::with_capacity(HEAD_BYTES);
    open_regular(path)?
        .take(HEAD_BYTES as u64)
        .read_to_end(&mut head)?;
    Ok(head)
}

/// The kind of the file at `path` from its name and first bytes (a
/// non-regular file refused first), and the file as its kind reads it: a
/// .Gbx no further than its declared end ([`read_gbx`], the bytes after it
/// counted), any other kind by [`read_for`] (bounded by its limit).
///
/// # Errors
/// As [`read_gbx`] and [`read_for`].
pub fn read_sniffed(path: &Path) -> std::io::Result<(FileKind, GbxRead)> {
    let head = read_head(path)?;
    let kind = file_kind(&path.to_string_lossy(), &head);
    if kind == FileKind::Gbx {
        return Ok((kind, read_gbx(path)?));
    }
    let bytes = read_for(path, kind)?;
    Ok((
        kind,
        GbxRead {
            bytes,
            after_end: 0,
        },
    ))
}

/// The regular file at `path`, opened ([`check_regular`] before the open
/// and again on the file opened).
///
/// # Errors
/// The refusal of a non-regular file, or any I/O error.
pub fn open_regular(path: &Path) -> std::io::Result<std::fs::File> {
    check_regular(path)?;
    let file = std::fs::File::open(path)?;
    if let Some(what) = non_regular_kind(file.metadata()?.file_type()) {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("{} is {what}, not a regular file: not read", path.display()),
        ));
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_before_it_is_opened() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("x.Gbx");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        // Opening it would block forever: the test returning proves it is not.
        for err in [
            read_regular(&fifo).unwrap_err(),
            read_for(&fifo, FileKind::Gbx).unwrap_err(),
            read_sniffed(&fifo).unwrap_err(),
        ] {
            assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput);
            assert!(
                err.to_string()
                    .ends_with("is a FIFO, not a regular file: not read"),
                "{err}"
            );
        }
        let dev = read_for(Path::new("/dev/zero"), FileKind::Gbx).unwrap_err();
        assert!(dev.to_string().contains("a device"), "{dev}");
    }

    #[test]
    fn a_file_of_another_kind_is_read_no_further_than_its_head() {
        let dir = tempfile::tempdir().unwrap();
        let big = dir.path().join("big.Gbx");
        // 64 MiB of something else, sparse: reading it whole would show.
        let f = std::fs::File::create(&big).unwrap();
        f.set_len(64 << 20).unwrap();
        let head = read_for(&big, FileKind::Gbx).unwrap();
        assert_eq!(head.len(), HEAD_BYTES, "only the head was read");
        let err = crate::gbx::Gbx::parse(head).unwrap_err();
        assert!(
            err.to_string().contains("GBX") || err.to_string().contains("magic"),
            "{err}"
        );
        let map = crate::gbx::tools::sample::sample_map();
        let path = dir.path().join("m.Map.Gbx");
        std::fs::write(&path, &map).unwrap();
        assert_eq!(read_for(&path, FileKind::Gbx).unwrap(), map);
        let read = GbxRead {
            bytes: map,
            after_end: 0,
        };
        assert_eq!(read_sniffed(&path).unwrap(), (FileKind::Gbx, read));
    }

    #[test]
    fn a_huge_stunts_file_is_refused_from_its_size() {
        let dir = tempfile::tempdir().unwrap();
        let trk = dir.path().join("huge.trk");
        std::fs::File::create(&trk)
            .unwrap()
            .set_len(MAX_STUNTS_BYTES + 1)
            .unwrap();
        let err = read_for(&trk, FileKind::StuntsTrack).unwrap_err();
        assert!(
            err.to_string().contains("too large for a Stunts file"),
            "{err}"
        );
    }
}
