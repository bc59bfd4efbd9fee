//! The Runs tab: the map and any warning, the table (player, time, splits
//! with the best of each marked, respawns, inputs, game version, the
//! reference chooser), then the delta, speed, paths, inputs and statistics
//! tabs. When the tab is too low for both, the table folds to a line of
//! the runs' colours (the layout policy's `fit_bottom`), so the plot keeps
//! [`PLOT_MIN_PX`]; the "Split table" toggle unfolds or folds it.

use super::{runs_plots, runs_stats};
use crate::command::Command;
use crate::runs::doc::RunsDoc;
use crate::runs::series::PlotSeries;
use crate::runs::view::{RunsTab, RunsView};
use crate::widgets::responsive::{SideNeed, fit_bottom};
use egui_extras::{Column, TableBuilder};
use trackbench_core::toolbox::runs::Comparison;
use trackbench_core::toolbox::runs_out::{delta_text, time_text};

/// Label of the reference radio buttons' column.
pub const REFERENCE: &str = "Ref";
/// Colour of a best split.
pub const BEST: egui::Color32 = egui::Color32::from_rgb(170, 110, 230);

/// Label of the button that stops reading the files.
pub const STOP: &str = "Stop reading";

/// The split table's need (points): its header, three rows and the
/// sideways scroll bar at least, a third of the tab when there is room.
const TABLE: SideNeed = SideNeed {
    // Header and rows 20 points and 3 apart (egui's item spacing).
    min_px: 23.0 + 3.0 * 23.0 + 14.0,
    want_frac: 0.35,
    max_frac: 0.6,
};

/// The height a plot keeps below the table (points): with less room the
/// table folds to a line of the runs' colours (issue 29: at 800×500 the
/// plots were about 70 points tall).
pub const PLOT_MIN_PX: f32 = 200.0;

/// What a tab draws above its plot: the tabs' row, a title, the scrubber
/// or the inputs' checkboxes (points).
const ABOVE_PLOT_PX: f32 = 80.0;

/// How the runs of other maps than the compared one are named in their
/// rows' source cell (the warnings above the table say why).
pub const APART: &str = "listed apart: other map";

/// Label of the toggle that folds and unfolds the split table.
pub const TABLE_TOGGLE: &str = "Split table";

/// Draws the Runs tab. The plots' series come from the view's cache,
/// computed again only when the runs, the reference or the inputs shown
/// change.
pub fn ui(ui: &mut egui::Ui, doc: &RunsDoc, view: &mut RunsView, out: &mut Vec<Command>) {
    view.plot_rect = None;
    let mut cache = std::mem::take(&mut view.series);
    let series = cache.get(doc, view.series_key(doc.revision()));
    body(ui, doc, view, series, out);
    view.series = cache;
}

fn body(
    ui: &mut egui::Ui,
    doc: &RunsDoc,
    view: &mut RunsView,
    s: &PlotSeries,
    out: &mut Vec<Command>,
) {
    let c = &s.comparison;
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!("{} runs", doc.runs.len()));
        reading(ui, doc, out);
        ui.label(format!(
            "· map {}",
            c.map_uid.as_deref().unwrap_or("unknown")
        ));
        match &doc.map_source {
            Some(s) => ui.weak(format!("· blocks from {s}")),
            None => ui.weak("· no map at hand (paths drawn alone)"),
        };
    });
    for w in c.warnings.iter().chain(&doc.problems) {
        ui.colored_label(ui.visuals().warn_fg_color, format!("⚠ {w}"));
    }
    if doc.runs.is_empty() {
        if doc.progress().is_none() {
            ui.label("No run to compare: open replays or ghosts with a race time.");
        }
        return;
    }
    let fit = fit_bottom(
        ui.available_height(),
        TABLE,
        PLOT_MIN_PX + ABOVE_PLOT_PX,
        &view.table,
    );
    view.table_folded = fit.is_none() && view.table.bottom_shown.is_none();
    view.table_rows_rect = None;
    if let Some(table_h) = fit {
        let rows_h = rows_height(ui, table_h, doc.runs.len());
        let pitch_y = ui.spacing().item_spacing.y;
        ui.push_id("runs_table", |ui| {
            ui.set_max_height(ROW_PX + pitch_y + rows_h + SCROLL_BAR_PX);
            // Its own horizontal scroll: a table of many checkpoints wider
            // than the window would otherwise widen every plot below it.
            egui::ScrollArea::horizontal()
                .id_salt("runs_table_h")
                .show(ui, |ui| table(ui, doc, view, c, rows_h));
        });
    } else {
        legend(ui, doc);
    }
    ui.separator();
    ui.horizontal_wrapped(|ui| {
        for (tab, label) in RunsTab::ALL {
            ui.selectable_value(&mut view.tab, tab, label);
        }
        ui.separator();
        let shown = fit.is_some();
        let hint = if shown {
            "fold the table: more room for the plots"
        } else {
            "show the split table"
        };
        if ui
            .selectable_label(shown, TABLE_TOGGLE)
            .on_hover_text(hint)
            .clicked()
        {
            view.table.toggle_bottom(shown);
        }
    });
    match view.tab {
        RunsTab::Delta => runs_plots::delta(ui, doc, view, s),
        RunsTab::Speed => runs_plots::speed(ui, doc, view, s),
        RunsTab::Paths => runs_plots::paths(ui, doc, view, s),
        RunsTab::Inputs => runs_plots::inputs(ui, doc, view, s),
        RunsTab::Stats => runs_stats::ui(ui, doc, view),
    }
}

