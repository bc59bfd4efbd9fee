//! Route tracing speed (criterion): `trk::trace` on the largest corpus
//! track (the one whose route has the most pieces, among every `.trk` and
//! the track of every `.rpl`), as the grid editor runs it after every edit.
//!
//! ```text
//! cargo bench -p trackbench-core --bench trk_route
//! ```
//!
//! Without a corpus a built-in six-tile loop is measured, after a loud
//! message. For a figure while others build, count instructions instead:
//! `valgrind --tool=callgrind target/release/deps/trk_route-* --bench --profile-time 1`.
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use trackbench_core::trk::{Replay, TilePos, Track, trace};

fn small_loop() -> Track {
    let mut t = Track::new();
    for (x, y, code) in [
        (5, 6, 0x01),
        (5, 5, 0x06),
        (6, 5, 0x07),
        (6, 6, 0x04),
        (6, 7, 0x09),
        (5, 7, 0x08),
    ] {
        t.set_track_code(TilePos { x, y }, code);
    }
    t
}

/// (label, track): the corpus track with the most pieces on its route.
fn largest() -> (String, Track) {
    let mut all: Vec<(String, Track)> = Vec::new();
    for path in trackbench_testkit::corpus_files("trk", ".trk") {
        if let Some(t) = std::fs::read(&path)
            .ok()
            .and_then(|b| Track::parse(&b).ok())
        {
            all.push((path.file_name().unwrap().to_string_lossy().into(), t));
        }
    }
    for path in trackbench_testkit::corpus_files("trk/rpl", ".rpl") {
        if let Some(r) = std::fs::read(&path)
            .ok()
            .and_then(|b| Replay::parse(&b).ok())
        {
            all.push((path.file_name().unwrap().to_string_lossy().into(), r.track));
        }
    }
    if all.is_empty() {
        eprintln!(
            "\n!!! trk_route bench: CORPUS NOT FOUND (../shared/corpus or $TRACKBENCH_CORPUS); \
             ONLY A SIX-TILE LOOP IS MEASURED !!!\n"
        );
        return ("small_loop".into(), small_loop());
    }
    all.into_iter()
        .max_by_key(|(_, t)| trace(t).pieces.len())
        .expect("non-empty")
}

fn bench(c: &mut Criterion) {
    let (label, track) = largest();
    let pieces = trace(&track).pieces.len();
    eprintln!("trk_route: {label}, {pieces} pieces");
    let mut g = c.benchmark_group("trk_route");
    g.sample_size(30)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    g.bench_function(&label, |b| b.iter(|| trace(black_box(&track))));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
