//! Reading a .Gbx no further than the end its header declares (issue 43,
//! finding 6): a valid header followed by 1.5 GB of anything was read
//! whole, then parsed. A binary file with a compressed body ends where its
//! body's compressed size says (seed 000 "Body": after the reference
//! table, the uncompressed size, the compressed size, then the data), so
//! only the bytes up to there are read, and the rest is counted from the
//! file's length and reported ("N bytes after the end of the body"), never
//! read or allocated.
//!
//! That end is found from the file's start: the first [`FIRST_READ_BYTES`]
//! (or the whole file when smaller), then twice as much each time the
//! header, reference table and body sizes do not fit yet. A file whose end
//! its header does not give (a text file, a stored body, which runs to the
//! end of the file, a compressed reference table) or whose start cannot be
//! read is read whole up to [`MAX_GBX_BYTES`]; a larger one is refused from
//! its length. The limits are listed in docs/DAMAGE.md.

use crate::bytes::{ByteReader, ReadError};
use crate::gbx::Gbx;
use crate::gbx::read::body::Limits;
use crate::gbx::read::header::Format;
use std::io::Read;

/// The first read when looking for the declared end (64 KiB: most headers
/// with their thumbnail fit).
pub const FIRST_READ_BYTES: u64 = 64 * 1024;
/// The largest .Gbx read whole when its header does not say where it
/// ends, and the most read to find that end (1 GiB, the largest body the
/// reader inflates: `gbx::read::body::Limits::max_body_bytes`).
pub const MAX_GBX_BYTES: u64 = 1 << 30;

/// A .Gbx read no further than its declared end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GbxRead {
    /// The file's bytes up to its declared end (the whole file when it
    /// declares none).
    pub bytes: Vec<u8>,
    /// Bytes of the file after that end, not read.
    pub after_end: u64,
}

impl GbxRead {
    /// Parses the bytes read; bytes after the end, not read, are noted on
    /// the parse ([`Gbx::note_unread_after_end`]), so it is partial.
    ///
    /// # Errors
    /// As [`Gbx::parse`].
    pub fn parse(self) -> Result<Gbx, ReadError> {
        self.parse_by(Gbx::parse)
    }

    /// [`GbxRead::parse`] with another parse of the bytes (e.g.
    /// `gbx::tools::inspect::parse_for_inspect`, a narrow one).
    ///
    /// # Errors
    /// What `parse` returns.
    pub fn parse_by(
        self,
        parse: impl FnOnce(Vec<u8>) -> Result<Gbx, ReadError>,
    ) -> Result<Gbx, ReadError> {
        let end = self.bytes.len() as u64;
        let mut gbx = parse(self.bytes)?;
        gbx.note_unread_after_end(self.after_end, end);
        Ok(gbx)
    }

    /// [`GbxRead::parse`] as a narrow parse ([`Gbx::parse_narrow`] with
    /// default limits) with the consumer's needs `narrow` (e.g. the runs'
    /// `toolbox::runs::RUN_CHUNKS`); bytes after the end are noted as
    /// [`GbxRead::parse`] notes them.
    ///
    /// # Errors
    /// As [`Gbx::parse`].
    pub fn parse_narrow(self, narrow: &'static crate::gbx::Narrow) -> Result<Gbx, ReadError> {
        self.parse_by(|bytes| Gbx::parse_narrow(bytes, Limits::default(), narrow))
    }
}

/// Where a binary .Gbx with a compressed body ends (file offset), read
/// from its first bytes `start`: `None` when `start` is too short or the
/// file does not say (text, stored body, compressed reference table) or
/// cannot be read that far (the parse then says why).
fn declared_end(start: &[u8]) -> Option<u64> {
    let header = crate::gbx::header_scan::read_header(start).ok()?;
    if header.format == Format::Text || header.ref_table_compressed || !header.body_compressed {
        return None;
    }
    let mut r = ByteReader::new(start, 0, "file");
    r.seek(usize::try_from(header.end).ok()?).ok()?;
    crate::gbx::read::ref_table::read_ref_table(&mut r, header.version).ok()?;
    let _uncompressed = r.u32().ok()?;
    let compressed = r.u32().ok()?;
    Some(r.pos_abs() + u64::from(compressed))
}

