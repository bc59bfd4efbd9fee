//! The blocks of a map from its typed block records (issue 46;
//! `read::typed_blocks`): what [`map_contents`](super::map_contents) gives
//! for a plain record of a list a narrow parse handed out typed, without
//! the field table. A plain record has no author, skin or waypoint (those
//! records are recorded in the table and read as in a full parse).

use super::map_kind::Kind;
use super::map_records::{Block, BlockExtra, ChunkPos, Decal};
use crate::bytes::push::push_reserved;
use crate::gbx::Gbx;
use crate::gbx::classes::block_common::{common_record, more_than_head};
use crate::gbx::read::lookback::INDEX_MASK;
use crate::gbx::read::typed_blocks::{TypedBlock, TypedBlockList, TypedDecal};
use rustc_hash::FxHashMap;
use std::rc::Rc;

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
/// names): each name is made a shared string and classified once. The
/// last one is kept apart: 78% of the blocks of jussyDr/gbx's 18 maps name
/// the model of the block before them.
///
/// The names of a run's records are kept by their lookback index too (a
/// run's record refers back by index: [`run_records`]), so a name met
/// before is one indexed load, not a hash lookup.
///
/// The decals met so far are kept the same way, by how they were stored
/// (the id's bytes, intensity, variant): the blocks with the same decal
/// share one [`BlockExtra`].
#[derive(Debug, Default)]
pub struct Names {
    seen: FxHashMap<u32, (Rc<str>, Kind)>,
    last: Option<(u32, Rc<str>, Kind)>,
    by_index: Vec<Option<(Rc<str>, Kind)>>,
    decals: FxHashMap<TypedDecal, Rc<BlockExtra>>,
    last_decal: Option<(TypedDecal, Rc<BlockExtra>)>,
}

impl Names {
    /// The shared name and kind of the name at `at` (offset, length): the
    /// last one in line, any other out of line.
    #[inline(always)]
    fn get(&mut self, gbx: &Gbx, at: (u32, u32), baked: bool) -> (Rc<str>, Kind) {
        if let Some((offset, name, kind)) = &self.last
            && *offset == at.0
        {
            return (name.clone(), *kind);
        }
        self.get_other(gbx, at, baked)
    }

    /// [`Names::get`] for the name a run's record refers back to by
    /// lookback index `index`, at `at`.
    #[inline(always)]
    fn indexed(&mut self, gbx: &Gbx, index: usize, at: (u32, u32), baked: bool) -> (Rc<str>, Kind) {
        if let Some(Some((name, kind))) = self.by_index.get(index) {
            return (name.clone(), *kind);
        }
        self.index_other(gbx, index, at, baked)
    }

    /// [`Names::indexed`] for an index not met before.
    #[inline(never)]
    fn index_other(
        &mut self,
        gbx: &Gbx,
        index: usize,
        at: (u32, u32),
        baked: bool,
    ) -> (Rc<str>, Kind) {
        let got = self.get_other(gbx, at, baked);
        if index >= self.by_index.len() {
            self.by_index.resize(index + 1, None);
        }
        self.by_index[index] = Some(got.clone());
        got
    }

    /// [`Names::get`] for a name other than the last one.
    #[inline(never)]
    fn get_other(&mut self, gbx: &Gbx, at: (u32, u32), baked: bool) -> (Rc<str>, Kind) {
        let (name, kind) = self
            .seen
            .entry(at.0)
            .or_insert_with(|| {
                let name = shared_text(gbx, at);
                // Baked blocks are generated parts: never waypoints.
                let kind = if baked {
                    Kind::Other
                } else {
                    Kind::classify(None, &name)
                };
                (name, kind)
            })
            .clone();
        self.last = Some((at.0, name.clone(), kind));
        (name, kind)
    }
}

impl Names {
    /// The shared extra of a block whose only extra is the decal `d`: the
    /// last one in line (the blocks of a decal mostly follow each other),
    /// any other out of line.
    #[inline(always)]
    fn decal(&mut self, gbx: &Gbx, d: TypedDecal) -> Rc<BlockExtra> {
        match &self.last_decal {
            Some((last, extra)) if *last == d => extra.clone(),
            _ => self.other_decal(gbx, d),
        }
    }