/// The folded table: one line naming each run's colour, scrolled sideways.
fn legend(ui: &mut egui::Ui, doc: &RunsDoc) {
    egui::ScrollArea::horizontal()
        .id_salt("runs_legend")
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                for (i, r) in doc.runs.iter().enumerate() {
                    swatch(ui, i);
                    crate::widgets::tm_text::label(ui, &r.player);
                    ui.add_space(8.0);
                }
            });
        });
}

/// "■ 3" in run 3's colour: names the run's colour in the plots.
fn swatch(ui: &mut egui::Ui, i: usize) {
    ui.label(
        egui::RichText::new(format!("■ {}", i + 1))
            .color(runs_plots::run_colour(i))
            .strong(),
    )
    .on_hover_text("this run's colour in the plots");
}

/// While the files are read: how many, and the button that stops it; after
/// a stop, that it was stopped.
fn reading(ui: &mut egui::Ui, doc: &RunsDoc, out: &mut Vec<Command>) {
    if let Some(p) = doc.progress() {
        #[allow(clippy::cast_precision_loss)] // a progress fraction
        let fraction = p.done as f32 / p.total.max(1) as f32;
        ui.add(
            egui::ProgressBar::new(fraction)
                .desired_width(160.0)
                .text(format!("{} / {} files read", p.done, p.total)),
        );
        if ui.button(STOP).clicked() {
            out.push(Command::CancelRuns);
        }
    } else if doc.cancelled {
        ui.weak(format!(
            "· stopped: {} of {} files read",
            doc.files_read(),
            doc.paths.len()
        ));
    }
    if doc.looking_for_map() {
        ui.weak("· looking for the map beside the files…");
    }
}

/// A row of the split table, and its header (points).
const ROW_PX: f32 = 20.0;

/// Room kept under the table's rows for its sideways scroll bar (points).
const SCROLL_BAR_PX: f32 = 14.0;

/// The height of the table's rows' viewport (points) in a share of
/// `table_h` with `runs` rows: whole rows only, so none is cut at the
/// bottom, at the top of the scroll or at its end (at 800×500 the third
/// row was half under the scroll bar); one row at least.
fn rows_height(ui: &egui::Ui, table_h: f32, runs: usize) -> f32 {
    let pitch = ROW_PX + ui.spacing().item_spacing.y;
    let room = table_h - pitch - SCROLL_BAR_PX + ui.spacing().item_spacing.y;
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // rows that fit
    let rows = ((room / pitch).floor().max(1.0) as usize).min(runs.max(1));
    rows as f32 * pitch - ui.spacing().item_spacing.y
}

