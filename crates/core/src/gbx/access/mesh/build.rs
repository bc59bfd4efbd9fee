//! Assembling a [`Model`] from the parts the decoders handed out: find the
//! nodes nothing else draws (the roots), then walk what each shows — crystal
//! layers, a solid's tree of visuals, a solid2 model's shaded geometries,
//! a prefab's placed models — placing every mesh in model space.

use super::{Material, Model, Object, ObjectKind, Submesh, short_material_name};
use crate::gbx::read::mesh_parts::{
    CrystalLayer, CrystalMesh, LayerKind, MaterialRef, NodeLink, Part, Placement, PrefabEnt,
    Solid2Links, TreeLinks, Vertices, VisualInfo,
};
use crate::gbx::{Gbx, class_label};
use std::collections::HashMap;

/// Deepest nesting of models followed (trees, prefabs in prefabs).
const MAX_DEPTH: u32 = 64;
/// Most objects built for one file (hostile files can share one visual
/// among millions of tree nodes).
const MAX_OBJECTS: usize = 100_000;

/// What the parts say about one node.
#[derive(Default)]
struct NodeParts<'a> {
    crystal_materials: Option<&'a [MaterialRef]>,
    crystal_layers: Vec<&'a CrystalLayer>,
    material_name: Option<&'a str>,
    visual_info: Option<&'a VisualInfo>,
    vertices: Option<&'a Vertices>,
    indices: Option<&'a [u32]>,
    index_buffer: Option<NodeLink>,
    tree: Option<TreeLinks>,
    solid_tree: Option<NodeLink>,
    solid2: Option<&'a Solid2Links>,
    shows: Vec<NodeLink>,
    files: Vec<&'a str>,
    prefab: Option<&'a [PrefabEnt]>,
}

impl NodeParts<'_> {
    /// True when the node shows something by itself (a root candidate).
    fn draws(&self) -> bool {
        !self.crystal_layers.is_empty()
            || self.tree.is_some()
            || self.solid_tree.is_some()
            || self.solid2.is_some()
            || !self.shows.is_empty()
            || !self.files.is_empty()
            || self.prefab.is_some()
            || self.vertices.is_some()
    }

    /// Every node this one links to for drawing.
    fn targets(&self) -> Vec<NodeLink> {
        let mut out = self.shows.clone();
        out.extend(self.solid_tree);
        out.extend(self.index_buffer);
        if let Some(t) = &self.tree {
            out.extend(t.children.iter().copied());
            out.push(t.visual);
        }
        if let Some(s) = self.solid2 {
            out.extend(s.visuals.iter().copied());
        }
        if let Some(p) = self.prefab {
            out.extend(p.iter().map(|e| e.model));
        }
        if let Some(i) = self.visual_info {
            out.extend(i.streams.iter().copied());
        }
        out
    }
}

/// Collects the parts of every node.
fn index(gbx: &Gbx) -> Vec<NodeParts<'_>> {
    let mut nodes: Vec<NodeParts<'_>> =
        (0..gbx.nodes.len()).map(|_| NodeParts::default()).collect();
    for (n, part) in gbx.mesh_parts.iter() {
        let Some(p) = nodes.get_mut(n) else { continue };
        match part {
            Part::CrystalMaterials(m) => p.crystal_materials = Some(m),
            Part::CrystalLayers(l) => p.crystal_layers.extend(l),
            Part::MaterialName(s) => p.material_name = Some(s),
            Part::VisualInfo(i) => p.visual_info = Some(i),
            Part::Vertices(v) => p.vertices = p.vertices.or(Some(v)),
            Part::Indices(i) => p.indices = Some(i),
            Part::IndexBuffer(l) => p.index_buffer = Some(*l),
            Part::Tree(t) => merge_tree(p.tree.get_or_insert_with(empty_tree), t),
            Part::SolidTree(l) => p.solid_tree = Some(*l),
            Part::Solid2(s) => p.solid2 = Some(s),
            Part::Shows(l) => p.shows.extend(l.iter().filter(|l| **l != NodeLink::Null)),
            Part::Prefab(e) => p.prefab = Some(e),
            Part::ShowsFile(f) => p.files.push(f),
            Part::VisualFlags(_) | Part::Pivots(_) | Part::GridSnap(_) => {}
        }
    }
    nodes
}

