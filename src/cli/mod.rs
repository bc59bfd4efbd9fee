//! Command-line interface: one file per subcommand.

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

pub mod edit;
pub mod export;
pub mod inspect;
pub mod pak;
pub mod pak_v6;
pub mod trk;
pub mod trk_route;

/// trackbench: viewer and editor for Trackmania .Gbx, NadeoPak .pak and Stunts .trk files.
#[derive(Debug, Parser)]
#[command(name = "trackbench", version, about)]
pub struct Cli {
    /// Files to open in the app.
    pub files: Vec<PathBuf>,
    /// Batch subcommand; without one the desktop app opens.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Export thumbnails, icons, embedded items and lightmaps.
    #[command(subcommand)]
    Export(export::ExportCommand),
    /// Stunts track tools (.trk, .rpl).
    #[command(subcommand)]
    Trk(trk::TrkCommand),
    /// NadeoPak archive tools (.pak).
    #[command(subcommand)]
    Pak(pak::PakCommand),
    /// Print the structure of a .Gbx file: header, header chunks, reference
    /// table, nodes and chunks. Exit 0 when read (even partially), 2 when not.
    Inspect {
        /// The .Gbx file.
        file: PathBuf,
        /// Print JSON for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Set editable fields of a map and write the result:
    /// map.name, map.author_time_ms, map.gold_time_ms, map.silver_time_ms,
    /// map.bronze_time_ms, map.comments, map.author_nick, map.type, map.style,
    /// map.password= (removes it), map.thumbnail=IMAGE.
    Set {
        /// The .Gbx file.
        file: PathBuf,
        /// KEY=VALUE assignments, applied in order.
        #[arg(required = true)]
        assignments: Vec<String>,
        /// Output file (may be the input; written atomically).
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Read a file and write it back unchanged; exit 0 when the bytes are identical,
    /// 1 with the first differing offset otherwise.
    Roundtrip {
        /// File to check (.Gbx, .trk, .rpl).
        file: PathBuf,
    },
}

/// Runs a subcommand and maps errors to exit code 2 with a one-line message.
pub fn run(cmd: Command) -> ExitCode {
    let result = match cmd {
        Command::Export(c) => export::run(c),
        Command::Trk(c) => trk::run(c),
        Command::Pak(c) => pak::run(c),
        Command::Inspect { file, json } => inspect::run(&file, json),
        Command::Set {
            file,
            assignments,
            output,
        } => edit::set(&file, &assignments, &output),
        Command::Roundtrip { file } => roundtrip(&file),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("trackbench: {err:#}");
            ExitCode::from(2)
        }
    }
}

fn roundtrip(file: &std::path::Path) -> anyhow::Result<ExitCode> {
    // Stunts files have no magic: the name decides, as everywhere.
    let head = std::fs::read(file).unwrap_or_default();
    let name = file.to_string_lossy();
    if trackbench_core::sniff::file_kind(&name, &head).is_stunts() {
        trk::roundtrip(file)
    } else {
        edit::roundtrip(file)
    }
}

/// Reports whether `written` equals `original`; prints the first differing
/// offset when not. Returns exit code 0 (identical) or 1.
pub fn compare_roundtrip(original: &[u8], written: &[u8]) -> ExitCode {
    if original == written {
        println!("identical: {} bytes", original.len());
        return ExitCode::SUCCESS;
    }
    let first = original
        .iter()
        .zip(written)
        .position(|(a, b)| a != b)
        .unwrap_or(original.len().min(written.len()));
    println!(
        "differs at offset {first:#x} ({first}); original {} bytes, written {} bytes",
        original.len(),
        written.len()
    );
    ExitCode::from(1)
}
