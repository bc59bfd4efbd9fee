//! Issue 43 ("one way to disk"), finding by finding, through the binary.

use super::trackbench;
use std::path::Path;
use trackbench_core::gbx::tools::sample::sample_map;

fn text(out: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Finding 1: a planted `.trackbench-old-v.Gbx.AbC123` holding "X" is
/// listed as not ours and kept; `v.Gbx` is never replaced, with or without
/// `--yes`.
#[test]
fn finding_1_a_planted_backup_never_replaces_its_namesake() {
    let tmp = tempfile::tempdir().unwrap();
    let map = sample_map();
    let v = tmp.path().join("v.Gbx");
    std::fs::write(&v, &map).unwrap();
    let planted = tmp.path().join(".trackbench-old-v.Gbx.AbC123");
    std::fs::write(&planted, b"X\n").unwrap();
    let out = trackbench(&["saves", s(tmp.path()), "--clean"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(
        text(&out).contains("kept") && text(&out).contains("no backup header"),
        "{}",
        text(&out)
    );
    let out = trackbench(&["saves", s(tmp.path()), "--clean", "--yes"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("no backup header"), "{}", text(&out));
    assert_eq!(std::fs::read(&v).unwrap(), map, "v.Gbx is untouched");
    assert_eq!(
        std::fs::read(&planted).unwrap(),
        b"X\n",
        "reported, not deleted"
    );
    let out = trackbench(&["saves", s(&v), "--clean", "--yes"]);
    assert_eq!(std::fs::read(&v).unwrap(), map, "{}", text(&out));
}

/// Finding 4: batch exporters refuse a link planted in the output folder
/// (`ln -s VICTIM o/NAME; trackbench export inputs A B -o o`), name the
/// failure (exit 2) and leave the victim alone; the other output is written.
#[cfg(unix)]
#[test]
fn finding_4_batch_exports_do_not_write_through_planted_links() {
    let Some(corpus) = trackbench_testkit::corpus_dir_or_warn("finding_4") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let input = |name: &str| {
        let to = tmp.path().join(name);
        std::fs::copy(corpus.join("gbx").join(name), &to).unwrap();
        to
    };
    let replays = [
        input("B13-Obstacle____.Rollin(00'24''94).Replay.Gbx"),
        input("Gosu_B13-Obstacle_WR.Replay.Gbx"),
    ];
    let maps = [input("map1.Map.Gbx"), input("AirControl.Challenge.Gbx")];
    let victim = tmp.path().join("VICTIM");
    std::fs::write(&victim, b"precious").unwrap();
    let cases = [
        ("inputs", &replays, "Gosu_B13-Obstacle_WR.Replay.csv", 2),
        ("blocks", &maps, "map1.Map.json", 2),
        // AirControl has no thumbnail: only the link is there.
        ("thumbnail", &maps, "map1.Map.jpg", 1),
    ];
    for (what, inputs, planted, entries) in cases {
        let out = tmp.path().join(format!("o-{what}"));
        std::fs::create_dir(&out).unwrap();
        std::os::unix::fs::symlink(&victim, out.join(planted)).unwrap();
        let mut args = vec!["export", what];
        args.extend(inputs.iter().map(|p| s(p)));
        args.extend(["-o", s(&out)]);
        let result = trackbench(&args);
        assert_eq!(result.status.code(), Some(2), "{what}: {}", text(&result));
        assert!(
            text(&result).contains("a symlink in the destination"),
            "{what}: {}",
            text(&result)
        );
        assert_eq!(std::fs::read(&victim).unwrap(), b"precious", "{what}");
        let written = std::fs::read_dir(&out).unwrap().count();
        assert_eq!(written, entries, "{what}: the link and the other output");
    }
}

/// The sorted file names in `dir`.
fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The output layer's promise: a failed batch removes what it wrote or
/// names every written file. A replay of 4 ghosts (`export ghosts`) whose
/// last output name is a planted link fails with its 3 ghosts written
/// before removed; in a batch with a second replay, that replay's ghost is
/// kept and named on stderr. Alone, the failed replay leaves nothing.
#[cfg(unix)]
#[test]
fn finding_4_a_failed_ghost_batch_removes_its_partial_outputs_and_names_the_kept_ones() {
    let Some(corpus) = trackbench_testkit::corpus_dir_or_warn("failed batch") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let four = corpus.join("gbx").join("Bruno_B13-Obstacle.Replay.gbx");
    let one = corpus.join("gbx").join("TestBlocks.Replay.Gbx");
    let clean = tmp.path().join("clean");
    let out = trackbench(&["export", "ghosts", s(&four), "-o", s(&clean)]);
    assert!(out.status.success(), "{}", text(&out));
    let ghosts = names_in(&clean);
    assert_eq!(ghosts.len(), 4, "{ghosts:?}");
    // The ghosts are written in the order `export ghosts` prints them.
    let last = text(&out)
        .lines()
        .filter_map(|l| l.strip_prefix("wrote "))
        .next_back()
        .and_then(|l| {
            Path::new(l.split(" (").next()?)
                .file_name()?
                .to_str()
                .map(str::to_owned)
        })
        .unwrap();
    let victim = tmp.path().join("VICTIM");
    std::fs::write(&victim, b"precious").unwrap();
    let plant = |dir: &Path| {
        std::fs::create_dir_all(dir).unwrap();
        std::os::unix::fs::symlink(&victim, dir.join(&last)).unwrap();
    };
    // Alone: exit 2, the 3 written before the link removed.
    let alone = tmp.path().join("alone");
    plant(&alone);
    let out = trackbench(&["export", "ghosts", s(&four), "-o", s(&alone)]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(
        text(&out).contains("the 3 file(s) written before it were removed"),
        "{}",
        text(&out)
    );
    assert_eq!(
        names_in(&alone),
        std::slice::from_ref(&last),
        "only the planted link"
    );
    // A batch: the failed replay's folder holds only the link, the other
    // replay's ghost is kept and named.
    let batch = tmp.path().join("batch");
    plant(&batch.join("Bruno_B13-Obstacle.Replay.ghosts"));
    let out = trackbench(&["export", "ghosts", s(&four), s(&one), "-o", s(&batch)]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert_eq!(
        names_in(&batch.join("Bruno_B13-Obstacle.Replay.ghosts")),
        std::slice::from_ref(&last)
    );
    let kept_dir = batch.join("TestBlocks.Replay.ghosts");
    let kept = names_in(&kept_dir);
    assert_eq!(kept.len(), 1, "{kept:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!(
            "the batch failed; the 1 file(s) written for the other inputs are kept: {}",
            kept_dir.join(&kept[0]).display()
        )),
        "{stderr}"
    );
    assert_eq!(std::fs::read(&victim).unwrap(), b"precious");
}
