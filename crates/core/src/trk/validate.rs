//! What Stunts would reject or mis-render, per tile (issue 3 "Validation",
//! from seed 002 unless a rule says otherwise).
//!
//! Errors are what crashes or breaks the game (invalid codes, a multi-tile
//! element off the map, start/finish count). Warnings are what the game
//! loads and races but its own editor would not produce: missing or orphan
//! fillers and track on terrain the editor refuses (water, slopes), which
//! illusion and flooded tracks use on purpose; corner heights that
//! disagree; short files and unknown trailing data.
//!
//! Why terrain fit is a warning: the Stunts wiki, "Flooded track"
//! (<https://wiki.stunts.hu/wiki/Flooded_track>): external editors such as
//! Track Blaster "place any track element on water terrain", and flooded
//! sections "are commonly used in competitions"; "Illusion track"
//! (<https://wiki.stunts.hu/wiki/Illusion_track>): elements off flat terrain
//! give "weird, and occasionally useful, visual and physical effects". The
//! corpus agrees: the tracks shipped with Stunts have no terrain-fit hit,
//! while the ZakStunts competition tracks (ZCT*) have up to 60 each.

use super::elements::{self, Axis, Dir, Element, ElementKind, Orientation, element, is_filler};
use super::terrain::{MAX_TERRAIN_CODE, TerrainKind, horizon_name, terrain};
use super::track::{TilePos, Track, Trailer};
use serde::Serialize;

/// How bad an issue is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Stunts rejects it, crashes, or the track cannot be raced.
    Error,
    /// Stunts loads it, but its editor would not produce it.
    Warning,
}

/// Which rule an issue comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum IssueCode {
    /// Terrain byte above 0x12 (crashes Stunts, seed 002).
    InvalidTerrainCode,
    /// Track byte 0xB6–0xFC (internal codes, seed 002).
    InvalidTrackCode,
    /// A multi-tile element whose fillers fall off the map.
    ElementOffMap,
    /// A multi-tile element without its filler at a covered tile.
    MissingFiller,
    /// A filler without the element it belongs to.
    OrphanFiller,
    /// No start/finish line, or more than one.
    StartFinishCount,
    /// Track on water or a coast that only elevated pieces may cross
    /// (Stunts' editor refuses it; the game races it: a flooded track).
    TrackOnWater,
    /// Track on a straight slope other than the matching road or ramp.
    TrackOnSlope,
    /// Track on an angled slope (nothing is allowed there).
    TrackOnAngledSlope,
    /// Neighbouring terrain tiles whose shared corners differ in height.
    TerrainHeightMismatch,
    /// The file ended before the terrain block did.
    MissingTerrain,
    /// Bytes after 1,802 that are not a Bliss overlay.
    UnknownTrailer,
    /// Horizon above 5.
    UnknownHorizon,
}

impl IssueCode {
    /// Stable kebab-case name, used in JSON.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::InvalidTerrainCode => "invalid-terrain-code",
            Self::InvalidTrackCode => "invalid-track-code",
            Self::ElementOffMap => "element-off-map",
            Self::MissingFiller => "missing-filler",
            Self::OrphanFiller => "orphan-filler",
            Self::StartFinishCount => "start-finish-count",
            Self::TrackOnWater => "track-on-water",
            Self::TrackOnSlope => "track-on-slope",
            Self::TrackOnAngledSlope => "track-on-angled-slope",
            Self::TerrainHeightMismatch => "terrain-height-mismatch",
            Self::MissingTerrain => "missing-terrain",
            Self::UnknownTrailer => "unknown-trailer",
            Self::UnknownHorizon => "unknown-horizon",
        }
    }

    /// The severity of this rule.
    #[must_use]
    pub fn severity(self) -> Severity {
        match self {
            Self::InvalidTerrainCode
            | Self::InvalidTrackCode
            | Self::ElementOffMap
            | Self::StartFinishCount => Severity::Error,
            _ => Severity::Warning,
        }
    }
}

/// One finding.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Issue {
    /// Error or warning.
    pub severity: Severity,
    /// The tile, in internal coordinates; `None` for whole-track issues.
    pub pos: Option<TilePos>,
    /// The rule.
    pub code: IssueCode,
    /// Human-readable explanation.
    pub message: String,
}

impl Issue {
    fn new(code: IssueCode, pos: Option<TilePos>, message: String) -> Self {
        Self {
            severity: code.severity(),
            pos,
            code,
            message,
        }
    }
}

