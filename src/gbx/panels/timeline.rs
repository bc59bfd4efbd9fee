//! MediaTracker timeline (issue 5): a clip picker, one row per track with
//! its blocks as bars over their time span and their keys as ticks, a time
//! ruler (Ctrl+wheel zooms at the cursor, dragging the background or
//! Shift+wheel pans, "Fit all", which also follows panel resizes until the
//! user zooms or pans), and beside it the selected block's keys and the
//! clip's triggers.
//!
//! The model comes from `trackbench_core::gbx::access::mediatracker`; geometry from
//! `time_ruler` and `timeline_layout`. Clicking a bar selects its chunk
//! and bytes; dragging a bar moves the whole block, dragging a key tick of
//! the selected bar moves that key, both drawn live and applied on release
//! as one undo step ([`drag`]).

mod details;
pub mod drag;
mod draw;

use super::timeline_layout::{self as tl, Layout};
use crate::command::{Command, DocPanel};
use crate::gbx::doc::{ChunkRef, GbxDoc, Space};
use crate::gbx::view::TimelineState;
use crate::gbx::view::time_axis::TimeAxis;
pub use draw::bar_label;
use egui::{Pos2, Rect, Sense, Vec2};
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::access::mediatracker::{self, BlockInfo, ClipInfo, KeyInfo};

/// Widest the block/key details beside the tracks get.
const DETAILS_W: f32 = 330.0;
/// Empty pixels kept on both sides by "Fit all".
const FIT_MARGIN: f32 = 16.0;

/// True when the document holds MediaTracker clips worth a timeline.
#[must_use]
pub fn has_clips(doc: &GbxDoc) -> bool {
    doc.gbx()
        .nodes
        .iter()
        .any(|n| n.class_id == mediatracker::CLIP)
}

/// Draws the timeline of `doc` with the view state `st`.
pub fn ui(ui: &mut egui::Ui, doc: &GbxDoc, st: &mut TimelineState, out: &mut Vec<Command>) {
    let undo_len = doc.edit.history().undo_len();
    let gbx = doc.gbx();
    let clips = st.clips(gbx, undo_len);
    if clips.is_empty() {
        ui.weak("No MediaTracker clip could be read.");
        return;
    }
    if st.clip >= clips.len() {
        st.pick_clip(0);
    }
    top_bar(ui, st, &clips, out);
    let clip = &clips[st.clip];
    ui.separator();
    let avail = ui.available_size();
    let details_w = (avail.x * 0.4).clamp(160.0, DETAILS_W);
    ui.horizontal_top(|ui| {
        let canvas_w = (avail.x - details_w - 3.0 * ui.spacing().item_spacing.x - 6.0).max(200.0);
        canvas(ui, st, gbx, clip, Vec2::new(canvas_w, avail.y), out);
        ui.separator();
        // What is left of the panel's width; long lines end in "…" (the
        // whole line on hover) instead of running past the panel's edge.
        let w = ui.available_width().clamp(0.0, details_w);
        ui.vertical(|ui| {
            ui.set_width(w);
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
            egui::ScrollArea::vertical()
                .id_salt("timeline_details")
                .show(ui, |ui| {
                    details::details(ui, gbx, st, clip, &clips, out);
                });
        });
    });
}

/// Label of the button that hides the timeline (first in its bar, so a
/// narrow window keeps it in view; issue 44: opened at 800×500, the
/// timeline had no visible close).
pub const HIDE: &str = "Hide timeline";

/// Hide button, clip picker, fit button and zoom readout.
fn top_bar(ui: &mut egui::Ui, st: &mut TimelineState, clips: &[ClipInfo], out: &mut Vec<Command>) {
    ui.horizontal(|ui| {
        let hide = Command::TogglePanel(DocPanel::Bottom);
        if ui
            .button(HIDE)
            .on_hover_text(format!("View menu, {}", hide.shortcut_text()))
            .clicked()
        {
            out.push(hide);
        }
        let label = ui.label("Clip");
        let current = clip_title(&clips[st.clip]);
        let mut picked = None;
        egui::ComboBox::from_id_salt("timeline_clip")
            .selected_text(current)
            .width(280.0)
            .show_ui(ui, |ui| {
                for (i, c) in clips.iter().enumerate() {
                    if ui.selectable_label(i == st.clip, clip_title(c)).clicked() {
                        picked = Some(i);
                    }
                }
            })
            .response
            .labelled_by(label.id);
        if let Some(i) = picked.filter(|&i| i != st.clip) {
            st.pick_clip(i);
        }
        ui.label(format!("{} of {} clips", st.clip + 1, clips.len()));
        let fit = ui.button("Fit all").on_hover_text(
            "Ctrl+wheel: zoom at the cursor\nDrag the background or Shift+wheel: pan\n\
             Wheel: scroll tracks\nDrag a bar: move the block\n\
             Drag a key tick of the selected bar: move the key",
        );
        if fit.clicked() {
            st.axis = None;
        }
        if let Some(a) = st.axis {
            ui.weak(format!("{:.0} px/s", a.px_per_s));
        }
        if let Some(d) = &st.drag {
            ui.strong(format!("Moving {}", draw::drag_readout(d)));
        }
    });
}

/// "Intro: name (3 tracks, 5 blocks)".
fn clip_title(c: &ClipInfo) -> String {
    format!(
        "{} ({} tracks, {} blocks)",
        c.title(),
        c.tracks.len(),
        c.block_count()
    )
}

