//! `trackbench blocks import` (issue 45): a [`BlockList`] applied to a map
//! as ONE [`Edit`].
//!
//! [`plan`] aligns the list's rows with the map's blocks (`export blocks`
//! order): rows equal to the block at the same position are kept (the
//! common prefix and suffix, then a longest common subsequence of the rest
//! when it is small enough, [`MAX_LCS_CELLS`]); between kept rows, rows
//! and blocks left over pair up in order as changes, extra blocks are
//! deleted and extra rows added. [`apply`] then builds the steps one after
//! another, each against the parse the step before produced:
//! 1. every fixed-size change (coordinate, direction, flags, free position
//!    and angles) as field patches of one parse ([`super::transform`]);
//! 2. every new name, through [`replace_model`] (one step per old → new);
//! 3. the deletions, through [`delete_selection`];
//! 4. the new rows, in list order, through [`add_block`];
//!
//! and gives back the difference between the map and the last parse as one
//! edit ([`diff_edit`]: one undo step, one output file).
//!
//! Refused, naming the row and line: a change to a baked block, to a
//! decal or a waypoint, to flag bits that change the record's layout
//! ([`LAYOUT_FLAGS`]); a new baked row or one after the baked blocks; a
//! `free` disagreeing with flag bit 29; free angles for a block on the grid.

use super::add::{NewBlock, add_block};
use super::block_list::{BlockList, DecalRow, ListRow};
use super::locate::{Records, child, encode_vec3, patch};
use super::selection::Selection;
use super::transform::{finish, set_int, shift_int};
use super::{delete_selection, replace_model};
use crate::edit::engine::diff_edit;
use crate::edit::{Edit, EditError, FieldPatch, GbxDocument};
use crate::gbx::Gbx;
use crate::gbx::access::map_contents::{
    BlockRef, FLAG_DECAL, FLAG_FREE, FLAG_PHY_PROPERTY, FLAG_SKIN, FLAG_SQUARE_CARD_EVENTS,
    FLAG_WAYPOINT, FreePlacement, map_contents,
};
use crate::gbx::classes::challenge::{
    FIELD_ABSOLUTE_POSITION, FIELD_BLOCK_COORD, FIELD_BLOCK_DIRECTION, FIELD_BLOCK_FLAGS,
    FIELD_PITCH_YAW_ROLL,
};

/// Flag bits that decide which fields a block record holds (skin, decal,
/// square-card events, physics and waypoint properties:
/// `classes/block_records.rs`) or whether 0x0304305F places it (free): a
/// flags change may not touch them.
pub const LAYOUT_FLAGS: u32 = FLAG_SKIN
    | FLAG_DECAL
    | FLAG_SQUARE_CARD_EVENTS
    | FLAG_PHY_PROPERTY
    | FLAG_WAYPOINT
    | FLAG_FREE;

/// The largest rows × blocks table the alignment fills between the common
/// prefix and suffix; beyond it, the rest pairs up in order.
pub const MAX_LCS_CELLS: usize = 4_000_000;

/// What the import does to one block.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// Block `index` takes the values of row `row`.
    Change {
        /// Block index (`export blocks` order of the map).
        index: usize,
        /// Row of the list.
        row: usize,
    },
    /// Block `index` is not in the list: deleted.
    Delete {
        /// Block index.
        index: usize,
    },
    /// Row `row` is new: added at its position in the list.
    Add {
        /// Row of the list (also the block index it gets).
        row: usize,
    },
}

/// The plan of an import: how many rows are kept and every other step, in
/// list order.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    /// Rows kept byte-for-byte.
    pub kept: usize,
    /// Changes, deletions and additions.
    pub steps: Vec<Step>,
    /// One line per step ("changed block #3 Name, row #3 (line 47): …").
    pub lines: Vec<String>,
}

impl Plan {
    /// Count of steps of each kind: (changed, added, deleted).
    #[must_use]
    pub fn counts(&self) -> (usize, usize, usize) {
        let n = |f: fn(&Step) -> bool| self.steps.iter().filter(|s| f(s)).count();
        (
            n(|s| matches!(s, Step::Change { .. })),
            n(|s| matches!(s, Step::Add { .. })),
            n(|s| matches!(s, Step::Delete { .. })),
        )
    }

    /// "kept 10, changed 1, added 0, deleted 2".
    #[must_use]
    pub fn summary(&self) -> String {
        let (c, a, d) = self.counts();
        format!("kept {}, changed {c}, added {a}, deleted {d}", self.kept)
    }
}

