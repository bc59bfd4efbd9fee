//! The Blocks & items view's selection toolbar driven by egui_kittest:
//! select blocks through the filter, move them, delete them, undo, save.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use trackbench::app::TrackbenchApp;
use trackbench::command::Command;
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::access::map_contents::map_contents;
use trackbench_testkit::corpus_dir_or_warn;

/// AirControl (TMF): 703 blocks, two of them IslandPlatformCheckpoint.
fn open_filtered() -> Option<(Harness<'static, TrackbenchApp>, Vec<u8>)> {
    let dir = corpus_dir_or_warn("map_ops_ui")?;
    let path = dir.join("gbx").join("AirControl.Challenge.Gbx");
    let original = std::fs::read(&path).unwrap();
    let mut h = crate::open_app(&[path], egui::vec2(1500.0, 950.0));
    h.get_by_label("Blocks & items").click();
    h.run();
    h.get_by_label("Filter:").focus();
    h.run();
    h.get_by_label("Filter:")
        .type_text("IslandPlatformCheckpoint");
    h.run();
    assert!(h.query_by_label_contains("2 of 703 blocks shown").is_some());
    h.get_by_label("Select the 2 shown blocks").click();
    h.run();
    assert!(h.query_by_label("2 blocks selected").is_some());
    Some((h, original))
}

fn selected(h: &Harness<'_, TrackbenchApp>) -> Vec<usize> {
    let v = h.state().gbx_view().unwrap();
    v.contents.selection.blocks.iter().copied().collect()
}

#[test]
fn moving_the_selected_blocks_is_one_undo_step() {
    let Some((mut h, original)) = open_filtered() else {
        return;
    };
    let sel = selected(&h);
    let before = map_contents(h.state().gbx_doc().unwrap().gbx()).unwrap();
    h.get_by_label("Move…").click();
    h.run();
    // The form starts at (1, 0, 0) block units.
    h.get_by_label("Apply move").click();
    h.run();
    let after = map_contents(h.state().gbx_doc().unwrap().gbx()).unwrap();
    for &i in &sel {
        let (b, a) = (
            before.block(i).unwrap().coord,
            after.block(i).unwrap().coord,
        );
        assert_eq!(a, [b[0] + 1, b[1], b[2]], "block #{i}");
    }
    assert!(h.state().is_dirty());
    h.state_mut().push(Command::Undo);
    h.run();
    assert!(h.state().gbx_doc().unwrap().gbx().file == original);
    assert_eq!(selected(&h), sel, "the selection survives the edit");
}

#[test]
fn deleting_the_selected_blocks_then_undo_then_save() {
    let Some((mut h, original)) = open_filtered() else {
        return;
    };
    h.get_by_label("Delete").click();
    h.run();
    let gbx = h.state().gbx_doc().unwrap().gbx().clone();
    let c = map_contents(&gbx).unwrap();
    assert_eq!(c.blocks.len(), 701);
    assert_eq!(c.declared_blocks, Some(701), "numBlocks follows");
    assert!(!c.blocks().any(|b| b.name() == "IslandPlatformCheckpoint"));
    assert!(h.query_by_label("Nothing selected").is_some());
    h.state_mut().push(Command::Undo);
    h.run();
    assert!(h.state().gbx_doc().unwrap().gbx().file == original, "undo");
    h.state_mut().push(Command::Redo);
    h.run();
    let saved = crate::save_and_read_back(&mut h, "deleted.Challenge.Gbx");
    assert!(saved.summary().completeness.complete);
    assert_eq!(map_contents(&saved).unwrap().blocks.len(), 701);
}

/// map2 (TM2020, 3749 blocks, 605 items) on its Blocks & items view, the
/// Blocks table filtered down to one block whose name no other record
/// matches; returns the harness and that block's name and index.
fn open_one_block() -> Option<(Harness<'static, TrackbenchApp>, String, usize)> {
    let dir = corpus_dir_or_warn("map_ops_ui")?;
    let path = dir.join("gbx").join("map2.Map.Gbx");
    let c = map_contents(&Gbx::parse(std::fs::read(&path).unwrap()).unwrap()).unwrap();
    let matches = |needle: &str| {
        c.blocks()
            .filter(|b| {
                !b.baked
                    && (b.name().to_lowercase().contains(needle)
                        || b.kind.label().contains(needle)
                        || b.waypoint()
                            .is_some_and(|w| w.to_lowercase().contains(needle)))
            })
            .count()
    };
    let (index, block) = c
        .blocks()
        .enumerate()
        .find(|(_, b)| !b.baked && matches(&b.name().to_lowercase()) == 1)
        .expect("a block of its own name");
    let name = block.name().to_owned();
    let mut h = crate::open_app(&[path], egui::vec2(1500.0, 950.0));
    h.get_by_label("Blocks & items").click();
    h.run();
    h.get_by_label("Filter:").focus();
    h.run();
    h.get_by_label("Filter:").type_text(&name);
    h.run();
    assert!(
        h.query_by_label_contains("1 of 3749 blocks shown")
            .is_some()
    );
    Some((h, name, index))
}