/// Every issue of `track`, errors and warnings mixed, in rule then tile order.
#[must_use]
pub fn validate(track: &Track) -> Vec<Issue> {
    let mut out = Vec::new();
    check_file(track, &mut out);
    check_codes(track, &mut out);
    check_fillers(track, &mut out);
    check_start_finish(track, &mut out);
    check_terrain_fit(track, &mut out);
    check_corner_heights(track, &mut out);
    out
}

/// True when any issue is an error.
#[must_use]
pub fn has_errors(issues: &[Issue]) -> bool {
    issues.iter().any(|i| i.severity == Severity::Error)
}

fn check_file(track: &Track, out: &mut Vec<Issue>) {
    if let Some(len) = track.short_file_len {
        let what = if track.terrain_missing() {
            "terrain is missing"
        } else {
            "extra byte is missing"
        };
        let msg = format!("file is only {len} bytes ({what}; Stunts keeps what it had in memory)");
        out.push(Issue::new(IssueCode::MissingTerrain, None, msg));
    }
    if let Trailer::Unknown(bytes) = &track.trailer {
        let msg = format!(
            "{} bytes after the track are not Bliss metadata (kept on save)",
            bytes.len()
        );
        out.push(Issue::new(IssueCode::UnknownTrailer, None, msg));
    }
    if horizon_name(track.horizon).is_none() {
        let msg = format!("horizon {} is not one of 0-5", track.horizon);
        out.push(Issue::new(IssueCode::UnknownHorizon, None, msg));
    }
}

fn check_codes(track: &Track, out: &mut Vec<Issue>) {
    for pos in TilePos::all() {
        let t = track.terrain_code(pos);
        if t > MAX_TERRAIN_CODE {
            let msg = format!("terrain code {t:#04x} is above 0x12 and crashes Stunts");
            out.push(Issue::new(IssueCode::InvalidTerrainCode, Some(pos), msg));
        }
        let c = track.track_code(pos);
        if element(c).is_none() {
            let note = elements::internal_code_note(c);
            let msg = format!("track code {c:#04x} is not valid in a file ({note})");
            out.push(Issue::new(IssueCode::InvalidTrackCode, Some(pos), msg));
        }
    }
}

fn check_fillers(track: &Track, out: &mut Vec<Issue>) {
    for pos in TilePos::all() {
        let code = track.track_code(pos);
        let Some(e) = element(code) else { continue };
        if is_filler(code) {
            if filler_parent(track, pos).is_none() {
                let msg = format!("filler {code:#04x} does not belong to any multi-tile element");
                out.push(Issue::new(IssueCode::OrphanFiller, Some(pos), msg));
            }
            continue;
        }
        for &(dx, dy, filler) in e.footprint.fillers() {
            match pos.offset(i32::from(dx), i32::from(dy)) {
                None => {
                    let msg = format!("{} does not fit on the map", e.display_name());
                    out.push(Issue::new(IssueCode::ElementOffMap, Some(pos), msg));
                    break;
                }
                Some(at) if track.track_code(at) != filler => {
                    let msg = format!("{} needs filler {filler:#04x} at {at}", e.display_name());
                    out.push(Issue::new(IssueCode::MissingFiller, Some(pos), msg));
                }
                Some(_) => {}
            }
        }
    }
}

/// The NW tile of the element a filler at `pos` belongs to, if it is there.
#[must_use]
pub fn filler_parent(track: &Track, pos: TilePos) -> Option<TilePos> {
    let code = track.track_code(pos);
    let (dx, dy) = match code {
        elements::FILLER_NE => (1, 0),
        elements::FILLER_SW => (0, 1),
        elements::FILLER_SE => (1, 1),
        _ => return None,
    };
    let parent = pos.offset(-dx, -dy)?;
    let e = element(track.track_code(parent))?;
    let covers = e
        .footprint
        .fillers()
        .iter()
        .any(|&(fx, fy, f)| (i32::from(fx), i32::from(fy), f) == (dx, dy, code));
    covers.then_some(parent)
}

fn check_start_finish(track: &Track, out: &mut Vec<Issue>) {
    let starts: Vec<TilePos> = TilePos::all()
        .filter(|&p| elements::is_start_finish(track.track_code(p)))
        .collect();
    if starts.is_empty() {
        let msg = "the track has no start/finish line".to_string();
        out.push(Issue::new(IssueCode::StartFinishCount, None, msg));
    } else if starts.len() > 1 {
        for &p in &starts {
            let msg = format!(
                "{} start/finish lines; Stunts needs exactly one",
                starts.len()
            );
            out.push(Issue::new(IssueCode::StartFinishCount, Some(p), msg));
        }
    }
}

