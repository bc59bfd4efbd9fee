//! .Gbx files inside a pak with the per-node ivXor (seed 004 "ivXor setup",
//! ".gbx files"; "GBX compression intricacies").
//!
//! No third-party sample with per-node ivXor exists: every .Gbx in
//! `pak-synthetic` longer than 256 bytes carries flag bit 32 (its README).
//! So these tests write real corpus .Gbx files (bodies stored plainly, as
//! in game paks) into paks with our own writer following the seed, and
//! check that the reader gets the original bytes back, that plain CBC
//! would not, and that the mixes sit where the nodes are.

use trackbench_core::gbx::Gbx;
use trackbench_core::pak::node_classes::C_MW_NOD;
use trackbench_core::pak::write::{
    NewFile, NewFolder, PakContents, WriteOptions, write_pak_v3, write_pak_v3_with,
};
use trackbench_core::pak::{GbxDecryption, Pak, PakKey};
use trackbench_testkit as corpus;

const KEY: PakKey = PakKey(*b"trackbench-node!");
const FLAG_ZLIB: u64 = 0x04;
const FLAG_DONT_USE_DUMMY_WRITE: u64 = 1 << 32;

/// A corpus .Gbx with its body stored plainly ('U'), as in game paks
/// (seed 004: no LZO body in a pak): the LZO body is replaced by the
/// decompressed one and the body-compression byte set to 'U'.
fn stored_body(file: &[u8]) -> Option<Vec<u8>> {
    let gbx = Gbx::parse(file.to_vec()).ok()?;
    let info = gbx.body_info.as_ref()?;
    if !gbx.summary().main_node_complete || gbx.tail.is_some() || gbx.header.version < 6 {
        return None;
    }
    if info.compressed_size.is_none() {
        return Some(file.to_vec());
    }
    let mut out = file[..usize::try_from(info.offset).ok()?].to_vec();
    out[7] = b'U';
    out.extend_from_slice(&gbx.body);
    Some(out)
}

/// Corpus .Gbx files (stored bodies) with at least `min_nodes` nodes.
fn samples(test: &str, min_nodes: usize, max: usize) -> Vec<(String, Vec<u8>, usize)> {
    if corpus::corpus_dir_or_warn(test).is_none() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for path in corpus::corpus_files("gbx", ".gbx") {
        let Some(data) = std::fs::read(&path).ok().and_then(|d| stored_body(&d)) else {
            continue;
        };
        let nodes = Gbx::parse(data.clone()).map_or(0, |g| g.nodes.len());
        if nodes >= min_nodes && data.len() > 0x400 {
            out.push((path.display().to_string(), data, nodes));
        }
        if out.len() == max {
            break;
        }
    }
    assert!(!out.is_empty(), "no corpus .Gbx with {min_nodes}+ nodes");
    out
}

fn pak_of(files: &[(String, Vec<u8>, usize)], flags: u64, options: WriteOptions) -> Pak {
    pak_named(files, flags, options, |i| format!("f{i}.Gbx"))
}

fn pak_named(
    files: &[(String, Vec<u8>, usize)],
    flags: u64,
    options: WriteOptions,
    name: impl Fn(usize) -> String,
) -> Pak {
    let contents = PakContents {
        folders: vec![NewFolder {
            parent: None,
            name: "GameData\\".into(),
        }],
        files: files
            .iter()
            .enumerate()
            .map(|(i, (_, data, _))| NewFile {
                folder: Some(0),
                name: name(i),
                class_id: trackbench_core::pak::write::gbx_class_id(data).unwrap_or(0x0904_1000),
                flags,
                unknown: 0,
                data: data.clone(),
            })
            .collect(),
        metadata: Vec::new(),
        flags: 0,
    };
    Pak::open(write_pak_v3_with(&KEY, &contents, options).unwrap(), &KEY).unwrap()
}

#[test]
fn per_node_ivxor_round_trips_stored_and_zlib_gbx() {
    let files = samples("per_node_ivxor_round_trips_stored_and_zlib_gbx", 3, 12);
    let on = WriteOptions {
        gbx_node_iv_xor: true,
    };
    for flags in [0, FLAG_ZLIB] {
        let pak = pak_of(&files, flags, on);
        let (mut plain_differs, mut checked) = (0, 0);
        for (i, (name, data, nodes)) in files.iter().enumerate() {
            let got = pak.read_gbx(i).unwrap();
            assert_eq!(got.decryption, GbxDecryption::PerNode, "{name}");
            assert!(got.bytes == *data, "{name} flags {flags:#x}: bytes differ");
            // One mix per node read, the main node's at the body start,
            // mixing CMwNod (maps, replays: GBX.NET hierarchy).
            assert_eq!(got.mixes.len(), *nodes, "{name}");
            let body = Gbx::parse(data.clone()).unwrap().body_info.unwrap();
            assert_eq!(got.mixes[0].offset, body.data_range.start, "{name}");
            assert!(got.mixes.windows(2).all(|w| w[0].offset < w[1].offset));
            if matches!(got.mixes[0].class_id, 0x0304_3000 | 0x0309_3000) {
                assert_eq!(got.mixes[0].parent_class_id, C_MW_NOD);
            }
            // A mix changes the IV of one block (VECTORS.md section 4), so
            // plain CBC gets exactly that block wrong: a stored file whose
            // data spans the page after the main node's mix always differs.
            // A zlib file may already have pulled all its pages before the
            // first mix (a small, well-compressing body): most, not all,
            // differ then.
            let page_after = got.mixes[0].offset.div_ceil(0x100) * 0x100;
            let stored_len = u64::from(pak.files()[i].compressed_size);
            if flags == 0 && stored_len > page_after {
                checked += 1;
            }
            if pak.read_file(i).ok().as_ref() != Some(data) {
                plain_differs += 1;
            }
        }
        if flags == 0 {
            assert_eq!((plain_differs, checked), (files.len(), files.len()));
        } else {
            assert!(plain_differs * 4 >= files.len() * 3, "{plain_differs}");
        }
    }
}

