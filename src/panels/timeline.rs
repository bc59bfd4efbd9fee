//! MediaTracker timeline (issue 5): a clip picker, one row per track with
//! its blocks as bars over their time span and their keys as ticks, a time
//! ruler (Ctrl+wheel zooms at the cursor, drag or Shift+wheel pans, "Fit
//! all"), and beside it the selected block's keys and the clip's trigger.
//!
//! The model comes from `trackbench_core::gbx::mediatracker`; geometry from
//! [`time_ruler`] and [`timeline_layout`]. Clicking a bar selects its chunk
//! and bytes; dragging a key tick of the selected bar moves its time stamp
//! (one undo step per drag, applied on release).

use super::time_ruler::{self, TimeAxis};
use super::timeline_layout::{self as tl, Bar, Layout};
use crate::command::Command;
use crate::document::{ChunkRef, Document, Space};
use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, Vec2};
use std::sync::Arc;
use trackbench_core::edit::{ChunkLoc, FieldLoc, map};
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::mediatracker::{
    self, BlockInfo, BlockKind, ClipInfo, KeyInfo, SpanSource,
};

/// Widest the block/key details beside the tracks get.
const DETAILS_W: f32 = 330.0;
/// Empty pixels kept on both sides by "Fit all".
const FIT_MARGIN: f32 = 16.0;

/// Identifies one parse, so the model is rebuilt after edits.
type Fingerprint = (usize, usize, usize, usize);

/// A key being dragged.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyDrag {
    /// Track and block of the key.
    pub bar: (usize, usize),
    /// Key position in the block.
    pub key: usize,
    /// Time stamp when the drag started, seconds.
    pub start_s: f32,
    /// Time stamp under the pointer now, seconds.
    pub now_s: f32,
}

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
    /// Key drag in progress.
    pub drag: Option<KeyDrag>,
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

/// True when the document holds MediaTracker clips worth a timeline.
#[must_use]
pub fn has_clips(doc: &Document) -> bool {
    doc.gbx()
        .nodes
        .iter()
        .any(|n| n.class_id == mediatracker::CLIP)
}

/// Draws the timeline.
pub fn ui(ui: &mut egui::Ui, doc: &mut Document, out: &mut Vec<Command>) {
    let undo_len = doc.edit.history().undo_len();
    let Document {
        timeline: st, edit, ..
    } = doc;
    let gbx = &edit.gbx;
    let clips = st.clips(gbx, undo_len);
    if clips.is_empty() {
        ui.weak("No MediaTracker clip could be read.");
        return;
    }
    if st.clip >= clips.len() {
        st.pick_clip(0);
    }
    top_bar(ui, st, &clips);
    let clip = &clips[st.clip];
    ui.separator();
    let avail = ui.available_size();
    let details_w = (avail.x * 0.4).clamp(160.0, DETAILS_W);
    ui.horizontal_top(|ui| {
        let canvas_w = (avail.x - details_w - 3.0 * ui.spacing().item_spacing.x - 6.0).max(200.0);
        canvas(ui, st, gbx, clip, Vec2::new(canvas_w, avail.y), out);
        ui.separator();
        ui.vertical(|ui| {
            ui.set_max_width(details_w);
            egui::ScrollArea::vertical()
                .id_salt("timeline_details")
                .show(ui, |ui| {
                    details(ui, st, clip, &clips, out);
                });
        });
    });
}

