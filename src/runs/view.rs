//! What the Runs view remembers between frames: the user's choices and
//! the plots' series ([`SeriesCache`], computed again only when the runs,
//! the reference or the lanes shown change).

use super::series::{DELTA_STEP_M, SeriesCache, SeriesKey};
use crate::widgets::responsive::PanelSizes;

/// The part of the Runs view shown below the table.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum RunsTab {
    /// Delta per checkpoint and along the distance.
    #[default]
    Delta,
    /// Speed against distance.
    Speed,
    /// Paths from above with the scrubber.
    Paths,
    /// Steer, gas and brake in time.
    Inputs,
    /// Statistics of one run's inputs.
    Stats,
}

impl RunsTab {
    /// Every tab, in order, with its label.
    pub const ALL: [(Self, &'static str); 5] = [
        (Self::Delta, "Delta"),
        (Self::Speed, "Speed"),
        (Self::Paths, "Paths"),
        (Self::Inputs, "Input lanes"),
        (Self::Stats, "Input statistics"),
    ];
}

/// View state of a Runs tab.
#[derive(Debug, Clone)]
pub struct RunsView {
    /// The tab below the table.
    pub tab: RunsTab,
    /// The reference chosen by the user (`None`: the fastest).
    pub reference: Option<usize>,
    /// The scrubber's race time (ms).
    pub scrub_ms: f64,
    /// The run whose inputs the statistics show.
    pub stats_run: usize,
    /// Which inputs the lanes show (steer, gas, brake).
    pub inputs_shown: [bool; 3],
    /// The split table shown or folded by the user (`bottom_shown`; `None`:
    /// the layout policy decides) and its dragged height (`bottom_frac`).
    pub table: PanelSizes,
    /// The plots' series, kept between frames.
    pub series: SeriesCache,
    /// The smallest plot drawn last frame (screen points), for the layout
    /// test and its own checks.
    pub plot_rect: Option<egui::Rect>,
    /// True when the table was folded for lack of room last frame.
    pub table_folded: bool,
    /// The lanes plot's transform last frame (tests hover a lane's point
    /// through it).
    pub lanes_transform: Option<egui_plot::PlotTransform>,
    /// Where the split table's rows showed last frame (screen points; the
    /// layout test checks no row is cut at its bottom).
    pub table_rows_rect: Option<egui::Rect>,
}

impl Default for RunsView {
    fn default() -> Self {
        Self {
            tab: RunsTab::default(),
            reference: None,
            scrub_ms: 0.0,
            stats_run: 0,
            inputs_shown: [true; 3],
            table: PanelSizes::default(),
            series: SeriesCache::default(),
            plot_rect: None,
            table_folded: false,
            lanes_transform: None,
            table_rows_rect: None,
        }
    }
}

impl RunsView {
    /// What the series are computed from for `revision` of the runs.
    #[must_use]
    pub fn series_key(&self, revision: u64) -> SeriesKey {
        SeriesKey {
            revision,
            reference: self.reference,
            step_m: DELTA_STEP_M,
            inputs_shown: self.inputs_shown,
        }
    }
}
