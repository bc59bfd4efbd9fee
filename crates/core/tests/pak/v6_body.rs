//! The part of a ManiaPlanet (v6+) header after its unencrypted fields:
//! folders and files, plain or encrypted with a known (non-private) key.
//! No v6+ pak exists in the corpus: the archives are built here field by
//! field from seed 004 "Header versions 6+", encrypted with the same Nadeo
//! CBC and folder ivXor as v3.

use trackbench_core::bytes::ByteWriter;
use trackbench_core::pak::crypto::{CbcEncryptor, NadeoBlowfish, round_up};
use trackbench_core::pak::header::iv_xor_input;
use trackbench_core::pak::header_v6::read_info_v6;
use trackbench_core::pak::header_v6_body::read_header_v6_body;
use trackbench_core::pak::{PakError, PakKey, PakLimits};

pub(crate) const KEY: PakKey = PakKey(*b"default-hdr-key!");
const FOLDERS: [(i32, &str); 4] = [
    (-1, "GameData\\"),
    (0, "Skins\\"),
    (0, "Textures\\"),
    (2, "Ground\\"),
];
pub(crate) const FILES: usize = 12;

fn string(w: &mut ByteWriter, s: &str) {
    w.u32(s.len() as u32);
    w.bytes(s.as_bytes());
}

fn author(w: &mut ByteWriter, login: &str) {
    w.u32(0);
    for s in [login, "Nick", "World", ""] {
        string(w, s);
    }
}

/// Unencrypted part (short: author and strings per version).
fn unencrypted(w: &mut ByteWriter, version: u32, header_flags: u32) {
    w.bytes(b"NadeoPak");
    w.u32(version);
    w.bytes(&[0xAB; 32]);
    w.u32(header_flags);
    if version >= 15 {
        w.u32(0x4000);
    }
    if version >= 7 {
        author(w, "author");
        if version < 9 {
            string(w, "comment");
            w.bytes(&[0; 16]);
            if version == 8 {
                string(w, "build");
                string(w, "url");
            }
        } else {
            string(w, "ml");
            if version >= 13 {
                string(w, "dl");
            }
            w.u64(1);
            string(w, "comment");
            if version >= 12 {
                string(w, "<x/>");
                string(w, "Title");
            }
            string(w, "Skins");
            string(w, "build");
            w.bytes(&[0; 16]);
            if version >= 10 {
                w.u32(0);
            }
        }
    }
}

/// Second part plaintext and the folder table's end in it.
fn body_plain(version: u32) -> (Vec<u8>, usize) {
    let mut w = ByteWriter::new();
    w.bytes(&[0x11; 16]); // checksum
    w.u32(0x7000); // gbxHeadersStart
    if version < 15 {
        w.u32(0x4000); // dataStart
    }
    w.u32(4);
    w.u32(12);
    if version >= 14 {
        w.bytes(&[0; 16]);
        if version >= 16 {
            w.u32(0x8000);
        }
    }
    w.bytes(&[0; 16]);
    if version == 6 {
        author(&mut w, "v6author");
    }
    w.u32(0x55); // flags
    w.u32(FOLDERS.len() as u32);
    for (parent, name) in FOLDERS {
        w.i32(parent);
        string(&mut w, name);
    }
    let folder_end = w.len();
    w.u32(FILES as u32);
    for i in 0..FILES {
        w.i32((i % 4) as i32);
        string(&mut w, &format!("file{i:02}.Texture.Gbx"));
        w.u32(0);
        w.u32(1000 + i as u32);
        w.u32(500 + i as u32);
        w.u32(i as u32 * 512);
        w.u32(0x0902_4000);
        if version >= 17 {
            w.u32(7);
        }
        if version >= 14 {
            w.bytes(&[i as u8; 16]);
        }
        w.u64(0x4 | (1 << 50));
    }
    (w.into_inner(), folder_end)
}

