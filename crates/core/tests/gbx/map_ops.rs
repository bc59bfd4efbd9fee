//! Map operations over the corpus: move, rotate and colour one block or
//! item, clear the validation; each checked by reading the edited map back
//! (the changed values, every other record unchanged, a complete re-parse
//! with no new problem, which `GbxDocument::apply` enforces) and by undo
//! giving the original bytes.

use trackbench_core::edit::GbxDocument;
use trackbench_core::edit::map_ops::{
    Colour, Offset, Rotation, Selection, clear_validation, colour_selection, colours,
    move_selection, rotate_selection, validation, validation_effect,
};
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::access::map_contents::{MapContents, map_contents};
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus};

/// Every corpus map with a block list, opened.
fn maps() -> Vec<(String, GbxDocument, MapContents)> {
    let mut out = Vec::new();
    for file in gbx_corpus() {
        let Ok(gbx) = &file.parse else { continue };
        if gbx.header.format == trackbench_core::gbx::Format::Text {
            continue;
        }
        let Some(c) = map_contents(gbx) else {
            continue;
        };
        out.push((file.name.clone(), GbxDocument::from_gbx(gbx.clone()), c));
    }
    out
}

/// Applies `edit`, checks the result with `check`, then undoes it and
/// checks the original bytes are back.
fn apply_undo(
    file: &str,
    doc: &mut GbxDocument,
    edit: trackbench_core::edit::Edit,
    check: impl FnOnce(&Gbx),
) {
    let original = doc.bytes().to_vec();
    let problems = doc.gbx.problems.len();
    doc.apply(edit).unwrap_or_else(|e| panic!("{file}: {e}"));
    assert!(
        doc.bytes() != original.as_slice(),
        "{file}: the edit changed bytes"
    );
    assert!(doc.gbx.problems.len() <= problems, "{file}: no new problem");
    check(&doc.gbx);
    doc.undo().unwrap();
    assert!(
        doc.bytes() == original.as_slice(),
        "{file}: undo gives the bytes back"
    );
    assert_eq!(doc.gbx.problems.len(), problems, "{file}");
}

/// The first block on the grid that is not a TM1.0 node.
fn grid_block(c: &MapContents) -> Option<usize> {
    c.blocks
        .iter()
        .position(|b| !b.is_free() && b.chunk.id != 0x0304_300F)
}

#[test]
fn moving_one_block_changes_its_coordinate_only_and_undo_restores_the_bytes() {
    if corpus_dir_or_warn("map_ops move").is_none() {
        return;
    }
    let mut moved = 0;
    for (file, mut doc, before) in maps() {
        let Some(i) = grid_block(&before) else {
            continue;
        };
        let b = before.block(i).unwrap();
        // Stay inside 0..=255 whatever the stored offset.
        let dx = if b.coord[0] < 100 { 1 } else { -1 };
        let edit = move_selection(
            &doc.gbx,
            &Selection::blocks([i]),
            Offset::Blocks([dx, 0, 2]),
        )
        .unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(edit.patches.len(), 2, "{file}: x and z bytes");
        apply_undo(&file, &mut doc, edit, |g| {
            let after = map_contents(g).unwrap();
            assert_eq!(after.blocks.len(), before.blocks.len(), "{file}");
            let a = after.block(i).unwrap();
            assert_eq!(
                a.coord,
                [b.coord[0] + dx, b.coord[1], b.coord[2] + 2],
                "{file}"
            );
            assert_eq!(
                (a.name(), a.direction, a.flags),
                (b.name(), b.direction, b.flags)
            );
            for (j, (x, y)) in before.blocks().zip(after.blocks()).enumerate() {
                if j != i {
                    assert_eq!(
                        (x.name(), x.coord, x.direction),
                        (y.name(), y.coord, y.direction)
                    );
                }
            }
        });
        moved += 1;
    }
    assert!(moved >= 30, "only {moved} maps had a grid block");
}

#[test]
fn rotating_one_block_sets_its_direction_and_undo_restores_the_bytes() {
    if corpus_dir_or_warn("map_ops rotate").is_none() {
        return;
    }
    for (file, mut doc, before) in maps() {
        let Some(i) = grid_block(&before) else {
            continue;
        };
        let dir = (before.blocks[i].direction + 1) % 4;
        let rot = Rotation {
            block_direction: Some(dir),
            yaw_deg: None,
        };
        let edit = rotate_selection(&doc.gbx, &Selection::blocks([i]), rot).unwrap();
        apply_undo(&file, &mut doc, edit, |g| {
            let after = map_contents(g).unwrap();
            assert_eq!(after.blocks[i].direction, dir, "{file}");
            assert_eq!(after.blocks[i].coord, before.blocks[i].coord, "{file}");
        });
    }
}

