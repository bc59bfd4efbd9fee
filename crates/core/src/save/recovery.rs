//! Recovery of an interrupted hard-linked save, by identity (issue 43,
//! findings 1 to 3). A backup named after a file is only a candidate: its
//! header ([`super::identity`]) must name this very file (device, inode),
//! its payload and the new bytes must hash as recorded, and the file must
//! hold a half-written state of that save. Anything else is kept and
//! reported, never restored nor silently deleted. Recovery takes the
//! file's advisory lock ([`File::try_lock`]); a save holds it from before
//! its backup is written until the backup is removed, so the two never
//! interleave ([`Recovered::Busy`]).

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::identity::{BackupHeader, Stream, TargetState, classify, sha256_from};
use super::stale::{StaleFile, StaleKind, stale_files, stale_files_for};
use super::{TEMP_PREFIX, follow_symlinks, parent_dir, sync_dir};

/// What [`recover`] found and did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recovered {
    /// No backup of this file needed anything.
    Nothing,
    /// The file still held its old bytes (the overwrite had not begun).
    OldWasIntact,
    /// The file already held the complete new bytes.
    NewWasComplete,
    /// The file was half-written: its old bytes were put back in place.
    OldRestored,
    /// A save of the file holds its lock: nothing was touched.
    Busy,
}

/// The facts shown before a restore: both versions' sizes and dates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RestoreFacts {
    /// The backup holding the old bytes.
    pub backup: PathBuf,
    /// The old version's size in bytes.
    pub old_len: u64,
    /// The old version's modification time (recorded by the save).
    pub old_modified: SystemTime,
    /// The half-written file's size now.
    pub now_len: u64,
    /// Its modification time now.
    pub now_modified: Option<SystemTime>,
}

/// What recovery does with one leftover of a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The file is half-written by the save that made this backup: the
    /// old bytes go back (after the user agreed).
    Restore(RestoreFacts),
    /// This file's own backup, no longer needed (the reason in words):
    /// deleted, with the new bytes' file when they reached the file.
    Obsolete(&'static str, Option<PathBuf>),
    /// Not a backup made for this file in this state: kept (the reason).
    Keep(String),
}

/// One leftover and its verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The leftover.
    pub leftover: StaleFile,
    /// What recovery does with it.
    pub verdict: Verdict,
}

/// What recovery would do for one file, decided under its lock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecoveryPlan {
    /// The file (symlinks followed).
    pub target: PathBuf,
    /// A save holds the file's lock: nothing is decided.
    pub busy: bool,
    /// The backups and incomplete copies named after the file.
    pub steps: Vec<Step>,
}

impl RecoveryPlan {
    /// The restore waiting for an answer: there is exactly one backup that
    /// may be restored (two claiming the same file are both kept).
    #[must_use]
    pub fn restore(&self) -> Option<&RestoreFacts> {
        let mut restores = self.steps.iter().filter_map(|s| match &s.verdict {
            Verdict::Restore(f) => Some(f),
            _ => None,
        });
        let first = restores.next()?;
        restores.next().is_none().then_some(first)
    }

    /// One line per leftover for people, saying what will be done
    /// (`done == false`) or was done.
    #[must_use]
    pub fn lines(&self, done: bool) -> Vec<String> {
        let name = self.target.display();
        if self.busy {
            return vec![format!("{name}: a save of it is running; not touched")];
        }
        let single_restore = self.restore().is_some();
        self.steps
            .iter()
            .map(|s| {
                let path = s.leftover.path.display();
                match &s.verdict {
                    Verdict::Restore(f) if single_restore => {
                        let verb = if done {
                            "old bytes put back"
                        } else {
                            "would put back its old bytes"
                        };
                        format!(
                            "{name}: half-written by an interrupted save: {verb} from {path} \
                             (old: {} bytes, {}; now: {} bytes, {})",
                            f.old_len,
                            date(Some(f.old_modified)),
                            f.now_len,
                            date(f.now_modified)
                        )
                    }
                    Verdict::Restore(_) => {
                        format!("kept {path}: several backups claim {name}; none is restored")
                    }
                    Verdict::Obsolete(why, _) => {
                        let verb = if done { "deleted" } else { "would delete" };
                        format!("{verb} {path}: {why}")
                    }
                    Verdict::Keep(why) => format!("kept {path}: {why}"),
                }
            })
            .collect()
    }
}

/// A time as `YYYY-MM-DD HH:MM:SS UTC` (unknown: "date unknown").
#[must_use]
pub fn date(t: Option<SystemTime>) -> String {
    let Some(secs) = t.and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok()) else {
        return "date unknown".to_owned();
    };
    let secs = secs.as_secs();
    let (days, rem) = (secs / 86_400, secs % 86_400);
    // Civil date from days since 1970 (Howard Hinnant's algorithm).
    let z = i64::try_from(days).unwrap_or(0) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02} UTC",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// What recovery would do for `file`, without doing it (the listing of
