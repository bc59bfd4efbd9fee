//! trackbench: viewer and editor for racing-game track files.
//!
//! With no subcommand the desktop app opens (with the given files, or the
//! welcome view); subcommands serve batch users (see `trackbench --help`).

use clap::Parser;
use std::process::ExitCode;
use trackbench::cli;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match args.command {
        Some(cmd) => cli::run(cmd),
        None => match trackbench::app::run_native(args.files) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("trackbench: cannot open the window: {e}");
                ExitCode::from(2)
            }
        },
    }
}
