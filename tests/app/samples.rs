//! The built-in samples (issue 44): the start screen lists one of each kind
//! the app opens, and each opens in its main view with its contents shown.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use trackbench::app::samples::{SAMPLE_PAK_FILES, SAMPLES};
use trackbench::app::{OpenDoc, TrackbenchApp};
use trackbench::gbx::view::CentralView;
use trackbench_core::gbx::tools::sample_mp::{
    SAMPLE_MP_BLOCKS, SAMPLE_MP_ITEMS, SAMPLE_MP_NAME, SAMPLE_MP_TRAITS,
};

/// The start screen at 1024×700 with sample `name`'s button clicked.
fn open_sample(name: &str) -> Harness<'static, TrackbenchApp> {
    let mut h = crate::open_app(&[], egui::vec2(1024.0, 700.0));
    h.get_by_label(name).click();
    h.run();
    h
}

fn sample_named(part: &str) -> &'static str {
    SAMPLES
        .iter()
        .find(|s| s.name.contains(part))
        .map(|s| s.name)
        .expect("a sample of that kind")
}

#[test]
fn the_start_screen_lists_a_sample_of_each_kind() {
    let h = crate::open_app(&[], egui::vec2(1024.0, 700.0));
    for s in SAMPLES {
        assert!(h.query_by_label(s.name).is_some(), "{} listed", s.name);
    }
    for kind in ["TMF-style", "ManiaPlanet-style", "Stunts", ".pak"] {
        sample_named(kind);
    }
}

#[test]
fn the_maniaplanet_sample_opens_in_blocks_and_items() {
    let mut h = open_sample(sample_named("ManiaPlanet-style"));
    let doc = h.state().gbx_doc().expect("a .Gbx tab");
    assert!(doc.gbx().problems.is_empty(), "{:?}", doc.gbx().problems);
    assert_eq!(h.state().gbx_view().unwrap().central, CentralView::Contents);
    let blocks = SAMPLE_MP_BLOCKS.len();
    let shown = format!("{blocks} of {blocks} blocks shown");
    assert!(h.query_by_label_contains(&shown).is_some(), "{shown}");
    let items = SAMPLE_MP_ITEMS.len();
    h.get_by_label(&format!("Items ({items})")).click();
    h.run();
    let shown = format!("{items} of {items} items shown");
    assert!(h.query_by_label_contains(&shown).is_some(), "{shown}");
    assert!(h.query_by_label("Signs\\Arrow.Item.Gbx").is_some());
    h.get_by_label("Metadata").click();
    h.run();
    for (name, _) in SAMPLE_MP_TRAITS {
        assert!(h.query_by_label_contains(name).is_some(), "trait {name}");
    }
    assert!(h.query_by_label_contains(SAMPLE_MP_NAME).is_some());
}

#[test]
fn the_stunts_sample_opens_in_the_editor_with_a_closed_route_and_terrain() {
    let mut h = open_sample(sample_named("Stunts"));
    let Some(OpenDoc::Trk(doc, _)) = h.state().doc.as_ref() else {
        panic!("a Stunts tab");
    };
    let track = doc.doc.track();
    // The plateau preset: its top at (10..=19, 10..=19), code 0x06.
    let top = trackbench_core::trk::TilePos::new(12, 12).unwrap();
    assert_eq!(track.terrain_code(top), 0x06);
    assert!(
        h.query_by_label_contains("Route: closed ·").is_some(),
        "the loop is a closed route Stunts accepts"
    );
    h.get_by_label("Terrain").click();
    h.run();
}

#[test]
fn the_pak_sample_opens_unlocked_with_its_files_listed() {
    let h = open_sample(sample_named(".pak"));
    let Some(OpenDoc::Pak(doc, _)) = h.state().doc.as_ref() else {
        panic!("a pak tab");
    };
    assert!(doc.is_unlocked(), "{:?}", doc.key_error);
    assert_eq!(doc.files().len(), SAMPLE_PAK_FILES.len());
    let shown = format!("{} files shown", SAMPLE_PAK_FILES.len());
    assert!(h.query_by_label_contains(&shown).is_some(), "{shown}");
    for (_, name) in SAMPLE_PAK_FILES {
        assert!(h.query_by_label(name).is_some(), "{name} listed");
    }
}

/// At every window size of the layout test, each sample's button is one
/// line with its whole label, inside the window (issue 44: at 800×500 the
/// ManiaPlanet sample's label wrapped in its half-width column).
#[test]
fn the_sample_buttons_are_whole_single_lines_at_every_size() {
    for size in [
        [1920.0, 1080.0],
        [1280.0, 800.0],
        [1024.0, 700.0],
        [800.0, 500.0],
    ] {
        let h = crate::open_app(&[], egui::Vec2::from(size));
        let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::Vec2::from(size));
        let padding = 2.0 * h.ctx.global_style().spacing.button_padding.x;
        for s in SAMPLES {
            let r = h.get_by_label(s.name).rect();
            let font = egui::TextStyle::Button.resolve(&h.ctx.global_style());
            let text = h.ctx.fonts_mut(|f| {
                let g = f.layout_no_wrap(s.name.to_owned(), font, egui::Color32::WHITE);
                g.size().x
            });
            assert!(
                r.height() <= 30.0 && r.width() + 0.5 >= text + padding,
                "{:?} at {size:?}: {r:?} for {text} of text (wrapped or cut)",
                s.name
            );
            assert!(window.contains_rect(r), "{:?} at {size:?}: {r:?}", s.name);
        }
    }
}
