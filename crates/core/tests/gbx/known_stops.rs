//! The one list of corpus .Gbx files that do not yet read to their end
//! marker, with the chunk they stop at and why. Every other corpus file must
//! complete its main node with no unknown chunk; every listed file must
//! still stop where listed (so the list stays true as coverage grows).

use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus};

/// Why files stop, by the chunk id where reading stops.
const REASONS: &[(&str, &str)] = &[(
    "0x606f8b0a",
    "IslandSeaWaySupport.TMEDRoad.Gbx: the body is damaged after the first scene mobil (file \
     names repeat and break off mid-word, e.g. \"SeaWayCornerGround.So_:g_\" at body 0x330, \
     and whole chunks recur), so no layout reads it; GBX.NET keeps the file only for its \
     reference-table test (Tests/GBX.NET.Tests/Integration/GameBoxRefTableTests.cs)",
)];

/// Files that stop, with the chunk id they stop at.
pub(crate) const KNOWN_STOPS: &[(&str, &str)] =
    &[("IslandSeaWaySupport.TMEDRoad.Gbx", "0x606f8b0a")];

#[test]
fn every_reason_is_given_once() {
    for (_, id) in KNOWN_STOPS {
        assert!(REASONS.iter().any(|(r, _)| r == id), "no reason for {id}");
    }
}

#[test]
fn every_other_corpus_file_completes_and_listed_ones_stop_where_listed() {
    if corpus_dir_or_warn("gbx_known_stops").is_none() {
        return;
    }
    let mut wrong = Vec::new();
    for file in gbx_corpus() {
        let name = file.name.clone();
        let gbx = file.gbx();
        let s = gbx.summary();
        match KNOWN_STOPS.iter().find(|(n, _)| *n == name) {
            None if !(s.main_node_complete && s.unknown == 0) => {
                wrong.push(format!(
                    "{name}: stops ({:?}) but is not listed",
                    gbx.problems.first()
                ));
            }
            Some((_, id)) => {
                let reason = gbx
                    .tail
                    .as_ref()
                    .map(|t| t.reason.clone())
                    .unwrap_or_default();
                if s.main_node_complete || !reason.contains(&format!("unknown chunk {id}")) {
                    wrong.push(format!("{name}: listed at {id}, now: {reason:?}"));
                }
            }
            None => {}
        }
    }
    assert!(
        wrong.is_empty(),
        "update KNOWN_STOPS:\n{}",
        wrong.join("\n")
    );
}
