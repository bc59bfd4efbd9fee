//! The block and item tables of the blocks & items view: columns, cell text
//! and sort orders.

use super::sortable_table::{cell_label, sortable_table_multi};
use crate::command::Command;
use crate::gbx::view::{ContentsState, Extract, Table};
use std::cmp::Ordering;
use trackbench_core::gbx::access::map_contents::{Block, BlockRef, Item, MapContents};

const BLOCK_HEADERS: &[&str] = &[
    "#",
    "Name",
    "Kind",
    "X",
    "Y",
    "Z",
    "Dir",
    "Flags",
    "Attributes",
    "Free position (m) / yaw",
    "Waypoint",
    "Decal (id, intensity, variant)",
];

const ITEM_HEADERS: &[&str] = &[
    "#",
    "Name",
    "Collection",
    "Author",
    "X (m)",
    "Y (m)",
    "Z (m)",
    "Yaw",
    "Pitch",
    "Roll",
    "Block",
    "Pivot (m)",
    "Waypoint",
];

fn attributes(b: &Block) -> String {
    let mut a = Vec::new();
    for (on, label) in [
        (b.baked, "baked"),
        (b.is_ground(), "ground"),
        (b.is_ghost(), "ghost"),
        (b.is_free(), "free"),
        (b.skin, "skin"),
    ] {
        if on {
            a.push(label);
        }
    }
    a.join(" ")
}

fn deg(rad: f32) -> String {
    format!("{:.1} deg", rad.to_degrees())
}

fn block_cell(i: usize, b: BlockRef<'_>, c: usize) -> String {
    match c {
        0 => i.to_string(),
        1 => b.name().to_owned(),
        2 => b.kind.label().into(),
        3..=5 => b.coord[c - 3].to_string(),
        6 => b.direction_label().into(),
        7 => format!("{:#010x}", b.flags),
        8 => attributes(&b),
        9 => b.free().map_or_else(String::new, |f| {
            let [x, y, z] = f.position_m;
            format!("({x:.1}, {y:.1}, {z:.1}) {}", deg(f.yaw_pitch_roll_rad[0]))
        }),
        10 => b.waypoint().unwrap_or_default().to_owned(),
        _ => decal(b),
    }
}

/// "id, intensity, variant" of the block's decal, empty without one.
fn decal(b: BlockRef<'_>) -> String {
    b.decal().map_or_else(String::new, |d| {
        format!("{}, {}, {}", d.id, d.intensity, d.variant)
    })
}

fn item_cell(i: usize, it: &Item, c: usize) -> String {
    match c {
        0 => i.to_string(),
        1 => it.name.to_string(),
        2 => it.collection.to_string(),
        3 => it.author.to_string(),
        4..=6 => format!("{:.2}", it.position_m[c - 4]),
        7..=9 => deg(it.yaw_pitch_roll_rad[c - 7]),
        10 => format!("{:?}", it.block_coord),
        11 => it
            .pivot_m
            .map_or_else(String::new, |[x, y, z]| format!("({x}, {y}, {z})")),
        _ => it.waypoint.clone().unwrap_or_default(),
    }
}

/// The block table over `rows` (indices into the blocks); a click selects
/// the record (commands go to `out`) and the selection follows; selected
/// rows are highlighted.
pub fn blocks(
    ui: &mut egui::Ui,
    s: &mut ContentsState,
    x: &Extract,
    rows: &[usize],
    out: &mut Vec<Command>,
) {
    let contents = &x.contents;
    let chosen = &s.selection.blocks;
    let clicked = sortable_table_multi(
        ui,
        "blocks_table",
        BLOCK_HEADERS,
        &mut s.sort,
        rows.len(),
        |r| chosen.contains(&rows[r]),
        |r, c, ui| {
            let i = rows[r];
            let Some(b) = contents.block(i) else {
                return cell_label(ui, String::new());
            };
            let text = block_cell(i, b, c);
            if c == 2 {
                let colour = super::contents_plot::kind_colour(b.kind);
                cell_label(ui, egui::RichText::new(text).color(colour))
            } else {
                cell_label(ui, text)
            }
        },
    );
    if let Some(r) = clicked {
        click_row(ui, s, x, Table::Blocks, rows[r], out);
    }
}

