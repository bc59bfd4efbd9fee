//! Issue 43 ("one way to disk"), damage you can see through the binary:
//! finding 7 (a damaged run is never silent; bytes after an item's end are
//! reported) and the conversions refusing a partial file like the edits
//! (finding 9).

use super::trackbench;
use std::path::{Path, PathBuf};
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::classes::game_ghost::{
    CHUNK_DATA, CHUNK_DATA_REPLAYING, FIELD_COMPRESSED_DATA,
};
use trackbench_core::toolbox::convert::decompress_file;
use trackbench_testkit::corpus_dir_or_warn;

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The first corpus replay with a CGameGhost sample stream.
const REPLAY: &str = "011_BigBang1112(00'26''45).Replay.Gbx";

/// [`REPLAY`] stored uncompressed (`decompress_file`) with
/// the last byte of its ghost's sample stream (in the zlib Adler-32)
/// flipped, written to `dir`: the damage `dump` showed as `ghostDataError`
/// while the file read complete.
fn replay_with_bad_sample_stream(corpus: &Path, dir: &Path) -> PathBuf {
    let src = corpus.join("gbx").join(REPLAY);
    let stored = decompress_file(&Gbx::parse(std::fs::read(src).unwrap()).unwrap()).unwrap();
    let gbx = Gbx::parse(stored.clone()).unwrap();
    let body_at = usize::try_from(gbx.body_info.as_ref().unwrap().data_range.start).unwrap();
    let data = gbx
        .nodes
        .iter()
        .flat_map(|n| &n.chunks)
        .filter(|c| [CHUNK_DATA, CHUNK_DATA_REPLAYING].contains(&c.id))
        .find_map(|c| gbx.chunk_fields(c).find(FIELD_COMPRESSED_DATA))
        .expect("a ghost sample stream")
        .range();
    let mut bytes = stored;
    bytes[body_at + usize::try_from(data.end).unwrap() - 1] ^= 0x01;
    let to = dir.join("damaged.Replay.Gbx");
    std::fs::write(&to, bytes).unwrap();
    to
}

/// [`REPLAY`] stored uncompressed with 16 bytes appended (after its main
/// node's end marker), written to `dir` as `tail.Replay.Gbx`.
fn replay_with_tail(corpus: &Path, dir: &Path) -> PathBuf {
    let src = corpus.join("gbx").join(REPLAY);
    let mut bytes = decompress_file(&Gbx::parse(std::fs::read(src).unwrap()).unwrap()).unwrap();
    bytes.extend_from_slice(&[0x5A; 16]);
    let to = dir.join("tail.Replay.Gbx");
    std::fs::write(&to, bytes).unwrap();
    to
}

/// The warning every command that reads runs prints for the damaged replay.
const WARNING: &str = "damaged.Replay.Gbx: partial file, read as far as it goes: ghost \
                       sample stream: zlib: ";

/// Finding 7: `runs` and `export samples` succeeded silently on damaged
/// replays, and `runs --json` gave `checkpoints_ms: []` with no warning.
/// Every command that reads runs now names the file and the problem on
/// stderr, and the JSON carries `partial` and `problems`; the undamaged
/// replay gives no warning and `partial: false`.
#[test]
fn finding_7_commands_that_read_runs_warn_on_a_partial_replay() {
    let Some(corpus) = corpus_dir_or_warn("finding_7 runs") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let bad = replay_with_bad_sample_stream(&corpus, tmp.path());
    let good = corpus.join("gbx").join(REPLAY);
    let (b, g) = (s(&bad), s(&good));
    let out = tmp.path().join("out");
    let o = s(&out);
    let csv = out.join("one.csv");
    std::fs::create_dir(&out).unwrap();
    let runs: [(&str, Vec<&str>); 5] = [
        ("runs", vec!["runs", b, g]),
        (
            "export samples",
            vec!["export", "samples", b, "-o", s(&csv)],
        ),
        ("export ghosts", vec!["export", "ghosts", b, "-o", o]),
        ("export inputs", vec!["export", "inputs", b, "-o", s(&csv)]),
        (
            "export inputs (batch)",
            vec!["export", "inputs", b, g, "-o", o],
        ),
    ];
    for (what, args) in runs {
        let r = trackbench(&args);
        let err = stderr(&r);
        assert_eq!(err.matches(WARNING).count(), 1, "{what}: {err}");
        assert!(
            !err.contains(&format!("{REPLAY}: partial")),
            "{what}: {err}"
        );
    }
    // The damaged ghost gives no run (no time, no samples): the JSON is
    // shown with a replay whose ghost is whole but which has bytes after
    // its main node.
    let tail = replay_with_tail(&corpus, tmp.path());
    let r = trackbench(&["runs", "--json", s(&tail), g]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&r)).expect("JSON");
    let by_source = |name: &str| {
        json["runs"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["source"] == name)
            .unwrap_or_else(|| panic!("{name} in {json}"))
            .clone()
    };
    let damaged = by_source("tail.Replay.Gbx");
    assert_eq!(damaged["partial"], true, "{damaged}");
    let problem = damaged["problems"][0].as_str().unwrap();
    assert!(
        problem.starts_with("16 bytes after the end of the main node's 0xFACADE01"),
        "{problem}"
    );
    let clean = by_source(REPLAY);
    assert_eq!(clean["partial"], false, "{clean}");
    assert_eq!(clean["problems"], serde_json::json!([]), "{clean}");
}