fn empty_tree() -> TreeLinks {
    TreeLinks {
        children: Vec::new(),
        visual: NodeLink::Null,
        material: NodeLink::Null,
        location: None,
    }
}

fn merge_tree(into: &mut TreeLinks, t: &TreeLinks) {
    into.children.extend(t.children.iter().copied());
    if t.visual != NodeLink::Null {
        into.visual = t.visual;
    }
    if t.material != NodeLink::Null {
        into.material = t.material;
    }
    if t.location.is_some() {
        into.location = t.location;
    }
}

/// See the module docs.
pub(super) fn build(gbx: &Gbx) -> Model {
    let nodes = index(gbx);
    let mut targeted = vec![false; nodes.len()];
    for p in &nodes {
        for t in p.targets() {
            if let Some(n) = t.node().filter(|&n| n < targeted.len()) {
                targeted[n] = true;
            }
        }
    }
    let mut b = Builder {
        gbx,
        nodes: &nodes,
        model: Model::default(),
        materials: HashMap::new(),
        group: String::new(),
    };
    for (n, p) in nodes.iter().enumerate() {
        if p.draws() && !targeted[n] {
            b.group = root_label(gbx, n);
            b.node(n, Placement::IDENTITY, 0);
        }
    }
    for (_, part) in gbx.mesh_parts.iter() {
        match part {
            Part::Pivots(p) if b.model.pivots.is_empty() => b.model.pivots.clone_from(p),
            Part::GridSnap(g) => b.model.grid_snap = b.model.grid_snap.or(Some(*g)),
            _ => {}
        }
    }
    b.model
}

/// "CPlugCrystal #2": the class and node position of a root.
fn root_label(gbx: &Gbx, n: usize) -> String {
    let class = gbx.nodes.get(n).map_or(0, |node| node.class_id);
    format!("{} #{n}", class_label(class))
}

struct Builder<'a> {
    gbx: &'a Gbx,
    nodes: &'a [NodeParts<'a>],
    model: Model,
    materials: HashMap<String, usize>,
    group: String,
}

