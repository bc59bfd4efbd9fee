//! The walk behind [`super::route::trace`]: Stunts' own route check,
//! `track_setup` in restunts (`src/restunts/asm/seg004.asm`), followed
//! step by step in our own code, with the connection rules of
//! [`super::route_rules`].
//!
//! What the game does, and this walk with it:
//! - Start on the start/finish tile (the first in row order, north row
//!   first), heading the way the line points, on the ground.
//! - Enter the next tile: a filler leads to its element's NW tile with the
//!   port of its position; a tile on a straight slope drives only as
//!   `drives_on_straight_slope` allows; internal codes drive as 0x04.
//! - Try every road of the element in order. A road whose end lies on the
//!   entered side at another level stops the check (`elem_mism`). A road
//!   already driven the same way is a rejoin (back at the start piece: the
//!   route is closed); driven the other way it stops the check
//!   (`wrong_way`). The first new road is taken; a second one (a split) is
//!   kept for later, at most 64 at a time (`many_path`).
//! - Nothing taken on an elevated road: try a jump, landing two tiles past
//!   the last piece (its NW tile, even for a 2×2 piece), then three; the
//!   run-up needs two straight pieces (`no_runway`) and a landing three
//!   tiles away is too long (`long_jump`). The jump counter is not reset
//!   when a kept branch is resumed, so resuming after two failed landings
//!   reports `long_jump` too.
//! - Nothing taken otherwise: this branch ends; resume a kept one.
//! - More than 900 pieces stops the check (`many_elem`); no branch back at
//!   the start stops it too (`no_path`).
//!
//! The game stops at its first error; the walk records it and goes on
//! with the other branches, so every break is reported.

use super::elements::{Dir, Element, Quadrant, element, is_filler};
use super::route_records::{Break, BreakKind, Piece};
use super::route_rules::{
    FillerEntry, Level, Port, Road, connections, drives_on_straight_slope, effective_code,
    filler_entry,
};
use super::terrain::{TerrainKind, terrain};
use super::track::{TILE_COUNT, TilePos, Track};

/// Roads kept for later at once (`many_path`: 0x40 in `track_setup`).
const MAX_PENDING: usize = 64;
/// Pieces before `track_setup` gives up (`many_elem`: 0x385).
const MAX_PIECES: usize = 901;
const NONE: u16 = u16::MAX;

/// Where the walk is about to enter.
#[derive(Debug, Clone, Copy)]
struct Cursor {
    tile: (i32, i32),
    heading: Dir,
    level: Level,
    /// The last piece taken.
    from: Option<usize>,
    /// Straight pieces in a row before this point (the jump run-up).
    runway: u32,
}

/// A road found through an entered tile, not yet taken.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    anchor: TilePos,
    code: u8,
    road: u8,
    reversed: bool,
    entered: TilePos,
}

/// What the first tile after a piece held, for the dead-end message.
#[derive(Debug, Clone)]
struct Probe {
    /// Last tile of road before it.
    end: Option<TilePos>,
    heading: Dir,
    what: Blocked,
}

#[derive(Debug, Clone)]
enum Blocked {
    OffMap,
    /// Nothing to drive on this tile.
    Nothing(TilePos),
    /// The element at the anchor (second) has no road on that side.
    Closed(TilePos, TilePos),
    Rejoin,
}

/// The walk's results, turned into a [`super::route::Route`] by `route`.
#[derive(Debug, Default)]
pub(super) struct Walk {
    pub pieces: Vec<Piece>,
    pub breaks: Vec<Break>,
    /// Pieces where the walk kept a second road (splits), with the count.
    pub branch_points: Vec<usize>,
    /// The piece before the rejoin at the start, when it closes.
    pub closed_from: Option<usize>,
    /// The last piece of the first branch that ended (for an open route).
    pub first_end: Option<usize>,
    /// Per tile, the pieces whose NW tile it is (at most two).
    slots: Vec<[u16; 2]>,
    pending: Vec<(Candidate, Cursor)>,
    /// `track_setup`'s jump counter (`var_4`).
    jump: u8,
}

enum Step {
    Enter(Cursor),
    Take(Candidate, Cursor),
    Resume,
    Done,
}

