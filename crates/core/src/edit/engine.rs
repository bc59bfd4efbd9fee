//! The edit engine (issue 28): raw splices of a parse turned into one
//! byte-exact, undoable [`Edit`], with everything that depends on the
//! spliced bytes kept true.
//!
//! [`build_edit`] applies the caller's [`Splice`]s, then:
//! - removes every lookback scope's version u32, parses the result with the
//!   versions taken as read (`read::lookback::with_versions_stripped`), and
//!   decides every lookback field's bytes in reading order
//!   (`super::lookback_fix::plan`), putting each scope's version back
//!   before its new first string (seed 000 "lookbackstring", "Encapsulation");
//! - re-encodes the u32 size before every encapsulated data block that
//!   encloses a change (`encapsulatedSize`); the writer
//!   ([`crate::gbx::write`]) re-encodes skippable chunk sizes, the header
//!   chunk table and `userDataSize`, and re-compresses the body;
//! - parses the result and refuses it when it reads less far than before
//!   (`super::document::check_reread`);
//! - expresses the change as [`Target::Range`] patches: one per changed
//!   header chunk and one for the body, each the smallest range between
//!   the common prefix and suffix, so undo restores the original bytes.
//!
//! Counts are the caller's business (`records.rs` does them for arrays).

use super::document::{check_reread, check_structure};
use super::error::EditError;
use super::lookback_fix::{Fix, Layout, Origin, Scan, data, new_string, plan};
use super::{Edit, FieldPatch, Target};
use crate::bytes::{ByteRange, Space};
use crate::gbx::write::{Patch, WriteOptions, write};
use crate::gbx::{Format, Gbx, slice};

/// One raw change in the current parse: replace `range` of `space` (file
/// space for header chunks, body space for the body) with `bytes` (empty
/// range = insertion, empty bytes = deletion). Lookback strings inside
/// `bytes` are written as NEW strings ([`encode_lookback_new`]) and never
/// with a scope version before them; the engine turns them into
/// back-references where the text is already listed, fixes every later
/// back-reference of the same scope, and keeps the scope's version field
/// before its first string. Counts are the caller's business.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Splice {
    /// File or body space.
    pub space: Space,
    /// The bytes replaced, in the current parse.
    pub range: ByteRange,
    /// The new bytes.
    pub bytes: Vec<u8>,
}

impl Splice {
    /// Replaces the bytes of `range` of `space` with `bytes`.
    #[must_use]
    pub fn new(space: Space, range: ByteRange, bytes: Vec<u8>) -> Self {
        Self {
            space,
            range,
            bytes,
        }
    }
}

/// A lookback string stored as NEW (seed 000 "lookbackstring": the u32
/// `0x40000000`, then the string: u32 byte length and UTF-8 bytes).
#[must_use]
pub fn encode_lookback_new(text: &str) -> Vec<u8> {
    new_string(text.as_bytes())
}

/// Builds one undoable [`Edit`] labelled `label` (shown in Edit ▸ Undo) from
/// splices of the current parse `gbx` (module docs). Applying it gives the
/// new file; its inverse gives back the old bytes exactly.
///
/// # Errors
/// [`EditError::Invalid`] for a text-format file, splices out of bounds or
/// overlapping, a lookback string cut by a splice, or a raw chunk whose
/// lookback list would change; [`EditError::Write`] when the file cannot be
/// written (a file-space splice outside the header chunks);
/// [`EditError::Reread`] when the result reads less far than `gbx`.
pub fn build_edit(gbx: &Gbx, label: &str, splices: Vec<Splice>) -> Result<Edit, EditError> {
    let new = splice_parse(gbx, splices)?;
    diff_edit(gbx, &new, label)
}

/// [`build_edit`]'s new parse: the file after the splices, fixed up.
///
/// # Errors
/// As [`build_edit`].
pub fn splice_parse(gbx: &Gbx, splices: Vec<Splice>) -> Result<Gbx, EditError> {
    if gbx.header.format == Format::Text {
        return Err(EditError::Invalid(
            "text-format ('T') files are read-only: edits are written in binary form".into(),
        ));
    }
    let old = Scan::of(gbx);
    let base = base_pieces(gbx, splices, &old)?;
    let trial_bytes = write(
        gbx,
        &patches(&with_sizes(base.clone(), &old)),
        WriteOptions::default(),
    )?;
    let trial = crate::gbx::read::lookback::with_versions_stripped(|| Gbx::parse(trial_bytes))?;
    check_structure(gbx, &trial).map_err(|e| match e {
        EditError::Reread(why) => {
            EditError::Reread(format!("the splices break the structure: {why}"))
        }
        e => e,
    })?;
    let trial_scan = Scan::of(&trial);
    let locate = |space, y, len| locate(&base, space, y, len);
    let forward = |space, o| forward(&base, space, o);
    let version = old.versions.first().map_or(3, |v| v.2);
    let fixes = plan(&Layout {
        old: &old,
        trial: &trial_scan,
        trial_gbx: &trial,
        locate: &locate,
        forward: &forward,
        version,
    })?;
    let pieces = with_sizes(apply_fixes(base, fixes), &old);
    let bytes = write(gbx, &patches(&pieces), WriteOptions::default())?;
    let new = Gbx::parse(bytes)?;
    check_reread(gbx, &new, None)?;
    Ok(new)
}

