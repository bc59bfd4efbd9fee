//! Wrong keys, truncated archives, lying sizes and hostile names: clear
//! errors, never a panic or a path outside the extraction folder.

use std::sync::atomic::{AtomicBool, Ordering};

use trackbench_core::pak::crypto::{BLOCK_LEN, CbcEncryptor, NadeoBlowfish};
use trackbench_core::pak::extract::{extract, extract_simple};
use trackbench_core::pak::header::{HEADER_CIPHERTEXT_START, header_md5};
use trackbench_core::pak::write::{NewFile, NewFolder, PakContents, write_pak_v3};
use trackbench_core::pak::{Pak, PakError, PakKey, PakLimits};
use trackbench_testkit::{corpus_dir_or_warn, corpus_files};

const KEY: PakKey = PakKey(*b"trackbench-test!");

fn sample() -> PakContents {
    let folders = vec![
        NewFolder {
            parent: None,
            name: "GameData\\".into(),
        },
        NewFolder {
            parent: Some(0),
            name: "Media\\".into(),
        },
        NewFolder {
            parent: Some(0),
            name: "Textures\\".into(),
        },
    ];
    let files = (0..30)
        .map(|i| NewFile {
            folder: Some(i % 3),
            name: format!("file_{i:02}.txt"),
            class_id: 0x0904_1000,
            flags: if i % 2 == 0 { 0x04 } else { 0 },
            unknown: 0,
            data: format!("payload {i} ").repeat(i as usize * 3).into_bytes(),
        })
        .collect();
    PakContents {
        folders,
        files,
        ..PakContents::default()
    }
}

/// Decrypts the header of `bytes`, lets `patch` edit the plaintext, fixes
/// the MD5 and re-encrypts it (with the header ivXor) — a pak whose header
/// lies but whose key and MD5 are right.
fn patch_header(bytes: &[u8], patch: impl FnOnce(&mut Vec<u8>)) -> Vec<u8> {
    let pak = Pak::open(bytes.to_vec(), &KEY).unwrap();
    let header = pak.header().clone();
    let mut plain = pak.header_plaintext();
    patch(&mut plain);
    let md5 = header_md5(&plain[..header.plain_len as usize]);
    plain[..16].copy_from_slice(&md5);
    let cipher = NadeoBlowfish::new(&KEY);
    let mut enc = CbcEncryptor::new(&cipher, header.header_iv);
    let split = (header.folder_table_end as usize).div_ceil(BLOCK_LEN) * BLOCK_LEN;
    enc.encrypt_blocks(&mut plain[..split]);
    if let Some(ivx) = header.iv_xor {
        enc.mix_iv_xor(&ivx.mixed_bytes);
    }
    enc.encrypt_blocks(&mut plain[split..]);
    let mut out = bytes.to_vec();
    let start = HEADER_CIPHERTEXT_START as usize;
    out[start..start + plain.len()].copy_from_slice(&plain);
    out
}