/// The item table over `rows` (indices into the items); a click selects
/// the record (commands go to `out`).
pub fn items(
    ui: &mut egui::Ui,
    s: &mut ContentsState,
    x: &Extract,
    rows: &[usize],
    out: &mut Vec<Command>,
) {
    let items = &x.contents.items;
    let chosen = &s.selection.items;
    let clicked = sortable_table_multi(
        ui,
        "items_table",
        ITEM_HEADERS,
        &mut s.sort,
        rows.len(),
        |r| chosen.contains(&rows[r]),
        |r, c, ui| {
            let i = rows[r];
            cell_label(ui, item_cell(i, &items[i], c))
        },
    );
    if let Some(r) = clicked {
        click_row(ui, s, x, Table::Items, rows[r], out);
    }
}

/// A click on record `i`: the selection follows (Ctrl toggles, Shift
/// adds) and the record's bytes are selected.
fn click_row(
    ui: &egui::Ui,
    s: &mut ContentsState,
    x: &Extract,
    t: Table,
    i: usize,
    out: &mut Vec<Command>,
) {
    let (toggle, add) = ui.input(|i| (i.modifiers.command, i.modifiers.shift));
    super::contents_select::click(&mut s.selection, t, i, toggle, add);
    super::contents_select::select(s, x, t, i, out);
}

fn directed(o: Ordering, descending: bool) -> Ordering {
    if descending { o.reverse() } else { o }
}

fn cmp_f32(a: f32, b: f32) -> Ordering {
    a.total_cmp(&b)
}

/// Sorts block rows by column `sort.0` (see the headers).
pub fn sort_blocks(rows: &mut [usize], contents: &MapContents, sort: (usize, bool)) {
    let blocks: Vec<BlockRef<'_>> = contents.blocks().collect();
    rows.sort_by(|&a, &b| {
        let (x, y) = (blocks[a], blocks[b]);
        let o = match sort.0 {
            1 => x.name().cmp(y.name()),
            2 => x.kind.cmp(&y.kind),
            3..=5 => x.coord[sort.0 - 3].cmp(&y.coord[sort.0 - 3]),
            6 => x.direction.cmp(&y.direction),
            7 => x.flags.cmp(&y.flags),
            8 => attributes(&x).cmp(&attributes(&y)),
            9 => cmp_f32(
                x.free().map_or(f32::MIN, |f| f.position_m[0]),
                y.free().map_or(f32::MIN, |f| f.position_m[0]),
            ),
            10 => x.waypoint().cmp(&y.waypoint()),
            11 => decal(x).cmp(&decal(y)),
            _ => Ordering::Equal,
        };
        directed(o.then(a.cmp(&b)), sort.1)
    });
}

/// Sorts item rows by column `sort.0` (see the headers).
pub fn sort_items(rows: &mut [usize], items: &[Item], sort: (usize, bool)) {
    rows.sort_by(|&a, &b| {
        let (x, y) = (&items[a], &items[b]);
        let o = match sort.0 {
            1 => x.name.cmp(&y.name),
            2 => x.collection.cmp(&y.collection),
            3 => x.author.cmp(&y.author),
            4..=6 => cmp_f32(x.position_m[sort.0 - 4], y.position_m[sort.0 - 4]),
            7..=9 => cmp_f32(
                x.yaw_pitch_roll_rad[sort.0 - 7],
                y.yaw_pitch_roll_rad[sort.0 - 7],
            ),
            10 => x.block_coord.cmp(&y.block_coord),
            11 => cmp_f32(
                x.pivot_m.map_or(f32::MIN, |p| p[0]),
                y.pivot_m.map_or(f32::MIN, |p| p[0]),
            ),
            12 => x.waypoint.cmp(&y.waypoint),
            _ => Ordering::Equal,
        };
        directed(o.then(a.cmp(&b)), sort.1)
    });
}
