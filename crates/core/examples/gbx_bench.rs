//! Peer-benchmark driver for trackbench's GBX reader, speaking the driver
//! contract of `shared/bench-peers` (see its RESULTS.md, "Adding the new
//! parser", and `pyharness.py`, whose loop this mirrors).
//!
//! ```text
//! gbx_bench --mode full|header|floor|summary [--list FILE] [FILES…] [--warmup N] [--repeat N]
//!           [--min-pass-s S] [--quiet] [--json OUT]
//! ```
//!
//! * Every file is read into memory before anything is timed.
//! * Pass 0 is the untimed status pass (records `ok` / `error: …` per file),
//!   then `--warmup`-1 more untimed passes, then `--repeat` timed passes, all
//!   in this process. When the status pass is shorter than `--min-pass-s`
//!   (0.25 s), each timed pass loops over the list k times and reports the
//!   time per loop.
//! * `full`: `Gbx::parse(bytes)`; `ok` only when it returns `Ok` **and** the
//!   main node reached 0xFACADE01 (`summary().main_node_complete`); a partial
//!   read is an error naming the first problem. The copy of the file handed
//!   to `parse` (which takes a `Vec<u8>`) is made before the pass, untimed;
//!   dropping the parsed `Gbx` (with `Gbx::recycle`, as batch readers do)
//!   is timed.
//! * `header`: `header_scan::read_header(&bytes)` (magic, version, class, the header
//!   chunk table and the decoding of the header chunks it knows).
//! * `floor`: the decompression a full decode requires (LZO of the body,
//!   inflate of the ghost sample buffers the parse opens), cut out by one
//!   untimed parse per file before the passes (`bench_support/floor.rs`):
//!   the floor the full decode is measured against (issue 46).
//! * `summary`: the blocks-and-items summary, what jussyDr/gbx reads: a
//!   narrow parse and the map's blocks, items and map info
//!   (`bench_support/summary.rs`); the copy handed to the parse is made
//!   untimed, as in `full`.
//! * Errors and panics are caught per file (`catch_unwind`), never abort.
//!
//! Output: one line per file `<status>\t<median ms>\t<file>` (unless
//! `--quiet`), then a `TOTAL` line; `--json` writes the harness JSON.
//!
//! Allocations (only in a build with `--features dhat-heap`, whose timings
//! are not comparable: dhat's allocator locks and takes a backtrace on
//! every allocation):
//! * `--alloc`: after the timed passes, one more pass with dhat counting,
//!   per file: allocations, bytes allocated, peak heap bytes, bytes live
//!   after the call (the parsed `Gbx`); an `ALLOC` line and, in the JSON,
//!   `alloc` per file and `alloc_totals`.
//! * `--peak-mem`: for the three files with the largest decompressed body
//!   (full mode), a `PEAK` line each: peak heap during `Gbx::parse` against
//!   the body size (and with the input file, which the `Gbx` keeps, added).
//!
//! Build: `cargo build --release -p trackbench-core --example gbx_bench`
#[path = "bench_support/alloc.rs"]
mod alloc;
#[path = "bench_support/args.rs"]
mod args;
#[path = "bench_support/floor.rs"]
mod floor;
#[path = "bench_support/machine.rs"]
mod machine;
#[path = "bench_support/summary.rs"]
mod summary;

#[cfg(feature = "dhat-heap")]
#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

/// The app's allocator (issue 32), so the timings are the app's.
#[cfg(not(feature = "dhat-heap"))]
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

use args::{Mode, USAGE, parse_args};
use machine::{cpu_time, loadavg, machine_load, proc_stat};
use serde_json::{Value, json};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Instant;
use trackbench_core::gbx::{Gbx, header_scan::read_header};

/// Last panic location, written by the (silent) panic hook.
static PANIC_AT: Mutex<Option<String>> = Mutex::new(None);

fn one_line(msg: &str) -> String {
    let s = msg.split_whitespace().collect::<Vec<_>>().join(" ");
    s.chars().take(300).collect()
}

