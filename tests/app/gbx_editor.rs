//! The generic editor (issue 28) driven like a user: a corpus map's field
//! edited in the inspector with the keyboard (select, Enter, type, Enter),
//! checked in the document, undone to the original bytes, redone, saved
//! and read back; a body float edited, a refused text shown in red and
//! nothing applied; a byte typed over in the hex view's overwrite mode
//! and undone.

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::path::PathBuf;
use trackbench::app::TrackbenchApp;
use trackbench::command::{Command, GbxCommand};
use trackbench::settings::Settings;
use trackbench_core::edit::{FieldLoc, find_field_loc};
use trackbench_core::gbx::{ChunkRef, Gbx, Value};
use trackbench_testkit::corpus_dir_or_warn;

/// A TMU map: mapName "SA5 - Badasia" in header chunk 0x03043003,
/// thumbnailFov 60.0 in body chunk 0x03043028.
const MAP: &str = "example_challenge (2).Gbx";

fn open(name: &str) -> Option<Harness<'static, TrackbenchApp>> {
    let path: PathBuf = corpus_dir_or_warn("gbx_editor")?.join("gbx").join(name);
    let app = TrackbenchApp::new(Settings::default(), &[path]);
    let mut h = Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::vec2(1400.0, 900.0))
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app);
    h.run();
    Some(h)
}

fn gbx<'a>(h: &'a Harness<'_, TrackbenchApp>) -> &'a Gbx {
    h.state().gbx_doc().expect("a .Gbx tab").gbx()
}

/// Selects `chunk` and returns the location of its field `name`.
fn select(h: &mut Harness<'_, TrackbenchApp>, chunk: ChunkRef, name: &str) -> FieldLoc {
    h.state_mut()
        .push(Command::Gbx(GbxCommand::SelectChunk(chunk)));
    h.run();
    find_field_loc(gbx(h), chunk, name).expect(name)
}

fn header_chunk(gbx: &Gbx, id: u32) -> ChunkRef {
    ChunkRef::Header(gbx.header.chunks.iter().position(|c| c.id == id).unwrap())
}

fn body_chunk(gbx: &Gbx, id: u32) -> ChunkRef {
    let chunk = gbx.nodes[0].chunks.iter().position(|c| c.id == id).unwrap();
    ChunkRef::Body { node: 0, chunk }
}

fn value(h: &Harness<'_, TrackbenchApp>, loc: &FieldLoc) -> Value {
    let g = gbx(h);
    let chunk = g.chunk(loc.chunk).unwrap();
    let mut f = g.chunk_fields(chunk).get(loc.path[0]).unwrap();
    for i in &loc.path[1..] {
        f = f.children().get(*i).unwrap();
    }
    f.value()
}

