//! The runs being compared: the files, their runs, the comparison and the
//! map drawn beneath the paths (embedded in a replay, one of the files, or
//! a map beside them with the same uid).

use crate::document::ReadOnlyDocument;
use std::path::{Path, PathBuf};
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::access::embedded::embedded_map;
use trackbench_core::gbx::access::map_contents::{BLOCK_SIZE_M, map_contents};
use trackbench_core::gbx::access::map_info::MapInfo;
use trackbench_core::toolbox::runs::{Comparison, Run, compare, runs_of};

/// Most map files beside the runs looked at for their map (each is parsed).
const MAX_MAPS_BESIDE: usize = 12;

/// A set of runs of one map.
pub struct RunsDoc {
    /// The files given, in order.
    pub paths: Vec<PathBuf>,
    /// Their runs, in file order.
    pub runs: Vec<Run>,
    /// The comparison against the reference (recomputed when it changes).
    pub comparison: Comparison,
    /// The map's blocks from above: (x, z) corners in metres, one block each.
    pub blocks: Vec<[f64; 2]>,
    /// The map's start, finish and checkpoint blocks, (x, z) corners.
    pub waypoints: Vec<[f64; 2]>,
    /// Where the map came from ("embedded in …", a file name), when found.
    pub map_source: Option<String>,
    /// Files that gave no run, with the reason.
    pub problems: Vec<String>,
    /// Status message.
    pub message: String,
}

impl RunsDoc {
    /// Reads `paths` (each parsed once) and compares their runs.
    #[must_use]
    pub fn load(paths: Vec<PathBuf>) -> Self {
        let mut runs = Vec::new();
        let mut problems = Vec::new();
        let mut map: Option<(Gbx, String)> = None;
        for p in &paths {
            let name = file_name(p);
            let gbx = match std::fs::read(p)
                .map_err(|e| e.to_string())
                .and_then(|b| Gbx::parse(b).map_err(|e| e.to_string()))
            {
                Ok(g) => g,
                Err(e) => {
                    problems.push(format!("{name}: {e}"));
                    continue;
                }
            };
            let found = runs_of(&gbx, &name);
            if found.is_empty() {
                problems.push(format!("{name}: no ghost with a time"));
            }
            runs.extend(found);
            if map.is_none() {
                map = map_of(gbx, &name);
            }
        }
        let comparison = compare(&runs, None);
        if map.is_none() {
            map = map_beside(&paths, comparison.map_uid.as_deref());
        }
        let (blocks, waypoints, map_source) = match &map {
            Some((m, source)) => {
                let (b, w) = block_corners(m);
                (b, w, Some(source.clone()))
            }
            None => (Vec::new(), Vec::new(), None),
        };
        let message = format!("{} runs from {} files", runs.len(), paths.len());
        Self {
            paths,
            runs,
            comparison,
            blocks,
            waypoints,
            map_source,
            problems,
            message,
        }
    }

    /// The comparison against run `reference` (`None`: the fastest of the
    /// shared map, as loaded).
    #[must_use]
    pub fn comparison_with(&self, reference: Option<usize>) -> Comparison {
        match reference {
            None => self.comparison.clone(),
            Some(r) => compare(&self.runs, Some(r)),
        }
    }

    /// The tab title.
    #[must_use]
    pub fn title(&self) -> String {
        format!("Runs ({})", self.runs.len())
    }

    /// The latest time any run reaches (ms).
    #[must_use]
    pub fn end_ms(&self) -> i64 {
        self.runs
            .iter()
            .filter_map(|r| {
                r.samples
                    .last()
                    .map(|s| s.time_ms)
                    .or(r.time_ms.map(i64::from))
            })
            .max()
            .unwrap_or(0)
    }
}

/// True for a replay or ghost file name (`.Replay.Gbx`, `.Ghost.Gbx`, any
/// case): the files a Runs tab compares.
#[must_use]
pub fn is_run_file(path: &Path) -> bool {
    let n = file_name(path).to_ascii_lowercase();
    n.ends_with(".replay.gbx") || n.ends_with(".ghost.gbx")
}

fn file_name(p: &Path) -> String {
    p.file_name().map_or_else(
        || p.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// The map of a file: itself when it is a map, else its embedded map.
fn map_of(gbx: Gbx, name: &str) -> Option<(Gbx, String)> {
    if MapInfo::read(&gbx).is_some() {
        return Some((gbx, name.to_owned()));
    }
    let (_, bytes) = embedded_map(&gbx)?;
    let map = Gbx::parse(bytes.to_vec()).ok()?;
    Some((map, format!("embedded in {name}")))
}

/// A .Map.Gbx / .Challenge.Gbx beside the files whose uid is `uid`.
fn map_beside(paths: &[PathBuf], uid: Option<&str>) -> Option<(Gbx, String)> {
    let uid = uid?;
    let mut dirs: Vec<&Path> = paths.iter().filter_map(|p| p.parent()).collect();
    dirs.dedup();
    let candidates = dirs
        .iter()
        .filter_map(|d| std::fs::read_dir(d).ok())
        .flat_map(|rd| rd.filter_map(Result::ok).map(|e| e.path()))
        .filter(|p| {
            let n = file_name(p).to_ascii_lowercase();
            n.ends_with(".map.gbx") || n.ends_with(".challenge.gbx")
        })
        .take(MAX_MAPS_BESIDE);
    for p in candidates {
        let Ok(gbx) = std::fs::read(&p)
            .map_err(|_| ())
            .and_then(|b| Gbx::parse(b).map_err(|_| ()))
        else {
            continue;
        };
        if MapInfo::read(&gbx).and_then(|m| m.uid).as_deref() == Some(uid) {
            return Some((gbx, file_name(&p)));
        }
    }
    None
}

/// Every block's (x, z) corner in metres, and those of the waypoints.
fn block_corners(map: &Gbx) -> (Vec<[f64; 2]>, Vec<[f64; 2]>) {
    use trackbench_core::gbx::access::map_contents::Kind;
    let Some(c) = map_contents(map) else {
        return (Vec::new(), Vec::new());
    };
    let corner = |b: &trackbench_core::gbx::access::map_contents::Block| {
        let p = b.plan_position();
        [
            p[0] * f64::from(BLOCK_SIZE_M[0]),
            p[1] * f64::from(BLOCK_SIZE_M[2]),
        ]
    };
    let blocks = c.blocks.iter().map(corner).collect();
    let waypoints = c
        .blocks
        .iter()
        .filter(|b| b.kind != Kind::Other)
        .map(corner)
        .collect();
    (blocks, waypoints)
}

impl ReadOnlyDocument for RunsDoc {
    const KIND: &'static str = "a comparison of runs";
    const NOT_SAVED: &'static str =
        "runs are compared, not saved: use `trackbench runs --csv` for a table";

    fn title(&self) -> String {
        RunsDoc::title(self)
    }

    fn path(&self) -> Option<&Path> {
        None
    }
}