/// The plan of applying `list` to the map `gbx`.
///
/// # Errors
/// Not a map with a block list; a refusal of the module docs, naming the
/// row and line.
pub fn plan(gbx: &Gbx, list: &BlockList) -> Result<Plan, EditError> {
    let contents = Records::of(gbx)?.contents;
    let blocks: Vec<BlockRef<'_>> = contents.blocks().collect();
    let pairs = align(&list.rows, &blocks);
    let mut plan = Plan {
        kept: 0,
        steps: Vec::new(),
        lines: Vec::new(),
    };
    let (mut ri, mut bi) = (0, 0);
    for &(r, b) in pairs.iter().chain([(list.rows.len(), blocks.len())].iter()) {
        let (rows, olds) = (ri..r, bi..b);
        let paired = rows.len().min(olds.len());
        for (row, index) in rows.clone().zip(olds.clone()) {
            let what = changes(&list.rows[row], &blocks[index], list, row)?;
            plan.lines.push(format!(
                "changed block #{index} {}, {}: {}",
                blocks[index].name(),
                list.at(row),
                what.join("; ")
            ));
            plan.steps.push(Step::Change { index, row });
        }
        for index in olds.skip(paired) {
            let b = &blocks[index];
            if b.baked {
                return Err(EditError::Invalid(format!(
                    "block #{index} ({}) is baked (read-only): keep its row",
                    b.name()
                )));
            }
            plan.lines
                .push(format!("deleted block #{index} {}: {}", b.name(), place(b)));
            plan.steps.push(Step::Delete { index });
        }
        for row in rows.skip(paired) {
            plan.lines.push(added(list, row)?);
            plan.steps.push(Step::Add { row });
        }
        plan.kept += usize::from(r < list.rows.len());
        (ri, bi) = (r + 1, b + 1);
    }
    Ok(plan)
}

/// "added row #4 (line 40) Name at (1, 2, 3) N", or the refusal of a new
/// baked row or one among the baked blocks.
fn added(list: &BlockList, row: usize) -> Result<String, EditError> {
    let r = &list.rows[row];
    check_direction(r, list, row)?;
    let after_baked = list.rows[..row].iter().any(|r| r.baked);
    if r.baked || after_baked {
        return Err(EditError::Invalid(format!(
            "{}: a new row is a placed block, listed before the baked blocks (baked blocks are \
             read-only)",
            list.at(row)
        )));
    }
    let [x, y, z] = r.coord();
    let dir = ["N", "E", "S", "W"][usize::from(r.direction.min(3))];
    Ok(format!(
        "added {} {} at ({x}, {y}, {z}) {dir}",
        list.at(row),
        r.name
    ))
}

/// A direction written by the import is 0–3 (a row keeping a stored 4,
/// which some corpus maps have, is no change).
fn check_direction(r: &ListRow, list: &BlockList, row: usize) -> Result<(), EditError> {
    if r.direction > 3 {
        return Err(EditError::Invalid(format!(
            "{}: direction {}: a block direction is 0 (north), 1 (east), 2 (south) or 3 (west)",
            list.at(row),
            r.direction
        )));
    }
    Ok(())
}

fn place(b: &BlockRef<'_>) -> String {
    let [x, y, z] = b.coord;
    format!("({x}, {y}, {z}) {}", b.direction_label())
}

/// Whether `row` lists block `b` as it is.
fn same(row: &ListRow, b: &BlockRef<'_>) -> bool {
    *row.name == *b.name()
        && row.coord() == b.coord
        && row.direction == b.direction
        && row.flags.is_none_or(|f| f == b.flags)
        && row.baked == b.baked
        && row.free.is_none_or(|f| f == b.is_free())
        && (row.decal.is_none() || decal_of(row) == b.decal().map(decal_row))
        && row.kind.as_ref().is_none_or(|k| k == b.kind.label())
        && row
            .waypoint
            .as_ref()
            .is_none_or(|w| w.as_deref() == b.waypoint())
        && free_of(row).is_none_or(|p| p == b.free().copied())
}

fn decal_of(row: &ListRow) -> Option<DecalRow> {
    row.decal.clone().flatten()
}

fn decal_row(d: &crate::gbx::access::map_contents::Decal) -> DecalRow {
    DecalRow {
        id: d.id.clone(),
        intensity: d.intensity,
        variant: d.variant,
    }
}

