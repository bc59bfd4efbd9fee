//! The top view's placing mode for anchored items (issue 45, "The same for
//! items, with the path from the embedded items list"), driven by
//! egui_kittest on a ManiaPlanet map with embedded items: pick an item in
//! the palette's Items list, raise it with the wheel, place it on the top
//! view, undo, save; the wheel scrolls as before when not placing.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use trackbench::app::TrackbenchApp;
use trackbench::command::Command;
use trackbench_core::gbx::access::map_contents::map_contents;
use trackbench_testkit::corpus_dir_or_warn;

/// A ManiaPlanet map embedding 9 items, with 380 placed.
const MAP: &str = "spmWeekly - Christmas Chrisis..Map.Gbx";

/// The map's Blocks & items with the palette open in items mode and its
/// first item name (an embedded item's path, the list being sorted) picked. Returns the harness, the file's bytes and the
/// name.
fn open_items() -> Option<(Harness<'static, TrackbenchApp>, Vec<u8>, String)> {
    let dir = corpus_dir_or_warn("placing_items_ui")?;
    let path = dir.join("gbx").join(MAP);
    let original = std::fs::read(&path).unwrap();
    let mut h = crate::open_app(&[path], egui::vec2(1500.0, 950.0));
    h.get_by_label("Blocks & items").click();
    h.run();
    h.get_by_label("Place a block").click();
    h.run();
    h.get_by_label("Items").click();
    h.run();
    let name = {
        let v = h.state().gbx_view().unwrap();
        let x = v.contents.cache.clone().flatten().expect("extracted");
        x.item_names.first().expect("the map's items named").clone()
    };
    h.get_by_label("Item:").focus();
    h.run();
    h.get_by_label("Item:").type_text(&name);
    h.run();
    // The list's button (the table shows blocks, so the only one).
    h.get_by_label(&name).click();
    h.run();
    let placing = &h.state().gbx_view().unwrap().contents.placing;
    assert!(placing.items);
    assert_eq!(placing.picked.as_deref(), Some(name.as_str()));
    Some((h, original, name))
}

fn plot_centre(h: &Harness<'_, TrackbenchApp>) -> egui::Pos2 {
    let v = h.state().gbx_view().unwrap();
    v.contents.plot_rect.expect("the top view drawn").center()
}

fn height(h: &Harness<'_, TrackbenchApp>) -> i32 {
    h.state().gbx_view().unwrap().contents.placing.height
}

#[test]
fn an_item_picked_in_the_palette_is_placed_on_the_top_view_undone_and_saved() {
    let Some((mut h, original, name)) = open_items() else {
        return;
    };
    let before = map_contents(h.state().gbx_doc().unwrap().gbx()).unwrap();
    assert_eq!(before.items.len(), 380);
    let at = plot_centre(&h);
    let start = height(&h);
    // The wheel up two notches: two cells higher, the view not scrolled.
    for _ in 0..2 {
        crate::wheel(
            &mut h,
            at,
            egui::MouseWheelUnit::Line,
            egui::vec2(0.0, 1.0),
            egui::Modifiers::NONE,
            4,
        );
    }
    assert_eq!(height(&h), start + 2, "the wheel raises the item");
    assert_eq!(plot_centre(&h), at, "the view did not scroll");
    h.key_press(egui::Key::R);
    h.run();
    let p = h.state().gbx_view().unwrap().contents.placing.clone();
    let cell = p.hover.expect("the cell under the pointer");
    h.drag_at(at);
    h.run();
    h.drop_at(at);
    h.run();
    let after = map_contents(h.state().gbx_doc().unwrap().gbx()).unwrap();
    let said = &h.state().gbx_view().unwrap().contents.placing.message;
    assert_eq!(after.items.len(), 381, "one item more ({name}: {said:?})");
    let new = &after.items[380];
    assert_eq!(*new.name, *name);
    assert_eq!(new.position_m, p.item_position_m(cell));
    assert_eq!(new.block_coord.map(i32::from), [cell[0], p.height, cell[1]]);
    assert!((new.yaw_pitch_roll_rad[0] - 90f32.to_radians()).abs() < 1e-6);
    // One undo step gives the file's bytes back.
    h.state_mut().push(Command::Undo);
    h.run();
    assert!(h.state().gbx_doc().unwrap().gbx().file == original, "undo");
    h.state_mut().push(Command::Redo);
    h.run();
    let saved = crate::save_and_read_back(&mut h, "placed.Map.Gbx");
    assert!(saved.summary().completeness.complete);
    assert_eq!(*map_contents(&saved).unwrap().items[380].name, *name);
}

/// While placing, the wheel sets the height and the view stays (the cell
/// under the pointer is the same); once placing stops, the wheel scrolls
/// the view again (another cell is under the pointer).
#[test]
fn the_wheel_scrolls_the_view_when_not_placing() {
    let Some((mut h, _, name)) = open_items() else {
        return;
    };
    let at = plot_centre(&h);
    let turn = |h: &mut Harness<'static, TrackbenchApp>| {
        let lines = egui::vec2(0.0, 10.0);
        crate::wheel(
            h,
            at,
            egui::MouseWheelUnit::Line,
            lines,
            egui::Modifiers::NONE,
            20,
        );
    };
    let cell =
        |h: &Harness<'_, TrackbenchApp>| h.state().gbx_view().unwrap().contents.placing.hover;
    h.hover_at(at);
    h.run();
    let (before, start) = (cell(&h).expect("a cell"), height(&h));
    turn(&mut h);
    assert_eq!((cell(&h), height(&h)), (Some(before), start + 1));
    h.get_by_label("Stop placing").click();
    h.run();
    turn(&mut h);
    assert_eq!(h.state().gbx_view().unwrap().contents.placing.picked, None);
    h.get_by_label(&name).click();
    h.hover_at(at);
    h.run();
    assert_ne!(cell(&h), Some(before), "the view scrolled");
}