fn check_terrain_fit(track: &Track, out: &mut Vec<Issue>) {
    for pos in TilePos::all() {
        let Some((e, part_of)) = fit_element(track, pos) else {
            continue;
        };
        let Some(t) = terrain(track.terrain_code(pos)) else {
            continue;
        };
        let rule = match t.kind {
            TerrainKind::Water | TerrainKind::Coast(_) if !fits_water(e.kind) => {
                IssueCode::TrackOnWater
            }
            TerrainKind::Slope(up) if !fits_slope(e.kind, e.orientation, up) => {
                IssueCode::TrackOnSlope
            }
            TerrainKind::OuterSlope(_) | TerrainKind::InnerSlope(_) => {
                IssueCode::TrackOnAngledSlope
            }
            _ => continue,
        };
        let what = match part_of {
            Some(p) => format!("{} (filler of {p})", e.display_name()),
            None => e.display_name(),
        };
        let msg = format!("{what} cannot stand on {} in Stunts' editor", t.name);
        out.push(Issue::new(rule, Some(pos), msg));
    }
}

/// The element whose terrain rule applies at `pos`, and the NW tile of its
/// element when `pos` is a filler. A filler is part of its element (seed
/// 002 "Fillers"; the Illusion track page: all tiles of a multi-tile element
/// "were originally meant to lie at the same height, in a flat surface"),
/// so it takes that element's rule; an orphan filler is already reported
/// and has no rule of its own. Blank tiles and unknown codes have none.
fn fit_element(track: &Track, pos: TilePos) -> Option<(Element, Option<TilePos>)> {
    let code = track.track_code(pos);
    let e = element(code)?;
    if is_filler(code) {
        let parent = filler_parent(track, pos)?;
        return Some((element(track.track_code(parent))?, Some(parent)));
    }
    (e.kind != ElementKind::Blank).then_some((e, None))
}

/// Water and coasts take only elevated road, elevated spans and corners,
/// and ships (issue 3, from Stunts' in-game editor behaviour; fillers take
/// their element's rule, see [`fit_element`]).
fn fits_water(kind: ElementKind) -> bool {
    use ElementKind as K;
    matches!(
        kind,
        K::ElevatedRoad | K::SpanOverRoad | K::ElevatedSpan | K::ElevatedCorner | K::Ship
    )
}

/// A straight slope takes a straight road along it, or a ramp whose
/// ascending direction points downhill: Stunts' hills are as high as
/// elevated roads, so such a ramp runs level from the hill top out over the
/// foot of the slope. The ramp direction is not in seed 002; it is what
/// every ramp on a slope in the corpus tracks does (e.g. 0x27 on 0x07).
fn fits_slope(kind: ElementKind, orientation: Orientation, uphill: Dir) -> bool {
    use ElementKind as K;
    let axis = match uphill {
        Dir::North | Dir::South => Axis::NorthSouth,
        Dir::East | Dir::West => Axis::EastWest,
    };
    match kind {
        K::Road => orientation == Orientation::Along(axis),
        K::ElevatedRamp | K::BridgeRamp | K::SolidRamp => {
            orientation == Orientation::Towards(uphill.rotated_cw().rotated_cw())
        }
        _ => false,
    }
}

fn check_corner_heights(track: &Track, out: &mut Vec<Issue>) {
    for pos in TilePos::all() {
        let Some(here) = terrain(track.terrain_code(pos)) else {
            continue;
        };
        let h = here.corners;
        let east = pos
            .offset(1, 0)
            .and_then(|p| Some((p, terrain(track.terrain_code(p))?)));
        if let Some((p, t)) = east
            && (h.ne != t.corners.nw || h.se != t.corners.sw)
        {
            let msg = format!(
                "{} meets {} at {p}: east corners differ in height",
                here.name, t.name
            );
            out.push(Issue::new(IssueCode::TerrainHeightMismatch, Some(pos), msg));
        }
        let south = pos
            .offset(0, 1)
            .and_then(|p| Some((p, terrain(track.terrain_code(p))?)));
        if let Some((p, t)) = south
            && (h.sw != t.corners.nw || h.se != t.corners.ne)
        {
            let msg = format!(
                "{} meets {} at {p}: south corners differ in height",
                here.name, t.name
            );
            out.push(Issue::new(IssueCode::TerrainHeightMismatch, Some(pos), msg));
        }
    }
}
