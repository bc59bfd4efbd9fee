//! Writing and editing GBX files: byte-identical round trips of the whole
//! corpus, renames that change the name everywhere and nothing else, undo
//! back to the original bytes.

use proptest::prelude::*;
use trackbench_core::edit::GbxDocument;
use trackbench_core::edit::map::{self, Medal};
use trackbench_core::gbx::write::{WriteOptions, write};
use trackbench_core::gbx::{FieldRef, Gbx, Value, slice, tools::sample::sample_map};
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus};

fn name(p: &std::path::Path) -> String {
    p.file_name().unwrap().to_string_lossy().into_owned()
}

#[test]
fn every_corpus_gbx_round_trips_byte_identically_and_recompressed() {
    if corpus_dir_or_warn("gbx_edit").is_none() {
        return;
    }
    for file in gbx_corpus() {
        let bytes = file.bytes();
        let gbx = file.gbx();
        let path = &file.path;
        let out = write(gbx, &[], WriteOptions::default()).unwrap();
        assert!(out == bytes, "{}: unchanged write differs", name(path));
        if gbx.body_info.is_none() {
            continue;
        }
        let re = Gbx::parse(
            write(
                gbx,
                &[],
                WriteOptions {
                    force_recompress: true,
                },
            )
            .unwrap(),
        )
        .unwrap();
        assert_eq!(re.body, gbx.body, "{}: recompressed body", name(path));
        let ids = |g: &Gbx| -> Vec<(u32, u32)> {
            g.nodes
                .iter()
                .flat_map(|n| n.chunks.iter().map(move |c| (n.class_id, c.id)))
                .collect()
        };
        assert_eq!(ids(&re), ids(gbx), "{}: same nodes and chunks", name(path));
    }
}

fn map_name_values(gbx: &Gbx) -> Vec<String> {
    let mut out = Vec::new();
    for c in gbx.header.chunks.iter().filter(|c| c.id == 0x0304_3003) {
        if let Some(Value::Str(s)) = gbx.chunk_field(c, "mapName").map(FieldRef::value) {
            out.push(s);
        }
    }
    for c in gbx.nodes[0].chunks.iter().filter(|c| c.id == 0x0304_301F) {
        if let Some(Value::Str(s)) = gbx.chunk_field(c, "mapName").map(FieldRef::value) {
            out.push(s);
        }
    }
    out
}

