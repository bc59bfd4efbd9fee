//! The work a Runs tab hands to the core's job runner
//! ([`trackbench_core::jobs`]): one file read and parsed per item (its
//! runs, and the blocks of its map when it is or embeds one), and the
//! search for the map beside the files. Nothing here touches the UI.

use std::path::{Path, PathBuf};
use trackbench_core::bytes::ReadError;
use trackbench_core::file_kinds::{FileKind, strip_gbx};
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::access::embedded::embedded_map;
use trackbench_core::gbx::access::map_contents::{BLOCK_SIZE_M, BlockRef, Kind, map_contents};
use trackbench_core::gbx::access::map_info::MapInfo;
use trackbench_core::gbx::classes::challenge;
use trackbench_core::gbx::header_scan::read_header;
use trackbench_core::jobs::Control;
use trackbench_core::sniff::bounded::GbxRead;
use trackbench_core::toolbox::runs::{RUN_CHUNKS, Run, runs_of};
use trackbench_core::walk::{WalkOptions, walk};

/// Most map files beside the runs looked at for their map (each is parsed).
pub const MAX_MAPS_BESIDE: usize = 12;

/// A map as the paths plot draws it beneath the runs.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MapDrawing {
    /// Every block's (x, z) corner in metres (one block of
    /// [`BLOCK_SIZE_M`] each: coordinate `c` covers `c × 32 .. (c + 1) × 32`
    /// m, `map_contents::BlockRef::plan_position`).
    pub blocks: Vec<[f64; 2]>,
    /// The start, finish and checkpoint blocks' corners, as `blocks`.
    pub waypoints: Vec<[f64; 2]>,
    /// Where the map came from ("embedded in …", a file name).
    pub source: String,
    /// The map's uid, when stored.
    pub uid: Option<String>,
}

/// What one file gave.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FileRuns {
    /// Its runs (one per ghost with a race time or samples).
    pub runs: Vec<Run>,
    /// Why it gave no run ("NAME: reason").
    pub problem: Option<String>,
    /// The partial-input warning of a damaged file read anyway
    /// ([`Gbx::partial_input_warning`]; issue 43, finding 7: the CLI's
    /// `runs` warned, the tab did not).
    pub warning: Option<String>,
    /// Its map: itself when it is a map, else the map a replay embeds.
    pub map: Option<MapDrawing>,
}

/// The file name of `p` (the whole path when it has none).
#[must_use]
pub fn file_name(p: &Path) -> String {
    p.file_name().map_or_else(
        || p.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// Reads and parses `path` (a job's item): its runs and its map. A
/// cancelled job skips the map (the runs are what was asked for).
#[must_use]
pub fn read_file(path: &Path, control: &Control) -> FileRuns {
    let name = file_name(path);
    // No further than the end the header declares (issue 43, finding 6).
    let gbx = match trackbench_core::sniff::input::read_gbx(path)
        .map_err(|e| e.to_string())
        .and_then(|r| parse_for_runs(r).map_err(|e| e.to_string()))
    {
        Ok(g) => g,
        Err(e) => {
            return FileRuns {
                problem: Some(format!("{name}: {e}")),
                ..FileRuns::default()
            };
        }
    };
    let warning = gbx.partial_input_warning(&name);
    let runs = runs_of(&gbx, &name);
    let problem = runs
        .is_empty()
        .then(|| format!("{name}: no ghost with a time"));
    let map = if control.is_cancelled() {
        None
    } else {
        map_of(gbx, &name)
    };
    FileRuns {
        runs,
        problem,
        warning,
        map,
    }
}

/// A map in full: its drawing needs every block, and the ghosts narrow
/// form leaves the skippable block chunks (baked, free blocks) raw. Any
/// other file (replay, ghost) in the ghosts narrow form ([`RUN_CHUNKS`],
/// issue 46), which gives the runs of a full parse.
fn parse_for_runs(read: GbxRead) -> Result<Gbx, ReadError> {
    let is_map = read_header(&read.bytes).is_ok_and(|h| h.class_id == challenge::CLASS_ID);
    if is_map {
        read.parse()
    } else {
        read.parse_narrow(&RUN_CHUNKS)
    }
}

/// The map of a file: itself when it is a map, else its embedded map.
fn map_of(gbx: Gbx, name: &str) -> Option<MapDrawing> {
    if MapInfo::read(&gbx).is_some() {
        return Some(drawing(&gbx, name.to_owned()));
    }
    let (_, bytes) = embedded_map(&gbx)?;
    let map = Gbx::parse(bytes.to_vec()).ok()?;
    Some(drawing(&map, format!("embedded in {name}")))
}

/// A .Map.Gbx / .Challenge.Gbx in the folders of `paths` whose uid is
/// `uid` (the folders listed by the core's one walker, in path order; at
/// most [`MAX_MAPS_BESIDE`] files are parsed); stops early when `control`
/// is cancelled.
#[must_use]
pub fn map_beside(paths: &[PathBuf], uid: &str, control: &Control) -> Option<MapDrawing> {
    let mut dirs: Vec<PathBuf> = paths
        .iter()
        .filter_map(|p| p.parent())
        .map(|d| {
            if d.as_os_str().is_empty() {
                Path::new(".")
            } else {
                d
            }
        })
        .map(Path::to_path_buf)
        .collect();
    dirs.sort();
    dirs.dedup();
    let options = WalkOptions {
        recursive: false,
        kinds: &[FileKind::Gbx],
    };
    let candidates = walk(&dirs, options)
        .files
        .into_iter()
        .map(|f| f.path)
        .filter(|p| is_map_name(p))
        .take(MAX_MAPS_BESIDE);
    for p in candidates {
        if control.is_cancelled() {
            return None;
        }
        let read = trackbench_core::sniff::input::read_gbx(&p).ok();
        let Some(gbx) = read.and_then(|r| r.parse().ok()) else {
            continue;
        };
        if MapInfo::read(&gbx).and_then(|m| m.uid).as_deref() == Some(uid) {
            return Some(drawing(&gbx, file_name(&p)));
        }
    }
    None
}

/// The type part of a map's file name (`NAME.Map.Gbx`, `NAME.Challenge.Gbx`
/// of the TM1-era games), any case.
const MAP_TYPES: [&str; 2] = ["map", "challenge"];

/// True for a map's file name: a .Gbx ([`strip_gbx`]) whose type is one of
/// [`MAP_TYPES`].
fn is_map_name(p: &Path) -> bool {
    let name = file_name(p);
    strip_gbx(&name)
        .and_then(|stem| stem.rsplit_once('.'))
        .is_some_and(|(_, t)| MAP_TYPES.iter().any(|m| t.eq_ignore_ascii_case(m)))
}

/// The blocks of `map` from above, and its uid.
fn drawing(map: &Gbx, source: String) -> MapDrawing {
    let uid = MapInfo::read(map).and_then(|m| m.uid);
    let Some(c) = map_contents(map) else {
        return MapDrawing {
            source,
            uid,
            ..MapDrawing::default()
        };
    };
    let blocks = c.blocks().map(corner).collect();
    let waypoints = c
        .blocks()
        .filter(|b| b.kind != Kind::Other)
        .map(corner)
        .collect();
    MapDrawing {
        blocks,
        waypoints,
        source,
        uid,
    }
}

/// A block's (x, z) corner in metres.
fn corner(b: BlockRef<'_>) -> [f64; 2] {
    let p = b.plan_position();
    [
        p[0] * f64::from(BLOCK_SIZE_M[0]),
        p[1] * f64::from(BLOCK_SIZE_M[2]),
    ]
}
