//! Command-line interface: one file per subcommand.

use anyhow::Context;
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

pub mod batch;
pub mod blocks;
pub mod blocks_import;
pub mod chunks;
pub mod convert;
pub mod diff;
pub mod dump;
pub mod edit;
pub mod edit_front;
pub mod export;
pub mod export_batch;
pub mod export_blocks;
pub mod export_ghost;
pub mod extract_batch;
pub mod inspect;
pub mod meta_edit;
pub mod out;
pub mod pak;
pub mod pak_v6;
pub mod pak_zip;
pub mod runs;
pub mod saves;
pub mod scan;
pub mod size;
pub mod special_files;
pub mod strip;
pub mod trk;
pub mod trk_route;

/// trackbench: viewer and editor for Trackmania .Gbx, NadeoPak .pak and Stunts .trk files.
#[derive(Debug, Parser)]
#[command(name = "trackbench", version, about)]
pub struct Cli {
    /// Files to open in the app.
    pub files: Vec<PathBuf>,
    /// Compare the first file with this .Gbx (the Diff view opens).
    #[arg(long, value_name = "FILE")]
    pub compare: Option<PathBuf>,
    /// Open a window of its own even when trackbench already runs (by
    /// default the files are handed to the running window, which opens
    /// them in tabs).
    #[arg(long)]
    pub new_window: bool,
    /// Print to stderr the time from start to window ready, file read,
    /// parsed, document ready and the first painted frame. The window stays
    /// open; add --timing-frames N to close it by itself.
    #[arg(long)]
    pub timing: bool,
    /// With --timing: also measure the time per frame (UI CPU and wall,
    /// eframe's frame time: p50/p95/max) over N frames after a warm-up, then
    /// close the window.
    #[arg(long, value_name = "N")]
    pub timing_frames: Option<usize>,
    /// With --timing-frames: what the window does every frame (testing aid).
    #[arg(long, value_enum, hide = true)]
    pub timing_scenario: Option<crate::timing::Scenario>,
    /// Batch subcommand; without one the desktop app opens.
    #[command(subcommand)]
    pub command: Option<Command>,
}

impl Cli {
    /// The timing options, when `--timing` or `--timing-frames` was given.
    #[must_use]
    pub fn timing_options(&self) -> Option<crate::timing::TimingOptions> {
        (self.timing || self.timing_frames.is_some()).then_some(crate::timing::TimingOptions {
            frames: self.timing_frames,
            scenario: self.timing_scenario,
        })
    }
}

/// Subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Export what a file holds: thumbnail, icon, embedded items (ZIP or
    /// folder), a replay's map, the text format, lightmaps, ghosts (as
    /// .Ghost.Gbx), inputs (CSV or TMInterface script), a 3D model (glTF or
    /// OBJ) and a map's blocks (JSON or CSV). Thumbnails, icons, ghosts,
    /// inputs and blocks also over several files or folders.
    #[command(subcommand)]
    Export(export::ExportCommand),
    /// Stunts track tools (.trk, .rpl).
    #[command(subcommand)]
    Trk(trk::TrkCommand),
    /// NadeoPak archive tools (.pak).
    #[command(subcommand)]
    Pak(pak::PakCommand),
    /// Print the structure of a .Gbx file: header, header chunks, reference
    /// table, nodes and chunks. Several files or folders (searched for .Gbx
    /// files): one line per file (a JSON array with --json), in path order,
    /// decoded in parallel. Exit 0 when every file was read (even
    /// partially), 2 when one was not (each named on stderr).
    Inspect {
        /// The .Gbx file(s) or folder(s).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print JSON for scripts.
        #[arg(long)]
        json: bool,
        /// Threads for several files (0: one per core).
        #[arg(short, long, default_value_t = 0)]
        jobs: usize,
    },
    /// List a folder as the library does: one row per .Gbx, .trk, .rpl and
    /// .pak file (class, name, author, environment, medal times, size,
    /// date; Stunts horizon, element count, validation; pak version), read
    /// from each file's header only, in parallel, printed in path order.
    /// `--details` also reads each map's body (lightmap, embedded item
    /// count) and each pak's file count (key from a packlist.dat beside
    /// it), a full parse per file. Exit 0 when every file was read, 1 when some were not
    /// (their rows carry the error), 2 on an error.
    Scan {
        /// The folder.
        dir: PathBuf,
        /// Print a JSON array.
        #[arg(long, conflicts_with = "csv")]
        json: bool,
        /// Print CSV.
        #[arg(long)]
        csv: bool,
        /// Do not include sub-folders.
        #[arg(long)]
        no_recursive: bool,
        /// Also read the facts that need the body (slower: a full parse).
        #[arg(long)]
        details: bool,
        /// Worker threads (0: one per core).
        #[arg(short, long, default_value_t = 0)]
        jobs: usize,
    },
    /// Set fields of a .Gbx and write the result. KEY is any field path
    /// `dump --json` prints (0/0x03043018/nbLaps,
    /// 0/0x0304301F/blocks[12]/blockName, header/0x03043003/mapName) or a
    /// map key: map.name, map.author_time_ms, map.gold_time_ms,
    /// map.silver_time_ms, map.bronze_time_ms, map.comments,
    /// map.author_nick, map.type, map.style, map.password= (removes it),
    /// map.thumbnail=IMAGE. Prints each change as `path: old → new`.
    Set {
        /// The .Gbx file.
        file: PathBuf,
        /// KEY=VALUE assignments, applied in order.
        #[arg(required = true)]
        assignments: Vec<String>,
        /// Output file (may be the input; written atomically).
        #[arg(short, long)]
        output: PathBuf,
        /// Edit a damaged or partly read file anyway; also overwrites a
        /// read-only OUT.
        #[arg(long)]
        force: bool,
    },
    /// Map operations on blocks (INDEX: position in `export blocks`
    /// order): delete, move, rotate, replace, colour, clear-validation;
    /// each writes -o OUT and prints what changed.
    Blocks(blocks::BlocksArgs),
    /// Print every node, chunk and decoded field of a .Gbx file: name,
    /// type, value and byte range (file offsets for the header, offsets in
    /// the decompressed body for nodes), and each chunk's status. `--json`
    /// prints one JSON object (described in README.md).
    Dump {
        /// The .Gbx file.
        file: PathBuf,
        /// Print JSON for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Structural differences of two .Gbx files (header fields, header
    /// chunks, reference table, nodes, chunks and fields matched by id and
    /// name), or of two .trk tracks tile by tile. Exit 0 when equal, 1 when
    /// different.
    Diff(diff::DiffArgs),
    /// What takes the bytes of a .Gbx: header, reference table, body by node
    /// and chunk (uncompressed and estimated compressed), against the TM2020
    /// limits (7,168 KB online, 5 MB embedded items).
    Size(size::SizeArgs),
    /// Write a smaller map: without its lightmaps (the game computes them
    /// again) or its validation ghost (the map must be validated again), or
    /// with its embedded items ZIP recompressed by zopfli (nothing removed;
    /// seconds per megabyte)
    Strip(strip::StripArgs),
    /// Compare the replays and ghosts of one map: a table (player, time,
    /// respawns, inputs, game version), each run's checkpoints with its
    /// split (`*` the best of each) and its delta to the reference (the
    /// fastest run of the map most runs share, or `--reference N`). Runs
    /// are matched by map uid; a run of another map gets a warning on
    /// stderr. Exit 0, 1 when a file gave no run, 2 on an error.
    Runs(runs::RunsArgs),
    /// Write the file with its body stored uncompressed.
    Decompress(convert::ConvertArgs),
    /// Write the file with its body LZO-compressed, as the game does.
    Compress(convert::ConvertArgs),
    /// Edit a map's script metadata traits: set (add) or remove them.
    #[command(subcommand)]
    Metadata(meta_edit::MetadataCommand),
    /// Edit a map's embedded items: add an .Item.Gbx at Items/PATH,
    /// replace or remove one (the map's item idents follow); place a new
    /// item in the map.
    #[command(subcommand)]
    Items(meta_edit::ItemsCommand),
    /// Leftovers of saves that did not finish (a killed or crashed save):
    /// listed (exit 1 when there are); `--clean` finishes an interrupted
    /// overwrite of a hard-linked file (its old bytes put back when it was
    /// half-written) and deletes every leftover.
    Saves(saves::SavesArgs),
    /// Every decoded chunk: class, chunk id, part (header, body, archive),
    /// label, decoder and its source file; a declared chunk with its
    /// fields' names, types, roles and the versions or flag bits that gate
    /// them. CLASS by name (case-insensitive) or hex id. `--json` for
    /// scripts; `--markdown` writes docs/CHUNKS.md. Exit 0, 1 when the
    /// class has no decoded chunk, 2 for an unknown class (with the closest
    /// names).
    Chunks(chunks::ChunksArgs),
    /// Read a file and write it back unchanged; exit 0 when the bytes are identical,
    /// 1 with the first differing offset otherwise.
    Roundtrip {
        /// File to check (.Gbx, .trk, .rpl).
        file: PathBuf,
    },
}