#[test]
fn a_direction_above_3_and_a_block_leaving_the_grid_are_refused() {
    if corpus_dir_or_warn("map_ops refuse").is_none() {
        return;
    }
    let (file, doc, c) = maps()
        .into_iter()
        .find(|(_, _, c)| grid_block(c).is_some())
        .unwrap();
    let i = grid_block(&c).unwrap();
    let rot = Rotation {
        block_direction: Some(4),
        yaw_deg: None,
    };
    let e = rotate_selection(&doc.gbx, &Selection::blocks([i]), rot).unwrap_err();
    assert!(e.to_string().contains("0 (north)"), "{file}: {e}");
    let e = move_selection(
        &doc.gbx,
        &Selection::blocks([i]),
        Offset::Blocks([0, -300, 0]),
    )
    .unwrap_err();
    assert!(e.to_string().contains("cannot hold"), "{file}: {e}");
    let e = move_selection(
        &doc.gbx,
        &Selection::blocks([i]),
        Offset::Metres([5.0, 0.0, 0.0]),
    )
    .unwrap_err();
    assert!(e.to_string().contains("whole blocks"), "{file}: {e}");
    let n = c.blocks.len();
    let e =
        move_selection(&doc.gbx, &Selection::blocks([n]), Offset::Blocks([1, 0, 0])).unwrap_err();
    assert!(e.to_string().contains("out of range"), "{file}: {e}");
}

#[test]
fn moving_and_turning_one_item_by_metres_and_degrees() {
    if corpus_dir_or_warn("map_ops items").is_none() {
        return;
    }
    let mut seen = 0;
    for (file, mut doc, before) in maps() {
        if before.items.is_empty() {
            continue;
        }
        let sel = Selection {
            blocks: vec![],
            items: vec![0],
        };
        let edit = move_selection(&doc.gbx, &sel, Offset::Metres([1.5, -0.25, 4.0])).unwrap();
        let p = before.items[0].position_m;
        apply_undo(&file, &mut doc, edit, |g| {
            let it = &map_contents(g).unwrap().items[0];
            assert_eq!(
                it.position_m,
                [p[0] + 1.5, p[1] - 0.25, p[2] + 4.0],
                "{file}"
            );
            assert_eq!(it.block_coord, before.items[0].block_coord, "{file}");
        });
        let yaw = before.items[0].yaw_pitch_roll_rad[0].to_degrees() + 45.0;
        let rot = Rotation {
            block_direction: None,
            yaw_deg: Some(yaw),
        };
        let edit = rotate_selection(&doc.gbx, &sel, rot).unwrap();
        apply_undo(&file, &mut doc, edit, |g| {
            let it = &map_contents(g).unwrap().items[0];
            assert!(
                (it.yaw_pitch_roll_rad[0] - yaw.to_radians()).abs() < 1e-6,
                "{file}"
            );
            assert_eq!(
                it.yaw_pitch_roll_rad[1..],
                before.items[0].yaw_pitch_roll_rad[1..]
            );
        });
        seen += 1;
    }
    assert!(seen >= 2, "{seen} maps with items");
}

#[test]
fn colouring_blocks_and_items_of_tm2020_maps_writes_0x03043062() {
    if corpus_dir_or_warn("map_ops colour").is_none() {
        return;
    }
    let mut seen = 0;
    for (file, mut doc, before) in maps() {
        let Some((blocks, items)) = colours(&doc.gbx) else {
            let e = colour_selection(&doc.gbx, &Selection::all(&before), Colour::Red);
            assert!(e.unwrap_err().to_string().contains("0x03043062"), "{file}");
            continue;
        };
        assert_eq!(blocks.len(), before.blocks.len(), "{file}");
        assert_eq!(items.len(), before.items.len(), "{file}");
        let all = Selection::all(&before);
        let edit = colour_selection(&doc.gbx, &all, Colour::Red).unwrap();
        apply_undo(&file, &mut doc, edit, |g| {
            let (b, i) = colours(g).unwrap();
            assert!(
                b.iter().chain(&i).all(|&c| c == Colour::Red.byte()),
                "{file}"
            );
            assert_eq!(
                map_contents(g).unwrap(),
                before,
                "{file}: records unchanged"
            );
        });
        seen += 1;
    }
    assert!(seen >= 2, "{seen} TM2020 maps with colours");
}

