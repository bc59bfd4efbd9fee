//! `packlist.dat`: every fact of `pak-synthetic/packlist.dat.json` and
//! VECTORS.md §5, signature check, and hostile inputs.

use serde_json::Value;
use trackbench_core::pak::crypto::hex_encode;
use trackbench_core::pak::packlist::write_packlist;
use trackbench_core::pak::{Packlist, PakError};
use trackbench_testkit::corpus_dir_or_warn;

fn load(test: &str) -> Option<(Vec<u8>, Value)> {
    let dir = corpus_dir_or_warn(test)?.join("pak-synthetic");
    let data = std::fs::read(dir.join("packlist.dat")).expect("packlist.dat");
    let json = std::fs::read_to_string(dir.join("packlist.dat.json")).expect("sidecar");
    Some((data, serde_json::from_str(&json).expect("sidecar json")))
}

#[test]
fn corpus_packlist_matches_every_sidecar_fact() {
    let Some((data, json)) = load("corpus_packlist_matches_every_sidecar_fact") else {
        return;
    };
    assert_eq!(data.len() as u64, json["file_size"].as_u64().unwrap());
    let list = Packlist::parse(&data).unwrap();
    assert_eq!(u64::from(list.version), json["version"].as_u64().unwrap());
    assert_eq!(list.packs.len() as u64, json["num_packs"].as_u64().unwrap());
    assert_eq!(u64::from(list.crc32), json["crc32_field"].as_u64().unwrap());
    assert_eq!(u64::from(list.salt), json["salt"].as_u64().unwrap());
    assert_eq!(
        hex_encode(&list.name_key),
        json["name_key_hex"].as_str().unwrap()
    );
    assert_eq!(
        hex_encode(&list.signature_key),
        json["signature_key_hex"].as_str().unwrap()
    );
    assert_eq!(
        hex_encode(&list.signature),
        json["signature_hex"].as_str().unwrap()
    );
    assert!(list.signature_ok(), "HMAC-MD5 signature verifies");
    let packs = json["packs"].as_array().unwrap();
    assert_eq!(list.packs.len(), packs.len());
    for (got, want) in list.packs.iter().zip(packs) {
        assert_eq!(got.name, want["name"].as_str().unwrap());
        assert_eq!(u64::from(got.flags), want["flags"].as_u64().unwrap());
        assert_eq!(
            got.key_string,
            want["key_string"].as_str().unwrap().as_bytes()
        );
        assert_eq!(
            hex_encode(&got.key_string_key),
            want["key_string_key_hex"].as_str().unwrap()
        );
        assert_eq!(got.key.to_hex(), want["pak_key_hex"].as_str().unwrap());
    }
}

#[test]
fn corpus_packlist_matches_vectors_md_section_5() {
    let Some((data, _)) = load("corpus_packlist_matches_vectors_md_section_5") else {
        return;
    };
    let list = Packlist::parse(&data).unwrap();
    assert_eq!(list.salt, 2_050_789_861);
    assert_eq!(
        hex_encode(&list.name_key),
        "628b2aa71bf736d190118fc0aef14513"
    );
    assert_eq!(
        hex_encode(&list.signature_key),
        "f2d53592594a6f1359ad797214cf82e0"
    );
    assert_eq!(
        hex_encode(&list.computed_signature),
        "ef2ce8d8ef4abb8858509ba82024a71a"
    );
    let table = [
        (
            "synth_ivxor",
            "51dac4dfd02e15e8014ee032e70d5a1d",
            "57B458BD05BF710A36C952529DBF29BB",
            "d20eb515517a722636b48d3e052e6e88",
        ),
        (
            "synth_many",
            "f0a185555f3ee0b9d135feb630b9f49a",
            "6B407E921260986FFC6B2C15BFE2461F",
            "adb16d6f3252919c554a103155827fad",
        ),
        (
            "synth_meta",
            "bbd5e095d01e123e7f9f59abb12d82ed",
            "F8766D93EC9A9C9441CE79BDD7985AF1",
            "43ecc259aff03605d20db6a8fb4c8e50",
        ),
    ];
    for (name, ks_key, ks, key) in table {
        let entry = list.find(name).unwrap();
        assert_eq!(entry.flags, 0);
        assert_eq!(hex_encode(&entry.key_string_key), ks_key);
        assert_eq!(entry.key_string, ks.as_bytes());
        assert_eq!(entry.key.to_hex(), key);
    }
    let path = std::path::Path::new("/somewhere/Packs/SYNTH_META.pak");
    assert_eq!(list.key_for_pak_path(path).unwrap().to_hex(), table[2].3);
    let err = list
        .key_for_pak_path(std::path::Path::new("other.pak"))
        .unwrap_err();
    assert!(matches!(err, PakError::NoKeyForPack { .. }), "{err}");
    assert!(err.to_string().contains("synth_ivxor"), "{err}");
}