/// Per-file facts gathered in the status pass (full mode), for the JSON.
#[derive(Default, Clone)]
struct Extra {
    chunks: usize,
    decoded: usize,
    raw: usize,
    unknown: usize,
    nodes: usize,
    problems: usize,
    body_bytes: usize,
}

/// Runs the timed call on one file; returns the status and, when asked, the extras.
fn run_one(
    mode: Mode,
    file: &[u8],
    owned: Option<Vec<u8>>,
    floor: Option<&Result<floor::Floor, String>>,
    want_extra: bool,
) -> (String, Option<Extra>) {
    let r = catch_unwind(AssertUnwindSafe(|| match mode {
        Mode::Floor => match floor.map(|f| f.as_ref().map(floor::run)) {
            Some(Ok(Ok(n))) => {
                std::hint::black_box(n);
                ("ok".to_string(), None)
            }
            Some(Ok(Err(e))) => (format!("error: {}", one_line(&e)), None),
            Some(Err(e)) => (format!("error: {}", one_line(e)), None),
            None => ("error: not prepared".to_string(), None),
        },
        Mode::Summary => match summary::run(owned.unwrap_or_else(|| file.to_vec())) {
            Ok(()) => ("ok".to_string(), None),
            Err(e) => (format!("error: {}", one_line(&e)), None),
        },
        Mode::Header => match read_header(file) {
            Ok(h) => {
                std::hint::black_box(&h);
                ("ok".to_string(), None)
            }
            Err(e) => (format!("error: {}", one_line(&e.to_string())), None),
        },
        Mode::Full => {
            let bytes = owned.unwrap_or_else(|| file.to_vec());
            match Gbx::parse(bytes) {
                Ok(g) => {
                    let s = g.summary();
                    let status = if s.main_node_complete {
                        "ok".to_string()
                    } else {
                        let why = g
                            .problems
                            .first()
                            .cloned()
                            .or_else(|| g.tail.as_ref().map(|t| t.reason.clone()))
                            .unwrap_or_else(|| "main node did not reach 0xFACADE01".into());
                        format!("error: {}", one_line(&why))
                    };
                    let extra = want_extra.then_some(Extra {
                        chunks: s.chunks,
                        decoded: s.decoded,
                        raw: s.raw,
                        unknown: s.unknown,
                        nodes: g.nodes.len(),
                        problems: g.problems.len(),
                        body_bytes: g.body.len(),
                    });
                    std::hint::black_box(&g);
                    // Dropped, keeping the table storage for the next parse
                    // (what a batch reader does, issue 32).
                    g.recycle();
                    (status, extra)
                }
                Err(e) => (format!("error: {}", one_line(&e.to_string())), None),
            }
        }
    }));
    match r {
        Ok(v) => v,
        Err(payload) => {
            let msg = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "non-string panic payload".into());
            let at = PANIC_AT
                .lock()
                .ok()
                .and_then(|mut g| g.take())
                .unwrap_or_default();
            (format!("error: panic: {}{}", one_line(&msg), at), None)
        }
    }
}

/// dhat's figures for one call of `mode` on `file` (the owned copy for
/// `Gbx::parse` is made before counting starts). A full parse runs on a
/// thread of its own: the storage the timed passes recycled is kept per
/// thread, and reusing it would leave the table's growth uncounted.
fn alloc_of(mode: Mode, file: &[u8]) -> Option<alloc::AllocStats> {
    match mode {
        Mode::Full => {
            let owned = file.to_vec();
            std::thread::scope(|s| {
                s.spawn(move || alloc::measure(move || Gbx::parse(owned)))
                    .join()
                    .ok()
                    .flatten()
            })
        }
        Mode::Header => alloc::measure(|| read_header(file)),
        Mode::Floor | Mode::Summary => None,
    }
}

