//! The body facts of library rows ([`trackbench_core::library::details`]:
//! lightmap, embedded items, pak file count), read lazily: only for the
//! rows drawn, each a job of the core's runner ([`trackbench_core::jobs`]),
//! a few at a time, kept in a bounded
//! cache. The header-only scan stays fast; these columns fill as the user
//! looks at them.

use std::collections::HashMap;
use std::path::PathBuf;
use trackbench_core::jobs::{Event, Job};
use trackbench_core::library::{Details, Row, read_details};

/// Rows whose facts are kept at most (each is a few bytes and a path).
pub const CAPACITY: usize = 20_000;
/// Reads running at once (each parses a whole map).
const MAX_IN_FLIGHT: usize = 4;

type Read = Job<Row, Result<Details, String>>;

/// What a cell shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fact {
    /// Read.
    Ready(Details),
    /// Being read, or waiting for a worker.
    Loading,
    /// The file has none, or could not be read.
    None,
}

/// The facts read so far, by file.
#[derive(Default)]
pub struct DetailsCache {
    facts: HashMap<PathBuf, Option<Result<Details, String>>>,
    jobs: Vec<Read>,
}

/// True for the rows that have body facts (maps and paks).
#[must_use]
pub fn has_details(row: &Row) -> bool {
    row.error.is_none()
        && (row.class == "CGameCtnChallenge"
            || row.kind == Some(trackbench_core::sniff::FileKind::Pak))
}

impl DetailsCache {
    /// Once per frame: takes the finished reads.
    pub fn begin_frame(&mut self) {
        for job in &mut self.jobs {
            for event in job.poll() {
                if let Event::Done { item, result, .. } = event {
                    // A panic of the reader is its error (no facts shown).
                    self.facts
                        .insert(item.path.clone(), Some(result.and_then(|r| r)));
                }
            }
        }
        self.jobs.retain(|j| !j.is_finished());
        if self.facts.len() > CAPACITY {
            // Rare (20,000 rows looked at): start over rather than track use.
            self.facts.retain(|_, f| f.is_none());
        }
    }

    /// The facts of `row`; starts reading them when unknown and a worker
    /// is free. `ctx` is woken when they arrive.
    pub fn get(&mut self, row: &Row, ctx: &egui::Context) -> Fact {
        if let Some(d) = row.details {
            return Fact::Ready(d);
        }
        if !has_details(row) {
            return Fact::None;
        }
        match self.facts.get(&row.path) {
            Some(Some(Ok(d))) => return Fact::Ready(*d),
            Some(Some(Err(_))) => return Fact::None,
            Some(None) => return Fact::Loading,
            None => {}
        }
        if self.jobs.len() >= MAX_IN_FLIGHT {
            return Fact::Loading;
        }
        self.facts.insert(row.path.clone(), None);
        let ctx = ctx.clone();
        self.jobs.push(Job::one(
            row.clone(),
            |row: &Row, _| read_details(row),
            move || ctx.request_repaint(),
        ));
        Fact::Loading
    }

    /// Forgets every fact (the folder is scanned again).
    pub fn clear(&mut self) {
        self.facts.clear();
    }

    /// Facts read and kept.
    #[must_use]
    pub fn ready(&self) -> usize {
        self.facts.values().filter(|f| f.is_some()).count()
    }
}
