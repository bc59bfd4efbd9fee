//! Stunts grid editor driven by egui_kittest: paint with the mouse, undo,
//! save through the shell (Ctrl+S, Ctrl+Z), and check the saved bytes.

use egui::{Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use trackbench::app::{OpenDoc, TrackbenchApp};
use trackbench::command::{Command, TrkCommand};
use trackbench::settings::Settings;
use trackbench::trk::doc::TrackDoc;
use trackbench::trk::view::TrkView;
use trackbench_core::trk::TilePos;
use trackbench_testkit::corpus_dir_or_warn;

fn harness(app: TrackbenchApp) -> Harness<'static, TrackbenchApp> {
    Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::vec2(1400.0, 900.0))
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app)
}

fn trk<'a>(h: &'a Harness<'_, TrackbenchApp>) -> &'a TrackDoc {
    match &h.state().doc {
        Some(OpenDoc::Trk(d, _)) => d,
        _ => panic!("a track is open"),
    }
}

fn trk_mut<'a>(h: &'a mut Harness<'_, TrackbenchApp>) -> &'a mut TrackDoc {
    match &mut h.state_mut().doc {
        Some(OpenDoc::Trk(d, _)) => d,
        _ => panic!("a track is open"),
    }
}

fn view<'a>(h: &'a Harness<'_, TrackbenchApp>) -> &'a TrkView {
    match &h.state().doc {
        Some(OpenDoc::Trk(_, v)) => v,
        _ => panic!("a track is open"),
    }
}

fn view_mut<'a>(h: &'a mut Harness<'_, TrackbenchApp>) -> &'a mut TrkView {
    match &mut h.state_mut().doc {
        Some(OpenDoc::Trk(_, v)) => v,
        _ => panic!("a track is open"),
    }
}

fn new_track_app() -> Harness<'static, TrackbenchApp> {
    let mut h = harness(TrackbenchApp::new(Settings::default(), &[]));
    h.state_mut().doc = Some(OpenDoc::trk(TrackDoc::new_track()));
    h.run();
    h
}

fn screen_of(v: &TrkView, pos: TilePos) -> Pos2 {
    let p = v.tile_center_on_screen(pos).expect("grid drawn");
    Pos2::new(p[0], p[1])
}

fn screen(h: &Harness<'_, TrackbenchApp>, pos: TilePos) -> Pos2 {
    screen_of(view(h), pos)
}

/// Presses at the first tile, moves over the others, releases at the last.
fn drag(h: &mut Harness<'_, TrackbenchApp>, tiles: &[TilePos]) {
    let points: Vec<Pos2> = tiles.iter().map(|&t| screen(h, t)).collect();
    h.hover_at(points[0]);
    h.run();
    h.drag_at(points[0]);
    h.run();
    for &p in &points[1..] {
        h.hover_at(p);
        h.run();
    }
    h.drop_at(*points.last().unwrap());
    h.run();
}

/// Saves through the shell: the document's file becomes `path`, then
/// Ctrl+S (the shell's shortcut, no dialog since there is a path).
fn save_bytes(h: &mut Harness<'_, TrackbenchApp>, path: &std::path::Path) -> Vec<u8> {
    trk_mut(h).path = Some(path.to_path_buf());
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert!(!trk(h).is_dirty(), "saved: {}", trk(h).message);
    std::fs::read(path).unwrap()
}

/// A blank tile on flat ground, away from the edges.
fn blank_tile(doc: &TrackDoc) -> TilePos {
    TilePos::all()
        .filter(|p| (3..27).contains(&p.x) && (3..27).contains(&p.y))
        .find(|&p| doc.track().track_code(p) == 0 && doc.track().terrain_code(p) == 0)
        .expect("a blank flat tile")
}

#[test]
fn paint_a_tile_with_the_mouse_undo_it_and_save() {
    let Some(dir) = corpus_dir_or_warn("trk_ui") else {
        return;
    };
    let src = dir.join("trk/ZCT094.TRK");
    let original = std::fs::read(&src).unwrap();
    let mut h = harness(TrackbenchApp::new(Settings::default(), &[src]));
    h.run();
    let pos = blank_tile(trk(&h));
    assert_eq!(view(&h).piece, 0x04, "default piece: paved road N-S");
    drag(&mut h, &[pos]);
    assert_eq!(trk(&h).track().track_code(pos), 0x04);
    assert!(trk(&h).title().starts_with('*'), "dirty marker");

    let out = tempfile::tempdir().unwrap();
    let painted = out.path().join("PAINTED.TRK");
    let bytes = save_bytes(&mut h, &painted);
    assert_eq!(bytes.len(), 1802);
    assert_eq!(bytes[pos.track_file_offset()], 0x04);
    let changed = (0..1802).filter(|&i| bytes[i] != original[i]).count();
    assert_eq!(changed, 1, "only the painted tile differs");

    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(trk(&h).track().track_code(pos), 0);
    let undone = save_bytes(&mut h, &out.path().join("UNDONE.TRK"));
    assert_eq!(undone.len(), 1802);
    assert_eq!(
        undone[pos.track_file_offset()],
        original[pos.track_file_offset()]
    );
    assert_eq!(undone, original, "undo gives back the file byte for byte");

    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run();
    assert_eq!(trk(&h).track().track_code(pos), 0x04, "redo");
}

