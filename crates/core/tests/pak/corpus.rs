//! Every fact of the `pak-synthetic/synth_*.pak.json` sidecars and of
//! VECTORS.md §6: key derivation through `packlist.dat`, header fields,
//! ivXor, folders, files, SHA-256 of every payload, metadata entries.

use std::path::{Path, PathBuf};

use serde_json::Value;
use sha2::{Digest, Sha256};
use trackbench_core::pak::crypto::hex_encode;
use trackbench_core::pak::{KeySource, Packlist, Pak};
use trackbench_testkit::{corpus_dir_or_warn, corpus_files};

pub(crate) fn sha256_hex(data: &[u8]) -> String {
    hex_encode(&Sha256::digest(data))
}

pub(crate) fn paks(test: &str) -> Vec<(PathBuf, Value)> {
    if corpus_dir_or_warn(test).is_none() {
        return Vec::new();
    }
    let found: Vec<(PathBuf, Value)> = corpus_files("pak-synthetic", ".pak")
        .into_iter()
        .map(|p| {
            let json = std::fs::read_to_string(format!("{}.json", p.display())).expect("sidecar");
            (p, serde_json::from_str(&json).expect("sidecar json"))
        })
        .collect();
    assert_eq!(found.len(), 3, "expected the three synth_*.pak samples");
    found
}