impl Walk {
    /// Walks `track` from the start/finish line at `start`.
    pub(super) fn run(track: &Track, start: TilePos, heading: Dir) -> Self {
        let mut w = Self {
            slots: vec![[NONE; 2]; TILE_COUNT],
            ..Self::default()
        };
        let mut step = Step::Enter(Cursor {
            tile: (i32::from(start.x), i32::from(start.y)),
            heading,
            level: Level::Ground,
            from: None,
            runway: 0,
        });
        let mut probe: Option<Probe> = None;
        loop {
            step = match step {
                Step::Enter(cur) => w.enter(track, cur, &mut probe),
                Step::Take(cand, cur) => {
                    probe = None;
                    w.take(track, cand, cur)
                }
                Step::Resume => w.resume(),
                Step::Done => break,
            };
        }
        w
    }

    fn fatal(&mut self, kind: BreakKind, pos: Option<TilePos>, message: String) {
        self.breaks.push(Break::new(kind, pos, message));
    }

    /// Enters `cur.tile`; takes a road, tries a jump, or ends the branch.
    fn enter(&mut self, track: &Track, cur: Cursor, probe: &mut Option<Probe>) -> Step {
        let found = match self.find(track, cur) {
            Ok(found) => found,
            Err(b) => {
                self.breaks.push(b);
                return Step::Resume;
            }
        };
        let first_probe = probe.is_none();
        if first_probe {
            *probe = Some(Probe {
                end: self.end_tile(cur),
                heading: cur.heading,
                what: found.blocked.clone(),
            });
        }
        if let Some((&first, rest)) = found.candidates.split_first() {
            for &c in rest {
                if self.pending.len() == MAX_PENDING {
                    let msg = format!(
                        "more than {MAX_PENDING} split branches wait at once; Stunts gives up \
                         (restunts track_setup: many_path)"
                    );
                    self.fatal(BreakKind::TooManyBranches, Some(c.entered), msg);
                    return Step::Resume;
                }
                self.pending.push((c, cur));
            }
            if !rest.is_empty() {
                self.branch_points.push(self.pieces.len());
            }
            if self.jump > 1 {
                self.long_jump(first.entered);
                return Step::Resume;
            }
            return Step::Take(first, cur);
        }
        if cur.level == Level::Elevated && self.jump < 2 {
            return self.jump(cur);
        }
        if let Some(p) = probe.take() {
            self.report_end(track, p);
        }
        Step::Resume
    }

    /// The last tile of road before `cur.tile`.
    fn end_tile(&self, cur: Cursor) -> Option<TilePos> {
        let (dx, dy) = cur.heading.delta();
        TilePos::new(cur.tile.0 - dx, cur.tile.1 - dy)
    }

    fn long_jump(&mut self, at: TilePos) {
        let msg = format!(
            "the car would land at {at}, three tiles past the last elevated piece; \
             Stunts allows one tile of gap (restunts track_setup: long_jump)"
        );
        self.fatal(BreakKind::LongJump, Some(at), msg);
    }

    /// Nothing to take on an elevated road: try landing one tile further.
    fn jump(&mut self, mut cur: Cursor) -> Step {
        let from = cur.from.map(|i| self.pieces[i].anchor);
        if cur.runway < 2 {
            let at = from.or_else(|| self.end_tile(cur));
            let msg = "an elevated road ends here without two straight pieces before it; \
                       Stunts needs that run-up for a jump (restunts track_setup: no_runway)"
                .to_string();
            self.fatal(BreakKind::NoRunway, at, msg);
            return Step::Resume;
        }
        cur.runway += 1;
        self.jump += 1;
        let Some(anchor) = from else {
            return Step::Resume;
        };
        let (dx, dy) = cur.heading.delta();
        let reach = i32::from(self.jump) + 1;
        cur.tile = (
            i32::from(anchor.x) + dx * reach,
            i32::from(anchor.y) + dy * reach,
        );
        Step::Enter(cur)
    }

    fn report_end(&mut self, track: &Track, p: Probe) {
        let flew = if self.jump > 0 {
            " (and no landing one or two tiles further)"
        } else {
            ""
        };
        let heading = dir_name(p.heading);
        let (kind, pos, message) = match p.what {
            Blocked::Rejoin => return,
            Blocked::OffMap => (
                BreakKind::OffMap,
                p.end,
                format!("the road leaves the map heading {heading}{flew}"),
            ),
            Blocked::Nothing(at) => (
                BreakKind::DeadEnd,
                p.end,
                format!(
                    "the road ends heading {heading}: {at} holds {}{flew}",
                    describe(track, at)
                ),
            ),
            Blocked::Closed(at, anchor) => (
                BreakKind::SideMismatch,
                Some(at),
                format!(
                    "{} has no road on its {} side, where the route arrives{flew}",
                    piece_name(track, anchor),
                    dir_name(p.heading.opposite())
                ),
            ),
        };
        self.breaks.push(Break::new(kind, pos, message));
    }

