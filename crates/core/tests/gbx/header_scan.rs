//! Header-only scan from a reader (`gbx::header_scan`): the same header as
//! in memory on every corpus file, only the header's bytes consumed, the
//! same errors on truncated and hostile files, and no allocation from a
//! declared size.

use std::io::Read;
use trackbench_core::bytes::ReadError;
use trackbench_core::gbx::header_scan::{
    HeaderScanError, STEP_BYTES, read_header, read_header_from, read_header_from_path,
    read_header_into,
};
use trackbench_testkit::{corpus_dir_or_warn, corpus_files};

/// A reader that counts the bytes it hands out.
struct Counting<'a> {
    data: &'a [u8],
    pos: usize,
}

impl Read for Counting<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let n = out.len().min(self.data.len() - self.pos);
        out[..n].copy_from_slice(&self.data[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

fn scan_error(data: &[u8]) -> ReadError {
    match read_header_from(data) {
        Err(HeaderScanError::Read(e)) => e,
        Ok(_) => panic!("read a header from {} bytes", data.len()),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn every_corpus_file_scans_to_its_in_memory_header_reading_only_its_bytes() {
    if corpus_dir_or_warn("header scan").is_none() {
        return;
    }
    let files = corpus_files("gbx", ".gbx");
    assert!(files.len() > 200, "{} files", files.len());
    for path in &files {
        let data = std::fs::read(path).unwrap();
        let name = path.display();
        let expected = read_header(&data).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut reader = Counting {
            data: &data,
            pos: 0,
        };
        let scanned = read_header_from(&mut reader).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            format!("{:?}", scanned.header),
            format!("{expected:?}"),
            "{name}"
        );
        let end = usize::try_from(expected.end).unwrap();
        assert_eq!(reader.pos, end, "{name}: bytes consumed");
        assert_eq!(scanned.bytes, data[..end], "{name}");
        let from_disk = read_header_from_path(path).unwrap();
        assert_eq!(from_disk.bytes.len(), end, "{name}");
    }
}

#[test]
fn truncated_files_give_the_in_memory_error() {
    if corpus_dir_or_warn("header scan truncation").is_none() {
        return;
    }
    for path in corpus_files("gbx", ".gbx").iter().step_by(7) {
        let data = std::fs::read(path).unwrap();
        let end = usize::try_from(read_header(&data).unwrap().end).unwrap();
        // Every cut in the fixed part, then about 40 across the user data.
        let cuts = (0..end.min(40)).chain((40..end).step_by((end / 40).max(1)));
        for cut in cuts {
            let prefix = &data[..cut];
            let expected = read_header(prefix).unwrap_err();
            assert_eq!(scan_error(prefix), expected, "{} cut {cut}", path.display());
        }
    }
}

/// A v6 header whose user-data size is `size`, followed by `tail`.
fn header_with_user_data_size(size: u32, tail: &[u8]) -> Vec<u8> {
    let mut f = b"GBX\x06\x00BUCR".to_vec();
    f.extend_from_slice(&0x0304_3000u32.to_le_bytes());
    f.extend_from_slice(&size.to_le_bytes());
    f.extend_from_slice(tail);
    f
}

#[test]
fn hostile_sizes_are_refused_without_allocating_from_them() {
    for size in [u32::MAX, 0x7FFF_FFFF, 1 << 20, 100] {
        let file = header_with_user_data_size(size, &[7u8; 60]);
        let mut buf = Vec::new();
        let err = match read_header_into(&file[..], &mut buf) {
            Err(HeaderScanError::Read(e)) => e,
            other => panic!("size {size}: {other:?}"),
        };
        assert_eq!(err, read_header(&file).unwrap_err(), "size {size}");
        assert!(
            buf.capacity() as u64 <= STEP_BYTES + 1024,
            "size {size}: grew to {}",
            buf.capacity()
        );
    }
    // A header chunk table claiming 10,000 chunks in 8 bytes of user data.
    let mut user = 10_000u32.to_le_bytes().to_vec();
    user.extend_from_slice(&[0, 0, 0, 0]);
    let mut file = header_with_user_data_size(8, &user);
    file.extend_from_slice(&1u32.to_le_bytes());
    assert_eq!(scan_error(&file), read_header(&file).unwrap_err());
}

#[test]
fn bad_magic_and_versions_stop_after_the_bytes_that_decide() {
    for file in [
        &b"GBY\x06\x00BUCR"[..],
        b"GBX\x09\x00BUCR",
        b"GBX\x06\x00XUCR",
        b"GBX\x06\x00BQCR",
        b"",
        b"GB",
    ] {
        let mut r = Counting { data: file, pos: 0 };
        let err = match read_header_from(&mut r) {
            Err(HeaderScanError::Read(e)) => e,
            other => panic!("{file:?}: {other:?}"),
        };
        assert_eq!(err, read_header(file).unwrap_err(), "{file:?}");
    }
}

#[test]
fn text_format_headers_scan_like_in_memory() {
    let Some(dir) = corpus_dir_or_warn("header scan text") else {
        return;
    };
    for name in [
        "example_challenge (2).Gbx",
        "GBX-NET 2 CGameCtnGhost TM2020 001.Ghost.Gbx",
    ] {
        let bin = std::fs::read(dir.join("gbx").join(name)).unwrap();
        let text = trackbench_core::gbx::text::to_text(&bin).unwrap();
        let expected = read_header(&text).unwrap();
        let mut r = Counting {
            data: &text,
            pos: 0,
        };
        let scanned = read_header_from(&mut r).unwrap();
        assert_eq!(format!("{:?}", scanned.header), format!("{expected:?}"));
        assert_eq!(r.pos as u64, expected.end, "{name}");
        for cut in (0..expected.end as usize).step_by(13) {
            let prefix = &text[..cut];
            assert_eq!(
                scan_error(prefix),
                read_header(prefix).unwrap_err(),
                "{name} cut {cut}"
            );
        }
    }
}

#[test]
fn io_errors_are_io_errors() {
    struct Failing;
    impl Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk on fire"))
        }
    }
    assert!(matches!(
        read_header_from(Failing),
        Err(HeaderScanError::Io(_))
    ));
    assert!(matches!(
        read_header_from_path(std::path::Path::new("/nonexistent/x.Gbx")),
        Err(HeaderScanError::Io(_))
    ));
}
