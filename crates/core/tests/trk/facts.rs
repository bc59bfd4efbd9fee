//! Golden facts: one insta snapshot per corpus Stunts file
//! (`snapshots/trk__facts__<file>.snap`): for each .trk and for the track
//! inside each .rpl, the route a user reads (closed, accepted by Stunts'
//! check, main path length in tiles and metres, pieces, breaks). A route
//! change shows in review as a snapshot diff. Without the corpus the test
//! says so loudly and checks nothing.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use trackbench_core::trk::{Replay, Track, trace};
use trackbench_testkit::{corpus_dir_or_warn, corpus_files};

fn slug(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

fn route_facts(track: &Track) -> String {
    let r = trace(track);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "start: {}",
        r.start
            .map_or_else(|| "-".into(), |p| format!("({}, {})", p.x, p.y))
    );
    let _ = writeln!(
        out,
        "route: closed {}, stunts accepts {}, length {} tiles = {:.1} m, \
         {} pieces ({} on the main path), {} breaks",
        r.closed,
        r.stunts_accepts,
        r.length_tiles,
        r.length_m(),
        r.pieces.len(),
        r.path.len(),
        r.breaks.len()
    );
    out
}

#[test]
fn golden_facts_of_every_corpus_track_and_replay() {
    if corpus_dir_or_warn("trk_facts").is_none() {
        return;
    }
    let mut seen = BTreeSet::new();
    let tracks = corpus_files("trk", ".trk");
    let replays = corpus_files("trk/rpl", ".rpl");
    for path in tracks.iter().chain(&replays) {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let snap = slug(&name);
        assert!(seen.insert(snap.clone()), "two corpus files give {snap}");
        let bytes = std::fs::read(path).unwrap();
        let text = if name.to_ascii_lowercase().ends_with(".rpl") {
            let replay = Replay::parse(&bytes).unwrap();
            format!(
                "file: {name}\nreplay: {} input frames\n{}",
                replay.inputs.len(),
                route_facts(&replay.track)
            )
        } else {
            format!(
                "file: {name}\n{}",
                route_facts(&Track::parse(&bytes).unwrap())
            )
        };
        insta::assert_snapshot!(snap, text);
    }
    assert!(tracks.len() + replays.len() >= 39, "corpus shrank");
}