/// Sums over the files (peak: the largest single file's), printed as the
/// `ALLOC` line and returned for the JSON.
fn alloc_totals(allocs: &[Option<alloc::AllocStats>]) -> Value {
    let got: Vec<_> = allocs.iter().flatten().collect();
    let allocations: u64 = got.iter().map(|a| a.allocations).sum();
    let bytes: u64 = got.iter().map(|a| a.bytes).sum();
    let peak = got.iter().map(|a| a.peak_bytes).max().unwrap_or(0);
    println!(
        "ALLOC trackbench files={} allocations={allocations} alloc_bytes={bytes} \
         max_peak_heap_bytes={peak} (dhat, one profile per file)",
        got.len()
    );
    json!({"files": got.len(), "allocations": allocations, "alloc_bytes": bytes,
           "max_peak_heap_bytes": peak})
}

/// `--peak-mem`: the three files with the largest decompressed body (from
/// the status pass), each parsed once under dhat; a `PEAK` line each.
fn peak_mem(
    datas: &[Vec<u8>],
    extras: &[Option<Extra>],
    paths: &[String],
    usable: &dyn Fn(usize) -> bool,
) -> Vec<Value> {
    let mut by_body: Vec<(usize, usize)> = extras
        .iter()
        .enumerate()
        .filter(|&(i, _)| usable(i))
        .filter_map(|(i, e)| e.as_ref().map(|e| (e.body_bytes, i)))
        .collect();
    by_body.sort_unstable_by(|a, b| b.cmp(a));
    let mut out = Vec::new();
    for &(body, i) in by_body.iter().take(3) {
        let Some(a) = alloc_of(Mode::Full, &datas[i]) else {
            continue;
        };
        let file = datas[i].len() as u64;
        let ratio = |x: u64| x as f64 / (body.max(1)) as f64;
        println!(
            "PEAK {}: body {body} B, file {file} B; peak heap during parse {} B = {:.1}x body \
             ({:.1}x with the input file the Gbx keeps); live after parse {} B; {} allocations",
            basename(&paths[i]),
            a.peak_bytes,
            ratio(a.peak_bytes),
            ratio(a.peak_bytes + file),
            a.live_bytes,
            a.allocations
        );
        let mut v = a.to_json();
        v["file"] = json!(basename(&paths[i]));
        v["body_bytes"] = json!(body);
        v["file_bytes"] = json!(file);
        v["peak_over_body"] = json!(ratio(a.peak_bytes));
        v["peak_with_file_over_body"] = json!(ratio(a.peak_bytes + file));
        out.push(v);
    }
    out
}

fn median(v: &[f64]) -> f64 {
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    match s.len() {
        0 => 0.0,
        n if n % 2 == 1 => s[n / 2],
        n => (s[n / 2 - 1] + s[n / 2]) / 2.0,
    }
}

fn basename(p: &str) -> &str {
    p.rsplit('/').next().unwrap_or(p)
}

