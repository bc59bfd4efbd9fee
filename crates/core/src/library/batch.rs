//! Batch actions on a selection of library rows: export thumbnails (PNG or
//! JPEG), embedded item ZIPs, ghosts, inputs or blocks
//! ([`super::batch_extract`]) to a folder, write the table as CSV or JSON,
//! rename files from their map names.
//!
//! An action is first planned ([`plan`]): one [`Task`] per file with its
//! target, each target that already exists marked, so the user sees the
//! conflicts and chooses per task to skip or overwrite before anything is
//! written ([`Task::overwrite`], false by default: nothing is overwritten
//! without asking). [`start_batch`] then runs the tasks on the job runner
//! ([`crate::jobs`]) with progress events and a cancel flag; [`run_blocking`] for tests and
//! scripts. Files are written through [`crate::save`] (temporary file
//! beside the target, then rename).

pub use super::batch_extract::Extract;
use super::export::{to_csv, to_json};
use super::preview::preview;
use super::rename::{renamed, stem};
use super::row::Row;
use crate::gbx::access::images;
use crate::jobs::{Event, Job, Options};
use crate::save::{save_atomic, save_png};
use crate::sniff::FileKind;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// JPEG quality of exported thumbnails (the game stores its own at about
/// this quality).
pub const JPEG_QUALITY: u8 = 90;

/// Image format of exported thumbnails.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ThumbFormat {
    /// Lossless PNG.
    Png,
    /// JPEG at [`JPEG_QUALITY`] (re-encoded: the stored JPEG is upside down).
    Jpeg,
}

/// Format of an exported table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableFormat {
    /// [`super::export::to_csv`].
    Csv,
    /// [`super::export::to_json`].
    Json,
}

/// What a batch does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BatchAction {
    /// Each map's thumbnail (upright, full size) or Stunts mini-map into a
    /// folder, as `<file stem>.png` / `.jpg`.
    Thumbnails(ThumbFormat),
    /// Each map's embedded items ZIP (0x03043054), byte for byte, into a
    /// folder as `<file stem>.items.zip`.
    ItemZips,
    /// The rows as one table file.
    Table(TableFormat),
    /// Each `.Gbx` with a stored name renamed in its folder to that name
    /// ([`super::rename::renamed`]). Stunts files keep theirs: the game
    /// only loads 8.3 names.
    Rename,
    /// Each file's ghosts, inputs or blocks into a folder
    /// ([`super::batch_extract`]).
    Extract(Extract),
}

impl BatchAction {
    /// Menu label.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Thumbnails(ThumbFormat::Png) => "Export thumbnails as PNG",
            Self::Thumbnails(ThumbFormat::Jpeg) => "Export thumbnails as JPEG",
            Self::ItemZips => "Export embedded item ZIPs",
            Self::Table(TableFormat::Csv) => "Export the table as CSV",
            Self::Table(TableFormat::Json) => "Export the table as JSON",
            Self::Rename => "Rename files from the map name",
            Self::Extract(e) => e.label(),
        }
    }
}

/// One file to write or rename.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Task {
    /// The row it comes from (for a table: the first row).
    pub row: Row,
    /// The file written, or the new name.
    pub target: PathBuf,
    /// True when `target` existed when planned (a conflict).
    pub exists: bool,
    /// Replace an existing `target`; false skips it. Set by the user.
    pub overwrite: bool,
}

/// A planned batch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// The action.
    pub action: BatchAction,
    /// The tasks, in row order.
    pub tasks: Vec<Task>,
    /// Rows with nothing to do, and why (no thumbnail, no name, already so
    /// named…).
    pub not_applicable: Vec<(PathBuf, String)>,
    /// For [`BatchAction::Table`]: every row written.
    pub table_rows: Vec<Row>,
}

impl Plan {
    /// Indices of the tasks whose target exists.
    #[must_use]
    pub fn conflicts(&self) -> Vec<usize> {
        (0..self.tasks.len())
            .filter(|&i| self.tasks[i].exists)
            .collect()
    }

