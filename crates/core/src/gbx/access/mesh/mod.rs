//! The geometry model of items, blocks, meshes and solids (issue 14):
//! triangle meshes in metres with normals, UVs and material names, grouped
//! by what they came from (a crystal layer, a solid's tree, a prefab's
//! model), plus the item's pivots and grid snap.
//!
//! [`Model::from_gbx`] assembles the model from the typed parts the mesh
//! decoders handed out while the file was read
//! ([`read::mesh_parts`](crate::gbx::read::mesh_parts), the reader's
//! vocabulary, kept on [`Gbx::mesh_parts`](crate::gbx::Gbx::mesh_parts));
//! it never walks the decoded field tree. [`gltf`] and [`obj`] write it out.
//!
//! Coordinates are the game's, unchanged: metres, Y up (GBX.NET's OBJ
//! exporter writes them as stored too). glTF 2.0 is Y-up in metres as
//! well, so a `.glb` opens upright in Blender (its importer turns Y-up into
//! Blender's Z-up); an OBJ is imported with Blender's default "Y forward,
//! Z up" axis choice set to "Y up" (`Up Axis: Y`) to stand upright.

mod build;
pub mod export;
pub mod gltf;
pub mod obj;
#[cfg(test)]
mod tests;

use crate::gbx::Gbx;
pub use crate::gbx::read::mesh_parts::GridSnap;

/// A material as the model names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Material {
    /// The game path or file name it came from
    /// ("Stadium\Media\Material\PlatformTech", "Road.Shader.Gbx").
    pub path: String,
    /// The short name shown and exported: the last path component without
    /// the `.Gbx` suffixes ("PlatformTech", "Road").
    pub name: String,
}

/// What an object is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ObjectKind {
    /// Drawn geometry.
    Visible,
    /// Geometry that only collides (a crystal layer marked invisible).
    CollisionOnly,
    /// A trigger volume.
    Trigger,
}

/// Triangles of one material.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Submesh {
    /// Position in [`Model::materials`], or none.
    pub material: Option<usize>,
    /// Triangles as indices into the object's vertices.
    pub triangles: Vec<[u32; 3]>,
}

/// One mesh of the model, already placed in model space.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Object {
    /// Name shown ("Layer0 Geometry", "tree #4").
    pub name: String,
    /// The group it belongs to (a crystal, solid or prefab model), for
    /// showing and hiding together.
    pub group: String,
    /// What it is for.
    pub kind: Option<ObjectKind>,
    /// Vertex positions (metres, Y up).
    pub positions: Vec<[f32; 3]>,
    /// Unit normals, one per vertex.
    pub normals: Vec<[f32; 3]>,
    /// Texture coordinates, one per vertex, or empty.
    pub uvs: Vec<[f32; 2]>,
    /// Triangles by material.
    pub submeshes: Vec<Submesh>,
}

impl Object {
    /// Number of triangles over all submeshes.
    #[must_use]
    pub fn triangle_count(&self) -> usize {
        self.submeshes.iter().map(|s| s.triangles.len()).sum()
    }
}

/// An axis-aligned box (metres).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bounds {
    /// Smallest x, y, z.
    pub min: [f32; 3],
    /// Largest x, y, z.
    pub max: [f32; 3],
}

impl Bounds {
    /// The centre.
    #[must_use]
    pub fn center(&self) -> [f32; 3] {
        [0, 1, 2].map(|i| (self.min[i] + self.max[i]) * 0.5)
    }

    /// Length of the diagonal.
    #[must_use]
    pub fn diagonal(&self) -> f32 {
        (0..3)
            .map(|i| (self.max[i] - self.min[i]).powi(2))
            .sum::<f32>()
            .sqrt()
    }
}

/// The geometry of a file.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Model {
    /// Every mesh.
    pub objects: Vec<Object>,
    /// Every material the objects use.
    pub materials: Vec<Material>,
    /// The item's pivot positions (metres), when it has any.
    pub pivots: Vec<[f32; 3]>,
    /// The item's grid snap, when it has one.
    pub grid_snap: Option<GridSnap>,
    /// External files (reference table names) the model shows but this
    /// file does not hold, such as the solids of a TMF block info.
    pub external: Vec<String>,
}

impl Model {
    /// The model of a parsed file (empty when it holds no geometry).
    #[must_use]
    pub fn from_gbx(gbx: &Gbx) -> Self {
        build::build(gbx)
    }

    /// True when there is nothing to draw.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.objects.iter().all(|o| o.triangle_count() == 0)
    }

    /// Vertices over all objects.
    #[must_use]
    pub fn vertex_count(&self) -> usize {
        self.objects.iter().map(|o| o.positions.len()).sum()
    }

    /// Triangles over all objects.
    #[must_use]
    pub fn triangle_count(&self) -> usize {
        self.objects.iter().map(Object::triangle_count).sum()
    }

    /// The box around every vertex, or `None` without vertices.
    #[must_use]
    pub fn bounds(&self) -> Option<Bounds> {
        let mut it = self.objects.iter().flat_map(|o| &o.positions);
        let first = *it.next()?;
        let mut b = Bounds {
            min: first,
            max: first,
        };
        for p in it {
            for (i, v) in p.iter().enumerate() {
                b.min[i] = b.min[i].min(*v);
                b.max[i] = b.max[i].max(*v);
            }
        }
        Some(b)
    }

    /// The group names in first-seen order.
    #[must_use]
    pub fn groups(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for o in &self.objects {
            if !out.contains(&o.group.as_str()) {
                out.push(&o.group);
            }
        }
        out
    }
}

/// The short name of a material path: the last `\` or `/` component with
/// `.Gbx` and the kind suffix (`.Material`, `.Shader`…) removed.
#[must_use]
pub fn short_material_name(path: &str) -> String {
    let last = path.rsplit(['\\', '/']).next().unwrap_or(path);
    let trimmed = last
        .strip_suffix(".Gbx")
        .or_else(|| last.strip_suffix(".gbx"))
        .unwrap_or(last);
    let stem = match trimmed.rsplit_once('.') {
        Some((stem, _)) if !stem.is_empty() && trimmed != last => stem,
        _ => trimmed,
    };
    stem.to_string()
}
