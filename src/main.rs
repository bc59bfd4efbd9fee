//! trackbench: viewer and editor for racing-game track files.
//!
//! With no subcommand the desktop app opens (with the given files, or the
//! welcome view); subcommands serve batch users (see `trackbench --help`).

use clap::Parser;
use std::process::ExitCode;
use trackbench::cli;

/// mimalloc keeps the pages a parse freed for the next one (glibc gave the
/// top of the heap back after every parse: 1,618 page faults per parse of
/// `Fall 2021 - 16.Map.Gbx`, 0 with mimalloc; BENCHMARKS.md, issue 32).
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let t0 = std::time::Instant::now();
    let args = cli::Cli::parse();
    let timing = args.timing_options();
    if timing.is_some() {
        trackbench::timing::start_at(t0);
        trackbench::timing::mark("arguments read");
    }
    match args.command {
        Some(cmd) => cli::run(cmd),
        None => {
            // One window per display: files go to the running one, unless
            // --new-window (or a timing run) asks for a window of its own.
            let endpoint = (!args.new_window && timing.is_none())
                .then(trackbench::single_instance::default_endpoint)
                .flatten();
            if let Some(ep) = &endpoint
                && !args.files.is_empty()
                && args.compare.is_none()
                && trackbench::single_instance::forward(ep, &args.files).is_ok()
            {
                eprintln!("trackbench: opened in the running window");
                return ExitCode::SUCCESS;
            }
            match trackbench::app::run_native(args.files, args.compare, timing, endpoint) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("trackbench: cannot open the window: {e}");
                    ExitCode::from(2)
                }
            }
        }
    }
}
