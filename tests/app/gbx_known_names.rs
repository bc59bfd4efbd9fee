//! Car and decoration from what the game knows (issue 44, finding 5: a
//! cut-off "CarSn" was saved without a word): the form offers the names
//! known for the map's environment, a listed car is set at once, and a
//! name off the list asks first, saying it is unknown.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use trackbench::app::TrackbenchApp;
use trackbench::app::confirm::Confirmation;
use trackbench_core::gbx::access::known_names::MapIdents;
use trackbench_testkit::corpus_dir_or_warn;

/// The GBX.NET TM2020 sample map (Stadium, default car, 48x48Day) with
/// the Car & decoration form open.
fn open_form() -> Option<Harness<'static, TrackbenchApp>> {
    let dir = corpus_dir_or_warn("known names ui")?;
    let path = dir
        .join("gbx")
        .join("GBX-NET 2 CGameCtnChallenge TM2020 001.Map.Gbx");
    let mut h = crate::open_app(&[path], egui::vec2(1500.0, 950.0));
    h.get_by_label("Blocks & items").click();
    h.run();
    h.get_by_label("Car & decoration…").click();
    h.run();
    Some(h)
}

fn type_car(h: &mut Harness<'_, TrackbenchApp>, car: &str) {
    h.get_by_label("Car (player model)").focus();
    h.run();
    h.get_by_label("Car (player model)").type_text(car);
    h.run();
    h.get_by_label("Set car").click();
    h.run();
}

fn car(h: &Harness<'_, TrackbenchApp>) -> Option<String> {
    MapIdents::read(h.state().gbx_doc().unwrap().gbx())?.car
}

#[test]
fn an_unknown_car_asks_first_and_cancel_writes_nothing() {
    let Some(mut h) = open_form() else {
        return;
    };
    let view = h.state().gbx_view().unwrap();
    let x = view.contents.cache.clone().flatten().unwrap();
    assert_eq!(x.cars, ["CarSport"], "the car TM2020 Stadium ghosts drove");
    assert_eq!(x.decorations, ["48x48Day", "48x48Sunrise", "48x48Sunset"]);
    type_car(&mut h, "CarSn");
    let Some(Confirmation::UnknownName(u)) = &h.state().confirm else {
        panic!("no question: {:?}", h.state().confirm);
    };
    assert_eq!((u.what, u.name.as_str()), ("car", "CarSn"));
    assert!(h.query_by_label("This name is unknown").is_some());
    assert!(
        h.query_by_label_contains("\"CarSn\" is not a car known for this map's environment")
            .is_some()
    );
    assert!(!h.state().is_dirty(), "nothing written before the answer");
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.state().confirm.is_none());
    assert!(!h.state().is_dirty());
    assert_eq!(car(&h), None);
}

#[test]
fn a_listed_car_is_set_without_a_question_and_set_anyway_writes_the_unknown_one() {
    let Some(mut h) = open_form() else {
        return;
    };
    type_car(&mut h, "CarSport");
    assert!(h.state().confirm.is_none(), "a listed car asks nothing");
    assert_eq!(car(&h).as_deref(), Some("CarSport"));
    assert!(h.state().is_dirty());

    // The text field still holds "CarSport": select it all, type over it.
    h.get_by_label("Car (player model)").focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    type_car(&mut h, "CarSn");
    assert!(matches!(
        h.state().confirm,
        Some(Confirmation::UnknownName(_))
    ));
    h.get_by_label("Set anyway").click();
    h.run();
    assert_eq!(car(&h).as_deref(), Some("CarSn"), "written as typed");
    assert_eq!(h.state().gbx_doc().unwrap().edit.history().undo_len(), 2);
}

/// Replace… (issue 44: block and item names from a list): a new model name
/// the map and its environment's known blocks hold is written at once; a
/// name off the list asks first, saying it is unknown, and writes nothing
/// before the answer; Set anyway writes it.
#[test]
fn replace_with_an_unknown_model_asks_first() {
    use trackbench::gbx::view::contents_ops::OpsForm;
    use trackbench_core::gbx::access::map_contents::map_contents;
    let Some(dir) = corpus_dir_or_warn("known names replace") else {
        return;
    };
    let path = dir
        .join("gbx")
        .join("GBX-NET 2 CGameCtnChallenge TM2020 001.Map.Gbx");
    let mut h = crate::open_app(&[path], egui::vec2(1500.0, 950.0));
    h.get_by_label("Blocks & items").click();
    h.run();
    let x = h
        .state()
        .gbx_view()
        .unwrap()
        .contents
        .cache
        .clone()
        .flatten()
        .unwrap();
    let old = x.contents.block(0).unwrap().name().to_owned();
    let known = x
        .block_names
        .iter()
        .find(|n| **n != old)
        .expect("another block name offered")
        .clone();
    let replace = |h: &mut Harness<'_, TrackbenchApp>, from: &str, to: &str| {
        let o = &mut h.state_mut().gbx_view_mut().unwrap().contents.ops;
        o.form = OpsForm::Replace;
        o.replace_old = from.to_owned();
        o.replace_new = to.to_owned();
        o.replace_in_selection = false;
        h.run();
        h.get_by_label("Apply replace").click();
        h.run();
    };
    let unknown = format!("{old}Typo");
    replace(&mut h, &old, &unknown);
    let Some(Confirmation::UnknownName(u)) = &h.state().confirm else {
        panic!("no question: {:?}", h.state().confirm);
    };
    assert_eq!(
        (u.what, u.name.as_str()),
        ("block or item", unknown.as_str())
    );
    assert!(
        u.known.contains(&old),
        "the nearest names offered: {:?}",
        u.known
    );
    assert!(!h.state().is_dirty(), "nothing written before the answer");
    h.get_by_label("Cancel").click();
    h.run();
    assert!(!h.state().is_dirty());

    replace(&mut h, &old, &known);
    assert!(h.state().confirm.is_none(), "a listed name asks nothing");
    let names = |h: &Harness<'_, TrackbenchApp>| {
        let c = map_contents(h.state().gbx_doc().unwrap().gbx()).unwrap();
        c.blocks().map(|b| b.name().to_owned()).collect::<Vec<_>>()
    };
    assert!(!names(&h).contains(&old), "{old} replaced by {known}");

    replace(&mut h, &known, &unknown);
    h.get_by_label("Set anyway").click();
    h.run();
    assert!(names(&h).contains(&unknown), "written as typed");
    assert_eq!(h.state().gbx_doc().unwrap().edit.history().undo_len(), 2);
}