#[test]
fn plain_archives_and_flag_bit_32_decrypt_plainly() {
    let files = samples("plain_archives_and_flag_bit_32_decrypt_plainly", 3, 4);
    // Flag bit 32 (DontUseDummyWrite): the writer skips the ivXor even when
    // asked, the reader does too (GBX.NET Pak.OpenGbxFile).
    let on = WriteOptions {
        gbx_node_iv_xor: true,
    };
    let pak = pak_of(&files, FLAG_ZLIB | FLAG_DONT_USE_DUMMY_WRITE, on);
    for (i, (name, data, _)) in files.iter().enumerate() {
        let got = pak.read_gbx(i).unwrap();
        assert_eq!(got.decryption, GbxDecryption::PlainFlagged, "{name}");
        assert!(got.bytes == *data && pak.read_file(i).unwrap() == *data);
    }
    // An archive written by a tool that skips the ivXor without setting the
    // flag: only plain CBC parses, and the reader falls back to it.
    let contents_plain = pak_of(&files, 0, WriteOptions::default());
    for (i, (name, data, _)) in files.iter().enumerate() {
        let got = contents_plain.read_gbx(i).unwrap();
        assert_eq!(got.decryption, GbxDecryption::PlainFallback, "{name}");
        assert!(got.bytes == *data, "{name}");
    }
    let _ = write_pak_v3;
}

#[test]
fn synthetic_gbx_files_open_as_the_sidecar_says() {
    let Some(dir) = corpus::corpus_dir_or_warn("synthetic_gbx_files_open_as_the_sidecar_says")
    else {
        return;
    };
    let dir = dir.join("pak-synthetic");
    let key = PakKey::from_hex("d20eb515517a722636b48d3e052e6e88").unwrap();
    let pak = Pak::open(std::fs::read(dir.join("synth_ivxor.pak")).unwrap(), &key).unwrap();
    let sidecar: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("synth_ivxor.pak.json")).unwrap()).unwrap();
    // Tiny.SystemConfig.Gbx (29 bytes, no flag bit 32): one page, so the
    // per-node path reads the same bytes; Default.SystemConfig.Gbx (521
    // bytes) has flag bit 32 and is plain CBC (sidecar notes).
    for (name, expected) in [
        ("GameData\\Tiny.SystemConfig.Gbx", GbxDecryption::PerNode),
        (
            "GameData\\Default.SystemConfig.Gbx",
            GbxDecryption::PlainFlagged,
        ),
    ] {
        let i = pak.find(name).unwrap();
        let got = pak.read_gbx(i).unwrap();
        assert_eq!(got.decryption, expected, "{name}");
        let want = sidecar["files"][i]["sha256"].as_str().unwrap();
        let digest = pak.file_sha256(i).unwrap();
        let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(hex, want, "{name}");
        assert!(pak.is_node_encrypted_gbx(i) == (expected == GbxDecryption::PerNode));
    }
}

#[test]
fn hashed_names_are_recognised_by_their_gbx_magic() {
    let mut files = samples("hashed_names_are_recognised_by_their_gbx_magic", 3, 2);
    // A text file among them: never treated as a .Gbx.
    files.push(("text".into(), b"not a gbx file, just text".repeat(40), 0));
    let on = WriteOptions {
        gbx_node_iv_xor: true,
    };
    for flags in [0, FLAG_ZLIB] {
        let pak = pak_named(&files, flags, on, |i| format!("3A7F1C2B9D4E5F6071829{i}"));
        for (i, (name, data, _)) in files.iter().enumerate() {
            assert_eq!(
                pak.is_node_encrypted_gbx(i),
                data.starts_with(b"GBX"),
                "{name}"
            );
            let mut out = Vec::new();
            pak.copy_file(i, &mut out).unwrap();
            assert!(out == *data, "{name} flags {flags:#x}");
        }
    }
}

