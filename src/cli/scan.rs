//! `trackbench scan DIR [--json|--csv] [--no-recursive] [--details] [--jobs N]`: the
//! library rows of a folder ([`trackbench_core::library`]), read from each
//! file's header only on a rayon pool, printed in path order as a text
//! table, a JSON array or CSV. Every folder entry left out is named on
//! stderr with the reason (a FIFO, a link loop, another kind …); names in
//! the text table and the CSV are printed with control characters escaped
//! (`terminal_safe`; JSON escapes them as `\u001b`).

use std::io::Write as _;
use std::path::Path;
use std::process::ExitCode;
use trackbench_core::library::export::{to_csv_for_terminal, to_json};
use trackbench_core::library::{Row, ScanOptions, scan_blocking};
use trackbench_core::sniff::FileKind;
use trackbench_core::terminal::{terminal_safe, terminal_safe_path};
use trackbench_core::walk::{WalkOptions, walk};

/// Output format of `scan`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScanFormat {
    /// One line per file.
    Text,
    /// A JSON array of rows (the fields of [`Row`]).
    Json,
    /// CSV with a header line.
    Csv,
}

/// Scans `dir` and prints its rows; exit 0 when every file was read, 1
/// when some could not be (each row then carries its error), 2 when `dir`
/// is not a folder.
///
/// # Errors
/// When `dir` is not a folder or stdout fails.
pub fn run(dir: &Path, format: ScanFormat, options: ScanOptions) -> anyhow::Result<ExitCode> {
    if !dir.is_dir() {
        anyhow::bail!("{}: not a folder", dir.display());
    }
    let rows = scan_blocking(dir, options);
    let mut out = std::io::stdout().lock();
    let written = match format {
        ScanFormat::Json => writeln!(out, "{}", to_json(&rows)?),
        ScanFormat::Csv => write!(out, "{}", to_csv_for_terminal(&rows)),
        ScanFormat::Text => rows
            .iter()
            .try_for_each(|r| writeln!(out, "{}", text_line(r))),
    };
    // A closed pipe (`scan | head`) is not an error.
    if let Err(e) = written
        && e.kind() != std::io::ErrorKind::BrokenPipe
    {
        return Err(e.into());
    }
    drop(out);
    let left_out = walk(
        &[dir.to_path_buf()],
        WalkOptions {
            recursive: options.recursive,
            kinds: &FileKind::ALL,
        },
    )
    .left_out;
    for (path, reason) in &left_out {
        eprintln!("skipped {}: {reason}", terminal_safe_path(path));
    }
    if !left_out.is_empty() {
        eprintln!("trackbench: {} entries skipped", left_out.len());
    }
    let failed = rows.iter().filter(|r| r.error.is_some()).count();
    if failed > 0 {
        eprintln!(
            "trackbench: {failed} of {} files could not be read",
            rows.len()
        );
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

fn text_line(r: &Row) -> String {
    match &r.error {
        Some(e) => format!(
            "{}: error: {}",
            terminal_safe_path(&r.path),
            terminal_safe(e)
        ),
        None => format!(
            "{}: {} \"{}\" by \"{}\" {} {} bytes",
            terminal_safe_path(&r.path),
            terminal_safe(&r.class),
            terminal_safe(&r.name_plain),
            terminal_safe(&r.author_plain),
            terminal_safe(r.collection.as_deref().unwrap_or("-")),
            r.size_bytes
        ),
    }
}
