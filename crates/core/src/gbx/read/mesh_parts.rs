//! Typed geometry the mesh decoders hand out while they read (the side
//! channel of [`Archive::hand_out`](crate::gbx::read::archive::Archive::hand_out)),
//! kept on the parse as [`MeshParts`]: what
//! [`Model::from_gbx`](crate::gbx::access::mesh::Model::from_gbx)
//! assembles into a model without walking the decoded field tree.
//!
//! Every part belongs to the node (position in [`Gbx::nodes`](crate::gbx::Gbx::nodes))
//! whose chunk handed it out; links between nodes are [`NodeLink`]s, as the
//! decoder's noderef resolved them.

/// A noderef as the decoder resolved it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeLink {
    /// No node (-1).
    Null,
    /// A node of this file (position in `Gbx::nodes`).
    Node(usize),
    /// An external file of the reference table (position in
    /// `RefTable::external_nodes`).
    External(usize),
}

impl NodeLink {
    /// The node position, for links to nodes of this file.
    #[must_use]
    pub fn node(self) -> Option<usize> {
        match self {
            Self::Node(n) => Some(n),
            _ => None,
        }
    }
}

/// A material as a mesh names it: by its path, or by a node (a
/// CPlugMaterialUserInst of the file, or an external `.Material.Gbx`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MaterialRef {
    /// A material named by its game path ("Stadium\Media\Material\PlatformTech").
    Name(String),
    /// A material node (its name is the node's [`Part::MaterialName`] or the
    /// external file's name).
    Link(NodeLink),
}

/// One polygon of a crystal: vertex indices into the layer's positions, one
/// texture coordinate per vertex, its material (position in the crystal's
/// material list) and group (position in [`CrystalMesh::groups`]).
#[derive(Debug, Clone, PartialEq)]
pub struct CrystalFace {
    /// Indices into [`CrystalMesh::positions`], in stored order (3 or more).
    pub indices: Vec<u32>,
    /// One UV per index (empty when the file stores none).
    pub uvs: Vec<[f32; 2]>,
    /// Material position, `None` for -1 (no material).
    pub material: Option<u32>,
    /// Group position.
    pub group: u32,
}

/// The geometry of one crystal layer (GBX.NET `CPlugCrystal.cs`
/// `Crystal`): positions in metres, polygons and group names.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CrystalMesh {
    /// Crystal archive version (21–37).
    pub version: u32,
    /// Vertex positions (metres, as stored: Y up).
    pub positions: Vec<[f32; 3]>,
    /// Polygons.
    pub faces: Vec<CrystalFace>,
    /// Group ("part") names.
    pub groups: Vec<String>,
}

/// What a crystal layer does.
#[derive(Debug, Clone, PartialEq)]
pub enum LayerKind {
    /// Visible (or collision-only) geometry.
    Geometry {
        /// The mesh.
        mesh: CrystalMesh,
        /// Shown in game.
        visible: bool,
        /// Collides.
        collidable: bool,
    },
    /// A trigger volume.
    Trigger(CrystalMesh),
    /// Spawn position and angles (radians): yaw, pitch, roll.
    Spawn {
        /// Position (metres).
        position: [f32; 3],
        /// Yaw, pitch, roll (radians).
        angles: [f32; 3],
    },
    /// Any other layer (a modifier of the editor, voxels, lights), by its
    /// type number (GBX.NET `CPlugCrystal.chunkl` `ELayerType`).
    Other(u32),
}

/// One layer of a crystal (GBX.NET `CPlugCrystal.chunkl` `Layer`).
#[derive(Debug, Clone, PartialEq)]
pub struct CrystalLayer {
    /// Layer id ("Layer0").
    pub id: String,
    /// Name given in the editor ("Geometry").
    pub name: String,
    /// Enabled in the editor.
    pub enabled: bool,
    /// What it holds.
    pub kind: LayerKind,
}

/// Per-vertex data of a visual or a vertex stream: positions in metres,
/// and normals and the first UV set when stored (each empty or as long as
/// `positions`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Vertices {
    /// Vertex positions (metres).
    pub positions: Vec<[f32; 3]>,
    /// Normals per vertex, when stored.
    pub normals: Vec<[f32; 3]>,
    /// First texture coordinate set per vertex, when stored.
    pub uvs: Vec<[f32; 2]>,
}

