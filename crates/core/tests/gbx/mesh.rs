//! The geometry model (issue 14) over the corpus: every item, block, mesh,
//! solid and prefab builds a model whose triangle and vertex counts follow
//! the counts the file itself stores (a crystal's position and face lists,
//! a visual's vertex count and index buffer), whose bounds are finite and
//! of a sensible size, and whose glTF and OBJ exports read back (the glTF
//! through the `gltf` reader crate) with the same counts.

use std::collections::HashSet;
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::access::mesh::export::{embedded_meshes, embedded_model, export_files};
use trackbench_core::gbx::access::mesh::gltf::to_glb;
use trackbench_core::gbx::access::mesh::obj::to_obj;
use trackbench_core::gbx::access::mesh::{Model, ObjectKind};
use trackbench_core::gbx::read::mesh_parts::{CrystalMesh, LayerKind, Part};
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus};

/// File-name endings of the corpus files that hold geometry of their own.
const MESH_KINDS: &[&str] = &[
    ".item.gbx",
    ".block.gbx",
    ".solid.gbx",
    ".mesh.gbx",
    ".prefab.gbx",
];

/// (file name, shared parse, model) of every corpus file of [`MESH_KINDS`].
fn mesh_files() -> Vec<(String, &'static Gbx, Model)> {
    gbx_corpus()
        .iter()
        .filter(|f| MESH_KINDS.iter().any(|k| f.ends_with(k)))
        .map(|f| {
            let gbx = f.gbx();
            (f.name.clone(), gbx, Model::from_gbx(gbx))
        })
        .collect()
}

/// The crystal meshes of a file's parts that become objects (geometry and
/// trigger layers), in the order handed out.
fn crystal_meshes(gbx: &Gbx) -> Vec<&CrystalMesh> {
    gbx.mesh_parts
        .iter()
        .filter_map(|(_, p)| match p {
            Part::CrystalLayers(l) => Some(l),
            _ => None,
        })
        .flatten()
        .filter_map(|l| match &l.kind {
            LayerKind::Geometry { mesh, .. } | LayerKind::Trigger(mesh) => Some(mesh),
            _ => None,
        })
        .collect()
}

/// True when the file's only geometry is crystals (no visuals, trees,
/// solids or prefabs), so its objects are its crystal layers in order.
fn crystal_only(gbx: &Gbx) -> bool {
    gbx.mesh_parts.iter().all(|(_, p)| {
        !matches!(
            p,
            Part::Vertices(_) | Part::Tree(_) | Part::Solid2(_) | Part::Prefab(_)
        )
    })
}

#[test]
fn crystal_objects_have_the_triangles_and_positions_of_their_layers() {
    if corpus_dir_or_warn("gbx_mesh").is_none() {
        return;
    }
    let mut checked = 0;
    for (name, gbx, model) in mesh_files() {
        let layers = crystal_meshes(gbx);
        if layers.is_empty() || !crystal_only(gbx) {
            continue;
        }
        assert_eq!(
            model.objects.len(),
            layers.len(),
            "{name}: one object per layer"
        );
        for (o, mesh) in model.objects.iter().zip(&layers) {
            // Each polygon of k corners is a fan of k - 2 triangles.
            let faces: Vec<_> = mesh.faces.iter().filter(|f| f.indices.len() >= 3).collect();
            let triangles: usize = faces.iter().map(|f| f.indices.len() - 2).sum();
            assert_eq!(o.triangle_count(), triangles, "{name} {}", o.name);
            let used: HashSet<u32> = faces
                .iter()
                .flat_map(|f| f.indices.iter().copied())
                .collect();
            let corners: usize = faces.iter().map(|f| f.indices.len()).sum();
            assert!(
                used.len() <= mesh.positions.len(),
                "{name}: indices past positionCount"
            );
            // A vertex per (position, UV) pair: at least one per used
            // position, at most one per polygon corner.
            assert!(
                (used.len()..=corners).contains(&o.positions.len()),
                "{name} {}: {} vertices for {} positions, {corners} corners",
                o.name,
                o.positions.len(),
                used.len()
            );
            assert_eq!(o.normals.len(), o.positions.len(), "{name}");
            assert!(
                o.uvs.is_empty() || o.uvs.len() == o.positions.len(),
                "{name}"
            );
        }
        checked += 1;
    }
    assert!(checked >= 15, "only {checked} crystal files");
}

