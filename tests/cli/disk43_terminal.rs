//! Issue 43, finding 10 (terminal injection): a name from a file holding
//! ESC, BEL and CR reaches the terminal escaped (`\x1b`, `\x07`, `\r`) in
//! every command that prints it. The fixtures are corpus files renamed
//! with the core's edit model in the test (nothing copied into the repo).

use super::trackbench;
use std::path::{Path, PathBuf};
use trackbench_core::edit::map_ops::replace_model;
use trackbench_core::edit::value::set_value;
use trackbench_core::edit::{GbxDocument, find_field_loc};
use trackbench_core::gbx::access::map_contents::map_contents;
use trackbench_core::gbx::{ChunkRef, Gbx};
use trackbench_testkit::corpus_dir_or_warn;

/// A name that would retitle the terminal, ring it and overwrite the line.
const HOSTILE: &str = "Evil\x1b]0;pwned\x07Name\rX";
/// How it must be printed.
const ESCAPED: &str = "Evil\\x1b]0;pwned\\x07Name\\rX";

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Asserts that `out` printed the hostile name escaped and no raw ESC,
/// BEL or CR anywhere.
fn assert_escaped(what: &str, out: &std::process::Output) {
    assert_escaped_as(what, out, ESCAPED);
}

/// [`assert_escaped`], the name printed as `escaped` (a column may cut it).
fn assert_escaped_as(what: &str, out: &std::process::Output, escaped: &str) {
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    for raw in ['\x1b', '\x07', '\r'] {
        assert!(
            !stdout.contains(raw) && !stderr.contains(raw),
            "{what}: a raw {raw:?} was printed: {stdout:?} {stderr:?}"
        );
    }
    assert!(
        stdout.contains(escaped),
        "{what}: the name escaped: {stdout:?} {stderr:?}"
    );
}

/// `file` with every field named `field` (header and body chunks) set to
/// `text` through the edit model, written into `dir` as `name`.
fn renamed(file: &Path, field: &str, text: &str, dir: &Path, name: &str) -> PathBuf {
    let gbx = Gbx::parse(std::fs::read(file).unwrap()).unwrap();
    let mut doc = GbxDocument::from_gbx(gbx);
    let mut chunks: Vec<ChunkRef> = (0..doc.gbx.header.chunks.len())
        .map(ChunkRef::Header)
        .collect();
    for (node, n) in doc.gbx.nodes.iter().enumerate() {
        chunks.extend((0..n.chunks.len()).map(|chunk| ChunkRef::Body { node, chunk }));
    }
    let mut set = 0;
    for c in chunks {
        if let Some(loc) = find_field_loc(&doc.gbx, c, field) {
            let edit = set_value(&doc.gbx, &loc, text).unwrap();
            doc.apply(edit).unwrap();
            set += 1;
        }
    }
    assert!(set > 0, "{field} found in {}", file.display());
    let to = dir.join(name);
    std::fs::write(&to, doc.bytes()).unwrap();
    to
}