/// The (row, block) pairs kept, increasing in both.
fn align(rows: &[ListRow], blocks: &[BlockRef<'_>]) -> Vec<(usize, usize)> {
    let prefix = rows
        .iter()
        .zip(blocks)
        .take_while(|(r, b)| same(r, b))
        .count();
    let max_suffix = rows.len().min(blocks.len()) - prefix;
    let suffix = rows
        .iter()
        .rev()
        .zip(blocks.iter().rev())
        .take(max_suffix)
        .take_while(|(r, b)| same(r, b))
        .count();
    let (rm, bm) = (
        &rows[prefix..rows.len() - suffix],
        &blocks[prefix..blocks.len() - suffix],
    );
    let mut pairs: Vec<(usize, usize)> = (0..prefix).map(|i| (i, i)).collect();
    if rm.len().saturating_mul(bm.len()) <= MAX_LCS_CELLS {
        pairs.extend(
            lcs(rm, bm)
                .into_iter()
                .map(|(r, b)| (r + prefix, b + prefix)),
        );
    }
    let (rs, bs) = (rows.len() - suffix, blocks.len() - suffix);
    pairs.extend((0..suffix).map(|k| (rs + k, bs + k)));
    pairs
}

/// The longest common subsequence of `rows` and `blocks` under [`same`].
fn lcs(rows: &[ListRow], blocks: &[BlockRef<'_>]) -> Vec<(usize, usize)> {
    let (n, m) = (rows.len(), blocks.len());
    // len[i][j]: the LCS of rows[i..] and blocks[j..].
    let mut len = vec![0u32; (n + 1) * (m + 1)];
    let at = |i: usize, j: usize| i * (m + 1) + j;
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            len[at(i, j)] = if same(&rows[i], &blocks[j]) {
                len[at(i + 1, j + 1)] + 1
            } else {
                len[at(i + 1, j)].max(len[at(i, j + 1)])
            };
        }
    }
    let (mut i, mut j, mut out) = (0, 0, Vec::new());
    while i < n && j < m {
        if same(&rows[i], &blocks[j]) {
            out.push((i, j));
            (i, j) = (i + 1, j + 1);
        } else if len[at(i + 1, j)] >= len[at(i, j + 1)] {
            i += 1;
        } else {
            j += 1;
        }
    }
    out
}

/// What changes from block `b` (index `index`) to `row`, one phrase each,
/// or the refusal of a change the import cannot make.
fn changes(
    row: &ListRow,
    b: &BlockRef<'_>,
    list: &BlockList,
    at: usize,
) -> Result<Vec<String>, EditError> {
    let refuse = |why: String| Err(EditError::Invalid(format!("{}: {why}", list.at(at))));
    if b.baked || row.baked {
        return refuse(format!(
            "block {} is {}: baked blocks are read-only (keep the row as exported)",
            b.name(),
            if b.baked { "baked" } else { "not baked" }
        ));
    }
    let mut out = Vec::new();
    if *row.name != *b.name() {
        out.push(format!("name {} -> {}", b.name(), row.name));
    } else if let Some(k) = row.kind.as_ref().filter(|k| *k != b.kind.label()) {
        return refuse(format!(
            "kind {k}: the kind follows the name ({})",
            b.kind.label()
        ));
    }
    if row.coord() != b.coord {
        out.push(format!("coordinate {:?} -> {:?}", b.coord, row.coord()));
    }
    if row.direction != b.direction {
        check_direction(row, list, at)?;
        out.push(format!("direction {} -> {}", b.direction, row.direction));
    }
    let flags = row.flags.unwrap_or(b.flags);
    if flags != b.flags {
        let layout = (flags ^ b.flags) & LAYOUT_FLAGS;
        if layout != 0 {
            return refuse(format!(
                "flags {:#010x} -> {flags:#010x}: bits {layout:#010x} decide the record's layout \
                 (skin, decal, properties, free) and cannot change",
                b.flags
            ));
        }
        out.push(format!("flags {:#010x} -> {flags:#010x}", b.flags));
    }
    if row.free.is_some_and(|f| f != (flags & FLAG_FREE != 0)) {
        return refuse("free follows flag bit 29 of the flags".into());
    }
    if row.decal.is_some() && decal_of(row) != b.decal().map(decal_row) {
        return refuse("the decal is read-only".into());
    }
    if row
        .waypoint
        .as_ref()
        .is_some_and(|w| w.as_deref() != b.waypoint())
    {
        return refuse("the waypoint is read-only".into());
    }
    if let Some(p) = free_of(row) {
        match (p, b.free().copied()) {
            (Some(p), Some(f)) if p != f => out.push("free placement".into()),
            (Some(_), None) => return refuse("a block on the grid has no free placement".into()),
            (None, Some(_)) => return refuse("a free block keeps a free placement".into()),
            _ => {}
        }
    }
    Ok(out)
}

/// The free placement a row gives: `None` when absent, `Some(None)` for
/// `null`.
fn free_of(row: &ListRow) -> Option<Option<FreePlacement>> {
    let p = row.position_m?;
    Some(
        p.zip(row.yaw_pitch_roll_rad.flatten())
            .map(|(p, r)| FreePlacement {
                position_m: p,
                yaw_pitch_roll_rad: r,
            }),
    )
}