    /// [`Names::decal`] for a decal other than the last one.
    #[inline(never)]
    fn other_decal(&mut self, gbx: &Gbx, d: TypedDecal) -> Rc<BlockExtra> {
        let extra = self
            .decals
            .entry(d)
            .or_insert_with(|| {
                Rc::new(BlockExtra {
                    decal: Some(Decal {
                        id: text(gbx, d.id),
                        intensity: d.intensity,
                        variant: d.variant,
                    }),
                    ..BlockExtra::default()
                })
            })
            .clone();
        self.last_decal = Some((d, extra.clone()));
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
///
/// `index`: the lookback index the record's name refers back by, for a
/// run's record (its name is then looked up by index).
pub fn push_typed_block(
    gbx: &Gbx,
    (t, index): (&TypedBlock, Option<usize>),
    names: &mut Names,
    list: ListInfo,
    blocks: &mut Vec<Block>,
) -> bool {
    if t.flags == u32::MAX {
        return false;
    }
    let (name, kind) = match index {
        Some(i) => names.indexed(gbx, i, t.name, list.baked),
        None => names.get(gbx, t.name, list.baked),
    };
    let [direction, x, y, z] = t.placement;
    let coord = [x, y, z];
    push_reserved(
        blocks,
        Block {
            kind,
            name,
            direction,
            coord: [0, 1, 2].map(|i| i32::from(coord[i]) - list.offset[i]),
            flags: t.flags,
            baked: list.baked,
            skin: false,
            // Only a decal can be read typed: made only then, once per
            // decal (through BlockExtra::shared, which takes three fields
            // by value on every block, the summary counted 6.3 M more
            // instructions a pass).
            extra: t.decal.map(|d| names.decal(gbx, d)),
            span: t.span,
            chunk: list.pos,
        },
    );
    true
}

/// The records of a run of `list` ([`TypedRecord::Run`]: `count` common
/// records from body offset `start`), read again from the body as the
/// parse stepped over them (`classes::block_common::common_record`), each
/// as the [`TypedBlock`] it stands for and the lookback index its name
/// refers back by. The parse checked that every name and decal id refers
/// back, so each resolves in `list.strings`.
#[inline(always)]
pub fn run_records<'a>(
    gbx: &'a Gbx,
    list: &'a TypedBlockList,
    start: u32,
    count: u32,
) -> impl Iterator<Item = (TypedBlock, usize)> + 'a {
    let more = more_than_head(list.version);
    let mut at = start;
    (0..count).map_while(move |_| {
        let r = common_record(gbx.body.get(at as usize..)?, more)?;
        let begin = at;
        at = at.saturating_add(r.len);
        let decal = match r.decal {
            None => None,
            Some([id, intensity, variant]) => Some(TypedDecal {
                id: list.string(id)?,
                intensity: intensity.cast_signed(),
                variant: variant.cast_signed(),
            }),
        };
        let block = TypedBlock {
            name: list.string(r.name)?,
            placement: r.placement_bytes(),
            flags: r.flags,
            decal,
            span: [begin, at],
        };
        Some((block, (r.name & INDEX_MASK) as usize))
    })
}

/// [`text`] as a shared string, made from the body's bytes (one
/// allocation, not a `String` and then its copy).
fn shared_text(gbx: &Gbx, (at, len): (u32, u32)) -> Rc<str> {
    let (at, len) = (at as usize, len as usize);
    let bytes = gbx.body.get(at..at.saturating_add(len)).unwrap_or_default();
    match std::str::from_utf8(bytes) {
        Ok(t) => t.into(),
        Err(_) => String::from_utf8_lossy(bytes).into(),
    }
}

/// The text of a lookback string's bytes at (offset, length) in the body.
/// A typed read took only UTF-8 strings, so the check succeeds (the
/// lossy conversion, which walks the bytes in chunks, is the fallback).
#[inline]
pub(super) fn text(gbx: &Gbx, (at, len): (u32, u32)) -> String {
    let (at, len) = (at as usize, len as usize);
    let bytes = gbx.body.get(at..at.saturating_add(len)).unwrap_or_default();
    match std::str::from_utf8(bytes) {
        Ok(t) => t.to_owned(),
        Err(_) => String::from_utf8_lossy(bytes).into_owned(),
    }
}