/// `saves --clean`, the app's question).
///
/// # Errors
/// The path's symlinks cannot be followed.
pub fn plan_recovery(file: &Path) -> std::io::Result<RecoveryPlan> {
    let target = follow_symlinks(file)?;
    let opened = File::open(&target);
    let busy = opened
        .as_ref()
        .is_ok_and(|f| matches!(f.try_lock_shared(), Err(TryLockError::WouldBlock)));
    let steps = decide(&target, opened.ok().as_mut());
    Ok(RecoveryPlan {
        target,
        busy,
        steps,
    })
}

/// Recovers `file` under its lock: restores the old bytes when exactly one
/// backup proves the file is half-written by the save that made it
/// (`allow_restore`, once the user agreed), deletes this file's obsolete
/// backups, keeps the rest. Returns the plan it acted on.
///
/// # Errors
/// An I/O error reading or writing; the backup is then kept.
pub fn recover(file: &Path, allow_restore: bool) -> std::io::Result<(Recovered, RecoveryPlan)> {
    let target = follow_symlinks(file)?;
    let mut dst = match OpenOptions::new().read(true).write(true).open(&target) {
        Ok(f) => Some(f),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    if let Some(f) = &dst
        && let Err(TryLockError::WouldBlock) = f.try_lock()
    {
        let plan = RecoveryPlan {
            target,
            busy: true,
            steps: Vec::new(),
        };
        return Ok((Recovered::Busy, plan));
    }
    let steps = decide(&target, dst.as_mut());
    let plan = RecoveryPlan {
        target,
        busy: false,
        steps,
    };
    let mut outcome = Recovered::Nothing;
    if let (Some(facts), Some(dst), true) = (plan.restore(), dst.as_mut(), allow_restore) {
        restore(&facts.backup, dst)?;
        std::fs::remove_file(&facts.backup)?;
        outcome = Recovered::OldRestored;
    }
    for step in &plan.steps {
        if let Verdict::Obsolete(why, new_bytes) = &step.verdict {
            std::fs::remove_file(&step.leftover.path)?;
            if let Some(new) = new_bytes {
                std::fs::remove_file(new)?;
                outcome = Recovered::NewWasComplete;
            } else if *why == OLD_INTACT && outcome == Recovered::Nothing {
                outcome = Recovered::OldWasIntact;
            }
        }
    }
    sync_dir(parent_dir(&plan.target));
    Ok((outcome, plan))
}

/// What a save that finished does with earlier backups of its file: those
/// whose header names the same file are obsolete (the file now holds
/// complete new bytes), so they can never revert it (finding 2). Others
/// are left alone. Called with the file's lock held.
pub(super) fn remove_backups_of(target: &Path, identity: (u64, u64)) {
    for s in stale_files_for(target) {
        if s.kind == StaleKind::NewBytes {
            continue;
        }
        let names_it = File::open(&s.path)
            .ok()
            .and_then(|mut f| BackupHeader::read(&mut f).ok())
            .is_some_and(|(h, _)| (h.dev, h.ino) == identity);
        if names_it {
            let _ = std::fs::remove_file(&s.path);
        }
    }
}

const OLD_INTACT: &str = "its file still holds the old bytes";

fn decide(target: &Path, file: Option<&mut File>) -> Vec<Step> {
    let leftovers: Vec<StaleFile> = stale_files_for(target)
        .into_iter()
        .filter(|s| s.kind != StaleKind::NewBytes)
        .collect();
    let Some(file) = file else {
        let why = format!("there is no file {} to restore", target.display());
        return leftovers
            .into_iter()
            .map(|leftover| Step {
                leftover,
                verdict: Verdict::Keep(why.clone()),
            })
            .collect();
    };
    leftovers
        .into_iter()
        .map(|leftover| {
            let verdict = judge(target, file, &leftover).unwrap_or_else(Verdict::Keep);
            Step { leftover, verdict }
        })
        .collect()
}

/// The verdict on one backup or incomplete copy of `target`.
fn judge(target: &Path, file: &mut File, leftover: &StaleFile) -> Result<Verdict, String> {
    let meta = file.metadata().map_err(|e| e.to_string())?;
    let io = |e: std::io::Error| format!("cannot be read: {e}");
    let mut backup = File::open(&leftover.path).map_err(io)?;
    if leftover.kind == StaleKind::PartialCopy && leftover.len_bytes == 0 {
        // Killed between creating the copy and writing its header: nothing
        // in it to lose.
        return Ok(Verdict::Obsolete("an empty incomplete backup", None));
    }
    let (header, header_len) = BackupHeader::read(&mut backup)?;
    let Some(identity) = super::identity_of(&meta) else {
        return Err("recovery needs a device and inode (Unix only)".to_owned());
    };
    if (header.dev, header.ino) != identity {
        return Err(format!(
            "made for another file (device {}, inode {}), not {} (device {}, inode {})",
            header.dev,
            header.ino,
            target.display(),
            identity.0,
            identity.1
        ));
    }
    if leftover.kind == StaleKind::PartialCopy {
        return Ok(Verdict::Obsolete(
            "an incomplete backup of its file (never needed: the file was not touched yet)",
            None,
        ));
    }
    let (hash, len) = sha256_from(&mut backup, header_len).map_err(io)?;
    if len != header.old_len || hash != header.old_sha256 {
        return Err("its content does not hash as its header records".to_owned());
    }
    let new_path = new_bytes_file(target, &header);
    let mut new = new_path.as_ref().and_then(|p| File::open(p).ok());
    let new_ok = match new.as_mut() {
        Some(f) => sha256_from(f, 0).map_err(io)? == (header.new_sha256, header.new_len),
        None => false,
    };
    let state = match (new_ok, new.as_mut()) {
        (true, Some(new_file)) => classify(
            Stream {
                file,
                start: 0,
                len: meta.len(),
            },
            Stream {
                file: &mut backup,
                start: header_len,
                len: header.old_len,
            },
            Stream {
                file: new_file,
                start: 0,
                len: header.new_len,
            },
        )
        .map_err(io)?,
        // Without the new bytes only "still the old bytes" can be proven.
        _ if sha256_from(file, 0).map_err(io)? == (header.old_sha256, header.old_len) => {
            TargetState::Old
        }
        _ => {
            return Err(
                "the new bytes of its save are gone, so the file's state cannot be checked"
                    .to_owned(),
            );
        }
    };
    Ok(match state {
        TargetState::Old => Verdict::Obsolete(OLD_INTACT, None),
        TargetState::New => Verdict::Obsolete("its file holds the complete new bytes", new_path),
        TargetState::HalfWritten => Verdict::Restore(RestoreFacts {
            backup: leftover.path.clone(),
            old_len: header.old_len,
            old_modified: header.old_modified,
            now_len: meta.len(),
            now_modified: meta.modified().ok(),
        }),
        TargetState::Other => {
            return Err(format!(
                "{} holds other bytes than this save's old or new ones (written since?)",
                target.display()
            ));
        }
    })
}

/// The temporary file the header names, when it is a plain name of ours.
fn new_bytes_file(target: &Path, header: &BackupHeader) -> Option<PathBuf> {
    let name = &header.new_name;
    let plain = name.starts_with(TEMP_PREFIX) && !name.contains(['/', '\\']);
    plain.then(|| parent_dir(target).join(name))
}

/// Copies the backup's payload over the locked target, cuts and syncs it.
fn restore(backup: &Path, dst: &mut File) -> std::io::Result<()> {
    let mut src = File::open(backup)?;
    let (header, header_len) = BackupHeader::read(&mut src)
        .map_err(|why| std::io::Error::new(std::io::ErrorKind::InvalidData, why))?;
    src.seek(SeekFrom::Start(header_len))?;
    dst.seek(SeekFrom::Start(0))?;
    let copied = std::io::copy(&mut std::io::Read::take(&mut src, header.old_len), dst)?;
    if copied != header.old_len {
        return Err(std::io::Error::other(format!(
            "{}: the backup ended after {copied} of {} bytes",
            backup.display(),
            header.old_len
        )));
    }
    dst.set_len(header.old_len)?;
    dst.sync_all()
}

/// What cleaning `leftovers` does (`act == false`: would do), one line
/// each: every file named by a backup is recovered ([`recover`], restores
/// included: the user asked for the clean), then the new versions that
/// never reached their file are deleted; leftovers that are not ours are
/// kept and named.
///
/// # Errors
/// The first I/O error (the leftovers after it are kept).
pub fn clean(leftovers: &[StaleFile], act: bool) -> std::io::Result<Vec<String>> {
    let mut lines = Vec::new();
    let targets: std::collections::BTreeSet<&PathBuf> = leftovers
        .iter()
        .filter(|s| s.kind != StaleKind::NewBytes)
        .filter_map(|s| s.target.as_ref())
        .collect();
    for target in targets {
        let plan = if act {
            recover(target, true)?.1
        } else {
            plan_recovery(target)?
        };
        lines.extend(plan.lines(act));
    }
    for s in leftovers.iter().filter(|s| s.kind == StaleKind::NewBytes) {
        if act {
            if s.path.exists() {
                std::fs::remove_file(&s.path)?;
            }
            lines.push(format!("deleted {}", s.describe()));
        } else {
            lines.push(format!("would delete {}", s.describe()));
        }
    }
    Ok(lines)
}

/// [`clean`] over every leftover in `dir`.
///
/// # Errors
/// As [`clean`].
pub fn clean_stale(dir: &Path, act: bool) -> std::io::Result<Vec<String>> {
    let lines = clean(&stale_files(dir), act)?;
    if act {
        sync_dir(dir);
    }
    Ok(lines)
}
