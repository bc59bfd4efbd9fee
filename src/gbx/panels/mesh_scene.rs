//! The 3D preview's drawing, without a GPU pipeline: the model's shown
//! triangles are flattened once ([`prepare`], decimated to a budget), then
//! every frame projected through the orbit camera with a perspective
//! divide, sorted far to near (painter's algorithm) and flat-shaded by
//! face normal into one `egui::Mesh` ([`shaded_mesh`]), or drawn as edges
//! ([`wire_mesh`]). Pure functions of the model, camera and viewport,
//! tested without a UI.

use super::mesh_closed::outward_winding;
use crate::gbx::view::{DrawList, DrawTri, Orbit};
use egui::epaint::{Color32, Mesh, Pos2, Rect, Vertex, WHITE_UV};
use std::collections::HashSet;
use trackbench_core::gbx::access::mesh::gltf::colour_of;
use trackbench_core::gbx::access::mesh::{Bounds, Model, ObjectKind};

/// Vertical field of view (radians).
pub const FOV_Y: f32 = 0.8;
/// Most triangles drawn per frame; a larger model draws every n-th
/// triangle (the export keeps them all).
pub const DRAW_BUDGET: usize = 60_000;
/// Pitch limit (radians), short of straight up or down.
const PITCH_LIMIT: f32 = 1.55;

/// The camera that shows `bounds` whole, looking from the front-right and
/// above; the default camera without bounds.
#[must_use]
pub fn fit(bounds: Option<Bounds>, orbit: &Orbit) -> Orbit {
    let Some(b) = bounds else {
        return Orbit::default();
    };
    let radius = (b.diagonal() * 0.5).max(0.01);
    Orbit {
        target: b.center(),
        distance: radius / (FOV_Y * 0.5).sin() * 1.05,
        ..*orbit
    }
}

/// Share of the viewport's half-width (half-height) the fitted model's
/// bounding box reaches on its fuller axis.
const FIT_FILL: f32 = 0.9;

/// Most vertices [`fit_to`] looks at (every n-th beyond it).
const FIT_POINTS: usize = 50_000;

/// The camera of [`fit`] moved in so that the model's vertices, seen from
/// `orbit`'s direction, reach `FIT_FILL` of a viewport `size_pt` (width,
/// height in points) on the fuller axis: the model fills the view instead
/// of the sphere around its box (which left about a third of it used).
#[must_use]
pub fn fit_to(model: &Model, orbit: &Orbit, size_pt: [f32; 2]) -> Orbit {
    let bounds = model.bounds();
    let base = fit(bounds, orbit);
    let (Some(b), [w, h]) = (bounds, size_pt) else {
        return base;
    };
    if !(w >= 1.0 && h >= 1.0) {
        return base;
    }
    // The view's directions do not depend on the distance.
    let proj = Projector::new(&base, Rect::from_min_size(Pos2::ZERO, egui::vec2(w, h)));
    let half = [w * 0.5 * FIT_FILL, h * 0.5 * FIT_FILL];
    let centre = b.center();
    let count: usize = model.objects.iter().map(|o| o.positions.len()).sum();
    let step = count.div_ceil(FIT_POINTS).max(1);
    let mut distance = 0.0_f32;
    let mut behind = f32::NEG_INFINITY;
    let points = model.objects.iter().flat_map(|o| &o.positions);
    for p in points.step_by(step) {
        let v = sub(*p, centre);
        let z = dot(v, proj.forward);
        // A point at lateral offset x and depth d + z projects to
        // x * focal / (d + z): inside `half` when d >= x * focal / half - z.
        for (x, half) in [(dot(v, proj.right), half[0]), (dot(v, proj.up), half[1])] {
            distance = distance.max(x.abs() * proj.focal_px / half - z);
        }
        behind = behind.max(-z);
    }
    let radius = (b.diagonal() * 0.5).max(0.01);
    Orbit {
        distance: distance.max(behind + radius * 0.05).max(0.01),
        ..base
    }
}

/// Objects hidden when a model is first shown: collision-only and trigger
/// layers (they overlap the visible geometry).
#[must_use]
pub fn hidden_at_first(model: &Model) -> HashSet<usize> {
    model
        .objects
        .iter()
        .enumerate()
        .filter(|(_, o)| o.kind != Some(ObjectKind::Visible) && o.kind.is_some())
        .map(|(i, _)| i)
        .collect()
}