/// One replacement against the original data of a space.
#[derive(Debug, Clone)]
struct Piece {
    space: Space,
    start: u64,
    end: u64,
    bytes: Vec<u8>,
}

impl Piece {
    fn key(&self) -> (bool, u64, u64) {
        (self.space == Space::Body, self.start, self.end)
    }

    fn delta(&self) -> i64 {
        self.bytes.len() as i64 - (self.end - self.start) as i64
    }
}

/// The splices, checked, plus the deletion of every scope version they do
/// not already remove; sorted.
fn base_pieces(gbx: &Gbx, splices: Vec<Splice>, old: &Scan) -> Result<Vec<Piece>, EditError> {
    let mut pieces: Vec<Piece> = splices
        .into_iter()
        .map(|s| Piece {
            space: s.space,
            start: s.range.start,
            end: s.range.end,
            bytes: s.bytes,
        })
        .collect();
    pieces.sort_by_key(Piece::key);
    for p in &pieces {
        let len = data(gbx, p.space).len() as u64;
        if p.start > p.end || p.end > len {
            return Err(EditError::Invalid(format!(
                "splice {:#x}..{:#x} lies outside the {} ({len} bytes)",
                p.start,
                p.end,
                p.space.name()
            )));
        }
        if p.space == Space::Body && gbx.body_info.is_none() {
            return Err(EditError::Invalid(
                "the body was not read: it cannot be edited".into(),
            ));
        }
    }
    for w in pieces.windows(2) {
        if w[0].space == w[1].space && (w[1].start < w[0].end || w[1].key() == w[0].key()) {
            return Err(EditError::Invalid(format!(
                "splices {:#x}..{:#x} and {:#x}..{:#x} of the {} overlap",
                w[0].start,
                w[0].end,
                w[1].start,
                w[1].end,
                w[0].space.name()
            )));
        }
    }
    let mut deletions = Vec::new();
    for &(space, at, _) in &old.versions {
        let end = at + 4;
        let hit = pieces
            .iter()
            .filter(|p| p.space == space && p.start < end && p.end > at)
            .collect::<Vec<_>>();
        match hit.as_slice() {
            [] => deletions.push(Piece {
                space,
                start: at,
                end,
                bytes: Vec::new(),
            }),
            [p] if p.start <= at && p.end >= end => {}
            _ => {
                return Err(EditError::Invalid(format!(
                    "a splice cuts the lookback version at {} offset {at:#x}",
                    space.name()
                )));
            }
        }
    }
    pieces.extend(deletions);
    pieces.sort_by_key(Piece::key);
    Ok(pieces)
}

/// Adds the re-encoded `encapsulatedSize` of every encapsulated data block
/// enclosing a size change; sorted.
fn with_sizes(mut pieces: Vec<Piece>, old: &Scan) -> Vec<Piece> {
    let mut sizes = Vec::new();
    for &(at, size) in &old.enc_sizes {
        let (data_start, data_end) = (at + 4, at + 4 + u64::from(size));
        let body = || pieces.iter().filter(|p| p.space == Space::Body);
        if body().any(|p| p.start < at + 4 && p.end > at) {
            continue;
        }
        let delta: i64 = body()
            .filter(|p| p.start >= data_start && p.end <= data_end)
            .map(Piece::delta)
            .sum();
        if delta == 0 {
            continue;
        }
        let new = u32::try_from(i64::from(size) + delta).unwrap_or(u32::MAX);
        sizes.push(Piece {
            space: Space::Body,
            start: at,
            end: at + 4,
            bytes: new.to_le_bytes().to_vec(),
        });
    }
    pieces.extend(sizes);
    pieces.sort_by_key(Piece::key);
    pieces
}

fn patches(pieces: &[Piece]) -> Vec<Patch> {
    pieces
        .iter()
        .map(|p| Patch {
            space: p.space,
            range: ByteRange::new(p.start, p.end),
            bytes: p.bytes.clone(),
        })
        .collect()
}

