//! The names the game knows for a map's car (player model) and decoration
//! (mood), by environment (issue 44: a cut-off "CarSn" was saved without
//! a word).
//!
//! The known names are data: `crates/core/data/known_names.tsv`, every
//! name seen in the corpus for a map's environment (the maps' own, and the
//! cars their ghosts and replays drove), with the corpus files each was
//! seen in. The test `known_names` of `tests/gbx` collects them again with
//! [`seen_names`] and fails when the file differs
//! (`UPDATE_EXPECT=1` writes it). What a form offers is that list for the
//! map's environment plus the names the file already holds
//! ([`offered`]); any other name is unknown ([`is_known`]), and the app
//! and CLI ask or refuse before writing it.

use crate::gbx::access::embedded::embedded_map;
use crate::gbx::access::ghost_summary::ghost_summary;
use crate::gbx::access::map_info::MapInfo;
use crate::gbx::classes::challenge::{
    CHUNK_HEADER_COMMON, CHUNK_VEHICLE, FIELD_DECORATION, FIELD_PLAYER_MODEL, FIELD_TIME_OF_DAY,
    FIELD_VEHICLE,
};
use crate::gbx::read::field_ref::FieldRef;
use crate::gbx::{Chunk, Gbx, ghosts};

/// The data file: comment lines (`#`, naming the source), a header row,
/// then `kind`, `environment`, `name`, `files` separated by tabs.
pub const KNOWN_NAMES_TSV: &str = include_str!("../../../data/known_names.tsv");

/// Which map-wide name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum NameKind {
    /// The car: the id of the player model ident of body chunk 0x0304300D
    /// (GBX.NET `PlayerModel`), e.g. "CarSnow".
    Car,
    /// The decoration (mood): the id of the decoration ident of header
    /// chunk 0x03043003, e.g. "Day" or "48x48Sunset".
    Decoration,
}

impl NameKind {
    /// Both kinds, in the data file's order.
    pub const ALL: [Self; 2] = [Self::Car, Self::Decoration];

    /// The kind's word in the data file's first column ("car",
    /// "decoration").
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Self::Car => "car",
            Self::Decoration => "decoration",
        }
    }
}

/// A map's environment, car and decoration as stored; each `None` when
/// its chunk or field is absent, or the id is empty (the game's default).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MapIdents {
    /// The map's environment (collection) as [`MapInfo::environment`]
    /// gives it, e.g. "Stadium".
    pub environment: Option<String>,
    /// The car's id (body chunk 0x0304300D).
    pub car: Option<String>,
    /// The decoration's id (header chunk 0x03043003, version 2 and later).
    pub decoration: Option<String>,
}

impl MapIdents {
    /// The idents of `gbx`'s map; `None` when it is not a map (no header
    /// chunk 0x03043003).
    #[must_use]
    pub fn read(gbx: &Gbx) -> Option<Self> {
        let info = MapInfo::read(gbx)?;
        let id_in = |chunk: Option<&Chunk>, group: &str, id: &str| {
            gbx.chunk_field(chunk?, group)
                .and_then(|g| g.child(id))
                .and_then(FieldRef::text)
                .filter(|t| !t.is_empty())
        };
        Some(Self {
            environment: info.environment,
            car: id_in(
                gbx.main_chunk(CHUNK_VEHICLE),
                FIELD_PLAYER_MODEL,
                FIELD_VEHICLE,
            ),
            decoration: id_in(
                gbx.header_chunk(CHUNK_HEADER_COMMON),
                FIELD_DECORATION,
                FIELD_TIME_OF_DAY,
            ),
        })
    }

    /// The stored name of `kind`.
    #[must_use]
    pub fn get(&self, kind: NameKind) -> Option<&str> {
        match kind {
            NameKind::Car => self.car.as_deref(),
            NameKind::Decoration => self.decoration.as_deref(),
        }
    }
}

/// The names `gbx` shows the game using, as (kind, environment, name):
/// its map's car and decoration, and the car of every ghost it holds (a
/// map's validation ghost, a replay's runs), under the environment of the
/// map (the file's, or the one a replay embeds). Empty when no map gives
/// an environment. This is what the data file is collected with.
#[must_use]
pub fn seen_names(gbx: &Gbx) -> Vec<(NameKind, String, String)> {
    let own = MapIdents::read(gbx);
    let embedded = || {
        let (_, bytes) = embedded_map(gbx)?;
        MapIdents::read(&Gbx::parse(bytes.to_vec()).ok()?)
    };
    let Some(map) = own.or_else(embedded) else {
        return Vec::new();
    };
    let Some(env) = map.environment.clone() else {
        return Vec::new();
    };
    let mut seen: Vec<(NameKind, String, String)> = NameKind::ALL
        .into_iter()
        .filter_map(|k| Some((k, env.clone(), map.get(k)?.to_owned())))
        .collect();
    for g in ghosts(gbx) {
        if let Some(node) = gbx.nodes.get(g.node)
            && let Some(car) = ghost_summary(gbx, node).car
            // Old ghosts may hold the car as a number of the game's own
            // id table (shown "3"), which is no name to type.
            && !car.bytes().all(|b| b.is_ascii_digit())
        {
            seen.push((NameKind::Car, env.clone(), car));
        }
    }
    seen.sort();
    seen.dedup();
    seen
}