impl Builder<'_> {
    /// Draws node `n` (and what it shows) placed by `at`.
    fn node(&mut self, n: usize, at: Placement, depth: u32) {
        if depth > MAX_DEPTH || self.model.objects.len() >= MAX_OBJECTS {
            return;
        }
        let Some(p) = self.nodes.get(n) else { return };
        for layer in &p.crystal_layers {
            self.crystal_layer(p, layer, &at);
        }
        if let Some(t) = p.solid_tree {
            self.link(t, at, depth);
        }
        if let Some(t) = &p.tree {
            let here = t.location.map_or(at, |l| at.then(&l));
            if let Some(v) = t.visual.node() {
                let material = self.material_of(&MaterialRef::Link(t.material));
                let name = format!("tree #{n}");
                self.visual(v, material, &here, name);
            }
            for c in &t.children {
                self.link(*c, here, depth);
            }
        }
        if let Some(s) = p.solid2 {
            self.solid2(n, s, &at);
        }
        for l in &p.shows {
            self.link(*l, at, depth);
        }
        for f in &p.files {
            self.external(f);
        }
        if let Some(ents) = p.prefab {
            for e in ents {
                self.link(e.model, at.then(&e.placement), depth);
            }
        }
        if p.tree.is_none() && p.solid2.is_none() && p.vertices.is_some() && depth == 0 {
            self.visual(n, None, &at, format!("visual #{n}"));
        }
    }

    fn link(&mut self, l: NodeLink, at: Placement, depth: u32) {
        match l {
            NodeLink::Node(n) => self.node(n, at, depth + 1),
            NodeLink::External(e) => {
                let name = self
                    .gbx
                    .ref_table
                    .as_ref()
                    .and_then(|t| t.external_nodes.get(e))
                    .and_then(|x| x.file_name.clone());
                if let Some(name) = name {
                    self.external(&name);
                }
            }
            NodeLink::Null => {}
        }
    }

    /// Notes a file the model shows but this file does not hold.
    fn external(&mut self, name: &str) {
        if !self.model.external.iter().any(|n| n == name) {
            self.model.external.push(name.to_string());
        }
    }

    /// The finest level of detail of a solid2 model, each shaded geometry
    /// an object.
    fn solid2(&mut self, n: usize, s: &Solid2Links, at: &Placement) {
        let finest = s
            .geoms
            .iter()
            .map(|g| if g.lod < 0 { 0 } else { g.lod.trailing_zeros() })
            .min()
            .unwrap_or(0);
        for (i, g) in s.geoms.iter().enumerate() {
            if g.lod >= 0 && g.lod & (1 << finest.min(30)) == 0 {
                continue;
            }
            let Some(v) = s.visuals.get(g.visual as usize).and_then(|l| l.node()) else {
                continue;
            };
            let material = s
                .materials
                .get(g.material as usize)
                .and_then(|m| self.material_of(m));
            self.visual(v, material, at, format!("geom {i} of #{n}"));
        }
    }

    /// The material index of a reference, adding it on first use.
    fn material_of(&mut self, m: &MaterialRef) -> Option<usize> {
        let path = match m {
            MaterialRef::Name(s) if !s.is_empty() => s.clone(),
            MaterialRef::Name(_) | MaterialRef::Link(NodeLink::Null) => return None,
            MaterialRef::Link(NodeLink::Node(n)) => match self.nodes.get(*n)?.material_name {
                Some(s) if !s.is_empty() => s.to_string(),
                _ => root_label(self.gbx, *n),
            },
            MaterialRef::Link(NodeLink::External(e)) => {
                let ext = self.gbx.ref_table.as_ref()?.external_nodes.get(*e)?;
                ext.file_name.clone()?
            }
        };
        if let Some(&i) = self.materials.get(&path) {
            return Some(i);
        }
        let i = self.model.materials.len();
        self.model.materials.push(Material {
            name: short_material_name(&path),
            path: path.clone(),
        });
        self.materials.insert(path, i);
        Some(i)
    }

    fn crystal_layer(&mut self, p: &NodeParts<'_>, layer: &CrystalLayer, at: &Placement) {
        let (mesh, kind) = match &layer.kind {
            LayerKind::Geometry { mesh, visible, .. } => (
                mesh,
                if *visible {
                    ObjectKind::Visible
                } else {
                    ObjectKind::CollisionOnly
                },
            ),
            LayerKind::Trigger(mesh) => (mesh, ObjectKind::Trigger),
            _ => return,
        };
        let mats: Vec<Option<usize>> = p
            .crystal_materials
            .unwrap_or(&[])
            .iter()
            .map(|m| self.material_of(m))
            .collect();
        let mut object = crystal_object(mesh, &mats, at);
        object.name = if layer.id.is_empty() || layer.id == layer.name {
            layer.name.clone()
        } else {
            format!("{} ({})", layer.name, layer.id)
        };
        object.group.clone_from(&self.group);
        object.kind = Some(kind);
        self.model.objects.push(object);
    }

    /// An object from a visual node: its vertices (or its first vertex
    /// stream's), UVs and triangle-list indices.
    fn visual(&mut self, v: usize, material: Option<usize>, at: &Placement, name: String) {
        let Some(p) = self.nodes.get(v) else { return };
        let stream = p
            .visual_info
            .into_iter()
            .flat_map(|i| &i.streams)
            .filter_map(|l| self.nodes.get(l.node()?)?.vertices)
            .find(|s| !s.positions.is_empty());
        let Some(vertices) = p.vertices.filter(|v| !v.positions.is_empty()).or(stream) else {
            return;
        };
        let indices = p
            .index_buffer
            .and_then(|l| self.nodes.get(l.node()?)?.indices)
            .or(p.indices)
            .unwrap_or(&[]);
        let n = vertices.positions.len();
        let triangles: Vec<[u32; 3]> = indices
            .chunks_exact(3)
            .map(|t| [t[0], t[1], t[2]])
            .filter(|t| t.iter().all(|&i| (i as usize) < n))
            .collect();
        let uvs = match p.visual_info {
            Some(i) if i.uvs.len() == n => i.uvs.clone(),
            _ if vertices.uvs.len() == n => vertices.uvs.clone(),
            _ => Vec::new(),
        };
        let positions: Vec<[f32; 3]> = vertices.positions.iter().map(|&q| at.apply(q)).collect();
        let normals = if vertices.normals.len() == n {
            vertices
                .normals
                .iter()
                .map(|&d| normalize(at.turn(d)))
                .collect()
        } else {
            vertex_normals(&positions, &triangles)
        };
        self.model.objects.push(Object {
            name,
            group: self.group.clone(),
            kind: Some(ObjectKind::Visible),
            positions,
            normals,
            uvs,
            submeshes: vec![Submesh {
                material,
                triangles,
            }],
        });
    }
}

