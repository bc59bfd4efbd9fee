//! Header-only scan of a folder from disk, on one core: every `.Gbx` file
//! below DIR (recursive, any case) is opened and only its header's bytes
//! are read and decoded (`gbx::header_scan::read_header_into`, one buffer
//! reused), PASSES times in a row. The first pass warms the page cache and
//! is not counted; the report gives each later pass's wall and CPU time and
//! the median files/s.
//!
//! ```text
//! header_scan DIR [--passes N] [--whole]
//! ```
//!
//! `--whole` reads each whole file (`std::fs::read`) and decodes its header
//! in memory instead: what a scanner without the header-only reader does.
//!
//! Build: `cargo build --release -p trackbench-core --example header_scan`;
//! count instructions with
//! `valgrind --tool=callgrind target/release/examples/header_scan DIR --passes 2`.
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;
use trackbench_core::file_kinds::FileKind;
use trackbench_core::gbx::header_scan::{read_header, read_header_into};
use trackbench_core::walk::{WalkOptions, walk};

/// Every `.Gbx` file below `dir`, sorted, through the core's one walker.
fn gbx_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let options = WalkOptions {
        recursive: true,
        kinds: &[FileKind::Gbx],
    };
    let found = walk(&[dir.to_path_buf()], options);
    out.extend(found.files.into_iter().map(|f| f.path));
}

/// CPU time of this process in seconds (`CLOCK_PROCESS_CPUTIME_ID`: exact
/// to the nanosecond, unlike `/proc/self/schedstat`, which lags by up to a
/// scheduler tick: too coarse for passes of a few milliseconds).
fn cpu_time() -> f64 {
    #[cfg(target_os = "linux")]
    {
        let t = rustix::time::clock_gettime(rustix::time::ClockId::ProcessCPUTime);
        t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
    }
    #[cfg(not(target_os = "linux"))]
    {
        0.0
    }
}

/// One pass: (ok files, header bytes read).
fn pass(files: &[PathBuf], whole: bool, buf: &mut Vec<u8>) -> (usize, u64) {
    let mut ok = 0;
    let mut bytes = 0u64;
    for path in files {
        let good = if whole {
            std::fs::read(path).is_ok_and(|data| {
                bytes += data.len() as u64;
                read_header(&data).is_ok()
            })
        } else {
            std::fs::File::open(path).is_ok_and(|file| {
                let r = read_header_into(file, buf);
                bytes += buf.len() as u64;
                r.is_ok()
            })
        };
        ok += usize::from(good);
    }
    (ok, bytes)
}

fn main() -> ExitCode {
    let mut dir = None;
    let mut passes = 20usize;
    let mut whole = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--passes" => match args.next().and_then(|v| v.parse().ok()) {
                Some(n) => passes = n,
                None => {
                    eprintln!("header_scan: --passes needs a number");
                    return ExitCode::from(2);
                }
            },
            "--whole" => whole = true,
            _ if dir.is_none() && !a.starts_with("--") => dir = Some(PathBuf::from(a)),
            _ => {
                eprintln!("usage: header_scan DIR [--passes N] [--whole]");
                return ExitCode::from(2);
            }
        }
    }
    let Some(dir) = dir else {
        eprintln!("usage: header_scan DIR [--passes N] [--whole]");
        return ExitCode::from(2);
    };
    let mut files = Vec::new();
    gbx_files(&dir, &mut files);
    files.sort();
    if files.is_empty() {
        eprintln!("header_scan: no .Gbx files under {}", dir.display());
        return ExitCode::from(2);
    }
    let mut buf = Vec::new();
    let (ok, bytes) = pass(&files, whole, &mut buf); // warms the page cache
    let (mut rates, mut cpu_rates) = (Vec::new(), Vec::new());
    for i in 1..passes.max(2) {
        let (c0, t0) = (cpu_time(), Instant::now());
        pass(&files, whole, &mut buf);
        let (wall, cpu) = (t0.elapsed().as_secs_f64(), cpu_time() - c0);
        let rate = files.len() as f64 / wall;
        println!(
            "pass {i}: {} files in {:.2} ms wall, {:.2} ms CPU: {rate:.0} files/s ({:.0} per CPU second)",
            files.len(),
            wall * 1e3,
            cpu * 1e3,
            files.len() as f64 / cpu.max(1e-9)
        );
        rates.push(rate);
        cpu_rates.push(files.len() as f64 / cpu.max(1e-9));
    }
    rates.sort_by(f64::total_cmp);
    cpu_rates.sort_by(f64::total_cmp);
    println!(
        "TOTAL header_scan mode={} files={} ok={ok} bytes_read_per_pass={bytes} ({:.1} kB per file) \
         median {:.0} files/s wall, {:.0} files per CPU second, over {} passes",
        if whole { "whole-file" } else { "header-only" },
        files.len(),
        bytes as f64 / files.len() as f64 / 1e3,
        rates[rates.len() / 2],
        cpu_rates[cpu_rates.len() / 2],
        rates.len()
    );
    ExitCode::SUCCESS
}
