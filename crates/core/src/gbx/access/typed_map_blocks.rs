//! The blocks of a map from its typed block records (issue 46;
//! `read::typed_blocks`): what [`map_contents`](super::map_contents) gives
//! for a plain record of a list a narrow parse handed out typed, without
//! the field table. A plain record has no author, skin or waypoint (those
//! records are recorded in the table and read as in a full parse).

use super::block_ref::BlockTables;
use super::map_kind::Kind;
use super::map_records::{Block, BlockExtra, BlockName, ChunkPos, Decal, ExtraId};
use crate::bytes::push::push_reserved;
use crate::gbx::Gbx;
use crate::gbx::classes::block_common::{common_record, more_than_head};
use crate::gbx::read::lookback::INDEX_MASK;
use crate::gbx::read::typed_blocks::{TypedBlock, TypedBlockList, TypedDecal};
use rustc_hash::FxHashMap;
use std::borrow::Cow;

/// The block lists a parse handed out typed, by chunk (current id) of the
/// main node.
#[must_use]
pub fn typed_list(gbx: &Gbx, chunk_id: u32) -> Option<&TypedBlockList> {
    gbx.typed_blocks
        .iter()
        .find(|t| t.node == 0 && t.chunk_id == chunk_id)
}

/// The names met so far in a list and their kinds, by the offset of the
/// name's bytes (a back-reference gives the offset of the string it
/// names): each name is looked up in the contents' [`BlockTables`] and
/// classified once. The last one is kept apart: 78% of the blocks of
/// jussyDr/gbx's 18 maps name the model of the block before them.
///
/// The names of a run's records are kept by their lookback index too (a
/// run's record refers back by index: [`push_run`]), so a name met
/// before is one indexed load, not a hash lookup.
///
/// The decals met so far are kept the same way, by how they were stored
/// (the id's bytes, intensity, variant): the blocks with the same decal
/// share one [`BlockExtra`].
///
/// One per map's contents, for its tables; [`Names::start_list`] forgets
/// what a list met (a baked list's kinds differ from a placed list's).
#[derive(Debug, Default)]
pub struct Names {
    /// The contents' names and extras.
    pub tables: BlockTables,
    seen: FxHashMap<u32, (BlockName, Kind)>,
    last: Option<(u32, BlockName, Kind)>,
    by_index: Vec<Option<(BlockName, Kind)>>,
    decals: FxHashMap<TypedDecal, Option<ExtraId>>,
    last_decal: Option<(TypedDecal, Option<ExtraId>)>,
}

impl Names {
    /// Forgets the names, kinds and decals of the list before.
    pub fn start_list(&mut self) {
        self.seen.clear();
        self.last = None;
        self.by_index.clear();
        self.decals.clear();
        self.last_decal = None;
    }

    /// The name and kind of the name at `at` (offset, length): the last one
    /// in line, any other out of line.
    #[inline(always)]
    fn get(&mut self, gbx: &Gbx, at: (u32, u32), baked: bool) -> (BlockName, Kind) {
        if let Some((offset, name, kind)) = self.last
            && offset == at.0
        {
            return (name, kind);
        }
        self.get_other(gbx, at, baked)
    }

    /// [`Names::get`] for the name a run's record of `list` refers back to
    /// (its stored lookback word `stored`), by lookback index; `None` when
    /// it names no string of the list.
    #[inline(always)]
    fn run_name(
        &mut self,
        gbx: &Gbx,
        list: &TypedBlockList,
        stored: u32,
        baked: bool,
    ) -> Option<(BlockName, Kind)> {
        let index = (stored & INDEX_MASK) as usize;
        match self.by_index.get(index) {
            Some(Some(got)) => Some(*got),
            _ => self.index_other(gbx, list, stored, baked),
        }
    }

