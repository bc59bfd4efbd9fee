//! An open .Gbx document and what is selected in it.

pub use crate::command::gbx::ChunkRef;
use std::collections::HashMap;
use std::path::PathBuf;
use trackbench_core::bytes::ByteRange;
pub use trackbench_core::bytes::Space;
use trackbench_core::edit::{FieldLoc, GbxDocument};
use trackbench_core::gbx::{Chunk, Gbx, thumbnail};

/// The hex view's state for this document.
#[derive(Debug, Clone, Default)]
pub struct HexState {
    /// Which bytes are shown.
    pub space: Space,
    /// Row to bring into view on the next frame.
    pub scroll_to: Option<u64>,
    /// Text of the go-to-offset box.
    pub goto_text: String,
}

/// An open GBX file.
pub struct GbxDoc {
    /// Where it came from (`None` for built-in samples).
    pub path: Option<PathBuf>,
    /// Name shown in the title bar.
    pub title: String,
    /// The parsed file under edit (with its history).
    pub edit: GbxDocument,
    /// The field being edited in the inspector: where, the text typed, and
    /// why the last attempt was refused.
    pub editing: Option<(FieldLoc, String, Option<String>)>,
    /// Text of the node tree's find box (Ctrl+F).
    pub find: String,
    /// MediaTracker timeline view state.
    pub timeline: crate::gbx::panels::timeline::TimelineState,
    /// Which view fills the central area.
    pub view: crate::gbx::panels::central::CentralView,
    /// Blocks and items view state.
    pub contents: crate::gbx::panels::contents_view::ContentsState,
    /// Script metadata view state.
    pub metadata: crate::gbx::panels::metadata_view::MetadataState,
    /// Ghost view state.
    pub ghosts: crate::gbx::panels::ghost_view::GhostState,
    /// The "Edit map" form while it is being filled.
    pub map_form: Option<crate::gbx::panels::map_form::MapForm>,
    /// Selected chunk.
    pub selected: Option<ChunkRef>,
    /// Selected field's bytes (in the selected chunk's space).
    pub selected_field: Option<ByteRange>,
    /// Hex view state.
    pub hex: HexState,
    /// Child nodes read by each (node, chunk).
    pub children: HashMap<(usize, usize), Vec<usize>>,
    /// Thumbnail texture, uploaded on first draw.
    pub texture: Option<egui::TextureHandle>,
    /// Collector icon pixels (upright), decoded on open and after edits.
    pub icon: Option<Result<egui::ColorImage, String>>,
    /// Icon texture, uploaded on first draw.
    pub icon_texture: Option<egui::TextureHandle>,
    /// Upright thumbnail pixels, decoded once on open.
    pub thumbnail: Option<Result<egui::ColorImage, String>>,
}

impl GbxDoc {
    /// Wraps a parsed file.
    #[must_use]
    pub fn new(gbx: Gbx, title: String, path: Option<PathBuf>) -> Self {
        let mut doc = Self {
            path,
            title,
            edit: GbxDocument::from_gbx(gbx),
            editing: None,
            map_form: None,
            find: String::new(),
            timeline: crate::gbx::panels::timeline::TimelineState::default(),
            view: crate::gbx::panels::central::CentralView::default(),
            contents: crate::gbx::panels::contents_view::ContentsState::default(),
            metadata: crate::gbx::panels::metadata_view::MetadataState::default(),
            ghosts: crate::gbx::panels::ghost_view::GhostState::default(),
            selected: None,
            selected_field: None,
            hex: HexState::default(),
            children: HashMap::new(),
            texture: None,
            icon: None,
            icon_texture: None,
            thumbnail: None,
        };
        doc.refresh();
        doc
    }

    /// The current parse.
    #[must_use]
    pub fn gbx(&self) -> &Gbx {
        &self.edit.gbx
    }

    /// Recomputes what is derived from the parse (after open and every edit):
    /// node children, the thumbnail; drops a selection that no longer exists.
    pub fn refresh(&mut self) {
        let gbx = &self.edit.gbx;
        self.children.clear();
        for (i, n) in gbx.nodes.iter().enumerate() {
            if let Some(parent) = n.parent {
                self.children.entry(parent).or_default().push(i);
            }
        }
        self.thumbnail = thumbnail::thumbnail_jpeg(gbx).map(|jpeg| {
            thumbnail::decode_upright(jpeg).map(|img| {
                let size = [img.width() as usize, img.height() as usize];
                egui::ColorImage::from_rgba_unmultiplied(size, img.as_raw())
            })
        });
        self.texture = None;
        self.icon = trackbench_core::gbx::images::icon(gbx).map(|icon| {
            trackbench_core::gbx::images::decode_icon(icon).map(|img| {
                let size = [img.width() as usize, img.height() as usize];
                egui::ColorImage::from_rgba_unmultiplied(size, img.as_raw())
            })
        });
        self.icon_texture = None;
        self.contents.invalidate();
        self.metadata.invalidate();
        self.ghosts.invalidate();
        if self.selected.is_some_and(|r| self.chunk(r).is_none()) {
            self.selected = None;
        }
        self.selected_field = None;
    }

    /// Title with a dirty marker.
    #[must_use]
    pub fn display_title(&self) -> String {
        if self.edit.history().is_dirty() {
            format!("* {}", self.title)
        } else {
            self.title.clone()
        }
    }

    /// The chunk behind a reference.
    #[must_use]
    pub fn chunk(&self, r: ChunkRef) -> Option<&Chunk> {
        match r {
            ChunkRef::Header(i) => self.gbx().header.chunks.get(i),
            ChunkRef::Body { node, chunk } => self.gbx().nodes.get(node)?.chunks.get(chunk),
        }
    }

    /// The address space of a chunk reference.
    #[must_use]
    pub fn space_of(r: ChunkRef) -> Space {
        match r {
            ChunkRef::Header(_) => Space::File,
            ChunkRef::Body { .. } => Space::Body,
        }
    }

    /// Bytes of a space.
    #[must_use]
    pub fn bytes(&self, space: Space) -> &[u8] {
        match space {
            Space::File => &self.edit.gbx.file,
            Space::Body => &self.edit.gbx.body,
        }
    }

    /// Selects a chunk and brings its first byte into view.
    pub fn select_chunk(&mut self, r: ChunkRef) {
        self.selected = Some(r);
        self.selected_field = None;
        if let Some(c) = self.chunk(r) {
            let start = c.range.start;
            self.hex.space = Self::space_of(r);
            self.hex.scroll_to = Some(start);
        }
    }

    /// Selects a field's bytes and brings them into view.
    pub fn select_field(&mut self, space: Space, range: ByteRange) {
        self.selected_field = Some(range);
        self.hex.space = space;
        self.hex.scroll_to = Some(range.start);
    }

    /// The highlighted ranges in `space`: (selected chunk, selected field).
    #[must_use]
    pub fn highlights(&self, space: Space) -> (Option<ByteRange>, Option<ByteRange>) {
        let Some(r) = self.selected else {
            return (None, None);
        };
        if Self::space_of(r) != space {
            return (None, None);
        }
        (self.chunk(r).map(|c| c.range), self.selected_field)
    }
}