/// One row of the data file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnownName {
    /// Car or decoration.
    pub kind: NameKind,
    /// The environment of the maps it was seen in.
    pub environment: String,
    /// The name.
    pub name: String,
    /// The corpus files it was seen in, joined by "; ".
    pub files: String,
}

/// Every row of [`KNOWN_NAMES_TSV`]; lines that are not rows (comments, the
/// header, a wrong column count, an unknown kind) are skipped.
#[must_use]
pub fn known_rows() -> Vec<KnownName> {
    KNOWN_NAMES_TSV
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let mut cols = l.split('\t');
            let (kind, env, name, files) = (cols.next()?, cols.next()?, cols.next()?, cols.next()?);
            let kind = NameKind::ALL.into_iter().find(|k| k.key() == kind)?;
            Some(KnownName {
                kind,
                environment: env.to_owned(),
                name: name.to_owned(),
                files: files.to_owned(),
            })
        })
        .collect()
}

/// The known names of `kind` for `environment` (every environment's when
/// `None`), sorted and without repeats.
#[must_use]
pub fn known(kind: NameKind, environment: Option<&str>) -> Vec<String> {
    let mut names: Vec<String> = known_rows()
        .into_iter()
        .filter(|r| r.kind == kind && environment.is_none_or(|e| r.environment == e))
        .map(|r| r.name)
        .collect();
    names.sort();
    names.dedup();
    names
}

/// What a form offers for `kind` on `gbx`'s map: the known names of its
/// environment plus the name the file holds, sorted, without repeats.
#[must_use]
pub fn offered(gbx: &Gbx, kind: NameKind) -> Vec<String> {
    let idents = MapIdents::read(gbx).unwrap_or_default();
    let mut names = known(kind, idents.environment.as_deref());
    names.extend(idents.get(kind).map(str::to_owned));
    names.sort();
    names.dedup();
    names
}

/// True when `name` is one [`offered`] gives for `kind` on `gbx`'s map.
#[must_use]
pub fn is_known(gbx: &Gbx, kind: NameKind, name: &str) -> bool {
    offered(gbx, kind).iter().any(|n| n == name)
}

/// The first column of the data file's block rows: block model names seen
/// in the corpus's maps (issue 45), by the map's environment. Their last
/// column gives the first corpus file holding the name and how many more
/// do (the full lists would make the file a few hundred kilobytes).
pub const BLOCK_KEY: &str = "block";

/// The block names `gbx`'s own map holds (placed and baked blocks), as
/// (environment, name), sorted and without repeats; empty when the map
/// gives no environment. This is what the block rows are collected with.
#[must_use]
pub fn seen_block_names(gbx: &Gbx) -> Vec<(String, String)> {
    let Some(env) = MapIdents::read(gbx).and_then(|m| m.environment) else {
        return Vec::new();
    };
    let Some(contents) = crate::gbx::access::map_contents::map_contents(gbx) else {
        return Vec::new();
    };
    let mut seen: Vec<(String, String)> = contents
        .names
        .iter()
        .filter(|n| !n.is_empty())
        .map(|n| (env.clone(), n.to_string()))
        .collect();
    seen.sort();
    seen.dedup();
    seen
}

/// The block names of the data file for `environment` (every
/// environment's when `None`), sorted and without repeats.
#[must_use]
pub fn known_blocks(environment: Option<&str>) -> Vec<String> {
    let mut names: Vec<String> = KNOWN_NAMES_TSV
        .lines()
        .filter_map(|l| {
            let mut cols = l.split('\t');
            let (kind, env, name) = (cols.next()?, cols.next()?, cols.next()?);
            (kind == BLOCK_KEY && environment.is_none_or(|e| env == e)).then(|| name.to_owned())
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

/// The block names the data file lists for `gbx`'s environment (what a
/// palette offers beside the map's own names), sorted and without
/// repeats; empty when the map names no environment.
#[must_use]
pub fn environment_blocks(gbx: &Gbx) -> Vec<String> {
    match MapIdents::read(gbx).and_then(|m| m.environment) {
        Some(env) => known_blocks(Some(&env)),
        None => Vec::new(),
    }
}

/// True when `name` is a block name of `gbx`'s environment in the data
/// file, or one of its own blocks' names.
#[must_use]
pub fn is_known_block(gbx: &Gbx, name: &str) -> bool {
    let env = MapIdents::read(gbx).and_then(|m| m.environment);
    seen_block_names(gbx).iter().any(|(_, n)| n == name)
        || known_blocks(env.as_deref()).iter().any(|n| n == name)
}
