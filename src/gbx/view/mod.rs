//! What the panels of an open .Gbx document remember between frames, as
//! plain data beside the document ([`GbxView`]): the hex view's space and
//! scroll request, the find text, the central view choice, the timeline's
//! zoom and drag, the tables' sort, filter and caches, the 3D preview's
//! camera and caches, the form drafts and the textures. The document model ([`GbxDoc`]) never sees any of it;
//! [`GbxDoc::apply`] updates the parts a command concerns (e.g. the hex
//! view follows a new selection).

mod contents;
pub mod contents_ops;
mod diff;
mod ghosts;
mod inspector;
mod key_form;
mod mesh;
mod metadata;
pub mod placing;
mod size;
pub mod time_axis;
mod timeline;

pub use contents::{ContentsState, Extract, PlotData, Shown, Table};
pub use diff::{DiffScope, DiffState};
pub use ghosts::{GhostState, GhostTab};
pub use inspector::{ArrayView, FieldDraft, InspectorState};
pub use key_form::KeyFormState;
pub use mesh::{DrawList, DrawTri, LoadedModel, MeshSource, MeshState, Orbit, RenderedFrame};
pub use metadata::{MetadataDraft, MetadataState};
pub use size::{Background, ShrinkPreview, SizeState, measure};
pub use timeline::{BarDrag, DragTarget, TimelineState};

use crate::gbx::doc::GbxDoc;
use std::sync::Arc;
use trackbench_core::bytes::Space;
use trackbench_core::gbx::access::embedded::ZipEntry;

/// The embedded items ZIP's entries, or why they could not be listed.
pub type ZipListing = Arc<Result<Vec<ZipEntry>, String>>;

/// Each lightmap frame's texture and pixel size, or why it could not be
/// decoded.
pub type LightmapTextures = Arc<Vec<Result<(egui::TextureHandle, [usize; 2]), String>>>;

/// The hex view's state.
#[derive(Debug, Clone, Default)]
pub struct HexState {
    /// Which bytes are shown.
    pub space: Space,
    /// Offset whose row is brought into view on the next frame.
    pub scroll_to: Option<u64>,
    /// Text of the go-to-offset box.
    pub goto_text: String,
    /// Overwrite mode: hex digits typed replace the byte at the cursor.
    pub overwrite: bool,
    /// The byte typing goes to (an offset in `space`), set by a click.
    pub cursor: Option<u64>,
    /// The first digit typed of the cursor's byte.
    pub nibble: Option<u8>,
    /// The bytes typed one after the other so far (one undo step).
    pub run: Option<HexRun>,
    /// Why the last byte typed was refused.
    pub refusal: Option<String>,
    /// The hex rows take the keyboard (the last click was on them).
    pub has_keys: bool,
    /// The last wheel over the rows turned in notches (a mouse wheel, not
    /// a touchpad): its scrolling is scaled to a third of the view.
    pub wheel_in_notches: bool,
}

/// A run of bytes typed one after the other in overwrite mode: applied as
/// one edit, replaced by the longer one at each byte.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HexRun {
    /// Space of the bytes.
    pub space: Space,
    /// First byte's offset.
    pub start: u64,
    /// Bytes before the run.
    pub old: Vec<u8>,
    /// Bytes typed.
    pub new: Vec<u8>,
    /// The history's undo depth right after the run's last byte (another
    /// edit, an undo or a redo ends the run).
    pub undo_len: usize,
}

impl HexState {
    /// Shows `space` and brings `offset` into view on the next frame.
    pub fn show(&mut self, space: Space, offset: u64) {
        self.space = space;
        self.scroll_to = Some(offset);
    }
}

/// Which view fills the central area.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CentralView {
    /// Hex view of the file or body bytes.
    #[default]
    Hex,
    /// Blocks and items of a map: tables and a top-down plot.
    Contents,
    /// Script metadata (0x03043044) as a table.
    Metadata,
    /// Ghosts: checkpoints, inputs, samples and plots.
    Ghosts,
    /// The 3D preview of an item, block, mesh, solid or embedded item.
    Mesh,
    /// What takes the bytes: a treemap, the limits, shrink actions.
    Size,
    /// This file against another one, side by side.
    Diff,
}

impl CentralView {
    /// Label shown on the view's tab.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Hex => "Hex",
            Self::Contents => "Blocks & items",
            Self::Metadata => "Metadata",
            Self::Ghosts => "Ghosts",
            Self::Mesh => "3D",
            Self::Size => "Size",
            Self::Diff => "Diff",
        }
    }
}