/// Where the intermediate range `y..y+len` of `space` comes from; `None`
/// when it straddles a piece boundary.
fn locate(pieces: &[Piece], space: Space, y: u64, len: u64) -> Option<Origin> {
    let mut shift: i64 = 0;
    for (k, p) in pieces.iter().enumerate().filter(|(_, p)| p.space == space) {
        let ns = p.start.checked_add_signed(shift)?;
        let ne = ns + p.bytes.len() as u64;
        if y < ns {
            return (y + len <= ns)
                .then(|| Origin::Orig(y.checked_add_signed(-shift).unwrap_or(y)));
        }
        if y < ne {
            let at = usize::try_from(y - ns).ok()?;
            return (y + len <= ne).then_some(Origin::Ins { piece: k, at });
        }
        shift += p.delta();
    }
    y.checked_add_signed(-shift).map(Origin::Orig)
}

/// Where the old offset `o` of `space` lies in the intermediate layout;
/// `None` when a piece replaced it.
fn forward(pieces: &[Piece], space: Space, o: u64) -> Option<u64> {
    let mut shift: i64 = 0;
    for p in pieces.iter().filter(|p| p.space == space) {
        if p.start <= o && o < p.end {
            return None;
        }
        if p.end <= o {
            shift += p.delta();
        }
    }
    o.checked_add_signed(shift)
}

/// The pieces with the lookback fixes written in: inside a piece's bytes,
/// or as new pieces over original bytes.
fn apply_fixes(mut pieces: Vec<Piece>, fixes: Vec<Fix>) -> Vec<Piece> {
    let mut inner: Vec<(usize, usize, usize, Vec<u8>)> = Vec::new();
    let mut extra = Vec::new();
    for f in fixes {
        let len = usize::try_from(f.len).unwrap_or(usize::MAX);
        match f.origin {
            Origin::Orig(x) => extra.push(Piece {
                space: f.space,
                start: x,
                end: x + f.len,
                bytes: f.bytes,
            }),
            Origin::Ins { piece, at } => inner.push((piece, at, len, f.bytes)),
        }
    }
    // From the end of each piece backwards, so earlier offsets stay valid.
    inner.sort_by_key(|(piece, at, _, _)| std::cmp::Reverse((*piece, *at)));
    for (piece, at, len, bytes) in inner {
        if let Some(p) = pieces.get_mut(piece) {
            let end = (at + len).min(p.bytes.len());
            p.bytes.splice(at.min(end)..end, bytes);
        }
    }
    pieces.extend(extra);
    pieces.sort_by_key(Piece::key);
    pieces
}

/// The edit from `old` to `new` as [`Target::Range`] patches: per header
/// chunk, for the header's `numNodes` and for the body, the bytes between
/// the common prefix and suffix.
///
/// # Errors
/// [`EditError::Invalid`] when the header chunk tables differ in length.
pub fn diff_edit(old: &Gbx, new: &Gbx, label: &str) -> Result<Edit, EditError> {
    if old.header.chunks.len() != new.header.chunks.len() {
        return Err(EditError::Invalid(
            "the edit changed the number of header chunks".into(),
        ));
    }
    let mut patches = Vec::new();
    for (a, b) in old.header.chunks.iter().zip(&new.header.chunks) {
        let (x, y) = (
            slice(&old.file, a.data_range),
            slice(&new.file, b.data_range),
        );
        patches.extend(range_patch(Space::File, a.data_range.start, x, y));
    }
    if let (Some(at), Some(to)) = (
        crate::gbx::write::num_nodes_range(old),
        crate::gbx::write::num_nodes_range(new),
    ) {
        let (x, y) = (slice(&old.file, at), slice(&new.file, to));
        // Whole: the writer takes the field whole or not at all.
        if x != y {
            patches.push(FieldPatch {
                target: Target::Range {
                    space: Space::File,
                    range: at,
                },
                old: x.to_vec(),
                new: y.to_vec(),
            });
        }
    }
    patches.extend(range_patch(Space::Body, 0, &old.body, &new.body));
    Ok(Edit {
        label: label.to_owned(),
        patches,
        merge_key: None,
    })
}

/// The patch turning `a` (at `origin` of `space`) into `b`, or none.
fn range_patch(space: Space, origin: u64, a: &[u8], b: &[u8]) -> Option<FieldPatch> {
    if a == b {
        return None;
    }
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let max_suffix = a.len().min(b.len()) - prefix;
    let suffix = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take(max_suffix)
        .take_while(|(x, y)| x == y)
        .count();
    let old = a[prefix..a.len() - suffix].to_vec();
    let new = b[prefix..b.len() - suffix].to_vec();
    let start = origin + prefix as u64;
    Some(FieldPatch {
        target: Target::Range {
            space,
            range: ByteRange::at(start, old.len() as u64),
        },
        old,
        new,
    })
}

#[cfg(test)]
mod tests;
