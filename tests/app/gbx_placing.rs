//! The top view's block palette and placing mode (issue 45), driven by
//! egui_kittest on AirControl (TMF, 703 placed blocks): pick a block in the
//! palette, place it on the top view, undo, save.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use trackbench::app::TrackbenchApp;
use trackbench::command::Command;
use trackbench::gbx::view::placing::KEYS_HINT;
use trackbench_core::gbx::access::map_contents::map_contents;
use trackbench_testkit::corpus_dir_or_warn;

/// The block picked: a name AirControl holds twice.
const NAME: &str = "IslandPlatformCheckpoint";

/// AirControl's Blocks & items with the palette open and `NAME` picked;
/// the Items table shown, so the palette's button is the only `NAME` on
/// screen. Returns the harness and the file's bytes.
fn open_placing() -> Option<(Harness<'static, TrackbenchApp>, Vec<u8>)> {
    let dir = corpus_dir_or_warn("placing_ui")?;
    let path = dir.join("gbx").join("AirControl.Challenge.Gbx");
    let original = std::fs::read(&path).unwrap();
    let mut h = crate::open_app(&[path], egui::vec2(1500.0, 950.0));
    h.get_by_label("Blocks & items").click();
    h.run();
    h.get_by_label("Items (0)").click();
    h.run();
    h.get_by_label("Place a block").click();
    h.run();
    h.get_by_label("Block:").focus();
    h.run();
    h.get_by_label("Block:").type_text("platformcheck");
    h.run();
    h.get_by_label(NAME).click();
    h.run();
    let placing = &h.state().gbx_view().unwrap().contents.placing;
    assert_eq!(placing.picked.as_deref(), Some(NAME));
    Some((h, original))
}

/// A primary click at `at`: pressed in one frame, released in the next.
fn click_at(h: &mut Harness<'_, TrackbenchApp>, at: egui::Pos2) {
    h.drag_at(at);
    h.run();
    h.drop_at(at);
}

fn plot_centre(h: &Harness<'_, TrackbenchApp>) -> egui::Pos2 {
    let v = h.state().gbx_view().unwrap();
    v.contents.plot_rect.expect("the top view drawn").center()
}

#[test]
fn a_block_picked_in_the_palette_is_placed_on_the_top_view_undone_and_saved() {
    let Some((mut h, original)) = open_placing() else {
        return;
    };
    let before = map_contents(h.state().gbx_doc().unwrap().gbx()).unwrap();
    assert_eq!(before.blocks.len(), 703);
    let at = plot_centre(&h);
    h.hover_at(at);
    h.run();
    // The cell under the pointer, one level above the ground, turned east.
    let [cx, cz] = {
        let p = &h.state().gbx_view().unwrap().contents.placing;
        p.hover.expect("the cell under the pointer")
    };
    h.key_press(egui::Key::PageUp);
    h.run();
    h.key_press(egui::Key::R);
    h.run();
    let p = h.state().gbx_view().unwrap().contents.placing.clone();
    assert_eq!(p.direction, 1, "R turns it east");
    let status = p.status().unwrap();
    assert!(h.query_by_label(&status).is_some(), "{status} shown");
    assert!(h.query_by_label(KEYS_HINT).is_some(), "the keys said");
    click_at(&mut h, at);
    h.run();
    let after = map_contents(h.state().gbx_doc().unwrap().gbx()).unwrap();
    assert_eq!(after.blocks.len(), 704, "one block more");
    assert_eq!(after.declared_blocks, Some(704), "numBlocks follows");
    let new = after.block(703).unwrap();
    assert_eq!(
        (new.name(), new.coord, new.direction),
        (NAME, [cx, p.height, cz], 1)
    );
    h.get_by_label("Blocks (704)").click();
    h.run();
    // Undo is one step, and gives the file's bytes back.
    h.state_mut().push(Command::Undo);
    h.run();
    assert!(h.state().gbx_doc().unwrap().gbx().file == original, "undo");
    assert!(h.query_by_label("Blocks (703)").is_some());
    h.state_mut().push(Command::Redo);
    h.run();
    let saved = crate::save_and_read_back(&mut h, "placed.Challenge.Gbx");
    assert!(saved.summary().completeness.complete);
    let c = map_contents(&saved).unwrap();
    assert_eq!(c.blocks.len(), 704);
    assert_eq!(
        (c.block(703).unwrap().name(), c.block(703).unwrap().coord),
        (NAME, [cx, p.height, cz])
    );
    // Escape leaves placing mode.
    h.hover_at(plot_centre(&h));
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(h.state().gbx_view().unwrap().contents.placing.picked, None);
}

#[test]
fn a_place_the_core_refuses_is_said_not_ignored() {
    let Some((mut h, original)) = open_placing() else {
        return;
    };
    let at = plot_centre(&h);
    h.hover_at(at);
    h.run();
    // Far below the map: outside its size.
    for _ in 0..40 {
        h.key_press(egui::Key::PageDown);
        h.run();
    }
    click_at(&mut h, at);
    h.run();
    assert!(h.state().gbx_doc().unwrap().gbx().file == original);
    let p = &h.state().gbx_view().unwrap().contents.placing;
    let said = p.message.clone().expect("the refusal kept");
    assert!(said.contains("not placed"), "{said}");
    // On the placing line and in the status bar.
    assert_eq!(h.get_all_by_label(&said).count(), 2, "{said} shown");
}

#[test]
fn a_name_no_block_of_the_map_has_asks_first() {
    let Some((mut h, original)) = open_placing() else {
        return;
    };
    h.get_by_label("Block:").focus();
    h.run();
    h.get_by_label("Block:").type_text("X");
    h.run();
    h.get_by_label("Use this name").click();
    h.run();
    let at = plot_centre(&h);
    h.hover_at(at);
    h.run();
    click_at(&mut h, at);
    h.run();
    assert!(h.state().gbx_doc().unwrap().gbx().file == original);
    assert!(
        h.query_by_label("Set anyway").is_some(),
        "the question asked"
    );
    h.get_by_label("Set anyway").click();
    h.run();
    let c = map_contents(h.state().gbx_doc().unwrap().gbx()).unwrap();
    assert_eq!(c.block(703).unwrap().name(), "platformcheckX");
}
