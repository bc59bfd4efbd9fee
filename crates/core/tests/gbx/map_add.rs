//! Issue 45: adding blocks on every corpus map the editor handles. Each
//! new block is read back (name, coordinate, direction at its export
//! index), the output reads complete with no new problem
//! (`GbxDocument::apply` checks the re-parse), and undo gives the
//! original bytes.

use trackbench_core::edit::GbxDocument;
use trackbench_core::edit::map_ops::{NewBlock, add_block};
use trackbench_core::gbx::access::map_contents::{FreePlacement, MapContents, map_contents};
use trackbench_core::gbx::{Format, Gbx};
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus};

/// A grid block for `c`: the first placed grid block's name and cell,
/// turned to a direction no block of that name has there.
fn grid_block(c: &MapContents) -> Option<NewBlock> {
    let b = c.blocks().find(|b| !b.baked && !b.is_free())?;
    let direction = (0..4u8).find(|d| {
        !c.blocks
            .iter()
            .any(|o| o.name == b.name && o.coord == b.coord && o.direction == *d && !o.is_free())
    })?;
    Some(NewBlock {
        name: b.name().to_owned(),
        coord: b.coord,
        direction,
        flags: None,
        free: None,
    })
}

/// Applies `block` at the end of the placed blocks of `gbx`, checks it
/// reads back there, undoes it; returns the error text when refused.
fn add_and_undo(file: &str, gbx: &Gbx, block: &NewBlock) -> Result<(), String> {
    let before = map_contents(gbx).unwrap();
    let placed = before.blocks().filter(|b| !b.baked).count();
    let edit = add_block(gbx, block, None).map_err(|e| e.to_string())?;
    let mut doc = GbxDocument::from_gbx(gbx.clone());
    let original = doc.bytes().to_vec();
    let problems = doc.gbx.problems.len();
    doc.apply(edit).unwrap_or_else(|e| panic!("{file}: {e}"));
    assert!(doc.gbx.problems.len() <= problems, "{file}: a new problem");
    assert_eq!(doc.gbx.partial_reason(), gbx.partial_reason(), "{file}");
    let after = map_contents(&doc.gbx).unwrap();
    assert_eq!(after.blocks.len(), before.blocks.len() + 1, "{file}");
    assert_eq!(
        after.declared_blocks,
        before.declared_blocks.map(|n| n + 1),
        "{file}"
    );
    let new = after.block(placed).unwrap();
    assert_eq!(
        (new.name(), new.coord, new.direction, new.baked),
        (block.name.as_str(), block.coord, block.direction, false),
        "{file}"
    );
    assert_eq!(new.free(), block.free.as_ref(), "{file}");
    if block.free.is_some() {
        // 0x0304305F (old or new) among the map's chunks in id order.
        let ids: Vec<u32> = doc
            .gbx
            .main_node()
            .unwrap()
            .chunks
            .iter()
            .map(|c| c.id)
            .collect();
        let at = ids.iter().position(|&id| id == 0x0304_305F).unwrap();
        let class = |id: &&u32| **id >> 12 == 0x03043;
        assert!(
            ids[..at].iter().filter(class).all(|&id| id < 0x0304_305F),
            "{file}: {ids:x?}"
        );
        assert!(
            ids[at + 1..]
                .iter()
                .filter(class)
                .all(|&id| id > 0x0304_305F),
            "{file}: {ids:x?}"
        );
    }
    // Every other block is unchanged, in order.
    let mut others: Vec<_> = after.blocks().collect();
    others.remove(placed);
    let key = |b: trackbench_core::gbx::access::map_contents::BlockRef<'_>| {
        (
            b.name().to_owned(),
            b.coord,
            b.direction,
            b.flags,
            b.free().copied(),
        )
    };
    assert!(
        others.into_iter().map(key).eq(before.blocks().map(key)),
        "{file}: the other blocks are unchanged"
    );
    doc.undo().unwrap();
    assert!(
        doc.bytes() == original.as_slice(),
        "{file}: undo gives the bytes back"
    );
    Ok(())
}

/// TMUnlimiter's encrypted chunk (GBX.NET `Chunk3F001000`), which names
/// blocks by their position in 0x0304301F: a new block goes after the
/// last record, so no position it names moves.
const TMUNLIMITER: u32 = 0x3F00_1000;

