//! The bytes-only collector ([`read_header_bytes`]): the decoding scan's
//! bytes and class on every corpus file, and on a short or damaged header
//! [`read_header`]'s error, which names its file offset.

use super::*;
use trackbench_testkit::{corpus_dir_or_warn, corpus_files};

/// The collector's error on `data`, which must be a header read error.
fn collect_error(data: &[u8]) -> ReadError {
    match read_header_bytes(data) {
        Err(HeaderScanError::Read(e)) => e,
        Ok(bytes) => panic!("collected {} header bytes", bytes.len()),
        Err(e) => panic!("{e}"),
    }
}

/// Asserts that `data`'s collector error is [`read_header`]'s and says
/// where ("(at file offset 0x…)").
fn assert_error_names_offset(data: &[u8], what: &str) {
    let err = collect_error(data);
    assert_eq!(err, read_header(data).unwrap_err(), "{what}");
    let offset = format!("(at file offset {:#x})", err.offset());
    assert!(err.to_string().contains(&offset), "{what}: {err}");
}

#[test]
fn header_bytes_are_the_decoding_scans_bytes_on_every_corpus_file() {
    if corpus_dir_or_warn("header_bytes").is_none() {
        return;
    }
    let files = corpus_files("gbx", ".gbx");
    assert!(files.len() > 200, "{} files", files.len());
    let mut buf = Vec::new();
    for path in &files {
        let name = path.display();
        let old = read_header_from_path(path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let file = std::fs::File::open(path).unwrap();
        let collected = read_header_bytes_into(file, &mut buf).unwrap();
        assert_eq!(buf, old.bytes, "{name}");
        assert_eq!(collected.class_id, old.header.class_id, "{name}");
        let data = std::fs::read(path).unwrap();
        assert_eq!(read_header_bytes(&data[..]).unwrap(), old.bytes, "{name}");
    }
}

#[test]
fn text_headers_collect_the_decoding_scans_bytes_and_class() {
    let Some(dir) = corpus_dir_or_warn("header_bytes text") else {
        return;
    };
    let bin = std::fs::read(dir.join("gbx").join("example_challenge (2).Gbx")).unwrap();
    let text = crate::gbx::text::to_text(&bin).unwrap();
    let old = read_header_from(&text[..]).unwrap();
    let mut buf = Vec::new();
    let collected = read_header_bytes_into(&text[..], &mut buf).unwrap();
    assert_eq!(buf, old.bytes);
    assert_eq!(collected.class_id, old.header.class_id);
    for cut in (0..buf.len()).step_by(11) {
        assert_error_names_offset(&text[..cut], &format!("text cut {cut}"));
    }
}

#[test]
fn truncated_headers_give_an_error_naming_the_offset() {
    if corpus_dir_or_warn("header_bytes truncation").is_none() {
        return;
    }
    for path in corpus_files("gbx", ".gbx").iter().step_by(5) {
        let data = std::fs::read(path).unwrap();
        let end = read_header_bytes(&data[..]).unwrap().len();
        // Every cut in the fixed part, then about 40 across the user data.
        let cuts = (0..end.min(40)).chain((40..end).step_by((end / 40).max(1)));
        for cut in cuts {
            assert_error_names_offset(&data[..cut], &format!("{} cut {cut}", path.display()));
        }
    }
}

#[test]
fn damaged_fixed_fields_give_an_error_naming_the_offset() {
    // The reader names the magic and the version by their start, a bad
    // format or compression byte by the position after it.
    for (file, offset) in [
        (&b"GBY\x06\x00BUCR\x00\x30\x04\x03"[..], 0),
        (b"GBX\x09\x00BUCR\x00\x30\x04\x03", 3),
        (b"GBX\x06\x00XUCR\x00\x30\x04\x03", 6),
        (b"GBX\x06\x00BQCR\x00\x30\x04\x03", 7),
    ] {
        assert_error_names_offset(file, &format!("{file:?}"));
        assert_eq!(collect_error(file).offset(), offset, "{file:?}");
    }
}

#[test]
fn a_hostile_user_data_size_is_not_allocated() {
    let mut file = b"GBX\x06\x00BUCR".to_vec();
    file.extend_from_slice(&0x0304_3000u32.to_le_bytes());
    file.extend_from_slice(&u32::MAX.to_le_bytes());
    file.extend_from_slice(&[7u8; 60]);
    let mut buf = Vec::new();
    match read_header_bytes_into(&file[..], &mut buf) {
        Err(HeaderScanError::Read(e)) => assert_eq!(e, read_header(&file).unwrap_err()),
        other => panic!("{other:?}"),
    }
    assert!(
        buf.capacity() as u64 <= STEP_BYTES + 1024,
        "{}",
        buf.capacity()
    );
}

#[test]
fn a_failing_reader_names_the_offset_reached() {
    /// Hands out its bytes, then fails.
    struct FailsAfter<'a>(&'a [u8]);
    impl Read for FailsAfter<'_> {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            if self.0.is_empty() {
                return Err(std::io::Error::other("disk on fire"));
            }
            let n = out.len().min(self.0.len());
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    let head = b"GBX\x06\x00BUCR\x00\x30\x04\x03";
    match read_header_bytes(FailsAfter(head)) {
        Err(HeaderScanError::Io(e)) => assert_eq!(
            e.to_string(),
            "disk on fire (reading the header at file offset 0xd)"
        ),
        other => panic!("{other:?}"),
    }
}
