//! Script metadata, embedded items and MediaTracker key edits (issue 28) on
//! corpus files: every edit re-parses complete with no new problem, reads
//! back with the new value, and undo gives the original bytes exactly.

use trackbench_core::edit::media_keys::{key_fields, set_form_value, set_key_time};
use trackbench_core::edit::media_records::{delete_key, duplicate_key, node_record_edit};
use trackbench_core::edit::metadata::{ScalarType, remove_trait, set_trait, trait_type};
use trackbench_core::edit::{Edit, EditError, GbxDocument, embedded_items};
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::access::embedded::{zip_entries, zip_entry_bytes};
use trackbench_core::gbx::access::images::embedded_items_zip;
use trackbench_core::gbx::access::mediatracker::clips;
use trackbench_core::gbx::access::script_metadata::{MetadataRow, script_metadata};
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus_ending, gbx_named};

fn name(p: &std::path::Path) -> String {
    p.file_name().unwrap().to_string_lossy().into_owned()
}

fn traits(gbx: &Gbx) -> Vec<MetadataRow> {
    script_metadata(gbx)
        .unwrap_or_default()
        .into_iter()
        .filter(|r| r.depth == 0)
        .collect()
}

fn trait_value(gbx: &Gbx, n: &str) -> Option<(String, String)> {
    traits(gbx)
        .into_iter()
        .find(|r| r.name == n)
        .map(|r| (r.type_name, r.value))
}

/// Applies `edit` and checks the new parse is as complete as before.
fn apply_checked(
    doc: &mut GbxDocument,
    what: &str,
    make: impl FnOnce(&Gbx) -> Result<Edit, EditError>,
) {
    let before = (doc.gbx.summary(), doc.gbx.problems.len());
    let edit = make(&doc.gbx).unwrap_or_else(|e| panic!("{what}: {e}"));
    doc.apply(edit).unwrap_or_else(|e| panic!("{what}: {e}"));
    let after = doc.gbx.summary();
    assert_eq!(after.decoded, before.0.decoded, "{what}: decoded chunks");
    assert_eq!(
        after.main_node_complete, before.0.main_node_complete,
        "{what}: main node"
    );
    assert!(doc.gbx.problems.len() <= before.1, "{what}: new problems");
}

#[test]
fn a_trait_is_added_changed_and_removed_on_every_map_with_metadata() {
    if corpus_dir_or_warn("gbx_edit_metadata").is_none() {
        return;
    }
    let mut maps = 0;
    for corpus_file in gbx_corpus_ending(".map.gbx") {
        let path = &corpus_file.path;
        let file = corpus_file.bytes().to_vec();
        let mut doc = GbxDocument::from_gbx(corpus_file.gbx().clone());
        if script_metadata(&doc.gbx).is_none() {
            continue;
        }
        let n = name(path);
        maps += 1;
        let before = traits(&doc.gbx);
        apply_checked(&mut doc, &n, |g| {
            set_trait(g, "Trackbench_Note", "é longer text", None)
        });
        assert_eq!(
            trait_value(&doc.gbx, "Trackbench_Note"),
            Some(("Text".into(), "é longer text".into())),
            "{n}"
        );
        apply_checked(&mut doc, &n, |g| {
            set_trait(g, "Trackbench_Note", "3", Some(ScalarType::Integer))
        });
        assert_eq!(
            trait_value(&doc.gbx, "Trackbench_Note"),
            Some(("Integer".into(), "3".into())),
            "{n}"
        );
        apply_checked(&mut doc, &n, |g| {
            set_trait(g, "Trackbench_Pos", "1, 2.5, -3", None)
        });
        assert_eq!(
            trait_value(&doc.gbx, "Trackbench_Pos").unwrap().0,
            "Vec3",
            "{n}"
        );
        // Every trait that was there keeps its value.
        for r in &before {
            assert_eq!(
                trait_value(&doc.gbx, &r.name),
                Some((r.type_name.clone(), r.value.clone())),
                "{n}: {}",
                r.name
            );
        }
        apply_checked(&mut doc, &n, |g| remove_trait(g, "Trackbench_Pos"));
        apply_checked(&mut doc, &n, |g| remove_trait(g, "Trackbench_Note"));
        assert_eq!(doc.bytes(), file.as_slice(), "{n}: add then remove");
        // An existing scalar trait takes a new value; undo restores it.
        if let Some(r) = before
            .iter()
            .find(|r| trait_type(&r.type_name) == Ok(ScalarType::Integer))
        {
            apply_checked(&mut doc, &n, |g| set_trait(g, &r.name, "12345", None));
            assert_eq!(trait_value(&doc.gbx, &r.name).unwrap().1, "12345", "{n}");
        }
        while doc.undo().unwrap().is_some() {}
        assert_eq!(doc.bytes(), file.as_slice(), "{n}: undo");
    }
    assert!(maps >= 30, "{maps} maps with metadata");
}

