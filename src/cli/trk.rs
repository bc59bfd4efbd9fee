//! `trackbench trk …` subcommands for Stunts tracks (`.trk`, and the track
//! inside a `.rpl` replay), and `trackbench roundtrip` for those files.
//!
//! `trk info --json` prints the track in the core's coordinate system:
//! `tiles[y][x]` with `y = 0` the **north (top)** row and `x = 0` the west
//! (left) column — the order of the file's terrain block; the file's track
//! block runs bottom to top and is converted on load.

use crate::cli::out::print_out;
use anyhow::Context;
use clap::Subcommand;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use trackbench_core::save::save_png;
use trackbench_core::trk::{
    self, Issue, Replay, Severity, TilePos, Track, element, horizon_name, render, terrain,
};

/// `trackbench trk` subcommands.
#[derive(Debug, Subcommand)]
pub enum TrkCommand {
    /// Print horizon, extra byte, element and terrain counts, metadata and
    /// validation issues.
    Info {
        /// Track (.trk) or replay (.rpl).
        file: PathBuf,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// List validation issues; exit 1 when there is an error.
    Validate {
        /// Track (.trk) or replay (.rpl).
        file: PathBuf,
    },
    /// Trace the route from the start/finish line: closed or not, length,
    /// tiles in order, obstacles, splits and breaks; exit 1 when the route
    /// does not close or Stunts' route check fails.
    Route {
        /// Track (.trk) or replay (.rpl).
        file: PathBuf,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Draw the track (terrain, elements, grid) to a PNG.
    Render {
        /// Track (.trk) or replay (.rpl).
        file: PathBuf,
        /// Output PNG.
        #[arg(short, long)]
        output: PathBuf,
        /// Pixels per tile (the image is 30 × this, square).
        #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=256))]
        tile_px: u32,
    },
}

/// Runs a `trk` subcommand.
pub fn run(cmd: TrkCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        TrkCommand::Info { file, json } => info(&file, json),
        TrkCommand::Validate { file } => validate(&file),
        TrkCommand::Route { file, json } => super::trk_route::run(&file, json),
        TrkCommand::Render {
            file,
            output,
            tile_px,
        } => {
            let track = load(&file)?;
            save_png(&output, &render::render_track(&track, tile_px))
                .with_context(|| format!("writing {}", output.display()))?;
            let px = tile_px * 30;
            println!("wrote {} ({px}×{px} px)", output.display());
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// `trackbench roundtrip` for .trk/.rpl files: read, write back, compare.
pub fn roundtrip(file: &Path) -> anyhow::Result<ExitCode> {
    let bytes = read(file)?;
    let written = if is_replay(file) {
        Replay::parse(&bytes)
            .with_context(|| format!("reading {}", file.display()))?
            .to_bytes()
    } else {
        let track = Track::parse(&bytes).with_context(|| format!("reading {}", file.display()))?;
        track.to_bytes().context("writing the track back")?
    };
    Ok(super::compare_roundtrip(&bytes, &written))
}

/// True for `.rpl` files (Stunts files have no magic: the name decides).
pub(super) fn is_replay(file: &Path) -> bool {
    let kind = trackbench_core::sniff::file_kind(&file.to_string_lossy(), &[]);
    kind == trackbench_core::sniff::FileKind::StuntsReplay
}

fn read(file: &Path) -> anyhow::Result<Vec<u8>> {
    trackbench_core::sniff::input::read_for(file, trackbench_core::sniff::FileKind::StuntsTrack)
        .with_context(|| format!("reading {}", file.display()))
}

/// The track of a `.trk`, or the one inside a `.rpl`.
fn load(file: &Path) -> anyhow::Result<Track> {
    let bytes = read(file)?;
    let (track, _) = trk::read_stunts_file(&file.to_string_lossy(), &bytes)
        .with_context(|| format!("reading {}", file.display()))?;
    Ok(track)
}

fn validate(file: &Path) -> anyhow::Result<ExitCode> {
    use std::fmt::Write;
    let track = load(file)?;
    let issues = trk::validate(&track);
    let mut out = String::new();
    for i in &issues {
        let at = i
            .pos
            .map_or_else(|| "track".to_string(), |p| format!("x={} y={}", p.x, p.y));
        writeln!(
            out,
            "{:?}: {at}: {}: {}",
            i.severity,
            i.code.as_str(),
            i.message
        )?;
    }
    let errors = issues
        .iter()
        .filter(|i| i.severity == Severity::Error)
        .count();
    writeln!(out, "{errors} errors, {} warnings", issues.len() - errors)?;
    print_out(&out)?;
    Ok(if errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn info(file: &Path, as_json: bool) -> anyhow::Result<ExitCode> {
    let track = load(file)?;
    let size_bytes = std::fs::metadata(file)?.len();
    let mut report = info_json(&track, size_bytes);
    if is_replay(file) {
        let replay = Replay::parse(&read(file)?).map(|r| r.info()).ok();
        report["replay"] = serde_json::to_value(replay)?;
    }
    if as_json {
        print_out(&format!("{}\n", serde_json::to_string_pretty(&report)?))?;
    } else {
        print_out(&info_text(&report)?)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn info_json(track: &Track, size_bytes: u64) -> Value {
    let mut element_counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut terrain_counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut unknown_codes = 0usize;
    let tiles: Vec<Vec<Value>> = (0..30)
        .map(|y| {
            (0..30)
                .filter_map(|x| TilePos::new(x, y))
                .map(|pos| {
                    let (tc, gc) = (track.track_code(pos), track.terrain_code(pos));
                    let tname = element(tc).map(|e| e.display_name());
                    let gname = terrain(gc).map(|t| t.name);
                    unknown_codes += usize::from(tname.is_none()) + usize::from(gname.is_none());
                    let tkey = tname.clone().unwrap_or_else(|| format!("unknown {tc:#04x}"));
                    *element_counts.entry(tkey).or_default() += 1;
                    let gkey = gname.map_or_else(|| format!("unknown {gc:#04x}"), str::to_string);
                    *terrain_counts.entry(gkey).or_default() += 1;
                    json!({"track_code": tc, "track_name": tname, "terrain_code": gc, "terrain_name": gname})
                })
                .collect()
        })
        .collect();
    let issues: Vec<Value> = trk::validate(track).iter().map(issue_json).collect();
    json!({
        "tiles_orientation": "tiles[y][x]: y=0 is the north (top) row, x=0 the west (left) column",
        "horizon": track.horizon,
        "horizon_name": horizon_name(track.horizon),
        "extra_byte": track.extra_byte,
        "size_bytes": size_bytes,
        "element_counts": element_counts,
        "terrain_counts": terrain_counts,
        "unknown_codes": unknown_codes,
        "metadata": metadata_json(track),
        "issues": issues,
        "tiles": tiles,
    })
}

fn metadata_json(track: &Track) -> Value {
    let fields = track.metadata().map(|m| m.fields()).unwrap_or_default();
    Value::Object(
        fields
            .into_iter()
            .map(|(k, v)| (k, Value::String(v)))
            .collect(),
    )
}

fn issue_json(i: &Issue) -> Value {
    json!({
        "severity": i.severity,
        "x": i.pos.map(|p| p.x),
        "y": i.pos.map(|p| p.y),
        "code": i.code.as_str(),
        "message": i.message,
    })
}

/// The text form of `trk info`'s report, one fact per line.
fn info_text(r: &Value) -> Result<String, std::fmt::Error> {
    use std::fmt::Write;
    let mut out = String::new();
    writeln!(out, "size: {} bytes", r["size_bytes"])?;
    writeln!(
        out,
        "horizon: {} ({})",
        r["horizon"],
        r["horizon_name"].as_str().unwrap_or("unknown")
    )?;
    writeln!(out, "extra byte: {}", r["extra_byte"])?;
    writeln!(out, "unknown codes: {}", r["unknown_codes"])?;
    for (title, key) in [
        ("elements", "element_counts"),
        ("terrain", "terrain_counts"),
    ] {
        writeln!(out, "{title}:")?;
        for (name, n) in r[key].as_object().into_iter().flatten() {
            writeln!(out, "  {:>4}  {name}", n.as_u64().unwrap_or(0))?;
        }
    }
    if let Some(m) = r["metadata"].as_object().filter(|m| !m.is_empty()) {
        writeln!(out, "metadata:")?;
        for (k, v) in m {
            writeln!(out, "  {k}: {}", v.as_str().unwrap_or_default())?;
        }
    }
    let issues = r["issues"].as_array().map_or(0, Vec::len);
    writeln!(out, "issues: {issues} (see `trackbench trk validate`)")?;
    Ok(out)
}