/// Finding 10: `runs` (text and CSV) prints the player name escaped.
#[test]
fn finding_10_runs_escapes_player_names() {
    let Some(corpus) = corpus_dir_or_warn("finding_10 runs") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let ghost = renamed(
        &corpus.join("gbx/KEYBOARD_51062.Ghost.Gbx"),
        trackbench_core::gbx::classes::ghost::FIELD_NICKNAME,
        HOSTILE,
        tmp.path(),
        "evil.Ghost.Gbx",
    );
    let o = trackbench(&["runs", s(&ghost)]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // The table's player column is 20 characters wide.
    assert_escaped_as("runs", &o, &ESCAPED[..20]);
    let o = trackbench(&["runs", "--csv", s(&ghost)]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_escaped("runs --csv", &o);
    let first_row = String::from_utf8_lossy(&o.stdout)
        .lines()
        .nth(1)
        .map(str::to_owned);
    assert!(
        first_row.unwrap().starts_with(&format!("1,{ESCAPED},")),
        "one row per line, the player field escaped"
    );
}

/// A corpus map whose first block's model is renamed to [`HOSTILE`] (the
/// core's `replace_model`), and that block's index (0).
fn map_with_hostile_block(corpus: &Path, dir: &Path) -> PathBuf {
    let src = corpus.join("gbx/AirControl.Challenge.Gbx");
    let gbx = Gbx::parse(std::fs::read(&src).unwrap()).unwrap();
    let old = map_contents(&gbx)
        .unwrap()
        .block(0)
        .unwrap()
        .name()
        .to_owned();
    let mut doc = GbxDocument::from_gbx(gbx);
    doc.apply(replace_model(&doc.gbx, None, &old, HOSTILE).unwrap())
        .unwrap();
    assert_eq!(
        map_contents(&doc.gbx).unwrap().block(0).unwrap().name(),
        HOSTILE
    );
    let to = dir.join("evil.Challenge.Gbx");
    std::fs::write(&to, doc.bytes()).unwrap();
    to
}

/// Finding 10: `blocks delete|move|rotate|replace` print block names
/// escaped.
#[test]
fn finding_10_blocks_escapes_block_names() {
    let Some(corpus) = corpus_dir_or_warn("finding_10 blocks") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let map = map_with_hostile_block(&corpus, tmp.path());
    let out = tmp.path().join("out.Challenge.Gbx");
    let (m, o) = (s(&map), s(&out));
    let runs: [(&str, Vec<&str>); 4] = [
        ("delete", vec!["blocks", "delete", m, "0", "-o", o]),
        (
            "move",
            vec!["blocks", "move", m, "0", "--by", "0,1,0", "-o", o],
        ),
        (
            "rotate",
            vec!["blocks", "rotate", m, "0", "--dir", "2", "-o", o],
        ),
        (
            "replace",
            vec!["blocks", "replace", m, HOSTILE, "Plain", "-o", o],
        ),
    ];
    for (what, args) in runs {
        let r = trackbench(&args);
        assert!(
            r.status.success(),
            "{what}: {}",
            String::from_utf8_lossy(&r.stderr)
        );
        assert_escaped(what, &r);
    }
}

/// Finding 10: `scan` prints map names escaped, in the text table and in
/// the CSV (one row per line; the JSON escapes them as `\u001b`).
#[test]
fn finding_10_scan_escapes_names_in_text_and_csv() {
    let Some(corpus) = corpus_dir_or_warn("finding_10 scan") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let folder = tmp.path().join("maps");
    std::fs::create_dir(&folder).unwrap();
    renamed(
        &corpus.join("gbx/AirControl.Challenge.Gbx"),
        trackbench_core::gbx::classes::challenge::FIELD_MAP_NAME,
        HOSTILE,
        &folder,
        "evil.Challenge.Gbx",
    );
    let o = trackbench(&["scan", s(&folder)]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_escaped("scan", &o);
    let o = trackbench(&["scan", "--csv", s(&folder)]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_escaped("scan --csv", &o);
    assert_eq!(String::from_utf8_lossy(&o.stdout).lines().count(), 2);
    let o = trackbench(&["scan", "--json", s(&folder)]);
    let rows: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(rows[0]["name_plain"], HOSTILE, "JSON keeps the text");
}

/// Finding 10, the other commands printing names from a file: `inspect`,
/// `dump` and `diff` (text) print no raw ESC, BEL or CR (`dump` and `diff`
/// quote values as Rust does, `\u{1b}`; every text line is escaped again
/// on the way out); their lines stay lines.
#[test]
fn finding_10_inspect_dump_and_diff_escape_names() {
    let Some(corpus) = corpus_dir_or_warn("finding_10 inspect") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let original = corpus.join("gbx/AirControl.Challenge.Gbx");
    let evil = renamed(
        &original,
        trackbench_core::gbx::classes::challenge::FIELD_MAP_NAME,
        HOSTILE,
        tmp.path(),
        "evil.Challenge.Gbx",
    );
    for (what, args, shows_name) in [
        ("dump", vec!["dump", s(&evil)], true),
        ("diff", vec!["diff", s(&original), s(&evil)], true),
        ("inspect", vec!["inspect", s(&evil)], false),
    ] {
        let o = trackbench(&args);
        assert!(
            o.status.code() != Some(2),
            "{what}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let stdout = String::from_utf8_lossy(&o.stdout);
        for raw in ['\x1b', '\x07', '\r'] {
            assert!(!stdout.contains(raw), "{what}: a raw {raw:?}");
        }
        if shows_name {
            assert!(stdout.contains("]0;pwned"), "{what}: the name is shown");
        }
    }
}
