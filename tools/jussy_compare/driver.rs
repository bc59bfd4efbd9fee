//! Driver for jussyDr/gbx (`gbx::Map`) speaking the driver contract of
//! `shared/bench-peers` (RESULTS.md, "Adding the new parser"): `--mode full
//! --list FILE [--warmup N] [--repeat N] [--quiet] [--json OUT]`. Every file
//! is read into memory first; pass 0 is the untimed status pass; then N timed
//! passes over the whole list; the per-pass wall time and the per-file times
//! go to the JSON. Built outside the trackbench repository by compare.sh.
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Instant;

/// With `JUSSY_ALLOC=mimalloc` (compare.sh): jussy on trackbench's own
/// allocator, to tell the allocator's part of the ratio from the parser's.
#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn parse(bytes: &[u8]) -> Result<(), String> {
    match catch_unwind(AssertUnwindSafe(|| gbx::Map::reader().read_from(bytes))) {
        Ok(Ok(map)) => {
            std::hint::black_box(&map);
            Ok(())
        }
        Ok(Err(e)) => Err(format!("{e:?}")),
        Err(_) => Err("panic".into()),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let opt = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1));
    let list = opt("--list").expect("--list FILE");
    let repeat: usize = opt("--repeat").map_or(5, |s| s.parse().expect("--repeat N"));
    let warmup: usize = opt("--warmup").map_or(1, |s| s.parse().expect("--warmup N"));
    let quiet = args.iter().any(|a| a == "--quiet");
    let paths: Vec<String> = std::fs::read_to_string(list)
        .expect("read the list")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::to_owned)
        .collect();
    let files: Vec<Vec<u8>> = paths.iter().map(|p| std::fs::read(p).expect(p)).collect();
    let status: Vec<String> = files
        .iter()
        .map(|b| parse(b).map_or_else(|e| format!("error: {e}"), |()| "ok".into()))
        .collect();
    for _ in 1..warmup {
        files.iter().for_each(|b| drop(parse(b)));
    }
    let mut passes = Vec::new();
    let mut per_file_ms = vec![Vec::new(); files.len()];
    for _ in 0..repeat {
        let start = Instant::now();
        let mut per_file = Vec::with_capacity(files.len());
        for (i, b) in files.iter().enumerate() {
            let t = Instant::now();
            drop(parse(b));
            let s = t.elapsed().as_secs_f64();
            per_file.push(s);
            per_file_ms[i].push(s * 1000.0);
        }
        let wall = start.elapsed().as_secs_f64();
        passes.push(serde_json::json!({"wall_s": wall, "per_file_s": per_file}));
    }
    if !quiet {
        for ((p, s), t) in paths.iter().zip(&status).zip(&mut per_file_ms) {
            t.sort_by(f64::total_cmp);
            println!("{s}\t{:.3}\t{p}", t.get(t.len() / 2).copied().unwrap_or(0.0));
        }
    }
    let mut walls: Vec<f64> = passes.iter().map(|p| p["wall_s"].as_f64().unwrap_or(0.0)).collect();
    walls.sort_by(f64::total_cmp);
    let ok = status.iter().filter(|s| *s == "ok").count();
    println!(
        "TOTAL\t{ok}/{} ok\tmedian {:.2} ms\tmin {:.2} ms",
        files.len(),
        walls.get(walls.len() / 2).copied().unwrap_or(0.0) * 1000.0,
        walls.first().copied().unwrap_or(0.0) * 1000.0
    );
    if let Some(out) = opt("--json") {
        let files: Vec<_> = paths
            .iter()
            .zip(&status)
            .map(|(p, s)| serde_json::json!({"path": p, "status": s}))
            .collect();
        let doc = serde_json::json!({"peer": "jussy-gbx", "mode": "full", "repeat": repeat,
            "passes": passes, "files": files});
        std::fs::write(out, serde_json::to_string(&doc).expect("json")).expect("write --json");
    }
}