/// Reads a .Gbx from `file` (positioned after the `head` bytes already
/// read; `len` its length) no further than its declared end.
///
/// # Errors
/// An I/O error, or a file larger than [`MAX_GBX_BYTES`] whose end is not
/// declared.
pub(super) fn read_gbx_from(
    file: &mut std::fs::File,
    head: Vec<u8>,
    len: u64,
) -> std::io::Result<GbxRead> {
    let mut bytes = head;
    let mut want = FIRST_READ_BYTES.min(len);
    loop {
        fill_to(file, &mut bytes, want)?;
        if let Some(end) = declared_end(&bytes) {
            // The end may lie past the file's length: the parse reports
            // the short body; a tail after it is counted, not read.
            let end = end.min(len);
            fill_to(file, &mut bytes, end)?;
            bytes.truncate(usize::try_from(end).unwrap_or(usize::MAX));
            return Ok(GbxRead {
                bytes,
                after_end: len - end,
            });
        }
        if want >= len || want >= MAX_GBX_BYTES {
            break;
        }
        want = want.saturating_mul(2).min(len).min(MAX_GBX_BYTES);
    }
    if len > MAX_GBX_BYTES {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "{len} bytes, and its header does not say where it ends: a .Gbx is read whole \
                 only up to {MAX_GBX_BYTES} bytes"
            ),
        ));
    }
    fill_to(file, &mut bytes, len)?;
    Ok(GbxRead {
        bytes,
        after_end: 0,
    })
}

/// Reads from `file` until `bytes` holds `target` bytes or the file ends.
fn fill_to(file: &mut std::fs::File, bytes: &mut Vec<u8>, target: u64) -> std::io::Result<()> {
    let have = bytes.len() as u64;
    if target > have {
        let more = target - have;
        bytes.reserve(usize::try_from(more).unwrap_or(0));
        file.take(more).read_to_end(bytes)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gbx::tools::sample::sample_map;

    /// A real map followed by 1.5 GB of nothing (sparse: no disk used) is
    /// read to its end only; the rest is counted and makes the parse
    /// partial with "N bytes after the end".
    #[test]
    fn a_huge_tail_is_counted_not_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tail.Map.Gbx");
        let map = sample_map();
        std::fs::write(&path, &map).unwrap();
        let tail: u64 = 1_500_000_000;
        let f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        f.set_len(map.len() as u64 + tail).unwrap();
        drop(f);
        let read = super::super::input::read_gbx(&path).unwrap();
        assert_eq!(read.bytes, map, "the map and nothing more");
        assert_eq!(read.after_end, tail);
        let gbx = read.parse().unwrap();
        let reason = gbx.partial_reason().unwrap();
        assert!(
            reason.starts_with("1500000000 bytes after the end of the body"),
            "{reason}"
        );
        assert!(!gbx.completeness().complete);
    }

    /// Issue 43, finding 6: the app's open path (`read_sniffed`, which
    /// `src/app/open.rs` calls) reads a map with a 1.5 GB sparse tail to
    /// its declared end, and a pak above its limit not at all.
    #[test]
    fn the_open_path_reads_a_gbx_to_its_end_and_refuses_a_huge_pak() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tail.Map.Gbx");
        let map = sample_map();
        std::fs::write(&path, &map).unwrap();
        let f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        f.set_len(map.len() as u64 + 1_500_000_000).unwrap();
        let (kind, read) = super::super::input::read_sniffed(&path).unwrap();
        assert_eq!(kind, crate::sniff::FileKind::Gbx);
        assert_eq!(
            (read.bytes.len(), read.after_end),
            (map.len(), 1_500_000_000)
        );
        assert!(!read.parse().unwrap().completeness().complete);
        let pak = dir.path().join("huge.pak");
        std::fs::write(&pak, b"NadeoPak\x12\0\0\0").unwrap();
        let f = std::fs::OpenOptions::new().write(true).open(&pak).unwrap();
        f.set_len(crate::pak::MAX_PAK_BYTES + 1).unwrap();
        let err = super::super::input::read_sniffed(&pak).unwrap_err();
        assert!(
            err.to_string().ends_with(
                "4294967297 bytes, more than the 4294967296 bytes a pak may have: not read"
            ),
            "{err}"
        );
    }

    /// Without a tail the read is the file and the parse is complete.
    #[test]
    fn a_whole_file_is_read_as_is() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.Map.Gbx");
        std::fs::write(&path, sample_map()).unwrap();
        let read = super::super::input::read_gbx(&path).unwrap();
        assert_eq!((read.bytes.len(), read.after_end), (sample_map().len(), 0));
        assert!(read.parse().unwrap().partial_reason().is_none());
    }

    /// A tail read in memory (the whole file given to the parse) is the
    /// same damage.
    #[test]
    fn bytes_after_the_body_in_memory_make_the_parse_partial() {
        let mut bytes = sample_map();
        bytes.extend_from_slice(b"garbage");
        let gbx = Gbx::parse(bytes).unwrap();
        let reason = gbx.partial_reason().unwrap();
        assert!(
            reason.starts_with("7 bytes after the end of the body"),
            "{reason}"
        );
    }
}
