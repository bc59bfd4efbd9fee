//! State of the blocks & items view: which table, its filter and sort, the
//! selected record, and the caches (what was extracted from the current
//! revision, and the rows shown for the current filter and sort).

use egui_plot::PlotPoint;
use std::rc::Rc;
use trackbench_core::gbx::access::map_contents::{Kind, MapContents};

/// Which table is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Table {
    /// Blocks (placed, and baked when asked).
    #[default]
    Blocks,
    /// Items (anchored objects).
    Items,
}

/// What was extracted from one revision of the document.
pub struct Extract {
    /// Blocks and items.
    pub contents: MapContents,
    /// Plot points.
    pub plot: PlotData,
    /// The map's validation (author time, ghost).
    pub validation: Option<trackbench_core::edit::map_ops::Validation>,
    /// Colour bytes of the blocks and items (TM2020 maps with 0x03043062).
    pub colours: Option<(Vec<u8>, Vec<u8>)>,
    /// Cars offered by "Car & decoration…": known for the map's
    /// environment, and the file's own (`known_names::offered`).
    pub cars: Vec<String>,
    /// Decorations (moods) offered, the same way.
    pub decorations: Vec<String>,
    /// The block palette: the names of the map's placed blocks and the data
    /// file's for its environment, sorted, without repeats.
    pub block_names: Vec<String>,
    /// The palette's items: the paths of the items embedded in the map
    /// (0x03043054) and the model names of the map's game items (not an
    /// item file's path), sorted, without repeats.
    pub item_names: Vec<String>,
}

/// Plot points, built once per extraction: blocks per kind (placed, then
/// baked), and items.
#[derive(Default)]
pub struct PlotData {
    /// (kind, points) of placed blocks.
    pub blocks: Vec<(Kind, Vec<PlotPoint>)>,
    /// Baked blocks (shown when asked).
    pub baked: Vec<PlotPoint>,
    /// Items.
    pub items: Vec<PlotPoint>,
}

const KINDS: [Kind; 5] = [
    Kind::Other,
    Kind::Checkpoint,
    Kind::Start,
    Kind::Finish,
    Kind::StartFinish,
];

impl PlotData {
    /// Points of every record of `x`, in block units (x to the right, z
    /// upwards; items at their position in metres divided by 32).
    #[must_use]
    pub fn new(x: &Extract) -> Self {
        let mut blocks: Vec<(Kind, Vec<PlotPoint>)> =
            KINDS.iter().map(|k| (*k, Vec::new())).collect();
        let mut baked = Vec::new();
        for b in x.contents.blocks() {
            let [px, pz] = b.plan_position();
            let p = PlotPoint::new(px + 0.5, pz + 0.5);
            if b.baked && b.kind == Kind::Other {
                baked.push(p);
            } else if let Some((_, v)) = blocks.iter_mut().find(|(k, _)| *k == b.kind) {
                v.push(p);
            }
        }
        let items = x
            .contents
            .items
            .iter()
            .map(|i| {
                PlotPoint::new(
                    f64::from(i.position_m[0]) / 32.0,
                    f64::from(i.position_m[2]) / 32.0,
                )
            })
            .collect();
        Self {
            blocks,
            baked,
            items,
        }
    }
}

/// The rows shown for one (table, filter, sort, baked) setting.
#[derive(Default)]
pub struct Shown {
    /// The setting these rows were computed for: table, filter, sort
    /// column, descending, baked shown.
    pub key: (Table, String, usize, bool, bool),
    /// Record indices in display order.
    pub rows: Vec<usize>,
    /// (name, count) of the shown records, most frequent first.
    pub per_name: Vec<(String, usize)>,
}

/// View state kept per document.
#[derive(Default)]
pub struct ContentsState {
    /// Extracted data of the current revision (`None`: not extracted yet;
    /// `Some(None)`: not a map).
    pub cache: Option<Option<Rc<Extract>>>,
    /// Rows shown last frame (reused while the setting is unchanged).
    pub shown: Option<Shown>,
    /// Blocks or items.
    pub table: Table,
    /// Filter text (case-insensitive, matches name, kind and waypoint).
    pub filter: String,
    /// Sort column and direction (true: descending).
    pub sort: (usize, bool),
    /// Show baked blocks (0x03043048) in the table and the plot.
    pub show_baked: bool,
    /// Selected row: (table, record index).
    pub selected: Option<(Table, usize)>,
    /// In a view too narrow for both: the top-view plot instead of the
    /// table (the view sets it back to false when the plot goes beside the
    /// table).
    pub narrow_plot: bool,
    /// The blocks and items selected, each table's part kept while the
    /// other table is shown; the toolbar acts on [`Self::acting`].
    pub selection: super::contents_ops::ContentsSelection,
    /// Whether the head (toolbars, summary, warnings) is folded to leave
    /// the table or plot its minimum.
    pub head: crate::widgets::view_head::HeadFold,
    /// Where the table was drawn last frame (header, rows and sideways
    /// scroll bar; `None` when no table was drawn): for the layout test.
    pub table_rect: Option<egui::Rect>,
    /// Where the top-view plot was drawn last frame (`None` when hidden).
    pub plot_rect: Option<egui::Rect>,
    /// The toolbar's forms.
    pub ops: super::contents_ops::OpsDraft,
    /// A box being dragged on the plot.
    pub box_drag: Option<super::contents_ops::BoxDrag>,
    /// Drag on the plot pans it (else it draws a selection box).
    pub plot_pans: bool,
    /// The top view's block palette and placing mode (issue 45).
    pub placing: super::placing::PlacingState,
}

impl std::fmt::Debug for ContentsState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ContentsState")
            .field("table", &self.table)
            .field("filter", &self.filter)
            .finish_non_exhaustive()
    }
}

impl ContentsState {
    /// What the view shows selected and the toolbar acts on (issue 44):
    /// the shown table's part of the selection, or all of it when the top
    /// view is shown alone (it shows blocks and items together).
    #[must_use]
    pub fn acting(&self) -> super::contents_ops::ContentsSelection {
        if self.narrow_plot {
            self.selection.clone()
        } else {
            self.selection.only(self.table)
        }
    }

    /// Drops the extracted data (after an edit or a reload).
    pub fn invalidate(&mut self) {
        self.cache = None;
        self.shown = None;
    }
}
