//! For the workspace's tests only, not API (issue 41): the few parse
//! internals that the integration tests comparing a parse with deferral
//! against one without need (`crates/core/tests/gbx/deferral.rs`). Hidden
//! from the docs; nothing outside the workspace's tests may use it, and it
//! may change with any commit.

use super::Gbx;
use super::read::field::Value;
use super::read::table::{FieldTable, Rec, sat32};

pub use super::read::archive::deferred::without_deferral;

/// The fields as the parse stored them (without the children of deferred
/// groups), unlike [`Gbx::table`], which expands them.
#[must_use]
pub fn stored(gbx: &Gbx) -> &FieldTable {
    &gbx.stored
}

/// The number of deferred runs the parse left for [`Gbx::table`] to read.
#[must_use]
pub fn deferred_runs(gbx: &Gbx) -> usize {
    gbx.deferred.len()
}

/// True once [`Gbx::table`] has read the deferred groups of this parse.
#[must_use]
pub fn is_expanded(gbx: &Gbx) -> bool {
    gbx.expanded.get().is_some()
}

/// The values a table keeps beside its records (those the bytes cannot
/// give back).
#[must_use]
pub fn side(t: &FieldTable) -> &[Value] {
    &t.side
}

/// One record of a table as comparable values: the 24-byte record with its
/// name id zeroed (name ids differ between tables: names are interned in
/// reading order) and the name itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Record(Rec, &'static str);

/// Every record of a whole table, in position order, as [`Record`]s.
///
/// # Panics
/// When a position has no record (a table with deferred runs: pass
/// [`Gbx::table`]).
#[must_use]
pub fn records(t: &FieldTable) -> Vec<Record> {
    (0..sat32(t.len() as u64))
        .map(|at| {
            let r = *t.rec(at).expect("every position of a whole table");
            Record(Rec { name: 0, ..r }, t.name(r.name))
        })
        .collect()
}

/// The damage check's answer with its record walk (before issue 32) and
/// without it unless the parse noted a damaged lookback string.
#[must_use]
pub fn damaged_chunks_both_ways(gbx: &Gbx) -> (Vec<String>, Vec<String>) {
    (gbx.damaged_chunks_walking(true), gbx.damaged_chunks())
}