#[test]
fn visual_objects_have_the_vertex_count_and_index_buffer_of_their_visual() {
    if corpus_dir_or_warn("gbx_mesh").is_none() {
        return;
    }
    let mut checked = 0;
    for (name, gbx, model) in mesh_files() {
        let mut vertex_counts = HashSet::new();
        let mut index_counts = HashSet::new();
        for (_, p) in gbx.mesh_parts.iter() {
            match p {
                Part::VisualInfo(i) => {
                    vertex_counts.insert(i.vertex_count as usize);
                }
                Part::Indices(i) => {
                    index_counts.insert(i.len());
                }
                _ => {}
            }
        }
        let visuals: Vec<_> = model
            .objects
            .iter()
            .filter(|o| !o.name.starts_with("Layer") && o.kind == Some(ObjectKind::Visible))
            .filter(|o| o.name.contains('#') && !o.name.contains('('))
            .collect();
        for o in &visuals {
            assert!(
                vertex_counts.contains(&o.positions.len()),
                "{name} {}: {} vertices, the visuals say {vertex_counts:?}",
                o.name,
                o.positions.len()
            );
            assert!(
                index_counts.contains(&(o.triangle_count() * 3)),
                "{name} {}: {} triangles, the index buffers hold {index_counts:?}",
                o.name,
                o.triangle_count()
            );
        }
        if !visuals.is_empty() {
            checked += 1;
        }
    }
    // The solids of TM10, TMSX, TMT, MP4 and Ground.Solid.Gbx, the MP4
    // Solid2Model mesh and the prefab's static objects.
    assert!(checked >= 6, "only {checked} files with visuals");
}

#[test]
fn models_have_finite_bounds_of_a_sensible_size() {
    if corpus_dir_or_warn("gbx_mesh").is_none() {
        return;
    }
    let mut empty = Vec::new();
    for (name, _, model) in mesh_files() {
        let Some(b) = model.bounds() else {
            empty.push(name);
            continue;
        };
        assert!(
            b.min.iter().chain(&b.max).all(|v| v.is_finite()),
            "{name}: {b:?}"
        );
        // From a 1 cm part to a 2 km scenery piece.
        let d = b.diagonal();
        assert!((0.01..2000.0).contains(&d), "{name}: diagonal {d} m");
        for o in &model.objects {
            for n in &o.normals {
                let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
                assert!((len - 1.0).abs() < 1e-3, "{name} {}: normal {n:?}", o.name);
            }
        }
    }
    // Void.Block.Gbx is a block without a mesh.
    assert_eq!(empty, ["Void.Block.Gbx"]);
}

#[test]
fn an_item_stands_on_the_ground_at_its_grid_size() {
    if corpus_dir_or_warn("gbx_mesh").is_none() {
        return;
    }
    let (_, _, model) = mesh_files()
        .into_iter()
        .find(|(n, _, _)| n == "WallRideCurve4.Item.Gbx")
        .unwrap();
    let b = model.bounds().unwrap();
    // A TM2020 item is one or more 32 m blocks wide, 8 m floors high.
    let size = [0, 1, 2].map(|i| b.max[i] - b.min[i]);
    assert!(size.iter().all(|s| *s > 1.0 && *s < 200.0), "{size:?}");
    assert!(!model.materials.is_empty());
}

