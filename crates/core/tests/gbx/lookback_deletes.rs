//! Deleting the block that first stores a block name as a lookback string
//! (issue 28): the later back-references to it are written anew, and the
//! TM2020 chunks after the blocks that trackbench kept raw until
//! 2026-11-27 (0x05C, 0x05E, 0x064, 0x067, now decoded by
//! `classes/challenge_mp/late_tm2020.rs`) no longer make the engine refuse.
//! Before, five of these maps refused the delete ("chunk 0x0304305c … is not
//! decoded and may refer to lookback strings by number").

use trackbench_core::edit::GbxDocument;
use trackbench_core::edit::map_ops::{Selection, delete_selection};
use trackbench_core::gbx::access::map_contents::map_contents;
use trackbench_core::gbx::{Gbx, Value};
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus_ending};

/// The maps the lead found refused, by a unique part of their file name,
/// and Alive, whose block 0 delete leaves a back-reference one past the
/// shortened list before the plan re-points it (the intermediate parse's
/// check must not count that as damage; the final one must).
const MAPS: &[&str] = &[
    "Alive",
    "Summer 2020 - 11",
    "Fall 2021 - 16",
    "NoTechLogic",
    "Winter 2021 - 15",
    " 2020 - 12",
];

/// Chunks decoded since the fix: written back byte-identical.
const LATE: &[u32] = &[0x0304_305C, 0x0304_305E, 0x0304_3064, 0x0304_3067];

/// Each main-node chunk's id, bytes and values (lookback strings as text).
fn chunks(g: &Gbx) -> Vec<(u32, Vec<u8>, Vec<String>)> {
    let main = g.main_node().unwrap();
    main.chunks
        .iter()
        .map(|c| {
            let bytes = trackbench_core::gbx::slice(&g.body, c.range).to_vec();
            let mut values = Vec::new();
            walk(g.chunk_fields(c), &mut values);
            (c.id, bytes, values)
        })
        .collect()
}

/// Every field's name and value, depth-first (lookback strings as text:
/// how they are stored may change; node positions move with deletes).
fn walk(fields: trackbench_core::gbx::FieldList<'_>, out: &mut Vec<String>) {
    for f in fields {
        let v = match f.value() {
            Value::Lookback { text, .. } => format!("{text:?}"),
            Value::NodeRef {
                index,
                back_reference,
                ..
            } => format!("node {index:?} {back_reference}"),
            v => format!("{v:?}"),
        };
        out.push(format!("{}={v}", f.name()));
        walk(f.children(), out);
    }
}

#[test]
fn deleting_the_first_block_of_a_name_on_six_tm2020_maps_re_encodes_later_strings() {
    if corpus_dir_or_warn("lookback_deletes").is_none() {
        return;
    }
    let files: Vec<_> = gbx_corpus_ending(".Map.Gbx").collect();
    let mut report = Vec::new();
    for part in MAPS {
        let path = files
            .iter()
            .find(|f| f.path.to_string_lossy().contains(part))
            .unwrap_or_else(|| panic!("{part}: not in the corpus"));
        let gbx = path.gbx();
        let before = map_contents(gbx).unwrap();
        // The first placed block whose name a later block repeats: its
        // string is new there, the later ones refer back to it.
        let i = (0..before.blocks.len())
            .find(|&i| {
                let b = before.block(i).unwrap();
                !b.baked
                    && before.blocks[..i].iter().all(|x| x.name != b.name)
                    && before.blocks[i + 1..].iter().any(|x| x.name == b.name)
            })
            .unwrap();
        let name = before.block(i).unwrap().name().to_owned();
        let edit = delete_selection(gbx, &Selection::blocks([i]))
            .unwrap_or_else(|e| panic!("{part}: delete block {i} ({name}): {e}"));
        let original = gbx.file.clone();
        let old = chunks(gbx);
        let mut doc = GbxDocument::from_gbx(gbx.clone());
        doc.apply(edit).unwrap();
        let g = &doc.gbx;
        assert!(
            g.summary().completeness.complete,
            "{part}: {:?}",
            g.problems
        );
        let after = map_contents(g).unwrap();
        assert_eq!(after.blocks.len(), before.blocks.len() - 1, "{part}");
        let key = |b: trackbench_core::gbx::access::map_contents::BlockRef<'_>| {
            (b.name().to_owned(), b.coord, b.direction, b.flags)
        };
        let want: Vec<_> = (0..before.blocks.len())
            .filter(|&j| j != i)
            .map(|j| key(before.block(j).unwrap()))
            .collect();
        let got: Vec<_> = after.blocks().map(key).collect();
        assert!(want == got, "{part}: the other blocks keep their values");
        // The name is still there, stored anew by the next block using it.
        assert!(after.blocks().any(|b| b.name() == name), "{part}");

        let new = chunks(g);
        assert_eq!(
            old.iter().map(|c| c.0).collect::<Vec<_>>(),
            new.iter().map(|c| c.0).collect::<Vec<_>>(),
            "{part}: chunk list"
        );
        let (mut same_bytes, mut same_values) = (0, 0);
        for (o, n) in old.iter().zip(&new) {
            if LATE.contains(&o.0) {
                assert!(o.1 == n.1, "{part}: {:#x} changed", o.0);
            }
            // 0x01F and the chunks with one entry per block change.
            if o.1 == n.1 {
                same_bytes += 1;
            } else if o.2 == n.2 {
                same_values += 1;
            }
        }
        // Every chunk is byte-identical, or keeps its values with strings
        // re-encoded, except 0x01F and those with one entry per block.
        let changed = old.len() - same_bytes - same_values;
        assert!(changed <= 7, "{part}: {changed} chunks changed values");
        doc.undo().unwrap();
        assert!(doc.bytes() == original.as_slice(), "{part}: undo");
        report.push(format!(
            "{part}: block {i} ({name}) deleted; {same_bytes} chunks identical, \
             {same_values} re-encoded, {changed} edited"
        ));
    }
    eprintln!("{report:#?}");
    assert_eq!(report.len(), MAPS.len());
}
