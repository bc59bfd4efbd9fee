//! The toolbox's extractions as library batch actions on corpus copies:
//! planned from the rows' classes, run, each output re-read.

use std::path::{Path, PathBuf};
use trackbench_core::gbx::access::map_contents::map_contents;
use trackbench_core::gbx::{Gbx, ghosts};
use trackbench_core::library::batch::{BatchAction, Extract, Outcome, plan, run_blocking};
use trackbench_core::library::{Row, read_row};
use trackbench_testkit::corpus_dir_or_warn;

const FILES: [&str; 5] = [
    "gbx/B13-Obstacle____.Rollin(00'24''94).Replay.Gbx",
    "gbx/KEYBOARD_10743.Ghost.Gbx",
    "gbx/map1.Map.Gbx",
    "gbx/AirControl.Challenge.Gbx",
    "trk/DEFAULT.TRK",
];

fn setup(corpus: &Path) -> (tempfile::TempDir, Vec<PathBuf>, Vec<Row>) {
    let tmp = tempfile::tempdir().unwrap();
    let paths: Vec<PathBuf> = FILES
        .iter()
        .map(|f| {
            let to = tmp.path().join(Path::new(f).file_name().unwrap());
            std::fs::copy(corpus.join(f), &to).unwrap();
            to
        })
        .collect();
    let rows = paths.iter().map(|p| read_row(p)).collect();
    (tmp, paths, rows)
}

/// A written output, parsed.
fn parse(p: &Path) -> Gbx {
    Gbx::parse(std::fs::read(p).unwrap()).unwrap()
}

/// The shared parse (`trackbench_testkit::gbx_named`) of the corpus file a
/// copy of [`setup`] was made from (same name, same bytes).
fn source(copy: &Path) -> &'static Gbx {
    let name = copy.file_name().unwrap().to_string_lossy();
    trackbench_testkit::gbx_named(&name)
        .unwrap_or_else(|| panic!("{name}: not in the corpus"))
        .gbx()
}

#[test]
fn ghosts_inputs_and_blocks_of_a_selection() {
    let Some(corpus) = corpus_dir_or_warn("library batch extract") else {
        return;
    };
    let (_src, paths, rows) = setup(&corpus);
    let out = tempfile::tempdir().unwrap();

    // Ghosts: the replay, the ghost and both maps are planned (a map may
    // hold a validation ghost); AirControl turns out to have none.
    let p = plan(BatchAction::Extract(Extract::Ghosts), &rows, out.path());
    assert_eq!(p.tasks.len(), 4);
    assert_eq!(p.not_applicable.len(), 1, "the Stunts track");
    let results = run_blocking(p.clone());
    for ((task, r), src) in p.tasks.iter().zip(&results).zip(&paths) {
        let want = ghosts(source(src));
        if want.is_empty() {
            assert!(matches!(r, Ok(Outcome::Skipped(_))), "{r:?}");
            continue;
        }
        assert!(matches!(r, Ok(Outcome::Written(_))), "{r:?}");
        let mut files: Vec<PathBuf> = std::fs::read_dir(&task.target)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        assert_eq!(files.len(), want.len());
        for (f, g) in files.iter().zip(&want) {
            let x = parse(f);
            assert!(x.summary().completeness.complete, "{}", f.display());
            assert_eq!(ghosts(&x)[0].race_time_ms, g.race_time_ms);
            assert_eq!(ghosts(&x)[0].checkpoints, g.checkpoints);
        }
    }

    // Inputs: the replay and the ghost; one CSV row per event.
    let p = plan(BatchAction::Extract(Extract::InputsCsv), &rows, out.path());
    assert_eq!(p.tasks.len(), 2);
    let results = run_blocking(p.clone());
    for (task, r) in p.tasks.iter().zip(&results) {
        assert!(matches!(r, Ok(Outcome::Written(_))), "{r:?}");
        let g = source(&task.row.path);
        let events = ghosts(g)
            .iter()
            .find(|x| !x.inputs.is_empty())
            .unwrap()
            .inputs
            .len();
        let text = std::fs::read_to_string(&task.target).unwrap();
        assert_eq!(
            text.lines().count(),
            events + 1,
            "{}",
            task.target.display()
        );
    }

    // Blocks: both maps; one JSON entry per decoded block.
    let p = plan(BatchAction::Extract(Extract::BlocksJson), &rows, out.path());
    assert_eq!(p.tasks.len(), 2);
    let results = run_blocking(p.clone());
    for (task, r) in p.tasks.iter().zip(&results) {
        assert!(matches!(r, Ok(Outcome::Written(_))), "{r:?}");
        let n = map_contents(source(&task.row.path)).unwrap().blocks.len();
        let v: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&task.target).unwrap()).unwrap();
        assert_eq!(v.as_array().unwrap().len(), n, "{}", task.target.display());
    }
}
