//! The 3D preview's depth-buffered drawing (issue 31): the shown
//! triangles rasterised on the CPU into an RGBA image with a per-pixel
//! depth test (1/z interpolated across each triangle, so depth is exact in
//! perspective), flat-shaded as before, with the triangle that won each
//! pixel kept for picking. Pure: a function of the draw list, the camera
//! and the size in pixels, tested without a UI.
//!
//! Why not a GPU paint callback: the app draws through eframe's glow and
//! the tests through egui_kittest's wgpu; one image uploaded as a texture
//! is drawn the same by both (what the snapshots show is what the app
//! shows), and its depth test is checked here, pixel for pixel, against a
//! brute-force nearest-surface search. Back faces are culled only on
//! closed objects (`mesh_closed`: every edge shared by two triangles of one
//! winding, so a back face can never be the nearest surface seen); other
//! faces are drawn from both sides, since the models' materials carry no
//! culling flag that the core reads and files mix windings. Cost per frame:
//! `benches/raster.rs` (BENCHMARKS.md, issue 31).

use super::mesh_scene::Projector;
use crate::gbx::view::{DrawList, Orbit};
use egui::{Pos2, Rect};

/// Triangle id of a pixel that no triangle covers.
pub const BACKGROUND: u32 = u32::MAX;

/// A rendered viewport: RGBA pixels (row-major, unpremultiplied) and the
/// triangle (position in the draw list) seen at each pixel.
#[derive(Debug, Clone, PartialEq)]
pub struct Raster {
    /// Width and height in pixels.
    pub size: [usize; 2],
    /// 4 bytes a pixel.
    pub rgba: Vec<u8>,
    /// The nearest triangle at each pixel, or [`BACKGROUND`].
    pub ids: Vec<u32>,
}

/// One projected corner: screen position (pixels) and 1/depth.
#[derive(Clone, Copy)]
struct Corner {
    x: f32,
    y: f32,
    inv_z: f32,
}

/// Edge function: twice the signed area of (a, b, p).
fn edge(a: Corner, b: Corner, px: f32, py: f32) -> f32 {
    (b.x - a.x) * (py - a.y) - (b.y - a.y) * (px - a.x)
}

/// Rasterises `list` as seen by `orbit` into `size` pixels over `bg`.
/// Sizes are capped at 4096 a side (a larger request draws nothing more).
#[must_use]
pub fn render(list: &DrawList, orbit: &Orbit, size: [usize; 2], bg: [u8; 3]) -> Raster {
    let [w, h] = size.map(|n| n.min(4096));
    let mut rgba = Vec::with_capacity(w * h * 4);
    for _ in 0..w * h {
        rgba.extend_from_slice(&[bg[0], bg[1], bg[2], 255]);
    }
    let mut depth = vec![0.0_f32; w * h];
    let mut ids = vec![BACKGROUND; w * h];
    let rect = Rect::from_min_size(Pos2::ZERO, egui::vec2(w as f32, h as f32));
    let proj = Projector::new(orbit, rect);
    for (i, t) in list.tris.iter().enumerate() {
        if t.cull && proj.faces_away(t.corners[0], t.normal) {
            continue;
        }
        let Some(c) = corners(&proj, &t.corners) else {
            continue;
        };
        let area = edge(c[0], c[1], c[2].x, c[2].y);
        if area.abs() < 1e-12 {
            continue;
        }
        let s = proj.shade(t.normal);
        let rgb = t.rgb.map(|v| (f32::from(v) * s) as u8);
        let min_x = c.iter().map(|p| p.x).fold(f32::INFINITY, f32::min).max(0.0);
        let max_x = c.iter().map(|p| p.x).fold(f32::NEG_INFINITY, f32::max);
        let min_y = c.iter().map(|p| p.y).fold(f32::INFINITY, f32::min).max(0.0);
        let max_y = c.iter().map(|p| p.y).fold(f32::NEG_INFINITY, f32::max);
        let (x0, y0) = (min_x.floor() as usize, min_y.floor() as usize);
        let x1 = (max_x.ceil().max(0.0) as usize).min(w);
        let y1 = (max_y.ceil().max(0.0) as usize).min(h);
        for y in y0..y1 {
            let py = y as f32 + 0.5;
            for x in x0..x1 {
                let px = x as f32 + 0.5;
                let Some(inv_z) = cover(&c, area, px, py) else {
                    continue;
                };
                let k = y * w + x;
                if inv_z > depth[k] {
                    depth[k] = inv_z;
                    ids[k] = i as u32;
                    rgba[k * 4..k * 4 + 3].copy_from_slice(&rgb);
                }
            }
        }
    }
    Raster {
        size: [w, h],
        rgba,
        ids,
    }
}