/// The header of a CPlugVisual (chunks 0x09006008–0x0900600F): the vertex
/// count, its vertex streams (ManiaPlanet and later) and its first UV set.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct VisualInfo {
    /// Vertex count.
    pub vertex_count: u32,
    /// CPlugVertexStream nodes holding the vertices, when any.
    pub streams: Vec<NodeLink>,
    /// First texture coordinate set (empty when none).
    pub uvs: Vec<[f32; 2]>,
}

/// A rotation and translation: the 3×3 matrix row by row (as GBX `iso4`
/// stores it: XX XY XZ YX YY YZ ZX ZY ZZ) and the translation in metres.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placement {
    /// Rotation rows.
    pub rotation: [[f32; 3]; 3],
    /// Translation (metres).
    pub translation: [f32; 3],
}

impl Placement {
    /// No rotation, no translation.
    pub const IDENTITY: Self = Self {
        rotation: [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
        translation: [0.0; 3],
    };

    /// A translation and a unit quaternion `[x, y, z, w]`.
    #[must_use]
    pub fn from_quat(q: [f32; 4], translation: [f32; 3]) -> Self {
        let [x, y, z, w] = q;
        let n = (x * x + y * y + z * z + w * w).sqrt();
        let (x, y, z, w) = if n > 0.0 {
            (x / n, y / n, z / n, w / n)
        } else {
            (0.0, 0.0, 0.0, 1.0)
        };
        Self {
            rotation: [
                [
                    1.0 - 2.0 * (y * y + z * z),
                    2.0 * (x * y - z * w),
                    2.0 * (x * z + y * w),
                ],
                [
                    2.0 * (x * y + z * w),
                    1.0 - 2.0 * (x * x + z * z),
                    2.0 * (y * z - x * w),
                ],
                [
                    2.0 * (x * z - y * w),
                    2.0 * (y * z + x * w),
                    1.0 - 2.0 * (x * x + y * y),
                ],
            ],
            translation,
        }
    }

    /// `p` moved by this placement (rotation, then translation).
    #[must_use]
    pub fn apply(&self, p: [f32; 3]) -> [f32; 3] {
        let r = &self.rotation;
        let t = self.translation;
        [
            r[0][0] * p[0] + r[0][1] * p[1] + r[0][2] * p[2] + t[0],
            r[1][0] * p[0] + r[1][1] * p[1] + r[1][2] * p[2] + t[1],
            r[2][0] * p[0] + r[2][1] * p[1] + r[2][2] * p[2] + t[2],
        ]
    }

    /// A direction turned by the rotation only.
    #[must_use]
    pub fn turn(&self, v: [f32; 3]) -> [f32; 3] {
        let r = &self.rotation;
        [
            r[0][0] * v[0] + r[0][1] * v[1] + r[0][2] * v[2],
            r[1][0] * v[0] + r[1][1] * v[1] + r[1][2] * v[2],
            r[2][0] * v[0] + r[2][1] * v[1] + r[2][2] * v[2],
        ]
    }

    /// `self` after `inner`: a point placed by `inner`, then by `self`.
    #[must_use]
    pub fn then(&self, inner: &Self) -> Self {
        let mut rotation = [[0.0; 3]; 3];
        for (i, row) in rotation.iter_mut().enumerate() {
            for (j, v) in row.iter_mut().enumerate() {
                *v = (0..3)
                    .map(|k| self.rotation[i][k] * inner.rotation[k][j])
                    .sum();
            }
        }
        Self {
            rotation,
            translation: self.apply(inner.translation),
        }
    }
}

/// A CPlugTree node: its children, what it draws and where.
#[derive(Debug, Clone, PartialEq)]
pub struct TreeLinks {
    /// Child trees.
    pub children: Vec<NodeLink>,
    /// The visual it draws, when any.
    pub visual: NodeLink,
    /// Its shader or material.
    pub material: NodeLink,
    /// Its placement relative to its parent, when it has one.
    pub location: Option<Placement>,
}

/// One drawn piece of a CPlugSolid2Model: a visual with a material.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShadedGeom {
    /// Position in [`Solid2Links::visuals`].
    pub visual: u32,
    /// Position in [`Solid2Links::materials`].
    pub material: u32,
    /// Level of detail (0 is the finest; -1 for every level).
    pub lod: i32,
}

