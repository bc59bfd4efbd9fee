//! The lookback strings of a parse by scope, and the re-encoding that keeps
//! them true after the bytes around them moved (seed 000 "Primitives":
//! lookbackstring; "Encapsulation").
//!
//! A scope is one header chunk, the body, or an encapsulated body chunk
//! (innermost first): the reader resets its list there
//! (`read/archive/lookback_read.rs`, `Archive::begin_encapsulation`). Scopes
//! are found here by byte range: everything read inside an encapsulated
//! chunk's data (nested nodes included) belongs to it, and reading order is
//! byte order.
//!
//! [`plan`] walks the lookback fields of an intermediate parse (made by the
//! engine with every scope's version removed) in order and decides each
//! one's bytes: an untouched field keeps its encoding while it still
//! resolves to the text it had; a back-reference whose entry moved is
//! re-pointed; one whose text is no longer listed becomes a new string; a
//! new string becomes a back-reference when its text is already listed (the
//! caller's, or an untouched one whose text an earlier change now lists;
//! not one the original file itself listed twice). The first field of every scope gets the version before it.

use super::error::EditError;
use crate::bytes::Space;
use crate::gbx::Gbx;
use crate::gbx::read::lookback::{FIELD_LOOKBACK_VERSION, INDEX_MASK};
use crate::gbx::read::table::Kind;
use std::collections::HashMap;

/// Raw chunks known to hold no lookback string, so a changed list before
/// them is harmless: TMUnlimiter's encrypted 0x3F001000 (GBX.NET
/// `CGameCtnChallenge.TMUnlimiter.cs` `Chunk3F001000.ReadDecrypted`: u16
/// flags, vectors, block indices, strings, no id).
const RAW_WITHOUT_LOOKBACK: &[u32] = &[0x3F00_1000];

/// The flag bit of a stored lookback string (seed 000: `0x40000000 | i`).
pub(super) const LOOKBACK_STRING: u32 = 0x4000_0000;

/// The name the encapsulated-data decoders give the u32 size before the
/// data (`classes/challenge_mp/mod.rs` `encapsulated_data`).
const FIELD_ENCAPSULATED_SIZE: &str = "encapsulatedSize";

/// Which lookback list a field belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Scope {
    /// Header chunk `n` (file space).
    Header(usize),
    /// The body outside encapsulated chunks.
    Body,
    /// The encapsulated chunk whose data starts at this body offset.
    Encapsulated(u64),
}

/// How a lookback field is stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Enc {
    /// A new string with this text.
    New(Vec<u8>),
    /// A back-reference as stored, and the text it resolved to (`None`:
    /// dangling).
    Ref {
        /// The stored u32 (flags and 1-based index).
        stored: u32,
        /// Resolved text.
        text: Option<Vec<u8>>,
    },
    /// A number of the global id table or -1: kept as it is.
    Keep,
}

/// One lookback field of a parse.
#[derive(Debug, Clone)]
pub(super) struct LbField {
    pub space: Space,
    pub start: u64,
    pub len: u64,
    pub enc: Enc,
    pub scope: Scope,
    /// A new string whose text its scope already listed before it (a file
    /// written without reusing strings): kept new.
    pub listed_before: bool,
}

/// The lookback facts of one parse.
#[derive(Debug, Default)]
pub(super) struct Scan {
    /// Lookback fields, by space (file first) then offset.
    pub fields: Vec<LbField>,
    /// Scope versions: space, offset of the u32, value.
    pub versions: Vec<(Space, u64, u32)>,
    /// Body offsets and values of encapsulated-data sizes.
    pub enc_sizes: Vec<(u64, u32)>,
    /// Body chunks not decoded (raw, unknown) and the undecoded tail: their
    /// offset and a name for errors.
    pub opaque: Vec<(u64, String)>,
    /// Encapsulated chunk data ranges (body space), sorted by start.
    encapsulated: Vec<(u64, u64)>,
    /// Header chunk data ranges (file space), in table order.
    header_chunks: Vec<(u64, u64)>,
}