/// The three corners projected, or `None` when one is behind the eye.
fn corners(proj: &Projector, world: &[[f32; 3]; 3]) -> Option<[Corner; 3]> {
    let mut out = [Corner {
        x: 0.0,
        y: 0.0,
        inv_z: 0.0,
    }; 3];
    for (o, p) in out.iter_mut().zip(world) {
        let (pos, z) = proj.project(*p)?;
        *o = Corner {
            x: pos.x,
            y: pos.y,
            inv_z: 1.0 / z,
        };
    }
    Some(out)
}

/// 1/depth of the triangle at pixel centre (`px`, `py`), or `None` when the
/// centre is outside it (top-left ties go to both sides: a shared edge is
/// never left open).
fn cover(c: &[Corner; 3], area: f32, px: f32, py: f32) -> Option<f32> {
    let w0 = edge(c[1], c[2], px, py) / area;
    let w1 = edge(c[2], c[0], px, py) / area;
    let w2 = edge(c[0], c[1], px, py) / area;
    (w0 >= 0.0 && w1 >= 0.0 && w2 >= 0.0)
        .then(|| w0 * c[0].inv_z + w1 * c[1].inv_z + w2 * c[2].inv_z)
}

/// The triangle nearest the eye at pixel (`x`, `y`) and its 1/depth, found
/// by testing every triangle (the reference the depth buffer is checked
/// against); `(BACKGROUND, 0.0)` when none covers it.
#[must_use]
pub fn nearest_at(
    list: &DrawList,
    orbit: &Orbit,
    size: [usize; 2],
    x: usize,
    y: usize,
) -> (u32, f32) {
    let rect = Rect::from_min_size(Pos2::ZERO, egui::vec2(size[0] as f32, size[1] as f32));
    let proj = Projector::new(orbit, rect);
    let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
    let mut best = (BACKGROUND, 0.0_f32);
    for (i, t) in list.tris.iter().enumerate() {
        let Some(c) = corners(&proj, &t.corners) else {
            continue;
        };
        let area = edge(c[0], c[1], c[2].x, c[2].y);
        if area.abs() < 1e-12 {
            continue;
        }
        if let Some(inv_z) = cover(&c, area, px, py)
            && inv_z > best.1
        {
            best = (i as u32, inv_z);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gbx::view::DrawTri;

    fn quad(y: f32, rgb: [u8; 3], object: usize) -> [DrawTri; 2] {
        let c = |x: f32, z: f32| [x, y, z];
        let tri = |corners| DrawTri {
            corners,
            normal: [0.0, 1.0, 0.0],
            rgb,
            object,
            material: None,
            cull: false,
        };
        [
            tri([c(-1.0, -1.0), c(1.0, -1.0), c(1.0, 1.0)]),
            tri([c(-1.0, -1.0), c(1.0, 1.0), c(-1.0, 1.0)]),
        ]
    }

    #[test]
    fn the_nearer_surface_wins_whatever_the_drawing_order() {
        // Two floors seen from above: the upper one (y = 0.5) hides the
        // lower one, drawn first or last.
        let top = Orbit {
            target: [0.0; 3],
            yaw: 0.0,
            pitch: 1.5,
            distance: 6.0,
        };
        for flip in [false, true] {
            let (a, b) = (quad(0.0, [200, 0, 0], 0), quad(0.5, [0, 0, 200], 1));
            let tris = if flip {
                [b, a].concat()
            } else {
                [a, b].concat()
            };
            let list = DrawList { tris, shown: 4 };
            let r = render(&list, &top, [64, 64], [0, 0, 0]);
            let centre = 32 * 64 + 32;
            let seen = r.ids[centre] as usize;
            assert_eq!(list.tris[seen].object, 1, "flip {flip}");
            assert!(r.rgba[centre * 4 + 2] > 0 && r.rgba[centre * 4] == 0);
            // The corners of the image are background.
            assert_eq!(r.ids[0], BACKGROUND);
        }
    }

    /// A TM2020 item (a NationsConverter 2 circuit border, 1,854
    /// triangles, 9 materials) from the fitted camera: at every sampled
    /// pixel the depth buffer shows the surface nearest the eye (checked
    /// against a search over every triangle), where the former painter's
    /// order (far to near by centroid) showed another surface at many.
    #[test]
    fn a_tm2020_item_shows_no_surface_through_another() {
        use std::collections::HashSet;
        use trackbench_core::gbx::access::mesh::Model;
        let Some(dir) = trackbench_testkit::corpus_dir_or_warn("mesh depth") else {
            return;
        };
        let bytes = std::fs::read(dir.join("gbx/nc-9ef483e-Air_0_0.Item.Gbx")).unwrap();
        let gbx = trackbench_core::gbx::Gbx::parse(bytes).unwrap();
        let model = Model::from_gbx(&gbx);
        assert_eq!(model.triangle_count(), 1854);
        let list = super::super::mesh_scene::prepare(&model, &HashSet::new(), &HashSet::new());
        let mut orbit = super::super::mesh_scene::fit(model.bounds(), &Orbit::default());
        // Closer than the fit: the item's curve fills the view.
        orbit.distance *= 0.45;
        let size = [240, 180];
        let r = render(&list, &orbit, size, [0, 0, 0]);
        let painter = painter_order(&list, &orbit, size);
        let (mut covered, mut wrong, mut painter_wrong) = (0, 0, 0);
        for y in (0..size[1]).step_by(3) {
            for x in (0..size[0]).step_by(3) {
                let (id, inv_z) = nearest_at(&list, &orbit, size, x, y);
                let k = y * size[0] + x;
                if id == BACKGROUND {
                    assert_eq!(r.ids[k], BACKGROUND, "({x}, {y})");
                    continue;
                }
                covered += 1;
                // Another triangle at the same depth (a shared edge) is the
                // same surface.
                let same = |shown: u32| {
                    shown == id
                        || depth_at(&list, &orbit, size, shown, x, y)
                            .is_some_and(|d| (d - inv_z).abs() <= inv_z * 1e-4)
                };
                wrong += usize::from(!same(r.ids[k]));
                painter_wrong += usize::from(!same(painter[k]));
            }
        }
        assert!(covered > 1000, "the item covers the view: {covered}");
        assert_eq!(
            wrong, 0,
            "depth buffer: {wrong} of {covered} pixels show a hidden surface"
        );
        eprintln!("painter's order: {painter_wrong} of {covered} sampled pixels wrong");
        assert!(painter_wrong > 0, "the item does overlap itself");
    }

    /// A closed TM2020 item (a NationsConverter 2 circuit border, 108
    /// triangles, wound outward) seen from around it: faces turned away
    /// are culled, never shown, and the image still shows the nearest
    /// surface at every pixel (checked against every triangle).
    #[test]
    fn a_closed_item_is_drawn_from_the_front_only() {
        use std::collections::HashSet;
        use trackbench_core::gbx::access::mesh::Model;
        let Some(dir) = trackbench_testkit::corpus_dir_or_warn("mesh cull") else {
            return;
        };
        let bytes = std::fs::read(dir.join("gbx/nc-Air_0_0.Item.Gbx")).unwrap();
        let model = Model::from_gbx(&trackbench_core::gbx::Gbx::parse(bytes).unwrap());
        let list = super::super::mesh_scene::prepare(&model, &HashSet::new(), &HashSet::new());
        assert!(list.tris.iter().all(|t| t.cull), "every face may be culled");
        let size = [160, 120];
        let fitted = super::super::mesh_scene::fit_to(&model, &Orbit::default(), [160.0, 120.0]);
        for yaw in [0.0_f32, 1.6, 3.2, 4.8] {
            let orbit = Orbit { yaw, ..fitted };
            let proj = super::super::mesh_scene::Projector::new(
                &orbit,
                Rect::from_min_size(Pos2::ZERO, egui::vec2(160.0, 120.0)),
            );
            let away = list
                .tris
                .iter()
                .filter(|t| proj.faces_away(t.corners[0], t.normal))
                .count();
            assert!(
                away > 0 && away < list.tris.len(),
                "yaw {yaw}: {away} culled"
            );
            let r = render(&list, &orbit, size, [0, 0, 0]);
            let mut covered = 0;
            for (k, &id) in r.ids.iter().enumerate() {
                if id == BACKGROUND {
                    continue;
                }
                covered += 1;
                let t = &list.tris[id as usize];
                assert!(
                    !proj.faces_away(t.corners[0], t.normal),
                    "yaw {yaw} pixel {k}"
                );
            }
            assert!(covered > 500, "yaw {yaw}: {covered} pixels");
            for k in (0..r.ids.len()).step_by(7) {
                let (x, y) = (k % size[0], k / size[0]);
                let (id, inv_z) = nearest_at(&list, &orbit, size, x, y);
                let shown = r.ids[k];
                let same = shown == id
                    || depth_at(&list, &orbit, size, shown, x, y)
                        .is_some_and(|d| (d - inv_z).abs() <= inv_z * 1e-4);
                assert!(
                    same || id == BACKGROUND && shown == BACKGROUND,
                    "yaw {yaw} ({x}, {y})"
                );
            }
        }
    }

    /// One raster of the largest corpus mesh (an embedded item of 20,326
    /// triangles in a TM2020 map) at 1920×1080 from the fitted camera: for
    /// counting instructions under callgrind (the report of issue 31),
    /// `valgrind --tool=callgrind --toggle-collect='*mesh_raster*render*'
    /// target/debug/deps/trackbench-… --ignored raster_of_the_largest`.
    #[test]
    #[ignore = "a measurement, run by hand under callgrind"]
    fn raster_of_the_largest_corpus_mesh() {
        use std::collections::HashSet;
        use trackbench_core::gbx::access::mesh::export;
        let Some(dir) = trackbench_testkit::corpus_dir_or_warn("mesh raster") else {
            return;
        };
        let path = dir.join("gbx/Niepodlegli (ft mime).Map.Gbx");
        let gbx = trackbench_core::gbx::Gbx::parse(std::fs::read(path).unwrap()).unwrap();
        let entries = export::embedded_meshes(&gbx).unwrap();
        let model = export::embedded_model(&gbx, entries[32].index).unwrap();
        assert_eq!(model.triangle_count(), 20_326);
        let list = super::super::mesh_scene::prepare(&model, &HashSet::new(), &HashSet::new());
        let orbit = super::super::mesh_scene::fit_to(&model, &Orbit::default(), [1920.0, 1080.0]);
        let r = render(&list, &orbit, [1920, 1080], [30, 30, 30]);
        let covered = r.ids.iter().filter(|&&id| id != BACKGROUND).count();
        let culled = list.tris.iter().filter(|t| t.cull).count();
        eprintln!(
            "{covered} pixels covered, {culled} of {} triangles cullable",
            list.tris.len()
        );
        assert!(covered > 100_000, "{covered}");
    }

    fn depth_at(
        list: &DrawList,
        orbit: &Orbit,
        size: [usize; 2],
        tri: u32,
        x: usize,
        y: usize,
    ) -> Option<f32> {
        let one = DrawList {
            tris: vec![*list.tris.get(tri as usize)?],
            shown: 1,
        };
        let (id, inv_z) = nearest_at(&one, orbit, size, x, y);
        (id != BACKGROUND).then_some(inv_z)
    }

    /// The triangle ids the painter's algorithm leaves on top: drawn far to
    /// near by the sum of corner depths, the last drawn wins.
    fn painter_order(list: &DrawList, orbit: &Orbit, size: [usize; 2]) -> Vec<u32> {
        let rect = Rect::from_min_size(Pos2::ZERO, egui::vec2(size[0] as f32, size[1] as f32));
        let proj = Projector::new(orbit, rect);
        let mut order: Vec<(f32, usize)> = list
            .tris
            .iter()
            .enumerate()
            .filter_map(|(i, t)| {
                let z: Option<f32> = t
                    .corners
                    .iter()
                    .map(|c| proj.project(*c).map(|p| p.1))
                    .sum();
                z.map(|z| (z, i))
            })
            .collect();
        order.sort_by(|a, b| b.0.total_cmp(&a.0));
        let mut ids = vec![BACKGROUND; size[0] * size[1]];
        for (_, i) in order {
            let Some(c) = corners(&proj, &list.tris[i].corners) else {
                continue;
            };
            let area = edge(c[0], c[1], c[2].x, c[2].y);
            if area.abs() < 1e-12 {
                continue;
            }
            for y in 0..size[1] {
                for x in 0..size[0] {
                    if cover(&c, area, x as f32 + 0.5, y as f32 + 0.5).is_some() {
                        ids[y * size[0] + x] = i as u32;
                    }
                }
            }
        }
        ids
    }
}
