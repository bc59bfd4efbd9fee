//! Colouring blocks and items with TM2020's palette: chunk 0x03043062
//! ("MapElemColor", GBX.NET `Chunk03043062`) keeps one byte per block of
//! 0x0304301F, per baked block of 0x03043048 and per item of 0x03043040,
//! in three parallel lists; the values are GBX.NET's `DifficultyColor`
//! (`Src/GBX.NET/DifficultyColor.cs`), which its Legomania sample sets per
//! block (`block.Color = …`). Records with flags 0xFFFFFFFF have no byte
//! (the decoder counts real blocks only), so block `i` of
//! [`map_contents`](crate::gbx::access::map_contents::map_contents) is the
//! `i`-th byte of its list.

use super::locate::{Records, position};
use super::selection::Selection;
use super::transform::{finish, what};
use crate::edit::{Edit, EditError, FieldLoc, FieldPatch, Target};
use crate::gbx::classes::challenge::FIELD_BLOCKS;
use crate::gbx::classes::challenge_mp::FIELD_ELEMENT_VALUE;
use crate::gbx::classes::challenge_mp::blocks::{
    CHUNK_COLOURS, FIELD_BAKED_ELEMENTS, FIELD_ITEM_ELEMENTS,
};
use crate::gbx::{ChunkRef, Gbx};

/// TM2020's block and item colours (GBX.NET `DifficultyColor`, stored as
/// one byte).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colour {
    /// 0: the model's own colour.
    Default,
    /// 1.
    White,
    /// 2.
    Green,
    /// 3.
    Blue,
    /// 4.
    Red,
    /// 5.
    Black,
}

impl Colour {
    /// Every colour, in byte order.
    pub const ALL: [Self; 6] = [
        Self::Default,
        Self::White,
        Self::Green,
        Self::Blue,
        Self::Red,
        Self::Black,
    ];

    /// The stored byte.
    #[must_use]
    pub fn byte(self) -> u8 {
        self as u8
    }

    /// The colour of a stored byte (`None` above 5).
    #[must_use]
    pub fn from_byte(b: u8) -> Option<Self> {
        Self::ALL.get(usize::from(b)).copied()
    }

    /// Its name as GBX.NET spells it ("Default", "White"…).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Default => "Default",
            Self::White => "White",
            Self::Green => "Green",
            Self::Blue => "Blue",
            Self::Red => "Red",
            Self::Black => "Black",
        }
    }

    /// The colour named `name` (case-insensitive) or numbered 0–5.
    #[must_use]
    pub fn parse(name: &str) -> Option<Self> {
        let t = name.trim();
        if let Ok(b) = t.parse::<u8>() {
            return Self::from_byte(b);
        }
        Self::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(t))
    }

    /// An sRGB swatch for the user interface (the in-game tints are close
    /// to these; `Default` is shown grey).
    #[must_use]
    pub fn swatch_rgb(self) -> [u8; 3] {
        match self {
            Self::Default => [150, 150, 150],
            Self::White => [235, 235, 235],
            Self::Green => [60, 170, 70],
            Self::Blue => [50, 110, 220],
            Self::Red => [210, 50, 50],
            Self::Black => [30, 30, 30],
        }
    }
}

/// The colour bytes of the map: per block (in `map_contents` order) and per
/// item; `None` when the map has no 0x03043062 chunk.
#[must_use]
pub fn colours(gbx: &Gbx) -> Option<(Vec<u8>, Vec<u8>)> {
    let recs = Records::of(gbx).ok()?;
    let table = ColourTable::of(gbx)?;
    let lists = [table.blocks, table.baked, table.items].map(|l| {
        l.and_then(|l| table.list_bytes(gbx, l))
            .map(<[u8]>::to_vec)
            .unwrap_or_default()
    });
    let ranks = recs.element_ranks();
    let blocks = recs
        .contents
        .blocks
        .iter()
        .zip(&ranks)
        .map(|(b, &r)| {
            let list = if b.baked { &lists[1] } else { &lists[0] };
            list.get(r).copied().unwrap_or(0)
        })
        .collect();
    Some((blocks, lists[2].clone()))
}