/// Finding 7: an item with 200 MB of garbage appended read complete. It is
/// partial, saying how many bytes follow the end its header declares
/// (sparse tail: no disk used), in `inspect` and when embedded.
#[cfg(unix)]
#[test]
fn finding_7_an_item_with_bytes_appended_is_partial() {
    let Some(corpus) = corpus_dir_or_warn("finding_7 item") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let item = tmp.path().join("tail.Item.Gbx");
    let bytes =
        std::fs::read(corpus.join("gbx/GBX-NET 2 CGameItemModel TM2020 001.Item.Gbx")).unwrap();
    std::fs::write(&item, &bytes).unwrap();
    let f = std::fs::OpenOptions::new().write(true).open(&item).unwrap();
    f.set_len(bytes.len() as u64 + 200_000_000).unwrap();
    drop(f);
    let r = trackbench(&["inspect", s(&item)]);
    let text = stdout(&r);
    assert!(
        text.contains("200000000 bytes after the end of the body") && text.contains("PARTIAL"),
        "{text}"
    );
    let map = corpus.join("gbx/CCP#04 - ODYSSEY.Map.Gbx");
    let out = tmp.path().join("out.Map.Gbx");
    let r = trackbench(&["items", "add", s(&map), s(&item), "-o", s(&out)]);
    assert_eq!(r.status.code(), Some(2), "{}", stderr(&r));
    assert!(
        stderr(&r).contains("200000000 bytes after the end"),
        "{}",
        stderr(&r)
    );
    assert!(!out.exists());
}

/// Finding 9, the conversions: `compress` and `decompress` re-encoded a
/// damaged body as a new, plausible file. They refuse a partial file
/// without `--force` (exit 2, the reason named, nothing written) and say
/// so when forced.
#[test]
fn finding_9_compress_and_decompress_refuse_a_partial_file() {
    let Some(corpus) = corpus_dir_or_warn("finding_9 convert") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let bad = replay_with_bad_sample_stream(&corpus, tmp.path());
    let out = tmp.path().join("out.Replay.Gbx");
    let r = trackbench(&["compress", s(&bad), "-o", s(&out)]);
    assert_eq!(r.status.code(), Some(2), "{}", stderr(&r));
    assert!(
        stderr(&r).contains("ghost sample stream") && stderr(&r).contains("--force"),
        "{}",
        stderr(&r)
    );
    assert!(!out.exists());
    let r = trackbench(&["compress", s(&bad), "-o", s(&out), "--force"]);
    assert!(r.status.success(), "{}", stderr(&r));
    assert!(
        stderr(&r).contains("converting anyway (--force)"),
        "{}",
        stderr(&r)
    );
    let r = trackbench(&["decompress", s(&out), "-o", s(&bad)]);
    assert_eq!(r.status.code(), Some(2), "{}", stderr(&r));
    let good = corpus.join("gbx").join(REPLAY);
    let r = trackbench(&["decompress", s(&good), "-o", s(&out)]);
    assert!(r.status.success(), "{}", stderr(&r));
    assert!(stderr(&r).is_empty(), "{}", stderr(&r));
}
