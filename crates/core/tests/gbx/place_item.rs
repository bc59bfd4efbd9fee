//! `items place` over the corpus (issue 45): on every map with an items
//! chunk 0x03043040 (ManiaPlanet 4 and TM2020), one game item and, where
//! the map embeds items, one embedded item are placed and read back (path,
//! position, rotation); the output reads complete, every other chunk of
//! the map keeps its bytes, and undo gives the original file.

use trackbench_core::edit::GbxDocument;
use trackbench_core::edit::embedded_items::item_idents;
use trackbench_core::edit::layout_write::LookbackText;
use trackbench_core::edit::map_ops::{NewItem, place_item};
use trackbench_core::gbx::access::map_contents::{Item, map_contents};
use trackbench_core::gbx::{Format, Gbx, slice};
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus};

/// The chunks an item changes: the items and the TM2020 per-item lists.
const ITEM_CHUNKS: [u32; 6] = [
    0x0304_3040,
    0x0304_3062,
    0x0304_3063,
    0x0304_3065,
    0x0304_3068,
    0x0304_3069,
];

/// Every binary corpus map with an items chunk.
fn maps() -> Vec<(&'static str, &'static Gbx)> {
    gbx_corpus()
        .iter()
        .filter_map(|f| {
            let gbx = f.parse.as_ref().ok()?;
            let items = gbx.main_node()?.chunk(0x0304_3040).is_some();
            (items && gbx.header.format != Format::Text).then_some((f.name.as_str(), gbx))
        })
        .collect()
}

/// The data of every main-node chunk an item does not change, by id.
fn other_chunks(gbx: &Gbx) -> Vec<(u32, Vec<u8>)> {
    let main = gbx.main_node().unwrap();
    main.chunks
        .iter()
        .filter(|c| !ITEM_CHUNKS.contains(&c.id))
        .map(|c| (c.id, slice(&gbx.body, c.data_range).to_vec()))
        .collect()
}

fn key(i: &Item) -> (String, [f32; 3], [f32; 3]) {
    (i.name.to_string(), i.position_m, i.yaw_pitch_roll_rad)
}

/// Places `item` in `gbx`, checks it reads back last with every other
/// item and chunk unchanged, then undoes it.
fn place_and_check(file: &str, gbx: &Gbx, item: &NewItem, name: &str) {
    let before = map_contents(gbx).unwrap();
    let edit = place_item(gbx, item).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut doc = GbxDocument::from_gbx(gbx.clone());
    doc.apply(edit).unwrap_or_else(|e| panic!("{file}: {e}"));
    assert_eq!(doc.gbx.partial_reason(), gbx.partial_reason(), "{file}");
    let after = map_contents(&doc.gbx).unwrap();
    assert_eq!(after.items.len(), before.items.len() + 1, "{file}");
    let new = after.items.last().unwrap();
    assert_eq!(&*new.name, name, "{file}");
    assert_eq!(new.position_m, item.position_m, "{file}");
    let ypr = item.yaw_pitch_roll_deg.map(f32::to_radians);
    assert_eq!(new.yaw_pitch_roll_rad, ypr, "{file}");
    let old: Vec<_> = before.items.iter().map(key).collect();
    let kept: Vec<_> = after.items[..before.items.len()].iter().map(key).collect();
    assert_eq!(kept, old, "{file}");
    assert_eq!(other_chunks(&doc.gbx), other_chunks(gbx), "{file}");
    doc.undo().unwrap();
    assert!(
        doc.bytes() == gbx.file.as_slice(),
        "{file}: undo gives the bytes back"
    );
}

#[test]
fn a_game_item_placed_in_every_maniaplanet_and_tm2020_map_reads_back() {
    if corpus_dir_or_warn("place item").is_none() {
        return;
    }
    let item = NewItem {
        path: "Flag8m".into(),
        position_m: [500.25, 12.0, -3.5],
        yaw_pitch_roll_deg: [90.0, -10.0, 5.0],
    };
    let mut placed = 0;
    let mut maniaplanet = Vec::new();
    for (file, gbx) in maps() {
        place_and_check(file, gbx, &item, "Flag8m");
        placed += 1;
        // ManiaPlanet maps: an items chunk but no TM2020 free-block chunk.
        if gbx.main_node().unwrap().chunk(0x0304_305F).is_none() {
            maniaplanet.push(file);
        }
    }
    assert!(placed >= 20, "{placed} maps");
    // The corpus on 2026-11-29: 16 ManiaPlanet maps (MP3, MP4, TMT; 13 of
    // them with an empty item list) take the item too.
    assert_eq!(maniaplanet.len(), 16, "{maniaplanet:?}");
}

#[test]
fn an_embedded_item_is_placed_with_the_ident_the_map_lists_for_it() {
    if corpus_dir_or_warn("place embedded item").is_none() {
        return;
    }
    let mut placed = 0;
    for (file, gbx) in maps() {
        let Some(LookbackText::Text(id)) = item_idents(gbx)
            .ok()
            .and_then(|v| v.into_iter().next())
            .map(|i| i[0].clone())
        else {
            continue;
        };
        let item = NewItem {
            path: format!("Items/{}", id.replace('\\', "/")),
            position_m: [16.0, 8.0, 16.0],
            yaw_pitch_roll_deg: [0.0; 3],
        };
        place_and_check(file, gbx, &item, &id);
        placed += 1;
    }
    assert!(placed >= 3, "{placed} maps");
}

#[test]
fn placing_refuses_non_finite_numbers_unknown_embedded_paths_and_old_maps() {
    let Some((file, gbx)) = maps().into_iter().next() else {
        return;
    };
    let mut item = NewItem {
        path: "Flag8m".into(),
        position_m: [f32::NAN, 0.0, 0.0],
        yaw_pitch_roll_deg: [0.0; 3],
    };
    let e = place_item(gbx, &item).unwrap_err().to_string();
    assert!(e.starts_with("NaN is not a finite number"), "{file}: {e}");
    item.position_m = [0.0; 3];
    item.yaw_pitch_roll_deg[2] = f32::INFINITY;
    assert!(place_item(gbx, &item).is_err());
    item.yaw_pitch_roll_deg[2] = 0.0;
    item.path = "Items/Nowhere/None.Item.Gbx".into();
    let e = place_item(gbx, &item).unwrap_err().to_string();
    assert!(e.contains("no such item is embedded"), "{file}: {e}");
    let old = gbx_corpus()
        .iter()
        .find(|f| f.name == "AirControl.Challenge.Gbx");
    if let Some(Ok(old)) = old.map(|f| &f.parse) {
        item.path = "Flag8m".into();
        let e = place_item(old, &item).unwrap_err().to_string();
        assert!(e.contains("no items chunk 0x03043040"), "{e}");
    }
}
