//! Blocks, items and script metadata of the corpus maps (gbx/map_contents.rs,
//! gbx/script_metadata.rs), checked against other parts of the same file:
//! stored block counts, the TMF checkpoint list 0x03043017, the checkpoint
//! count of header chunk 0x03043002, the embedded items ZIP 0x03043054 and
//! the author time of 0x03043002.

use std::collections::BTreeSet;
use std::io::Cursor;

use trackbench_core::gbx::access::map_contents::{Kind, MapContents, map_contents};
use trackbench_core::gbx::access::script_metadata::script_metadata;
use trackbench_core::gbx::{Gbx, Value, access::images, slice};
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus};

/// Every corpus file whose main node is a map with blocks: (file name, its
/// shared parse from [`gbx_corpus`], contents decoded once per test thread:
/// a map's contents belong to the thread that made them, `Item::name`).
fn maps() -> &'static [(String, &'static Gbx, MapContents)] {
    thread_local! {
        static MAPS: &'static [(String, &'static Gbx, MapContents)] = Box::leak(
            decode_maps().into_boxed_slice(),
        );
    }
    MAPS.with(|m| *m)
}

fn decode_maps() -> Vec<(String, &'static Gbx, MapContents)> {
    if corpus_dir_or_warn("gbx_contents").is_none() {
        return Vec::new();
    }
    gbx_corpus()
        .iter()
        .filter_map(|f| {
            let gbx = f.parse.as_ref().ok()?;
            let c = map_contents(gbx)?;
            Some((f.name.clone(), gbx, c))
        })
        .collect()
}

fn map(name: &str) -> Option<&'static (String, &'static Gbx, MapContents)> {
    let m = maps().iter().find(|(n, ..)| n == name);
    if m.is_none() && !maps().is_empty() {
        panic!("corpus map {name} missing");
    }
    m
}

fn header_u32(g: &Gbx, chunk: u32, name: &str) -> Option<u32> {
    match g.chunk_field(g.header_chunk(chunk)?, name)?.value() {
        Value::U32(v) | Value::TimeMs(v) => Some(v),
        _ => None,
    }
}

fn count(c: &MapContents, kind: Kind) -> usize {
    c.blocks().filter(|b| b.kind == kind).count()
        + c.items.iter().filter(|i| i.kind == kind).count()
}

#[test]
fn block_counts_equal_the_stored_counts() {
    let mut checked = 0;
    // Every decal id of the corpus: no block may be named after one (a
    // decal read as a block of its own, issue 21).
    let decal_ids: BTreeSet<&str> = maps()
        .iter()
        .flat_map(|(_, _, c)| c.blocks().filter_map(|b| b.decal()))
        .map(|d| d.id.as_str())
        .collect();
    for (name, _, c) in maps() {
        let placed = c.blocks().filter(|b| !b.baked).count();
        let baked = c.blocks().filter(|b| b.baked).count();
        let declared = c.declared_blocks.expect("a stored block count") as usize;
        assert_eq!(c.records, declared, "{name}: block records vs numBlocks");
        assert_eq!(
            placed + c.placeholders,
            c.records,
            "{name}: blocks and records without a block"
        );
        if name == "GBX-NET 2 CGameCtnChallenge TMF 002.Challenge.Gbx" {
            // TMUnlimiter: the one counted record is a message with 0xFFFFFFFF flags.
            assert_eq!(c.placeholders, 1);
        } else {
            assert_eq!(c.placeholders, 0, "{name}: records without a block");
        }
        if let Some(d) = c.declared_baked {
            assert_eq!(c.baked_records, d as usize, "{name}: baked records");
            assert_eq!(baked, d as usize, "{name}: baked blocks vs numBakedBlocks");
        }
        assert_eq!(c.extra_records, 0, "{name}: records after the stored count");
        for b in c.blocks() {
            assert!(
                !decal_ids.contains(b.name()),
                "{name}: block named after a decal: {}",
                b.name()
            );
        }
        assert_eq!(
            c.unplaced_free, 0,
            "{name}: free blocks without 0x05F placement"
        );
        checked += 1;
    }
    eprintln!(
        "block counts: {checked} maps, {} decal ids",
        decal_ids.len()
    );
    if !maps().is_empty() {
        assert!(checked >= 100, "only {checked} maps");
        assert!(decal_ids.contains("Unassigned1"), "{decal_ids:?}");
    }
    // Known sizes across the eras (numBlocks / numBakedBlocks as stored).
    for (file, blocks, baked, items) in [
        (
            "GBX-NET 2 CGameCtnChallenge TM10 001.Challenge.Gbx",
            1040,
            0,
            0,
        ),
        ("AirControl.Challenge.Gbx", 703, 0, 0),
        ("Summer 2020 - 11.Map.Gbx", 4093, 7807, 426),
        ("Fall 2021 - 16.Map.Gbx", 51999, 10751, 5064),
    ] {
        let Some((_, _, c)) = map(file) else { return };
        assert_eq!(c.blocks().filter(|b| !b.baked).count(), blocks, "{file}");
        assert_eq!(c.blocks().filter(|b| b.baked).count(), baked, "{file}");
        assert_eq!(c.items.len(), items, "{file}");
    }
}