    /// Sets [`Task::overwrite`] on every conflicting task.
    pub fn overwrite_all(&mut self, on: bool) {
        for t in self.tasks.iter_mut().filter(|t| t.exists) {
            t.overwrite = on;
        }
    }
}

/// Plans `action` over `rows` (the selection). `target` is the output
/// folder (thumbnails, item ZIPs) or file (table); a rename ignores it.
#[must_use]
pub fn plan(action: BatchAction, rows: &[Row], target: &Path) -> Plan {
    let mut plan = Plan {
        action,
        tasks: Vec::new(),
        not_applicable: Vec::new(),
        table_rows: Vec::new(),
    };
    let mut taken = HashSet::new();
    for row in rows {
        match target_of(action, row, target) {
            Ok(path) => {
                let path = unique(path, &mut taken);
                plan.tasks.push(Task {
                    row: row.clone(),
                    exists: path.exists() && path != row.path,
                    target: path,
                    overwrite: false,
                });
            }
            Err(why) => plan.not_applicable.push((row.path.clone(), why)),
        }
        if matches!(action, BatchAction::Table(_)) {
            plan.table_rows = rows.to_vec();
            break;
        }
    }
    plan
}

/// Where `row` goes, or why it has nothing to do.
fn target_of(action: BatchAction, row: &Row, target: &Path) -> Result<PathBuf, String> {
    if row.error.is_some() {
        return Err("unreadable".into());
    }
    let file_name = row.file_name();
    let out = |ext: &str| target.join(format!("{}{ext}", stem(&file_name)));
    match action {
        BatchAction::Thumbnails(format) => {
            let has_picture = (row.kind == Some(FileKind::Gbx) && row.has_thumbnail)
                || row.kind.is_some_and(FileKind::is_stunts);
            if !has_picture {
                return Err("no thumbnail".into());
            }
            Ok(out(match format {
                ThumbFormat::Png => ".png",
                ThumbFormat::Jpeg => ".jpg",
            }))
        }
        BatchAction::ItemZips => {
            let none = row.details.and_then(|d| d.embedded_items) == Some(0);
            if row.class != "CGameCtnChallenge" || none {
                return Err("no embedded items".into());
            }
            Ok(out(".items.zip"))
        }
        BatchAction::Table(_) => Ok(target.to_path_buf()),
        BatchAction::Extract(e) => match e.not_applicable(row) {
            Some(why) => Err(why.into()),
            None => Ok(out(e.suffix())),
        },
        BatchAction::Rename => {
            if row.kind != Some(FileKind::Gbx) {
                return Err("only .Gbx files are renamed".into());
            }
            let name = row.name.as_deref().ok_or("no stored name")?;
            let new = renamed(&file_name, name).ok_or("the name is empty")?;
            if new == file_name {
                return Err("already named so".into());
            }
            Ok(row.path.with_file_name(new))
        }
    }
}

/// `path`, or `path` with ` (2)`, ` (3)`… before its suffix when an earlier
/// task of the plan already writes there.
fn unique(path: PathBuf, taken: &mut HashSet<PathBuf>) -> PathBuf {
    if taken.insert(path.clone()) {
        return path;
    }
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let (base, suffix) = name.split_at(stem(&name).len());
    (2..)
        .map(|n| path.with_file_name(format!("{base} ({n}){suffix}")))
        .find(|p| taken.insert(p.clone()))
        .unwrap_or(path)
}

/// What a task did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Wrote (or renamed to) this file.
    Written(PathBuf),
    /// Left alone, and why (the target exists and may not be overwritten,
    /// the file turned out to have nothing to export).
    Skipped(String),
}

