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
    let b = c.blocks.iter().find(|b| !b.baked && !b.is_free())?;
    let direction = (0..4u8).find(|d| {
        !c.blocks
            .iter()
            .any(|o| o.name == b.name && o.coord == b.coord && o.direction == *d && !o.is_free())
    })?;
    Some(NewBlock {
        name: b.name.clone(),
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
    let placed = before.blocks.iter().filter(|b| !b.baked).count();
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
    let new = &after.blocks[placed];
    assert_eq!(
        (&new.name, new.coord, new.direction, new.baked),
        (&block.name, block.coord, block.direction, false),
        "{file}"
    );
    assert_eq!(new.free, block.free, "{file}");
    // Every other block is unchanged, in order.
    let mut others = after.blocks.clone();
    others.remove(placed);
    let key = |b: &trackbench_core::gbx::access::map_contents::Block| {
        (b.name.clone(), b.coord, b.direction, b.flags, b.free)
    };
    assert!(
        others.iter().map(key).eq(before.blocks.iter().map(key)),
        "{file}: the other blocks are unchanged"
    );
    doc.undo().unwrap();
    assert!(
        doc.bytes() == original.as_slice(),
        "{file}: undo gives the bytes back"
    );
    Ok(())
}

/// The only reasons a corpus map refuses a new grid block.
const GRID_REFUSALS: [&str; 2] = [
    // TM1.0's block nodes (0x0304300F).
    "TM1.0 block nodes (chunk 0x0304300f) cannot be added to",
    // TMUnlimiter's encrypted chunk names blocks by position.
    "TMUnlimiter's encrypted chunk 0x3f001000 refers to blocks by their position",
];

/// The refusal of a free block on a map without chunk 0x0304305F (the
/// ManiaPlanet maps of the corpus).
const NO_FREE_CHUNK: &str = "the map has no free-block chunk 0x0304305f";

#[test]
fn add_one_block_on_every_map() {
    if corpus_dir_or_warn("map_add").is_none() {
        return;
    }
    let (mut grid, mut refused, mut free, mut no_free_chunk) = (0, 0, 0, 0);
    for file in gbx_corpus() {
        let Ok(gbx) = &file.parse else { continue };
        if gbx.header.format == Format::Text {
            continue;
        }
        let Some(c) = map_contents(gbx) else { continue };
        let Some(mut block) = grid_block(&c) else {
            continue;
        };
        match add_and_undo(&file.name, gbx, &block) {
            Ok(()) => grid += 1,
            Err(e) if GRID_REFUSALS.iter().any(|r| e.starts_with(r)) => {
                refused += 1;
                continue;
            }
            Err(e) => panic!("{}: {e}", file.name),
        }
        // ManiaPlanet and TM2020 maps: those with items or free blocks.
        let has_free_chunk = gbx
            .main_node()
            .is_some_and(|n| n.chunk(0x0304_305F).is_some());
        if c.items.is_empty() && !has_free_chunk {
            continue;
        }
        block.free = Some(FreePlacement {
            position_m: [100.5, 80.25, -200.0],
            yaw_pitch_roll_rad: [0.5, -0.25, 0.125],
        });
        // A free block is stored in the cell (0, 0, 0), as the game does.
        block.coord = match c.blocks.iter().find(|b| b.is_free()) {
            Some(b) => b.coord,
            None => [-1, 0, -1],
        };
        match add_and_undo(&file.name, gbx, &block) {
            Ok(()) => free += 1,
            Err(e) if !has_free_chunk && e.starts_with(NO_FREE_CHUNK) => no_free_chunk += 1,
            Err(e) => panic!("{}: free block: {e}", file.name),
        }
    }
    // The corpus on 2026-11-29: 108 maps take a grid block (4 TM1.0 and 5
    // TMUnlimiter maps refuse it), 23 TM2020 maps a free block, 3
    // ManiaPlanet maps have no 0x0304305F.
    assert_eq!((grid, refused, free, no_free_chunk), (108, 9, 23, 3));
}

/// Each refusal of `add_block`, with its sentence (AirControl, TMF).
#[test]
fn add_block_refuses_with_the_reason() {
    let Some(f) = trackbench_testkit::parsed::gbx_named("AirControl.Challenge.Gbx") else {
        return;
    };
    let gbx = f.gbx();
    let c = map_contents(gbx).unwrap();
    let taken = c.blocks[0].clone();
    let base = NewBlock {
        name: taken.name.clone(),
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
    assert_eq!(after.blocks[0].direction, turned.direction);
    let moved = &after.blocks[1];
    assert_eq!(
        (&moved.name, moved.coord, moved.direction),
        (&taken.name, taken.coord, taken.direction)
    );
}
