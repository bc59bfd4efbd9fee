//! `export ghosts|inputs|blocks` over a folder (issue 18 batch mode): one
//! output per file under its relative path, each re-read; files with
//! nothing to extract skipped; a file that cannot be read named, the batch
//! going on, exit 2; progress on stderr and a summary line.

use crate::trackbench;
use std::path::{Path, PathBuf};
use trackbench_core::gbx::access::map_contents::map_contents;
use trackbench_core::gbx::{Gbx, ghosts};
use trackbench_testkit::corpus_dir_or_warn;

const FILES: [&str; 6] = [
    "B13-Obstacle____.Rollin(00'24''94).Replay.Gbx",
    "Gosu_B13-Obstacle_WR.Replay.Gbx",
    "map1.Map.Gbx",
    "AirControl.Challenge.Gbx",
    "KEYBOARD_10743.Ghost.Gbx",
    "TAS_95839_analog.Ghost.Gbx",
];

/// A folder with copies of [`FILES`] (the last one in `sub/`) and a file
/// that is not a GBX; the copies' paths.
fn folder(corpus: &Path, dir: &Path) -> Vec<PathBuf> {
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("broken.Gbx"), b"not a GBX file").unwrap();
    FILES
        .iter()
        .enumerate()
        .map(|(k, name)| {
            let to = if k + 1 == FILES.len() {
                dir.join("sub").join(name)
            } else {
                dir.join(name)
            };
            std::fs::copy(corpus.join("gbx").join(name), &to).unwrap();
            to
        })
        .collect()
}

/// `src`'s output under `out`: its path relative to `root`, `.Gbx`
/// replaced by `.ext`.
fn output_of(src: &Path, root: &Path, out: &Path, ext: &str) -> PathBuf {
    let rel = src.strip_prefix(root).unwrap();
    let name = rel.file_name().unwrap().to_str().unwrap();
    out.join(rel.with_file_name(format!("{}.{ext}", &name[..name.len() - 4])))
}

/// Runs the batch; checks exit code 2 (the broken file), the progress
/// lines, the summary line and the error named; returns stdout.
fn run(args: &[&str], total: usize, extracted: usize) -> String {
    let out = trackbench(args);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(stderr.contains(&format!("[{total}/{total}]")), "{stderr}");
    assert!(stderr.contains("broken.Gbx"), "{stderr}");
    let last = stdout.lines().last().unwrap();
    assert!(
        last.starts_with(&format!("{total} files: {extracted} extracted"))
            && last.ends_with("1 failed"),
        "{last}"
    );
    stdout
}

#[test]
fn export_ghosts_inputs_and_blocks_over_a_folder() {
    let Some(corpus) = corpus_dir_or_warn("cli toolbox batch") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("in");
    let copies = folder(&corpus, &root);
    let parsed: Vec<Gbx> = copies
        .iter()
        .map(|p| Gbx::parse(std::fs::read(p).unwrap()).unwrap())
        .collect();
    let total = copies.len() + 1;
    let s = |p: &Path| p.to_str().unwrap().to_owned();

    // Ghosts: a folder per file with one .Ghost.Gbx per ghost, each re-read
    // with the same race time.
    let out = tmp.path().join("ghosts");
    let with_ghosts = parsed.iter().filter(|g| !ghosts(g).is_empty()).count();
    run(
        &["export", "ghosts", &s(&root), "-o", &s(&out)],
        total,
        with_ghosts,
    );
    let mut written = 0;
    for (src, g) in copies.iter().zip(&parsed) {
        let want = ghosts(g);
        let dir = output_of(src, &root, &out, "ghosts");
        if want.is_empty() {
            assert!(!dir.exists(), "{}", dir.display());
            continue;
        }
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        assert_eq!(files.len(), want.len(), "{}", dir.display());
        for (f, w) in files.iter().zip(&want) {
            let x = Gbx::parse(std::fs::read(f).unwrap()).unwrap();
            assert!(x.summary().completeness.complete, "{}", f.display());
            assert_eq!(
                ghosts(&x)[0].race_time_ms,
                w.race_time_ms,
                "{}",
                f.display()
            );
        }
        written += files.len();
    }
    assert!(written >= 5, "{written}");

    // Inputs: NAME.csv with a row per event of the first ghost with any.
    let out = tmp.path().join("inputs");
    let events: Vec<Option<usize>> = parsed
        .iter()
        .map(|g| {
            ghosts(g)
                .iter()
                .find(|x| !x.inputs.is_empty())
                .map(|x| x.inputs.len())
        })
        .collect();
    let with = events.iter().flatten().count();
    run(
        &["export", "inputs", &s(&root), "-o", &s(&out)],
        total,
        with,
    );
    for (src, n) in copies.iter().zip(&events) {
        let csv = output_of(src, &root, &out, "csv");
        match n {
            Some(n) => assert_eq!(
                std::fs::read_to_string(&csv).unwrap().lines().count(),
                n + 1,
                "{}",
                csv.display()
            ),
            None => assert!(!csv.exists()),
        }
    }

    // Blocks: NAME.json per map, one entry per decoded block.
    let out = tmp.path().join("blocks");
    let blocks: Vec<Option<usize>> = parsed
        .iter()
        .map(|g| map_contents(g).map(|c| c.blocks.len()))
        .collect();
    let maps = blocks.iter().flatten().count();
    assert_eq!(maps, 2);
    run(
        &["export", "blocks", &s(&root), "-o", &s(&out)],
        total,
        maps,
    );
    for (src, n) in copies.iter().zip(&blocks) {
        let json = output_of(src, &root, &out, "json");
        if let Some(n) = n {
            let v: serde_json::Value =
                serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
            assert_eq!(v.as_array().unwrap().len(), *n, "{}", json.display());
        } else {
            assert!(!json.exists());
        }
    }
}
