//! `trackbench inspect FILE|DIR… [--json] [--jobs N]`: the structure of a
//! .Gbx file ([`trackbench_core::gbx::tools::inspect`]), as text or JSON; for
//! several files or folders, one line (or one JSON object) per file,
//! decoded in parallel, in path order.

use crate::cli::batch::{Input, collect_inputs, run_parallel};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use trackbench_core::gbx::read::body::Limits;
use trackbench_core::gbx::tools::inspect::{
    Inspection, hex_id, inspect, parse_for_inspect, status_word,
};
use trackbench_core::gbx::{ChunkStatus, Gbx, class_label};

/// `inspect` on the command line's paths: a single file prints its full
/// structure ([`run`]); several paths or a folder print one result per
/// file ([`run_batch`]).
///
/// # Errors
/// As [`run`] for a single file; a batch reports errors per file.
pub fn run_paths(paths: &[PathBuf], as_json: bool, jobs: usize) -> anyhow::Result<ExitCode> {
    match paths {
        [one] if !one.is_dir() => run(one, as_json),
        _ => run_batch(paths, as_json, jobs),
    }
}

/// Reads `path` and prints its structure; exit 0 when it was read (even
/// partially), 2 with a one-line error when it cannot be read at all.
pub fn run(path: &Path, as_json: bool) -> anyhow::Result<ExitCode> {
    // Read no further than the end the header declares (issue 43): the
    // bytes after it are counted, and make the file partial.
    let read = trackbench_core::sniff::input::read_gbx(path)
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let size = usize::try_from(read.bytes.len() as u64 + read.after_end).unwrap_or(usize::MAX);
    // Issue 46: every chunk is checked, no field recorded (the inspection
    // prints none); the same inspection as a full parse's.
    let gbx = read
        .parse_by(|bytes| parse_for_inspect(bytes, Limits::default()))
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let doc = inspect(&gbx, &path.display().to_string(), size);
    if as_json {
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), "{}", doc.to_json_string()?);
    } else {
        print_text(&gbx, &doc);
    }
    Ok(ExitCode::SUCCESS)
}

/// `println!` that ignores a closed pipe (`inspect | head` must not panic).
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($arg)*);
    }};
}

/// [`outln!`] for text lines, which quote names and problems from the
/// file: control characters escaped (`terminal_safe`).
macro_rules! textln {
    ($($arg:tt)*) => {{
        let line = format!($($arg)*);
        outln!("{}", trackbench_core::terminal::terminal_safe(&line));
    }};
}

fn print_text(gbx: &Gbx, doc: &Inspection) {
    let h = &gbx.header;
    textln!(
        "{}: GBX v{} {} ({} nodes)",
        doc.path,
        h.version,
        class_label(h.class_id),
        h.num_nodes
    );
    for c in &h.chunks {
        textln!(
            "  header chunk {} {:<12} {:>8} bytes{}{}",
            hex_id(c.id),
            c.name.unwrap_or(""),
            c.data_range.len(),
            if c.heavy { " heavy" } else { "" },
            if c.status == ChunkStatus::Decoded {
                ""
            } else {
                " (raw)"
            }
        );
    }
    for (i, n) in gbx.nodes.iter().enumerate() {
        textln!(
            "  node #{i} {} — {} chunks",
            class_label(n.class_id),
            n.chunks.len()
        );
        for c in &n.chunks {
            textln!(
                "    {} {:<24} @{:#x} {} bytes {}",
                hex_id(c.id),
                c.name.unwrap_or(""),
                c.range.start,
                c.range.len(),
                status_word(c.status)
            );
        }
    }
    let s = &doc.summary;
    textln!(
        "summary: {} chunks, {} decoded, {} raw, {} unknown; main node {}",
        s.chunks,
        s.decoded,
        s.raw,
        s.unknown,
        if s.main_node_complete {
            "complete"
        } else {
            "stopped"
        }
    );
    let c = &s.completeness;
    textln!(
        "completeness: {}",
        if c.complete { "complete" } else { "PARTIAL" }
    );
    if let Some(why) = &c.body_unread {
        textln!("  body not read: {why}");
    }
    if let Some(why) = &c.body_problem {
        textln!("  body: {why}");
    }
    for n in &c.stopped_nodes {
        textln!("  stopped: {}", n.describe());
    }
    for d in &c.damaged_chunks {
        textln!("  damaged: {d}");
    }
    for p in &gbx.problems {
        textln!("problem: {p}");
    }
}

