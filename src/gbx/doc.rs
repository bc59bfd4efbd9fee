//! An open .Gbx document: the parse under edit, what is selected in it, and
//! what is derived from the parse (node children, thumbnail and icon
//! pixels, the 3D model and the embedded items that may hold one). What the panels remember between frames is the view state
//! beside it (`crate::gbx::view::GbxView`); every change to this model is a
//! `GbxCommand` applied by `GbxDoc::apply` (`crate::gbx::apply`).

pub use crate::command::gbx::ChunkRef;
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::sync::Arc;
use trackbench_core::bytes::ByteRange;
pub use trackbench_core::bytes::Space;
use trackbench_core::edit::{FieldLoc, GbxDocument};
use trackbench_core::gbx::access::mesh::Model;
use trackbench_core::gbx::access::mesh::export::{EmbeddedMesh, embedded_meshes};
use trackbench_core::gbx::{Chunk, Gbx, Summary, access::thumbnail};
use trackbench_core::toolbox::diff::{DiffOptions, Difference, diff};

pub use crate::gbx::thumbnail::Thumbnail;

/// The other side of a comparison: this document is A, `other` is B.
pub struct Compare {
    /// Where B was read from.
    pub path: PathBuf,
    /// B, parsed.
    pub other: Gbx,
    /// Every difference of A and B (header and body, heavy chunks
    /// included; the Diff view filters them).
    pub differences: Arc<Vec<Difference>>,
}

impl Compare {
    /// Compares `gbx` with `other` read from `path`.
    #[must_use]
    pub fn new(gbx: &Gbx, path: PathBuf, other: Gbx) -> Self {
        let differences = Arc::new(diff(gbx, &other, DiffOptions::default()));
        Self {
            path,
            other,
            differences,
        }
    }

    /// Bytes of B in `space`.
    #[must_use]
    pub fn bytes(&self, space: Space) -> &[u8] {
        match space {
            Space::File => &self.other.file,
            Space::Body => &self.other.body,
        }
    }
}

/// An open GBX file.
pub struct GbxDoc {
    /// Where it came from (`None` for built-in samples).
    pub path: Option<PathBuf>,
    /// Name shown in the title bar.
    pub title: String,
    /// The parsed file under edit (with its history).
    pub edit: GbxDocument,
    /// Selected chunk.
    pub selected: Option<ChunkRef>,
    /// Selected field's bytes (in the selected chunk's space).
    pub selected_field: Option<ByteRange>,
    /// The selected field by structure, when the inspector selected it:
    /// it stays selected across edits (its bytes are found again in each
    /// new parse).
    pub selected_loc: Option<FieldLoc>,
    /// Child nodes read by each (node, chunk).
    pub children: HashMap<(usize, usize), Vec<usize>>,
    /// Nodes that stopped or hold a stopped node (marked in the tree).
    pub nodes_with_stops: HashSet<usize>,
    /// Collector icon pixels (upright), decoded on open and after edits.
    pub icon: Option<Result<egui::ColorImage, String>>,
    /// The map thumbnail, decoded on a thread of its own from open and
    /// after an edit that changes it (`None`: the file has none).
    pub thumbnail: Option<Thumbnail>,
    /// The file's own 3D model (empty for files without geometry), built
    /// on open and after edits.
    pub mesh: Arc<Model>,
    /// Why [`Self::mesh`] is empty although the file was read: the model
    /// builder panicked (a bug), caught so the document stays open.
    pub mesh_error: Option<String>,
    /// The `.Gbx` entries of a map's embedded items ZIP (empty without one
    /// or when the ZIP cannot be listed).
    pub embedded_meshes: Arc<Vec<EmbeddedMesh>>,
    /// The file this one is compared with (the Diff view), and the
    /// differences, recomputed after every edit.
    pub compare: Option<Compare>,
    /// Why the body cannot be trusted, in plain words (not read, or
    /// damaged); `None` otherwise.
    /// The tree shows it and map editing is off while it is set.
    pub damage: Option<String>,
    /// The same for people, at reading size ("This file is cut short…");
    /// `damage` keeps the reader's detail for hovers and reports.
    pub damage_plain: Option<String>,
    /// Set once the user answered "Edit anyway" for this partly read file
    /// (asked once per document, issue 30).
    pub partial_edits_allowed: bool,
    /// Counts the parses this document has had (open, every edit, undo
    /// and redo), so view caches know when to rebuild.
    revision: u64,
    /// What this parse offers the toolbox exports, found on first ask.
    offers: std::sync::OnceLock<ToolboxOffers>,
    /// The parse's chunk counts and completeness, found on first ask (the
    /// status bar shows them every frame; a TM2020 map has tens of
    /// thousands of nodes to count).
    summary: std::sync::OnceLock<Summary>,
}