#[test]
fn add_one_block_on_every_map() {
    if corpus_dir_or_warn("map_add").is_none() {
        return;
    }
    let (mut grid, mut tm10, mut unlimiter) = (0, 0, 0);
    let (mut free, mut new_free_chunk) = (0, 0);
    for file in gbx_corpus() {
        let Ok(gbx) = &file.parse else { continue };
        if gbx.header.format == Format::Text {
            continue;
        }
        let Some(c) = map_contents(gbx) else { continue };
        let Some(mut block) = grid_block(&c) else {
            continue;
        };
        add_and_undo(&file.name, gbx, &block).unwrap_or_else(|e| panic!("{}: {e}", file.name));
        grid += 1;
        let main = gbx.main_node().unwrap();
        tm10 += usize::from(main.chunk(0x0304_300F).is_some());
        unlimiter += usize::from(main.chunk(TMUNLIMITER).is_some());
        // ManiaPlanet and TM2020 maps: those with an items chunk.
        let has_free_chunk = main.chunk(0x0304_305F).is_some();
        if main.chunk(0x0304_3040).is_none() {
            continue;
        }
        block.free = Some(FreePlacement {
            position_m: [100.5, 80.25, -200.0],
            yaw_pitch_roll_rad: [0.5, -0.25, 0.125],
        });
        // A free block is stored in the cell (0, 0, 0), as the game does.
        block.coord = match c.blocks().find(|b| b.is_free()) {
            Some(b) => b.coord,
            None => [-1, 0, -1],
        };
        add_and_undo(&file.name, gbx, &block)
            .unwrap_or_else(|e| panic!("{}: free block: {e}", file.name));
        free += 1;
        new_free_chunk += usize::from(!has_free_chunk);
    }
    // The corpus on 2026-11-29: 117 maps take a grid block, 4 of them TM1.0
    // maps (a new block node) and 5 with TMUnlimiter's 0x3F001000; 39 take
    // a free block, 16 of them ManiaPlanet maps (MP3, MP4, TMT) that get a
    // new 0x0304305F.
    assert_eq!(
        (grid, tm10, unlimiter, free, new_free_chunk),
        (117, 4, 5, 39, 16)
    );
}

/// Each refusal of `add_block`, with its sentence (AirControl, TMF).
#[test]
fn add_block_refuses_with_the_reason() {
    let Some(f) = trackbench_testkit::parsed::gbx_named("AirControl.Challenge.Gbx") else {
        return;
    };
    let gbx = f.gbx();
    let c = map_contents(gbx).unwrap();
    let taken = c.block(0).unwrap();
    let base = NewBlock {
        name: taken.name().to_owned(),
        coord: taken.coord,
        direction: taken.direction,
        flags: None,
        free: None,
    };
    let refusal = |b: &NewBlock, at: Option<usize>| add_block(gbx, b, at).unwrap_err().to_string();
    assert!(refusal(&base, None).contains("already holds"));
    let turned = NewBlock {
        direction: (taken.direction + 1) % 4,
        ..base.clone()
    };
    assert!(
        refusal(
            &NewBlock {
                direction: 4,
                ..turned.clone()
            },
            None
        )
        .contains("3 (west)")
    );
    let e = refusal(
        &NewBlock {
            coord: [0, 0, 1000],
            ..turned.clone()
        },
        None,
    );
    assert!(e.contains("outside the map size"), "{e}");
    let e = refusal(
        &NewBlock {
            coord: [-1, 0, 0],
            ..turned.clone()
        },
        None,
    );
    assert!(e.contains("outside the map size"), "{e}");
    let e = refusal(
        &NewBlock {
            flags: Some(1 << 15),
            ..turned.clone()
        },
        None,
    );
    assert!(e.contains("bits 15 (skin)"), "{e}");
    let e = refusal(&turned, Some(c.blocks.len() + 1));
    assert!(e.contains("placed blocks"), "{e}");
    let nan = FreePlacement {
        position_m: [f32::NAN, 0.0, 0.0],
        yaw_pitch_roll_rad: [0.0; 3],
    };
    let e = refusal(
        &NewBlock {
            free: Some(nan),
            ..turned.clone()
        },
        None,
    );
    assert!(e.contains("is not finite"), "{e}");
    // At index 0 the new block comes first and the others follow.
    let edit = add_block(gbx, &turned, Some(0)).unwrap();
    let mut doc = GbxDocument::from_gbx(gbx.clone());
    doc.apply(edit).unwrap();
    let after = map_contents(&doc.gbx).unwrap();
    assert_eq!(after.block(0).unwrap().direction, turned.direction);
    let moved = after.block(1).unwrap();
    assert_eq!(
        (moved.name(), moved.coord, moved.direction),
        (taken.name(), taken.coord, taken.direction)
    );
}