/// Runs task `index` of `plan`.
///
/// # Errors
/// What failed, with the file: reading the source, decoding, writing.
pub fn run_task(plan: &Plan, index: usize) -> Result<Outcome, String> {
    let task = plan.tasks.get(index).ok_or("no such task")?;
    // Checked again now: the file may have appeared since the plan.
    if !task.overwrite && task.target.exists() && task.target != task.row.path {
        return Ok(Outcome::Skipped(format!(
            "{} exists",
            task.target.display()
        )));
    }
    let io = |e: std::io::Error| format!("{}: {e}", task.target.display());
    match plan.action {
        BatchAction::Thumbnails(format) => {
            let Some(img) = preview(&task.row, u32::MAX)? else {
                return Ok(Outcome::Skipped("no thumbnail".into()));
            };
            match format {
                ThumbFormat::Png => save_png(&task.target, &img).map_err(io)?,
                ThumbFormat::Jpeg => save_atomic(&task.target, &jpeg(&img)?, false).map_err(io)?,
            }
        }
        BatchAction::ItemZips => {
            // Bounded (issue 43, finding 6).
            let read = crate::sniff::input::read_gbx(&task.row.path).map_err(|e| e.to_string())?;
            let gbx = read.parse().map_err(|e| e.to_string())?;
            let Some(zip) = images::embedded_items_zip(&gbx) else {
                return Ok(Outcome::Skipped("no embedded items".into()));
            };
            save_atomic(&task.target, zip, false).map_err(io)?;
        }
        BatchAction::Table(format) => {
            let text = match format {
                TableFormat::Csv => to_csv(&plan.table_rows),
                TableFormat::Json => to_json(&plan.table_rows).map_err(|e| e.to_string())?,
            };
            save_atomic(&task.target, text.as_bytes(), false).map_err(io)?;
        }
        BatchAction::Rename => rename(&task.row.path, &task.target, task.overwrite)?,
        BatchAction::Extract(e) => {
            if let Some(why) = e.run(&task.row.path, &task.target)? {
                return Ok(Outcome::Skipped(why));
            }
        }
    }
    Ok(Outcome::Written(task.target.clone()))
}

fn jpeg(img: &image::RgbaImage) -> Result<Vec<u8>, String> {
    let rgb = image::DynamicImage::ImageRgba8(img.clone()).to_rgb8();
    let mut bytes = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, JPEG_QUALITY)
        .encode_image(&rgb)
        .map_err(|e| e.to_string())?;
    Ok(bytes)
}

/// Renames `from` to `to`. Without `overwrite`, a hard link refuses an
/// existing `to` atomically (then `from` is removed); where links are not
/// supported, the check and the rename are two steps.
fn rename(from: &Path, to: &Path, overwrite: bool) -> Result<(), String> {
    let err = |e: std::io::Error| format!("{} → {}: {e}", from.display(), to.display());
    if overwrite {
        return std::fs::rename(from, to).map_err(err);
    }
    match std::fs::hard_link(from, to) {
        Ok(()) => std::fs::remove_file(from).map_err(err),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(err(e)),
        Err(_) if to.exists() => Err(format!("{} exists", to.display())),
        Err(_) => std::fs::rename(from, to).map_err(err),
    }
}

/// What a running batch reports ([`crate::jobs::Event`]): `Done` per task
/// (completion order; the item is the task's index, the result
/// [`run_task`]'s, or an error when it panicked), then `Finished` once.
pub type BatchEvent = Event<usize, Result<Outcome, String>>;

/// A batch running on the job runner. Dropping it cancels it.
pub type Batch = Job<usize, Result<Outcome, String>>;

/// Runs `plan` on the job runner with a rayon pool of `jobs` threads (0:
/// one per core); renames run one at a time, in order, so a chain (a→b,
/// b→c) behaves as planned. `notify` is called after each event.
#[must_use]
pub fn start_batch(
    plan: Arc<Plan>,
    jobs: usize,
    notify: impl Fn() + Send + Sync + 'static,
) -> Batch {
    let options = Options {
        threads: jobs,
        sequential: plan.action == BatchAction::Rename,
    };
    let tasks = plan.tasks.len();
    Job::start(
        move || (0..tasks).collect(),
        options,
        move |&index, _| run_task(&plan, index),
        notify,
    )
}

/// Runs every task of `plan` and returns their results in task order.
#[must_use]
pub fn run_blocking(plan: Plan) -> Vec<Result<Outcome, String>> {
    start_batch(Arc::new(plan), 0, || {})
        .wait_ordered()
        .into_iter()
        .map(|(_, result)| result.and_then(|r| r))
        .collect()
}