/// The shown triangles of `model` (objects and materials not hidden), at
/// most [`DRAW_BUDGET`] of them (every n-th beyond it).
#[must_use]
pub fn prepare(
    model: &Model,
    hidden_objects: &HashSet<usize>,
    hidden_materials: &HashSet<Option<usize>>,
) -> DrawList {
    let shown_subs = || {
        model
            .objects
            .iter()
            .enumerate()
            .filter(|(i, _)| !hidden_objects.contains(i))
            .flat_map(|(_, o)| o.submeshes.iter().map(move |s| (o, s)))
            .filter(|(_, s)| !hidden_materials.contains(&s.material))
    };
    let shown: usize = shown_subs().map(|(_, s)| s.triangles.len()).sum();
    let step = shown.div_ceil(DRAW_BUDGET).max(1);
    let mut tris = Vec::with_capacity(shown / step + 1);
    let mut k = 0usize;
    let outward: Vec<Option<bool>> = model.objects.iter().map(outward_winding).collect();
    for (object, (o, s)) in model
        .objects
        .iter()
        .enumerate()
        .filter(|(i, _)| !hidden_objects.contains(i))
        .flat_map(|(i, o)| o.submeshes.iter().map(move |s| (i, (o, s))))
        .filter(|(_, (_, s))| !hidden_materials.contains(&s.material))
    {
        let rgb = match (o.kind, s.material.and_then(|m| model.materials.get(m))) {
            (Some(ObjectKind::Trigger), _) => [230, 150, 60],
            (Some(ObjectKind::CollisionOnly), _) => [120, 150, 200],
            (_, Some(m)) => colour_of(&m.name).map(|c| (c * 255.0) as u8)[..3]
                .try_into()
                .unwrap_or([200; 3]),
            (_, None) => [200, 200, 200],
        };
        for t in &s.triangles {
            k += 1;
            if !k.is_multiple_of(step) {
                continue;
            }
            let Some(corners) = t
                .iter()
                .map(|&i| o.positions.get(i as usize).copied())
                .collect::<Option<Vec<_>>>()
            else {
                continue;
            };
            let corners = [corners[0], corners[1], corners[2]];
            let winding = outward.get(object).copied().flatten();
            let normal = face_normal(&corners);
            tris.push(DrawTri {
                corners,
                normal: if winding == Some(false) {
                    normal.map(|x| -x)
                } else {
                    normal
                },
                rgb,
                object,
                material: s.material,
                cull: winding.is_some(),
            });
        }
    }
    DrawList { tris, shown }
}

