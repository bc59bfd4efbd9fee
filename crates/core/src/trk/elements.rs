//! Track element catalogue: every track code 0x00–0xB5 and the fillers
//! 0xFD–0xFF, from the tables of seed 002 "Track codification" (linear
//! elements, corners and splits, miscellaneous, scenery, fillers).
//!
//! Orientation names follow seed 002: map sides N, S, W, E are top, bottom,
//! left, right; `Towards(North)` is the "S>N" column.

pub use super::element_kind::{ElementGroup, ElementKind, Surface};
pub use super::orientation::{Axis, Diagonal, Dir, Orientation, Quadrant};
use serde::Serialize;
use std::sync::OnceLock;

/// Tiles an element covers, anchored at its NW tile (seed 002 "Fillers").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Footprint {
    /// One tile.
    Single,
    /// 1 wide × 2 tall: the element on top, filler 0xFE below.
    Tall,
    /// 2 wide × 1 tall: the element on the left, filler 0xFF to the right.
    Wide,
    /// 2 × 2: the element at NW, fillers 0xFF (NE), 0xFE (SW), 0xFD (SE).
    Square,
}

impl Footprint {
    /// Width and height in tiles.
    #[must_use]
    pub fn size(self) -> (u8, u8) {
        match self {
            Self::Single => (1, 1),
            Self::Tall => (1, 2),
            Self::Wide => (2, 1),
            Self::Square => (2, 2),
        }
    }

    /// The filler tiles as `(dx, dy, filler code)` relative to the NW tile.
    #[must_use]
    pub fn fillers(self) -> &'static [(u8, u8, u8)] {
        match self {
            Self::Single => &[],
            Self::Tall => &[(0, 1, FILLER_SW)],
            Self::Wide => &[(1, 0, FILLER_NE)],
            Self::Square => &[(1, 0, FILLER_NE), (0, 1, FILLER_SW), (1, 1, FILLER_SE)],
        }
    }
}

/// Filler at the SE tile of a 2×2 element.
pub const FILLER_SE: u8 = 0xFD;
/// Filler at the SW tile (below the element).
pub const FILLER_SW: u8 = 0xFE;
/// Filler at the NE tile (right of the element).
pub const FILLER_NE: u8 = 0xFF;

/// One catalogue entry: a track code and what it means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Element {
    /// The byte in the track block.
    pub code: u8,
    /// Element name from seed 002 (without orientation), e.g. "Paved sharp corner".
    pub name: &'static str,
    /// What it is.
    pub kind: ElementKind,
    /// Driving surface.
    pub surface: Surface,
    /// How it is turned.
    pub orientation: Orientation,
    /// Tiles it covers (fillers included).
    pub footprint: Footprint,
}

impl Element {
    /// Name with orientation, e.g. "Paved sharp corner (S-E)".
    #[must_use]
    pub fn display_name(&self) -> String {
        match orientation_label(self.orientation) {
            Some(o) => format!("{} ({o})", self.name),
            None => self.name.to_string(),
        }
    }

    /// The same element turned 90° clockwise, when the catalogue has it
    /// (every multi-orientation family does; two-way pieces alternate).
    #[must_use]
    pub fn rotated_cw(&self) -> Option<Element> {
        let want = self.orientation.rotated_cw();
        catalogue()
            .iter()
            .find(|e| e.name == self.name && e.kind == self.kind && e.orientation == want)
            .copied()
    }
}

impl Element {
    /// The element mirrored east–west (left–right), when the catalogue has
    /// it: corners, splits, chicanes, banked ends and directions swap sides,
    /// and left-handed corks u/d become right-handed.
    #[must_use]
    pub fn mirrored_ew(&self) -> Option<Element> {
        let kind = match self.kind {
            ElementKind::CorkUpDown { right_handed } => ElementKind::CorkUpDown {
                right_handed: !right_handed,
            },
            k => k,
        };
        let want = mirror_orientation(self.orientation);
        let is_cork = matches!(kind, ElementKind::CorkUpDown { .. });
        catalogue()
            .iter()
            .find(|e| {
                e.kind == kind
                    && e.surface == self.surface
                    && e.orientation == want
                    && (is_cork || e.name == self.name)
            })
            .copied()
    }
}

fn mirror_dir(d: Dir) -> Dir {
    match d {
        Dir::East => Dir::West,
        Dir::West => Dir::East,
        other => other,
    }
}

fn mirror_quadrant(q: Quadrant) -> Quadrant {
    match q {
        Quadrant::NorthWest => Quadrant::NorthEast,
        Quadrant::NorthEast => Quadrant::NorthWest,
        Quadrant::SouthEast => Quadrant::SouthWest,
        Quadrant::SouthWest => Quadrant::SouthEast,
    }
}

fn mirror_orientation(o: Orientation) -> Orientation {
    match o {
        Orientation::Towards(d) => Orientation::Towards(mirror_dir(d)),
        Orientation::Facing(d) => Orientation::Facing(mirror_dir(d)),
        Orientation::Corner(q) => Orientation::Corner(mirror_quadrant(q)),
        Orientation::Split { road, corner } => Orientation::Split {
            road,
            corner: mirror_quadrant(corner),
        },
        Orientation::Chicane { road, diagonal } => Orientation::Chicane {
            road,
            diagonal: if diagonal == Diagonal::SwNe {
                Diagonal::SeNw
            } else {
                Diagonal::SwNe
            },
        },
        Orientation::BankedEnd { road, highest } => Orientation::BankedEnd {
            road,
            highest: mirror_quadrant(highest),
        },
        other => other,
    }
}