/// Clip picker, fit button and zoom readout.
fn top_bar(ui: &mut egui::Ui, st: &mut TimelineState, clips: &[ClipInfo]) {
    ui.horizontal(|ui| {
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
            "Ctrl+wheel: zoom at the cursor\nDrag or Shift+wheel: pan\nWheel: scroll tracks",
        );
        if fit.clicked() {
            st.axis = None;
        }
        if let Some(a) = st.axis {
            ui.weak(format!("{:.0} px/s", a.px_per_s));
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

/// Bar colour of a block kind.
fn kind_color(kind: BlockKind) -> Color32 {
    match kind {
        BlockKind::Camera => Color32::from_rgb(70, 120, 200),
        BlockKind::Effect => Color32::from_rgb(140, 90, 190),
        BlockKind::Text => Color32::from_rgb(210, 130, 40),
        BlockKind::Image => Color32::from_rgb(50, 160, 130),
        BlockKind::Sound => Color32::from_rgb(190, 170, 40),
        BlockKind::Ghost => Color32::from_rgb(110, 150, 90),
        BlockKind::Transition => Color32::from_rgb(170, 60, 70),
        BlockKind::Time => Color32::from_rgb(40, 160, 180),
        BlockKind::Triangles => Color32::from_rgb(200, 90, 150),
        BlockKind::Other => Color32::from_rgb(120, 120, 120),
    }
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
    let axis = *st.axis.get_or_insert_with(|| fit(clip, bars_rect.width()));
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
    let spans: Vec<Vec<Option<(f32, f32)>>> = clip
        .tracks
        .iter()
        .map(|t| t.blocks.iter().map(|b| b.span).collect())
        .collect();
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
    rows(
        ui,
        &bar_painter,
        &layout,
        bars_rect,
        rows_top,
        visible.clone(),
    );
    ticks_grid(ui, &bar_painter, &axis, bars_rect);
    for bar in &bars {
        draw_bar(ui, st, &bar_painter, clip, (&axis, left), bar, gbx, out);
    }
    track_names(
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
    ruler(
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
    }
    if scroll != Vec2::ZERO {
        axis.pan_px(scroll.x);
        st.scroll_y -= scroll.y;
        ui.ctx().input_mut(|i| i.smooth_scroll_delta = Vec2::ZERO);
    }
}

/// Alternating row backgrounds.
fn rows(
    ui: &egui::Ui,
    painter: &egui::Painter,
    layout: &Layout,
    area: Rect,
    rows_top: f32,
    visible: std::ops::Range<usize>,
) {
    for row in visible {
        let top = layout.row_top(rows_top, row);
        let r = Rect::from_min_max(
            Pos2::new(area.left(), top),
            Pos2::new(area.right(), top + layout.row_h),
        );
        let fill = if row % 2 == 0 {
            ui.visuals().faint_bg_color
        } else {
            ui.visuals().extreme_bg_color
        };
        painter.rect_filled(r, 0.0, fill);
    }
}

/// Faint vertical lines at the labelled ticks.
fn ticks_grid(ui: &egui::Ui, painter: &egui::Painter, axis: &TimeAxis, area: Rect) {
    let stroke = Stroke::new(
        1.0,
        ui.visuals()
            .widgets
            .noninteractive
            .bg_stroke
            .color
            .gamma_multiply(0.5),
    );
    for t in time_ruler::ticks(axis, area.left(), area.width())
        .iter()
        .filter(|t| t.major)
    {
        painter.vline(t.x, area.y_range(), stroke);
    }
}

/// The ruler: ticks and their labels in seconds.
fn ruler(
    ui: &egui::Ui,
    painter: &egui::Painter,
    axis: &TimeAxis,
    left: f32,
    top: f32,
    h: f32,
    width: f32,
) {
    let area = Rect::from_min_size(Pos2::new(left, top), Vec2::new(width, h));
    painter.rect_filled(area, 0.0, ui.visuals().panel_fill);
    let color = ui.visuals().text_color();
    let step = time_ruler::tick_step(axis.px_per_s, time_ruler::MIN_LABEL_PX);
    for t in time_ruler::ticks(axis, left, width) {
        let len = if t.major { h * 0.45 } else { h * 0.2 };
        painter.vline(
            t.x,
            (area.bottom() - len)..=area.bottom(),
            Stroke::new(1.0, color),
        );
        if t.major {
            let label = time_ruler::format_tick(t.t, step);
            painter.text(
                Pos2::new(t.x + 3.0, top + 2.0),
                Align2::LEFT_TOP,
                label,
                FontId::proportional(11.0),
                color,
            );
        }
    }
}

/// Track names in the left column.
fn track_names(
    ui: &egui::Ui,
    painter: &egui::Painter,
    layout: &Layout,
    clip: &ClipInfo,
    x: f32,
    rows_top: f32,
    visible: std::ops::Range<usize>,
) {
    for row in visible {
        let t = &clip.tracks[row];
        let y = layout.row_top(rows_top, row) + layout.row_h / 2.0;
        let name = if t.name.is_empty() {
            format!("Track {}", row + 1)
        } else {
            t.name.clone()
        };
        painter.text(
            Pos2::new(x + 6.0, y),
            Align2::LEFT_CENTER,
            name,
            FontId::proportional(12.0),
            ui.visuals().text_color(),
        );
    }
}

/// Accessible label of a bar (also its tooltip's first line).
#[must_use]
pub fn bar_label(track: &str, b: &BlockInfo) -> String {
    let span = b
        .span
        .map_or_else(String::new, |(s, e)| format!(" {s:.3}-{e:.3} s"));
    format!("{track}: {} {}{span}", b.kind.name(), b.label())
}

/// One bar: body, label, key ticks; click selects, dragging a key moves it.
#[allow(clippy::too_many_arguments)]
fn draw_bar(
    ui: &egui::Ui,
    st: &mut TimelineState,
    painter: &egui::Painter,
    clip: &ClipInfo,
    (axis, left): (&TimeAxis, f32),
    bar: &Bar,
    gbx: &Gbx,
    out: &mut Vec<Command>,
) {
    let track = &clip.tracks[bar.track];
    let b = &track.blocks[bar.block];
    let r = Rect::from_min_max(
        Pos2::new(bar.rect.x0, bar.rect.y0),
        Pos2::new(bar.rect.x1, bar.rect.y1),
    );
    let id = ui.make_persistent_id(("timeline_bar", clip.node, bar.track, bar.block));
    let label = bar_label(&track.name, b);
    let resp = ui.interact(
        r.intersect(painter.clip_rect()),
        id,
        Sense::click_and_drag(),
    );
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
    let selected = st.selected == Some((bar.track, bar.block));
    let fill = kind_color(b.kind);
    painter.rect_filled(
        r,
        3.0,
        if resp.hovered() {
            fill.gamma_multiply(1.25)
        } else {
            fill
        },
    );
    if selected {
        painter.rect_stroke(
            r,
            3.0,
            Stroke::new(2.0, ui.visuals().selection.stroke.color),
            StrokeKind::Outside,
        );
    }
    if r.width() > 24.0 {
        let text_painter = painter.with_clip_rect(r.shrink(2.0).intersect(painter.clip_rect()));
        text_painter.text(
            Pos2::new(r.left() + 5.0, r.center().y),
            Align2::LEFT_CENTER,
            b.label(),
            FontId::proportional(11.5),
            Color32::WHITE,
        );
    }
    let xs = key_xs(st, axis, left, bar, b);
    for (i, x) in xs.iter().enumerate() {
        let hot = selected && st.selected_key == Some(i);
        let h = if hot { 0.0 } else { 4.0 };
        painter.vline(
            *x,
            (r.top() + h)..=(r.bottom() - h),
            Stroke::new(if hot { 2.5 } else { 1.5 }, Color32::from_white_alpha(220)),
        );
    }
    let resp = resp.on_hover_text(format!(
        "{label}\n{} keys, span from {}",
        b.keys.len(),
        span_source(b.span_source)
    ));
    bar_input(st, &resp, axis, bar, b, &xs, gbx, out);
}

/// Screen x of each key tick (a dragged key at its preview time).
fn key_xs(st: &TimelineState, axis: &TimeAxis, left: f32, bar: &Bar, b: &BlockInfo) -> Vec<f32> {
    b.keys
        .iter()
        .enumerate()
        .map(|(i, k)| {
            let t = match &st.drag {
                Some(d) if d.bar == (bar.track, bar.block) && d.key == i => d.now_s,
                _ => k.time_s,
            };
            axis.x(left, f64::from(t))
        })
        .collect()
}

/// Clicks and key drags on a bar.
#[allow(clippy::too_many_arguments)]
fn bar_input(
    st: &mut TimelineState,
    resp: &egui::Response,
    axis: &TimeAxis,
    bar: &Bar,
    b: &BlockInfo,
    xs: &[f32],
    gbx: &Gbx,
    out: &mut Vec<Command>,
) {
    let here = (bar.track, bar.block);
    if resp.clicked() {
        let key = resp
            .interact_pointer_pos()
            .and_then(|p| tl::hit_key(xs, p.x));
        select_block(st, here, b, gbx, out);
        if let Some(k) = key {
            select_key(st, &b.keys[k], k, out);
        }
    }
    if resp.drag_started() && st.selected == Some(here) {
        let key = resp
            .interact_pointer_pos()
            .and_then(|p| tl::hit_key(xs, p.x));
        if let Some(k) = key {
            st.drag = Some(KeyDrag {
                bar: here,
                key: k,
                start_s: b.keys[k].time_s,
                now_s: b.keys[k].time_s,
            });
            st.selected_key = Some(k);
        }
    }
    let dragging_here = st.drag.as_ref().is_some_and(|d| d.bar == here);
    if dragging_here
        && resp.dragged()
        && let Some(d) = st.drag.as_mut()
    {
        let total = resp.total_drag_delta().map_or(0.0, |v| v.x);
        d.now_s = tl::dragged_time(axis, d.start_s, total);
    }
    if dragging_here && resp.drag_stopped() {
        if let Some(d) = st.drag.take()
            && d.now_s != d.start_s
        {
            move_key(&b.keys[d.key], d.now_s, gbx, out);
        }
    } else if resp.dragged() && st.drag.is_none() {
        if let Some(a) = st.axis.as_mut() {
            a.pan_px(resp.drag_delta().x);
        }
        st.scroll_y -= resp.drag_delta().y;
    }
}

/// Queues the edit that sets a key's time stamp (one undo step).
fn move_key(k: &KeyInfo, t: f32, gbx: &Gbx, out: &mut Vec<Command>) {
    let loc = FieldLoc {
        chunk: ChunkLoc::Body {
            node: k.node,
            chunk: k.chunk,
        },
        path: k.time_path.clone(),
    };
    if let Ok(mut edit) = map::set_field(gbx, &loc, &format!("{t}")) {
        edit.label = format!("move key to {t} s");
        edit.merge_key = None;
        out.push(Command::ApplyEdit(edit));
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
    out.push(Command::SelectChunk(ChunkRef::Body {
        node: b.node,
        chunk: b.chunk,
    }));
    if let Some(n) = gbx.nodes.get(b.node) {
        out.push(Command::SelectField(Space::Body, n.range));
    }
}

/// Selects a key: its chunk and its bytes.
fn select_key(st: &mut TimelineState, k: &KeyInfo, i: usize, out: &mut Vec<Command>) {
    st.selected_key = Some(i);
    out.push(Command::SelectChunk(ChunkRef::Body {
        node: k.node,
        chunk: k.chunk,
    }));
    out.push(Command::SelectField(Space::Body, k.range));
}

fn span_source(s: SpanSource) -> &'static str {
    match s {
        SpanSource::Explicit => "timeClipStart/timeClipEnd",
        SpanSource::Keys => "first/last key",
        SpanSource::None => "nothing timed",
    }
}

/// Beside the tracks: the clip, its trigger, the selected block and keys.
fn details(
    ui: &mut egui::Ui,
    st: &mut TimelineState,
    clip: &ClipInfo,
    clips: &[ClipInfo],
    out: &mut Vec<Command>,
) {
    ui.strong(clip.title());
    let span = clip
        .span()
        .map_or("no timed block".into(), |(a, b)| format!("{a:.3}-{b:.3} s"));
    ui.label(format!(
        "{} tracks, {} blocks, {span}",
        clip.tracks.len(),
        clip.block_count()
    ));
    if let Some(g) = clip.group {
        triggers(ui, st, clip, clips, g);
    }
    ui.separator();
    let Some((t, bi)) = st.selected else {
        ui.weak("Click a bar to list its keys.");
        return;
    };
    let Some(b) = clip.tracks.get(t).and_then(|tr| tr.blocks.get(bi)) else {
        return;
    };
    block_details(ui, st, b, out);
}

/// The trigger of this clip and of its group's other clips.
fn triggers(
    ui: &mut egui::Ui,
    st: &mut TimelineState,
    clip: &ClipInfo,
    clips: &[ClipInfo],
    group: usize,
) {
    if let Some(tr) = &clip.trigger {
        ui.label(format!(
            "Trigger: {}, {} zone blocks",
            tr.describe(),
            tr.coords.len()
        ));
    }
    let members: Vec<(usize, &ClipInfo)> = clips
        .iter()
        .enumerate()
        .filter(|(_, c)| c.group == Some(group))
        .collect();
    egui::CollapsingHeader::new(format!("Group triggers ({})", members.len()))
        .id_salt("timeline_triggers")
        .show(ui, |ui| {
            for (i, c) in members {
                let Some(tr) = &c.trigger else { continue };
                let first = tr.coords.first().map_or(String::new(), |p| {
                    format!(" at ({}, {}, {})", p[0], p[1], p[2])
                });
                let text = format!(
                    "{}: {}, {} blocks{first}",
                    c.role,
                    tr.describe(),
                    tr.coords.len()
                );
                if ui.selectable_label(i == st.clip, text).clicked() && i != st.clip {
                    st.pick_clip(i);
                }
            }
        });
}

/// The selected block and its keys.
fn block_details(ui: &mut egui::Ui, st: &mut TimelineState, b: &BlockInfo, out: &mut Vec<Command>) {
    ui.strong(format!("{} {}", b.kind.name(), b.label()));
    ui.label(format!("class {} (node #{})", b.class_short, b.node));
    match b.span {
        Some((s, e)) => ui.label(format!(
            "span {s:.3}-{e:.3} s ({})",
            span_source(b.span_source)
        )),
        None => ui.label("no time span"),
    };
    if let Some(o) = b.start_offset {
        ui.label(format!("start offset {o:.3} s"));
    }
    ui.label(format!("{} keys", b.keys.len()));
    for (i, k) in b.keys.iter().enumerate() {
        let text = format!(
            "Key {i} at {}",
            time_ruler::format_seconds(f64::from(k.time_s))
        );
        if ui
            .selectable_label(st.selected_key == Some(i), text)
            .clicked()
        {
            select_key(st, k, i, out);
        }
        for v in &k.values {
            let unit = if v.unit.is_empty() {
                String::new()
            } else {
                format!(" {}", v.unit)
            };
            ui.weak(format!("    {} = {}{unit}", v.name, v.value));
        }
    }
}
