//! `trackbench trk route FILE [--json]`: the route of a Stunts track (or of
//! the track inside a replay) as the core traces it
//! ([`trackbench_core::trk::route`]): closed or not, length, tiles in
//! driving order, obstacles, splits, breaks and illusion tricks. Exit 0
//! when the route closes and Stunts' route check passes, 1 when not, 2
//! when the file cannot be read.
//!
//! JSON (coordinates as everywhere in trackbench: `x` from the west edge,
//! `y` from the north edge, 0–29):
//! `closed`, `stunts_accepts`, `start` ([x, y] or null), `length_tiles`,
//! `length_m`, `tiles` ([x, y] pairs in driving order), `pieces`,
//! `obstacles` ({kind: count}), `branch_points`, `breaks` (what stops or
//! spoils the route; each `x`, `y`, `kind`, `message`, `rejects`),
//! `off_route_pieces` (pieces on no branch of the route, each `x`, `y`,
//! `message`; issue 31), `illusions`, `profile`, and `replay` for a
//! `.rpl`.

use crate::cli::out::print_out;
use anyhow::Context;
use serde_json::{Value, json};
use std::path::Path;
use std::process::ExitCode;
use trackbench_core::trk::route::{BreakKind, Route, trace};
use trackbench_core::trk::{ReplayInfo, TilePos, read_stunts_file};

/// Runs `trk route`.
pub fn run(file: &Path, as_json: bool) -> anyhow::Result<ExitCode> {
    let bytes = trackbench_core::sniff::input::read_for(
        file,
        trackbench_core::sniff::FileKind::StuntsTrack,
    )
    .with_context(|| format!("reading {}", file.display()))?;
    let (track, replay) = read_stunts_file(&file.to_string_lossy(), &bytes)
        .with_context(|| format!("reading {}", file.display()))?;
    let route = trace(&track);
    let report = route_json(&route, replay.as_ref());
    let text = if as_json {
        format!("{}\n", serde_json::to_string_pretty(&report)?)
    } else {
        text_report(&route, replay.as_ref())
    };
    print_out(&text)?;
    Ok(if route.stunts_accepts {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn xy(p: TilePos) -> Value {
    json!([p.x, p.y])
}

fn opt_xy(p: Option<TilePos>) -> (Value, Value) {
    p.map_or((Value::Null, Value::Null), |p| (json!(p.x), json!(p.y)))
}

fn round2(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

/// The JSON report of a route (and of the replay it came from).
#[must_use]
pub fn route_json(r: &Route, replay: Option<&ReplayInfo>) -> Value {
    let (off_route, breaks): (Vec<_>, Vec<_>) =
        r.breaks.iter().partition(|b| b.kind == BreakKind::OffRoute);
    let off_route: Vec<Value> = off_route
        .iter()
        .map(|b| {
            let (x, y) = opt_xy(b.pos);
            json!({"x": x, "y": y, "message": b.message})
        })
        .collect();
    let breaks: Vec<Value> = breaks
        .iter()
        .map(|b| {
            let (x, y) = opt_xy(b.pos);
            json!({"x": x, "y": y, "kind": b.kind.as_str(), "message": b.message, "rejects": b.rejects})
        })
        .collect();
    let illusions: Vec<Value> = r
        .illusions
        .iter()
        .map(|i| {
            json!({"x": i.pos.x, "y": i.pos.y, "element": xy(i.element_at), "message": i.message})
        })
        .collect();
    let splits: Vec<Value> = r
        .branch_points
        .iter()
        .map(|b| json!({"x": b.pos.x, "y": b.pos.y, "message": b.message}))
        .collect();
    let profile: Vec<Value> = r
        .profile
        .iter()
        .map(|p| {
            json!({"at_tiles": round2(f64::from(p.at_tiles)), "height": p.height,
                   "x": p.tile.x, "y": p.tile.y, "mark": p.mark})
        })
        .collect();
    json!({
        "closed": r.closed,
        "stunts_accepts": r.stunts_accepts,
        "start": r.start.map(xy),
        "length_tiles": round2(f64::from(r.length_tiles)),
        "length_m": round2(r.length_m()),
        "tiles": r.tiles.iter().map(|t| xy(t.pos)).collect::<Vec<_>>(),
        "pieces": r.path.len(),
        "pieces_on_every_branch": r.pieces.len(),
        "obstacles": r.obstacles,
        "branch_points": splits,
        "breaks": breaks,
        "off_route_pieces": off_route,
        "illusions": illusions,
        "profile": profile,
        "replay": replay,
    })
}

/// The text report, one fact per line.
fn text_report(r: &Route, replay: Option<&ReplayInfo>) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    if let Some(i) = replay {
        let _ = writeln!(
            out,
            "replay: {} ({:?} format), car {}, {} frames at {} fps = {:.2} s{}",
            i.track_name,
            i.format,
            i.player_car,
            i.frames,
            i.frames_per_second,
            i.duration_s,
            if i.consistent {
                ""
            } else {
                " (frame count does not match the inputs)"
            }
        );
    }
    let state = match (r.closed, r.stunts_accepts) {
        (true, true) => "closed; Stunts' route check passes",
        (true, false) => "closed, but Stunts' route check fails",
        _ => "not closed",
    };
    let _ = writeln!(out, "route: {state}");
    if let Some(s) = r.start {
        let _ = writeln!(out, "start: {s}");
    }
    let _ = writeln!(
        out,
        "length: {:.1} tiles ({:.0} m), {} tiles, {} pieces",
        r.length_tiles,
        r.length_m(),
        r.tiles.len(),
        r.path.len()
    );
    let obstacles: Vec<String> = r
        .obstacles
        .iter()
        .map(|(k, n)| format!("{k} {n}"))
        .collect();
    let _ = writeln!(out, "obstacles: {}", obstacles.join(", "));
    for b in &r.branch_points {
        let _ = writeln!(out, "split: {}", b.message);
    }
    // Pieces off the route do not stop it: listed apart (issue 31).
    let (off_route, breaks): (Vec<_>, Vec<_>) =
        r.breaks.iter().partition(|b| b.kind == BreakKind::OffRoute);
    let at = |pos: Option<TilePos>| {
        pos.map_or_else(|| "track".to_string(), |p| format!("x={} y={}", p.x, p.y))
    };
    let _ = writeln!(out, "breaks: {}", breaks.len());
    for b in breaks {
        let _ = writeln!(out, "  {}: {}: {}", b.kind.as_str(), at(b.pos), b.message);
    }
    let _ = writeln!(out, "off-route pieces: {}", off_route.len());
    for b in off_route {
        let _ = writeln!(out, "  {}: {}", at(b.pos), b.message);
    }
    for i in &r.illusions {
        let _ = writeln!(out, "illusion: {}", i.message);
    }
    let tiles: Vec<String> = r.tiles.iter().map(|t| t.pos.to_string()).collect();
    let _ = writeln!(out, "tiles: {}", tiles.join(" "));
    out
}
