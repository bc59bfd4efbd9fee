//! Comparing 50 runs of one map (issue 29, criterion). The corpus holds no
//! 50 runs of one map (at most two TM2020 ghosts share one:
//! `KEYBOARD_51062` and `HUMANPLUS7_51575`, 51 s and 5.3 km each, with car
//! states), so those two are repeated, 25 times each. What is measured is
//! what opening them in a Runs tab does, then what its plots recompute:
//!
//! * `open_50_from_bytes`: parse each file (`Gbx::parse`), its runs
//!   (`runs_of`: ghosts, samples, inputs, lanes, path distance), the
//!   comparison (`compare`: splits, best sectors, deltas);
//! * `compare_50_parsed`: the same from parsed files (no parse);
//! * `plots_50`: the series the Delta and Speed tabs draw each frame (the
//!   delta of each run along the distance every 5 m, speed against
//!   distance).
//!
//! ```text
//! cargo bench -p trackbench-core --bench runs
//! # one pass of each, for instruction counts (no criterion):
//! RUNS_BENCH_ONCE=1 valgrind --tool=callgrind target/release/deps/runs-<hash>
//! ```
use criterion::Criterion;
use std::hint::black_box;
use std::time::Duration;
use trackbench_core::gbx::Gbx;
use trackbench_core::toolbox::runs::{
    Run, compare, delta_along_distance, runs_of, speed_along_distance,
};

/// Two TM2020 ghosts of map `zFw7p8IFpSWwZcZMxLy4rTpX7o2`.
const FILES: [&str; 2] = ["KEYBOARD_51062.Ghost.Gbx", "HUMANPLUS7_51575.Ghost.Gbx"];

/// Runs compared.
const RUNS: usize = 50;

/// Metres between two points of the continuous delta (as the view).
const DELTA_STEP_M: f32 = 5.0;

/// 50 ghost files' bytes (the two above, 25 times each).
fn fifty() -> Vec<Vec<u8>> {
    let Some(dir) = trackbench_testkit::corpus_dir() else {
        eprintln!("CORPUS NOT FOUND: the runs bench needs the corpus");
        return Vec::new();
    };
    let two: Vec<Vec<u8>> = FILES
        .iter()
        .filter_map(|f| std::fs::read(dir.join("gbx").join(f)).ok())
        .collect();
    two.iter().cycle().take(RUNS).cloned().collect()
}

/// Parse, runs, comparison: what a Runs tab does once (not inlined, so
/// callgrind names it).
#[inline(never)]
fn open(bytes: &[Vec<u8>]) -> (Vec<Run>, usize) {
    let runs: Vec<Run> = bytes
        .iter()
        .filter_map(|b| Gbx::parse(b.clone()).ok())
        .flat_map(|g| runs_of(&g, "ghost"))
        .collect();
    let reference = compare(&runs, None).reference;
    (runs, reference)
}

/// The Delta and Speed tabs' series for every run: points drawn.
#[inline(never)]
fn plots(runs: &[Run], reference: usize) -> usize {
    let r = &runs[reference];
    runs.iter()
        .map(|x| delta_along_distance(x, r, DELTA_STEP_M).len() + speed_along_distance(x).len())
        .sum()
}

fn bench(c: &mut Criterion, bytes: &[Vec<u8>]) {
    let parsed: Vec<Gbx> = bytes
        .iter()
        .map(|b| Gbx::parse(b.clone()).unwrap())
        .collect();
    let (runs, reference) = open(bytes);
    assert_eq!(runs.len(), RUNS);
    let mut g = c.benchmark_group("runs");
    g.measurement_time(Duration::from_secs(5)).sample_size(10);
    g.bench_function("open_50_from_bytes", |b| b.iter(|| black_box(open(bytes))));
    g.bench_function("compare_50_parsed", |b| {
        b.iter(|| {
            let runs: Vec<_> = parsed.iter().flat_map(|x| runs_of(x, "ghost")).collect();
            black_box(compare(&runs, None))
        });
    });
    g.bench_function("plots_50", |b| {
        b.iter(|| black_box(plots(&runs, reference)));
    });
    g.finish();
}

fn main() {
    let bytes = fifty();
    if bytes.is_empty() {
        return;
    }
    if std::env::var_os("RUNS_BENCH_ONCE").is_some() {
        let (runs, reference) = open(&bytes);
        let points = plots(&runs, reference);
        println!(
            "{} runs, reference {reference}, {points} plot points",
            runs.len()
        );
        return;
    }
    let mut c = Criterion::default().configure_from_args();
    bench(&mut c, &bytes);
    c.final_summary();
}
