//! State of the 3D preview: which model is shown (the file's own, or an
//! embedded item of a map), the orbit camera, wireframe, what is hidden,
//! and the caches derived from the current revision (the embedded items'
//! models, the triangles prepared for drawing).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use trackbench_core::gbx::access::mesh::Model;

/// Which model the preview shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum MeshSource {
    /// The model of the open file itself.
    #[default]
    Own,
    /// Entry `n` (ZIP position) of a map's embedded items ZIP.
    Embedded(usize),
}

impl MeshSource {
    /// The embedded entry, as `ExportKind::Mesh` names it.
    #[must_use]
    pub fn item(self) -> Option<usize> {
        match self {
            Self::Own => None,
            Self::Embedded(n) => Some(n),
        }
    }
}

/// An orbit camera around a target point, in the model's metres (Y up).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Orbit {
    /// The point looked at.
    pub target: [f32; 3],
    /// Turn about +Y (radians); 0 looks from +Z towards -Z.
    pub yaw: f32,
    /// Angle above the horizon (radians), within ±89°.
    pub pitch: f32,
    /// Distance from the target (metres).
    pub distance: f32,
}

impl Default for Orbit {
    fn default() -> Self {
        Self {
            target: [0.0; 3],
            yaw: 0.6,
            pitch: 0.45,
            distance: 10.0,
        }
    }
}

/// One triangle ready to draw: its corners (metres), its face normal and
/// its colour.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DrawTri {
    /// Corners.
    pub corners: [[f32; 3]; 3],
    /// Unit face normal (by the stored winding).
    pub normal: [f32; 3],
    /// Base colour (RGB).
    pub rgb: [u8; 3],
    /// The object it belongs to (position in `Model::objects`), for picking.
    pub object: usize,
    /// Its material (position in `Model::materials`), for picking.
    pub material: Option<usize>,
    /// Drawn from the front only: its object is closed
    /// (`panels::mesh_closed`), and `normal` then points out of it.
    pub cull: bool,
}

/// The shown triangles of a model, decimated to the drawing budget.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DrawList {
    /// Triangles drawn.
    pub tris: Vec<DrawTri>,
    /// Triangles shown before decimation.
    pub shown: usize,
}

/// A model, or why it could not be read.
pub type LoadedModel = Arc<Result<Model, String>>;

/// View state of the 3D preview, kept per document.
#[derive(Debug, Default)]
pub struct MeshState {
    /// The model shown.
    pub source: MeshSource,
    /// Camera.
    pub orbit: Orbit,
    /// Edges only, no shading.
    pub wireframe: bool,
    /// Objects hidden (positions in `Model::objects`).
    pub hidden_objects: HashSet<usize>,
    /// Materials hidden (positions in `Model::materials`; `None` for
    /// triangles without a material).
    pub hidden_materials: HashSet<Option<usize>>,
    /// Models of embedded items, built when first shown.
    pub loaded: HashMap<usize, LoadedModel>,
    /// The model the camera and visibility were set up for.
    pub set_up_for: Option<MeshSource>,
    /// Triangles prepared for the current source and visibility
    /// (`None`: prepare again).
    pub draw: Option<Arc<DrawList>>,
    /// The last depth-buffered image of the viewport, with what it was
    /// drawn from (re-rendered when any of it changes).
    pub frame: Option<RenderedFrame>,
    /// Fit the camera to the viewport when it is next drawn (its size is
    /// known there).
    pub refit: bool,
    /// The camera the last fit gave and the viewport size (points) it was
    /// fitted to.
    pub fitted: Option<(Orbit, [f32; 2])>,
    /// The object and material under the pointer last frame (picking).
    pub hovered: Option<(usize, Option<usize>)>,
}

/// A depth-buffered image of the viewport as uploaded, and its inputs.
pub struct RenderedFrame {
    /// The texture shown.
    pub texture: egui::TextureHandle,
    /// Which triangle of the draw list covers each pixel (row-major, `u32::MAX`
    /// for background), for picking.
    pub ids: Vec<u32>,
    /// Size in pixels.
    pub size: [usize; 2],
    /// The camera, the draw list and the theme it was drawn with.
    pub key: (Orbit, usize, bool),
    /// Where it was shown last frame (screen points).
    pub rect: egui::Rect,
}

impl std::fmt::Debug for RenderedFrame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RenderedFrame")
            .field("size", &self.size)
            .field("key", &self.key)
            .finish_non_exhaustive()
    }
}

impl MeshState {
    /// Drops what came from an older revision (the embedded models, the
    /// prepared triangles); the camera stays.
    pub fn invalidate(&mut self) {
        self.loaded.clear();
        self.draw = None;
        self.frame = None;
    }

    /// Shows `source` from the next frame on (camera fitted, visibility
    /// reset).
    pub fn show(&mut self, source: MeshSource) {
        if self.source != source {
            self.source = source;
            self.set_up_for = None;
            self.draw = None;
        }
    }
}