mod stream_property {
    //! The stream mechanics alone (no GBX parsing): mixes at arbitrary
    //! offsets, many on or next to the 0x100 page and 0x400 buffer
    //! boundaries, written with the writer's schedule and read back.
    use proptest::prelude::*;
    use std::io::Write;
    use trackbench_core::pak::crypto::{CbcEncryptor, NadeoBlowfish, round_up};
    use trackbench_core::pak::entries::DecryptingReader;
    use trackbench_core::pak::gbx_decode::drive;
    use trackbench_core::pak::gbx_stream::{GbxPakStream, ScheduleSource};
    use trackbench_core::pak::{NodeMix, PakKey};

    const KEY: PakKey = PakKey(*b"stream-property!");

    fn mix(offset: u64, parent: u32) -> NodeMix {
        NodeMix {
            offset,
            class_id: 0,
            parent_class_id: parent,
            parent_known: true,
        }
    }

    fn offsets() -> impl Strategy<Value = u64> {
        prop_oneof![
            (1u64..12, -1i64..=1)
                .prop_map(|(k, d)| (k * 0x100) as i64 + d)
                .prop_map(|v| v as u64),
            (1u64..4, -1i64..=1)
                .prop_map(|(k, d)| (k * 0x400) as i64 + d)
                .prop_map(|v| v as u64),
            0u64..3000,
        ]
    }

    /// Encrypts `stored` with the schedule of `mixes` (the writer's path).
    fn encrypt(
        cipher: &NadeoBlowfish,
        iv: [u8; 8],
        stored: &[u8],
        schedule: &[(usize, Vec<u8>)],
    ) -> Vec<u8> {
        let mut out = stored.to_vec();
        out.resize(round_up(out.len() as u64, 8).unwrap() as usize, 0);
        let mut enc = CbcEncryptor::new(cipher, iv);
        for (page, chunk) in out.chunks_mut(0x100).enumerate() {
            for (_, input) in schedule.iter().filter(|(p, _)| *p == page) {
                enc.mix_iv_xor(input);
            }
            enc.encrypt_blocks(chunk);
        }
        out
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]

        #[test]
        fn mixes_anywhere_round_trip(
            seed in any::<u8>(),
            len in 1usize..3000,
            mut at in proptest::collection::vec(offsets(), 0..8),
            compressed in any::<bool>(),
        ) {
            // Half-compressible data: a zlib stream of several pages.
            let data: Vec<u8> = (0..len)
                .map(|i| if i % 3 == 0 { seed.wrapping_mul(i as u8) } else { (i / 7) as u8 })
                .collect();
            at.retain(|&o| o <= len as u64);
            at.sort_unstable();
            let mixes: Vec<NodeMix> = at.iter().enumerate()
                .map(|(i, &o)| mix(o, 0x0100_1000 + (i as u32) * 0x1000))
                .collect();
            let stored = if compressed {
                let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
                z.write_all(&data).unwrap();
                z.finish().unwrap()
            } else {
                data.clone()
            };
            let mut writer = GbxPakStream::new(ScheduleSource::new(&stored), compressed);
            let (written, err) = drive(&mut writer, &mixes, len as u64);
            prop_assert!(err.is_none());
            prop_assert_eq!(&written, &data);
            let schedule = writer.into_source().schedule;
            let cipher = NadeoBlowfish::new(&KEY);
            let iv = [1, 2, 3, 4, 5, 6, 7, 8];
            let ciphertext = encrypt(&cipher, iv, &stored, &schedule);
            let reader = DecryptingReader::new(&cipher, iv, &ciphertext, stored.len());
            let mut stream = GbxPakStream::new(reader, compressed);
            let (read, err) = drive(&mut stream, &mixes, len as u64);
            prop_assert!(err.is_none());
            prop_assert_eq!(&read, &data);
            if !compressed {
                // Stored: a mix at offset p lands on the page at or after p
                // (the block at p is not decrypted yet when p is a page
                // start) - seed 004 "after every 256 bytes read".
                if let Some(first) = mixes.first() {
                    let page = first.offset.div_ceil(0x100) as usize;
                    if page * 0x100 < stored.len() {
                        prop_assert_eq!(schedule[0].0, page);
                    } else {
                        prop_assert!(schedule.is_empty());
                    }
                }
                // Plain CBC is wrong in exactly the first block of each
                // page that got an ivXor (VECTORS.md section 4).
                let mut plain = ciphertext.clone();
                trackbench_core::pak::crypto::CbcDecryptor::new(&cipher, iv).decrypt_blocks(&mut plain);
                let wrong: Vec<usize> = (0..stored.len()).step_by(8)
                    .filter(|&b| plain[b..(b + 8).min(stored.len())] != stored[b..(b + 8).min(stored.len())])
                    .collect();
                let pages: Vec<usize> = schedule.iter().map(|(p, _)| p * 0x100).collect();
                prop_assert_eq!(wrong, pages);
            }
        }
    }
}
