//! Parse-speed benchmarks (criterion), the groups issue 13 names, on a few
//! representative corpus files (plus the built-in sample map):
//!
//! | group | what one iteration does |
//! |---|---|
//! | `parse_full` | `Gbx::parse` of the whole file (the drop of the result included) |
//! | `parse_header` | header only, from the file in memory |
//! | `parse_header_from_disk` | header only, opening the file and reading only the header's bytes (warm page cache); also the whole corpus folder |
//! | `lzo_decompress` | LZO alone on the top-level body |
//! | `write_unchanged`, `write_recompress` | writing a parsed file back |
//! | `field_walk` | visiting every decoded field of a parsed file (name, range, value) |
//!
//! ```text
//! cargo bench -p trackbench-core --bench parse                  # everything
//! cargo bench -p trackbench-core --bench parse -- parse_full    # one group
//! TRACKBENCH_CORPUS=/path/to/corpus cargo bench -p trackbench-core --bench parse
//! ```
//!
//! Files come from `trackbench_testkit::corpus_dir()` (`gbx/` inside it);
//! without a corpus only the sample map is measured, after a loud message.
//! Throughput is in bytes of the input file, except `lzo_decompress`, which
//! counts decompressed (output) bytes like the peers' C-LZO floor.
use criterion::{BatchSize, BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;
use trackbench_core::gbx::header_scan::{read_header_from_path, read_header_into};
use trackbench_core::gbx::write::{WriteOptions, write};
use trackbench_core::gbx::{
    FieldList, Gbx, header_scan::read_header, read::body::decompress, slice,
    tools::sample::sample_map,
};

/// (label, file name in `corpus/gbx/`): one of each kind that parses to the end.
const FILES: &[(&str, &str)] = &[
    // TM Forever Stadium map, small body, MediaTracker clips.
    ("tmf_map", "StarStadiumE.Challenge.Gbx"),
    // TM2 (ManiaPlanet 3) Valley map, 0.8 MB file / 0.86 MB body.
    ("mp_map_large", "E01.Map.Gbx"),
    // TM2020 map with embedded items (ZIP in body chunk 0x03043054), 3.8 MB.
    ("tm2020_map_items", "Niepodlegli (ft mime).Map.Gbx"),
    // TM Forever replay: embedded map and ghost nodes.
    ("tmf_replay", "Bruno_B13-Obstacle.Replay.gbx"),
    // TM2020 map with 4 MB body of small fields: the slowest file per byte.
    ("tm2020_field_heavy", "cleanmap.Map.Gbx"),
];

struct Input {
    label: String,
    bytes: Vec<u8>,
}

fn inputs() -> Vec<Input> {
    let mut out = vec![Input {
        label: "sample_map".into(),
        bytes: sample_map(),
    }];
    let Some(dir) = trackbench_testkit::corpus_dir() else {
        eprintln!(
            "\n!!! parse bench: CORPUS NOT FOUND (../shared/corpus or $TRACKBENCH_CORPUS); \
             ONLY THE BUILT-IN SAMPLE MAP IS MEASURED !!!\n"
        );
        return out;
    };
    for (label, name) in FILES {
        let path = dir.join("gbx").join(name);
        match std::fs::read(&path) {
            Ok(bytes) => out.push(Input {
                label: (*label).into(),
                bytes,
            }),
            Err(e) => eprintln!(
                "!!! parse bench: {} missing ({e}); {label} SKIPPED !!!",
                path.display()
            ),
        }
    }
    out
}

fn configure<'a>(
    c: &'a mut Criterion,
    name: &str,
) -> criterion::BenchmarkGroup<'a, criterion::measurement::WallTime> {
    let mut g = c.benchmark_group(name);
    g.sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    g
}

