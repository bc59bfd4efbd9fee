//! Model assembly from hand-made parts.

use super::short_material_name;
use crate::gbx::read::mesh_parts::{CrystalFace, CrystalMesh, Placement};

#[test]
fn material_names_lose_their_folders_and_kind_suffixes() {
    assert_eq!(
        short_material_name("Stadium\\Media\\Material\\PlatformTech"),
        "PlatformTech"
    );
    assert_eq!(short_material_name("Road.Shader.Gbx"), "Road");
    assert_eq!(short_material_name("Structure.Material.Gbx"), "Structure");
    assert_eq!(short_material_name("Grass"), "Grass");
}

#[test]
fn placements_compose_rotation_then_translation() {
    // A quarter turn about Y maps +X to -Z.
    let s = std::f32::consts::FRAC_1_SQRT_2;
    let turn = Placement::from_quat([0.0, s, 0.0, s], [1.0, 2.0, 3.0]);
    let p = turn.apply([1.0, 0.0, 0.0]);
    for (a, b) in p.iter().zip([1.0, 2.0, 2.0]) {
        assert!((a - b).abs() < 1e-5, "{p:?}");
    }
    let twice = turn.then(&turn);
    let q = twice.apply([1.0, 0.0, 0.0]);
    // Two quarter turns: +X to -X, translations added after turning.
    for (a, b) in q.iter().zip([-1.0 + 1.0 + 3.0, 4.0, 3.0 - 1.0]) {
        assert!((a - b).abs() < 1e-4, "{q:?}");
    }
}

#[test]
fn a_crystal_quad_becomes_two_triangles_with_shared_corners() {
    let mesh = CrystalMesh {
        version: 37,
        positions: vec![
            [0.0, 0.0, 0.0],
            [1.0, 0.0, 0.0],
            [1.0, 0.0, 1.0],
            [0.0, 0.0, 1.0],
        ],
        faces: vec![CrystalFace {
            indices: vec![0, 1, 2, 3],
            uvs: vec![[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]],
            material: Some(0),
            group: 0,
        }],
        groups: vec!["part".into()],
    };
    let o = super::build::crystal_object_for_test(&mesh);
    assert_eq!(o.positions.len(), 4);
    assert_eq!(o.triangle_count(), 2);
    assert_eq!(o.uvs.len(), 4);
    // The quad faces down (-Y) with this winding.
    assert!(
        o.normals.iter().all(|n| (n[1] + 1.0).abs() < 1e-6),
        "{:?}",
        o.normals
    );
}