impl Scan {
    /// Scans `gbx`'s field table.
    pub fn of(gbx: &Gbx) -> Self {
        let mut s = Self {
            header_chunks: gbx
                .header
                .chunks
                .iter()
                .map(|c| (c.data_range.start, c.data_range.end))
                .collect(),
            ..Self::default()
        };
        for node in &gbx.nodes {
            for c in &node.chunks {
                let enc = crate::gbx::classes::body_chunk(c.id).is_some_and(|d| d.encapsulated);
                if enc && c.status != crate::gbx::ChunkStatus::Unknown {
                    s.encapsulated.push((c.data_range.start, c.data_range.end));
                }
                if c.status != crate::gbx::ChunkStatus::Decoded
                    && !RAW_WITHOUT_LOOKBACK.contains(&c.id)
                {
                    s.opaque
                        .push((c.data_range.start, format!("chunk {:#010x}", c.id)));
                }
            }
        }
        if let Some(t) = &gbx.tail {
            s.opaque
                .push((t.offset.0, "the undecoded rest of the body".into()));
        }
        s.encapsulated.sort_unstable();
        s.collect(gbx);
        s
    }

    fn collect(&mut self, gbx: &Gbx) {
        let table = gbx.table();
        let header_len = table.header_len() as usize;
        for (i, r) in table.recs.iter().enumerate() {
            let (space, data) = if i < header_len {
                (Space::File, gbx.file.as_slice())
            } else {
                (Space::Body, gbx.body.as_slice())
            };
            let start = u64::from(r.start);
            let enc = match r.kind {
                Kind::LbNew => {
                    Enc::New(bytes(data, start + 8, u64::from(r.len).saturating_sub(8)).to_vec())
                }
                Kind::LbRef => Enc::Ref {
                    stored: u32_at(data, start),
                    text: Some(str_at(data, u64::from(r.payload)).to_vec()),
                },
                Kind::LbDangling => Enc::Ref {
                    stored: u32_at(data, start),
                    text: None,
                },
                Kind::LbNumber | Kind::LbMinusOne => Enc::Keep,
                Kind::U32 => {
                    let name = table.name(r.name);
                    if name == FIELD_LOOKBACK_VERSION {
                        self.versions.push((space, start, r.payload));
                    } else if name == FIELD_ENCAPSULATED_SIZE && space == Space::Body {
                        self.enc_sizes.push((start, r.payload));
                    }
                    continue;
                }
                _ => continue,
            };
            let Some(scope) = self.scope_of(space, start) else {
                continue;
            };
            self.fields.push(LbField {
                space,
                start,
                len: u64::from(r.len),
                enc,
                scope,
                listed_before: false,
            });
        }
        self.fields
            .sort_by_key(|f| (f.space == Space::Body, f.start));
        let mut listed: HashMap<Scope, std::collections::HashSet<&[u8]>> = HashMap::new();
        let mut dups = Vec::new();
        for (i, f) in self.fields.iter().enumerate() {
            if let Enc::New(t) = &f.enc
                && !listed.entry(f.scope).or_default().insert(t.as_slice())
            {
                dups.push(i);
            }
        }
        for i in dups {
            self.fields[i].listed_before = true;
        }
    }

    /// The scope of the byte at `offset` of `space` (`None`: file bytes
    /// outside every header chunk).
    pub fn scope_of(&self, space: Space, offset: u64) -> Option<Scope> {
        match space {
            Space::File => self
                .header_chunks
                .iter()
                .position(|&(s, e)| offset >= s && offset < e)
                .map(Scope::Header),
            Space::Body => Some(
                self.encapsulated
                    .iter()
                    .rev()
                    .find(|&&(s, e)| offset >= s && offset < e)
                    .map_or(Scope::Body, |&(s, _)| Scope::Encapsulated(s)),
            ),
        }
    }

    /// Every scope's new strings (offset, text) in offset order: the list
    /// a reader holds at an offset is the prefix before it. One pass over
    /// the fields (a map with 5,064 raw item chunks asked for each list
    /// separately, a scan of every field per chunk).
    pub fn lists(&self) -> HashMap<Scope, Vec<(u64, &[u8])>> {
        let mut lists: HashMap<Scope, Vec<(u64, &[u8])>> = HashMap::new();
        for f in &self.fields {
            if let Enc::New(t) = &f.enc {
                lists
                    .entry(f.scope)
                    .or_default()
                    .push((f.start, t.as_slice()));
            }
        }
        for list in lists.values_mut() {
            list.sort_by_key(|&(at, _)| at);
        }
        lists
    }
}

