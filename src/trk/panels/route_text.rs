//! Pure helpers of the route overlay and profile, tested without egui: the
//! summary lines, break labels, and where the direction arrows sit along
//! the route.

use trackbench_core::trk::route::{Break, BreakKind, Route};

/// "Route: closed · 71.4 tiles (4457 m) · 59 pieces", or why not.
#[must_use]
pub fn summary(route: &Route) -> String {
    if route.start.is_none() {
        return "Route: no start/finish line".into();
    }
    let state = match (route.closed, route.stunts_accepts) {
        (true, true) => "closed",
        (true, false) => "closed, but Stunts rejects it",
        _ => "not closed",
    };
    let length = if route.closed {
        format!(
            "{:.1} tiles ({:.0} m) · {} pieces",
            route.length_tiles,
            route.length_m(),
            route.path.len()
        )
    } else {
        format!("{:.1} tiles to the first break", route.length_tiles)
    };
    format!("Route: {state} · {length}")
}

/// "loop 1 · jump 2 · split 1", or "no obstacles".
#[must_use]
pub fn obstacles(route: &Route) -> String {
    if route.obstacles.is_empty() {
        return "no obstacles".into();
    }
    route
        .obstacles
        .iter()
        .map(|(k, n)| format!("{k} {n}"))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The kind in words, e.g. "dead end".
#[must_use]
pub fn kind_name(kind: BreakKind) -> &'static str {
    match kind {
        BreakKind::NoStartFinish => "no start/finish",
        BreakKind::ManyStartFinish => "second start/finish",
        BreakKind::NotClosed => "not closed",
        BreakKind::DeadEnd => "dead end",
        BreakKind::OffMap => "off the map",
        BreakKind::SideMismatch => "side mismatch",
        BreakKind::LevelMismatch => "level mismatch",
        BreakKind::WrongWay => "wrong way",
        BreakKind::LongJump => "long jump",
        BreakKind::NoRunway => "no run-up",
        BreakKind::InternalSide => "into a filler",
        BreakKind::TooManyBranches => "too many splits",
        BreakKind::TooManyPieces => "too many pieces",
        BreakKind::OffRoute => "off the route",
    }
}

/// "[route error] (6, 5) dead end: …" for the validation list.
#[must_use]
pub fn break_label(b: &Break) -> String {
    let at = b.pos.map_or_else(String::new, |p| format!("{p} "));
    if b.kind == BreakKind::OffRoute {
        // Not a break: the route goes on without it (issue 31).
        return format!("[off-route piece] {at}{}", b.message);
    }
    let mark = if b.rejects {
        "[route error]"
    } else {
        "[route]"
    };
    format!("{mark} {at}{}: {}", kind_name(b.kind), b.message)
}

/// A profile mark's label without orientation or hand: "Right-handed cork
/// u/d (S>N)" becomes "cork u/d".
#[must_use]
pub fn short_mark(mark: &str) -> String {
    let name = mark.split(" (").next().unwrap_or(mark);
    let name = name
        .strip_prefix("Right-handed ")
        .or_else(|| name.strip_prefix("Left-handed "))
        .unwrap_or(name);
    name.to_lowercase()
}

/// Which profile marks get a text label so that no two overlap: marks are
/// (distance in tiles, label) in driving order, `px_per_tile` the plot's
/// horizontal scale and `char_px` the width of a character. Each label
/// takes the lower of two rows where it fits (centred on its mark, a gap
/// of one character); one that fits in neither is left out (its diamond
/// stays, and hovering names its tile). Returns (index, row).
#[must_use]
pub fn profile_labels(
    marks: &[(f32, String)],
    px_per_tile: f32,
    char_px: f32,
) -> Vec<(usize, usize)> {
    let mut row_end = [f32::NEG_INFINITY; 2];
    let mut out = Vec::new();
    for (i, (at, label)) in marks.iter().enumerate() {
        let centre = at * px_per_tile;
        let half = label.chars().count() as f32 * char_px / 2.0;
        if let Some(row) = (0..2).find(|&r| centre - half >= row_end[r]) {
            row_end[row] = centre + half + char_px;
            out.push((i, row));
        }
    }
    out
}

/// Points along consecutive polylines every `spacing` map units (the first
/// half a spacing in), each with the unit direction of travel there.
#[must_use]
pub fn arrows(lines: &[Vec<[f32; 2]>], spacing: f32) -> Vec<([f32; 2], [f32; 2])> {
    let mut out = Vec::new();
    let mut next = spacing / 2.0;
    let mut walked = 0.0_f32;
    for line in lines {
        for w in line.windows(2) {
            let (a, b) = (w[0], w[1]);
            let len = (b[0] - a[0]).hypot(b[1] - a[1]);
            if len <= f32::EPSILON {
                continue;
            }
            let dir = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
            while next <= walked + len {
                let t = (next - walked) / len;
                out.push(([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t], dir));
                next += spacing;
            }
            walked += len;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use trackbench_core::trk::{TilePos, Track, trace};

    #[test]
    fn arrows_sit_every_spacing_along_joined_lines() {
        let lines = vec![vec![[0.0, 0.0], [0.0, 3.0]], vec![[0.0, 3.0], [2.0, 3.0]]];
        let a = arrows(&lines, 2.0);
        assert_eq!(a.len(), 3);
        assert_eq!(a[0], ([0.0, 1.0], [0.0, 1.0]));
        assert_eq!(a[1].0, [0.0, 3.0]);
        assert_eq!(a[2], ([2.0, 3.0], [1.0, 0.0]));
    }

    #[test]
    fn summaries_say_closed_or_why_not() {
        assert_eq!(
            summary(&trace(&Track::new())),
            "Route: no start/finish line"
        );
        let mut t = Track::new();
        t.set_track_code(TilePos { x: 4, y: 4 }, 0x01);
        let r = trace(&t);
        assert_eq!(
            summary(&r),
            "Route: not closed · 1.0 tiles to the first break"
        );
        let b = r
            .breaks
            .iter()
            .find(|b| b.kind == BreakKind::DeadEnd)
            .unwrap();
        assert!(break_label(b).starts_with("[route] (4, 4) dead end: the road ends"));
        let nc = r
            .breaks
            .iter()
            .find(|b| b.kind == BreakKind::NotClosed)
            .unwrap();
        assert!(break_label(nc).starts_with("[route error] (4, 4) not closed"));
        assert_eq!(obstacles(&r), "no obstacles");
    }
    #[test]
    fn profile_labels_never_overlap_and_use_two_rows() {
        let m = |at: f32, l: &str| (at, l.to_string());
        // 10 px per tile, 6 px per character: "loop" is 24 px wide.
        let marks = vec![
            m(1.0, "loop"),
            m(2.0, "loop"),
            m(3.0, "loop"),
            m(9.0, "tunnel"),
        ];
        assert_eq!(
            profile_labels(&marks, 10.0, 6.0),
            vec![(0, 0), (1, 1), (3, 0)],
            "the third loop fits in neither row"
        );
        assert_eq!(profile_labels(&marks, 100.0, 6.0).len(), 4);
        assert_eq!(short_mark("Right-handed cork u/d (S>N)"), "cork u/d");
        assert_eq!(short_mark("Loop (E-W)"), "loop");
    }
}
