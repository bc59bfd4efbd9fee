//! State of the ghost view: the shown ghost, the tab below its summary, the
//! clicked sample, and the ghosts decoded from the current revision.

use trackbench_core::gbx::GhostInfo;

/// Which part of the ghost is shown below the summary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum GhostTab {
    /// Speed over time and the top-down path.
    #[default]
    Plots,
    /// Checkpoint times and splits.
    Checkpoints,
    /// Input events.
    Inputs,
    /// The decoded samples.
    Samples,
}

/// View state kept per document.
#[derive(Debug, Default)]
pub struct GhostState {
    /// Decoded ghosts of the current revision (`None` until first shown).
    pub cache: Option<Vec<GhostInfo>>,
    /// Position of the shown ghost in the list.
    pub ghost: usize,
    /// The tab below the summary.
    pub tab: GhostTab,
    /// Sample row last clicked.
    pub selected_sample: Option<usize>,
    /// Whether the head (picker, summary, tabs) is folded to leave the
    /// plots or table their minimum.
    pub head: crate::widgets::view_head::HeadFold,
    /// Where the plots were drawn last frame (for the layout test).
    pub plot_rects: Vec<egui::Rect>,
    /// Where the shown tab's body was drawn last frame.
    pub body_rect: Option<egui::Rect>,
}

impl GhostState {
    /// Forgets the decoded ghosts (the document changed).
    pub fn invalidate(&mut self) {
        self.cache = None;
        self.selected_sample = None;
    }
}