    /// [`Names::run_name`] for an index not met before: fills its slot;
    /// `None` when it names no string of the list.
    #[inline(never)]
    fn index_other(
        &mut self,
        gbx: &Gbx,
        list: &TypedBlockList,
        stored: u32,
        baked: bool,
    ) -> Option<(BlockName, Kind)> {
        let at = list.string(stored)?;
        let got = self.get_other(gbx, at, baked);
        // At most the list's length: `string` resolved it.
        let index = (stored & INDEX_MASK) as usize;
        if index >= self.by_index.len() {
            self.by_index.resize(index + 1, None);
        }
        self.by_index[index] = Some(got);
        Some(got)
    }

    /// The extra of a run's record of `list` whose only extra is the decal
    /// stored as `[id, intensity, variant]` (the id a lookback word); `None`
    /// when the id names no string of the list.
    #[inline(always)]
    fn run_decal(
        &mut self,
        gbx: &Gbx,
        list: &TypedBlockList,
        [id, intensity, variant]: [u32; 3],
    ) -> Option<Option<ExtraId>> {
        let d = TypedDecal {
            id: list.string(id)?,
            intensity: intensity.cast_signed(),
            variant: variant.cast_signed(),
        };
        Some(self.decal(gbx, d))
    }

    /// [`Names::get`] for a name other than the last one.
    #[inline(never)]
    fn get_other(&mut self, gbx: &Gbx, at: (u32, u32), baked: bool) -> (BlockName, Kind) {
        let got = match self.seen.get(&at.0) {
            Some(got) => *got,
            None => {
                let got = self.tables.name(&body_text(gbx, at), baked);
                self.seen.insert(at.0, got);
                got
            }
        };
        self.last = Some((at.0, got.0, got.1));
        got
    }

    /// The extra of a block whose only extra is the decal `d`: the last one
    /// in line (the blocks of a decal mostly follow each other), any other
    /// out of line.
    #[inline(always)]
    fn decal(&mut self, gbx: &Gbx, d: TypedDecal) -> Option<ExtraId> {
        match self.last_decal {
            Some((last, extra)) if last == d => extra,
            _ => self.other_decal(gbx, d),
        }
    }

    /// [`Names::decal`] for a decal other than the last one.
    #[inline(never)]
    fn other_decal(&mut self, gbx: &Gbx, d: TypedDecal) -> Option<ExtraId> {
        let extra = match self.decals.get(&d) {
            Some(extra) => *extra,
            None => {
                let extra = self.tables.extra(BlockExtra {
                    decal: Some(Decal {
                        id: text(gbx, d.id),
                        intensity: d.intensity,
                        variant: d.variant,
                    }),
                    ..BlockExtra::default()
                });
                self.decals.insert(d, extra);
                extra
            }
        };
        self.last_decal = Some((d, extra));
        extra
    }
}

/// How a list's records become blocks: where the list is, whether it holds
/// baked blocks, and what its records store in a coordinate minus
/// [`Block::coord`] (`map_contents::coord_offset`).
#[derive(Debug, Clone, Copy)]
pub struct ListInfo {
    /// The chunk the list is in.
    pub pos: ChunkPos,
    /// Baked blocks (0x03043048).
    pub baked: bool,
    /// Subtracted from the stored coordinate.
    pub offset: [i32; 3],
}

/// Pushes the block of a plain typed record to `blocks`; false (nothing
/// pushed) for flags 0xFFFFFFFF (no block). Pushed here rather than
/// handed back as an `Option<Block>` for the caller to push, which
/// copied each block once more (with the free blocks' positions kept as
/// they are pushed, 4.3 M fewer instructions a pass of the summary on
/// jussyDr/gbx's 18 maps: BENCHMARKS.md session 46g).
#[inline(always)]
pub fn push_typed_block(
    gbx: &Gbx,
    t: &TypedBlock,
    names: &mut Names,
    list: ListInfo,
    blocks: &mut Vec<Block>,
) -> bool {
    if t.flags == u32::MAX {
        return false;
    }
    let named = names.get(gbx, t.name, list.baked);
    // Only a decal can be read typed: made only then, once per decal
    // (through BlockExtra::of, which takes three fields by value on
    // every block, the summary counted 6.3 M more instructions a pass).
    let extra = t.decal.and_then(|d| names.decal(gbx, d));
    let block = make_block(named, t.placement, t.flags, extra, t.span, list);
    push_reserved(blocks, block);
    true
}