fn dir_abbrev(d: Dir) -> &'static str {
    match d {
        Dir::North => "N",
        Dir::East => "E",
        Dir::South => "S",
        Dir::West => "W",
    }
}

fn quad_abbrev(q: Quadrant) -> &'static str {
    match q {
        Quadrant::NorthWest => "NW",
        Quadrant::NorthEast => "NE",
        Quadrant::SouthEast => "SE",
        Quadrant::SouthWest => "SW",
    }
}

fn axis_abbrev(a: Axis) -> &'static str {
    match a {
        Axis::NorthSouth => "N-S road",
        Axis::EastWest => "E-W road",
    }
}

fn orientation_label(o: Orientation) -> Option<String> {
    let opposite = |d: Dir| dir_abbrev(d.rotated_cw().rotated_cw());
    Some(match o {
        Orientation::Any => return None,
        Orientation::Towards(d) => format!("{}>{}", opposite(d), dir_abbrev(d)),
        Orientation::Along(Axis::NorthSouth) => "N-S".into(),
        Orientation::Along(Axis::EastWest) => "E-W".into(),
        Orientation::Corner(q) => {
            let (a, b) = q.sides();
            format!("{}-{}", dir_abbrev(a), dir_abbrev(b))
        }
        Orientation::Split { road, corner } => {
            let (a, b) = corner.sides();
            format!("{}, {}-{}", axis_abbrev(road), dir_abbrev(a), dir_abbrev(b))
        }
        Orientation::Chicane { road, diagonal } => {
            let d = if diagonal == Diagonal::SwNe {
                "SW-NE"
            } else {
                "SE-NW"
            };
            format!("{}, {d}", axis_abbrev(road))
        }
        Orientation::BankedEnd { road, highest } => {
            format!("{}, high {}", axis_abbrev(road), quad_abbrev(highest))
        }
        Orientation::Facing(d) => format!("facing {}", dir_abbrev(d)),
        Orientation::Filler(q) => quad_abbrev(q).to_string(),
    })
}

/// What a track byte is, for any value 0x00–0xFF.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum CodeClass {
    /// A catalogued element or filler.
    Known(Element),
    /// 0xB6–0xFC: used internally by Stunts, invalid in files (seed 002
    /// "Other track element codes"); the note says what Stunts shows.
    Internal(&'static str),
}

/// Classifies any track byte.
#[must_use]
pub fn classify(code: u8) -> CodeClass {
    match element(code) {
        Some(e) => CodeClass::Known(e),
        None => CodeClass::Internal(internal_code_note(code)),
    }
}

/// Seed 002's description of an internal code 0xB6–0xFC ("" otherwise).
#[must_use]
pub fn internal_code_note(code: u8) -> &'static str {
    match code {
        0xB6..=0xB9 => "internal: paved slope",
        0xBA..=0xBD => "internal: dirt slope",
        0xBE..=0xC1 => "internal: ice slope",
        0xC2..=0xC5 => "internal: strange slope",
        0xC6..=0xD3 | 0xEE..=0xF5 => "internal: grass",
        0xD4..=0xD5 => "internal: dot",
        0xD6..=0xD7 => "internal: grey line at north wall",
        0xD8..=0xDC => "internal: water",
        0xDD..=0xE9 => "internal: hill piece",
        0xEA..=0xED => "internal: coloured dot",
        0xF6 | 0xFB => "internal: small object",
        0xF7..=0xFA => "internal: crashes Stunts",
        0xFC => "internal: corner slope",
        _ => "",
    }
}

/// The catalogue entry for `code`, or `None` for 0xB6–0xFC.
#[must_use]
pub fn element(code: u8) -> Option<Element> {
    lookup_table()[usize::from(code)]
}

/// Every catalogued element and filler, in code order (185 + 3 entries).
#[must_use]
pub fn catalogue() -> &'static [Element] {
    static ALL: OnceLock<Vec<Element>> = OnceLock::new();
    ALL.get_or_init(|| lookup_table().iter().flatten().copied().collect())
}

/// True for start/finish lines of every surface.
#[must_use]
pub fn is_start_finish(code: u8) -> bool {
    element(code).is_some_and(|e| e.kind == ElementKind::StartFinish)
}

/// True for the fillers 0xFD–0xFF.
#[must_use]
pub fn is_filler(code: u8) -> bool {
    code >= FILLER_SE
}

fn lookup_table() -> &'static [Option<Element>; 256] {
    static TABLE: OnceLock<[Option<Element>; 256]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = [None; 256];
        for fam in super::element_table::FAMILIES {
            for (&code, &orientation) in fam.codes.iter().zip(fam.orients) {
                table[usize::from(code)] = Some(Element {
                    code,
                    name: fam.name,
                    kind: fam.kind,
                    surface: fam.surface,
                    orientation,
                    footprint: footprint_of(fam.kind, orientation),
                });
            }
        }
        table
    })
}

/// Footprint rule of seed 002 "Fillers", checked against the corpus: loops
/// and corks l/r are 2×1 (tall when running N-S), corks u/d, chicanes and
/// every large corner or large split (including banked and elevated corners)
/// are 2×2.
fn footprint_of(kind: ElementKind, orientation: Orientation) -> Footprint {
    use ElementKind as K;
    match kind {
        K::Loop | K::CorkLeftRight => match orientation {
            Orientation::Along(Axis::NorthSouth) => Footprint::Tall,
            _ => Footprint::Wide,
        },
        K::LargeCorner
        | K::LargeSplit
        | K::BankedCorner
        | K::ElevatedCorner
        | K::CorkUpDown { .. }
        | K::Chicane => Footprint::Square,
        _ => Footprint::Single,
    }
}
