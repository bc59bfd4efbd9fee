//! Every map editing action can be found by name (issue 44, finding 10:
//! embedding an item was in no menu or palette entry, block duplicate only
//! in the inspector): the command palette finds each, the chosen entry
//! opens its tool, and the selected block is duplicated from the palette.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use trackbench::app::TrackbenchApp;
use trackbench::command::{Command, Window};
use trackbench::gbx::view::CentralView;
use trackbench::gbx::view::contents_ops::OpsForm;
use trackbench_core::gbx::access::map_contents::map_contents;
use trackbench_testkit::corpus_dir_or_warn;

/// AirControl (TMF, 703 blocks) with the palette open.
fn palette() -> Option<Harness<'static, TrackbenchApp>> {
    let dir = corpus_dir_or_warn("discoverability")?;
    let path = dir.join("gbx").join("AirControl.Challenge.Gbx");
    let mut h = crate::open_app(&[path], egui::vec2(1280.0, 800.0));
    h.state_mut().push(Command::ToggleWindow(Window::Palette));
    h.run();
    Some(h)
}

fn search(h: &mut Harness<'_, TrackbenchApp>, word: &str) {
    h.state_mut().windows.query = word.to_owned();
    h.run();
}

#[test]
fn each_editing_action_is_found_in_the_palette_by_name() {
    let Some(mut h) = palette() else {
        return;
    };
    for (word, label) in [
        ("embed", "Embed an item…"),
        ("duplicate", "Duplicate the selected block"),
        ("colour", "Colour blocks and items…"),
        ("car", "Set the car and the decoration (mood)…"),
        ("mood", "Set the car and the decoration (mood)…"),
        ("strip", "Strip lightmaps or the validation ghost…"),
        ("move", "Move blocks and items…"),
        ("rotate", "Rotate blocks and items…"),
        ("replace", "Replace a block or item model…"),
    ] {
        search(&mut h, word);
        assert!(
            h.query_by_label(label).is_some(),
            "{word:?} finds {label:?}"
        );
    }
    search(&mut h, "colour");
    h.get_by_label("Colour blocks and items…").click();
    h.run();
    let v = h.state().gbx_view().unwrap();
    assert_eq!(v.central, CentralView::Contents);
    assert_eq!(v.contents.ops.form, OpsForm::Colour);
    assert!(!h.state().windows.palette, "the palette closes on a choice");
}

#[test]
fn the_palette_duplicates_the_selected_block() {
    let Some(mut h) = palette() else {
        return;
    };
    search(&mut h, "duplicate");
    h.get_by_label("Duplicate the selected block").click();
    h.run();
    assert!(
        h.state()
            .message
            .contains("select one block on the Blocks table first")
    );
    let v = h.state_mut().gbx_view_mut().unwrap();
    v.contents.selection.blocks.insert(5);
    h.state_mut().push(Command::ToggleWindow(Window::Palette));
    h.run();
    search(&mut h, "duplicate");
    h.get_by_label("Duplicate the selected block").click();
    h.run();
    let gbx = h.state().gbx_doc().unwrap().gbx().clone();
    let c = map_contents(&gbx).unwrap();
    assert_eq!(c.blocks.len(), 704, "{}", h.state().message);
    assert_eq!(c.declared_blocks, Some(704), "the count follows");
    assert_eq!(c.blocks[6].name, c.blocks[5].name);
    assert_eq!(c.blocks[6].coord, c.blocks[5].coord);
}

/// The Edit menu of a map offers every editing action of the one list
/// (`editing_actions`) the palette and F1 show, and a click opens its tool
/// (issue 44, finding 10).
#[test]
fn the_edit_menu_offers_every_editing_action() {
    let Some(dir) = corpus_dir_or_warn("discoverability menu") else {
        return;
    };
    let path = dir.join("gbx").join("AirControl.Challenge.Gbx");
    let mut h = crate::open_app(&[path], egui::vec2(1280.0, 800.0));
    h.get_by_label("Edit").click();
    h.run();
    let actions = trackbench::command::shortcut::editing_actions();
    assert_eq!(actions.len(), 8, "six tools, duplicate, embed");
    for cmd in &actions {
        assert!(
            // A menu button's label holds its shortcut text too.
            h.query_by_label_contains(cmd.label()).is_some(),
            "{:?} in the Edit menu",
            cmd.label()
        );
    }
    h.get_by_label_contains("Set the car and the decoration (mood)…")
        .click();
    h.run();
    let v = h.state().gbx_view().unwrap();
    assert_eq!(v.central, CentralView::Contents);
    assert_eq!(v.contents.ops.form, OpsForm::Map);
    h.get_by_label("Edit").click();
    h.run();
    h.get_by_label_contains("Strip lightmaps or the validation ghost…")
        .click();
    h.run();
    assert_eq!(h.state().gbx_view().unwrap().central, CentralView::Size);
}