/// Applies `plan` (made by [`plan`] from `list` against `gbx`) as one edit.
///
/// # Errors
/// [`EditError::Unchanged`] when the plan changes nothing; the refusal of
/// a step (naming its row), or the re-read check of an intermediate parse.
pub fn apply(gbx: &Gbx, list: &BlockList, plan: &Plan) -> Result<Edit, EditError> {
    let label = format!("import block list ({})", plan.summary());
    if plan.steps.is_empty() {
        return Err(EditError::Unchanged(label));
    }
    let mut doc = GbxDocument::from_gbx(gbx.clone());
    let step = |doc: &mut GbxDocument, what: &str, e: Result<Edit, EditError>| match e {
        Ok(edit) => doc.apply(edit).map_err(|e| context(what, e)),
        Err(EditError::Unchanged(_)) => Ok(()),
        Err(e) => Err(context(what, e)),
    };
    let fixed = fixed_size_changes(&doc.gbx, list, plan)?;
    step(&mut doc, "changes", finish("import: changes".into(), fixed))?;
    let contents = map_contents(&doc.gbx).unwrap_or_default();
    let mut renames: Vec<(&str, &str, Vec<usize>)> = Vec::new();
    for s in &plan.steps {
        let &Step::Change { index, row } = s else {
            continue;
        };
        let old = contents.block(index).map_or("", |b| b.name());
        let new = list.rows[row].name.as_str();
        match renames.iter_mut().find(|(o, n, _)| *o == old && *n == new) {
            Some((_, _, v)) => v.push(index),
            None if old != new => renames.push((old, new, vec![index])),
            None => {}
        }
    }
    for (old, new, indices) in renames {
        let e = replace_model(&doc.gbx, Some(&Selection::blocks(indices)), old, new);
        step(&mut doc, &format!("name {old} -> {new}"), e)?;
    }
    let deleted: Vec<usize> = plan
        .steps
        .iter()
        .filter_map(|s| {
            if let Step::Delete { index } = s {
                Some(*index)
            } else {
                None
            }
        })
        .collect();
    if !deleted.is_empty() {
        let e = delete_selection(&doc.gbx, &Selection::blocks(deleted));
        step(&mut doc, "deletions", e)?;
    }
    for s in &plan.steps {
        let &Step::Add { row } = s else { continue };
        let r = &list.rows[row];
        let block = NewBlock {
            name: r.name.clone(),
            coord: r.coord(),
            direction: r.direction,
            flags: r.flags,
            free: free_of(r).flatten(),
        };
        let e = add_block(&doc.gbx, &block, Some(row));
        step(&mut doc, &list.at(row), e)?;
    }
    diff_edit(gbx, &doc.gbx, &label)
}

fn context(what: &str, e: EditError) -> EditError {
    match e {
        EditError::Invalid(why) => EditError::Invalid(format!("{what}: {why}")),
        e => e,
    }
}

/// The field patches of every changed coordinate, direction, flags and
/// free placement (fixed-size fields of one parse).
fn fixed_size_changes(
    gbx: &Gbx,
    list: &BlockList,
    plan: &Plan,
) -> Result<Vec<FieldPatch>, EditError> {
    let recs = Records::of(gbx)?;
    let mut patches = Vec::new();
    for s in &plan.steps {
        let &Step::Change { index: i, row } = s else {
            continue;
        };
        let r = &list.rows[row];
        let Some(b) = recs.contents.block(i) else {
            continue;
        };
        let at = list.at(row);
        let rec = recs.block_rec(i)?;
        for (k, name) in FIELD_BLOCK_COORD.iter().enumerate() {
            let d = r.coord()[k] - b.coord[k];
            if d != 0 {
                let what = format!("{at}: coordinate {name}");
                patches.extend(shift_int(gbx, child(gbx, rec, name), d, &what)?);
            }
        }
        let dir = child(gbx, rec, FIELD_BLOCK_DIRECTION);
        patches.extend(set_int(
            gbx,
            dir,
            i64::from(r.direction),
            &format!("{at}: direction"),
        )?);
        if let Some(f) = r.flags {
            let loc = child(gbx, rec, FIELD_BLOCK_FLAGS);
            patches.extend(set_int(gbx, loc, i64::from(f), &format!("{at}: flags"))?);
        }
        if let Some(Some(p)) = free_of(r).filter(|_| b.free().is_some()) {
            let loc = recs.free_field(gbx, i, FIELD_ABSOLUTE_POSITION)?;
            patches.extend(patch(gbx, loc, encode_vec3(p.position_m))?);
            let loc = recs.free_field(gbx, i, FIELD_PITCH_YAW_ROLL)?;
            patches.extend(patch(gbx, loc, encode_vec3(p.yaw_pitch_roll_rad))?);
        }
    }
    Ok(patches)
}