/// Where a byte of the intermediate layout came from: the original data at
/// this offset, or byte `at` of splice piece `piece`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Origin {
    /// Original data, at this offset.
    Orig(u64),
    /// Inside the bytes of a piece.
    Ins {
        /// Piece position.
        piece: usize,
        /// Offset in its bytes.
        at: usize,
    },
}

/// The decided bytes of one lookback field of the intermediate layout.
#[derive(Debug, Clone)]
pub(super) struct Fix {
    pub space: Space,
    /// Where its bytes came from.
    pub origin: Origin,
    /// Its length in the intermediate layout.
    pub len: u64,
    /// Its new bytes (the version first, for a scope's first field).
    pub bytes: Vec<u8>,
}

/// What [`plan`] needs to know about the intermediate layout.
pub(super) struct Layout<'a> {
    /// The old parse's scan.
    pub old: &'a Scan,
    /// The intermediate parse's scan.
    pub trial: &'a Scan,
    /// The intermediate parse.
    pub trial_gbx: &'a Gbx,
    /// Where an intermediate range comes from (`None`: it straddles a
    /// splice boundary).
    pub locate: &'a dyn Fn(Space, u64, u64) -> Option<Origin>,
    /// Where an old offset lies in the intermediate layout (`None`: spliced
    /// away).
    pub forward: &'a dyn Fn(Space, u64) -> Option<u64>,
    /// The version written before each scope's first string.
    pub version: u32,
}

/// Decides the bytes of every lookback field of the intermediate layout
/// (module docs); returns those that differ from the intermediate bytes.
///
/// # Errors
/// A lookback field that straddles a splice boundary, or a raw chunk whose
/// lookback list this edit changes.
pub(super) fn plan(l: &Layout<'_>) -> Result<Vec<Fix>, EditError> {
    let old_at: HashMap<(Space, u64), &LbField> = l
        .old
        .fields
        .iter()
        .map(|f| ((f.space, f.start), f))
        .collect();
    let mut lists: HashMap<Scope, Vec<(u64, Vec<u8>)>> = HashMap::new();
    let mut seen: std::collections::HashSet<Scope> = std::collections::HashSet::new();
    let mut fixes = Vec::new();
    for f in &l.trial.fields {
        let origin = (l.locate)(f.space, f.start, f.len).ok_or_else(|| {
            EditError::Invalid(format!(
                "a lookback string at {} offset {:#x} is cut by the edit",
                f.space.name(),
                f.start
            ))
        })?;
        let (intended, inserted, dup) = match origin {
            Origin::Orig(x) => match old_at.get(&(f.space, x)) {
                Some(o) if o.len == f.len => (&o.enc, false, o.listed_before),
                _ => (&f.enc, true, false),
            },
            Origin::Ins { .. } => (&f.enc, true, false),
        };
        let list = lists.entry(f.scope).or_default();
        let first = seen.insert(f.scope);
        let current = crate::gbx::slice(data(l.trial_gbx, f.space), range(f));
        let mut bytes = decide(intended, inserted && !dup, !dup, current, list, f.start);
        if first {
            let mut v = l.version.to_le_bytes().to_vec();
            v.extend_from_slice(&bytes);
            bytes = v;
        }
        if bytes != current {
            fixes.push(Fix {
                space: f.space,
                origin,
                len: f.len,
                bytes,
            });
        }
    }
    check_opaque(l, &lists)?;
    Ok(fixes)
}