    /// Resumes the last kept branch, if any.
    fn resume(&mut self) -> Step {
        if self.first_end.is_none() {
            self.first_end = self.pieces.len().checked_sub(1);
        }
        let Some((cand, cur)) = self.pending.pop() else {
            return Step::Done;
        };
        if self.jump > 1 {
            self.long_jump(cand.entered);
            self.jump = 0;
        }
        Step::Take(cand, cur)
    }

    /// Takes a road: records the piece and moves past its exit.
    fn take(&mut self, track: &Track, c: Candidate, cur: Cursor) -> Step {
        let road = connections(c.code)[usize::from(c.road)];
        let (entry, entry_level, exit, exit_level) = if c.reversed {
            (road.b, road.b_level, road.a, road.a_level)
        } else {
            (road.a, road.a_level, road.b, road.b_level)
        };
        let index = self.pieces.len();
        if index == MAX_PIECES {
            let msg = format!(
                "the route has more than {} pieces; Stunts gives up \
                 (restunts track_setup: many_elem)",
                MAX_PIECES - 1
            );
            self.fatal(BreakKind::TooManyPieces, Some(c.anchor), msg);
            return Step::Done;
        }
        let jumped = self.jump;
        self.jump = 0;
        let slot = &mut self.slots[c.anchor.index()];
        if slot[0] == NONE {
            slot[0] = index as u16;
        } else {
            slot[1] = index as u16;
        }
        self.pieces.push(Piece {
            anchor: c.anchor,
            code: track.track_code(c.anchor),
            road: c.road,
            reversed: c.reversed,
            entry,
            exit,
            entry_level,
            exit_level,
            from: cur.from,
            jumped,
            entered: c.entered,
        });
        let (ox, oy) = exit.tile_offset();
        let (dx, dy) = exit.side.delta();
        Step::Enter(Cursor {
            tile: (
                i32::from(c.anchor.x) + ox + dx,
                i32::from(c.anchor.y) + oy + dy,
            ),
            heading: exit.side,
            level: exit_level,
            from: Some(index),
            runway: if road.runway { cur.runway + 1 } else { 0 },
        })
    }
}

struct Found {
    candidates: Vec<Candidate>,
    blocked: Blocked,
}

impl Walk {
    /// The roads `cur` can take into its tile, or the error that stops
    /// Stunts' check there.
    fn find(&mut self, track: &Track, cur: Cursor) -> Result<Found, Break> {
        let Some(tile) = TilePos::new(cur.tile.0, cur.tile.1) else {
            return Ok(found_none(Blocked::OffMap));
        };
        let Some((anchor, port, code)) = self.resolve(track, tile, cur)? else {
            return Ok(found_none(Blocked::Nothing(tile)));
        };
        let roads = connections(code);
        let mut found = Found {
            candidates: Vec::new(),
            blocked: Blocked::Nothing(tile),
        };
        let mut any_port = false;
        for (i, r) in roads.iter().enumerate() {
            let Some((reversed, level)) = port_match(r, port) else {
                continue;
            };
            any_port = true;
            if level != cur.level {
                return Err(level_mismatch(track, tile, anchor, cur.level, level));
            }
            let cand = Candidate {
                anchor,
                code,
                road: i as u8,
                reversed,
                entered: tile,
            };
            match self.driven(anchor, i as u8) {
                None => found.candidates.push(cand),
                Some(p) if self.pieces[p].reversed == reversed => {
                    found.blocked = Blocked::Rejoin;
                    if p == 0 && self.closed_from.is_none() {
                        self.closed_from = cur.from;
                    }
                }
                Some(_) => return Err(wrong_way(track, tile, anchor)),
            }
        }
        if !any_port && !roads.is_empty() {
            found.blocked = Blocked::Closed(tile, anchor);
        }
        Ok(found)
    }

    /// The piece already driven through road `road` of the element at
    /// `anchor`.
    fn driven(&self, anchor: TilePos, road: u8) -> Option<usize> {
        self.slots[anchor.index()]
            .iter()
            .filter(|&&s| s != NONE)
            .map(|&s| usize::from(s))
            .find(|&p| self.pieces[p].road == road)
    }

