//! trackbench: viewer and editor for racing-game track files.
//!
//! With no subcommand the desktop app opens (with the given files, or the
//! welcome view); subcommands serve batch users (see `trackbench --help`).

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match args.command {
        Some(cmd) => cli::run(cmd),
        None => {
            eprintln!("GUI not built yet");
            ExitCode::SUCCESS
        }
    }
}
