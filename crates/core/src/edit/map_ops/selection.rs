//! What a map operation acts on: blocks and items by their position in
//! [`map_contents`](crate::gbx::access::map_contents::map_contents) order,
//! which is the order of `trackbench export blocks` (placed blocks of
//! 0x013/0x01F, then baked blocks of 0x048; records with flags 0xFFFFFFFF
//! are not blocks and have no index) and of the items of 0x03043040.

use crate::gbx::access::map_contents::MapContents;

/// Blocks and items chosen by the user (indices into
/// [`MapContents::blocks`] and [`MapContents::items`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    /// Block indices (any order; duplicates are ignored).
    pub blocks: Vec<usize>,
    /// Item indices (any order; duplicates are ignored).
    pub items: Vec<usize>,
}

impl Selection {
    /// Only these blocks.
    #[must_use]
    pub fn blocks(blocks: impl IntoIterator<Item = usize>) -> Self {
        Self {
            blocks: blocks.into_iter().collect(),
            items: Vec::new(),
        }
    }

    /// Every block and item of `contents` (a map-wide operation).
    #[must_use]
    pub fn all(contents: &MapContents) -> Self {
        Self {
            blocks: (0..contents.blocks.len()).collect(),
            items: (0..contents.items.len()).collect(),
        }
    }

    /// True when nothing is selected.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.blocks.is_empty() && self.items.is_empty()
    }

    /// Number of blocks and items selected (after removing duplicates).
    #[must_use]
    pub fn len(&self) -> usize {
        self.sorted_blocks().len() + self.sorted_items().len()
    }

    /// Block indices, sorted, without duplicates.
    #[must_use]
    pub fn sorted_blocks(&self) -> Vec<usize> {
        sorted(&self.blocks)
    }

    /// Item indices, sorted, without duplicates.
    #[must_use]
    pub fn sorted_items(&self) -> Vec<usize> {
        sorted(&self.items)
    }
}

fn sorted(v: &[usize]) -> Vec<usize> {
    let mut v = v.to_vec();
    v.sort_unstable();
    v.dedup();
    v
}
