//! Parse-speed benchmarks (criterion). Work in progress.
use criterion::{Criterion, criterion_group, criterion_main};

fn bench(c: &mut Criterion) {
    let sample = trackbench_core::gbx::sample::sample_map();
    c.bench_function("parse sample map", |b| {
        b.iter(|| trackbench_core::gbx::Gbx::parse(sample.clone()).unwrap());
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
