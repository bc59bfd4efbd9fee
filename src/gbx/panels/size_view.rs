//! The Size view: what takes the bytes of the file as a treemap (header,
//! reference table, body by node and chunk; body boxes sized by their
//! estimated compressed bytes when the body is compressed), the TM2020
//! limits (7,168 KB online, 5 MB embedded items) as gauges, and the shrink
//! actions, each showing the bytes it saves and what it costs the player
//! before it is applied as one undoable edit.

use super::size_treemap::{Tile, squarify};
use crate::command::{Command, GbxCommand};
use crate::gbx::doc::GbxDoc;
use crate::gbx::view::{Background, ShrinkPreview, SizeState, measure};
use egui::{Color32, Rect, Sense, Stroke, StrokeKind, pos2, vec2};
use std::sync::Arc;
use trackbench_core::gbx::Gbx;
use trackbench_core::toolbox::size::{SizeEntry, SizeKind, SizeReport, size_report};
use trackbench_core::toolbox::strip::StripKind;

/// Width of the shrink actions column (points).
const ACTIONS_WIDTH: f32 = 300.0;

/// Narrowest central area that shows the actions beside the treemap.
const MIN_SIDE_BY_SIDE: f32 = 600.0;

/// Height of the treemap in the narrow, scrolled layout.
const NARROW_TREEMAP_HEIGHT: f32 = 240.0;

/// The shrink actions measured on the first draw (the ZIP recompression,
/// seconds per megabyte, is measured in the background when asked for).
#[must_use]
pub fn previews(gbx: &Gbx) -> Vec<ShrinkPreview> {
    [StripKind::Lightmaps, StripKind::Validation]
        .into_iter()
        .map(|kind| measure(gbx, kind))
        .collect()
}

/// Draws the view.
pub fn ui(ui: &mut egui::Ui, doc: &GbxDoc, view: &mut SizeState, out: &mut Vec<Command>) {
    let report = Arc::clone(
        view.report
            .get_or_insert_with(|| Arc::new(size_report(doc.gbx()))),
    );
    let shrink = Arc::clone(
        view.previews
            .get_or_insert_with(|| Arc::new(previews(doc.gbx()))),
    );
    if ui.available_width() < MIN_SIDE_BY_SIDE {
        // Narrow: one scrolled column (egui panics on a negative width),
        // the actions above a treemap of a fixed, usable height.
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .id_salt("size_narrow")
            .show(ui, |ui| {
                gauges(ui, &report);
                ui.separator();
                actions(ui, &report, &shrink, out);
                items_zip(ui, doc, &report, view, out);
                breadcrumb(ui, &report, view);
                treemap(ui, &report, view, Some(NARROW_TREEMAP_HEIGHT));
            });
        return;
    }
    gauges(ui, &report);
    ui.separator();
    egui::Panel::right("size_actions")
        .resizable(true)
        .default_size(ACTIONS_WIDTH)
        .show(ui, |ui| {
            actions(ui, &report, &shrink, out);
            items_zip(ui, doc, &report, view, out);
        });
    breadcrumb(ui, &report, view);
    treemap(ui, &report, view, None);
}

fn kb(bytes: u64) -> String {
    format!("{:.1} KB", bytes as f64 / 1024.0)
}

fn gauge(ui: &mut egui::Ui, label: &str, value: u64, limit: u64) {
    let frac = value as f32 / limit.max(1) as f32;
    let over = value > limit;
    ui.horizontal(|ui| {
        ui.label(label);
        let text = format!("{} of {} ({:.0}%)", kb(value), kb(limit), frac * 100.0);
        // Never wider than what is left of the row: a wider bar would
        // widen the whole view past the window's centre.
        let room = ui.available_width() - if over { 100.0 } else { 0.0 };
        let bar = egui::ProgressBar::new(frac.min(1.0))
            .text(text)
            .desired_width(room.clamp(60.0, 360.0));
        let bar = if over {
            bar.fill(Color32::from_rgb(200, 60, 60))
        } else {
            bar
        };
        ui.add(bar);
        if over {
            ui.colored_label(Color32::from_rgb(220, 80, 80), "over the limit");
        }
    });
}

fn gauges(ui: &mut egui::Ui, r: &SizeReport) {
    ui.label(format!(
        "{} bytes: header {}, reference table {}, body {} ({}; {} bytes uncompressed)",
        r.total_bytes,
        part_bytes(r, SizeKind::Header),
        part_bytes(r, SizeKind::RefTable),
        part_bytes(r, SizeKind::Body),
        if r.body_compressed { "LZO" } else { "stored" },
        r.body_uncompressed_bytes,
    ));
    gauge(
        ui,
        "TM2020 online limit:",
        r.total_bytes,
        r.online_limit_bytes,
    );
    if let Some(e) = r.embedded_items_bytes {
        gauge(ui, "Embedded items limit:", e, r.embedded_items_limit_bytes);
    }
}

fn part_bytes(r: &SizeReport, kind: SizeKind) -> u64 {
    r.parts
        .iter()
        .filter(|p| p.kind == kind)
        .map(|p| p.bytes)
        .sum()
}