/// TMF-era maps list their checkpoint coordinates in body chunk 0x03043017:
/// they are the coordinates of the checkpoint blocks.
#[test]
fn checkpoint_blocks_sit_where_chunk_017_says() {
    let mut checked = 0;
    for (name, g, c) in maps() {
        let Some(chunk) = g
            .main_node()
            .unwrap()
            .chunks
            .iter()
            .find(|c| c.id == 0x0304_3017)
        else {
            continue;
        };
        let list = g.chunk_field(chunk, "checkpoints").unwrap();
        let stored: BTreeSet<[i32; 3]> = list
            .children()
            .iter()
            .filter(|f| f.name() == "checkpoint")
            .map(|cp| {
                let coord = cp.children().get(0).unwrap().children();
                [0, 1, 2].map(|i| match coord.get(i).unwrap().value() {
                    Value::U32(v) => v as i32,
                    _ => panic!("{name}: coord"),
                })
            })
            .collect();
        if stored.is_empty() && name == "GeneratedTrack.Challenge.Gbx" {
            continue; // a generated track: 0x017 left empty, 3 checkpoint blocks
        }
        let blocks: BTreeSet<[i32; 3]> = c
            .blocks
            .iter()
            .filter(|b| b.kind == Kind::Checkpoint)
            .map(|b| b.coord)
            .collect();
        assert_eq!(blocks, stored, "{name}: checkpoint blocks vs 0x03043017");
        checked += 1;
    }
    eprintln!("0x017 checkpoints: {checked} maps");
    if !maps().is_empty() {
        assert!(checked >= 60, "only {checked} maps");
    }
}

/// ManiaPlanet / TM2020 header chunk 0x03043002 counts the checkpoints plus
/// the finish; early Canyon maps tag their checkpoints "Goal", so there it
/// counts the goals.
#[test]
fn waypoints_match_the_header_checkpoint_count() {
    let mut checked = 0;
    for (name, g, c) in maps() {
        let Some(stored) = header_u32(g, 0x0304_3002, "nbCheckpoints") else {
            continue;
        };
        let tagged = |t: &str| {
            c.blocks().filter(|b| b.waypoint() == Some(t)).count()
                + c.items
                    .iter()
                    .filter(|i| i.waypoint.as_deref() == Some(t))
                    .count()
        };
        let (goals, cps, multilap) = (tagged("Goal"), tagged("Checkpoint"), tagged("StartFinish"));
        let expected = match (cps, goals, multilap) {
            // Royal maps (several starts and finishes) and maps without tags.
            _ if tagged("Spawn") > 1 || goals + cps + multilap == 0 => continue,
            (0, g, _) if g > 1 => g,
            (c, g, m) => c + usize::from(g + m > 0),
        };
        assert_eq!(stored as usize, expected, "{name}: nbCheckpoints");
        assert_eq!(count(c, Kind::Checkpoint), cps, "{name}: checkpoint kinds");
        checked += 1;
    }
    eprintln!("header checkpoint counts: {checked} maps");
    if !maps().is_empty() {
        assert!(checked >= 25, "only {checked} maps");
    }
    let Some((_, _, c)) = map("Summer 2020 - 11.Map.Gbx") else {
        return;
    };
    assert_eq!(count(c, Kind::Start), 1);
    assert_eq!(count(c, Kind::Checkpoint), 3);
    let free = c.blocks().filter(|b| b.is_free()).count();
    assert_eq!(free, 8, "eight free blocks placed by 0x05F");
    let first = c.blocks().find(|b| b.is_free()).unwrap();
    assert_eq!(first.free().unwrap().position_m, [425.0, 104.0, 1457.0]);
}