/// A v`version` pak whose second header part is plain (`header_flags & 3 == 0`)
/// or encrypted with [`KEY`].
pub(crate) fn build(version: u32, header_flags: u32) -> Vec<u8> {
    let mut w = ByteWriter::new();
    unencrypted(&mut w, version, header_flags);
    let (mut plain, folder_end) = body_plain(version);
    let mut out = w.into_inner();
    if header_flags & 3 == 0 {
        out.extend_from_slice(&plain);
        return out;
    }
    let iv = [9, 8, 7, 6, 5, 4, 3, 2];
    out.extend_from_slice(&iv);
    plain.resize(round_up(plain.len() as u64, 8).unwrap() as usize, 0);
    let cipher = NadeoBlowfish::new(&KEY);
    let mut enc = CbcEncryptor::new(&cipher, iv);
    let split = round_up(folder_end as u64, 8).unwrap() as usize;
    enc.encrypt_blocks(&mut plain[..split]);
    enc.mix_iv_xor(&iv_xor_input(FOLDERS[2].1).unwrap());
    enc.encrypt_blocks(&mut plain[split..]);
    out.extend_from_slice(&plain);
    out
}

fn check(version: u32, header_flags: u32) {
    let data = build(version, header_flags);
    let limits = PakLimits::default();
    let info = read_info_v6(&data, &limits).unwrap();
    let body = read_header_v6_body(&data, &info, Some(&KEY), &limits)
        .unwrap_or_else(|e| panic!("v{version} flags {header_flags}: {e}"));
    assert_eq!(body.encrypted, header_flags & 3 != 0);
    assert_eq!(body.gbx_headers_start, 0x7000);
    assert_eq!(body.data_start, (version < 15).then_some(0x4000));
    assert_eq!(body.file_size, (version >= 16).then_some(0x8000));
    assert_eq!(body.author.is_some(), version == 6);
    assert_eq!(body.flags, 0x55);
    let paths: Vec<&str> = body.folders.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(paths[3], "GameData\\Textures\\Ground\\");
    assert_eq!(body.files.len(), FILES);
    // Every entry, also those after the page where the ivXor applies.
    for (i, f) in body.files.iter().enumerate() {
        assert_eq!(f.entry.name, format!("file{i:02}.Texture.Gbx"));
        assert_eq!(f.entry.path, format!("{}{}", paths[i % 4], f.entry.name));
        assert_eq!(f.entry.uncompressed_size, 1000 + i as u32);
        assert_eq!(f.entry.offset, i as u32 * 512);
        assert_eq!(f.entry.flags, 0x4 | (1 << 50));
        assert_eq!(f.size, (version >= 17).then_some(7));
        assert_eq!(f.checksum, (version >= 14).then_some([i as u8; 16]));
    }
    assert!(body.plain_len > 0x100, "the table crosses the ivXor page");
    assert_eq!(body.iv_xor.is_some(), body.encrypted);
}

#[test]
fn plain_and_default_key_headers_decode_for_every_layout() {
    for version in [6, 7, 8, 9, 12, 13, 14, 15, 16, 17, 18] {
        check(version, 0);
        check(version, 0b10); // UseDefaultHeaderKey
    }
}

#[test]
fn private_headers_missing_and_wrong_keys_are_reported() {
    let limits = PakLimits::default();
    // Private (bit 0): decoded with the pack's own key, asked for without.
    let private = build(9, 0b01);
    let info = read_info_v6(&private, &limits).unwrap();
    let body = read_header_v6_body(&private, &info, Some(&KEY), &limits).unwrap();
    assert_eq!(body.files.len(), FILES);
    let err = read_header_v6_body(&private, &info, None, &limits).unwrap_err();
    assert!(
        err.to_string().contains("private: give the pack's key"),
        "{err}"
    );
    // Both bits: the combined key is not handled, and says so.
    let both = build(9, 0b11);
    let info = read_info_v6(&both, &limits).unwrap();
    let err = read_header_v6_body(&both, &info, Some(&KEY), &limits).unwrap_err();
    assert!(err.to_string().contains("combined key"), "{err}");
    let encrypted = build(9, 0b10);
    let info = read_info_v6(&encrypted, &limits).unwrap();
    let err = read_header_v6_body(&encrypted, &info, None, &limits).unwrap_err();
    assert!(err.to_string().contains("default header key"), "{err}");
    let wrong = PakKey([0x42; 16]);
    let err = read_header_v6_body(&encrypted, &info, Some(&wrong), &limits).unwrap_err();
    assert!(matches!(err, PakError::HeaderUnreadable { .. }), "{err}");
    // Truncated anywhere: an error, never a panic.
    for len in (info.encrypted_part_offset as usize..encrypted.len()).step_by(7) {
        assert!(read_header_v6_body(&encrypted[..len], &info, Some(&KEY), &limits).is_err());
    }
}
