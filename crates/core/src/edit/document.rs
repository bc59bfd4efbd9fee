//! A GBX document under edit: the current parse and its history.

use super::Edit;
use super::error::EditError;
use super::target::resolve;
use crate::bytes::ReadError;
use crate::gbx::write::{Patch, WriteOptions, write};
use crate::gbx::{Gbx, slice};
use crate::history::{History, Step};

/// A GBX file under edit.
#[derive(Debug, Clone)]
pub struct GbxDocument {
    /// The current parse (its `file` is what Save writes).
    pub gbx: Gbx,
    history: History<Edit>,
    /// The body as opened and its stored bytes (from the body offset to the
    /// end of the file): when edits bring the body back to what it was, the
    /// original compressed bytes are reused, so undo gives the original file
    /// even though our LZO compressor differs from the game's.
    pristine_body: Option<(Vec<u8>, Vec<u8>)>,
}

impl GbxDocument {
    /// Opens file bytes.
    ///
    /// # Errors
    /// When the header cannot be read.
    pub fn open(bytes: Vec<u8>) -> Result<Self, ReadError> {
        Ok(Self::from_gbx(Gbx::parse(bytes)?))
    }

    /// Wraps an existing parse.
    #[must_use]
    pub fn from_gbx(gbx: Gbx) -> Self {
        let pristine_body = gbx.body_info.as_ref().and_then(|b| {
            let stored = gbx.file.get(usize::try_from(b.offset).ok()?..)?;
            Some((gbx.body.clone(), stored.to_vec()))
        });
        Self {
            gbx,
            history: History::new(),
            pristine_body,
        }
    }

    /// The history (labels, dirty flag).
    #[must_use]
    pub fn history(&self) -> &History<Edit> {
        &self.history
    }

    /// The bytes Save writes.
    #[must_use]
    pub fn bytes(&self) -> &[u8] {
        &self.gbx.file
    }

    /// Applies `edit` and records it.
    ///
    /// # Errors
    /// See [`EditError`]; on error nothing changes.
    pub fn apply(&mut self, edit: Edit) -> Result<(), EditError> {
        self.gbx = apply_to(&self.gbx, &edit, self.pristine_body.as_ref(), false)?;
        self.history.push_or_merge(edit, merge_typing);
        Ok(())
    }

    /// Undoes the last edit; returns its label.
    ///
    /// # Errors
    /// When the inverse cannot be applied (the edit stays on the stack).
    pub fn undo(&mut self) -> Result<Option<String>, EditError> {
        let (gbx, pristine) = (&self.gbx, self.pristine_body.as_ref());
        let done = self.history.undo(|edit| {
            apply_to(gbx, &edit.inverse(), pristine, true).map(|g| (g, edit.label.clone()))
        });
        self.finish(done)
    }

    /// Redoes the last undone edit; returns its label.
    ///
    /// # Errors
    /// When it cannot be applied again (it stays on the redo stack).
    pub fn redo(&mut self) -> Result<Option<String>, EditError> {
        let (gbx, pristine) = (&self.gbx, self.pristine_body.as_ref());
        let done = self
            .history
            .redo(|edit| apply_to(gbx, edit, pristine, true).map(|g| (g, edit.label.clone())));
        self.finish(done)
    }

    /// Takes the new parse of an undo or redo; returns the step's label.
    fn finish(
        &mut self,
        done: Option<Result<(Gbx, String), EditError>>,
    ) -> Result<Option<String>, EditError> {
        let Some(done) = done else { return Ok(None) };
        let (gbx, label) = done?;
        self.gbx = gbx;
        Ok(Some(label))
    }

    /// Marks the current bytes as saved.
    pub fn mark_saved(&mut self) {
        self.history.mark_saved();
    }
}

impl Step for Edit {
    fn label(&self) -> &str {
        &self.label
    }
}

/// Folds `edit` into `last` when both carry the same merge key and patch
/// the same targets (typing into one field is one undo step): `last` keeps
/// its old bytes and takes the new ones. Otherwise `edit` is handed back.
/// Raw-range edits ([`super::Target::Range`], whose ranges move with every
/// size change) never merge.
fn merge_typing(last: &mut Edit, edit: Edit) -> Option<Edit> {
    let raw = |e: &Edit| {
        e.patches
            .iter()
            .any(|p| matches!(p.target, super::Target::Range { .. }))
    };
    let same = edit.merge_key.is_some()
        && !raw(last)
        && !raw(&edit)
        && last.merge_key == edit.merge_key
        && last.patches.len() == edit.patches.len()
        && last
            .patches
            .iter()
            .zip(&edit.patches)
            .all(|(a, b)| a.target == b.target);
    if !same {
        return Some(edit);
    }
    for (a, b) in last.patches.iter_mut().zip(edit.patches) {
        a.new = b.new;
    }
    None
}

/// Refuses an edited parse `new` that reads less far than `old`: the main
/// node no longer complete, more problems or stopped nodes, new damage
/// (`Completeness::damaged_chunks`: e.g. a back-reference to a lookback
/// string never stored, which reads on; a body problem), or fewer
/// decoded chunks than `old` plus `slots` (chunks inserted minus removed).
/// With `slots` `None` (raw-range edits, which may remove, copy or put
/// back whole records holding nodes) every chunk of `new` NOT decoded must
/// be a copy (same id and bytes) of one not decoded in `old`: a duplicated
/// item brings a copy of its raw 0x03101005 chunk, a new failure has new
/// bytes.
///
/// # Errors
/// [`EditError::Reread`] naming the first new problem, or the counts.
pub(crate) fn check_reread(old: &Gbx, new: &Gbx, slots: Option<i64>) -> Result<(), EditError> {
    check(old, new, slots, true)
}