/// The split table, its rows' viewport `rows_h` tall (its rows scroll).
fn table(ui: &mut egui::Ui, doc: &RunsDoc, view: &mut RunsView, c: &Comparison, rows_h: f32) {
    let splits = c.best_sector.len();
    let mut t = TableBuilder::new(ui)
        .striped(true)
        .resizable(true)
        .auto_shrink([false, true])
        // The header and the sideways scroll bar stay out of the rows'
        // share; egui_extras scrolls no table lower than 200 points unless
        // told (nine runs at 800×500 took the plots' room).
        .min_scrolled_height(0.0)
        .max_scroll_height(rows_h)
        .column(Column::auto())
        .column(Column::initial(170.0).clip(true))
        .column(Column::auto());
    for _ in 0..splits {
        t = t.column(Column::auto());
    }
    t = t
        .columns(Column::auto(), 2)
        .column(Column::initial(130.0).clip(true))
        .column(Column::remainder().clip(true));
    t.header(ROW_PX, |mut h| {
        h.col(|ui| {
            ui.strong(REFERENCE);
        });
        h.col(|ui| {
            ui.strong("Player");
        });
        h.col(|ui| {
            ui.strong("Time");
        });
        for k in 0..splits {
            h.col(|ui| {
                ui.strong(if k + 1 == splits {
                    "Finish".to_owned()
                } else {
                    format!("CP {}", k + 1)
                });
            });
        }
        for name in ["Respawns", "Inputs", "Game"] {
            h.col(|ui| {
                ui.strong(name);
            });
        }
        h.col(|ui| {
            ui.strong("Source");
        });
    })
    .body(|mut body| {
        view.table_rows_rect = Some(body.ui_mut().clip_rect());
        // The compared map's runs first, then each other map's, apart.
        let order: Vec<usize> = c
            .groups
            .iter()
            .flat_map(|g| g.runs.iter().copied())
            .filter(|&i| i < doc.runs.len())
            .collect();
        body.rows(ROW_PX, order.len(), |mut row| {
            let i = order[row.index()];
            let r = &doc.runs[i];
            row.col(|ui| {
                if ui
                    .radio(c.reference == i, "")
                    .on_hover_text("compare against this run")
                    .clicked()
                {
                    view.reference = Some(i);
                }
            });
            row.col(|ui| {
                ui.horizontal(|ui| {
                    ui.spacing_mut().item_spacing.x = 4.0;
                    swatch(ui, i);
                    crate::widgets::tm_text::label(ui, &r.player);
                });
            });
            row.col(|ui| {
                ui.label(
                    r.time_ms
                        .map_or_else(|| "-".into(), |t| time_text(t.into())),
                );
            });
            let sectors = r.sectors_ms();
            for k in 0..splits {
                row.col(|ui| split_cell(ui, c, i, k, sectors.get(k).copied()));
            }
            row.col(|ui| {
                ui.label(r.respawns.map_or_else(|| "-".into(), |n| n.to_string()));
            });
            row.col(|ui| {
                ui.label(r.inputs.len().to_string());
            });
            row.col(|ui| {
                let v = r.game_version.as_deref().unwrap_or("-");
                ui.add(egui::Label::new(short_version(v)).truncate())
                    .on_hover_text(v);
            });
            row.col(|ui| {
                if c.is_compared(i) {
                    ui.weak(&r.source);
                } else {
                    let uid = r.map_uid.as_deref().unwrap_or("(unknown)");
                    ui.colored_label(
                        ui.visuals().warn_fg_color,
                        format!("{APART} {uid} · {}", r.source),
                    );
                }
            });
        });
    });
}

/// A split (sector) time, purple when it is the best of its sector, with
/// the checkpoint delta to the reference below it on hover.
fn split_cell(ui: &mut egui::Ui, c: &Comparison, run: usize, k: usize, sector: Option<u32>) {
    let Some(s) = sector else {
        ui.weak("-");
        return;
    };
    let text = time_text(s.into());
    let best = c.best_sector.get(k) == Some(&Some(run));
    let delta = c.checkpoint_deltas_ms[run].get(k).copied().flatten();
    let label = if best {
        egui::RichText::new(format!("{text} ★"))
            .color(BEST)
            .strong()
    } else {
        egui::RichText::new(text)
    };
    let r = ui.label(label);
    if let Some(d) = delta {
        r.on_hover_text(format!(
            "{} to the reference at this checkpoint",
            delta_text(d)
        ));
    }
}

/// "Trackmania date=2021-12-03_11_42 git=…" → "Trackmania 2021-12-03".
fn short_version(v: &str) -> &str {
    v.split(" git=").next().unwrap_or(v)
}