/// Runs a subcommand and maps errors to exit code 2 with a one-line message.
/// A FIFO, device or socket named on the command line is refused first
/// ([`special_files`]).
pub fn run(cmd: Command) -> ExitCode {
    if let Err(err) = special_files::refuse_special_files(std::env::args_os().skip(1)) {
        eprintln!("trackbench: {err:#}");
        return ExitCode::from(2);
    }
    let result = match cmd {
        Command::Export(c) => export::run(c),
        Command::Trk(c) => trk::run(c),
        Command::Pak(c) => pak::run(c),
        Command::Inspect { files, json, jobs } => inspect::run_paths(&files, json, jobs),
        Command::Scan {
            dir,
            json,
            csv,
            no_recursive,
            details,
            jobs,
        } => {
            let format = match (json, csv) {
                (true, _) => scan::ScanFormat::Json,
                (_, true) => scan::ScanFormat::Csv,
                _ => scan::ScanFormat::Text,
            };
            let options = trackbench_core::library::ScanOptions {
                recursive: !no_recursive,
                jobs,
                details,
            };
            scan::run(&dir, format, options)
        }
        Command::Set {
            file,
            assignments,
            output,
            force,
        } => edit::set(&file, &assignments, &output, force),
        Command::Metadata(c) => meta_edit::metadata(c),
        Command::Items(c) => meta_edit::items(c),
        Command::Blocks(a) => blocks::run(a),
        Command::Roundtrip { file } => roundtrip(&file),
        Command::Dump { file, json } => dump::run(&file, json),
        Command::Diff(a) => diff::run(&a),
        Command::Size(a) => size::run(&a),
        Command::Strip(a) => strip::run(&a),
        Command::Runs(a) => runs::run(&a),
        Command::Saves(a) => saves::run(&a),
        Command::Chunks(a) => chunks::run(&a),
        Command::Decompress(a) => convert::run(&a, false),
        Command::Compress(a) => convert::run(&a, true),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            // Messages quote names from files: escaped like every name.
            let text = format!("{err:#}");
            eprintln!(
                "trackbench: {}",
                trackbench_core::terminal::terminal_safe(&text)
            );
            ExitCode::from(2)
        }
    }
}

fn roundtrip(file: &std::path::Path) -> anyhow::Result<ExitCode> {
    // Stunts files have no magic: the name decides, as everywhere. The
    // head alone is read here, and a FIFO or device is refused (issue 30).
    let head = trackbench_core::sniff::input::read_head(file)
        .with_context(|| file.display().to_string())?;
    if trackbench_core::sniff::file_kind(&file.to_string_lossy(), &head).is_stunts() {
        trk::roundtrip(file)
    } else if !head.starts_with(b"GBX") {
        // Rejected from its first bytes, with the reader's own message.
        let err = trackbench_core::gbx::Gbx::parse(head).err();
        anyhow::bail!(
            "{}: {}",
            file.display(),
            err.map_or_else(|| "not a GBX file".to_owned(), |e| e.to_string())
        )
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