/// [`check_reread`] without the damage check: for the edit engine's
/// intermediate parse, whose back-references are not yet re-pointed (one
/// past the shortened list is damage there, fixed by the plan).
///
/// # Errors
/// As [`check_reread`].
pub(crate) fn check_structure(old: &Gbx, new: &Gbx) -> Result<(), EditError> {
    check(old, new, None, false)
}

fn check(old: &Gbx, new: &Gbx, slots: Option<i64>, damage_counts: bool) -> Result<(), EditError> {
    let (before, after) = (old.summary(), new.summary());
    let as_i64 = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
    let fewer = match slots {
        Some(slots) => as_i64(after.decoded) < as_i64(before.decoded) + slots,
        None => novel_undecoded(old, new),
    };
    let (was, is) = (&before.completeness, &after.completeness);
    // Damage that does not stop a node: a back-reference to a string never
    // stored, a skippable chunk read short, a body that decompresses wrong.
    // Counted, not compared as text: the offsets in old damage move.
    let new_problem = |a: &Option<String>, b: &Option<String>| b.is_some() && a.is_none();
    let damaged = damage_counts
        && (is.damaged_chunks.len() > was.damaged_chunks.len()
            || new_problem(&was.body_problem, &is.body_problem)
            || new_problem(&was.body_unread, &is.body_unread));
    let damage = is
        .damaged_chunks
        .iter()
        .find(|d| !was.damaged_chunks.contains(d))
        .or(is.body_problem.as_ref())
        .or(is.body_unread.as_ref())
        .filter(|_| damaged);
    let worse = before.main_node_complete && !after.main_node_complete
        || fewer
        || new.problems.len() > old.problems.len()
        || is.stopped_nodes.len() > was.stopped_nodes.len()
        || damaged;
    if worse {
        let why = new.problems.first().or(damage).cloned().unwrap_or_else(|| {
            format!(
                "{} of {} chunks decode instead of {} of {}",
                after.decoded, after.chunks, before.decoded, before.chunks
            )
        });
        return Err(EditError::Reread(why));
    }
    Ok(())
}

/// Whether `new` has a body chunk not decoded that is no copy (id and data
/// bytes) of a chunk not decoded in `old`.
fn novel_undecoded(old: &Gbx, new: &Gbx) -> bool {
    use crate::gbx::ChunkStatus;
    fn undecoded(g: &Gbx) -> impl Iterator<Item = (u32, &[u8])> {
        g.nodes
            .iter()
            .flat_map(|n| &n.chunks)
            .filter(|c| c.status != ChunkStatus::Decoded)
            .map(|c| (c.id, slice(&g.body, c.data_range)))
    }
    let known: std::collections::HashSet<(u32, &[u8])> = undecoded(old).collect();
    undecoded(new).any(|k| !known.contains(&k))
}

/// Resolves, checks and writes `edit` against `gbx`; returns the new parse.
/// `replay` (undo, redo): the edit or its inverse was checked against
/// these very bytes when first applied, and gives back a state already
/// accepted, so the read-back check is not repeated (it would refuse
/// putting back a deleted record's raw chunks).
fn apply_to(
    gbx: &Gbx,
    edit: &Edit,
    pristine: Option<&(Vec<u8>, Vec<u8>)>,
    replay: bool,
) -> Result<Gbx, EditError> {
    if gbx.header.format == crate::gbx::Format::Text {
        return Err(EditError::Invalid(
            "text-format ('T') files are read-only: edits are written in binary form".into(),
        ));
    }
    let mut patches = Vec::with_capacity(edit.patches.len());
    for p in &edit.patches {
        let (space, range) = resolve(gbx, &p.target, p.old.is_empty())?;
        let data = match space {
            crate::gbx::write::Space::File => &gbx.file,
            crate::gbx::write::Space::Body => &gbx.body,
        };
        if slice(data, range) != p.old.as_slice() {
            return Err(EditError::Stale(format!("{:?}", p.target)));
        }
        patches.push(Patch {
            space,
            range,
            bytes: p.new.clone(),
        });
    }
    let bytes = write(gbx, &patches, WriteOptions::default())?;
    let mut new = Gbx::parse(bytes)?;
    if let (Some((body, stored)), Some(info)) = (pristine, &new.body_info) {
        let offset = usize::try_from(info.offset).unwrap_or(usize::MAX);
        if new.body == *body && new.file.get(offset..) != Some(stored.as_slice()) {
            let mut bytes = new.file[..offset.min(new.file.len())].to_vec();
            bytes.extend_from_slice(stored);
            new = Gbx::parse(bytes)?;
        }
    }
    // Safety net for sizes we do not track (e.g. a size field inside an
    // encapsulated chunk): the edited file must read back at least as far.
    let slots: i64 = edit
        .patches
        .iter()
        .filter(|p| matches!(p.target, super::Target::ChunkSlot { .. }))
        .map(|p| i64::from(p.old.is_empty()) - i64::from(p.new.is_empty()))
        .sum();
    let raw = edit
        .patches
        .iter()
        .any(|p| matches!(p.target, super::Target::Range { .. }));
    if !replay {
        check_reread(gbx, &new, if raw { None } else { Some(slots) })?;
    }
    Ok(new)
}