/// The rect of the table cell showing `name`.
fn cell_rect(h: &Harness<'_, TrackbenchApp>, name: &str) -> egui::Rect {
    h.get_all_by_label(name).next().unwrap().rect()
}

/// Issue 44, finding 2: a block selected on the Blocks tab is not what the
/// Items tab offers to delete. The Items tab shows its own selection
/// (none), Delete is off there and deletes nothing; back on Blocks, the
/// block is still selected and Delete is on.
#[test]
fn the_items_tab_never_acts_on_the_blocks_selection() {
    let Some((mut h, _name, index)) = open_one_block() else {
        return;
    };
    let original = h.state().gbx_doc().unwrap().gbx().file.clone();
    h.get_by_label("Select the 1 shown blocks").click();
    h.run();
    assert!(h.query_by_label("1 block selected").is_some());
    assert_eq!(selected(&h), [index]);
    h.get_by_label("Items (605)").click();
    h.run();
    assert!(
        h.query_by_label("Nothing selected").is_some(),
        "the items' own"
    );
    assert!(h.query_by_label("1 block selected").is_none());
    let delete = h.get_by_label("Delete");
    assert!(delete.accesskit_node().is_disabled(), "Delete is off");
    delete.click();
    h.run();
    assert!(
        h.state().gbx_doc().unwrap().gbx().file == original,
        "nothing deleted from the Items tab"
    );
    h.get_by_label("Blocks (3749)").click();
    h.run();
    assert!(h.query_by_label("1 block selected").is_some(), "kept");
    let delete = h.get_by_label("Delete");
    assert!(!delete.accesskit_node().is_disabled(), "Delete acts on it");
}

/// Issue 44, finding 4: selecting a row moves no row. The selected
/// record's line ("Selected block #…", "Show in hex") is under the table:
/// above it, it had moved every row down by 28 points, and a Ctrl-click on
/// a second row landed on the wrong one.
#[test]
fn selecting_a_row_moves_no_row() {
    let Some((mut h, name, index)) = open_one_block() else {
        return;
    };
    let before = cell_rect(&h, &name);
    // The row's record selected, as a click on it does.
    let v = h.state_mut().gbx_view_mut().unwrap();
    v.contents.selected = Some((trackbench::gbx::view::Table::Blocks, index));
    h.run();
    h.run();
    assert!(h.query_by_label("Show in hex").is_some());
    let after = cell_rect(&h, &name);
    assert_eq!(before, after, "the selected row stays where it was");
}

/// Issue 44 (finding 9): a map without chunk 0x03043062 has Colour…
/// disabled, and its hover says what the map lacks (not "Only TM2020 maps
/// store colours", false for a TM2020 map without the chunk): a TMF map
/// and a TM2020 map without the chunk (Summer 2020 - 11, the Summer 2020
/// campaign).
#[test]
fn colour_is_disabled_with_what_the_map_lacks() {
    let Some(dir) = corpus_dir_or_warn("map_ops_ui colour") else {
        return;
    };
    for name in ["AirControl.Challenge.Gbx", "Summer 2020 - 11.Map.Gbx"] {
        colour_disabled_with_the_reason(&dir.join("gbx").join(name));
    }
}

fn colour_disabled_with_the_reason(path: &std::path::Path) {
    let mut h = crate::open_app(&[path.to_owned()], egui::vec2(1500.0, 950.0));
    h.get_by_label("Blocks & items").click();
    h.run();
    let what = path.display();
    assert!(
        h.get_by_label("Colour…").accesskit_node().is_disabled(),
        "{what}"
    );
    h.get_by_label("Colour…").hover();
    for _ in 0..60 {
        h.step();
    }
    h.run();
    let lacks = trackbench::gbx::panels::contents_toolbar::NO_COLOUR_CHUNK;
    assert!(lacks.contains("no block colour chunk 0x03043062"));
    assert!(
        h.query_by_label(lacks).is_some(),
        "{what}: the disabled button's hover says what is missing"
    );
}