/// A free block on a ManiaPlanet map, which has no 0x0304305F: the new
/// chunk is GBX.NET's `Chunk0304305F` exactly (skippable; version 0, then
/// the position and yaw, pitch, roll of each free block), placed after the
/// last chunk of a lower id; our reader reads it complete.
#[test]
fn a_free_block_brings_its_chunk_to_a_maniaplanet_map() {
    let Some(f) = trackbench_testkit::parsed::gbx_named("VR_Stadium_007.Map.Gbx") else {
        return;
    };
    let gbx = f.gbx();
    let c = map_contents(gbx).unwrap();
    let mut block = grid_block(&c).unwrap();
    let placement = FreePlacement {
        position_m: [100.5, 80.25, -200.0],
        yaw_pitch_roll_rad: [0.5, -0.25, 0.125],
    };
    block.free = Some(placement);
    let mut doc = GbxDocument::from_gbx(gbx.clone());
    doc.apply(add_block(gbx, &block, None).unwrap()).unwrap();
    assert!(doc.gbx.partial_reason().is_none());
    let main = doc.gbx.main_node().unwrap();
    let ids: Vec<u32> = main.chunks.iter().map(|c| c.id).collect();
    let at = ids.iter().position(|&id| id == 0x0304_305F).unwrap();
    // After 0x03043055, the map's last chunk before.
    assert_eq!(ids[at - 1], 0x0304_3055);
    assert_eq!(at, ids.len() - 1);
    let chunk = &main.chunks[at];
    let mut want = 0x0304_305Fu32.to_le_bytes().to_vec();
    want.extend(0x534B_4950u32.to_le_bytes()); // "PIKS"
    want.extend(28u32.to_le_bytes());
    want.extend(0u32.to_le_bytes()); // version
    for v in [100.5f32, 80.25, -200.0, 0.5, -0.25, 0.125] {
        want.extend(v.to_le_bytes());
    }
    let start = usize::try_from(chunk.range.start).unwrap();
    assert_eq!(&doc.gbx.body[start..start + want.len()], want.as_slice());
    let after = map_contents(&doc.gbx).unwrap();
    let new = after.blocks().find(|b| b.is_free()).unwrap();
    assert_eq!(
        (new.free().copied(), new.name()),
        (Some(placement), block.name.as_str())
    );
}

/// On a TM1.0 map a new block is a new CGameCtnBlock node: the header's
/// numNodes rises by one and the node takes the old count as its index.
#[test]
fn a_tm10_block_is_a_new_node() {
    let Some(f) = trackbench_testkit::parsed::gbx_named("RaceD1.Challenge.Gbx") else {
        return;
    };
    let gbx = f.gbx();
    let c = map_contents(gbx).unwrap();
    let block = grid_block(&c).unwrap();
    let mut doc = GbxDocument::from_gbx(gbx.clone());
    doc.apply(add_block(gbx, &block, None).unwrap()).unwrap();
    assert_eq!(doc.gbx.header.num_nodes, gbx.header.num_nodes + 1);
    assert!(doc.gbx.partial_reason().is_none());
    let after = map_contents(&doc.gbx).unwrap();
    let new = after.blocks().last().unwrap();
    assert_eq!(
        (new.name(), new.coord, new.direction, new.flags),
        (
            block.name.as_str(),
            block.coord,
            block.direction,
            trackbench_core::edit::map_ops::add::default_flags(gbx, &block)
        )
    );
    let e = add_block(gbx, &block, Some(0)).unwrap_err().to_string();
    assert!(e.contains("after the last one"), "{e}");
}
