//! Selecting blocks and items in the Blocks & items view: by clicking a row
//! (Ctrl toggles, Shift adds), a point of the top-down plot, a box dragged
//! on the plot, or every row the filter shows. Pure helpers over the
//! extracted records, tested without egui.

use crate::command::{Command, GbxCommand};
use crate::gbx::doc::Space;
use crate::gbx::view::ContentsState;
use crate::gbx::view::contents_ops::ContentsSelection;
use crate::gbx::view::{Extract, Table};
use trackbench_core::gbx::access::map_contents::{BlockRef, Item};

/// Where a block is drawn on the plot (block units, centre of its cell).
#[must_use]
pub fn block_point(b: BlockRef<'_>) -> [f64; 2] {
    let [x, z] = b.plan_position();
    [x + 0.5, z + 0.5]
}

/// Where an item is drawn on the plot (its position in metres / 32).
#[must_use]
pub fn item_point(it: &Item) -> [f64; 2] {
    [
        f64::from(it.position_m[0]) / 32.0,
        f64::from(it.position_m[2]) / 32.0,
    ]
}

/// A click on record `i` of table `t`: alone it replaces the selection;
/// with `toggle` (Ctrl/Cmd) it flips the record; with `add` (Shift) it adds
/// it.
pub fn click(sel: &mut ContentsSelection, t: Table, i: usize, toggle: bool, add: bool) {
    let set = match t {
        Table::Blocks => &mut sel.blocks,
        Table::Items => &mut sel.items,
    };
    if toggle {
        if !set.remove(&i) {
            set.insert(i);
        }
        return;
    }
    if !add {
        sel.clear();
    }
    match t {
        Table::Blocks => sel.blocks.insert(i),
        Table::Items => sel.items.insert(i),
    };
}

/// Every block (baked ones only when `show_baked`) and item whose plot
/// point lies in the box with corners `a` and `b`.
#[must_use]
pub fn in_box(x: &Extract, show_baked: bool, a: [f64; 2], b: [f64; 2]) -> ContentsSelection {
    let (lo, hi) = (
        [a[0].min(b[0]), a[1].min(b[1])],
        [a[0].max(b[0]), a[1].max(b[1])],
    );
    let inside = |p: [f64; 2]| p[0] >= lo[0] && p[0] <= hi[0] && p[1] >= lo[1] && p[1] <= hi[1];
    ContentsSelection {
        blocks: x
            .contents
            .blocks()
            .enumerate()
            .filter(|&(_, b)| (show_baked || !b.baked) && inside(block_point(b)))
            .map(|(i, _)| i)
            .collect(),
        items: x
            .contents
            .items
            .iter()
            .enumerate()
            .filter(|(_, it)| inside(item_point(it)))
            .map(|(i, _)| i)
            .collect(),
    }
}

/// The record whose plot point is nearest `p` by `distance` (a screen
/// distance, so the caller decides what "near" is), when one is within
/// `max`.
pub fn nearest(
    x: &Extract,
    show_baked: bool,
    distance: impl Fn([f64; 2]) -> f64,
    max: f64,
) -> Option<(Table, usize)> {
    let blocks = x
        .contents
        .blocks()
        .enumerate()
        .filter(|(_, b)| show_baked || !b.baked)
        .map(|(i, b)| (Table::Blocks, i, distance(block_point(b))));
    let items = x
        .contents
        .items
        .iter()
        .enumerate()
        .map(|(i, it)| (Table::Items, i, distance(item_point(it))));
    blocks
        .chain(items)
        .filter(|(_, _, d)| *d <= max)
        .min_by(|a, b| a.2.total_cmp(&b.2))
        .map(|(t, i, _)| (t, i))
}

/// Adds `found` to `sel` (`add`) or replaces it.
pub fn merge(sel: &mut ContentsSelection, found: ContentsSelection, add: bool) {
    if add {
        sel.blocks.extend(found.blocks);
        sel.items.extend(found.items);
    } else {
        *sel = found;
    }
}

/// The plot points of the selection (blocks, then items).
#[must_use]
pub fn points(x: &Extract, sel: &ContentsSelection) -> Vec<[f64; 2]> {
    let blocks = sel
        .blocks
        .iter()
        .filter_map(|&i| x.contents.block(i).map(block_point));
    let items = sel
        .items
        .iter()
        .filter_map(|&i| x.contents.items.get(i).map(item_point));
    blocks.chain(items).collect()
}

/// Marks record `i` of table `t` as the selected row, and asks for its
/// chunk and bytes (body space) to be selected.
pub fn select(s: &mut ContentsState, x: &Extract, t: Table, i: usize, out: &mut Vec<Command>) {
    let (pos, range) = match t {
        Table::Blocks => match x.contents.blocks.get(i) {
            Some(b) => (b.chunk, b.range()),
            None => return,
        },
        Table::Items => match x.contents.items.get(i) {
            Some(it) => (it.chunk, it.range),
            None => return,
        },
    };
    s.selected = Some((t, i));
    out.push(Command::Gbx(GbxCommand::SelectChunk(pos.chunk())));
    out.push(Command::Gbx(GbxCommand::SelectField(Space::Body, range)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gbx::view::PlotData;
    use trackbench_core::gbx::tools::sample::sample_map;

    fn extract() -> Extract {
        let gbx = trackbench_core::gbx::Gbx::parse(sample_map()).unwrap();
        let contents =
            trackbench_core::gbx::access::map_contents::map_contents(&gbx).unwrap_or_default();
        Extract {
            contents,
            plot: PlotData::default(),
            validation: None,
            colours: None,
            cars: Vec::new(),
            decorations: Vec::new(),
            block_names: Vec::new(),
            item_names: Vec::new(),
        }
    }

    #[test]
    fn a_box_selects_the_blocks_whose_cell_centre_it_covers() {
        let x = extract();
        assert!(!x.contents.blocks.is_empty());
        let b0 = x.contents.block(0).map(block_point).unwrap_or_default();
        let found = in_box(
            &x,
            true,
            [b0[0] - 0.1, b0[1] - 0.1],
            [b0[0] + 0.1, b0[1] + 0.1],
        );
        assert!(found.blocks.contains(&0));
        let everything = in_box(&x, true, [-1e9, -1e9], [1e9, 1e9]);
        assert_eq!(everything.blocks.len(), x.contents.blocks.len());
        let nothing = in_box(&x, true, [-1e9, -1e9], [-1e9 + 1.0, -1e9 + 1.0]);
        assert!(nothing.is_empty());
    }

    #[test]
    fn clicks_replace_toggle_and_add() {
        let mut s = ContentsSelection::default();
        click(&mut s, Table::Blocks, 3, false, false);
        click(&mut s, Table::Blocks, 5, false, true);
        assert_eq!(s.blocks.iter().copied().collect::<Vec<_>>(), [3, 5]);
        click(&mut s, Table::Blocks, 3, true, false);
        assert_eq!(s.blocks.iter().copied().collect::<Vec<_>>(), [5]);
        click(&mut s, Table::Items, 1, false, false);
        assert!(s.blocks.is_empty());
        assert_eq!(s.describe(), "1 item selected");
    }
}
