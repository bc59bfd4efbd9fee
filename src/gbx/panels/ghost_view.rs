//! Ghosts of a replay or ghost file: a ghost picker, the summary (player,
//! race time, checkpoints with splits, respawns, car, game and executable,
//! validation record), and tabs for plots
//! (speed over time, top-down path), checkpoints, inputs and samples.
//!
//! The ghosts are decoded once per document revision
//! ([`trackbench_core::gbx::access::ghosts`]) and kept in [`GhostState`];
//! `GbxView::sync` drops them after every edit.

use crate::command::Command;
use crate::gbx::doc::GbxDoc;
use crate::gbx::panels::race_time::format_time;
use crate::gbx::panels::{ghost_plots, ghost_tables};
use crate::gbx::view::{GhostState, GhostTab};
use crate::widgets::view_head::{self, PLOT_MIN_PX};
use trackbench_core::gbx::access::formatting::strip;
use trackbench_core::gbx::access::ghost_samples::GhostSamples;
use trackbench_core::gbx::access::ghost_summary::{GhostSummary, ghost_summary};
use trackbench_core::gbx::access::ghosts::CTN_GHOST;
use trackbench_core::gbx::{GhostInfo, ghosts};

/// Whether the document holds CGameCtnGhost nodes.
#[must_use]
pub fn available(doc: &GbxDoc) -> bool {
    doc.gbx().nodes.iter().any(|n| n.class_id == CTN_GHOST)
}

/// Name of a ghost for the picker: nickname (formatting codes stripped) or
/// login, with the race time.
#[must_use]
pub fn ghost_label(i: usize, g: &GhostInfo) -> String {
    let who = g
        .nickname
        .as_deref()
        .or(g.login.as_deref())
        .map_or_else(|| "(no name)".to_owned(), strip);
    let time = g
        .race_time_ms
        .map_or_else(|| "no time".to_owned(), |t| format_time(t.into()));
    format!("#{} {who} ({time}), node {}", i + 1, g.node)
}

/// Draws the view of `doc`'s ghosts with the view state `st`: its head
/// (picker, summary, tabs; folded to one line of summary, then scrolled,
/// when the body would get less than a plot of [`PLOT_MIN_PX`] or a table
/// of six rows), then the shown tab.
pub fn ui(ui: &mut egui::Ui, doc: &GbxDoc, st: &mut GhostState, out: &mut Vec<Command>) {
    let cache = st.cache.take().unwrap_or_else(|| ghosts(doc.gbx()));
    if cache.is_empty() {
        ui.label("No ghosts in this file.");
    } else {
        st.ghost = st.ghost.min(cache.len() - 1);
        let g = &cache[st.ghost];
        let gbx = doc.gbx();
        let facts = gbx
            .nodes
            .get(g.node)
            .map(|n| ghost_summary(gbx, n))
            .unwrap_or_default();
        // The body's floor: a plot, or a table of six rows, each with its
        // caption.
        let line = ui.spacing().interact_size.y + ui.spacing().item_spacing.y;
        let body_px = 2.0 * line
            + match st.tab {
                // And the plot's x axis with its label.
                GhostTab::Plots => PLOT_MIN_PX + line,
                _ => view_head::table_min_px(ui.spacing().item_spacing.y),
            };
        let mut fold = st.head;
        view_head::head(ui, "ghost_head", body_px, &mut fold, |ui, folded| {
            picker(ui, st, &cache);
            summary(ui, g, &facts, folded);
            tab_row(ui, st);
        });
        st.head = fold;
        ui.separator();
        st.plot_rects.clear();
        let body = ui.scope(|ui| tab_body(ui, st, g, out));
        st.body_rect = Some(body.response.rect);
    }
    st.cache = Some(cache);
}

/// The accessible name of the ghost picker (its value is the ghost shown).
pub const GHOST_PICKER: &str = "Ghost shown";

fn picker(ui: &mut egui::Ui, st: &mut GhostState, cache: &[GhostInfo]) {
    crate::widgets::toolbar::row(ui, |ui| {
        let current = ghost_label(st.ghost, &cache[st.ghost]);
        // The count is its own label and the box has its own name: a
        // ComboBox given a label would name its button after the label,
        // two accessibility nodes with one name.
        ui.label(format!("ghost {} of {}", st.ghost + 1, cache.len()));
        let picked = egui::ComboBox::from_id_salt("ghost_picker")
            .selected_text(current.clone())
            .show_ui(ui, |ui| {
                for (i, g) in cache.iter().enumerate() {
                    if ui
                        .selectable_label(i == st.ghost, ghost_label(i, g))
                        .clicked()
                    {
                        st.ghost = i;
                        st.selected_sample = None;
                    }
                }
            });
        let enabled = ui.is_enabled();
        picked.response.widget_info(|| {
            let mut info = egui::WidgetInfo::labeled(egui::Role::ComboBox, enabled, GHOST_PICKER);
            info.current_text_value = Some(current.clone());
            info
        });
    });
}