/// What one file of a batch gave: the inspection (and its one-line text),
/// or the error.
type BatchResult = Result<(String, Inspection), String>;

fn inspect_one(input: &Input) -> BatchResult {
    if let Some(e) = &input.error {
        return Err(e.clone());
    }
    // Bounded as one file (issue 43, finding 6).
    let read = trackbench_core::sniff::input::read_gbx(&input.path).map_err(|e| e.to_string())?;
    let size = usize::try_from(read.bytes.len() as u64 + read.after_end).unwrap_or(usize::MAX);
    let gbx = read
        .parse_by(|bytes| parse_for_inspect(bytes, Limits::default()))
        .map_err(|e| e.to_string())?;
    let doc = inspect(&gbx, &input.path.display().to_string(), size);
    let line = summary_line(&gbx, &doc);
    // Each worker parses file after file: keep the table storage (issue 32).
    gbx.recycle();
    Ok((line, doc))
}

/// One line for a file: version, class, counts, how far it was read.
fn summary_line(gbx: &Gbx, doc: &Inspection) -> String {
    let h = &gbx.header;
    let s = &doc.summary;
    format!(
        "{}: GBX v{} {}, {} header chunks, {} nodes, {} chunks ({} decoded, {} raw, {} unknown), main node {}{}{}",
        doc.path,
        h.version,
        class_label(h.class_id),
        h.chunks.len(),
        gbx.nodes.len(),
        s.chunks,
        s.decoded,
        s.raw,
        s.unknown,
        if s.main_node_complete {
            "complete"
        } else {
            "stopped"
        },
        match s.completeness.stopped_nodes.len() {
            0 => String::new(),
            n => format!(", PARTIAL: {n} stopped nodes"),
        },
        match gbx.problems.len() {
            0 => String::new(),
            n => format!(", {n} problems"),
        }
    )
}

/// Inspects every file of `paths` (folders walked for `.Gbx` files) on
/// `jobs` threads (0: one per core) and prints one line per file (text) or
/// a JSON array, sorted by path. A file that cannot be read is a line
/// `PATH: error: …` (JSON `{"path", "error"}`) and is named on stderr.
///
/// # Errors
/// When the thread pool cannot start or stdout fails in JSON mode; a file
/// that cannot be read gives exit code 2, not an error.
pub fn run_batch(paths: &[PathBuf], as_json: bool, jobs: usize) -> anyhow::Result<ExitCode> {
    let inputs = collect_inputs(paths);
    let results = run_parallel(&inputs, jobs, inspect_one)?;
    if as_json {
        let items = inputs
            .iter()
            .zip(&results)
            .map(|(input, r)| match r {
                Ok((_, doc)) => serde_json::to_value(doc),
                Err(e) => Ok(serde_json::json!({
                    "path": input.path.display().to_string(),
                    "error": e,
                })),
            })
            .collect::<Result<Vec<_>, _>>()?;
        outln!("{}", serde_json::to_string_pretty(&items)?);
    } else {
        for (input, r) in inputs.iter().zip(&results) {
            match r {
                Ok((line, _)) => textln!("{line}"),
                Err(e) => textln!("{}: error: {e}", input.path.display()),
            }
        }
    }
    let failed: Vec<_> = inputs
        .iter()
        .zip(&results)
        .filter_map(|(i, r)| r.as_ref().err().map(|e| (i, e)))
        .collect();
    for (input, e) in &failed {
        eprintln!("trackbench: {}: {e}", input.path.display());
    }
    if failed.is_empty() {
        return Ok(ExitCode::SUCCESS);
    }
    eprintln!(
        "trackbench: {} of {} files could not be read",
        failed.len(),
        inputs.len()
    );
    Ok(ExitCode::from(2))
}