#[test]
fn clearing_the_validation_removes_every_author_time_and_undo_restores_it() {
    if corpus_dir_or_warn("map_ops validation").is_none() {
        return;
    }
    let mut cleared = 0;
    for (file, mut doc, before) in maps() {
        let v = validation(&doc.gbx).unwrap();
        let Some(i) = grid_block(&before) else {
            continue;
        };
        let mv = move_selection(&doc.gbx, &Selection::blocks([i]), Offset::Blocks([0, 1, 0]));
        if let Ok(mv) = mv {
            assert_eq!(
                validation_effect(&doc.gbx, &mv).is_some(),
                v.is_validated(),
                "{file}: a moved block invalidates a validated map"
            );
        }
        let Ok(edit) = clear_validation(&doc.gbx) else {
            assert!(!v.is_validated(), "{file}: validated but nothing to clear");
            continue;
        };
        apply_undo(&file, &mut doc, edit, |g| {
            let after = validation(g).unwrap();
            assert_eq!(after.author_time_ms, None, "{file}");
            let xml = g
                .header
                .chunks
                .iter()
                .find(|c| c.id == 0x0304_3005)
                .and_then(|c| g.chunk_field(c, "xml"))
                .map(|f| f.value());
            if let Some(trackbench_core::gbx::Value::Str(xml)) = xml {
                assert!(!xml.contains("validated=\"1\""), "{file}: {xml}");
            }
        });
        cleared += 1;
    }
    assert!(cleared >= 20, "{cleared} validated maps");
}

/// Issue 43 finding 8: NaN, infinity and `1e39` (beyond f32, read as
/// infinity) are refused as a move of free blocks and items and as a yaw,
/// naming the value, and so is a move whose result overflows f32.
#[test]
fn finding_8_non_finite_moves_and_yaws_are_refused() {
    if corpus_dir_or_warn("finding_8").is_none() {
        return;
    }
    let (mut free_blocks, mut items) = (0, 0);
    for (file, doc, c) in maps() {
        let free = c.blocks.iter().position(|b| b.is_free());
        let sel = match (free, c.items.is_empty()) {
            (Some(i), _) => Selection::blocks([i]),
            (None, false) => Selection {
                blocks: vec![],
                items: vec![0],
            },
            (None, true) => continue,
        };
        if free.is_some() {
            free_blocks += 1;
        } else {
            items += 1;
        }
        let big: f32 = "1e39".parse().unwrap();
        for (by, shown) in [
            ([f32::NAN, 0.0, 0.0], "NaN"),
            ([0.0, f32::INFINITY, 0.0], "inf"),
            ([0.0, 0.0, big], "inf"),
            ([f32::NEG_INFINITY, 0.0, 0.0], "-inf"),
        ] {
            let e = move_selection(&doc.gbx, &sel, Offset::Metres(by)).unwrap_err();
            let msg = e.to_string();
            assert!(
                msg.contains(&format!(": {shown} is not a finite number")),
                "{file}: {msg}"
            );
        }
        let e = move_selection(&doc.gbx, &sel, Offset::Metres([f32::MAX, 0.0, 0.0]))
            .and_then(|first| {
                let mut d = doc.clone();
                d.apply(first)?;
                move_selection(&d.gbx, &sel, Offset::Metres([f32::MAX, 0.0, 0.0]))
            })
            .unwrap_err();
        assert!(e.to_string().contains("position x"), "{file}: {e}");
        for yaw in [f32::NAN, f32::INFINITY, big] {
            let rot = Rotation {
                block_direction: None,
                yaw_deg: Some(yaw),
            };
            let e = rotate_selection(&doc.gbx, &sel, rot).unwrap_err();
            assert!(e.to_string().contains("yaw (degrees): "), "{file}: {e}");
        }
    }
    assert!(
        free_blocks >= 1 && items >= 1,
        "{free_blocks} maps with free blocks, {items} with items only"
    );
}

/// Issue 44 (finding 10): duplicating one block copies its record after
/// itself; the count follows and the copy reads back with the same name
/// and coordinates.
#[test]
fn duplicate_block_copies_the_record_after_itself() {
    let Some(f) = trackbench_testkit::parsed::gbx_named("AirControl.Challenge.Gbx") else {
        return;
    };
    let gbx = f.gbx();
    let before = trackbench_core::gbx::access::map_contents::map_contents(gbx).unwrap();
    let edit = trackbench_core::edit::map_ops::duplicate_block(gbx, 5).unwrap();
    let mut doc = trackbench_core::edit::GbxDocument::open(gbx.file.clone()).unwrap();
    doc.apply(edit).unwrap();
    let after = trackbench_core::gbx::access::map_contents::map_contents(&doc.gbx).unwrap();
    assert_eq!(after.blocks.len(), before.blocks.len() + 1);
    assert_eq!(after.declared_blocks, Some(before.blocks.len() as u32 + 1));
    assert_eq!(
        after.block(6).unwrap().name(),
        before.block(5).unwrap().name()
    );
    assert_eq!(after.blocks[6].coord, before.blocks[5].coord);
    assert_eq!(
        after.block(7).unwrap().name(),
        before.block(6).unwrap().name()
    );
}
