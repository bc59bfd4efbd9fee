//! State of the MediaTracker timeline: the shown clip, the time axis (zoom
//! and pan), the selected bar and key, a drag in progress, and the clips
//! read from the current parse.

use super::time_axis::TimeAxis;
use std::sync::Arc;
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::access::mediatracker::{self, BlockInfo, ClipInfo, SpanSource};

/// Identifies one parse, so the model is rebuilt after edits.
type Fingerprint = (usize, usize, usize, usize);

/// Timeline view state of a document (zoom, pan, chosen clip).
#[derive(Debug, Clone, Default)]
pub struct TimelineState {
    /// Position of the shown clip in the clip list.
    pub clip: usize,
    /// Time axis; `None` fits the clip on the next frame.
    pub axis: Option<TimeAxis>,
    /// Rows scrolled out above the view, pixels.
    pub scroll_y: f32,
    /// Selected (track, block) of the shown clip.
    pub selected: Option<(usize, usize)>,
    /// Selected key of the selected block.
    pub selected_key: Option<usize>,
    /// Key or block drag in progress.
    pub drag: Option<BarDrag>,
    /// Width the axis was fitted to, while the user has not zoomed or
    /// panned since (the view is fitted again when the panel is resized).
    pub fit_width: Option<f32>,
    /// The selected key's form (drafts of its values).
    pub key_form: super::KeyFormState,
    cache: Option<(Fingerprint, Arc<Vec<ClipInfo>>)>,
}

impl TimelineState {
    /// The clips of `gbx`, rebuilt only when the parse changed.
    pub fn clips(&mut self, gbx: &Gbx, undo_len: usize) -> Arc<Vec<ClipInfo>> {
        let fp = (
            gbx.body.as_ptr() as usize,
            gbx.body.len(),
            gbx.nodes.len(),
            undo_len,
        );
        match &self.cache {
            Some((f, c)) if *f == fp => Arc::clone(c),
            _ => {
                let c = Arc::new(mediatracker::clips(gbx));
                self.cache = Some((fp, Arc::clone(&c)));
                c
            }
        }
    }

    /// Shows clip `i`: fit, no selection.
    pub fn pick_clip(&mut self, i: usize) {
        self.clip = i;
        self.axis = None;
        self.scroll_y = 0.0;
        self.selected = None;
        self.selected_key = None;
        self.drag = None;
    }
}

/// What a drag moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DragTarget {
    /// Key `n` of the block.
    Key(usize),
    /// Every time of the block.
    Block,
}

/// A drag in progress on bar (track, block) of the shown clip.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BarDrag {
    /// Track and block.
    pub bar: (usize, usize),
    /// Key or whole block.
    pub target: DragTarget,
    /// Pointer x where the button went down, screen pixels.
    pub origin_x: f32,
    /// For a key, its new time; for a block, the shift of all its times
    /// (seconds, already clamped).
    pub value: f32,
}

impl BarDrag {
    /// A drag of `target` starting with nothing moved.
    #[must_use]
    pub fn new(bar: (usize, usize), target: DragTarget, b: &BlockInfo, origin_x: f32) -> Self {
        let value = match target {
            DragTarget::Key(k) => b.keys.get(k).map_or(0.0, |k| k.time_s),
            DragTarget::Block => 0.0,
        };
        Self {
            bar,
            target,
            origin_x,
            value,
        }
    }

    /// True when the drag would change nothing.
    #[must_use]
    pub fn is_noop(&self, b: &BlockInfo) -> bool {
        match self.target {
            DragTarget::Key(k) => b.keys.get(k).is_none_or(|key| key.time_s == self.value),
            DragTarget::Block => self.value == 0.0,
        }
    }

    /// Key times of `b` as the drag shows them.
    #[must_use]
    pub fn key_times(&self, b: &BlockInfo) -> Vec<f32> {
        b.keys
            .iter()
            .enumerate()
            .map(|(i, k)| match self.target {
                DragTarget::Key(n) if n == i => self.value,
                DragTarget::Key(_) => k.time_s,
                DragTarget::Block => k.time_s + self.value,
            })
            .collect()
    }

    /// The span of `b` as the drag shows it.
    #[must_use]
    pub fn span(&self, b: &BlockInfo) -> Option<(f32, f32)> {
        match (self.target, b.span_source) {
            (DragTarget::Block, _) => b.span.map(|(s, e)| (s + self.value, e + self.value)),
            (DragTarget::Key(_), SpanSource::Keys) => {
                let ts = self.key_times(b);
                let first = *ts.first()?;
                Some(
                    ts.iter()
                        .fold((first, first), |(a, z), &t| (a.min(t), z.max(t))),
                )
            }
            _ => b.span,
        }
    }
}