/// The ruler, track names and bars; handles zoom, pan and clicks.
fn canvas(
    ui: &mut egui::Ui,
    st: &mut TimelineState,
    gbx: &Gbx,
    clip: &ClipInfo,
    size: Vec2,
    out: &mut Vec<Command>,
) {
    let layout = Layout::default();
    let (resp, painter) = ui.allocate_painter(size, Sense::click_and_drag());
    let rect = resp.rect;
    let bars_rect = Rect::from_min_max(
        Pos2::new(rect.left() + layout.header_w, rect.top() + layout.ruler_h),
        rect.max,
    );
    let left = bars_rect.left();
    let width = bars_rect.width();
    if st.fit_width.is_some_and(|w| (w - width).abs() > 0.5) {
        st.axis = None;
    }
    let axis = match st.axis {
        Some(a) => a,
        None => {
            let a = fit(clip, width);
            st.axis = Some(a);
            st.fit_width = Some(width);
            a
        }
    };
    let max_scroll = (layout.rows_height(clip.tracks.len()) - bars_rect.height()).max(0.0);
    st.scroll_y = st.scroll_y.clamp(0.0, max_scroll);
    let rows_top = bars_rect.top() - st.scroll_y;
    painter.rect_filled(rect, 0.0, ui.visuals().extreme_bg_color);
    let visible = layout.visible_rows(
        rows_top,
        bars_rect.top(),
        bars_rect.bottom(),
        clip.tracks.len(),
    );
    let spans = drag::spans(clip, st.drag.as_ref());
    let bars = tl::layout_bars(
        &layout,
        &axis,
        left,
        rows_top,
        &spans,
        visible.clone(),
        (left, bars_rect.right()),
    );
    let bar_painter = painter.with_clip_rect(bars_rect);
    draw::rows(
        ui,
        &bar_painter,
        &layout,
        bars_rect,
        rows_top,
        visible.clone(),
    );
    draw::ticks_grid(ui, &bar_painter, &axis, bars_rect);
    let view = draw::BarView {
        clip,
        gbx,
        axis: &axis,
        left,
    };
    for bar in &bars {
        draw::draw_bar(ui, st, &bar_painter, &view, bar, out);
    }
    drag::update(ui, &mut st.drag, (&axis, clip, gbx), out);
    draw::track_names(
        ui,
        &painter.with_clip_rect(Rect::from_min_max(
            Pos2::new(rect.left(), bars_rect.top()),
            Pos2::new(left, rect.bottom()),
        )),
        &layout,
        clip,
        rect.left(),
        rows_top,
        visible,
    );
    draw::ruler(
        ui,
        &painter.with_clip_rect(Rect::from_min_max(
            Pos2::new(left, rect.top()),
            Pos2::new(rect.right(), bars_rect.top()),
        )),
        &axis,
        left,
        rect.top(),
        layout.ruler_h,
        bars_rect.width(),
    );
    navigate(ui, st, &resp, rect, left);
    if resp.clicked() {
        st.selected = None;
        st.selected_key = None;
    }
}

/// A view fitting the clip's span (one second when nothing is timed).
fn fit(clip: &ClipInfo, width: f32) -> TimeAxis {
    let (a, b) = clip.span().unwrap_or((0.0, 1.0));
    TimeAxis::fit(f64::from(a.min(0.0)), f64::from(b), width, FIT_MARGIN)
}

/// Ctrl+wheel zoom at the cursor, Shift+wheel and drag pan, wheel scrolls rows.
fn navigate(ui: &egui::Ui, st: &mut TimelineState, resp: &egui::Response, rect: Rect, left: f32) {
    let Some(axis) = st.axis.as_mut() else { return };
    if resp.dragged() && st.drag.is_none() {
        let d = resp.drag_delta();
        axis.pan_px(d.x);
        st.scroll_y -= d.y;
        if d.x != 0.0 {
            st.fit_width = None;
        }
    }
    let Some(pos) = ui
        .input(|i| i.pointer.hover_pos())
        .filter(|p| rect.contains(*p))
    else {
        return;
    };
    let (zoom, scroll) = ui.input(|i| (i.zoom_delta(), i.smooth_scroll_delta()));
    if zoom != 1.0 {
        axis.zoom_at(left, pos.x.max(left), f64::from(zoom));
        st.fit_width = None;
    }
    if scroll != Vec2::ZERO {
        axis.pan_px(scroll.x);
        if scroll.x != 0.0 {
            st.fit_width = None;
        }
        st.scroll_y -= scroll.y;
        ui.ctx().input_mut(|i| i.smooth_scroll_delta = Vec2::ZERO);
    }
}

/// Selects a block: its chunk in the tree and its node's bytes.
fn select_block(
    st: &mut TimelineState,
    at: (usize, usize),
    b: &BlockInfo,
    gbx: &Gbx,
    out: &mut Vec<Command>,
) {
    st.selected = Some(at);
    st.selected_key = None;
    out.push(Command::Gbx(crate::command::GbxCommand::SelectChunk(
        ChunkRef::Body {
            node: b.node,
            chunk: b.chunk,
        },
    )));
    if let Some(n) = gbx.nodes.get(b.node) {
        out.push(Command::Gbx(crate::command::GbxCommand::SelectField(
            Space::Body,
            n.range,
        )));
    }
}

/// Selects a key: its chunk and its bytes.
fn select_key(st: &mut TimelineState, k: &KeyInfo, i: usize, out: &mut Vec<Command>) {
    st.selected_key = Some(i);
    out.push(Command::Gbx(crate::command::GbxCommand::SelectChunk(
        ChunkRef::Body {
            node: k.node,
            chunk: k.chunk,
        },
    )));
    out.push(Command::Gbx(crate::command::GbxCommand::SelectField(
        Space::Body,
        k.range,
    )));
}