/// Colours the selected blocks and items.
///
/// # Errors
/// An index out of range, a map without chunk 0x03043062 (maps before
/// TM2020: adding the chunk is not supported), a list whose length is not
/// its element count, or nothing to change.
pub fn colour_selection(gbx: &Gbx, sel: &Selection, colour: Colour) -> Result<Edit, EditError> {
    let recs = Records::of(gbx)?;
    recs.check(sel)?;
    let table = ColourTable::of(gbx).ok_or_else(|| {
        EditError::Invalid(format!(
            "the map has no colour chunk {CHUNK_COLOURS:#010x} (TM2020 maps have one); \
             adding it is not supported"
        ))
    })?;
    let ranks = recs.element_ranks();
    let (blocks, items) = (sel.sorted_blocks(), sel.sorted_items());
    // One patch per list: the placed blocks', the baked blocks', the items'.
    let mut wanted: [Vec<usize>; 3] = Default::default();
    for &i in &blocks {
        wanted[usize::from(recs.contents.blocks[i].baked)].push(ranks[i]);
    }
    wanted[2].clone_from(&items);
    let mut patches = Vec::new();
    for (list, at) in [table.blocks, table.baked, table.items]
        .into_iter()
        .zip(wanted)
    {
        if at.is_empty() {
            continue;
        }
        let missing = || {
            EditError::Invalid(format!(
                "chunk {CHUNK_COLOURS:#010x} has fewer colours than the map has records"
            ))
        };
        let list = list.ok_or_else(missing)?;
        let old = table.list_bytes(gbx, list).ok_or_else(missing)?;
        let mut new = old.to_vec();
        for j in at {
            *new.get_mut(j).ok_or_else(missing)? = colour.byte();
        }
        if new != old {
            patches.push(FieldPatch {
                target: Target::Field(FieldLoc {
                    chunk: table.chunk,
                    path: vec![list],
                }),
                old: old.to_vec(),
                new,
            });
        }
    }
    finish(
        format!(
            "colour {} {}",
            what(blocks.len(), items.len()),
            colour.name()
        ),
        patches,
    )
}

/// Where the three lists of 0x03043062 are (top-level field positions).
struct ColourTable {
    chunk: ChunkRef,
    blocks: Option<usize>,
    baked: Option<usize>,
    items: Option<usize>,
}

impl ColourTable {
    fn of(gbx: &Gbx) -> Option<Self> {
        let main = gbx.main_node()?;
        let ci = main.chunks.iter().position(|c| c.id == CHUNK_COLOURS)?;
        let fields = gbx.chunk_fields(&main.chunks[ci]);
        fields.child(FIELD_BLOCKS)?;
        Some(Self {
            chunk: ChunkRef::Body { node: 0, chunk: ci },
            blocks: position(fields, FIELD_BLOCKS),
            baked: position(fields, FIELD_BAKED_ELEMENTS),
            items: position(fields, FIELD_ITEM_ELEMENTS),
        })
    }

    /// The bytes of list `list`: one byte per element (each element is a
    /// group holding one u8 [`FIELD_ELEMENT_VALUE`]), so element `j` is
    /// byte `j`. `None` when the list is not laid out so.
    fn list_bytes<'g>(&self, gbx: &'g Gbx, list: usize) -> Option<&'g [u8]> {
        let loc = FieldLoc {
            chunk: self.chunk,
            path: vec![list],
        };
        let group = crate::edit::target::field_at(gbx, &loc)?;
        let bytes = super::locate::bytes_at(gbx, &loc)?;
        let first = group.children().first();
        let one_byte = first.is_none_or(|e| {
            e.range().end - e.range().start == 1
                && e.children().child(FIELD_ELEMENT_VALUE).is_some()
        });
        (one_byte && group.children().len() == bytes.len()).then_some(bytes)
    }
}