/// Clicks the row titled `title`, presses Enter: the editor opens on `loc`
/// with `old` as its text; types `text` over it and presses Enter.
fn edit_with_keys(
    h: &mut Harness<'_, TrackbenchApp>,
    title: &str,
    loc: &FieldLoc,
    old: &str,
    text: &str,
) {
    h.get_by_label(title).click();
    h.run();
    let doc = h.state().gbx_doc().unwrap();
    assert_eq!(doc.selected_loc.as_ref(), Some(loc), "the click selects it");
    h.key_press(Key::Enter);
    h.run();
    let editing = &h.state().gbx_view().unwrap().editing;
    let draft = editing.draft.as_ref().expect("Enter opens the editor");
    assert_eq!((&draft.loc, draft.text.as_str()), (loc, old));
    // The old value and the accepted syntax are shown.
    assert!(h.query_by_label_contains("was ").is_some());
    assert!(
        h.query_by_label_contains("Enter applies, Esc cancels")
            .is_some()
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    let label = format!("{} =", title.split(" =").next().unwrap());
    h.get_by_label(&label).type_text(text);
    h.run();
    h.key_press(Key::Enter);
    h.run();
}

#[test]
fn a_map_name_edited_in_the_inspector_undoes_redoes_and_saves() {
    let Some(mut h) = open(MAP) else { return };
    let original = h.state().gbx_doc().unwrap().edit.bytes().to_vec();
    let chunk = header_chunk(gbx(&h), 0x0304_3003);
    let loc = select(&mut h, chunk, "mapName");
    edit_with_keys(
        &mut h,
        "mapName = \"SA5 - Badasia\"",
        &loc,
        "SA5 - Badasia",
        "Renamed by the kittest",
    );
    assert_eq!(value(&h, &loc), Value::Str("Renamed by the kittest".into()));
    assert!(h.state().is_dirty());
    let view = h.state().gbx_view().unwrap();
    assert!(view.editing.draft.is_none(), "the editor closed");
    let doc = h.state().gbx_doc().unwrap();
    assert_eq!(doc.selected_loc.as_ref(), Some(&loc), "still selected");
    assert_eq!(doc.edit.history().undo_len(), 1, "one undo step");
    // A longer name: the header chunk's size follows, the file grew by 9.
    assert_eq!(doc.edit.bytes().len(), original.len() + 9);

    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    let undone = h.state().gbx_doc().unwrap().edit.bytes() == original.as_slice();
    assert!(undone, "undo gives the original bytes");
    assert!(!h.state().is_dirty());
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run();
    assert_eq!(value(&h, &loc), Value::Str("Renamed by the kittest".into()));

    let saved = crate::save_and_read_back(&mut h, "renamed.Challenge.Gbx");
    let c = saved.header_chunk(0x0304_3003).unwrap();
    assert_eq!(
        saved.chunk_field(c, "mapName").unwrap().value(),
        Value::Str("Renamed by the kittest".into())
    );
    assert_eq!(
        saved.summary().decoded,
        Gbx::parse(original).unwrap().summary().decoded
    );
}

#[test]
fn a_float_is_checked_as_typed_and_applied_as_one_step() {
    let Some(mut h) = open(MAP) else { return };
    let chunk = body_chunk(gbx(&h), 0x0304_3028);
    let loc = select(&mut h, chunk, "thumbnailFov");
    edit_with_keys(&mut h, "thumbnailFov = 60", &loc, "60", "fast");
    // Refused in red, in place; nothing applied, the editor stays open.
    let draft = h.state().gbx_view().unwrap().editing.draft.clone().unwrap();
    let why = draft.error.expect("a refusal");
    assert!(why.contains("fast"), "{why}");
    assert!(h.query_by_label(&why).is_some(), "shown in the inspector");
    assert!(!h.state().is_dirty());
    // Esc cancels.
    h.key_press(Key::Escape);
    h.run();
    assert!(h.state().gbx_view().unwrap().editing.draft.is_none());
    edit_with_keys(&mut h, "thumbnailFov = 60", &loc, "60", "75.5");
    assert_eq!(value(&h, &loc), Value::F32(75.5));
    // The arrows move the selection to the next field.
    h.key_press(Key::ArrowDown);
    h.run();
    let next = h.state().gbx_doc().unwrap().selected_loc.clone();
    assert_eq!(next.map(|l| l.path), Some(vec![loc.path[0] + 1]));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(value(&h, &loc), Value::F32(60.0));
}

#[test]
fn a_byte_typed_over_in_the_hex_view_is_one_undo_step() {
    let Some(mut h) = open(MAP) else { return };
    let original = h.state().gbx_doc().unwrap().edit.bytes().to_vec();
    let chunk = body_chunk(gbx(&h), 0x0304_3028);
    let loc = select(&mut h, chunk, "thumbnailFov");
    let start = {
        let g = gbx(&h);
        let c = g.chunk(loc.chunk).unwrap();
        g.chunk_fields(c).get(loc.path[0]).unwrap().range().start
    };
    h.key_press(Key::Insert);
    h.run();
    let hex = &h.state().gbx_view().unwrap().hex;
    assert!(hex.overwrite, "Insert turns overwrite mode on");
    // thumbnailFov 60.0 is 00 00 70 42: make it 75.5 (00 00 97 42) by
    // typing the third byte.
    {
        let hex = &mut h.state_mut().gbx_view_mut().unwrap().hex;
        hex.space = trackbench_core::bytes::Space::Body;
        hex.cursor = Some(start + 2);
        hex.has_keys = true;
    }
    h.run();
    h.get_by_label("Overwrite").hover();
    h.run();
    for c in ["9", "7"] {
        h.event(egui::Event::Text(c.into()));
        h.run();
    }
    assert_eq!(value(&h, &loc), Value::F32(75.5), "re-read after the byte");
    assert_eq!(h.state().gbx_doc().unwrap().edit.history().undo_len(), 1);
    // A size the writer keeps is refused, and says so.
    h.state_mut().push(Command::Gbx(GbxCommand::OverwriteByte {
        space: trackbench_core::bytes::Space::File,
        offset: 0x0d,
        value: 0,
    }));
    h.run();
    assert!(
        h.state().message.contains("userDataSize"),
        "{}",
        h.state().message
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    let undone = h.state().gbx_doc().unwrap().edit.bytes() == original.as_slice();
    assert!(undone, "undo gives the original bytes");
}

/// The `x` of checkpoint `n` of chunk 0x03043017 and the array's count.
fn checkpoint_x(h: &Harness<'_, TrackbenchApp>, array: &FieldLoc, n: usize) -> (Value, Value) {
    let mut count = array.clone();
    count.path.push(0);
    let mut x = array.clone();
    x.path.extend([n + 1, 0, 0]);
    (value(h, &count), value(h, &x))
}

#[test]
fn records_are_deleted_from_the_inspector_one_or_several_at_once() {
    let Some(mut h) = open(MAP) else { return };
    let original = h.state().gbx_doc().unwrap().edit.bytes().to_vec();
    let chunk = body_chunk(gbx(&h), 0x0304_3017);
    let array = select(&mut h, chunk, "checkpoints");
    let (_, third_x) = checkpoint_x(&h, &array, 2);
    let (_, fourth_x) = checkpoint_x(&h, &array, 3);
    // Select the array, open it with the Right arrow.
    h.get_by_label("checkpoints (10 entries)").click();
    h.run();
    h.key_press(Key::ArrowRight);
    h.run();
    h.get_by_label("checkpoint[1] (1 fields)").click();
    h.run();
    // The buttons sit inside the window (they once ran past its edge).
    let right = h.get_by_label("Delete").rect().right();
    assert!(right <= 1400.0, "Delete ends at x {right}");
    h.get_by_label("Delete").click();
    h.run();
    let (count, x) = checkpoint_x(&h, &array, 1);
    assert_eq!(count, Value::U32(9), "{}", h.state().message);
    assert_eq!(x, third_x, "the next record moved up");
    assert_eq!(h.state().gbx_doc().unwrap().edit.history().undo_len(), 1);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    let undone = h.state().gbx_doc().unwrap().edit.bytes() == original.as_slice();
    assert!(undone, "undo gives the original bytes");
    // Ctrl+click marks records; "Delete 2 marked" deletes them as one step.
    for n in [1, 2] {
        h.get_by_label(&format!("checkpoint[{n}] (1 fields)"))
            .click_modifiers(Modifiers::COMMAND);
        h.run();
    }
    h.get_by_label("Delete 2 marked").click();
    h.run();
    let (count, x) = checkpoint_x(&h, &array, 1);
    assert_eq!(count, Value::U32(8), "{}", h.state().message);
    assert_eq!(x, fourth_x);
    assert_eq!(h.state().gbx_doc().unwrap().edit.history().undo_len(), 1);
}

/// A record array the core refuses to change (a MediaTracker clip group's
/// `clips`, whose sibling `triggers` has one entry per clip) says why in
/// words under the selected record, and offers no buttons.
#[test]
fn a_refused_record_array_says_why_under_the_selected_record() {
    use trackbench_core::edit::records::{array_info, records_refusal};
    let Some(mut h) = open(MAP) else { return };
    let g = gbx(&h);
    let (chunk, array) = (0..g.nodes.len())
        .find_map(|node| {
            let chunk = g.nodes[node]
                .chunks
                .iter()
                .position(|c| c.id == 0x0307_A003)?;
            let chunk = ChunkRef::Body { node, chunk };
            let array = find_field_loc(g, chunk, "clips")?;
            records_refusal(g, &array).map(|_| (chunk, array))
        })
        .expect("a refused clip group in the map");
    let why = records_refusal(g, &array).unwrap();
    assert!(why.contains("triggers"), "{why}");
    let n = array_info(g, &array).unwrap().elements.len();
    let first = array_info(g, &array).unwrap().elements[0].clone();
    select(&mut h, chunk, "clips");
    h.get_by_label(&format!("clips ({n} entries)")).click();
    h.run();
    h.key_press(Key::ArrowRight);
    h.run();
    h.state_mut()
        .push(Command::Gbx(GbxCommand::SelectFieldAt(first)));
    h.run();
    let shown = format!("records fixed: {why}");
    assert!(h.query_by_label(&shown).is_some(), "{shown} is shown");
    assert!(h.query_by_label("Delete").is_none(), "no Delete button");
}
