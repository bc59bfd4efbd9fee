//! The library scan of a big folder (issue 15's performance figures): every
//! row with all its header columns (no thumbnails, no body facts) read by
//! `library::scan_blocking` on a rayon pool of `--jobs` threads, then the
//! first screen of grid thumbnails decoded as the app does it.
//!
//! ```text
//! library_scan --make DIR [--count 10000] [--from CORPUS_GBX_DIR]
//! library_scan DIR [--jobs 2] [--passes 3] [--screen 30]
//! ```
//!
//! `--make` fills DIR (created; outside the repository, e.g. under /tmp) by
//! copying the corpus's `.Gbx` files round after round (`r0007-NAME`) until
//! it holds `--count` files. A scan pass reports wall and process CPU time
//! (the first pass warms the page cache and is reported apart), the rows
//! and the unreadable ones; then the peak resident memory of the process
//! (VmHWM, which includes the 10,000 rows, the listing and the pool), the
//! heap bytes the rows hold (`size_of::<Row>()` plus their strings and
//! paths), and the time to decode `--screen` card pictures (192 px, on the
//! same pool: what the grid shows on its first screen).
//!
//! Build: `cargo build --release -p trackbench-core --example library_scan`;
//! count instructions with `valgrind --tool=callgrind
//! target/release/examples/library_scan DIR --passes 1`.

use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;
use trackbench_core::file_kinds::FileKind;
use trackbench_core::library::{Row, ScanOptions, preview, scan_blocking};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let num =
        |name: &str, default: usize| flag(name).and_then(|v| v.parse().ok()).unwrap_or(default);
    if let Some(dir) = flag("--make") {
        let from = flag("--from").unwrap_or_else(|| "../shared/corpus/gbx".into());
        return match make(Path::new(&dir), Path::new(&from), num("--count", 10_000)) {
            Ok(n) => {
                println!("{n} files in {dir}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("library_scan: {e}");
                ExitCode::from(2)
            }
        };
    }
    let Some(dir) = args.first().filter(|a| !a.starts_with("--")) else {
        eprintln!("usage: library_scan DIR [--jobs 2] [--passes 3] [--screen 30] | --make DIR");
        return ExitCode::from(2);
    };
    run(
        Path::new(dir),
        num("--jobs", 2),
        num("--passes", 3).max(1),
        num("--screen", 30),
    );
    ExitCode::SUCCESS
}

fn make(dir: &Path, from: &Path, count: usize) -> std::io::Result<usize> {
    let mut sources: Vec<PathBuf> = std::fs::read_dir(from)?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| FileKind::from_name(p) == Some(FileKind::Gbx))
        .collect();
    sources.sort();
    if sources.is_empty() {
        return Err(std::io::Error::other(format!(
            "no .Gbx in {}",
            from.display()
        )));
    }
    std::fs::create_dir_all(dir)?;
    for i in 0..count {
        let src = &sources[i % sources.len()];
        let name = src.file_name().unwrap_or_default().to_string_lossy();
        let to = dir.join(format!("r{:04}-{name}", i / sources.len()));
        if !to.exists() {
            std::fs::copy(src, to)?;
        }
    }
    Ok(count)
}

fn run(dir: &Path, jobs: usize, passes: usize, screen: usize) {
    let options = ScanOptions {
        recursive: true,
        jobs,
        details: false,
    };
    let load0 = loadavg();
    let mut rows = Vec::new();
    for pass in 0..=passes {
        let (cpu0, t0) = (process_cpu_s(), Instant::now());
        rows = scan_blocking(dir, options);
        let wall = t0.elapsed().as_secs_f64();
        let cpu = process_cpu_s() - cpu0;
        let failed = rows.iter().filter(|r| r.error.is_some()).count();
        println!(
            "{} {}: {} rows ({failed} unreadable), wall {wall:.3} s, cpu {cpu:.3} s, {jobs} jobs",
            if pass == 0 { "warm-up" } else { "pass" },
            pass,
            rows.len(),
        );
    }
    let heap: usize = rows.iter().map(row_bytes).sum();
    println!(
        "rows hold {:.1} MB ({} bytes per Row struct); peak RSS {:.1} MB",
        heap as f64 / 1e6,
        std::mem::size_of::<Row>(),
        peak_rss_kb() as f64 / 1e3
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .expect("a pool");
    let first: Vec<&Row> = rows
        .iter()
        .filter(|r| r.has_thumbnail)
        .take(screen)
        .collect();
    let t0 = Instant::now();
    let decoded = pool.install(|| {
        first
            .par_iter()
            .filter(|r| matches!(preview(r, 192), Ok(Some(_))))
            .count()
    });
    println!(
        "first screen: {decoded} of {} thumbnails decoded in {:.3} s",
        first.len(),
        t0.elapsed().as_secs_f64()
    );
    let load1 = loadavg();
    println!("load average before {load0:?}, after {load1:?}");
}

/// Heap and inline bytes of one row (strings and path at their capacity).
fn row_bytes(r: &Row) -> usize {
    let s = |o: &Option<String>| o.as_ref().map_or(0, String::capacity);
    std::mem::size_of::<Row>()
        + r.path.capacity()
        + r.class.capacity()
        + r.name_plain.capacity()
        + r.author_plain.capacity()
        + s(&r.name)
        + s(&r.author)
        + s(&r.collection)
        + s(&r.map_type)
        + s(&r.horizon)
        + s(&r.validation)
        + s(&r.error)
}

/// User plus system CPU seconds of the whole process (all threads), from
/// /proc/self/stat.
fn process_cpu_s() -> f64 {
    std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| {
            let rest = &s[s.rfind(')')? + 1..];
            let f: Vec<&str> = rest.split_whitespace().collect();
            let u: f64 = f.get(11)?.parse().ok()?;
            let k: f64 = f.get(12)?.parse().ok()?;
            Some((u + k) / 100.0)
        })
        .unwrap_or(0.0)
}

/// VmHWM of this process in kB (0 when unknown).
fn peak_rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

fn loadavg() -> [f64; 3] {
    let s = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let mut v = s.split_whitespace().filter_map(|x| x.parse::<f64>().ok());
    [
        v.next().unwrap_or(0.0),
        v.next().unwrap_or(0.0),
        v.next().unwrap_or(0.0),
    ]
}
