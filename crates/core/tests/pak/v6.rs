//! The unencrypted ManiaPlanet header (versions 6+), built here field by
//! field from seed 004 "Header versions 6+" (no v6+ sample in the corpus).

use trackbench_core::bytes::ByteWriter;
use trackbench_core::pak::header_v6::read_info_v6;
use trackbench_core::pak::{Pak, PakKey, PakLimits, pak_version};

fn string(w: &mut ByteWriter, s: &str) {
    w.u32(s.len() as u32);
    w.bytes(s.as_bytes());
}

fn author(w: &mut ByteWriter, login: &str) {
    w.u32(0);
    for s in [login, "$fffNick", "World|Europe", "extra"] {
        string(w, s);
    }
}

/// A v`version` unencrypted header per the seed, then 8 marker bytes.
fn build(version: u32) -> Vec<u8> {
    let mut w = ByteWriter::new();
    w.bytes(b"NadeoPak");
    w.u32(version);
    w.bytes(&[0xC5; 32]);
    w.u32(0b0101);
    if version >= 15 {
        w.u32(0x4000);
    }
    if version >= 7 {
        author(&mut w, "author");
        if version < 9 {
            string(&mut w, "a comment");
            w.bytes(&[7; 16]);
            if version == 8 {
                string(&mut w, "date=2011 git=x");
                string(&mut w, "http://author");
            }
        } else {
            string(&mut w, "maniaplanet://ml");
            if version >= 13 {
                string(&mut w, "http://download");
            }
            w.u64(0x01D0_0000_0000_0000);
            string(&mut w, "a comment");
            if version >= 12 {
                string(&mut w, "<xml/>");
                string(&mut w, "TMStadium");
            }
            string(&mut w, "Skins");
            string(&mut w, "date=2019 git=y");
            w.bytes(&[7; 16]);
            if version >= 10 {
                w.u32(2);
                for i in 0..2 {
                    w.bytes(&[i; 32]);
                    string(&mut w, &format!("inc{i}"));
                    author(&mut w, "incauthor");
                    string(&mut w, "maniaplanet://inc");
                    w.u64(42);
                    string(&mut w, &format!("inc{i}.Pack.Gbx"));
                    if version >= 11 {
                        w.u32(u32::from(i) + 1);
                    }
                }
            }
        }
    }
    w.bytes(b"ENCRYPTD");
    w.into_inner()
}

#[test]
fn every_v6_plus_version_reads_its_unencrypted_fields() {
    for version in 6..=18 {
        let data = build(version);
        assert_eq!(pak_version(&data).unwrap(), version);
        let info = read_info_v6(&data, &PakLimits::default())
            .unwrap_or_else(|e| panic!("v{version}: {e}"));
        assert_eq!(info.contents_checksum, [0xC5; 32]);
        assert!(info.is_header_private() && info.is_data_private() && info.is_header_encrypted());
        assert_eq!(info.header_max_size, (version >= 15).then_some(0x4000));
        assert_eq!(info.author.is_some(), version >= 7, "v{version}");
        if version >= 7 {
            assert_eq!(info.author.as_ref().unwrap().login, "author");
            assert_eq!(info.author.as_ref().unwrap().zone, "World|Europe");
            assert_eq!(info.comment, "a comment");
            assert_eq!(info.unused, Some([7; 16]));
        }
        assert_eq!(
            info.author_url,
            if version == 8 { "http://author" } else { "" }
        );
        assert_eq!(info.creation_date.is_some(), version >= 9);
        assert_eq!(info.download_url.is_empty(), version < 13);
        assert_eq!(info.title_id, if version >= 12 { "TMStadium" } else { "" });
        assert_eq!(info.usage_sub_dir, if version >= 9 { "Skins" } else { "" });
        assert_eq!(info.included_packs.len(), if version >= 10 { 2 } else { 0 });
        if version >= 10 {
            let inc = &info.included_packs[1];
            assert_eq!(
                (inc.name.as_str(), inc.name2.as_str()),
                ("inc1", "inc1.Pack.Gbx")
            );
            assert_eq!(inc.include_depth, (version >= 11).then_some(2));
            assert_eq!(inc.creation_date, 42);
        }
        let end = info.encrypted_part_offset as usize;
        assert_eq!(&data[end..end + 8], b"ENCRYPTD", "v{version}");
        // Opening with a key says clearly that v6+ is not decrypted.
        let err = Pak::open(data.clone(), &PakKey([0; 16]))
            .unwrap_err()
            .to_string();
        assert!(err.contains(&format!("pak version {version}")), "{err}");
    }
}

#[test]
fn every_prefix_of_a_v18_header_errors_cleanly() {
    let data = build(18);
    let end = read_info_v6(&data, &PakLimits::default())
        .unwrap()
        .encrypted_part_offset as usize;
    for len in 0..end {
        let err = read_info_v6(&data[..len], &PakLimits::default())
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("end of data") || err.contains("too large"),
            "{len}: {err}"
        );
    }
}

#[test]
fn a_huge_included_pack_count_is_refused_before_allocating() {
    let mut data = build(12);
    let info = read_info_v6(&data, &PakLimits::default()).unwrap();
    // The count sits right before the first included pack's 32-byte checksum.
    let mut needle = vec![2, 0, 0, 0];
    needle.extend([0u8; 32]);
    let count_at = data
        .windows(needle.len())
        .position(|w| w == needle)
        .unwrap();
    data[count_at..count_at + 4].copy_from_slice(&u32::MAX.to_le_bytes());
    let err = read_info_v6(&data, &PakLimits::default())
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("included pack count 4294967295 is too large"),
        "{err}"
    );
    assert_eq!(info.included_packs.len(), 2);
}