fn title(kind: StripKind) -> &'static str {
    match kind {
        StripKind::Lightmaps => "Strip lightmaps",
        StripKind::Validation => "Remove validation ghost",
        StripKind::ItemsZip => "Recompress embedded items ZIP",
    }
}

fn actions(ui: &mut egui::Ui, r: &SizeReport, shrink: &[ShrinkPreview], out: &mut Vec<Command>) {
    ui.heading("Shrink");
    for p in shrink {
        ui.group(|ui| action(ui, r, p, out));
    }
}

/// The embedded items ZIP recompression: measured on a worker when asked
/// for, then offered like the other actions.
fn items_zip(
    ui: &mut egui::Ui,
    doc: &GbxDoc,
    r: &SizeReport,
    view: &mut SizeState,
    out: &mut Vec<Command>,
) {
    if r.embedded_items_bytes.is_none() {
        return;
    }
    let kind = StripKind::ItemsZip;
    ui.group(|ui| match view.items_zip.as_ref().map(Background::result) {
        None => {
            ui.strong(title(kind));
            ui.label(
                "Deflates every item again with zopfli; nothing is removed. \
                 Measuring takes a few seconds per megabyte.",
            );
            if ui.button("Measure (in the background)").clicked() {
                view.items_zip = Some(Background::start(doc.gbx().clone(), kind));
            }
        }
        Some(None) => {
            ui.strong(title(kind));
            let (done, total) = view.items_zip.as_ref().map_or((0, 0), Background::progress);
            ui.horizontal(|ui| {
                ui.add(
                    egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                        .desired_width(160.0)
                        .text(progress_text(done, total)),
                );
                if ui.button(CANCEL_MEASURE).clicked() {
                    // Dropping the measure cancels its job before the next
                    // entry; the Measure button comes back.
                    if let Some(bg) = view.items_zip.take() {
                        bg.cancel();
                    }
                }
            });
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(200));
        }
        Some(Some(p)) => action(ui, r, &p, out),
    });
}

/// The Cancel button of the items ZIP measure.
pub const CANCEL_MEASURE: &str = "Cancel measuring";

/// "recompressing: 1.2 of 3.4 MB" (the entries' uncompressed bytes).
fn progress_text(done: u64, total: u64) -> String {
    let mb = |b: u64| b as f64 / 1_000_000.0;
    format!("recompressing: {:.1} of {:.1} MB", mb(done), mb(total))
}

/// One measured action: what it saves and costs, and its button.
fn action(ui: &mut egui::Ui, r: &SizeReport, p: &ShrinkPreview, out: &mut Vec<Command>) {
    let title = title(p.kind);
    ui.strong(title);
    match &p.edit {
        Ok(edit) => {
            ui.label(saving_text(p, r.total_bytes));
            ui.label(format!("Cost: {}.", p.kind.cost()));
            if ui.button(format!("{title} (undoable)")).clicked() {
                out.push(Command::Gbx(GbxCommand::ApplyEdit(edit.clone())));
            }
        }
        Err(e) => {
            ui.weak(format!("Not available: {e}."));
        }
    }
}

/// What an action saves, in file bytes; when the rewritten file is larger
/// (the body is compressed again by our LZO), says so with the body bytes
/// it removes.
fn saving_text(p: &ShrinkPreview, total_bytes: u64) -> String {
    if p.saved_bytes > 0 {
        let pct = p.saved_bytes as f64 * 100.0 / total_bytes.max(1) as f64;
        format!("Saves {} bytes ({pct:.1}% of the file).", p.saved_bytes)
    } else {
        format!(
            "Removes {} body bytes, but the file would be {} bytes larger: \
             trackbench's LZO packs the body less tightly than the game. \
             Saving from the game's editor afterwards gives the real size.",
            p.body_bytes_removed,
            p.saved_bytes.unsigned_abs()
        )
    }
}

/// The entries at `path` below the top-level parts, with their labels.
fn focused<'r>(r: &'r SizeReport, path: &[usize]) -> (Vec<&'r str>, &'r [SizeEntry]) {
    let mut names = Vec::new();
    let mut list: &[SizeEntry] = &r.parts;
    for &i in path {
        let Some(e) = list.get(i) else { break };
        names.push(e.label.as_str());
        list = &e.children;
    }
    (names, list)
}

fn breadcrumb(ui: &mut egui::Ui, r: &SizeReport, view: &mut SizeState) {
    let (names, _) = focused(r, &view.focus);
    crate::widgets::toolbar::row(ui, |ui| {
        if ui
            .add_enabled(!view.focus.is_empty(), egui::Button::new("Up"))
            .clicked()
        {
            view.focus.pop();
        }
        if ui.link("whole file").clicked() {
            view.focus.clear();
        }
        for (k, n) in names.iter().enumerate() {
            ui.label(">");
            if ui.link(*n).clicked() {
                view.focus.truncate(k + 1);
            }
        }
        ui.weak("(click a box to zoom in)");
    });
}