fn bench(c: &mut Criterion) {
    let inputs = inputs();

    // Full parse. `Gbx::parse` takes the file by value: the copy is made
    // outside the timed routine (iter_batched); dropping the result is timed.
    let mut g = configure(c, "parse_full");
    for inp in &inputs {
        g.throughput(Throughput::Bytes(inp.bytes.len() as u64));
        g.bench_with_input(
            BenchmarkId::from_parameter(&inp.label),
            &inp.bytes,
            |b, bytes| {
                b.iter_batched(
                    || bytes.clone(),
                    |file| Gbx::parse(file).expect("header parses"),
                    BatchSize::LargeInput,
                );
            },
        );
    }
    g.finish();

    // Header only: magic, class, header chunk table and header chunk decoders.
    let mut g = configure(c, "parse_header");
    for inp in &inputs {
        g.throughput(Throughput::Bytes(inp.bytes.len() as u64));
        g.bench_with_input(
            BenchmarkId::from_parameter(&inp.label),
            &inp.bytes,
            |b, bytes| {
                b.iter(|| read_header(black_box(bytes)).expect("header parses"));
            },
        );
    }
    g.finish();

    // LZO alone on the top-level body (minilzo, overrun-checked).
    let mut g = configure(c, "lzo_decompress");
    for inp in &inputs {
        let Ok(gbx) = Gbx::parse(inp.bytes.clone()) else {
            continue;
        };
        let Some(info) = &gbx.body_info else { continue };
        if info.compressed_size.is_none() {
            continue;
        }
        let packed = slice(&gbx.file, info.data_range).to_vec();
        let size = usize::try_from(info.uncompressed_size).expect("body size fits usize");
        g.throughput(Throughput::Bytes(size as u64));
        g.bench_with_input(
            BenchmarkId::from_parameter(&inp.label),
            &packed,
            |b, packed| {
                b.iter(|| decompress(black_box(packed), size).expect("LZO"));
            },
        );
    }
    g.finish();

    // Writing an unchanged, already parsed file back (copies the original
    // bytes; no recompression) and, for comparison, with forced recompression.
    let parsed: Vec<(String, Gbx)> = inputs
        .iter()
        .filter_map(|i| {
            Gbx::parse(i.bytes.clone())
                .ok()
                .map(|g| (i.label.clone(), g))
        })
        .collect();
    let mut g = configure(c, "write_unchanged");
    for (label, gbx) in &parsed {
        g.throughput(Throughput::Bytes(gbx.file.len() as u64));
        g.bench_with_input(BenchmarkId::from_parameter(label), gbx, |b, gbx| {
            b.iter(|| write(black_box(gbx), &[], WriteOptions::default()).expect("write"));
        });
    }
    g.finish();
    let mut g = configure(c, "write_recompress");
    for (label, gbx) in &parsed {
        g.throughput(Throughput::Bytes(gbx.file.len() as u64));
        let opts = WriteOptions {
            force_recompress: true,
        };
        if write(gbx, &[], opts).is_err() {
            continue;
        }
        g.bench_with_input(BenchmarkId::from_parameter(label), gbx, |b, gbx| {
            b.iter(|| write(black_box(gbx), &[], opts).expect("write"));
        });
    }
    g.finish();
}

/// Header-only scan from disk (`header_scan::read_header_from_path`: open,
/// read only the header's bytes, decode them), warm page cache: each file
/// of `FILES`, and the whole corpus folder per iteration (throughput in
/// files).
fn bench_header_from_disk(c: &mut Criterion) {
    let Some(dir) = trackbench_testkit::corpus_dir() else {
        eprintln!("!!! parse bench: CORPUS NOT FOUND; parse_header_from_disk SKIPPED !!!");
        return;
    };
    let gbx_dir = dir.join("gbx");
    let mut g = configure(c, "parse_header_from_disk");
    for (label, name) in FILES {
        let path = gbx_dir.join(name);
        if read_header_from_path(&path).is_err() {
            continue;
        }
        g.throughput(Throughput::Elements(1));
        g.bench_with_input(BenchmarkId::from_parameter(label), &path, |b, path| {
            b.iter(|| read_header_from_path(black_box(path)).expect("header parses"));
        });
    }
    let mut all: Vec<PathBuf> = std::fs::read_dir(&gbx_dir)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .collect();
    all.sort();
    g.throughput(Throughput::Elements(all.len() as u64));
    g.bench_with_input(
        BenchmarkId::from_parameter("corpus_folder"),
        &all,
        |b, all| {
            let mut buf = Vec::new();
            b.iter(|| {
                for path in all {
                    if let Ok(file) = std::fs::File::open(path) {
                        let _ = black_box(read_header_into(file, &mut buf));
                    }
                }
            });
        },
    );
    g.finish();
}

/// What a field walk adds up, so that nothing is optimised away: the
/// number of fields, and a checksum of their names, ranges and values.
#[derive(Default)]
struct Walk {
    fields: u64,
    sum: u64,
}

impl Walk {
    /// Walks a run of sibling fields and their children through the field
    /// table's reading side (`FieldList`/`FieldRef`, values read back from
    /// the bytes on demand).
    fn fields(&mut self, fields: FieldList<'_>) {
        for f in fields {
            self.fields += 1;
            let value = f.int().map_or_else(
                || f.f32().map_or(0, |v| u64::from(v.to_bits())),
                |v| v as u64,
            );
            let range = f.range();
            self.sum = self
                .sum
                .wrapping_add(f.name().len() as u64)
                .wrapping_add(range.start ^ range.end)
                .wrapping_add(value);
            if f.is_group() {
                self.fields(f.children());
            }
        }
    }

    fn gbx(gbx: &Gbx) -> Self {
        let mut w = Self::default();
        w.fields(gbx.header_fields());
        for c in &gbx.header.chunks {
            w.fields(gbx.chunk_fields(c));
        }
        for n in &gbx.nodes {
            for c in &n.chunks {
                w.fields(gbx.chunk_fields(c));
            }
        }
        w
    }
}

/// Field walk: every decoded field of an already parsed file, in document
/// order, reading its name, byte range and numeric value (what the views and
/// typed projections do). Throughput in fields.
fn bench_field_walk(c: &mut Criterion) {
    let mut g = configure(c, "field_walk");
    for inp in &inputs() {
        let Ok(gbx) = Gbx::parse(inp.bytes.clone()) else {
            continue;
        };
        let count = Walk::gbx(&gbx).fields;
        g.throughput(Throughput::Elements(count));
        g.bench_with_input(BenchmarkId::from_parameter(&inp.label), &gbx, |b, gbx| {
            b.iter(|| {
                let w = Walk::gbx(black_box(gbx));
                (w.fields, w.sum)
            });
        });
    }
    g.finish();
}

criterion_group!(benches, bench, bench_header_from_disk, bench_field_walk);
criterion_main!(benches);