/// What a CPlugSolid2Model draws: visuals, materials and their pairing.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Solid2Links {
    /// The shaded geometries.
    pub geoms: Vec<ShadedGeom>,
    /// The visual nodes.
    pub visuals: Vec<NodeLink>,
    /// The materials (by name or node).
    pub materials: Vec<MaterialRef>,
}

/// One placed model of a prefab (GBX.NET `CPlugPrefab.cs` `EntRef`).
#[derive(Debug, Clone, PartialEq)]
pub struct PrefabEnt {
    /// The model node (a static object, dynamic object, another prefab…).
    pub model: NodeLink,
    /// Where it goes in the prefab.
    pub placement: Placement,
}

/// One typed part handed out by a decoder.
#[derive(Debug, Clone, PartialEq)]
pub enum Part {
    /// CPlugCrystal 0x09003003: the crystal's materials, in face order.
    CrystalMaterials(Vec<MaterialRef>),
    /// CPlugCrystal 0x09003005 / 0x09003000: its layers.
    CrystalLayers(Vec<CrystalLayer>),
    /// CPlugMaterialUserInst 0x090FD000 (or a CPlugMaterial): the material's
    /// game path or name.
    MaterialName(String),
    /// A CPlugVisual's header.
    VisualInfo(VisualInfo),
    /// Flag bits of a CPlugVisual (GBX.NET `CPlugVisual.Flags` numbering);
    /// a node's flags are the union of its parts.
    VisualFlags(u32),
    /// Vertices of a CPlugVisual3D or a CPlugVertexStream.
    Vertices(Vertices),
    /// Triangle-list indices of a CPlugIndexBuffer (or of an old
    /// CPlugVisualIndexed).
    Indices(Vec<u32>),
    /// The CPlugIndexBuffer node of a CPlugVisualIndexed.
    IndexBuffer(NodeLink),
    /// A CPlugTree.
    Tree(TreeLinks),
    /// A CPlugSolid's tree.
    SolidTree(NodeLink),
    /// A CPlugSolid2Model.
    Solid2(Solid2Links),
    /// A model that shows another node (a static object's mesh, an item's
    /// entity model): drawn in its place.
    Shows(Vec<NodeLink>),
    /// A model that shows another file named by path (a ManiaPlanet
    /// item's `.Mesh.Gbx`).
    ShowsFile(String),
    /// A CPlugPrefab's placed models.
    Prefab(Vec<PrefabEnt>),
    /// An item's pivot positions (CGameItemPlacementParam 0x2E020001),
    /// metres.
    Pivots(Vec<[f32; 3]>),
    /// An item's grid snap (CGameItemPlacementParam 0x2E020000).
    GridSnap(GridSnap),
}

/// Where an item snaps on the grid (metres): horizontal and vertical steps
/// and offsets (GBX.NET `CGameItemPlacementParam.chunkl` 0x000).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct GridSnap {
    /// Horizontal step.
    pub h_step: f32,
    /// Vertical step.
    pub v_step: f32,
    /// Horizontal offset.
    pub h_offset: f32,
    /// Vertical offset.
    pub v_offset: f32,
}

/// The parts handed out while a file was read, by node position.
#[derive(Debug, Clone, Default)]
pub struct MeshParts {
    parts: Vec<(usize, Part)>,
}

impl MeshParts {
    /// Adds `part` for node `node`.
    pub fn push(&mut self, node: usize, part: Part) {
        self.parts.push((node, part));
    }

    /// Every part of node `node`, in the order handed out.
    pub fn of(&self, node: usize) -> impl Iterator<Item = &Part> {
        self.parts
            .iter()
            .filter(move |(n, _)| *n == node)
            .map(|(_, p)| p)
    }

    /// Every (node, part), in the order handed out.
    pub fn iter(&self) -> impl Iterator<Item = (usize, &Part)> {
        self.parts.iter().map(|(n, p)| (*n, p))
    }

    /// True when no decoder handed out anything.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.parts.is_empty()
    }
}