fn samples_text(g: &GhostInfo) -> String {
    match &g.samples {
        None => "none (no sample chunk)".into(),
        Some(Err(e)) => format!("not decoded: {e}"),
        Some(Ok(s)) => samples_ok_text(s),
    }
}

fn samples_ok_text(s: &GhostSamples) -> String {
    let top = s
        .samples
        .iter()
        .filter_map(|x| x.speed_kmh())
        .fold(None, |m: Option<f32>, v| Some(m.map_or(v, |m| m.max(v))));
    let top = top.map_or_else(String::new, |t| format!(", top speed {t:.0} km/h"));
    format!(
        "{} every {} ms from chunk 0x{:08X} (class 0x{:08X}, version {}){top}",
        s.samples.len(),
        s.period_ms,
        s.chunk_id,
        s.class_id,
        s.version
    )
}

/// The ghost's facts, wrapped into as few lines as the width allows;
/// `folded` (a low window), on one line cut to the width, the whole on
/// hover.
fn summary(ui: &mut egui::Ui, g: &GhostInfo, facts: &GhostSummary, folded: bool) {
    let opt = |v: Option<u32>| v.map_or_else(|| "-".to_owned(), |v| v.to_string());
    let text = |v: &Option<String>| v.clone().unwrap_or_else(|| "-".into());
    let rows = [
        ("Login", g.login.clone().unwrap_or_else(|| "-".into())),
        (
            "Race time",
            g.race_time_ms
                .map_or_else(|| "-".into(), |t| format_time(t.into())),
        ),
        ("Checkpoints", g.checkpoints.len().to_string()),
        ("Respawns", opt(g.respawns)),
        ("Stunts score", opt(g.stunts_score)),
        ("Inputs", g.inputs.len().to_string()),
        ("Samples", samples_text(g)),
        ("Car", text(&facts.car)),
        ("Map uid", text(&facts.map_uid)),
        ("Game", text(&facts.game_version)),
        ("Title", text(&facts.title_id)),
        ("Exe checksum", text(&facts.exe_checksum)),
        ("Validation", validation_text(facts)),
    ];
    let nickname = g.nickname.as_deref().unwrap_or("-");
    if folded {
        // One line, the whole summary on hover.
        let mut text = format!("Player: {}", strip(nickname));
        for (k, v) in rows {
            text += &format!(" · {k}: {v}");
        }
        crate::widgets::toolbar::cut_label(ui, text);
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("Player:");
        crate::widgets::tm_text::label(ui, nickname);
        for (k, v) in rows {
            ui.weak("·");
            ui.label(format!("{k}: {v}"));
        }
    });
}

/// The validation record's chunk, seed and recording context.
fn validation_text(f: &GhostSummary) -> String {
    let Some(chunk) = f.validation_chunk else {
        return "no validation record".into();
    };
    let mut parts = vec![format!("record 0x{chunk:08X}")];
    if let Some(seed) = f.validation_seed {
        parts.push(format!("seed {seed}"));
    }
    if let Some(c) = &f.recording_context {
        parts.push(format!("context {c}"));
    }
    parts.join(", ")
}

/// The tabs of the body: plots, checkpoint, input and sample tables.
fn tab_row(ui: &mut egui::Ui, st: &mut GhostState) {
    // Wrapped: a row wider than the view would widen it for the plots too.
    crate::widgets::toolbar::row(ui, |ui| {
        for (tab, label) in [
            (GhostTab::Plots, "Plots"),
            (GhostTab::Checkpoints, "Checkpoint table"),
            (GhostTab::Inputs, "Input table"),
            (GhostTab::Samples, "Sample table"),
        ] {
            ui.selectable_value(&mut st.tab, tab, label);
        }
    });
}

/// The shown tab's plots or table.
fn tab_body(ui: &mut egui::Ui, st: &mut GhostState, g: &GhostInfo, out: &mut Vec<Command>) {
    match st.tab {
        GhostTab::Plots => ghost_plots::ui(ui, g, &mut st.plot_rects),
        GhostTab::Checkpoints => ghost_tables::checkpoints(ui, g),
        GhostTab::Inputs => ghost_tables::inputs(ui, g),
        GhostTab::Samples => ghost_tables::samples(ui, &mut st.selected_sample, g, out),
    }
}
