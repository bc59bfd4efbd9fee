//! Painting the timeline canvas: row backgrounds, grid, ruler, track names,
//! and the bars with their key ticks (clicks select, drags start a
//! [`BarDrag`]). Geometry comes from [`time_ruler`] and [`timeline_layout`].
//!
//! [`time_ruler`]: super::super::time_ruler
//! [`timeline_layout`]: super::super::timeline_layout

use super::super::time_ruler;
use super::super::timeline_layout::{self as tl, Bar, Layout};
use super::details::span_source;
use crate::command::Command;
use crate::gbx::view::TimelineState;
use crate::gbx::view::time_axis::TimeAxis;
use crate::gbx::view::{BarDrag, DragTarget};
use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, Vec2};
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::access::mediatracker::{BlockInfo, BlockKind, ClipInfo};

/// What bars are drawn against: the clip, its file and the time axis.
pub(super) struct BarView<'a> {
    /// The shown clip.
    pub clip: &'a ClipInfo,
    /// Its file (for selections and edits).
    pub gbx: &'a Gbx,
    /// Time axis.
    pub axis: &'a TimeAxis,
    /// Screen x of the axis' left edge.
    pub left: f32,
}

/// Bar colour of a block kind.
pub(super) fn kind_color(kind: BlockKind) -> Color32 {
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

/// Alternating row backgrounds.
pub(super) fn rows(
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
pub(super) fn ticks_grid(ui: &egui::Ui, painter: &egui::Painter, axis: &TimeAxis, area: Rect) {
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
pub(super) fn ruler(
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
pub(super) fn track_names(
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
        let width = layout.header_w - 10.0;
        let color = ui.visuals().text_color();
        // Names carry `$` codes (colours, italics): drawn styled, raw on hover.
        let mut job = crate::widgets::tm_text::job(ui, &name);
        let styled = job.text != name;
        for section in &mut job.sections {
            section.format.font_id = FontId::proportional(12.0);
        }
        job.wrap = egui::text::TextWrapping::truncate_at_width(width.max(8.0));
        let galley = ui.fonts_mut(|f| f.layout_job(job));
        let cut = galley.elided;
        painter.galley(Pos2::new(x + 6.0, y - galley.size().y / 2.0), galley, color);
        if cut || styled {
            // The full name, as stored, on hover when it ends in "…" or
            // was styled.
            let rect = Rect::from_min_size(
                Pos2::new(x, y - layout.row_h / 2.0),
                Vec2::new(layout.header_w, layout.row_h),
            );
            let id = ui.make_persistent_id(("timeline_track_name", row));
            let _ = ui
                .interact(rect.intersect(painter.clip_rect()), id, Sense::hover())
                .on_hover_text(name);
        }
    }
}

/// `text` laid out on one line at most `width_px` wide, ending in "…" when
/// cut (the galley says so: `elided`).
fn one_line(
    ui: &egui::Ui,
    text: &str,
    font: FontId,
    color: Color32,
    width_px: f32,
) -> std::sync::Arc<egui::Galley> {
    let mut job = egui::text::LayoutJob::simple_singleline(text.to_owned(), font, color);
    job.wrap = egui::text::TextWrapping::truncate_at_width(width_px.max(8.0));
    ui.fonts_mut(|f| f.layout_job(job))
}

/// Accessible label of a bar (also its tooltip's first line).
#[must_use]
pub fn bar_label(track: &str, b: &BlockInfo) -> String {
    let span = b
        .span
        .map_or_else(String::new, |(s, e)| format!(" {s:.3}-{e:.3} s"));
    format!("{track}: {} {}{span}", b.kind.name(), b.label())
}

/// One bar: body, label, key ticks (at their preview times while dragged);
/// a click selects it (and the key under the pointer), a drag starts
/// moving the key under the pointer of a selected bar, or the whole block.
pub(super) fn draw_bar(
    ui: &egui::Ui,
    st: &mut TimelineState,
    painter: &egui::Painter,
    v: &BarView<'_>,
    bar: &Bar,
    out: &mut Vec<Command>,
) {
    let track = &v.clip.tracks[bar.track];
    let b = &track.blocks[bar.block];
    let r = Rect::from_min_max(
        Pos2::new(bar.rect.x0, bar.rect.y0),
        Pos2::new(bar.rect.x1, bar.rect.y1),
    );
    let id = ui.make_persistent_id(("timeline_bar", v.clip.node, bar.track, bar.block));
    let label = bar_label(&track.name, b);
    let resp = ui.interact(
        r.intersect(painter.clip_rect()),
        id,
        Sense::click_and_drag(),
    );
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
    let here = (bar.track, bar.block);
    let selected = st.selected == Some(here);
    let drag = st.drag.filter(|d| d.bar == here);
    let fill = kind_color(b.kind);
    let hot = resp.hovered() || drag.is_some_and(|d| d.target == DragTarget::Block);
    painter.rect_filled(r, 3.0, if hot { fill.gamma_multiply(1.25) } else { fill });
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
        let font = FontId::proportional(11.5);
        let galley = one_line(ui, &b.label(), font, Color32::WHITE, r.width() - 8.0);
        let at = Pos2::new(r.left() + 5.0, r.center().y - galley.size().y / 2.0);
        text_painter.galley(at, galley, Color32::WHITE);
    }
    let times = drag.map_or_else(
        || b.keys.iter().map(|k| k.time_s).collect(),
        |d| d.key_times(b),
    );
    let xs: Vec<f32> = times
        .iter()
        .map(|&t| v.axis.x(v.left, f64::from(t)))
        .collect();
    for (i, x) in xs.iter().enumerate() {
        let hot = selected && st.selected_key == Some(i);
        let h = if hot { 0.0 } else { 4.0 };
        painter.vline(
            *x,
            (r.top() + h)..=(r.bottom() - h),
            Stroke::new(if hot { 2.5 } else { 1.5 }, Color32::from_white_alpha(220)),
        );
    }
    let resp = if st.drag.is_some() {
        resp // no tooltip over the bar being moved
    } else {
        resp.on_hover_text(format!(
        "{label}\n{} keys, span from {}\nDrag to move the block; select it, then drag a key tick to move the key",
        b.keys.len(),
        span_source(b.span_source)
        ))
    };
    bar_input(ui, st, &resp, v, (here, b), &xs, out);
}

/// Clicks select; a drag start records what is dragged.
fn bar_input(
    ui: &egui::Ui,
    st: &mut TimelineState,
    resp: &egui::Response,
    v: &BarView<'_>,
    (here, b): ((usize, usize), &BlockInfo),
    xs: &[f32],
    out: &mut Vec<Command>,
) {
    if resp.clicked() {
        let key = resp
            .interact_pointer_pos()
            .and_then(|p| tl::hit_key(xs, p.x));
        super::select_block(st, here, b, v.gbx, out);
        if let Some(k) = key {
            super::select_key(st, &b.keys[k], k, out);
        }
    }
    if resp.drag_started() && st.drag.is_none() {
        let origin = ui
            .input(|i| i.pointer.press_origin())
            .or_else(|| resp.interact_pointer_pos());
        let Some(origin) = origin else { return };
        let key = tl::hit_key(xs, origin.x).filter(|_| st.selected == Some(here));
        match key {
            Some(k) => st.selected_key = Some(k),
            None => super::select_block(st, here, b, v.gbx, out),
        }
        let target = key.map_or(DragTarget::Block, DragTarget::Key);
        st.drag = Some(BarDrag::new(here, target, b, origin.x));
    }
}

/// The drag in progress, as text for the top bar.
#[must_use]
pub(super) fn drag_readout(d: &BarDrag) -> String {
    match d.target {
        DragTarget::Key(k) => format!(
            "key {k} to {}",
            time_ruler::format_seconds(f64::from(d.value))
        ),
        DragTarget::Block => format!("block {:+.3} s", d.value),
    }
}
