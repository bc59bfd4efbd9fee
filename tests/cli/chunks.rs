//! `trackbench chunks`: the decoded chunks from the registry, by class
//! name or hex id, as text, JSON and the Markdown of docs/CHUNKS.md.

use crate::trackbench;
use std::path::Path;
use trackbench::cli::chunks::REGENERATE;

fn stdout_of(args: &[&str]) -> String {
    let out = trackbench(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn chunks_of_the_challenge_list_laps_with_its_declared_fields() {
    let text = stdout_of(&["chunks", "CGameCtnChallenge"]);
    assert_eq!(text.lines().next(), Some("CGameCtnChallenge (0x03043000)"));
    let lines: Vec<&str> = text.lines().collect();
    let laps = lines
        .iter()
        .position(|l| l.starts_with("  body 0x03043018 laps: "))
        .expect("0x03043018 listed");
    // The line number of the registration varies with edits; the file not.
    assert!(
        lines[laps].starts_with(
            "  body 0x03043018 laps: declared (GBX.NET CGameCtnChallenge.chunkl 0x018) \
             (crates/core/src/gbx/classes/challenge_body.rs:"
        ),
        "{}",
        lines[laps]
    );
    assert_eq!(lines[laps + 1], "    isLapRace  bool  value");
    assert_eq!(lines[laps + 2], "    nbLaps     u32   value");
    // The header's TmDesc: a version field, and nbLaps stored from version 13.
    let desc = lines
        .iter()
        .position(|l| l.starts_with("  header 0x03043002 TmDesc: declared"))
        .expect("0x03043002 listed");
    assert!(lines[desc + 1].trim_end().ends_with("version"));
    assert!(
        lines[desc + 1..]
            .iter()
            .take_while(|l| l.starts_with("    "))
            .any(|l| l.contains("nbLaps") && l.ends_with("value  if version ≥ 13")),
        "{text}"
    );
    // A hand-written decoder names its file.
    assert!(text.contains(
        "  header 0x03043007 Thumbnail: hand-written (crates/core/src/gbx/classes/challenge.rs:"
    ));
    // Only that class.
    assert!(!text.contains("CGameCtnReplayRecord"));
}

#[test]
fn chunks_class_is_case_insensitive_or_a_hex_id() {
    let by_name = stdout_of(&["chunks", "CGameCtnChallenge"]);
    assert_eq!(stdout_of(&["chunks", "cgamectnchallenge"]), by_name);
    assert_eq!(stdout_of(&["chunks", "0x03043000"]), by_name);
}

#[test]
fn chunks_json_holds_the_same_fields() {
    let out = stdout_of(&["chunks", "--json", "0x03043000"]);
    let classes: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let classes = classes.as_array().expect("an array of classes");
    assert_eq!(classes.len(), 1);
    assert_eq!(classes[0]["class_id"], 0x0304_3000);
    assert_eq!(classes[0]["class_name"], "CGameCtnChallenge");
    let laps = classes[0]["chunks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["chunk_id"] == 0x0304_3018)
        .expect("0x03043018 listed");
    assert_eq!(laps["part"], "body");
    assert_eq!(laps["label"], "laps");
    assert_eq!(laps["declared"], true);
    assert_eq!(
        laps["file"],
        "crates/core/src/gbx/classes/challenge_body.rs"
    );
    let fields: Vec<(&str, &str, &str)> = laps["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            assert!(f["gate"].is_null());
            (
                f["name"].as_str().unwrap(),
                f["type"].as_str().unwrap(),
                f["role"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        fields,
        [("isLapRace", "bool", "value"), ("nbLaps", "u32", "value")]
    );
}

#[test]
fn chunks_of_an_unknown_class_names_the_closest() {
    let out = trackbench(&["chunks", "CGameCtnChalenge"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("unknown class \"CGameCtnChalenge\"; close names: CGameCtnChallenge"),
        "{err}"
    );
}

#[test]
fn chunks_markdown_is_docs_chunks_md() {
    let generated = stdout_of(&["chunks", "--markdown"]);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/CHUNKS.md");
    let stored = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        stored == generated,
        "docs/CHUNKS.md is stale: regenerate it from the repository root with `{REGENERATE}`"
    );
    assert!(generated.contains("\n### 0x03043018 laps (body)\n"));
}
