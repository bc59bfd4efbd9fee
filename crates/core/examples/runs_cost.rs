//! The cost of the runs of a list of files (issue 46: the ghosts narrow
//! form), for instruction counts: each file read as the CLI's `runs` reads
//! it (`sniff::input::read_gbx`), parsed in full (`GbxRead::parse`) or in
//! the ghosts narrow form (`GbxRead::parse_narrow(RUN_CHUNKS)`), and its
//! runs made (`toolbox::runs::runs_of`), one file after another on one
//! thread.
//!
//! ```text
//! runs_cost full|narrow FILE…
//! ```
//!
//! Prints one line: the mode, the files, the runs and the samples they hold
//! (the same for both modes, else the narrow form lost something).
//!
//! Build: `cargo build --release -p trackbench-core --example runs_cost`;
//! count instructions with `valgrind --tool=callgrind
//! target/release/examples/runs_cost narrow FILE…` (BENCHMARKS.md, issue 46).

use std::process::ExitCode;
use trackbench_core::sniff::input::read_gbx;
use trackbench_core::toolbox::runs::{RUN_CHUNKS, runs_of};

/// The binaries' allocator (issue 32), so the counts are the CLI's.
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((mode, files)) = args.split_first() else {
        eprintln!("usage: runs_cost full|narrow FILE…");
        return ExitCode::from(2);
    };
    let narrow = match mode.as_str() {
        "full" => false,
        "narrow" => true,
        other => {
            eprintln!("runs_cost: unknown mode {other:?} (full or narrow)");
            return ExitCode::from(2);
        }
    };
    let (mut runs, mut samples, mut failed) = (0usize, 0usize, 0usize);
    for f in files {
        let parsed = read_gbx(f.as_ref())
            .map_err(|e| e.to_string())
            .and_then(|r| {
                if narrow {
                    r.parse_narrow(&RUN_CHUNKS)
                } else {
                    r.parse()
                }
                .map_err(|e| e.to_string())
            });
        match parsed {
            Ok(gbx) => {
                let rs = runs_of(&gbx, f);
                runs += rs.len();
                samples += rs.iter().map(|r| r.samples.len()).sum::<usize>();
                gbx.recycle();
            }
            Err(e) => {
                eprintln!("{f}: {e}");
                failed += 1;
            }
        }
    }
    println!(
        "{mode}: {} files ({failed} unreadable), {runs} runs, {samples} samples",
        files.len()
    );
    ExitCode::SUCCESS
}