/// The weight a box is drawn with: its compressed estimate inside a
/// compressed body, else its bytes.
fn weight(e: &SizeEntry, compressed: bool) -> f64 {
    match (compressed, e.compressed_estimate) {
        (true, Some(c)) => c as f64,
        _ => e.bytes as f64,
    }
}

fn color(kind: SizeKind, depth: usize) -> Color32 {
    let base = match kind {
        SizeKind::Header | SizeKind::HeaderChunk => (70, 120, 190),
        SizeKind::RefTable => (120, 120, 120),
        SizeKind::Body | SizeKind::Node => (70, 150, 100),
        SizeKind::Chunk => (180, 130, 60),
        SizeKind::Other => (150, 70, 70),
    };
    let k = 1.0 - 0.12 * depth as f32;
    let f = |c: u8| (f32::from(c) * k) as u8;
    Color32::from_rgb(f(base.0), f(base.1), f(base.2))
}

/// The treemap of the focused entries: the rest of the view, or `height`.
fn treemap(ui: &mut egui::Ui, r: &SizeReport, view: &mut SizeState, height: Option<f32>) {
    let (_, list) = focused(r, &view.focus);
    let size = vec2(
        ui.available_width(),
        height.unwrap_or_else(|| ui.available_height()),
    )
    .max(vec2(50.0, 50.0));
    let (rect, _) = ui.allocate_exact_size(size, Sense::hover());
    let compressed = r.body_compressed;
    let weights: Vec<f64> = list.iter().map(|e| weight(e, compressed)).collect();
    let tiles = squarify(
        &weights,
        Tile {
            x: rect.min.x,
            y: rect.min.y,
            w: rect.width(),
            h: rect.height(),
        },
    );
    let painter = ui.painter_at(rect);
    for (i, (e, t)) in list.iter().zip(&tiles).enumerate() {
        let box_rect = Rect::from_min_size(pos2(t.x, t.y), vec2(t.w, t.h));
        if box_rect.width() < 1.0 || box_rect.height() < 1.0 {
            continue;
        }
        painter.rect_filled(box_rect.shrink(1.0), 2.0, color(e.kind, 0));
        draw_children(&painter, e, box_rect, compressed);
        painter.rect_stroke(
            box_rect.shrink(1.0),
            2.0,
            Stroke::new(1.0, Color32::BLACK),
            StrokeKind::Inside,
        );
        if box_rect.width() > 60.0 && box_rect.height() > 18.0 {
            let text = format!("{} · {}", e.label, kb(e.bytes));
            painter.text(
                box_rect.min + vec2(4.0, 3.0),
                egui::Align2::LEFT_TOP,
                text,
                egui::FontId::proportional(12.0),
                Color32::WHITE,
            );
        }
        let id = ui.scope_id().with(("size_box", i));
        let resp = ui.interact(box_rect, id, Sense::click());
        let resp = resp.on_hover_text(tooltip(e, r));
        if resp.clicked() && !e.children.is_empty() {
            view.focus.push(i);
        }
    }
}

/// One level of children drawn inside a box (below its label).
fn draw_children(painter: &egui::Painter, e: &SizeEntry, rect: Rect, compressed: bool) {
    let inner = Rect::from_min_max(rect.min + vec2(3.0, 18.0), rect.max - vec2(3.0, 3.0));
    if e.children.is_empty() || inner.width() < 8.0 || inner.height() < 8.0 {
        return;
    }
    let weights: Vec<f64> = e.children.iter().map(|c| weight(c, compressed)).collect();
    let tiles = squarify(
        &weights,
        Tile {
            x: inner.min.x,
            y: inner.min.y,
            w: inner.width(),
            h: inner.height(),
        },
    );
    for (c, t) in e.children.iter().zip(tiles) {
        let r = Rect::from_min_size(pos2(t.x, t.y), vec2(t.w, t.h));
        if r.width() >= 2.0 && r.height() >= 2.0 {
            painter.rect_filled(r.shrink(0.5), 1.0, color(c.kind, 1));
            painter.rect_stroke(
                r.shrink(0.5),
                1.0,
                Stroke::new(0.5, Color32::from_black_alpha(120)),
                StrokeKind::Inside,
            );
            if r.width() > 70.0 && r.height() > 16.0 {
                painter.text(
                    r.min + vec2(3.0, 2.0),
                    egui::Align2::LEFT_TOP,
                    &c.label,
                    egui::FontId::proportional(11.0),
                    Color32::from_white_alpha(220),
                );
            }
        }
    }
}

fn tooltip(e: &SizeEntry, r: &SizeReport) -> String {
    let mut s = format!(
        "{}\n{} bytes ({:.1}% of the file)",
        e.label,
        e.bytes,
        e.bytes as f64 * 100.0 / r.total_bytes.max(1) as f64
    );
    if let Some(c) = e.compressed_estimate {
        s.push_str(&format!("\n~{c} bytes compressed alone (LZO)"));
    }
    s.push_str(&format!(
        "\n{} bytes {}-{} ({})",
        e.range.len(),
        e.range.start,
        e.range.end,
        e.space.name()
    ));
    s
}