fn sub(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn dot(a: [f32; 3], b: [f32; 3]) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn cross(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn unit(v: [f32; 3]) -> [f32; 3] {
    let len = dot(v, v).sqrt();
    if len > 1e-20 && len.is_finite() {
        v.map(|x| x / len)
    } else {
        [0.0, 1.0, 0.0]
    }
}

fn face_normal(c: &[[f32; 3]; 3]) -> [f32; 3] {
    unit(cross(sub(c[1], c[0]), sub(c[2], c[0])))
}

/// The camera's frame for one viewport: eye, axes and focal length.
#[derive(Debug, Clone, Copy)]
pub struct Projector {
    eye: [f32; 3],
    right: [f32; 3],
    up: [f32; 3],
    forward: [f32; 3],
    focal_px: f32,
    center: Pos2,
    near: f32,
}

impl Projector {
    /// The projection of `orbit` into `rect` (pixels).
    #[must_use]
    pub fn new(orbit: &Orbit, rect: Rect) -> Self {
        let (sy, cy) = orbit.pitch.sin_cos();
        let (sx, cx) = orbit.yaw.sin_cos();
        let back = [cy * sx, sy, cy * cx];
        let t = orbit.target;
        let d = orbit.distance;
        let eye = [t[0] + back[0] * d, t[1] + back[1] * d, t[2] + back[2] * d];
        let forward = back.map(|x| -x);
        let right = unit(cross(forward, [0.0, 1.0, 0.0]));
        let up = cross(right, forward);
        Self {
            eye,
            right,
            up,
            forward,
            focal_px: rect.height().min(rect.width()) * 0.5 / (FOV_Y * 0.5).tan(),
            center: rect.center(),
            near: d * 1e-3,
        }
    }

    /// Screen position and depth (metres in front of the eye) of `p`, or
    /// `None` behind the near plane.
    #[must_use]
    pub fn project(&self, p: [f32; 3]) -> Option<(Pos2, f32)> {
        let v = sub(p, self.eye);
        let z = dot(v, self.forward);
        if z <= self.near || !z.is_finite() {
            return None;
        }
        let s = self.focal_px / z;
        let pos = Pos2::new(
            self.center.x + dot(v, self.right) * s,
            self.center.y - dot(v, self.up) * s,
        );
        Some((pos, z))
    }

    /// Brightness of a face (0.3–1.0): a light from over the viewer's
    /// shoulder, lighting both sides (files mix windings).
    #[must_use]
    pub fn shade(&self, normal: [f32; 3]) -> f32 {
        let light = unit([
            -self.forward[0] + 0.4 * self.up[0] + 0.3 * self.right[0],
            -self.forward[1] + 0.4 * self.up[1] + 0.3 * self.right[1],
            -self.forward[2] + 0.4 * self.up[2] + 0.3 * self.right[2],
        ]);
        0.3 + 0.7 * dot(normal, light).abs()
    }

    /// True when a face with outward `normal` through `corner` turns its
    /// back to the eye (culled when its object is closed).
    #[must_use]
    pub fn faces_away(&self, corner: [f32; 3], normal: [f32; 3]) -> bool {
        dot(normal, sub(corner, self.eye)) >= 0.0
    }

    /// The world-space shift for a screen drag of `dx`, `dy` pixels at the
    /// target's distance `distance` (for panning).
    #[must_use]
    pub fn pan(&self, dx: f32, dy: f32, distance: f32) -> [f32; 3] {
        let m = distance / self.focal_px;
        [0, 1, 2].map(|i| (-dx * self.right[i] + dy * self.up[i]) * m)
    }
}

/// Turns the orbit by a drag of `dx`, `dy` pixels.
pub fn orbit_drag(orbit: &mut Orbit, dx: f32, dy: f32) {
    orbit.yaw -= dx * 0.01;
    orbit.pitch = (orbit.pitch + dy * 0.01).clamp(-PITCH_LIMIT, PITCH_LIMIT);
}

/// Zooms by a scroll of `dy` points (positive: closer).
pub fn zoom(orbit: &mut Orbit, dy: f32) {
    orbit.distance = (orbit.distance * (-dy * 0.002).exp()).clamp(1e-3, 1e6);
}

/// The shown triangles projected, sorted far to near and flat-shaded.
#[must_use]
pub fn shaded_mesh(list: &DrawList, proj: &Projector) -> Mesh {
    let mut order: Vec<(f32, usize, [Pos2; 3])> = Vec::with_capacity(list.tris.len());
    for (i, t) in list.tris.iter().enumerate() {
        let (Some(a), Some(b), Some(c)) = (
            proj.project(t.corners[0]),
            proj.project(t.corners[1]),
            proj.project(t.corners[2]),
        ) else {
            continue;
        };
        order.push((a.1 + b.1 + c.1, i, [a.0, b.0, c.0]));
    }
    order.sort_unstable_by(|x, y| y.0.total_cmp(&x.0));
    let mut mesh = Mesh::default();
    mesh.reserve_triangles(order.len());
    mesh.reserve_vertices(order.len() * 3);
    for (_, i, pts) in order {
        let t = &list.tris[i];
        let s = proj.shade(t.normal);
        let color = Color32::from_rgb(
            (f32::from(t.rgb[0]) * s) as u8,
            (f32::from(t.rgb[1]) * s) as u8,
            (f32::from(t.rgb[2]) * s) as u8,
        );
        let base = mesh.vertices.len() as u32;
        for pos in pts {
            mesh.vertices.push(Vertex {
                pos,
                uv: WHITE_UV,
                color,
            });
        }
        mesh.indices.extend([base, base + 1, base + 2]);
    }
    mesh
}

/// The shown triangles' edges as thin quads (`width_px` wide).
#[must_use]
pub fn wire_mesh(list: &DrawList, proj: &Projector, color: Color32, width_px: f32) -> Mesh {
    let mut mesh = Mesh::default();
    for t in &list.tris {
        let pts: Vec<Pos2> = t
            .corners
            .iter()
            .filter_map(|&c| proj.project(c).map(|p| p.0))
            .collect();
        if pts.len() < 3 {
            continue;
        }
        for k in 0..3 {
            line(&mut mesh, pts[k], pts[(k + 1) % 3], color, width_px);
        }
    }
    mesh
}

/// Appends a segment as a quad.
fn line(mesh: &mut Mesh, a: Pos2, b: Pos2, color: Color32, width: f32) {
    let d = b - a;
    let len = d.length();
    if len < 1e-3 {
        return;
    }
    let n = egui::vec2(-d.y, d.x) / len * (width * 0.5);
    let base = mesh.vertices.len() as u32;
    for pos in [a + n, a - n, b - n, b + n] {
        mesh.vertices.push(Vertex {
            pos,
            uv: WHITE_UV,
            color,
        });
    }
    mesh.indices
        .extend([base, base + 1, base + 2, base, base + 2, base + 3]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use trackbench_core::gbx::access::mesh::{Object, Submesh};

    fn quad_model() -> Model {
        Model {
            objects: vec![Object {
                name: "q".into(),
                kind: Some(ObjectKind::Visible),
                positions: vec![
                    [0.0, 0.0, 0.0],
                    [2.0, 0.0, 0.0],
                    [2.0, 0.0, 2.0],
                    [0.0, 0.0, 2.0],
                ],
                submeshes: vec![Submesh {
                    material: None,
                    triangles: vec![[0, 1, 2], [0, 2, 3]],
                }],
                ..Default::default()
            }],
            ..Default::default()
        }
    }

    #[test]
    fn the_fitted_camera_sees_every_corner_inside_the_viewport() {
        let model = quad_model();
        let orbit = fit(model.bounds(), &Orbit::default());
        assert_eq!(orbit.target, [1.0, 0.0, 1.0]);
        let rect = Rect::from_min_size(Pos2::ZERO, egui::vec2(400.0, 300.0));
        let proj = Projector::new(&orbit, rect);
        for p in &model.objects[0].positions {
            let (pos, depth) = proj.project(*p).unwrap();
            assert!(rect.contains(pos), "{p:?} at {pos:?}");
            assert!(depth > 0.0);
        }
        // The target projects to the centre.
        let (c, _) = proj.project(orbit.target).unwrap();
        assert!((c - rect.center()).length() < 1e-3);
    }

    /// Fitted to the viewport, the model's farthest vertex from the
    /// centre reaches 90 % of the half-size on its axis (the sphere fit
    /// stays well short of it), every corner inside.
    #[test]
    fn the_fit_to_a_viewport_fills_it() {
        let model = quad_model();
        for size in [[400.0, 300.0], [1600.0, 500.0], [300.0, 900.0]] {
            let rect = Rect::from_min_size(Pos2::ZERO, egui::vec2(size[0], size[1]));
            let reach = |orbit: &Orbit| {
                let proj = Projector::new(orbit, rect);
                let mut reach = 0.0_f32;
                for p in &model.objects[0].positions {
                    let (pos, _) = proj.project(*p).unwrap();
                    assert!(rect.expand(0.5).contains(pos), "{pos:?} in {rect:?}");
                    let d = pos - rect.center();
                    reach = reach.max(d.x.abs() / (size[0] * 0.5));
                    reach = reach.max(d.y.abs() / (size[1] * 0.5));
                }
                reach
            };
            let fitted = reach(&fit_to(&model, &Orbit::default(), size));
            let sphere = reach(&fit(model.bounds(), &Orbit::default()));
            assert!((fitted - 0.9).abs() < 0.01, "{size:?}: {fitted}");
            // (A tall viewport: the sphere already reaches its width.)
            if size[0] >= size[1] {
                assert!(fitted > sphere * 1.2, "{size:?}: {fitted} vs {sphere}");
            }
        }
    }

    #[test]
    fn looking_from_plus_z_puts_plus_x_right_and_plus_y_up() {
        let orbit = Orbit {
            target: [0.0; 3],
            yaw: 0.0,
            pitch: 0.0,
            distance: 10.0,
        };
        let rect = Rect::from_min_size(Pos2::ZERO, egui::vec2(200.0, 200.0));
        let proj = Projector::new(&orbit, rect);
        let (x, _) = proj.project([1.0, 0.0, 0.0]).unwrap();
        let (y, _) = proj.project([0.0, 1.0, 0.0]).unwrap();
        assert!(x.x > 100.0 && (x.y - 100.0).abs() < 1e-3);
        assert!(y.y < 100.0 && (y.x - 100.0).abs() < 1e-3);
        // Behind the eye: not drawn.
        assert!(proj.project([0.0, 0.0, 20.0]).is_none());
    }

    #[test]
    fn hidden_materials_and_objects_are_left_out_and_big_models_decimated() {
        let model = quad_model();
        let all = prepare(&model, &HashSet::new(), &HashSet::new());
        assert_eq!((all.tris.len(), all.shown), (2, 2));
        assert!((all.tris[0].normal[1].abs() - 1.0).abs() < 1e-6);
        let none = prepare(&model, &HashSet::from([0]), &HashSet::new());
        assert!(none.tris.is_empty());
        let none = prepare(&model, &HashSet::new(), &HashSet::from([None]));
        assert!(none.tris.is_empty());
        let mut big = quad_model();
        big.objects[0].submeshes[0].triangles = vec![[0, 1, 2]; DRAW_BUDGET * 2 + 1];
        let list = prepare(&big, &HashSet::new(), &HashSet::new());
        assert_eq!(list.shown, DRAW_BUDGET * 2 + 1);
        assert!(list.tris.len() <= DRAW_BUDGET, "{}", list.tris.len());
    }

    #[test]
    fn the_shaded_mesh_draws_far_triangles_first() {
        let model = quad_model();
        let list = prepare(&model, &HashSet::new(), &HashSet::new());
        let orbit = fit(model.bounds(), &Orbit::default());
        let rect = Rect::from_min_size(Pos2::ZERO, egui::vec2(400.0, 300.0));
        let proj = Projector::new(&orbit, rect);
        let mesh = shaded_mesh(&list, &proj);
        assert_eq!(mesh.indices.len(), 6);
        assert_eq!(mesh.vertices.len(), 6);
        let wire = wire_mesh(&list, &proj, Color32::WHITE, 1.0);
        assert_eq!(wire.indices.len(), 2 * 3 * 6);
    }

    /// One frame of the largest corpus mesh (an embedded item of 20,326
    /// triangles): for counting instructions under callgrind
    /// (BENCHMARKS.md), `cargo test --release --lib -- --ignored frame_of`.
    #[test]
    #[ignore = "a measurement, run by hand under callgrind"]
    fn frame_of_the_largest_corpus_mesh() {
        let Some(dir) = trackbench_testkit::corpus_dir_or_warn("mesh frame") else {
            return;
        };
        let path = dir.join("gbx/Niepodlegli (ft mime).Map.Gbx");
        let gbx = trackbench_core::gbx::Gbx::parse(std::fs::read(path).unwrap()).unwrap();
        let list = trackbench_core::gbx::access::mesh::export::embedded_meshes(&gbx).unwrap();
        let e = &list[32];
        let model =
            trackbench_core::gbx::access::mesh::export::embedded_model(&gbx, e.index).unwrap();
        assert_eq!(model.triangle_count(), 20_326, "{}", e.path);
        let list = prepare(&model, &HashSet::new(), &HashSet::new());
        let orbit = fit(model.bounds(), &Orbit::default());
        let rect = Rect::from_min_size(Pos2::ZERO, egui::vec2(800.0, 600.0));
        let mesh = shaded_mesh(&list, &Projector::new(&orbit, rect));
        assert!(mesh.indices.len() > 30_000);
    }

    #[test]
    fn zoom_and_orbit_stay_in_range() {
        let mut o = Orbit::default();
        zoom(&mut o, 100.0);
        assert!(o.distance < 10.0);
        orbit_drag(&mut o, 0.0, 1e6);
        assert!(o.pitch <= PITCH_LIMIT);
    }
}
