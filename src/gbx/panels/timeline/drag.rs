//! Dragging on the timeline: a key tick of the selected bar moves that key,
//! anywhere else on a bar moves the whole block. The preview follows the
//! pointer every frame; on release one edit (one undo step) is queued
//! ([`trackbench_core::edit::timeline`]); Escape cancels. Times are rounded
//! to a millisecond, never go below 0 and keys never pass their neighbours.

use super::super::time_ruler::TimeAxis;
use super::super::timeline_layout as tl;
use crate::command::Command;
use trackbench_core::edit::timeline as edits;
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::mediatracker::{BlockInfo, ClipInfo, SpanSource};

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

    /// Follows the pointer at screen x `x`.
    pub fn follow(&mut self, b: &BlockInfo, axis: &TimeAxis, x: f32) {
        let dx = x - self.origin_x;
        self.value = match self.target {
            DragTarget::Key(k) => {
                let Some(key) = b.keys.get(k) else { return };
                let t = tl::dragged_time(axis, key.time_s, dx);
                edits::clamp_key_time(b, k, t)
            }
            DragTarget::Block => edits::clamp_block_shift(b, tl::dragged_shift(axis, dx)),
        };
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

    /// The edit this drag makes, queued when it changes something.
    pub fn commit(&self, b: &BlockInfo, gbx: &Gbx, out: &mut Vec<Command>) {
        if self.is_noop(b) {
            return;
        }
        let edit = match self.target {
            DragTarget::Key(k) => edits::move_key(gbx, b, k, self.value),
            DragTarget::Block => edits::shift_block(gbx, b, self.value),
        };
        if let Ok(edit) = edit {
            out.push(Command::Gbx(crate::command::GbxCommand::ApplyEdit(edit)));
        }
    }
}

/// Block spans per track, with the dragged block at its preview span.
#[must_use]
pub fn spans(clip: &ClipInfo, drag: Option<&BarDrag>) -> Vec<Vec<Option<(f32, f32)>>> {
    clip.tracks
        .iter()
        .enumerate()
        .map(|(t, track)| {
            track
                .blocks
                .iter()
                .enumerate()
                .map(|(i, b)| match drag {
                    Some(d) if d.bar == (t, i) => d.span(b),
                    _ => b.span,
                })
                .collect()
        })
        .collect()
}

/// Per frame: moves the preview with the pointer while the button is held,
/// commits the drag when it is released (wherever the pointer is); Escape
/// cancels it.
pub fn update(
    ui: &egui::Ui,
    drag: &mut Option<BarDrag>,
    (axis, clip, gbx): (&TimeAxis, &ClipInfo, &Gbx),
    out: &mut Vec<Command>,
) {
    let Some(d) = drag.as_mut() else { return };
    let Some(b) = clip.tracks.get(d.bar.0).and_then(|t| t.blocks.get(d.bar.1)) else {
        *drag = None;
        return;
    };
    let (down, pos, esc) = ui.input(|i| {
        (
            i.pointer.primary_down(),
            i.pointer.latest_pos(),
            i.key_pressed(egui::Key::Escape),
        )
    });
    if esc {
        *drag = None; // cancelled: nothing is applied
        return;
    }
    if let Some(p) = pos {
        d.follow(b, axis, p.x);
    }
    if !down {
        d.commit(b, gbx, out);
        *drag = None;
    }
}