/// An item of the corpus to embed.
fn corpus_item() -> Vec<u8> {
    gbx_named("GBX-NET 2 CGameItemModel TM2020 001.Item.Gbx")
        .expect("corpus item")
        .bytes()
        .to_vec()
}

/// The ZIP's entries as (path, bytes).
fn entries(gbx: &Gbx) -> Vec<(String, Vec<u8>)> {
    let Some(zip) = embedded_items_zip(gbx) else {
        return Vec::new();
    };
    zip_entries(zip)
        .unwrap()
        .into_iter()
        .enumerate()
        .map(|(i, e)| (e.path, zip_entry_bytes(zip, i).unwrap()))
        .collect()
}

#[test]
fn an_item_is_embedded_in_every_map_that_can_hold_one_and_removed_again() {
    if corpus_dir_or_warn("gbx_edit_items").is_none() {
        return;
    }
    let item = corpus_item();
    let target = "Items/Trackbench/Added.Item.Gbx";
    let mut maps = 0;
    for corpus_file in gbx_corpus_ending(".map.gbx") {
        let path = &corpus_file.path;
        let file = corpus_file.bytes().to_vec();
        let mut doc = GbxDocument::from_gbx(corpus_file.gbx().clone());
        let n = name(path);
        let Ok(ids) = embedded_items::ident_ids(&doc.gbx) else {
            continue;
        };
        maps += 1;
        let original = entries(&doc.gbx);
        apply_checked(&mut doc, &n, |g| embedded_items::add_item(g, &item, target));
        let now = entries(&doc.gbx);
        assert_eq!(now.len(), original.len() + 1, "{n}");
        let added = now.iter().find(|(p, _)| p == target).expect("entry");
        assert!(added.1 == item, "{n}: the embedded bytes differ");
        let new_ids = embedded_items::ident_ids(&doc.gbx).unwrap();
        assert_eq!(&new_ids[..ids.len()], ids.as_slice(), "{n}: old idents");
        assert_eq!(
            new_ids.last().cloned().flatten().as_deref(),
            Some("Trackbench\\Added.Item.Gbx"),
            "{n}"
        );
        assert!(matches!(
            embedded_items::add_item(&doc.gbx, &item, target),
            Err(EditError::Invalid(_))
        ));
        apply_checked(&mut doc, &n, |g| embedded_items::remove_item(g, target));
        assert_eq!(entries(&doc.gbx), original, "{n}: entries after remove");
        assert_eq!(embedded_items::ident_ids(&doc.gbx).unwrap(), ids, "{n}");
        if original.is_empty() {
            assert_eq!(doc.bytes(), file.as_slice(), "{n}: add then remove");
        }
        doc.undo().unwrap();
        doc.undo().unwrap();
        assert_eq!(doc.bytes(), file.as_slice(), "{n}: undo");
    }
    assert!(maps >= 30, "{maps} maps with an items chunk");
}

#[test]
fn an_embedded_item_is_removed_from_a_map_and_its_ident_follows() {
    if corpus_dir_or_warn("gbx_edit_items_remove").is_none() {
        return;
    }
    let gbx = gbx_named("Stuartville Track.Map.Gbx").unwrap().gbx();
    let file = gbx.file.clone();
    let mut doc = GbxDocument::from_gbx(gbx.clone());
    let original = entries(&doc.gbx);
    let ids = embedded_items::ident_ids(&doc.gbx).unwrap();
    assert_eq!(ids.len(), 16);
    // Its entries are custom blocks under Blocks/.
    let (victim, _) = original[3].clone();
    assert!(victim.starts_with("Blocks/"), "{victim}");
    apply_checked(&mut doc, "remove", |g| {
        embedded_items::remove_item(g, &victim)
    });
    let left = entries(&doc.gbx);
    assert_eq!(left.len(), original.len() - 1);
    assert!(left.iter().all(|e| original.contains(e)));
    let id = victim["Blocks/".len()..].replace('/', "\\");
    let now = embedded_items::ident_ids(&doc.gbx).unwrap();
    assert_eq!(now.len(), 15);
    assert!(!now.iter().flatten().any(|i| i.eq_ignore_ascii_case(&id)));
    doc.undo().unwrap();
    assert_eq!(doc.bytes(), file.as_slice());
}

