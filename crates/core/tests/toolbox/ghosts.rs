//! `toolbox::ghost_file`: every ghost of the corpus replays (and the TM2020
//! maps' validation ghosts) written as a standalone .Ghost.Gbx re-reads
//! complete with the same race time, checkpoints, inputs and sample count.

use crate::name;
use trackbench_core::gbx::{Gbx, ghosts};
use trackbench_core::toolbox::ghost_file::{GhostFileError, ghost_file};
use trackbench_testkit::{corpus_dir_or_warn, corpus_files};

#[test]
fn extracted_ghosts_re_read_with_the_same_race() {
    if corpus_dir_or_warn("toolbox ghosts").is_none() {
        return;
    }
    let mut checked = 0;
    let files = corpus_files("gbx", ".Replay.Gbx")
        .into_iter()
        .chain(corpus_files("gbx", ".Map.Gbx"));
    for path in files {
        let g = Gbx::parse(std::fs::read(&path).unwrap()).unwrap();
        for (k, gi) in ghosts(&g).iter().enumerate() {
            let n = format!("{} ghost {k}", name(&path));
            let out = match ghost_file(&g, gi.node) {
                Ok(b) => b,
                // TM2020 maps: the encapsulated validation ghost is refused.
                Err(GhostFileError::DirectNode(_)) if n.contains(".Map.Gbx") => continue,
                Err(e) => panic!("{n}: {e}"),
            };
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
            checked += 1;
        }
    }
    assert!(checked >= 5, "{checked} ghosts");
}

/// Input events without their byte ranges (they move in the new file).
fn events(v: &[trackbench_core::gbx::ghosts::InputEvent]) -> Vec<(i64, String, i32)> {
    v.iter()
        .map(|e| (e.time_ms, e.name.clone(), e.value))
        .collect()
}