/// The "Edit map" form's values as typed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MapForm {
    /// Map name.
    pub name: String,
    /// Author display name.
    pub author_nick: String,
    /// Bronze, silver, gold, author times in ms.
    pub times: [String; 4],
    /// Comments.
    pub comments: String,
    /// Last refusal.
    pub error: Option<String>,
}

/// Which parts of the node tree are open (`gbx/panels/node_tree_flatten.rs`).
#[derive(Debug, Clone, Default)]
pub struct TreeOpen {
    /// The header chunks are listed.
    pub header: bool,
    /// Nodes (positions in `Gbx::nodes`) whose chunks are listed.
    pub nodes: std::collections::HashSet<usize>,
    /// Set once the defaults (header and top-level nodes open) are applied.
    pub init: bool,
    /// The selection the tree last scrolled to (it reveals a new one once).
    pub revealed: Option<trackbench_core::gbx::ChunkRef>,
}

/// View state of one open .Gbx document (one per tab).
#[derive(Default)]
pub struct GbxView {
    /// Hex view.
    pub hex: HexState,
    /// Text of the node tree's find box (Ctrl+F).
    pub find: String,
    /// Which parts of the node tree are open, and the selection it last
    /// revealed.
    pub tree_open: TreeOpen,
    /// Every node of the tree drawn open (set by `--timing-scenario
    /// expand-scroll`; no menu item).
    pub tree_expand_all: bool,
    /// Which view fills the central area.
    pub central: CentralView,
    /// MediaTracker timeline.
    pub timeline: TimelineState,
    /// Blocks and items view.
    pub contents: ContentsState,
    /// Script metadata view.
    pub metadata: MetadataState,
    /// Ghost view.
    pub ghosts: GhostState,
    /// 3D preview.
    pub mesh: MeshState,
    /// Size view.
    pub size: SizeState,
    /// Diff view.
    pub diff: DiffState,
    /// The "Edit map" form while it is being filled.
    pub map_form: Option<MapForm>,
    /// The inspector's draft, marks and keyboard hand-back.
    pub editing: InspectorState,
    /// Thumbnail texture, uploaded on first draw.
    pub thumbnail_texture: Option<egui::TextureHandle>,
    /// Icon texture, uploaded on first draw.
    pub icon_texture: Option<egui::TextureHandle>,
    /// The embedded items ZIP's entries, listed on first draw.
    pub zip_entries: Option<ZipListing>,
    /// The path in the items ZIP typed for the next embedded item
    /// (`None`: `Items/`).
    pub embed_path: Option<String>,
    /// Lightmap frames, decoded when their section is first opened.
    pub lightmaps: Option<LightmapTextures>,
    /// Which side panel shows when the window is too narrow for both.
    pub narrow_side: crate::widgets::responsive::Side,
    /// Where the tree, the side panel and the centre were drawn last frame.
    pub panels: crate::widgets::responsive::PanelRects,
    /// The panel sizes and visibility the user chose (the layout policy's
    /// fractions of the window).
    pub sizes: crate::widgets::responsive::PanelSizes,
    /// Largest side of the thumbnail, in points: the preview's room (set by
    /// the layout each frame).
    pub preview_fit_px: f32,
    /// Revision of the document the caches and textures were made from.
    revision: Option<u64>,
}

impl GbxView {
    /// Drops what was derived from an older revision of `doc` (tables,
    /// decoded ghosts, ZIP listing, textures, 3D models) so it is rebuilt
    /// from the current parse (a file with a model of its own first opens
    /// on the 3D view);
    /// the shell calls it before drawing the panels.
    pub fn sync(&mut self, doc: &GbxDoc) {
        if self.revision == Some(doc.revision()) {
            return;
        }
        // An item, block or mesh opens on its 3D view.
        if self.revision.is_none() && !doc.mesh.is_empty() {
            self.central = CentralView::Mesh;
        }
        // A ghost file opens on its summary and plots (issue 29).
        if self.revision.is_none()
            && doc.gbx().nodes.first().map(|n| n.class_id)
                == Some(trackbench_core::gbx::access::ghosts::CTN_GHOST)
        {
            self.central = CentralView::Ghosts;
        }
        self.revision = Some(doc.revision());
        self.thumbnail_texture = None;
        self.icon_texture = None;
        self.zip_entries = None;
        self.lightmaps = None;
        self.contents.invalidate();
        self.metadata.invalidate();
        self.ghosts.invalidate();
        self.mesh.invalidate();
        self.size.invalidate();
    }
}