/// Which toolbox extractions a parse offers: found once per parse (the
/// File menu and the palette ask every frame they are open, and finding
/// them decodes every ghost and the block list).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ToolboxOffers {
    /// The file holds at least one ghost.
    pub ghosts: bool,
    /// One of its ghosts has input events.
    pub inputs: bool,
    /// It is a map with a block list.
    pub blocks: bool,
}

/// Why the body of `gbx` cannot be trusted (see [`GbxDoc::damage`]): the
/// core's completeness (body not read, decompression disagreed).
fn body_damage(gbx: &Gbx) -> Option<String> {
    let c = gbx.completeness();
    // A body not read with no problem met is a file without one.
    if let Some(why) = c.body_unread.filter(|_| !gbx.problems.is_empty()) {
        return Some(format!("The body of this file could not be read: {why}."));
    }
    // A decoder that stops at an unknown chunk (`Gbx::tail`) is not damage:
    // the bytes are kept and written back as they were.
    c.body_problem
        .map(|why| format!("The body of this file is damaged: {why}."))
}

/// The damage of `gbx`'s body said for people (issue 31): a compressed
/// body that declares more bytes than the file has left is "cut short",
/// with both counts; anything else is "damaged".
fn plain_damage(gbx: &Gbx) -> String {
    use crate::widgets::numbers::group_digits;
    match cut_short(gbx) {
        Some((declared, present)) => format!(
            "This file is cut short: its compressed body should have {} bytes, and only {} \
             are there. It may not have been copied or downloaded completely. What could \
             be read is shown; editing is off.",
            group_digits(declared),
            group_digits(present)
        ),
        None => "The body of this file is damaged. What could be read is shown; editing \
                 is off."
            .into(),
    }
}

/// The compressed body's declared size and the bytes the file has for it,
/// when it declares more: the body follows the reference table with its
/// uncompressed then compressed size (u32 each; seed 000 "Body").
fn cut_short(gbx: &Gbx) -> Option<(u64, u64)> {
    if !gbx.header.body_compressed {
        return None;
    }
    let at = usize::try_from(gbx.ref_table.as_ref()?.range.end).ok()?;
    let size = gbx.file.get(at + 4..at + 8)?;
    let declared = u64::from(u32::from_le_bytes(size.try_into().ok()?));
    let present = (gbx.file.len() as u64).saturating_sub(at as u64 + 8);
    (declared > present).then_some((declared, present))
}

impl GbxDoc {
    /// Wraps a parsed file.
    #[must_use]
    pub fn new(gbx: Gbx, title: String, path: Option<PathBuf>) -> Self {
        Self::new_with(gbx, title, path, None)
    }

    /// [`Self::new`] with the thumbnail decode the header already started
    /// (a file opened in two steps, `crate::gbx::opening`): kept when the
    /// parse holds the same JPEG.
    #[must_use]
    pub fn new_with(
        gbx: Gbx,
        title: String,
        path: Option<PathBuf>,
        thumbnail: Option<Thumbnail>,
    ) -> Self {
        let mut doc = Self {
            path,
            title,
            edit: GbxDocument::from_gbx(gbx),
            selected: None,
            selected_field: None,
            selected_loc: None,
            children: HashMap::new(),
            nodes_with_stops: HashSet::new(),
            icon: None,
            thumbnail,
            mesh: Arc::default(),
            mesh_error: None,
            embedded_meshes: Arc::default(),
            compare: None,
            damage: None,
            damage_plain: None,
            partial_edits_allowed: false,
            revision: 0,
            offers: std::sync::OnceLock::new(),
            summary: std::sync::OnceLock::new(),
        };
        doc.refresh();
        doc
    }