/// What a run of `list` gave ([`push_run`]).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct RunCount {
    /// Records read.
    pub records: usize,
    /// Of them, records with flags 0xFFFFFFFF (no block).
    pub placeholders: usize,
}

/// Pushes the blocks of a run of `list` ([`TypedRecord::Run`]: `count`
/// common records from body offset `start`) to `blocks`, reading the run
/// again from the body as the parse stepped over it
/// (`classes::block_common::common_record`), and the position in `blocks`
/// of each free block (flag bit 29) to `free`. A run's names refer back
/// by lookback index and are looked up by it ([`Names`]); the parse
/// checked that every name and decal id refers back, so each resolves in
/// `list.strings` (the run stops at one that would not).
///
/// [`TypedRecord::Run`]: crate::gbx::read::typed_blocks::TypedRecord::Run
#[inline(always)]
pub fn push_run(
    gbx: &Gbx,
    (list, start, count): (&TypedBlockList, u32, u32),
    names: &mut Names,
    info: ListInfo,
    (blocks, free): (&mut Vec<Block>, &mut Vec<usize>),
) -> RunCount {
    let more = more_than_head(list.version);
    let mut at = start;
    let mut n = RunCount::default();
    while n.records < count as usize {
        let Some(r) = gbx
            .body
            .get(at as usize..)
            .and_then(|b| common_record(b, more))
        else {
            break;
        };
        let span = [at, at.saturating_add(r.len)];
        if r.flags != u32::MAX {
            let Some(named) = names.run_name(gbx, list, r.name, info.baked) else {
                break;
            };
            let extra = match r.decal.map(|d| names.run_decal(gbx, list, d)) {
                None => None,
                Some(None) => break,
                Some(Some(extra)) => extra,
            };
            let block = make_block(named, r.placement_bytes(), r.flags, extra, span, info);
            let is_free = block.is_free();
            push_reserved(blocks, block);
            if is_free {
                free.push(blocks.len() - 1);
            }
        } else {
            n.placeholders += 1;
        }
        at = span[1];
        n.records += 1;
    }
    n
}

/// The block of a record: its name and kind, placement bytes (direction,
/// x, y, z as stored), flags, extra and record (body space), in `list`.
#[inline(always)]
fn make_block(
    (name, kind): (BlockName, Kind),
    [direction, x, y, z]: [u8; 4],
    flags: u32,
    extra: Option<ExtraId>,
    span: [u32; 2],
    list: ListInfo,
) -> Block {
    let coord = [x, y, z];
    Block {
        kind,
        name,
        direction,
        coord: [0, 1, 2].map(|i| i32::from(coord[i]) - list.offset[i]),
        flags,
        baked: list.baked,
        skin: false,
        extra,
        span,
        chunk: list.pos,
    }
}

/// The text of a lookback string's bytes at (offset, length) in the body,
/// borrowed from it. A typed read took only UTF-8 strings, so the check
/// succeeds (the lossy conversion, which walks the bytes in chunks, is the
/// fallback).
#[inline]
fn body_text(gbx: &Gbx, (at, len): (u32, u32)) -> Cow<'_, str> {
    let (at, len) = (at as usize, len as usize);
    let bytes = gbx.body.get(at..at.saturating_add(len)).unwrap_or_default();
    match std::str::from_utf8(bytes) {
        Ok(t) => Cow::Borrowed(t),
        Err(_) => String::from_utf8_lossy(bytes),
    }
}

/// [`body_text`] as an owned string.
#[inline]
pub(super) fn text(gbx: &Gbx, at: (u32, u32)) -> String {
    body_text(gbx, at).into_owned()
}