#[test]
fn a_mediatracker_key_takes_new_values_and_reads_them_back() {
    if corpus_dir_or_warn("gbx_edit_media_keys").is_none() {
        return;
    }
    let gbx = gbx_named("E02-Endurance.Challenge.Gbx").unwrap().gbx();
    let file = gbx.file.clone();
    let mut doc = GbxDocument::from_gbx(gbx.clone());
    let cs = clips(&doc.gbx);
    let block = cs
        .iter()
        .flat_map(|c| c.tracks.iter().flat_map(|t| t.blocks.iter()))
        .find(|b| b.class_short.contains("CameraCustom") && b.keys.len() >= 2)
        .cloned()
        .expect("a custom camera block");
    let fields = key_fields(&doc.gbx, &block.keys[0]);
    let find = |label: &str| fields.iter().find(|f| f.label == label).cloned().unwrap();
    let (fov, pos) = (find("fov"), find("cameraPosition"));
    assert_eq!(fov.text(), "60");
    apply_checked(&mut doc, "fov", |g| set_form_value(g, &fov, "72.5"));
    apply_checked(&mut doc, "position", |g| {
        set_form_value(g, &pos, "(1, 2, 3)")
    });
    let fields = key_fields(&doc.gbx, &block.keys[0]);
    let value = |label: &str| fields.iter().find(|f| f.label == label).unwrap().text();
    assert_eq!(value("fov"), "72.5");
    assert_eq!(value("cameraPosition"), "(1, 2, 3)");
    assert!(set_form_value(&doc.gbx, &fov, "wide").is_err());
    let t1 = block.keys[1].time_s;
    apply_checked(&mut doc, "time", |g| {
        set_key_time(g, &block, 0, &format!("{}", t1 / 2.0))
    });
    let again = clips(&doc.gbx);
    let moved = again
        .iter()
        .flat_map(|c| c.tracks.iter().flat_map(|t| t.blocks.iter()))
        .find(|b| b.node == block.node)
        .unwrap();
    assert_eq!(moved.keys[0].time_s, t1 / 2.0);
    // A copy of key 0 follows it; deleting key 1 then leaves the keys as
    // they were.
    let n = block.keys.len();
    let shown = |doc: &GbxDocument| {
        clips(&doc.gbx)
            .iter()
            .flat_map(|c| c.tracks.iter().flat_map(|t| t.blocks.iter()))
            .find(|b| b.node == block.node)
            .cloned()
            .unwrap()
    };
    let b = shown(&doc);
    apply_checked(&mut doc, "duplicate", |g| duplicate_key(g, &b, 0));
    let b = shown(&doc);
    assert_eq!(b.keys.len(), n + 1);
    assert_eq!(b.keys[1].time_s, b.keys[0].time_s);
    assert_eq!(b.keys[1].values, b.keys[0].values);
    apply_checked(&mut doc, "delete", |g| delete_key(g, &b, 1));
    assert_eq!(shown(&doc).keys.len(), n);
    while doc.undo().unwrap().is_some() {}
    assert_eq!(doc.bytes(), file.as_slice());
}

#[test]
fn a_text_block_takes_a_longer_text_and_a_colour() {
    if corpus_dir_or_warn("gbx_edit_media_text").is_none() {
        return;
    }
    let gbx = gbx_named("%Arczi%Descent_into_Madness%08-23_17§06%.Challenge.Gbx")
        .unwrap()
        .gbx();
    let file = gbx.file.clone();
    let mut doc = GbxDocument::from_gbx(gbx.clone());
    let block = clips(&doc.gbx)
        .iter()
        .flat_map(|c| c.tracks.iter().flat_map(|t| t.blocks.iter()))
        .find(|b| b.text.is_some())
        .cloned()
        .expect("a text block");
    let fields = trackbench_core::edit::media_keys::block_fields(&doc.gbx, &block);
    let text = fields.iter().find(|f| f.label == "text").cloned().unwrap();
    let colour = fields.iter().find(|f| f.label == "color").cloned().unwrap();
    apply_checked(&mut doc, "text", |g| {
        set_form_value(g, &text, "A much longer personal best: 32:98")
    });
    apply_checked(&mut doc, "colour", |g| {
        set_form_value(g, &colour, "1, 0.5, 0")
    });
    let block = clips(&doc.gbx)
        .iter()
        .flat_map(|c| c.tracks.iter().flat_map(|t| t.blocks.iter()))
        .find(|b| b.node == block.node)
        .cloned()
        .unwrap();
    assert_eq!(
        block.text.as_deref(),
        Some("A much longer personal best: 32:98")
    );
    let fields = trackbench_core::edit::media_keys::block_fields(&doc.gbx, &block);
    let colour = fields.iter().find(|f| f.label == "color").unwrap();
    assert_eq!(colour.text(), "(1, 0.5, 0)");
    while doc.undo().unwrap().is_some() {}
    assert_eq!(doc.bytes(), file.as_slice());
}