    /// Why an edit must be confirmed first: the file did not read
    /// completely ([`Gbx::partial_reason`]) and the user has not answered
    /// "Edit anyway" for this document yet.
    #[must_use]
    pub fn partial_edit_question(&self) -> Option<String> {
        if self.partial_edits_allowed {
            return None;
        }
        self.edit.gbx.partial_reason()
    }

    /// The current parse.
    #[must_use]
    pub fn gbx(&self) -> &Gbx {
        &self.edit.gbx
    }

    /// Recomputes what is derived from the parse (after open and every edit):
    /// node children, the thumbnail and icon, the 3D model; drops a selection that no
    /// longer exists; counts a new [`Self::revision`].
    pub fn refresh(&mut self) {
        let gbx = &self.edit.gbx;
        self.children.clear();
        for (i, n) in gbx.nodes.iter().enumerate() {
            if let Some(parent) = n.parent {
                self.children.entry(parent).or_default().push(i);
            }
        }
        self.nodes_with_stops = gbx.nodes_with_stops();
        self.damage = body_damage(gbx);
        self.damage_plain = self.damage.as_ref().map(|_| plain_damage(gbx));
        // Off the first frame (issue 44): decoded on a thread.
        let kept = self.thumbnail.take();
        self.thumbnail = thumbnail::thumbnail_jpeg(gbx).map(|jpeg| match kept {
            Some(t) => t.again(jpeg),
            None => Thumbnail::start(jpeg),
        });
        self.icon = trackbench_core::gbx::access::images::icon(gbx).map(|icon| {
            trackbench_core::gbx::access::images::decode_icon(icon).map(|img| {
                let size = [img.width() as usize, img.height() as usize];
                egui::ColorImage::from_rgba_unmultiplied(size, img.as_raw())
            })
        });
        let (mesh, mesh_error) = match trackbench_core::jobs::catch(|| Model::from_gbx(gbx)) {
            Ok(m) => (m, None),
            Err(e) => (Model::default(), Some(format!("3D model not built: {e}"))),
        };
        self.mesh = Arc::new(mesh);
        self.mesh_error = mesh_error;
        self.embedded_meshes = Arc::new(
            trackbench_core::jobs::catch(|| embedded_meshes(gbx).unwrap_or_default())
                .unwrap_or_default(),
        );
        if self.selected.is_some_and(|r| self.chunk(r).is_none()) {
            self.selected = None;
        }
        self.reselect_field();
        if let Some(c) = &mut self.compare {
            c.differences = Arc::new(diff(&self.edit.gbx, &c.other, DiffOptions::default()));
        }
        self.revision += 1;
        self.offers = std::sync::OnceLock::new();
        self.summary = std::sync::OnceLock::new();
    }

    /// The parse's [`Summary`] (chunk counts, completeness), computed once
    /// per parse.
    pub fn summary(&self) -> &Summary {
        self.summary.get_or_init(|| self.edit.gbx.summary())
    }

    /// Finds the selected field's bytes again in the current parse (after
    /// an edit, undo or redo); drops a selection by bytes, which may have
    /// moved.
    pub(crate) fn reselect_field(&mut self) {
        let found = self.selected_loc.as_ref().and_then(|loc| {
            let target = trackbench_core::edit::Target::Field(loc.clone());
            let (_, range) = trackbench_core::edit::resolve(self.gbx(), &target, false).ok()?;
            (self.selected == Some(loc.chunk)).then_some(range)
        });
        self.selected_field = found;
        if found.is_none() {
            self.selected_loc = None;
        }
    }

    /// What this parse offers the toolbox exports (computed on first ask).
    #[must_use]
    pub fn toolbox_offers(&self) -> ToolboxOffers {
        *self.offers.get_or_init(|| {
            let gbx = self.gbx();
            let list = trackbench_core::gbx::access::ghosts::ghosts(gbx);
            ToolboxOffers {
                ghosts: !list.is_empty(),
                inputs: list.iter().any(|g| !g.inputs.is_empty()),
                blocks: trackbench_core::gbx::access::map_contents::map_contents(gbx).is_some(),
            }
        })
    }

    /// Which parse this is: changes on every [`Self::refresh`].
    #[must_use]
    pub fn revision(&self) -> u64 {
        self.revision
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
