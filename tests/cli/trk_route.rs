//! `trackbench trk route`: the JSON shape, and exit codes for a closed and
//! a broken route.

use crate::trackbench;
use trackbench_core::trk::{TilePos, Track};
use trackbench_testkit::corpus_dir_or_warn;

#[test]
fn trk_route_json_has_the_documented_shape() {
    let Some(dir) = corpus_dir_or_warn("cli trk route") else {
        return;
    };
    let path = dir.join("trk/DEFAULT.TRK");
    let out = trackbench(&["trk", "route", "--json", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "closed: exit 0");
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["closed"], true);
    assert_eq!(doc["stunts_accepts"], true);
    assert_eq!(doc["start"], serde_json::json!([7, 24]));
    let tiles = doc["tiles"].as_array().unwrap();
    assert_eq!(
        tiles[0],
        serde_json::json!([7, 24]),
        "[x, y] from the start"
    );
    assert!(
        tiles
            .iter()
            .all(|t| t.as_array().is_some_and(|p| p.len() == 2))
    );
    let length = doc["length_tiles"].as_f64().unwrap();
    assert!(length > 60.0 && length < 80.0, "{length}");
    assert!(doc["length_m"].as_f64().unwrap() > length * 62.0);
    assert_eq!(doc["obstacles"]["split"], 2);
    assert!(doc["breaks"].as_array().unwrap().is_empty());
    assert!(doc["profile"][0]["height"].is_number());
    assert!(doc["replay"].is_null());

    let rpl = dir.join("trk/rpl/DEFAULT.RPL");
    let out = trackbench(&["trk", "route", "--json", rpl.to_str().unwrap()]);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["replay"]["player_car"], "COUN");
    assert_eq!(doc["replay"]["frames"], 1798);
    assert_eq!(doc["replay"]["duration_s"], 89.9);
}

#[test]
fn trk_route_of_a_broken_track_exits_1_and_lists_the_break() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("BROKEN.TRK");
    let mut t = Track::new();
    t.set_track_code(TilePos { x: 5, y: 6 }, 0x01);
    t.set_track_code(TilePos { x: 5, y: 5 }, 0x04);
    std::fs::write(&file, t.to_raw_bytes()).unwrap();
    let out = trackbench(&["trk", "route", "--json", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["closed"], false);
    let breaks = doc["breaks"].as_array().unwrap();
    let dead = breaks.iter().find(|b| b["kind"] == "dead-end").unwrap();
    assert_eq!((dead["x"].as_u64(), dead["y"].as_u64()), (Some(5), Some(5)));
    assert!(
        dead["message"]
            .as_str()
            .unwrap()
            .contains("ends heading north")
    );
    let text = trackbench(&["trk", "route", file.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("route: not closed") && text.contains("dead-end: x=5 y=5"),
        "{text}"
    );
}

/// CYDONIA.TRK closes and Stunts accepts it; its 40 pieces that no branch
/// of the route drives over are "off-route pieces", not breaks (issue 31).
#[test]
fn pieces_off_a_closed_route_are_not_breaks() {
    let Some(dir) = corpus_dir_or_warn("cli trk route") else {
        return;
    };
    let path = dir.join("trk/CYDONIA.TRK");
    let out = trackbench(&["trk", "route", "--json", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "closed: exit 0");
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (&doc["closed"], &doc["stunts_accepts"]),
        (&true.into(), &true.into())
    );
    assert!(doc["breaks"].as_array().unwrap().is_empty());
    let off = doc["off_route_pieces"].as_array().unwrap();
    assert_eq!(off.len(), 40);
    assert!(
        off[0]["message"]
            .as_str()
            .unwrap()
            .contains("not on the route")
    );
    let out = trackbench(&["trk", "route", path.to_str().unwrap()]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("breaks: 0\n") && text.contains("off-route pieces: 40\n"),
        "{text}"
    );
}