#[test]
fn glb_exports_read_back_through_the_gltf_crate_with_the_same_counts() {
    if corpus_dir_or_warn("gbx_mesh").is_none() {
        return;
    }
    let mut checked = 0;
    for (name, _, model) in mesh_files() {
        if model.is_empty() {
            continue;
        }
        let glb = to_glb(&model).unwrap();
        let g = gltf::Gltf::from_slice(&glb).unwrap_or_else(|e| panic!("{name}: {e}"));
        let blob = g.blob.clone().expect("a BIN chunk");
        let drawn: Vec<_> = model
            .objects
            .iter()
            .filter(|o| o.triangle_count() > 0)
            .collect();
        assert_eq!(g.meshes().len(), drawn.len(), "{name}");
        assert_eq!(g.materials().len(), model.materials.len(), "{name}");
        let (mut vertices, mut triangles) = (0, 0);
        for (mesh, o) in g.meshes().zip(&drawn) {
            let mut first = true;
            for prim in mesh.primitives() {
                let r = prim.reader(|_| Some(&blob));
                let positions: Vec<[f32; 3]> = r.read_positions().unwrap().collect();
                assert_eq!(positions, o.positions, "{name}");
                assert_eq!(r.read_normals().unwrap().count(), o.positions.len());
                if first {
                    vertices += positions.len();
                    first = false;
                }
                let idx: Vec<u32> = r.read_indices().unwrap().into_u32().collect();
                assert!(idx.iter().all(|&i| (i as usize) < positions.len()));
                triangles += idx.len() / 3;
            }
        }
        assert_eq!(
            vertices,
            model.vertex_count() - skipped_vertices(&model),
            "{name}"
        );
        assert_eq!(triangles, model.triangle_count(), "{name}");
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} exports");
}

/// Vertices of objects without triangles (not exported).
fn skipped_vertices(model: &Model) -> usize {
    model
        .objects
        .iter()
        .filter(|o| o.triangle_count() == 0)
        .map(|o| o.positions.len())
        .sum()
}

#[test]
fn obj_exports_hold_every_vertex_and_triangle_and_name_their_library() {
    if corpus_dir_or_warn("gbx_mesh").is_none() {
        return;
    }
    for (name, _, model) in mesh_files() {
        if model.is_empty() {
            continue;
        }
        let files = to_obj(&model, "out.mtl");
        let count = |p: &str| files.obj.lines().filter(|l| l.starts_with(p)).count();
        assert_eq!(
            count("v "),
            model.vertex_count() - skipped_vertices(&model),
            "{name}"
        );
        assert_eq!(count("vn "), count("v "), "{name}");
        assert_eq!(count("f "), model.triangle_count(), "{name}");
        assert!(files.obj.contains("mtllib out.mtl\n"));
        for m in &model.materials {
            let short: String = m.name.split_whitespace().collect::<Vec<_>>().join("_");
            assert!(files.mtl.contains(&format!("newmtl {short}\n")), "{name}");
        }
    }
}

#[test]
fn export_files_name_a_glb_or_an_obj_with_its_mtl() {
    let empty = Model::default();
    assert!(export_files(&empty, "a.glb".as_ref()).is_err());
    if corpus_dir_or_warn("gbx_mesh").is_none() {
        return;
    }
    let (_, _, model) = mesh_files()
        .into_iter()
        .find(|(n, _, _)| n == "Base.Item.Gbx")
        .unwrap();
    let glb = export_files(&model, "x/out.GLB".as_ref()).unwrap();
    assert_eq!(glb.len(), 1);
    let obj = export_files(&model, "x/out.obj".as_ref()).unwrap();
    let paths: Vec<_> = obj
        .iter()
        .map(|(p, _)| p.to_string_lossy().into_owned())
        .collect();
    assert_eq!(paths, ["x/out.obj", "x/out.mtl"]);
    assert!(export_files(&model, "x/out.fbx".as_ref()).is_err());
}

#[test]
fn embedded_items_of_maps_build_models() {
    if corpus_dir_or_warn("gbx_mesh").is_none() {
        return;
    }
    let mut models = 0;
    for file in gbx_corpus() {
        let name = file.name.clone();
        let gbx = file.gbx();
        let list = embedded_meshes(gbx).unwrap_or_else(|e| panic!("{name}: {e}"));
        for e in list {
            let m = embedded_model(gbx, e.index)
                .unwrap_or_else(|err| panic!("{name} {}: {err}", e.path));
            if !m.is_empty() {
                models += 1;
            }
        }
    }
    assert!(models >= 3, "only {models} embedded models");
}