/// Each item model embedded in the map's ZIP (`Items/….Item.Gbx`) is used
/// by at least one item (items may also come from title packs, so the
/// other direction does not hold).
#[test]
fn custom_item_names_are_in_the_embedded_zip() {
    let mut checked = 0;
    for (name, g, c) in maps() {
        let Some(bytes) = images::embedded_items_zip(g) else {
            continue;
        };
        let Ok(mut zip) = zip::ZipArchive::new(Cursor::new(bytes)) else {
            panic!("{name}: ZIP");
        };
        let entries: Vec<String> = (0..zip.len())
            .map(|i| {
                zip.by_index(i)
                    .unwrap()
                    .name()
                    .replace('\\', "/")
                    .to_lowercase()
            })
            .collect();
        let custom: BTreeSet<String> = c
            .items
            .iter()
            .filter(|i| i.name.to_lowercase().ends_with(".item.gbx"))
            .map(|i| i.name.replace('\\', "/").to_lowercase())
            .collect();
        for entry in entries
            .iter()
            .filter(|e| e.starts_with("items/") && e.ends_with(".item.gbx"))
        {
            let path = &entry["items/".len()..];
            assert!(
                custom.contains(path),
                "{name}: embedded {entry} used by no item"
            );
            checked += 1;
        }
    }
    eprintln!("embedded item models used by items: {checked}");
    if !maps().is_empty() {
        assert!(checked >= 5, "only {checked} custom items");
    }
}

/// TM2020 maps store the author's checkpoint times; the last one is the
/// author time of header chunk 0x03043002 and there is one per checkpoint
/// counted there.
#[test]
fn metadata_waypoint_times_end_at_the_author_time() {
    let mut checked = 0;
    for (name, g, _) in maps() {
        let Some(rows) = script_metadata(g) else {
            continue;
        };
        let Some(times) = rows
            .iter()
            .find(|r| r.name == "Race_AuthorRaceWaypointTimes")
        else {
            continue;
        };
        assert_eq!(times.type_name, "Integer[Void]", "{name}");
        let elements: Vec<&str> = rows
            .iter()
            .filter(|r| r.depth == 1 && r.name.starts_with("Race_AuthorRaceWaypointTimes["))
            .map(|r| r.value.as_str())
            .collect();
        if elements.is_empty() {
            continue; // stored empty (e.g. Niepodlegli)
        }
        let author = header_u32(g, 0x0304_3002, "authorTime").unwrap();
        assert_eq!(
            elements.last().copied(),
            Some(author.to_string().as_str()),
            "{name}"
        );
        let laps = header_u32(g, 0x0304_3002, "nbLaps").unwrap_or(1).max(1);
        let cps = header_u32(g, 0x0304_3002, "nbCheckpoints").unwrap();
        if cps * laps == elements.len() as u32 {
            checked += 1;
        }
        // Rows point at their bytes: the element's value is stored there.
        let first = rows
            .iter()
            .find(|r| r.name == "Race_AuthorRaceWaypointTimes[0]")
            .unwrap();
        let bytes = slice(&g.body, first.range);
        assert_eq!(bytes.len(), 4, "{name}");
        let v = u32::from_le_bytes(bytes.try_into().unwrap());
        assert_eq!(v.to_string(), first.value, "{name}");
    }
    eprintln!("waypoint times: {checked} maps");
    if !maps().is_empty() {
        assert!(checked >= 5, "only {checked} maps");
    }
    let Some((_, g, _)) = map("Summer 2020 - 11.Map.Gbx") else {
        return;
    };
    let rows = script_metadata(g).unwrap();
    let v = rows
        .iter()
        .find(|r| r.name == "LibMapType_MapTypeVersion")
        .unwrap();
    assert_eq!((v.type_name.as_str(), v.value.as_str()), ("Integer", "1"));
    let times = rows
        .iter()
        .find(|r| r.name == "Race_AuthorRaceWaypointTimes")
        .unwrap();
    assert!(times.value.starts_with("[8655, "), "{}", times.value);
}

/// Every record's byte range lies inside the chunk it was read from, and
/// items point at their anchored-object node.
#[test]
fn record_ranges_lie_in_their_chunks() {
    for (name, g, c) in maps() {
        for b in c.blocks() {
            let chunk = g.chunk(b.chunk.chunk()).expect("the record's chunk");
            assert_eq!(chunk.id, b.chunk.id, "{name}");
            assert!(
                chunk.data_range.start <= b.range().start && b.range().end <= chunk.data_range.end,
                "{name}: block {} range",
                b.name()
            );
        }
        for i in &c.items {
            let chunk = g.chunk(i.chunk.chunk()).expect("the record's chunk");
            assert!(chunk.data_range.start <= i.range.start && i.range.end <= chunk.data_range.end);
            let bytes = slice(&g.body, i.range);
            // The record holds the anchored object's class id 0x03101000.
            assert!(
                bytes.windows(4).any(|w| w == 0x0310_1000u32.to_le_bytes()),
                "{name}"
            );
        }
    }
}