    /// The element a tile leads to: its NW tile, the port entered and the
    /// code to drive, or `None` when there is nothing to drive.
    fn resolve(
        &self,
        track: &Track,
        tile: TilePos,
        cur: Cursor,
    ) -> Result<Option<(TilePos, Port, u8)>, Break> {
        let code = effective_code(track.track_code(tile));
        if code == 0 || on_blocking_slope(track, tile, code) {
            return Ok(None);
        }
        if !is_filler(code) {
            let port = Port {
                quad: Quadrant::NorthWest,
                side: cur.heading.opposite(),
            };
            return Ok(Some((tile, port, code)));
        }
        let (quad, dx, dy) = match code {
            0xFD => (Quadrant::SouthEast, 1, 1),
            0xFE => (Quadrant::SouthWest, 0, 1),
            _ => (Quadrant::NorthEast, 1, 0),
        };
        let Some(anchor) = tile.offset(-dx, -dy) else {
            return Ok(None);
        };
        match filler_entry(quad, cur.heading) {
            FillerEntry::Port(port) => {
                let code = effective_code(track.track_code(anchor));
                Ok(Some((anchor, port, code)))
            }
            FillerEntry::Interior if self.jump == 0 => Err(Break::new(
                BreakKind::InternalSide,
                Some(tile),
                format!(
                    "the route enters the filler at {tile} from inside its element's \
                     2×2 square; Stunts reports an internal error (restunts \
                     track_setup: int_err)"
                ),
            )),
            FillerEntry::Interior => Ok(None),
        }
    }
}

fn found_none(blocked: Blocked) -> Found {
    Found {
        candidates: Vec::new(),
        blocked,
    }
}

/// Whether road `r` ends at `port`: (driven reversed, level there).
fn port_match(r: &Road, port: Port) -> Option<(bool, Level)> {
    if r.a == port {
        Some((false, r.a_level))
    } else if r.b == port {
        Some((true, r.b_level))
    } else {
        None
    }
}

/// A tile on a straight slope whose code the game blanks
/// (`subst_hillroad_track`).
fn on_blocking_slope(track: &Track, tile: TilePos, code: u8) -> bool {
    let Some(TerrainKind::Slope(up)) = terrain(track.terrain_code(tile)).map(|t| t.kind) else {
        return false;
    };
    element(code).is_none_or(|e: Element| !drives_on_straight_slope(&e, up))
}

fn level_mismatch(
    track: &Track,
    tile: TilePos,
    anchor: TilePos,
    have: Level,
    want: Level,
) -> Break {
    Break::new(
        BreakKind::LevelMismatch,
        Some(tile),
        format!(
            "the route arrives {} but {} meets it {}; Stunts rejects the track \
             (restunts track_setup: elem_mism)",
            have.name(),
            piece_name(track, anchor),
            want.name()
        ),
    )
}

fn wrong_way(track: &Track, tile: TilePos, anchor: TilePos) -> Break {
    Break::new(
        BreakKind::WrongWay,
        Some(tile),
        format!(
            "the route comes back through {} against the way it was driven; Stunts \
             rejects the track (restunts track_setup: wrong_way)",
            piece_name(track, anchor)
        ),
    )
}

/// "Paved road (N-S) at (3, 4)".
pub(super) fn piece_name(track: &Track, anchor: TilePos) -> String {
    let code = track.track_code(anchor);
    let name = element(code).map_or_else(|| format!("code {code:#04x}"), |e| e.display_name());
    format!("{name} at {anchor}")
}

/// What a tile with nothing to drive holds.
fn describe(track: &Track, tile: TilePos) -> String {
    let code = track.track_code(tile);
    let name = element(code).map_or_else(|| format!("code {code:#04x}"), |e| e.display_name());
    match terrain(track.terrain_code(tile)).map(|t| t.kind) {
        Some(TerrainKind::Slope(_)) if code != 0 => {
            format!("{name} on a slope, where it cannot be driven")
        }
        _ if code == 0 => "nothing".to_string(),
        _ => name,
    }
}

pub(super) fn dir_name(d: Dir) -> &'static str {
    match d {
        Dir::North => "north",
        Dir::East => "east",
        Dir::South => "south",
        Dir::West => "west",
    }
}
