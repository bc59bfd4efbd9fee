//! What the Runs view remembers between frames.

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
#[derive(Debug, Clone, Default)]
pub struct RunsView {
    /// The tab below the table.
    pub tab: RunsTab,
    /// The reference chosen by the user (`None`: the fastest).
    pub reference: Option<usize>,
    /// The scrubber's race time (ms).
    pub scrub_ms: f64,
    /// The run whose inputs the statistics show.
    pub stats_run: usize,
}
