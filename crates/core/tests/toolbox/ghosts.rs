//! `toolbox::ghost_file`: every ghost of the corpus replays (and the TM2020
//! maps' validation ghosts) written as a standalone .Ghost.Gbx re-reads
//! complete with the same race time, checkpoints, inputs and sample count.

use crate::name;
use trackbench_core::gbx::{Gbx, ghosts};
use trackbench_core::toolbox::ghost_file::ghost_file;
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus_ending};

#[test]
fn extracted_ghosts_re_read_with_the_same_race() {
    if corpus_dir_or_warn("toolbox ghosts").is_none() {
        return;
    }
    let mut checked = 0;
    let mut map_ghosts = Vec::new();
    let files = gbx_corpus_ending(".Replay.Gbx").chain(gbx_corpus_ending(".Map.Gbx"));
    for file in files {
        let path = &file.path;
        let g = file.gbx();
        for (k, gi) in ghosts(g).iter().enumerate() {
            let n = format!("{} ghost {k}", name(path));
            let out = ghost_file(g, gi.node).unwrap_or_else(|e| panic!("{n}: {e}"));
            // As the game writes ghosts: user data size 0, no header chunks.
            assert_eq!(out[13..17], [0; 4], "{n}");
            // The TM2020 maps' validation ghost is read without an index
            // (encapsulated 0x0305B00F); in its own file it is the root.
            let direct = g.nodes[gi.node].index.is_none();
            let x = Gbx::parse(out).unwrap_or_else(|e| panic!("{n}: {e}"));
            assert!(x.summary().completeness.complete, "{n}: {:?}", x.problems);
            let xs = ghosts(&x);
            assert_eq!(xs.len(), 1, "{n}");
            let xg = &xs[0];
            assert_eq!(xg.race_time_ms, gi.race_time_ms, "{n}");
            assert_eq!(xg.checkpoints, gi.checkpoints, "{n}");
            assert_eq!(xg.sample_list().len(), gi.sample_list().len(), "{n}");
            assert_eq!(xg.nickname, gi.nickname, "{n}");
            assert_eq!(xg.login, gi.login, "{n}");
            if gi.inputs_chunk != Some(0x0309_3003) {
                assert_eq!(events(&xg.inputs), events(&gi.inputs), "{n}");
            }
            if direct {
                map_ghosts.push(n);
            }
            checked += 1;
        }
    }
    assert!(checked >= 5, "{checked} ghosts");
    // The corpus TM2020 maps with a validation ghost (map1, map2 and the
    // other maps stored so) all went through.
    eprintln!("validation ghosts of maps extracted: {map_ghosts:?}");
    assert!(map_ghosts.len() >= 2, "{map_ghosts:?}");
}

/// Input events without their byte ranges (they move in the new file).
fn events(v: &[trackbench_core::gbx::access::ghost_inputs::InputEvent]) -> Vec<(i64, String, i32)> {
    v.iter()
        .map(|e| (e.time_ms, e.name.clone(), e.value))
        .collect()
}
