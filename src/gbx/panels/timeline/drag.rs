//! Dragging on the timeline: a key tick of the selected bar moves that key,
//! anywhere else on a bar moves the whole block. The preview follows the
//! pointer every frame; on release one edit (one undo step) is queued
//! ([`trackbench_core::edit::timeline`]); Escape cancels. Times are rounded
//! to a millisecond, never go below 0 and keys never pass their neighbours.

use super::super::timeline_layout as tl;
use crate::command::Command;
use crate::command::shortcut::PanelKey;
use crate::gbx::view::time_axis::TimeAxis;
use crate::gbx::view::{BarDrag, DragTarget};
use crate::widgets::keys::pressed_in;
use trackbench_core::edit::timeline as edits;
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::access::mediatracker::{BlockInfo, ClipInfo};

/// Follows the pointer at screen x `x`: the key's new time or the block's
/// shift, rounded to a millisecond and clamped.
fn follow(d: &mut BarDrag, b: &BlockInfo, axis: &TimeAxis, x: f32) {
    let dx = x - d.origin_x;
    d.value = match d.target {
        DragTarget::Key(k) => {
            let Some(key) = b.keys.get(k) else { return };
            let t = tl::dragged_time(axis, key.time_s, dx);
            edits::clamp_key_time(b, k, t)
        }
        DragTarget::Block => edits::clamp_block_shift(b, tl::dragged_shift(axis, dx)),
    };
}

/// Queues the edit drag `d` makes, when it changes something.
fn commit(d: &BarDrag, b: &BlockInfo, gbx: &Gbx, out: &mut Vec<Command>) {
    if d.is_noop(b) {
        return;
    }
    let edit = match d.target {
        DragTarget::Key(k) => edits::move_key(gbx, b, k, d.value),
        DragTarget::Block => edits::shift_block(gbx, b, d.value),
    };
    if let Ok(edit) = edit {
        out.push(Command::Gbx(crate::command::GbxCommand::ApplyEdit(edit)));
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
            pressed_in(i, PanelKey::CancelDrag),
        )
    });
    if esc {
        *drag = None; // cancelled: nothing is applied
        return;
    }
    if let Some(p) = pos {
        follow(d, b, axis, p.x);
    }
    if !down {
        commit(d, b, gbx, out);
        *drag = None;
    }
}
