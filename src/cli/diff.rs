//! `trackbench diff A B [--json]`: structural differences of two .Gbx files
//! (or two Stunts tracks, tile by tile). Exit 0 when equal, 1 when
//! different, 2 on an error.

use crate::cli::out::{print_out, print_text};
use anyhow::{Context, anyhow};
use clap::Args;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use trackbench_core::toolbox::diff::{DiffKind, DiffOptions, Difference, diff};
use trackbench_core::toolbox::trk_diff::{TileLayer, TrackDiff, diff_tracks};
use trackbench_core::trk::track::Track;

/// Arguments of `trackbench diff`.
#[derive(Debug, Args)]
pub struct DiffArgs {
    /// The first file (.Gbx, or .trk).
    pub a: PathBuf,
    /// The second file (same kind).
    pub b: PathBuf,
    /// Print JSON: `{"equal": bool, "differences": [...]}`.
    #[arg(long)]
    pub json: bool,
    /// Compare only the header and the reference table.
    #[arg(long, conflicts_with = "body_only")]
    pub header_only: bool,
    /// Compare only the body.
    #[arg(long)]
    pub body_only: bool,
    /// Leave out thumbnails, lightmaps and icons.
    #[arg(long)]
    pub ignore_heavy: bool,
}

/// Runs `trackbench diff`.
///
/// # Errors
/// A file that cannot be read or parsed.
pub fn run(args: &DiffArgs) -> anyhow::Result<ExitCode> {
    // A .Gbx no further than its declared end (issue 43, finding 6).
    let read = |p: &Path| {
        trackbench_core::sniff::input::read_sniffed(p)
            .map(|(_, read)| read)
            .with_context(|| p.display().to_string())
    };
    let (read_a, read_b) = (read(&args.a)?, read(&args.b)?);
    let kind = trackbench_core::sniff::file_kind(&args.a.to_string_lossy(), &read_a.bytes);
    if kind.is_stunts() {
        let parse =
            |b: &[u8], p: &Path| Track::parse(b).map_err(|e| anyhow!("{}: {e}", p.display()));
        let d = diff_tracks(
            &parse(&read_a.bytes, &args.a)?,
            &parse(&read_b.bytes, &args.b)?,
        );
        return print_track_diff(&d, args.json);
    }
    let parse = |r: trackbench_core::sniff::bounded::GbxRead, p: &Path| {
        r.parse().map_err(|e| anyhow!("{}: {e}", p.display()))
    };
    let (a, b) = (parse(read_a, &args.a)?, parse(read_b, &args.b)?);
    let opts = DiffOptions {
        header: !args.body_only,
        body: !args.header_only,
        ignore_heavy: args.ignore_heavy,
    };
    let diffs = diff(&a, &b, opts);
    if args.json {
        let v = serde_json::json!({ "equal": diffs.is_empty(), "differences": diffs });
        print_out(&format!("{}\n", serde_json::to_string_pretty(&v)?))?;
    } else {
        print_text(&text(&diffs))?;
    }
    Ok(exit(diffs.is_empty()))
}

fn exit(equal: bool) -> ExitCode {
    if equal {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// One line per difference, then a count.
fn text(diffs: &[Difference]) -> String {
    let mut out = String::new();
    for d in diffs {
        let mark = match d.kind {
            DiffKind::Changed => "~",
            DiffKind::OnlyInA => "-",
            DiffKind::OnlyInB => "+",
        };
        let _ = write!(out, "{mark} {}", d.path);
        match (&d.value_a, &d.value_b) {
            (Some(a), Some(b)) => {
                let _ = write!(out, ": {a} → {b}");
            }
            (Some(v), None) | (None, Some(v)) => {
                let _ = write!(out, ": {v}");
            }
            (None, None) => {}
        }
        out.push('\n');
    }
    let _ = writeln!(out, "{} difference(s)", diffs.len());
    out
}

fn print_track_diff(d: &TrackDiff, json: bool) -> anyhow::Result<ExitCode> {
    if json {
        let v = serde_json::json!({ "equal": d.is_empty(), "track": d });
        print_out(&format!("{}\n", serde_json::to_string_pretty(&v)?))?;
        return Ok(exit(d.is_empty()));
    }
    let mut out = String::new();
    for t in &d.tiles {
        let layer = match t.layer {
            TileLayer::Track => "track",
            TileLayer::Terrain => "terrain",
        };
        let _ = writeln!(
            out,
            "~ tile ({}, {}) {layer}: {:#04x} → {:#04x}",
            t.pos.x, t.pos.y, t.a, t.b
        );
    }
    if let Some((a, b)) = d.horizon {
        let _ = writeln!(out, "~ horizon: {a} → {b}");
    }
    if d.metadata_differs {
        let _ = writeln!(out, "~ metadata overlay differs");
    }
    let _ = writeln!(out, "{} tile difference(s)", d.tiles.len());
    print_text(&out)?;
    Ok(exit(d.is_empty()))
}