#[test]
fn a_mediatracker_block_and_a_track_are_deleted_through_the_record_engine() {
    if corpus_dir_or_warn("gbx_edit_media_records").is_none() {
        return;
    }
    let gbx = gbx_named("GBX-NET 2 CGameCtnMediaClip TMF 001.Clip.Gbx")
        .unwrap()
        .gbx();
    let file = gbx.file.clone();
    let mut doc = GbxDocument::from_gbx(gbx.clone());
    let clip = clips(&doc.gbx)[0].clone();
    let (tracks, blocks) = (clip.tracks.len(), clip.block_count());
    let track = clip.tracks[1].clone();
    let block = track.blocks[0].node;
    let dup = node_record_edit(&doc.gbx, track.node, block, true);
    eprintln!("duplicate block: {:?}", dup.as_ref().map(|e| &e.label));
    let deleted = node_record_edit(&doc.gbx, track.node, block, false);
    match deleted {
        Ok(edit) => {
            doc.apply(edit).unwrap();
            let c = clips(&doc.gbx)[0].clone();
            assert_eq!(c.block_count(), blocks - 1);
            assert!(doc.gbx.summary().main_node_complete);
            doc.undo().unwrap();
        }
        Err(e) => assert!(matches!(e, EditError::Invalid(_)), "{e}"),
    }
    // The track's nodes go with it: fewer chunks, the file still complete.
    let edit = node_record_edit(&doc.gbx, clip.node, clip.tracks[13].node, false).unwrap();
    doc.apply(edit).unwrap();
    assert!(doc.gbx.summary().main_node_complete);
    assert!(doc.gbx.problems.is_empty(), "{:?}", doc.gbx.problems);
    let c = clips(&doc.gbx)[0].clone();
    assert_eq!(c.tracks.len(), tracks - 1);
    doc.undo().unwrap();
    assert_eq!(doc.bytes(), file.as_slice());
}

/// Issue 28's "edit a MediaTracker key and read the value back", on every
/// corpus map with a key holding a float: the first float of the first
/// such key takes 12.25, reads back as 12.25 with every other value of the
/// key unchanged, and undo gives the original bytes.
#[test]
fn a_mediatracker_key_value_is_typed_over_on_every_map_with_keys() {
    if corpus_dir_or_warn("gbx_edit_media_keys_all").is_none() {
        return;
    }
    let mut done = Vec::new();
    let files = gbx_corpus_ending(".map.gbx").chain(gbx_corpus_ending(".challenge.gbx"));
    for corpus_file in files {
        let path = &corpus_file.path;
        let Ok(gbx) = &corpus_file.parse else {
            continue;
        };
        let file = gbx.file.clone();
        let mut doc = GbxDocument::from_gbx(gbx.clone());
        if doc.gbx.header.format == trackbench_core::gbx::Format::Text {
            continue;
        }
        let n = name(path);
        let keys: Vec<_> = clips(&doc.gbx)
            .iter()
            .flat_map(|c| c.tracks.iter().flat_map(|t| t.blocks.iter()))
            .flat_map(|b| b.keys.iter().cloned())
            .collect();
        let Some((key, field)) = keys.iter().find_map(|k| {
            key_fields(&doc.gbx, k)
                .into_iter()
                .find(|f| {
                    f.read_only.is_none() && matches!(f.value, trackbench_core::gbx::Value::F32(_))
                })
                .map(|f| (k.clone(), f))
        }) else {
            continue;
        };
        let new = if field.text() == "12.25" {
            "-3.5"
        } else {
            "12.25"
        };
        let before = key_fields(&doc.gbx, &key);
        apply_checked(&mut doc, &n, |g| set_form_value(g, &field, new));
        let after = key_fields(&doc.gbx, &key);
        assert_eq!(after.len(), before.len(), "{n}");
        for (a, b) in after.iter().zip(&before) {
            let want = if b.label == field.label {
                new.to_string()
            } else {
                b.text()
            };
            assert_eq!(a.text(), want, "{n}: {}", a.label);
        }
        doc.undo().unwrap();
        assert!(doc.bytes() == file.as_slice(), "{n}: undo");
        done.push(format!("{n}: {}", field.label));
    }
    eprintln!("{} maps: {done:#?}", done.len());
    if !done.is_empty() {
        assert!(done.len() >= 20, "{done:#?}");
    }
}