#[test]
fn renaming_each_corpus_map_changes_the_name_everywhere_and_nothing_else() {
    if corpus_dir_or_warn("gbx_edit rename").is_none() {
        return;
    }
    let mut renamed = 0;
    for file in gbx_corpus() {
        let path = &file.path;
        let gbx = file.gbx();
        if gbx.header.class_id != 0x0304_3000 || gbx.header_chunk(0x0304_3003).is_none() {
            continue;
        }
        let new_name = "Renamed by trackbench & co";
        let mut doc = GbxDocument::from_gbx(gbx.clone());
        doc.apply(map::rename_map(gbx, new_name).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", name(path)));
        let after = Gbx::parse(doc.bytes().to_vec()).unwrap();
        assert!(
            map_name_values(&after).iter().all(|n| n == new_name),
            "{}",
            name(path)
        );
        if let Some(xml) = after.header_chunk(0x0304_3005) {
            let Some(Value::Str(x)) = after.chunk_field(xml, "xml").map(FieldRef::value) else {
                panic!()
            };
            assert!(
                x.contains("name=\"Renamed by trackbench &amp; co\""),
                "{}: xml",
                name(path)
            );
        }
        for (a, b) in gbx.header.chunks.iter().zip(&after.header.chunks) {
            if ![0x0304_3003, 0x0304_3005, 0x0304_3002].contains(&a.id) {
                assert_eq!(
                    slice(&gbx.file, a.data_range),
                    slice(&after.file, b.data_range),
                    "{}",
                    name(path)
                );
            }
        }
        for (na, nb) in gbx.nodes.iter().zip(&after.nodes) {
            for (a, b) in na.chunks.iter().zip(&nb.chunks) {
                if ![0x0304_301F, 0x0304_3013, 0x0304_3012].contains(&a.id) {
                    assert_eq!(
                        slice(&gbx.body, a.data_range),
                        slice(&after.body, b.data_range),
                        "{}: chunk {:#x}",
                        name(path),
                        a.id
                    );
                }
            }
        }
        doc.undo().unwrap();
        assert_eq!(
            doc.bytes(),
            gbx.file.as_slice(),
            "{}: undo restores the bytes",
            name(path)
        );
        renamed += 1;
    }
    assert!(renamed > 80, "only {renamed} maps renamed");
}

#[test]
fn removing_a_password_drops_chunk_0x029_and_undo_restores_it() {
    let Some(_) = corpus_dir_or_warn("gbx_edit password") else {
        return;
    };
    let with_password = gbx_corpus().iter().find_map(|f| {
        let g = f.gbx();
        g.nodes
            .first()
            .is_some_and(|n| n.chunks.iter().any(|c| c.id == 0x0304_3029))
            .then_some(g)
    });
    let Some(gbx) = with_password else {
        panic!("no corpus map with a 0x03043029 password chunk")
    };
    let mut doc = GbxDocument::from_gbx(gbx.clone());
    doc.apply(map::remove_password(gbx).unwrap()).unwrap();
    assert!(!doc.gbx.nodes[0].chunks.iter().any(|c| c.id == 0x0304_3029));
    assert!(doc.gbx.summary().main_node_complete);
    assert!(doc.history().is_dirty());
    doc.undo().unwrap();
    assert_eq!(doc.bytes(), gbx.file.as_slice());
    assert!(!doc.history().is_dirty());
}

#[test]
fn medal_times_change_in_header_parameters_and_xml() {
    let gbx = Gbx::parse(sample_map()).unwrap();
    let mut doc = GbxDocument::from_gbx(gbx.clone());
    doc.apply(map::set_medal_time(&gbx, Medal::Author, 12_345).unwrap())
        .unwrap();
    let g = &doc.gbx;
    let header = g
        .chunk_field(g.header_chunk(0x0304_3002).unwrap(), "authorTime")
        .unwrap();
    assert_eq!(header.value(), Value::TimeMs(12_345));
    let params = g
        .nodes
        .iter()
        .flat_map(|n| &n.chunks)
        .find(|c| c.id == 0x0305_B004)
        .unwrap();
    assert_eq!(
        g.chunk_field(params, "authorTime").unwrap().value(),
        Value::TimeMs(12_345)
    );
    let Value::Str(xml) = g
        .chunk_field(g.header_chunk(0x0304_3005).unwrap(), "xml")
        .unwrap()
        .value()
    else {
        panic!()
    };
    assert!(xml.contains("authortime=\"12345\""), "{xml}");
    assert_eq!(doc.history().undo_label(), Some("set authortime time"));
}

#[test]
fn replacing_the_thumbnail_keeps_its_size_and_orientation() {
    let gbx = Gbx::parse(sample_map()).unwrap();
    let red = image::RgbImage::from_fn(300, 200, |_, y| {
        if y < 100 {
            image::Rgb([250, 0, 0])
        } else {
            image::Rgb([0, 0, 250])
        }
    });
    let mut png = Vec::new();
    red.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .unwrap();
    let mut doc = GbxDocument::from_gbx(gbx);
    let edit = map::replace_thumbnail(&doc.gbx, &png).unwrap();
    doc.apply(edit).unwrap();
    let jpeg = trackbench_core::gbx::access::thumbnail::thumbnail_jpeg(&doc.gbx).unwrap();
    let up = trackbench_core::gbx::access::thumbnail::decode_upright(jpeg).unwrap();
    assert_eq!(up.dimensions(), (128, 128));
    assert!(up.get_pixel(64, 10)[0] > 200, "red at the top once upright");
}

#[derive(Debug, Clone)]
enum Op {
    Rename(String),
    Medal(u8, u32),
    Comments(String),
    Nick(String),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        "[a-zA-Z0-9 &<>\"]{0,40}".prop_map(Op::Rename),
        (0u8..4, any::<u32>()).prop_map(|(m, t)| Op::Medal(m, t)),
        "[a-z ]{0,200}".prop_map(Op::Comments),
        "[A-Za-z]{1,12}".prop_map(Op::Nick),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn random_edits_then_undo_all_give_the_original_bytes(ops in prop::collection::vec(op(), 1..8)) {
        let original = sample_map();
        let mut doc = GbxDocument::open(original.clone()).unwrap();
        for o in &ops {
            let g = &doc.gbx;
            let edit = match o {
                Op::Rename(n) => map::rename_map(g, n),
                Op::Medal(m, t) => map::set_medal_time(g, [Medal::Bronze, Medal::Silver, Medal::Gold, Medal::Author][*m as usize], *t),
                Op::Comments(c) => map::set_comments(g, c),
                Op::Nick(n) => map::set_author_nick(g, n),
            };
            if let Ok(e) = edit { doc.apply(e).unwrap(); }
        }
        let edited = doc.bytes().to_vec();
        while doc.undo().unwrap().is_some() {}
        prop_assert_eq!(doc.bytes(), original.as_slice());
        prop_assert!(!doc.history().is_dirty());
        while doc.redo().unwrap().is_some() {}
        prop_assert_eq!(doc.bytes(), edited.as_slice());
    }
}