#[test]
fn corpus_packlist_with_a_flipped_byte_fails_the_signature() {
    let Some((mut data, _)) = load("corpus_packlist_with_a_flipped_byte_fails_the_signature")
    else {
        return;
    };
    data[20] ^= 1;
    let list = Packlist::parse(&data).unwrap();
    assert!(!list.signature_ok());
}

#[test]
fn written_packlist_reads_back_with_a_valid_signature() {
    let ks = b"57B458BD05BF710A36C952529DBF29BB";
    let data = write_packlist(2_050_789_861, &[("synth_ivxor", 0, ks)]).unwrap();
    let list = Packlist::parse(&data).unwrap();
    assert!(list.signature_ok());
    assert_eq!(list.packs[0].name, "synth_ivxor");
    assert_eq!(
        list.packs[0].key.to_hex(),
        "d20eb515517a722636b48d3e052e6e88"
    );
}

#[test]
fn truncated_and_hostile_packlists_error_cleanly() {
    let data = write_packlist(7, &[("a", 0, &[b'0'; 32]), ("bb", 0, &[b'1'; 32])]).unwrap();
    for len in 0..data.len() {
        // Every prefix either fails cleanly or parses with a bad signature.
        match Packlist::parse(&data[..len]) {
            Ok(list) => assert!(!list.signature_ok() || len == data.len()),
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
    let mut long_name = data.clone();
    long_name[11] = 200; // name length of the first entry
    let err = Packlist::parse(&long_name).unwrap_err().to_string();
    assert!(
        err.contains("pack name length 200") && err.contains("offset 0xb"),
        "{err}"
    );
}

#[test]
fn flag_bit_0_uses_the_product_key_string_key() {
    use trackbench_core::pak::packlist::{KeyStringDerivation, write_packlist_for_product};
    // VECTORS.md section 5 (single witness): name "stadium", salt
    // 2050789861, product "tmforever" -> 5aa96f5a18502802627e34fca38f28ce.
    let ks = b"6B407E921260986FFC6B2C15BFE2461F";
    let data = write_packlist(2_050_789_861, &[("Stadium", 1, ks), ("stadium", 0, ks)]).unwrap();
    let list = Packlist::parse(&data).unwrap();
    assert!(list.signature_ok());
    let flagged = &list.packs[0];
    assert_eq!(flagged.flags, 1);
    assert_eq!(
        flagged.derivation,
        KeyStringDerivation::Product("tmforever".into())
    );
    assert_eq!(
        hex_encode(&flagged.key_string_key),
        "5aa96f5a18502802627e34fca38f28ce"
    );
    assert_eq!(flagged.key_string, ks);
    // The same name without the flag uses the standard derivation.
    assert_eq!(list.packs[1].derivation, KeyStringDerivation::Standard);
    assert_ne!(list.packs[1].key_string_key, flagged.key_string_key);
    assert_eq!(list.packs[1].key, flagged.key);
    // Another product gives another XOR key: the key string only decodes
    // with the product it was written for.
    let other =
        write_packlist_for_product(2_050_789_861, &[("Stadium", 1, ks)], "TMUnited").unwrap();
    let as_tmf = Packlist::parse(&other).unwrap();
    assert_ne!(as_tmf.packs[0].key_string, ks);
    let as_tmu = Packlist::parse_for_product(&other, "tmunited").unwrap();
    assert_eq!(as_tmu.packs[0].key_string, ks);
    assert_eq!(as_tmu.packs[0].derivation.label(), "product:tmunited");
}