#[test]
fn a_terrain_drag_is_one_undo_step_and_shows_in_validation() {
    let Some(dir) = corpus_dir_or_warn("trk_ui") else {
        return;
    };
    let mut h = harness(TrackbenchApp::new(
        Settings::default(),
        &[dir.join("trk/ZCT094.TRK")],
    ));
    h.run();
    h.get_by_label("Terrain").click();
    h.run();
    let start = blank_tile(trk(&h));
    view_mut(&mut h).terrain = 0x01;
    let row: Vec<TilePos> = (0..3).filter_map(|i| start.offset(i, 0)).collect();
    drag(&mut h, &row);
    for &p in &row {
        assert_eq!(trk(&h).track().terrain_code(p), 0x01, "{p}");
    }
    assert_eq!(trk(&h).doc.history().undo_len(), 1, "one step for the drag");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(row.iter().all(|&p| trk(&h).track().terrain_code(p) == 0));
}

#[test]
fn placing_a_loop_from_the_palette_writes_its_fillers_and_erase_removes_all() {
    let mut h = new_track_app();
    let looped = trackbench_core::trk::elements::catalogue()
        .iter()
        .find(|e| e.kind == trackbench_core::trk::ElementKind::Loop)
        .unwrap();
    h.get_by_role(egui::accesskit::Role::TextInput).focus();
    h.run();
    h.get_by_role(egui::accesskit::Role::TextInput)
        .type_text("loop");
    h.run();
    assert!(
        h.query_by_label_contains("Corners").is_none(),
        "search hides other groups"
    );
    h.get_by_label(&looped.display_name()).click();
    h.run();
    let code = view(&h).piece;
    let e = trackbench_core::trk::element(code).unwrap();
    let (w, hgt) = e.footprint.size();
    let at = TilePos { x: 10, y: 10 };
    // Leave the search box so the canvas gets the pointer.
    h.key_press(Key::Escape);
    drag(&mut h, &[at]);
    assert_eq!(trk(&h).track().track_code(at), code);
    if (w, hgt) != (1, 1) {
        let filler = at.offset(i32::from(w) - 1, i32::from(hgt) - 1).unwrap();
        assert!(trk(&h).track().track_code(filler) >= 0xFD, "filler written");
        h.get_by_label("Erase").click();
        h.run();
        drag(&mut h, &[filler]);
        assert_eq!(
            trk(&h).track().track_code(at),
            0,
            "erasing a filler erases the element"
        );
    }
}

#[test]
fn a_fast_click_within_one_frame_places_the_piece() {
    let mut h = new_track_app();
    let at = TilePos { x: 4, y: 5 };
    let p = screen(&h, at);
    h.hover_at(p);
    h.drag_at(p);
    h.drop_at(p);
    h.run();
    assert_eq!(trk(&h).track().track_code(at), 0x04);
    assert_eq!(trk(&h).doc.history().undo_len(), 1);
}

fn colr_screen(h: &Harness<'_, TrackbenchApp>, pos: TilePos) -> Pos2 {
    let p = view(h).colr.tile_center(pos).expect("colouring drawn");
    Pos2::new(p[0], p[1])
}