/// The bytes of one field given the list so far (which it extends when it
/// stays or becomes a new string). `inserted`: the caller wrote it;
/// `reuse`: a new string becomes a back-reference when its text is listed
/// (false for a string the original file listed twice).
fn decide(
    intended: &Enc,
    inserted: bool,
    reuse: bool,
    current: &[u8],
    list: &mut Vec<(u64, Vec<u8>)>,
    at: u64,
) -> Vec<u8> {
    let find = |list: &[(u64, Vec<u8>)], t: &[u8]| list.iter().position(|(_, x)| x == t);
    match intended {
        Enc::New(t) => {
            if reuse && let Some(j) = find(list, t) {
                return reference(LOOKBACK_STRING, j);
            }
            list.push((at, t.clone()));
            if inserted {
                new_string(t)
            } else {
                current.to_vec()
            }
        }
        Enc::Ref {
            stored,
            text: Some(t),
        } => {
            let index = (stored & INDEX_MASK) as usize;
            let still = index
                .checked_sub(1)
                .and_then(|i| list.get(i))
                .is_some_and(|(_, x)| x == t);
            if still {
                return current.to_vec();
            }
            if let Some(j) = find(list, t) {
                return reference(*stored, j);
            }
            list.push((at, t.clone()));
            new_string(t)
        }
        Enc::Ref { text: None, .. } | Enc::Keep => current.to_vec(),
    }
}

/// A back-reference to entry `j` (0-based) with the flag bits `flags`.
fn reference(flags: u32, j: usize) -> Vec<u8> {
    let index = u32::try_from(j + 1).unwrap_or(INDEX_MASK) & INDEX_MASK;
    ((flags & !INDEX_MASK) | index).to_le_bytes().to_vec()
}

/// A new lookback string: `0x40000000`, u32 length, the bytes.
pub(super) fn new_string(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(8 + text.len());
    out.extend_from_slice(&LOOKBACK_STRING.to_le_bytes());
    out.extend_from_slice(&u32::try_from(text.len()).unwrap_or(u32::MAX).to_le_bytes());
    out.extend_from_slice(text);
    out
}

/// Refuses when a chunk kept raw (or the undecoded tail) would meet a
/// different lookback list than before: its back-references, which we
/// cannot see, would point at other strings.
fn check_opaque(
    l: &Layout<'_>,
    lists: &HashMap<Scope, Vec<(u64, Vec<u8>)>>,
) -> Result<(), EditError> {
    let old_lists = l.old.lists();
    for (o, what) in &l.old.opaque {
        let Some(scope) = l.old.scope_of(Space::Body, *o) else {
            continue;
        };
        let Some(y) = (l.forward)(Space::Body, *o) else {
            continue;
        };
        let old_list = old_lists.get(&scope).map_or(&[][..], Vec::as_slice);
        let before = &old_list[..old_list.partition_point(|&(at, _)| at < *o)];
        let Some(new_scope) = l.trial.scope_of(Space::Body, y) else {
            continue;
        };
        // `plan` pushes in field order, so each list is in offset order.
        let new_list = lists.get(&new_scope).map_or(&[][..], Vec::as_slice);
        let after = &new_list[..new_list.partition_point(|(at, _)| *at < y)];
        let same = before.len() == after.len()
            && before.iter().zip(after).all(|(b, a)| b.1 == a.1.as_slice());
        if !same {
            return Err(EditError::Invalid(format!(
                "{what} (body offset {o:#x}) is not decoded and may refer to lookback strings by \
                 number; this edit changes the list of strings before it ({} entries instead of \
                 {}, or in another order), so the edit is refused",
                after.len(),
                before.len()
            )));
        }
    }
    Ok(())
}

/// The bytes of `space` of a parse.
pub(super) fn data(gbx: &Gbx, space: Space) -> &[u8] {
    match space {
        Space::File => &gbx.file,
        Space::Body => &gbx.body,
    }
}

fn range(f: &LbField) -> crate::bytes::ByteRange {
    crate::bytes::ByteRange::at(f.start, f.len)
}

fn bytes(data: &[u8], start: u64, len: u64) -> &[u8] {
    crate::gbx::slice(data, crate::bytes::ByteRange::at(start, len))
}

fn u32_at(data: &[u8], at: u64) -> u32 {
    let b = bytes(data, at, 4);
    b.try_into().map_or(0, u32::from_le_bytes)
}

/// A string whose u32 length sits just before `at`.
fn str_at(data: &[u8], at: u64) -> &[u8] {
    let len = u32_at(data, at.saturating_sub(4));
    bytes(data, at, u64::from(len))
}