fn open_with_packlist(path: &Path) -> Pak {
    let list = Packlist::open(&path.with_file_name("packlist.dat")).unwrap();
    assert!(list.signature_ok());
    Pak::open_path(path, &KeySource::Packlist(list))
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn hex_u64(v: &Value) -> u64 {
    let s = v.as_str().unwrap();
    u64::from_str_radix(s.trim_start_matches("0x"), 16).unwrap()
}

#[test]
fn corpus_paks_open_with_the_packlist_key_and_match_header_facts() {
    for (path, json) in paks("corpus_paks_open_with_the_packlist_key_and_match_header_facts") {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let pak = open_with_packlist(&path);
        assert_eq!(
            pak.data().len() as u64,
            json["file_size"].as_u64().unwrap(),
            "{name}"
        );
        assert_eq!(
            sha256_hex(pak.data()),
            json["file_sha256"].as_str().unwrap(),
            "{name}"
        );
        assert_eq!(
            pak.key().to_hex(),
            json["key_hex"].as_str().unwrap(),
            "{name}"
        );
        let h = pak.header();
        let j = &json["header"];
        assert_eq!(u64::from(h.version), j["version"].as_u64().unwrap());
        assert_eq!(
            hex_encode(&h.header_iv),
            j["header_iv_hex"].as_str().unwrap(),
            "{name}"
        );
        assert_eq!(
            hex_encode(&h.md5),
            j["header_md5_hex"].as_str().unwrap(),
            "{name}"
        );
        assert!(h.md5_ok(), "{name}");
        assert_eq!(
            u64::from(h.gbx_headers_start),
            j["gbx_headers_start"].as_u64().unwrap()
        );
        assert_eq!(u64::from(h.data_start), j["data_start"].as_u64().unwrap());
        assert_eq!(
            u64::from(h.gbx_headers_size),
            j["gbx_headers_size"].as_u64().unwrap()
        );
        assert_eq!(
            u64::from(h.gbx_headers_compr_size),
            j["gbx_headers_compr_size"].as_u64().unwrap()
        );
        assert_eq!(hex_encode(&h.unused), j["unused_hex"].as_str().unwrap());
        assert_eq!(u64::from(h.flags), j["flags"].as_u64().unwrap());
        assert_eq!(h.folders.len() as u64, j["num_folders"].as_u64().unwrap());
        assert_eq!(h.files.len() as u64, j["num_files"].as_u64().unwrap());
        assert_eq!(
            h.plain_len,
            j["header_plain_len"].as_u64().unwrap(),
            "{name}"
        );
        assert_eq!(
            h.encrypted_len,
            j["header_encrypted_len"].as_u64().unwrap(),
            "{name}"
        );
        assert_eq!(
            h.folder_table_end,
            j["folder_table_end"].as_u64().unwrap(),
            "{name}"
        );
        let plain = pak.header_plaintext();
        assert_eq!(
            hex_encode(&plain[..64]),
            j["header_plain_first_64_hex"].as_str().unwrap()
        );
    }
}

#[test]
fn corpus_paks_match_iv_xor_facts() {
    for (path, json) in paks("corpus_paks_match_iv_xor_facts") {
        let pak = open_with_packlist(&path);
        let j = &json["iv_xor"];
        let Some(ivx) = pak.header().iv_xor else {
            assert!(!j["applies"].as_bool().unwrap(), "{}", path.display());
            assert_eq!(j["applied_by_reader"].as_array().unwrap().len(), 0);
            continue;
        };
        assert!(j["applies"].as_bool().unwrap());
        let third = &pak.folders()[2];
        assert_eq!(third.name, j["folder_name"].as_str().unwrap());
        assert_eq!(
            hex_encode(&ivx.mixed_bytes),
            j["mixed_bytes_hex"].as_str().unwrap()
        );
        assert_eq!(ivx.value, hex_u64(&j["value_hex"]));
        assert_eq!(
            ivx.mixed_after_plain_offset,
            j["mixed_after_plain_offset"].as_u64().unwrap()
        );
        let applied = ivx.applied_before_plain_offset;
        assert_eq!(applied, j["applied_before_plain_offset"].as_u64().unwrap());
        assert_eq!(
            applied < pak.header().plain_len,
            j["applied_within_header"].as_bool().unwrap()
        );
        let at = applied as usize;
        let plain = pak.header_plaintext();
        assert_eq!(
            hex_encode(&plain[at..at + 8]),
            j["affected_plain_block_hex"].as_str().unwrap()
        );
        let by_reader = j["applied_by_reader"].as_array().unwrap();
        assert_eq!(by_reader.len(), 1);
        assert_eq!(by_reader[0]["plain_offset"].as_u64().unwrap(), applied);
        assert_eq!(hex_u64(&by_reader[0]["value_hex"]), ivx.value);
    }
}

#[test]
fn corpus_paks_match_folders() {
    for (path, json) in paks("corpus_paks_match_folders") {
        let pak = open_with_packlist(&path);
        let want = json["folders"].as_array().unwrap();
        assert_eq!(pak.folders().len(), want.len());
        for (i, (got, want)) in pak.folders().iter().zip(want).enumerate() {
            assert_eq!(want["index"].as_u64().unwrap(), i as u64);
            let parent = got.parent.map_or(-1, i64::from);
            assert_eq!(
                parent,
                want["parent"].as_i64().unwrap(),
                "{} folder {i}",
                path.display()
            );
            assert_eq!(got.name, want["name"].as_str().unwrap());
            assert_eq!(got.path, want["path"].as_str().unwrap());
        }
    }
}

#[test]
fn corpus_paks_match_every_file_and_payload_sha256() {
    for (path, json) in paks("corpus_paks_match_every_file_and_payload_sha256") {
        let pak = open_with_packlist(&path);
        let h = pak.header();
        let want = json["files"].as_array().unwrap();
        assert_eq!(pak.files().len(), want.len());
        for (i, (got, w)) in pak.files().iter().zip(want).enumerate() {
            let at = format!("{} file {i} {}", path.display(), got.path);
            assert_eq!(w["index"].as_u64().unwrap(), i as u64);
            assert_eq!(
                got.folder.map_or(-1, i64::from),
                w["folder_index"].as_i64().unwrap(),
                "{at}"
            );
            let folder_path = got
                .folder
                .map_or("", |f| pak.folders()[f as usize].path.as_str());
            assert_eq!(folder_path, w["folder_path"].as_str().unwrap(), "{at}");
            assert_eq!(got.name, w["name"].as_str().unwrap(), "{at}");
            assert_eq!(got.path, w["path"].as_str().unwrap(), "{at}");
            assert_eq!(
                u64::from(got.unknown),
                w["unknown_u32"].as_u64().unwrap(),
                "{at}"
            );
            assert_eq!(
                u64::from(got.uncompressed_size),
                w["uncompressed_size"].as_u64().unwrap()
            );
            assert_eq!(
                u64::from(got.compressed_size),
                w["compressed_size"].as_u64().unwrap()
            );
            assert_eq!(u64::from(got.offset), w["offset"].as_u64().unwrap(), "{at}");
            let range = trackbench_core::pak::entries::file_stream_range(h, got);
            assert_eq!(range.start, w["absolute_offset"].as_u64().unwrap(), "{at}");
            assert_eq!(
                range.len(),
                w["stored_bytes_incl_iv"].as_u64().unwrap(),
                "{at}"
            );
            assert_eq!(u64::from(got.class_id), hex_u64(&w["class_id"]), "{at}");
            assert_eq!(got.flags, hex_u64(&w["flags"]), "{at}");
            assert_eq!(
                got.is_compressed(),
                w["compressed"].as_bool().unwrap(),
                "{at}"
            );
            assert!(w["encrypted"].as_bool().unwrap());
            assert_eq!(
                got.dont_use_dummy_write(),
                w["dont_use_dummy_write"].as_bool().unwrap()
            );
            let iv = &pak.data()[range.start as usize..range.start as usize + 8];
            assert_eq!(hex_encode(iv), w["iv_hex"].as_str().unwrap(), "{at}");
            let payload = pak.read_file(i).unwrap_or_else(|e| panic!("{at}: {e}"));
            assert_eq!(sha256_hex(&payload), w["sha256"].as_str().unwrap(), "{at}");
        }
    }
}

#[test]
fn corpus_paks_match_metadata_entries() {
    for (path, json) in paks("corpus_paks_match_metadata_entries") {
        let pak = open_with_packlist(&path);
        let j = &json["metadata"];
        assert_eq!(
            u64::from(pak.header().gbx_headers_start),
            j["offset"].as_u64().unwrap()
        );
        let meta = pak
            .metadata()
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(hex_encode(&meta.iv), j["iv_hex"].as_str().unwrap());
        let start = pak.header().gbx_headers_start as u64 + 8;
        assert_eq!(
            pak.data().len() as u64 - start,
            j["encrypted_len_excl_iv"].as_u64().unwrap()
        );
        let want = j["entries"].as_array().unwrap();
        assert_eq!(meta.entries.len(), want.len(), "{}", path.display());
        for (got, w) in meta.entries.iter().zip(want) {
            assert_eq!(u64::from(got.file_index), w["file_index"].as_u64().unwrap());
            assert_eq!(got.gbx_header.len() as u64, w["gbx_len"].as_u64().unwrap());
            assert_eq!(
                sha256_hex(&got.gbx_header),
                w["gbx_sha256"].as_str().unwrap()
            );
            if let Some(hex) = w["gbx_hex"].as_str() {
                assert_eq!(hex_encode(&got.gbx_header), hex);
            }
            // The header's class id is the file's.
            let file = &pak.files()[got.file_index as usize];
            assert_eq!(got.class_id, file.class_id, "{}", file.path);
        }
    }
}

#[test]
fn corpus_vectors_md_section_6_header_facts() {
    let Some(dir) = corpus_dir_or_warn("corpus_vectors_md_section_6_header_facts") else {
        return;
    };
    // (pak, key, header IV, header MD5, plain, encrypted, data_start, gbx start, size, compr, folders, files, folder end)
    let table = [
        (
            "synth_ivxor.pak",
            "d20eb515517a722636b48d3e052e6e88",
            "9c1ebd0eaa6847c0",
            "716a8cac79d6cfe9b91a6b21d570a1bc",
            602,
            608,
            628,
            6100,
            4,
            12,
            5,
            9,
            134,
        ),
        (
            "synth_many.pak",
            "adb16d6f3252919c554a103155827fad",
            "9d9a0a269e110385",
            "d6b261f8c052939569a3524a9619cf41",
            14544,
            14544,
            14564,
            76020,
            4,
            12,
            6,
            300,
            140,
        ),
        (
            "synth_meta.pak",
            "43ecc259aff03605d20db6a8fb4c8e50",
            "9eae905b1b0069a7",
            "491b007beaf1584c28b39050883cc805",
            304,
            304,
            324,
            5508,
            651,
            422,
            3,
            4,
            97,
        ),
    ];
    for (file, key, iv, md5, plain, enc, ds, gs, size, compr, folders, files, fend) in table {
        let data = std::fs::read(dir.join("pak-synthetic").join(file)).unwrap();
        let pak = Pak::open(data, &trackbench_core::pak::PakKey::from_hex(key).unwrap()).unwrap();
        let h = pak.header();
        assert_eq!(hex_encode(&h.header_iv), iv);
        assert_eq!(hex_encode(&h.md5), md5);
        assert_eq!((h.plain_len, h.encrypted_len), (plain, enc), "{file}");
        assert_eq!((h.data_start, h.gbx_headers_start), (ds, gs), "{file}");
        assert_eq!(
            (h.gbx_headers_size, h.gbx_headers_compr_size),
            (size, compr),
            "{file}"
        );
        assert_eq!(
            (h.folders.len(), h.files.len(), h.folder_table_end),
            (folders, files, fend)
        );
    }
    // synth_ivxor: ivXor applied at 256 with block 3706000010030000; synth_many: 2e62696e00000000.
    for (file, key, value, block) in [
        (
            "synth_ivxor.pak",
            "d20eb515517a722636b48d3e052e6e88",
            0x0000_7d02_a81f_c0aa_u64,
            "3706000010030000",
        ),
        (
            "synth_many.pak",
            "adb16d6f3252919c554a103155827fad",
            0x0000_7f82_a81d_c0aa,
            "2e62696e00000000",
        ),
    ] {
        let data = std::fs::read(dir.join("pak-synthetic").join(file)).unwrap();
        let pak = Pak::open(data, &trackbench_core::pak::PakKey::from_hex(key).unwrap()).unwrap();
        let ivx = pak.header().iv_xor.unwrap();
        assert_eq!((ivx.value, ivx.applied_before_plain_offset), (value, 256));
        assert_eq!(hex_encode(&pak.header_plaintext()[256..264]), block);
    }
}

#[test]
fn corpus_gbx_stream_without_nodes_equals_the_plain_payload() {
    use std::io::Read;
    for (path, _) in paks("corpus_gbx_stream_without_nodes_equals_the_plain_payload") {
        let pak = open_with_packlist(&path);
        for i in 0..pak.files().len() {
            let mut streamed = Vec::new();
            pak.gbx_stream(i)
                .unwrap()
                .read_to_end(&mut streamed)
                .unwrap();
            assert_eq!(
                streamed,
                pak.read_file(i).unwrap(),
                "{} file {i}",
                path.display()
            );
        }
    }
}