#[test]
fn paint_a_colouring_tile_with_the_mouse_then_undo_it() {
    let Some(dir) = corpus_dir_or_warn("trk_ui") else {
        return;
    };
    let src = dir.join("trk/ZCT094.TRK");
    let original = std::fs::read(&src).unwrap();
    let mut h = harness(TrackbenchApp::new(Settings::default(), &[src]));
    h.run();
    h.run();
    assert!(
        trk(&h).track().metadata().is_none(),
        "ZCT094 is a raw track"
    );
    let brush = view(&h).colr.colours;
    let pos = TilePos { x: 7, y: 3 };
    let p = colr_screen(&h, pos);
    h.hover_at(p);
    h.run();
    h.drag_at(p);
    h.run();
    let q = colr_screen(&h, TilePos { x: 8, y: 3 });
    h.hover_at(q);
    h.run();
    h.drop_at(q);
    h.run();
    let c = trk(&h).doc.colouring().unwrap().expect("a colouring now");
    // Default part is the background: tile (7, 3) is index 3 * 30 + 7.
    assert_eq!(c.tiles[97].background, brush.background);
    assert_eq!(c.tiles[98].background, brush.background);
    assert_eq!(c.coloured_count(), 2);
    assert_eq!(trk(&h).doc.history().undo_len(), 1, "the drag is one step");
    let out = tempfile::tempdir().unwrap();
    let bytes = save_bytes(&mut h, &out.path().join("COLR.TRK"));
    assert_eq!(&bytes[..1802], &original[..], "track bytes untouched");
    assert_eq!(&bytes[1802..1810], b"smdf\0\0\0\0");
    assert_eq!(&bytes[1810..1814], b"Colr");

    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(trk(&h).track().metadata().is_none());
    let undone = save_bytes(&mut h, &out.path().join("UNDONE.TRK"));
    assert_eq!(undone, original, "undo gives back the raw 1,802 bytes");
}

#[test]
fn clicking_an_issue_selects_its_tile_and_pans_the_grid_to_it() {
    let Some(dir) = corpus_dir_or_warn("trk_ui") else {
        return;
    };
    let mut h = harness(TrackbenchApp::new(
        Settings::default(),
        &[dir.join("trk/ZCT094.TRK")],
    ));
    h.run();
    // Zoom in on the NW corner: the flooded tiles at x 17-20 are off screen.
    view_mut(&mut h).view = Some(trackbench::trk::grid_view::GridView {
        tile_px: 120.0,
        pan: [22.0, 22.0],
    });
    h.run();
    let target = TilePos { x: 20, y: 9 };
    let (origin, size) = view(&h).canvas.unwrap();
    let inside = |p: Pos2| {
        p.x > origin[0] && p.y > origin[1] && p.x < origin[0] + size[0] && p.y < origin[1] + size[1]
    };
    assert!(!inside(screen(&h, target)), "starts off screen");
    h.get_by_label_contains("(20, 9) Tennis court")
        .scroll_to_me();
    h.run();
    h.get_by_label_contains("(20, 9) Tennis court").click();
    h.run();
    h.run();
    assert_eq!(view(&h).focus, Some(target));
    let sel = view(&h).selection.unwrap();
    assert_eq!((sel.min, sel.max), (target, target));
    assert!(inside(screen(&h, target)), "panned into view");
    assert_eq!(view(&h).view.unwrap().tile_px, 120.0, "zoom kept");
}

#[test]
fn r_rotates_and_f_flips_the_current_piece_as_shown_in_the_palette() {
    let mut h = new_track_app();
    assert!(h.query_by_label("Paved road (N-S) [0x04]").is_some());
    h.key_press(Key::R);
    h.run();
    assert!(
        h.query_by_label("Paved road (E-W) [0x05]").is_some(),
        "R turns the road"
    );
    h.get_by_role(egui::accesskit::Role::TextInput).focus();
    h.run();
    h.get_by_role(egui::accesskit::Role::TextInput)
        .type_text("elevated ramp");
    h.run();
    h.get_by_label("Elevated ramp (S>N)").click();
    h.run();
    h.key_press(Key::Escape);
    h.run();
    assert!(h.query_by_label("Elevated ramp (S>N) [0x26]").is_some());
    // Seed 002: elevated ramp S>N 26, E>W 25, N>S 27, W>E 24.
    h.key_press(Key::R);
    h.run();
    assert!(
        h.query_by_label("Elevated ramp (W>E) [0x24]").is_some(),
        "R: clockwise"
    );
    h.key_press(Key::F);
    h.run();
    assert!(
        h.query_by_label("Elevated ramp (E>W) [0x25]").is_some(),
        "F: east-west mirror"
    );
    assert_eq!(view(&h).piece, 0x25);
    // The placed piece is the turned one.
    let at = TilePos { x: 6, y: 6 };
    drag(&mut h, &[at]);
    assert_eq!(trk(&h).track().track_code(at), 0x25);
    // E>W turned clockwise goes S>N, which is its own east-west mirror.
    h.key_press(Key::R);
    h.run();
    assert!(h.query_by_label("Elevated ramp (S>N) [0x26]").is_some());
    h.key_press(Key::F);
    h.run();
    assert_eq!(view(&h).piece, 0x26);
}

