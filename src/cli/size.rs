//! `trackbench size FILE [--json]`: what takes the bytes of a .Gbx file
//! (header, reference table, body by node and chunk) against the TM2020
//! limits. The JSON's `total_bytes` equals the file size.

use crate::cli::out::{print_out, print_text};
use anyhow::{Context, anyhow};
use clap::Args;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use trackbench_core::toolbox::size::{SizeReport, flatten, size_report};

/// Arguments of `trackbench size`.
#[derive(Debug, Args)]
pub struct SizeArgs {
    /// The .Gbx file.
    pub file: PathBuf,
    /// Print the whole tree as JSON.
    #[arg(long)]
    pub json: bool,
    /// Text: show entries down to this depth (0: top-level parts only).
    #[arg(long, default_value_t = 3)]
    pub depth: usize,
}

/// Runs `trackbench size`.
///
/// # Errors
/// A file that cannot be read or whose header cannot be parsed.
pub fn run(args: &SizeArgs) -> anyhow::Result<ExitCode> {
    let gbx = trackbench_core::sniff::input::read_gbx(&args.file)
        .with_context(|| args.file.display().to_string())?
        .parse()
        .map_err(|e| anyhow!("{}: {e}", args.file.display()))?;
    let report = size_report(&gbx);
    if args.json {
        print_out(&format!("{}\n", serde_json::to_string_pretty(&report)?))?;
    } else {
        print_text(&text(&report, args.depth))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn text(r: &SizeReport, max_depth: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "total {} bytes ({:.1}% of the {} KB online limit{})",
        r.total_bytes,
        r.total_bytes as f64 * 100.0 / r.online_limit_bytes as f64,
        r.online_limit_bytes / 1024,
        if r.over_online_limit { ", OVER" } else { "" }
    );
    if let Some(e) = r.embedded_items_bytes {
        let over = if r.over_embedded_items_limit {
            ", OVER"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "embedded items {e} bytes (limit {}{over})",
            r.embedded_items_limit_bytes
        );
    }
    for (depth, e) in flatten(r).into_iter().filter(|(d, _)| *d <= max_depth) {
        let est = e
            .compressed_estimate
            .map(|c| format!(" (~{c} compressed)"))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "{:indent$}{:>10}  {}{est}",
            "",
            e.bytes,
            e.label,
            indent = depth * 2
        );
    }
    out
}