fn put_u32(plain: &mut [u8], at: usize, v: u32) {
    plain[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

#[test]
fn a_wrong_key_is_reported_as_such() {
    let bytes = write_pak_v3(&KEY, &sample()).unwrap();
    for i in 0..64u8 {
        let wrong = PakKey([i; 16]);
        let err = Pak::open(bytes.clone(), &wrong).unwrap_err();
        assert!(err.is_wrong_key(), "key {i}: {err}");
        assert!(err.to_string().contains("wrong key"), "{err}");
    }
}

#[test]
fn corpus_paks_with_each_others_keys_are_reported_as_wrong_keys() {
    if corpus_dir_or_warn("corpus_paks_with_each_others_keys_are_reported_as_wrong_keys").is_none()
    {
        return;
    }
    let keys = [
        "d20eb515517a722636b48d3e052e6e88",
        "adb16d6f3252919c554a103155827fad",
        "43ecc259aff03605d20db6a8fb4c8e50",
    ];
    let paks = corpus_files("pak-synthetic", ".pak");
    assert_eq!(paks.len(), 3);
    for (i, path) in paks.iter().enumerate() {
        let data = std::fs::read(path).unwrap();
        for (j, key) in keys.iter().enumerate() {
            let result = Pak::open(data.clone(), &PakKey::from_hex(key).unwrap());
            match result {
                Ok(_) => assert_eq!(i, j, "{} opened with key {j}", path.display()),
                Err(e) => assert!(i != j && e.is_wrong_key(), "{}: {e}", path.display()),
            }
        }
    }
}

#[test]
fn a_header_that_parses_but_fails_the_md5_is_corrupt_not_a_wrong_key() {
    let bytes = write_pak_v3(&KEY, &sample()).unwrap();
    let good = Pak::open(bytes.clone(), &KEY).unwrap();
    let mut plain = good.header_plaintext();
    plain[0] ^= 0xff; // corrupt the stored MD5 only
    let cipher = NadeoBlowfish::new(&KEY);
    let mut enc = CbcEncryptor::new(&cipher, good.header().header_iv);
    enc.encrypt_blocks(&mut plain[..8]);
    let mut tampered = bytes;
    tampered[20..28].copy_from_slice(&plain[..8]);
    // Only the first block changed, and CBC chains on ciphertext, so the
    // rest of the header decrypts the same except block 1 (garbled).
    let err = Pak::open(tampered, &KEY).unwrap_err();
    assert!(err.is_corrupt_header() && !err.is_wrong_key(), "{err}");
    assert!(err.to_string().contains("MD5 check failed"), "{err}");
}

#[test]
fn any_flipped_byte_in_the_header_tables_is_corrupt_or_named_never_silent() {
    let bytes = write_pak_v3(&KEY, &sample()).unwrap();
    let good = Pak::open(bytes.clone(), &KEY).unwrap();
    let end = HEADER_CIPHERTEXT_START as usize + good.header().encrypted_len as usize;
    // After the blocks holding the fixed fields and the folder count
    // (plaintext 0..0x40, which decide plausibility), a flipped ciphertext
    // byte is a damaged header, never a wrong key.
    let mut corrupt = 0;
    for at in (HEADER_CIPHERTEXT_START as usize + 0x40..end).step_by(7) {
        let mut bad = bytes.clone();
        bad[at] ^= 0x20;
        match Pak::open(bad, &KEY) {
            Err(e) => {
                assert!(!e.is_wrong_key(), "flip at {at}: {e}");
                corrupt += usize::from(e.is_corrupt_header());
            }
            Ok(_) => panic!("flip at {at} went unnoticed"),
        }
    }
    assert!(corrupt > 0);
}

fn assert_truncation_handled(bytes: &[u8], key: &PakKey) {
    let full = Pak::open(bytes.to_vec(), key).unwrap();
    let header_end = full.header().data_start as usize;
    // Every prefix inside the header, then every 3rd (payload streams are
    // 8-byte aligned, so this still cuts each one at every alignment).
    let lens = (0..header_end).chain((header_end..bytes.len()).step_by(3));
    for len in lens {
        match Pak::open(bytes[..len].to_vec(), key) {
            Err(e) => {
                assert!(len < header_end, "prefix {len}: {e}");
                assert!(!e.is_wrong_key(), "prefix {len} taken for a wrong key: {e}");
                assert!(
                    e.to_string().contains("truncated") || e.to_string().contains("end of data"),
                    "{e}"
                );
            }
            Ok(pak) => {
                assert!(len >= header_end);
                for (i, f) in pak.files().iter().enumerate() {
                    match pak.read_file(i) {
                        Ok(data) => assert_eq!(data, full.read_file(i).unwrap()),
                        Err(e) => assert!(
                            e.to_string().contains(&format!("in file {i} {:?}", f.path)),
                            "{e}"
                        ),
                    }
                }
                let _ = pak.metadata();
            }
        }
    }
}

#[test]
fn every_prefix_of_a_written_pak_errors_cleanly() {
    assert_truncation_handled(&write_pak_v3(&KEY, &sample()).unwrap(), &KEY);
}

#[test]
fn every_prefix_of_a_corpus_pak_errors_cleanly() {
    if corpus_dir_or_warn("every_prefix_of_a_corpus_pak_errors_cleanly").is_none() {
        return;
    }
    let path = corpus_files("pak-synthetic", "synth_ivxor.pak").remove(0);
    let key = PakKey::from_hex("d20eb515517a722636b48d3e052e6e88").unwrap();
    assert_truncation_handled(&std::fs::read(path).unwrap(), &key);
}

#[test]
fn truncation_message_names_the_offset() {
    let bytes = write_pak_v3(&KEY, &sample()).unwrap();
    let pak = Pak::open(bytes.clone(), &KEY).unwrap();
    let last = pak.files().len() - 1;
    let range = trackbench_core::pak::entries::file_stream_range(pak.header(), &pak.files()[last]);
    let cut = Pak::open(bytes[..range.start as usize + 10].to_vec(), &KEY).unwrap();
    let err = cut.read_file(last).unwrap_err().to_string();
    assert!(err.contains("unexpected end of data"), "{err}");
    assert!(
        err.contains(&format!("file offset {:#x}", range.start)),
        "{err}"
    );
    assert!(
        err.contains("in file 29 \"GameData\\\\Textures\\\\file_29.txt\""),
        "{err}"
    );
}

/// Plaintext offset of file entry `i`'s fields after its name.
fn entry_fields(pak: &Pak, i: usize) -> usize {
    let f = &pak.files()[i];
    f.range_in_header.end as usize - 28
}

#[test]
fn lying_sizes_give_clear_errors() {
    let bytes = write_pak_v3(&KEY, &sample()).unwrap();
    let pak = Pak::open(bytes.clone(), &KEY).unwrap();
    // Fields after the name: unknown, uncompressed, compressed, offset, class id, flags.
    let at = entry_fields(&pak, 3);
    let cases: [(usize, u32, &str); 5] = [
        (4, 5, "payload is longer than its uncompressed size 5"),
        (4, 100_000, "but its uncompressed size says 100000"),
        (8, 0x7fff_fff0, "unexpected end of data"),
        (12, 0xffff_ff00, "unexpected end of data"),
        (4, u32::MAX, "uncompressed size 4294967295 is too large"),
    ];
    for (field, value, want) in cases {
        let lying = patch_header(&bytes, |p| put_u32(p, at + field, value));
        let limits = PakLimits {
            max_file_size: 1 << 20,
            ..PakLimits::default()
        };
        let pak = Pak::open_with_limits(lying, &KEY, limits).unwrap();
        let err = pak.read_file(3).unwrap_err().to_string();
        assert!(err.contains(want), "field +{field} = {value}: {err}");
        assert!(err.contains("in file 3"), "{err}");
    }
    // File 1 is stored uncompressed: a compressed size smaller than the data.
    let at = entry_fields(&pak, 1);
    let lying = patch_header(&bytes, |p| put_u32(p, at + 8, 3));
    let err = Pak::open(lying, &KEY)
        .unwrap()
        .read_file(1)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("payload is 3 bytes, but its uncompressed size says"),
        "{err}"
    );
}

#[test]
fn lying_counts_and_indices_give_clear_errors() {
    let bytes = write_pak_v3(&KEY, &sample()).unwrap();
    let pak = Pak::open(bytes.clone(), &KEY).unwrap();
    let folder_end = pak.header().folder_table_end as usize;
    let cases: [(usize, u32, &str); 4] = [
        (52, 0x00ff_ffff, "folder count 16777215 is too large"),
        (folder_end, 0x0fff_ffff, "file count 268435455 is too large"),
        (
            56,
            7,
            "parent folder index 7 does not name one of the 0 folders before it",
        ),
        (
            folder_end + 4,
            9,
            "folder index 9 does not name one of the 3 folders",
        ),
    ];
    for (at, value, want) in cases {
        let lying = patch_header(&bytes, |p| put_u32(p, at, value));
        let err = Pak::open(lying, &KEY).unwrap_err().to_string();
        assert!(err.contains(want), "{err}");
        assert!(err.contains("header plaintext offset"), "{err}");
    }
    let lying = patch_header(&bytes, |p| put_u32(p, 24, 1 << 30));
    let err = Pak::open(lying, &KEY)
        .unwrap()
        .metadata()
        .unwrap_err()
        .to_string();
    assert!(err.contains("metadata"), "{err}");
}

fn hostile_pak(folder: &str, file: &str) -> Pak {
    let contents = PakContents {
        folders: vec![NewFolder {
            parent: None,
            name: folder.into(),
        }],
        files: vec![
            NewFile {
                folder: Some(0),
                name: file.into(),
                class_id: 0,
                flags: 0,
                unknown: 0,
                data: b"evil".to_vec(),
            },
            NewFile {
                folder: None,
                name: "fine.txt".into(),
                class_id: 0,
                flags: 0,
                unknown: 0,
                data: b"ok".to_vec(),
            },
        ],
        ..PakContents::default()
    };
    Pak::open(write_pak_v3(&KEY, &contents).unwrap(), &KEY).unwrap()
}

#[test]
fn hostile_names_never_leave_the_extraction_folder() {
    let cases = [
        ("..\\", "evil.txt"),
        ("ok\\", "..\\..\\evil.txt"),
        ("ok\\", "../../evil.txt"),
        ("\\", "evil.txt"),
        ("C:\\", "evil.txt"),
        ("ok\\", "C:evil.txt"),
        ("/tmp/", "evil.txt"),
        ("ok\\", ""),
    ];
    for (folder, file) in cases {
        let root = tempfile::tempdir().unwrap();
        let dest = root.path().join("out");
        let pak = hostile_pak(folder, file);
        let err = extract_simple(&pak, &dest, &[0, 1]).unwrap_err();
        assert!(
            matches!(err, PakError::UnsafePath { .. }),
            "{folder}{file}: {err}"
        );
        // Nothing was written at all: paths are checked before any write.
        let written: Vec<_> = walk(root.path());
        assert!(written.is_empty(), "{folder}{file}: wrote {written:?}");
    }
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out
}

#[cfg(unix)]
#[test]
fn a_symlink_in_the_destination_cannot_redirect_a_write() {
    let root = tempfile::tempdir().unwrap();
    let outside = root.path().join("outside");
    let dest = root.path().join("out");
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::create_dir_all(&dest).unwrap();
    std::os::unix::fs::symlink(&outside, dest.join("ok")).unwrap();
    let pak = hostile_pak("ok\\", "x.txt");
    let err = extract_simple(&pak, &dest, &[0]).unwrap_err();
    assert!(matches!(err, PakError::UnsafePath { .. }), "{err}");
    assert!(walk(&outside).is_empty());
    // Issue 43, a failed extraction removes what it wrote: fine.txt,
    // written before the refused file, is gone again.
    let err = extract_simple(&pak, &dest, &[1, 0]).unwrap_err();
    assert!(matches!(err, PakError::UnsafePath { .. }), "{err}");
    assert!(walk(&outside).is_empty());
    assert!(!dest.join("fine.txt").exists(), "removed after the failure");
    let left: Vec<_> = std::fs::read_dir(&dest)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(left, ["ok"], "only the planted link");
}

#[test]
fn extraction_reports_progress_and_honours_cancel() {
    let pak = Pak::open(write_pak_v3(&KEY, &sample()).unwrap(), &KEY).unwrap();
    let dest = tempfile::tempdir().unwrap();
    let all: Vec<usize> = (0..pak.files().len()).collect();
    let mut seen = Vec::new();
    let done = extract(
        &pak,
        dest.path(),
        &all,
        &mut |p| seen.push(p.clone()),
        &AtomicBool::new(false),
    )
    .unwrap();
    assert_eq!(done.done_files, 30);
    assert_eq!(seen.len(), 31);
    assert_eq!(seen.last().unwrap().done_bytes, seen[0].total_bytes);
    let written = std::fs::read(dest.path().join("GameData/Textures/file_29.txt")).unwrap();
    assert_eq!(written, pak.read_file(29).unwrap());

    let cancel = AtomicBool::new(false);
    let dest = tempfile::tempdir().unwrap();
    let mut calls = 0;
    let err = extract(
        &pak,
        dest.path(),
        &all,
        &mut |_| {
            calls += 1;
            if calls == 5 {
                cancel.store(true, Ordering::Relaxed);
            }
        },
        &cancel,
    )
    .unwrap_err();
    assert!(matches!(err, PakError::Cancelled));
    assert_eq!(walk(dest.path()).len(), 5);
}
