//! The 3D preview: an item opens on its 3D view with its objects and
//! materials listed; wireframe, visibility and fit change only the view;
//! a map's embedded items are offered in the view; the exports write a
//! `.glb` and an `.obj` with its `.mtl` through the document.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use trackbench::app::TrackbenchApp;
use trackbench::command::{ExportKind, MeshFormat};
use trackbench::gbx::view::{CentralView, MeshSource};
use trackbench::settings::Settings;
use trackbench_testkit::corpus_dir_or_warn;

fn harness(app: TrackbenchApp) -> Harness<'static, TrackbenchApp> {
    Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::vec2(1400.0, 900.0))
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app)
}

#[test]
fn an_item_opens_on_its_3d_view_with_objects_and_materials() {
    let Some(dir) = corpus_dir_or_warn("mesh_ui") else {
        return;
    };
    let path = dir.join("gbx/WallRideCurve4.Item.Gbx");
    let mut h = harness(TrackbenchApp::new(Settings::default(), &[path]));
    h.run();
    assert_eq!(h.state().gbx_view().unwrap().central, CentralView::Mesh);
    assert!(h.query_by_label("Objects (1)").is_some());
    assert!(h.query_by_label("Materials (3)").is_some());
    let drawn = |h: &Harness<'_, TrackbenchApp>| {
        let view = h.state().gbx_view().unwrap();
        view.mesh.draw.as_ref().map(|d| d.tris.len())
    };
    assert_eq!(drawn(&h), Some(776));
    h.get_by_label("Wireframe").click();
    h.run();
    assert!(h.state().gbx_view().unwrap().mesh.wireframe);
    // Hiding a material leaves its triangles out of the drawing.
    h.get_by_label("PlatformTech").click();
    h.run();
    let left = drawn(&h).unwrap();
    assert!(left < 776, "{left}");
    let before = h.state().gbx_view().unwrap().mesh.orbit;
    h.get_by_label("Fit to view").click();
    h.run();
    assert_eq!(h.state().gbx_view().unwrap().mesh.orbit, before);
    // Nothing of this changed the document.
    assert!(!h.state().is_dirty());
}

#[test]
fn a_maps_embedded_items_are_shown_in_the_3d_view() {
    let Some(dir) = corpus_dir_or_warn("mesh_ui embedded") else {
        return;
    };
    let path = dir.join("gbx/CCP#04 - ODYSSEY.Map.Gbx");
    let mut h = harness(TrackbenchApp::new(Settings::default(), &[path]));
    h.run();
    h.get_by_label("3D").click();
    h.run();
    let view = h.state().gbx_view().unwrap();
    let MeshSource::Embedded(i) = view.mesh.source else {
        panic!("a map without geometry shows its first embedded item");
    };
    let model = view.mesh.loaded.get(&i).unwrap();
    assert!(!model.as_ref().as_ref().unwrap().is_empty());
    let doc = h.state().gbx_doc().unwrap();
    let first = &doc.embedded_meshes[0];
    assert_eq!(first.index, i);
    assert!(
        first.path.ends_with("BridgeUphill_2.Item.Gbx"),
        "{}",
        first.path
    );
    assert!(h.query_by_label("shown").is_some(), "the item choice");
}

#[test]
fn mesh_exports_write_a_glb_and_an_obj_with_its_mtl() {
    let Some(dir) = corpus_dir_or_warn("mesh_ui export") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let mut app = TrackbenchApp::new(Settings::default(), &[dir.join("gbx/Base.Item.Gbx")]);
    let doc = app.document_mut().unwrap();
    let choices: Vec<_> = doc.export_choices().into_iter().map(|c| c.kind).collect();
    let glb = ExportKind::Mesh {
        item: None,
        format: MeshFormat::Glb,
    };
    let obj = ExportKind::Mesh {
        item: None,
        format: MeshFormat::Obj,
    };
    assert!(choices.contains(&glb) && choices.contains(&obj));
    // A name typed without the extension gets it.
    doc.export(glb, &tmp.path().join("base")).unwrap();
    let data = std::fs::read(tmp.path().join("base.glb")).unwrap();
    assert_eq!(&data[..4], b"glTF");
    doc.export(obj, &tmp.path().join("base.obj")).unwrap();
    assert!(tmp.path().join("base.mtl").is_file());
    // A map exports its embedded items, not a model of its own.
    let mut map = TrackbenchApp::new(
        Settings::default(),
        &[dir.join("gbx/Simple TECH 1.Map.Gbx")],
    );
    let doc = map.document_mut().unwrap();
    let kinds: Vec<_> = doc.export_choices().into_iter().map(|c| c.kind).collect();
    let item = kinds
        .iter()
        .find_map(|k| match k {
            ExportKind::Mesh { item: Some(i), .. } => Some(*i),
            _ => None,
        })
        .expect("the embedded item is offered");
    assert!(!kinds.contains(&glb));
    let out = tmp.path().join("wall.glb");
    let kind = ExportKind::Mesh {
        item: Some(item),
        format: MeshFormat::Glb,
    };
    doc.export(kind, &out).unwrap();
    assert!(out.is_file());
}

/// The viewport is drawn with a depth buffer (one image, the same in the
/// app and the snapshots) and hovering names the object and material under
/// the pointer.
#[test]
fn hovering_the_3d_view_names_the_object_and_material() {
    let Some(dir) = corpus_dir_or_warn("mesh_ui picking") else {
        return;
    };
    let path = dir.join("gbx/WallRideCurve4.Item.Gbx");
    let mut h = harness(TrackbenchApp::new(Settings::default(), &[path]));
    h.run();
    let view = h.state().gbx_view().unwrap();
    let frame = view.mesh.frame.as_ref().expect("a depth-buffered frame");
    // Every pixel id belongs to the draw list, and the item covers some.
    let drawn = view.mesh.draw.as_ref().unwrap().tris.len() as u32;
    assert!(frame.ids.iter().all(|&i| i == u32::MAX || i < drawn));
    let w = frame.size[0];
    let k = frame
        .ids
        .iter()
        .enumerate()
        .filter(|(_, i)| **i != u32::MAX)
        .map(|(k, _)| k)
        .nth(frame.ids.iter().filter(|i| **i != u32::MAX).count() / 2)
        .expect("the item covers pixels");
    let ppp = h.ctx.pixels_per_point();
    let at = frame.rect.min + egui::vec2((k % w) as f32 + 0.5, (k / w) as f32 + 0.5) / ppp;
    h.hover_at(at);
    h.run();
    let hit = h.state().gbx_view().unwrap().mesh.hovered;
    let (object, material) = hit.expect("something picked under the pointer");
    assert_eq!(object, 0);
    assert!(material.is_some());
}