struct Pass {
    wall: f64,
    cpu: f64,
    per: Vec<f64>,
    errors: usize,
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("gbx_bench: {e}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    std::panic::set_hook(Box::new(|info| {
        if let (Ok(mut g), Some(l)) = (PANIC_AT.lock(), info.location()) {
            *g = Some(format!(" (at {}:{})", l.file(), l.line()));
        }
    }));

    // Read everything before timing; an unreadable file is an error entry.
    let paths = &args.files;
    let n = paths.len();
    let mut read_err: Vec<Option<String>> = vec![None; n];
    let datas: Vec<Vec<u8>> = paths
        .iter()
        .enumerate()
        .map(|(i, p)| {
            std::fs::read(p).unwrap_or_else(|e| {
                read_err[i] = Some(format!("error: cannot read: {}", one_line(&e.to_string())));
                Vec::new()
            })
        })
        .collect();
    let mode = args.mode;
    let floors: Vec<Result<floor::Floor, String>> = if mode == Mode::Floor {
        datas.iter().map(|d| floor::prepare(d)).collect()
    } else {
        Vec::new()
    };
    if mode == Mode::Floor && !args.quiet {
        let (n, bytes) = floors
            .iter()
            .flatten()
            .map(floor::Floor::ghost_streams)
            .fold((0, 0), |(a, b), (c, d)| (a + c, b + d));
        println!("FLOOR ghost sample buffers: {n} ({bytes} compressed bytes)");
    }
    let mut status: Vec<String> = vec![String::new(); n];
    let mut extras: Vec<Option<Extra>> = vec![None; n];
    let load_before = loadavg();

    let mut one_pass = |record: bool, inner: usize, status: &mut Vec<String>| -> Pass {
        let mut per = vec![0.0f64; n];
        let mut errors = 0usize;
        let mut wall = 0.0f64;
        let mut cpu = 0.0f64;
        for _ in 0..inner {
            // The owned copies `Gbx::parse` consumes are made outside the clock.
            let mut owned: Vec<Option<Vec<u8>>> = match mode {
                Mode::Full | Mode::Summary => datas.iter().map(|d| Some(d.clone())).collect(),
                Mode::Header | Mode::Floor => vec![None; n],
            };
            let c0 = cpu_time();
            let t0 = Instant::now();
            for i in 0..n {
                let s = Instant::now();
                let (st, ex) = if let Some(e) = &read_err[i] {
                    (e.clone(), None)
                } else {
                    run_one(mode, &datas[i], owned[i].take(), floors.get(i), record)
                };
                per[i] += s.elapsed().as_secs_f64();
                if st != "ok" {
                    errors += 1;
                }
                if record {
                    status[i] = st;
                    extras[i] = ex;
                } else if st != status[i] && !status[i].starts_with("unstable") {
                    status[i] = format!("unstable: first={} later={st}", status[i]);
                }
            }
            wall += t0.elapsed().as_secs_f64();
            cpu += cpu_time() - c0;
        }
        let k = inner as f64;
        Pass {
            wall: wall / k,
            cpu: cpu / k,
            per: per.into_iter().map(|x| x / k).collect(),
            errors: errors / inner,
        }
    };

    let p0 = one_pass(true, 1, &mut status);
    let mut inner = 1usize;
    if args.min_pass_s > 0.0 && p0.wall < args.min_pass_s {
        inner = (args.min_pass_s / p0.wall.max(1e-6)).ceil() as usize;
    }
    for _ in 0..args.warmup - 1 {
        one_pass(false, inner, &mut status);
    }
    let st0 = proc_stat();
    let passes: Vec<Pass> = (0..args.repeat)
        .map(|_| one_pass(false, inner, &mut status))
        .collect();
    let st1 = proc_stat();
    let load_after = loadavg();
    let k = inner as f64;
    let mload = if passes.is_empty() {
        Value::Null
    } else {
        machine_load(
            st0,
            st1,
            k * passes.iter().map(|p| p.cpu).sum::<f64>(),
            k * passes.iter().map(|p| p.wall).sum::<f64>(),
        )
    };

    let walls: Vec<f64> = if passes.is_empty() {
        vec![p0.wall]
    } else {
        passes.iter().map(|p| p.wall).collect()
    };
    let med = median(&walls);
    let ok = status.iter().filter(|s| *s == "ok").count();
    if !args.quiet {
        for i in 0..n {
            let pf = if passes.is_empty() {
                p0.per[i]
            } else {
                median(&passes.iter().map(|p| p.per[i]).collect::<Vec<_>>())
            };
            println!("{}\t{:.3} ms\t{}", status[i], pf * 1e3, basename(&paths[i]));
        }
    }
    let cpu_ratio = if passes.is_empty() {
        p0.cpu / p0.wall.max(1e-12)
    } else {
        median(
            &passes
                .iter()
                .map(|p| p.cpu / p.wall.max(1e-12))
                .collect::<Vec<_>>(),
        )
    };
    let fmt_load = |key: &str| {
        mload
            .get(key)
            .and_then(Value::as_f64)
            .map_or_else(|| "?".to_string(), |v| format!("{v:.2}"))
    };
    println!(
        "TOTAL trackbench mode={} files={n} ok={ok} err={}  wall median={med:.4} s min={:.4} max={:.4} (n={} x{inner} loops)  cpu/wall={cpu_ratio:.3}  first(status)pass={:.4} s  load {:.2}->{:.2}  other procs {} cores, steal {}",
        mode.name(),
        n - ok,
        walls.iter().copied().fold(f64::INFINITY, f64::min),
        walls.iter().copied().fold(0.0, f64::max),
        walls.len(),
        p0.wall,
        load_before[0],
        load_after[0],
        fmt_load("other_cores"),
        fmt_load("steal_cores"),
    );

    let usable = |i: usize| read_err[i].is_none() && !status[i].starts_with("error: panic");
    let allocs: Vec<Option<alloc::AllocStats>> = if args.alloc {
        (0..n)
            .map(|i| usable(i).then(|| alloc_of(mode, &datas[i])).flatten())
            .collect()
    } else {
        vec![None; n]
    };
    let alloc_totals = args.alloc.then(|| alloc_totals(&allocs));
    let peaks = if args.peak_mem {
        peak_mem(&datas, &extras, paths, &usable)
    } else {
        Vec::new()
    };

    if let Some(out) = &args.json {
        let files: Vec<Value> = (0..n)
            .map(|i| {
                let mut f = json!({
                    "file": basename(&paths[i]), "path": paths[i], "status": status[i],
                    "status_pass_s": p0.per[i],
                });
                if let Some(e) = &extras[i] {
                    f["chunks"] = json!(e.chunks);
                    f["decoded"] = json!(e.decoded);
                    f["raw"] = json!(e.raw);
                    f["unknown"] = json!(e.unknown);
                    f["nodes"] = json!(e.nodes);
                    f["problems"] = json!(e.problems);
                    f["body_bytes"] = json!(e.body_bytes);
                }
                if let Some(a) = allocs[i] {
                    f["alloc"] = a.to_json();
                }
                f
            })
            .collect();
        let mut doc = json!({
            "peer": "trackbench",
            "mode": mode.name(),
            "warmup": args.warmup,
            "repeat": args.repeat,
            "inner_loops": inner,
            "runtime": format!("rust (trackbench-core {}, {}{})", env!("CARGO_PKG_VERSION"),
                               if cfg!(debug_assertions) { "debug" } else { "release" },
                               if alloc::ENABLED { ", dhat allocator: timings not comparable" } else { "" }),
            "info": {"call": match mode {
                Mode::Full => "trackbench_core::gbx::Gbx::parse(Vec<u8>); ok = Ok && summary().main_node_complete",
                Mode::Header => "trackbench_core::gbx::header_scan::read_header(&[u8])",
                Mode::Floor => "read::body::decompress of the body + libdeflate zlib of each CGameGhost 0x0303F005/6 buffer (cut out untimed)",
                Mode::Summary => "Gbx::parse_narrow(Vec<u8>, SUMMARY_CHUNKS) + map_contents + MapInfo::read; ok = main node complete && a block chunk",
            }},
            "loadavg_before": load_before,
            "loadavg_after": load_after,
            "machine_load": mload,
            "status_pass_wall_s": p0.wall,
            "status_pass_cpu_s": p0.cpu,
            "passes": passes.iter().map(|p| json!({
                "wall_s": p.wall, "cpu_s": p.cpu, "per_file_s": p.per, "errors": p.errors,
            })).collect::<Vec<_>>(),
            "files": files,
        });
        if let Some(t) = &alloc_totals {
            doc["alloc_totals"] = t.clone();
        }
        if args.peak_mem {
            doc["peak_mem"] = json!(peaks);
        }
        let text = match serde_json::to_string(&doc) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("gbx_bench: JSON: {e}");
                return ExitCode::FAILURE;
            }
        };
        if let Err(e) = std::fs::write(out, text) {
            eprintln!("gbx_bench: --json {out}: {e}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
