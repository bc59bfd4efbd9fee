//! Writer → reader round trips: fixed ivXor boundary cases and random trees
//! (proptest), payload sizes around multiples of 0x100.

use proptest::prelude::*;
use trackbench_core::pak::write::{NewFile, NewFolder, NewMetadata, PakContents, write_pak_v3};
use trackbench_core::pak::{Pak, PakKey};

const KEY: PakKey = PakKey(*b"trackbench-test!");
const TINY_GBX: &str = "4742580600425555520050000b0000000001000000";

fn check_round_trip(contents: &PakContents) {
    let bytes = write_pak_v3(&KEY, contents).unwrap();
    let pak = Pak::open(bytes, &KEY).unwrap();
    assert!(pak.header().md5_ok());
    assert_eq!(pak.folders().len(), contents.folders.len());
    for (got, want) in pak.folders().iter().zip(&contents.folders) {
        assert_eq!(
            (got.parent, got.name.as_str()),
            (want.parent, want.name.as_str())
        );
    }
    assert_eq!(pak.files().len(), contents.files.len());
    for (i, (got, want)) in pak.files().iter().zip(&contents.files).enumerate() {
        assert_eq!(
            (got.folder, got.name.as_str()),
            (want.folder, want.name.as_str())
        );
        assert_eq!(
            (got.class_id, got.flags, got.unknown),
            (want.class_id, want.flags, want.unknown)
        );
        assert_eq!(got.uncompressed_size as usize, want.data.len());
        assert_eq!(
            pak.read_file(i).unwrap(),
            want.data,
            "file {i} ({} bytes)",
            want.data.len()
        );
    }
    let meta = pak.metadata().unwrap();
    assert_eq!(meta.entries.len(), contents.metadata.len());
    for (got, want) in meta.entries.iter().zip(&contents.metadata) {
        assert_eq!(
            (got.file_index, &got.gbx_header),
            (want.file_index, &want.gbx_header)
        );
    }
    let third = contents
        .folders
        .get(2)
        .map_or(0, |f| f.name.encode_utf16().count());
    assert_eq!(pak.header().iv_xor.is_some(), third >= 4);
}

fn file(folder: Option<u32>, name: &str, len: usize, flags: u64) -> NewFile {
    let data = (0..len).map(|i| (i * 7 % 251) as u8).collect();
    NewFile {
        folder,
        name: name.into(),
        class_id: 0x0902_F000,
        flags,
        unknown: 0,
        data,
    }
}

/// Three folders whose names make the folder table end at `end` (plain
/// offset; the table starts at 56 and each folder costs 8 + name bytes).
fn folders_ending_at(end: usize) -> Vec<NewFolder> {
    let names_len = end - 56 - 3 * 8;
    let first = "a".repeat(names_len - 2 - 9 - 1);
    vec![
        NewFolder {
            parent: None,
            name: format!("{first}\\"),
        },
        NewFolder {
            parent: None,
            name: "b\\".into(),
        },
        NewFolder {
            parent: Some(1),
            name: "Textures\\".into(),
        },
    ]
}

#[test]
fn header_iv_xor_round_trips_when_the_folder_table_ends_around_a_page_boundary() {
    for end in (240..=272).chain([504, 511, 512, 513]) {
        let folders = folders_ending_at(end);
        let files = (0..40)
            .map(|i| file(Some(i % 3), &format!("f{i}.bin"), i as usize * 13, 0))
            .collect();
        let contents = PakContents {
            folders,
            files,
            ..PakContents::default()
        };
        let bytes = write_pak_v3(&KEY, &contents).unwrap();
        let pak = Pak::open(bytes, &KEY).unwrap();
        assert_eq!(pak.header().folder_table_end, end as u64);
        let ivx = pak.header().iv_xor.unwrap();
        assert_eq!(
            ivx.applied_before_plain_offset,
            end.div_ceil(256) as u64 * 256,
            "end {end}"
        );
        check_round_trip(&contents);
    }
}

#[test]
fn payload_sizes_around_page_multiples_round_trip() {
    let mut files = Vec::new();
    for k in 0..4usize {
        for d in 0..17usize {
            let len = (k * 256 + d).saturating_sub(8);
            for flags in [0, 0x04, 0x3C, (1 << 32) | 0x04] {
                files.push(file(None, &format!("p{k}_{d}_{flags:x}"), len, flags));
            }
        }
    }
    let metadata = vec![NewMetadata {
        file_index: 1,
        gbx_header: hex(TINY_GBX),
    }];
    check_round_trip(&PakContents {
        files,
        metadata,
        ..PakContents::default()
    });
}

#[test]
fn empty_pak_round_trips() {
    check_round_trip(&PakContents::default());
}

fn hex(s: &str) -> Vec<u8> {
    trackbench_core::pak::crypto::hex_decode(s).unwrap()
}

fn name_strategy() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[A-Za-z0-9_é. -]{1,14}").unwrap()
}

fn size_strategy() -> impl Strategy<Value = usize> {
    prop_oneof![
        0usize..700,
        (0usize..6, 0usize..17).prop_map(|(k, d)| (k * 256 + d).saturating_sub(8))
    ]
}

fn contents_strategy() -> impl Strategy<Value = PakContents> {
    let folders = proptest::collection::vec(
        (any::<prop::sample::Index>(), any::<bool>(), name_strategy()),
        0..8,
    );
    let files = proptest::collection::vec(
        (
            any::<prop::sample::Index>(),
            name_strategy(),
            size_strategy(),
            prop::sample::select(vec![0u64, 0x04, 0x0C, 0x24, 0x3C, (1 << 32) | 0x04]),
            any::<u32>(),
        ),
        0..14,
    );
    (
        folders,
        files,
        proptest::collection::vec(any::<prop::sample::Index>(), 0..3),
    )
        .prop_map(|(folders, files, metas)| {
            let folders: Vec<NewFolder> = folders
                .into_iter()
                .enumerate()
                .map(|(i, (parent, root, name))| {
                    let parent = (i > 0 && !root).then(|| parent.index(i) as u32);
                    NewFolder {
                        parent,
                        name: format!("{name}\\"),
                    }
                })
                .collect();
            let n = folders.len();
            let files: Vec<NewFile> = files
                .into_iter()
                .map(|(folder, name, len, flags, class_id)| {
                    let folder = (n > 0).then(|| folder.index(n) as u32);
                    NewFile {
                        class_id,
                        ..file(folder, &name, len, flags)
                    }
                })
                .collect();
            let metadata = if files.is_empty() {
                Vec::new()
            } else {
                metas
                    .iter()
                    .map(|m| NewMetadata {
                        file_index: m.index(files.len()) as u32,
                        gbx_header: hex(TINY_GBX),
                    })
                    .collect()
            };
            PakContents {
                folders,
                files,
                metadata,
                flags: 0,
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_trees_round_trip(contents in contents_strategy()) {
        check_round_trip(&contents);
    }
}
