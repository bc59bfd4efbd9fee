//! Which objects of a model may be drawn from the front only (issue 31's
//! backface culling). The materials carry no culling flag the core reads:
//! GBX.NET keeps it in `CPlugShader.IsDoubleSided` (bit 10 of
//! `RequirementFlags`, `Src/GBX.NET/Engines/Plug/CPlugShader.cs`), but the
//! items and maps here name their materials by path (the shader is in the
//! game's files, not in the file shown). So only closed objects are
//! culled: an object whose triangles, joined by vertex position, form a
//! closed surface with a consistent winding. Its inside is never seen, so
//! a face turned away from the eye is hidden anyway; culling it only stops
//! thin walls' back faces from showing through at close depths. Open
//! objects (road tops, borders, decals) keep both sides. Pure, tested
//! without a UI.

use std::collections::HashMap;
use trackbench_core::gbx::access::mesh::Object;

/// Most triangles of an object checked for closure; a larger object is
/// drawn from both sides (the check would cost more than it saves).
const MAX_TRIANGLES: usize = 500_000;

/// Whether `o` is closed and which way its stored winding faces:
/// `Some(true)` outward (the face normal of corners a, b, c by
/// (b − a) × (c − a) points out of the volume), `Some(false)` inward,
/// `None` when the surface is open, wound inconsistently, has an edge
/// shared by more than two faces, or encloses no volume.
#[must_use]
pub fn outward_winding(o: &Object) -> Option<bool> {
    if o.triangle_count() == 0 || o.triangle_count() > MAX_TRIANGLES {
        return None;
    }
    // Vertices joined by exact position: seams of UVs or normals split
    // vertices that are one point of the surface.
    let mut ids: HashMap<[u32; 3], u32> = HashMap::new();
    let mut id_of = |p: [f32; 3]| {
        let next = ids.len() as u32;
        *ids.entry(p.map(|x| (x + 0.0).to_bits())).or_insert(next)
    };
    let mut edges: HashMap<(u32, u32), ()> = HashMap::new();
    let mut six_volume = 0.0_f64;
    for t in o.submeshes.iter().flat_map(|s| &s.triangles) {
        let p = t.map(|i| o.positions.get(i as usize).copied());
        let [Some(a), Some(b), Some(c)] = p else {
            return None;
        };
        let [ia, ib, ic] = [id_of(a), id_of(b), id_of(c)];
        if ia == ib || ib == ic || ic == ia {
            continue;
        }
        for e in [(ia, ib), (ib, ic), (ic, ia)] {
            // The same directed edge twice: inconsistent winding or more
            // than two faces on one edge.
            if edges.insert(e, ()).is_some() {
                return None;
            }
        }
        six_volume += triple(a, b, c);
    }
    let closed = edges.keys().all(|&(x, y)| edges.contains_key(&(y, x)));
    (closed && six_volume.abs() > 1e-9).then_some(six_volume > 0.0)
}

/// a · (b × c), in f64.
fn triple(a: [f32; 3], b: [f32; 3], c: [f32; 3]) -> f64 {
    let [a, b, c] = [a, b, c].map(|v| v.map(f64::from));
    a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
        + a[2] * (b[0] * c[1] - b[1] * c[0])
}

#[cfg(test)]
mod tests {
    use super::*;
    use trackbench_core::gbx::access::mesh::Submesh;

    /// A unit cube, 12 triangles wound outward, with each face's corners
    /// stored separately (as files do at normal seams).
    pub(crate) fn cube() -> Object {
        let faces: [[[f32; 3]; 4]; 6] = [
            [[0., 0., 1.], [1., 0., 1.], [1., 1., 1.], [0., 1., 1.]],
            [[1., 0., 0.], [0., 0., 0.], [0., 1., 0.], [1., 1., 0.]],
            [[1., 0., 1.], [1., 0., 0.], [1., 1., 0.], [1., 1., 1.]],
            [[0., 0., 0.], [0., 0., 1.], [0., 1., 1.], [0., 1., 0.]],
            [[0., 1., 1.], [1., 1., 1.], [1., 1., 0.], [0., 1., 0.]],
            [[0., 0., 0.], [1., 0., 0.], [1., 0., 1.], [0., 0., 1.]],
        ];
        let positions: Vec<[f32; 3]> = faces.iter().flatten().copied().collect();
        let triangles = (0..6u32)
            .flat_map(|f| [[4 * f, 4 * f + 1, 4 * f + 2], [4 * f, 4 * f + 2, 4 * f + 3]])
            .collect();
        Object {
            positions,
            submeshes: vec![Submesh {
                material: None,
                triangles,
            }],
            ..Default::default()
        }
    }

    #[test]
    fn a_cube_is_closed_and_its_winding_found_either_way() {
        let mut o = cube();
        assert_eq!(outward_winding(&o), Some(true));
        for t in &mut o.submeshes[0].triangles {
            t.swap(1, 2);
        }
        assert_eq!(outward_winding(&o), Some(false));
    }

    #[test]
    fn an_open_or_inconsistent_surface_keeps_both_sides() {
        let mut open = cube();
        open.submeshes[0].triangles.truncate(10);
        assert_eq!(outward_winding(&open), None);
        let mut mixed = cube();
        mixed.submeshes[0].triangles[3].swap(1, 2);
        assert_eq!(outward_winding(&mixed), None);
        let mut bad = cube();
        bad.submeshes[0].triangles[0] = [0, 1, 999];
        assert_eq!(outward_winding(&bad), None);
        assert_eq!(outward_winding(&Object::default()), None);
    }
}

#[cfg(test)]
mod corpus {
    use super::*;
    use trackbench_core::gbx::access::mesh::Model;

    fn windings(name: &str) -> Option<Vec<(usize, Option<bool>)>> {
        let dir = trackbench_testkit::corpus_dir_or_warn("mesh closed")?;
        let bytes = std::fs::read(dir.join("gbx").join(name)).unwrap();
        let m = Model::from_gbx(&trackbench_core::gbx::Gbx::parse(bytes).unwrap());
        let w = m
            .objects
            .iter()
            .map(|o| (o.triangle_count(), outward_winding(o)));
        Some(w.collect())
    }

    /// Corpus facts: a NationsConverter 2 circuit border (TM2020) and the
    /// TM2020 item of GBX.NET's tests are closed and wound outward; the
    /// GT-curve border (road top and walls, open) and a map-editor solid
    /// keep both sides; of the rotor's seven objects only one is closed.
    #[test]
    fn closed_objects_of_corpus_items() {
        let Some(w) = windings("nc-Air_0_0.Item.Gbx") else {
            return;
        };
        assert_eq!(w, [(108, Some(true))]);
        let w = windings("GBX-NET 2 CGameItemModel TM2020 002.Item.Gbx").unwrap();
        assert_eq!(w, [(12, Some(true))]);
        let w = windings("nc-9ef483e-Air_0_0.Item.Gbx").unwrap();
        assert_eq!(w, [(1854, None)]);
        let w = windings("GBX-NET 2 CPlugSolid2Model MP4 001.Mesh.Gbx").unwrap();
        assert_eq!(w, [(3252, None)]);
        let w = windings("MainRotor.Item.Gbx").unwrap();
        let closed: Vec<_> = w.iter().filter(|(_, c)| c.is_some()).collect();
        assert_eq!(closed, [&(404, Some(true))], "{w:?}");
    }
}