#[test]
fn a_replay_track_is_read_only_until_saved_as_a_trk() {
    let Some(dir) = corpus_dir_or_warn("trk_ui") else {
        return;
    };
    let src = dir.join("trk/rpl/DEFAULT.RPL");
    let rpl = std::fs::read(&src).unwrap();
    let mut h = harness(TrackbenchApp::new(Settings::default(), &[src]));
    h.run();
    assert!(trk(&h).read_only);
    let pos = blank_tile(trk(&h));
    drag(&mut h, &[pos]);
    assert_eq!(trk(&h).track().track_code(pos), 0, "painting is off");
    assert!(!trk(&h).is_dirty());
    assert!(h.query_by_label("Save track as…").is_some());
    assert!(h.query_by_label("Save").is_none());
    let out = tempfile::tempdir().unwrap();
    let bytes = save_bytes(&mut h, &out.path().join("FROMRPL.TRK"));
    // The track follows the replay's 26-byte header.
    assert_eq!(&bytes[..], &rpl[26..26 + 1802]);
    h.run();
    assert!(!trk(&h).read_only);
    drag(&mut h, &[pos]);
    assert_eq!(
        trk(&h).track().track_code(pos),
        0x04,
        "editable after saving"
    );
}

/// The grid editor alone, recording every command its panels push and
/// applying the track's ones as the shell does.
struct Editor {
    doc: TrackDoc,
    view: TrkView,
    pushed: Vec<Command>,
}

fn editor_harness() -> Harness<'static, Editor> {
    let editor = Editor {
        doc: TrackDoc::new_track(),
        view: TrkView::default(),
        pushed: Vec::new(),
    };
    Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::vec2(1400.0, 900.0))
        .build_ui_state(
            |ui, e: &mut Editor| {
                let mut out = Vec::new();
                trackbench::trk::panels::grid::ui(ui, &e.doc, &mut e.view, &mut out);
                for cmd in out {
                    e.pushed.push(cmd.clone());
                    if let Command::Trk(c) = cmd {
                        e.doc.apply(&mut e.view, c);
                    }
                }
            },
            editor,
        )
}

#[test]
fn painting_with_the_mouse_pushes_one_stroke_of_trk_commands_per_drag() {
    let mut h = editor_harness();
    h.run();
    let row: Vec<TilePos> = (4..7).map(|x| TilePos { x, y: 8 }).collect();
    let points: Vec<Pos2> = row.iter().map(|&t| screen_of(&h.state().view, t)).collect();
    h.hover_at(points[0]);
    h.run();
    h.drag_at(points[0]);
    h.run();
    for &p in &points[1..] {
        h.hover_at(p);
        h.run();
    }
    h.drop_at(points[2]);
    h.run();
    let place = |at| Command::Trk(TrkCommand::Place { at, code: 0x04 });
    assert_eq!(
        h.state().pushed,
        vec![
            Command::Trk(TrkCommand::BeginStroke),
            place(row[0]),
            place(row[1]),
            place(row[2]),
            Command::Trk(TrkCommand::EndStroke),
        ]
    );
    let doc = &h.state().doc;
    assert!(row.iter().all(|&p| doc.track().track_code(p) == 0x04));
    assert_eq!(doc.doc.history().undo_len(), 1, "one step for the drag");
}

#[test]
fn each_drag_is_one_undo_step_of_the_shells_edit_menu() {
    let mut h = new_track_app();
    let first: Vec<TilePos> = (2..5).map(|x| TilePos { x, y: 2 }).collect();
    let second: Vec<TilePos> = (2..5).map(|x| TilePos { x, y: 6 }).collect();
    drag(&mut h, &first);
    h.get_by_label("Terrain").click();
    h.run();
    view_mut(&mut h).terrain = 0x01;
    drag(&mut h, &second);
    assert_eq!(trk(&h).doc.history().undo_len(), 2);
    h.get_by_label("Edit").click();
    h.run();
    h.get_by_label_contains("Undo paint terrain").click();
    h.run();
    assert!(second.iter().all(|&p| trk(&h).track().terrain_code(p) == 0));
    assert!(first.iter().all(|&p| trk(&h).track().track_code(p) == 0x04));
    assert_eq!(h.state().message, "undid paint terrain");
    h.get_by_label("Edit").click();
    h.run();
    h.get_by_label_contains("Undo place Paved road (N-S)")
        .click();
    h.run();
    assert!(first.iter().all(|&p| trk(&h).track().track_code(p) == 0));
    assert!(!trk(&h).is_dirty(), "back to the new track");
}

#[test]
fn the_toolbar_opens_a_new_track_in_a_new_tab() {
    let mut h = new_track_app();
    drag(&mut h, &[TilePos { x: 3, y: 3 }]);
    h.get_by_label("New").click();
    h.run();
    assert_eq!(h.state().tab_count(), 2, "the edited track stays open");
    assert!(!trk(&h).is_dirty());
    assert!(h.state().any_dirty());
}
