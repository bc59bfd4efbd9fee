//! Comparing 50 runs (issue 29, criterion): the runs of 50 ghosts of one
//! map (the corpus TM2020 TAS ghosts, repeated to 50) are read from their
//! parsed files (`runs_of`: ghosts, samples, inputs, path distance), then
//! compared (`compare`: splits, best sectors, deltas) and the continuous
//! delta of each against the reference computed every 5 m
//! (`delta_along_distance`), as the Runs view and `trackbench runs` do.
//! Parsing is measured by the `parse` bench; `compare_50_from_bytes` adds
//! it for the whole cost from file bytes.
//!
//! ```text
//! cargo bench -p trackbench-core --bench runs
//! ```
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use trackbench_core::gbx::Gbx;
use trackbench_core::toolbox::runs::{compare, delta_along_distance, runs_of};

const FILES: [&str; 5] = [
    "KEYBOARD_51062.Ghost.Gbx",
    "HUMANPLUS7_51575.Ghost.Gbx",
    "TAS_15240_clean.Ghost.Gbx",
    "KEYBOARD_23ev_6323.Ghost.Gbx",
    "poisoned_searchtape.Ghost.Gbx",
];

/// 50 ghost files' bytes (the five above, ten times each).
fn fifty() -> Vec<Vec<u8>> {
    let Some(dir) = trackbench_testkit::corpus_dir() else {
        eprintln!("CORPUS NOT FOUND: the runs bench needs the corpus");
        return Vec::new();
    };
    let five: Vec<Vec<u8>> = FILES
        .iter()
        .filter_map(|f| std::fs::read(dir.join("gbx").join(f)).ok())
        .collect();
    five.iter().cycle().take(50).cloned().collect()
}

fn bench(c: &mut Criterion) {
    let bytes = fifty();
    if bytes.is_empty() {
        return;
    }
    let parsed: Vec<Gbx> = bytes
        .iter()
        .map(|b| Gbx::parse(b.clone()).unwrap())
        .collect();
    let mut g = c.benchmark_group("runs");
    g.measurement_time(Duration::from_secs(5)).sample_size(20);
    g.bench_function("compare_50_parsed", |b| {
        b.iter(|| {
            let runs: Vec<_> = parsed.iter().flat_map(|x| runs_of(x, "ghost")).collect();
            let cmp = compare(&runs, None);
            let reference = &runs[cmp.reference];
            let n: usize = runs
                .iter()
                .map(|r| delta_along_distance(r, reference, 5.0).len())
                .sum();
            black_box((cmp, n))
        });
    });
    g.bench_function("compare_50_from_bytes", |b| {
        b.iter(|| {
            let runs: Vec<_> = bytes
                .iter()
                .flat_map(|x| runs_of(&Gbx::parse(x.clone()).unwrap(), "ghost"))
                .collect();
            black_box(compare(&runs, None))
        });
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