/// A crystal mesh as an object: one vertex per distinct (position, UV)
/// pair, each polygon as a fan of triangles, one submesh per material;
/// normals averaged from the faces around each position.
fn crystal_object(mesh: &CrystalMesh, materials: &[Option<usize>], at: &Placement) -> Object {
    let n = mesh.positions.len();
    let placed: Vec<[f32; 3]> = mesh.positions.iter().map(|&p| at.apply(p)).collect();
    let mut vertex_of: HashMap<(u32, [u32; 2]), u32> = HashMap::new();
    let mut object = Object::default();
    let mut source: Vec<u32> = Vec::new();
    let mut by_material: HashMap<Option<usize>, usize> = HashMap::new();
    let mut position_normals = vec![[0.0f32; 3]; n];
    for face in &mesh.faces {
        if face.indices.len() < 3 || face.indices.iter().any(|&i| i as usize >= n) {
            continue;
        }
        let corners: Vec<u32> = face
            .indices
            .iter()
            .enumerate()
            .map(|(k, &i)| {
                let uv = face.uvs.get(k).copied().unwrap_or_default();
                *vertex_of
                    .entry((i, uv.map(f32::to_bits)))
                    .or_insert_with(|| {
                        source.push(i);
                        object.uvs.push(uv);
                        (source.len() - 1) as u32
                    })
            })
            .collect();
        let material = face
            .material
            .and_then(|m| materials.get(m as usize).copied().flatten());
        let sub = *by_material.entry(material).or_insert_with(|| {
            object.submeshes.push(Submesh {
                material,
                triangles: Vec::new(),
            });
            object.submeshes.len() - 1
        });
        for k in 1..corners.len() - 1 {
            let t = [corners[0], corners[k], corners[k + 1]];
            object.submeshes[sub].triangles.push(t);
            let idx = [0, k, k + 1].map(|c| face.indices[c] as usize);
            let fnorm = face_normal(placed[idx[0]], placed[idx[1]], placed[idx[2]]);
            for i in idx {
                for (a, b) in position_normals[i].iter_mut().zip(fnorm) {
                    *a += b;
                }
            }
        }
    }
    object.positions = source.iter().map(|&i| placed[i as usize]).collect();
    object.normals = source
        .iter()
        .map(|&i| normalize(position_normals[i as usize]))
        .collect();
    if object.uvs.iter().all(|uv| *uv == [0.0, 0.0]) {
        object.uvs.clear();
    }
    object
}

/// The (unnormalised, area-weighted) normal of a triangle.
fn face_normal(a: [f32; 3], b: [f32; 3], c: [f32; 3]) -> [f32; 3] {
    let u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    let v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    [
        u[1] * v[2] - u[2] * v[1],
        u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0],
    ]
}

/// `v` at unit length (up for a zero vector).
pub(super) fn normalize(v: [f32; 3]) -> [f32; 3] {
    let len = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
    if len > 1e-12 && len.is_finite() {
        v.map(|x| x / len)
    } else {
        [0.0, 1.0, 0.0]
    }
}

/// Normals averaged from the faces around each vertex.
fn vertex_normals(positions: &[[f32; 3]], triangles: &[[u32; 3]]) -> Vec<[f32; 3]> {
    let mut acc = vec![[0.0f32; 3]; positions.len()];
    for t in triangles {
        let [a, b, c] = t.map(|i| positions[i as usize]);
        let f = face_normal(a, b, c);
        for &i in t {
            for (x, y) in acc[i as usize].iter_mut().zip(f) {
                *x += y;
            }
        }
    }
    acc.into_iter().map(normalize).collect()
}

/// [`crystal_object`] with one material and no placement, for tests.
#[cfg(test)]
pub(super) fn crystal_object_for_test(mesh: &CrystalMesh) -> Object {
    crystal_object(mesh, &[Some(0)], &Placement::IDENTITY)
}
