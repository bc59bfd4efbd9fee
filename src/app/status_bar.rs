//! Status bar: the last message, then what was read and where decoding
//! stopped.

use crate::gbx::doc::GbxDoc;
use crate::widgets::toolbar::cut_label;
use egui::Color32;
use trackbench_core::gbx::{Gbx, Summary};

/// Draws the status line: the last message first (what the user just did),
/// then for `doc` what was read, its completeness and problems on the
/// right. The line never grows wider than the window: the message and the
/// file's facts are cut with "…" (whole on hover), so a long name or large
/// counts cannot widen the window's root and push the right panel off it
/// (issue 44: at 800×500 `Stuartville Track.Map.Gbx` did).
pub fn ui(ui: &mut egui::Ui, doc: Option<&GbxDoc>, message: &str) {
    ui.horizontal(|ui| {
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
        if !message.is_empty() {
            cut_label(ui, message);
            if doc.is_some() {
                ui.separator();
            }
        }
        let Some(doc) = doc else {
            return;
        };
        // Right to left: problems and completeness keep their place at the
        // right end; the file's facts take what is left.
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let g = doc.gbx();
            for p in g.problems.iter().rev() {
                ui.colored_label(Color32::from_rgb(210, 70, 60), "(!)")
                    .on_hover_text(p);
            }
            let s = doc.summary();
            completeness(ui, g, s);
            ui.separator();
            cut_label(
                ui,
                format!(
                    "{} · {} · {} bytes · {} chunks ({} decoded, {} raw, {} unknown)",
                    doc.title,
                    trackbench_core::gbx::class_label(g.header.class_id),
                    g.file.len(),
                    s.chunks,
                    s.decoded,
                    s.raw,
                    s.unknown
                ),
            );
        });
    });
}

/// How completely the file was read: complete, partial (with the stopped
/// nodes and damage on hover), body not read, or where reading stopped.
fn completeness(ui: &mut egui::Ui, g: &Gbx, s: &Summary) {
    let c = &s.completeness;
    match &g.tail {
        None if c.complete => {
            ui.colored_label(
                Color32::from_rgb(80, 170, 80),
                "complete: main node and every nested node read",
            );
        }
        None if s.main_node_complete => {
            // The main node ended but a nested one stopped (e.g. in a
            // skippable chunk): partial, never "complete".
            // (Or the LZO body fell short of its declared size.)
            let mut lines: Vec<String> = c.body_problem.iter().cloned().collect();
            lines.extend(c.stopped_nodes.iter().map(|n| n.describe()));
            lines.extend(c.damaged_chunks.iter().cloned());
            let text = if c.stopped_nodes.is_empty() {
                "(!) partial: main node complete, body damaged".to_owned()
            } else {
                format!(
                    "(!) partial: main node complete, {} nested node(s) stopped",
                    c.stopped_nodes.len()
                )
            };
            ui.colored_label(Color32::from_rgb(220, 150, 30), text)
                .on_hover_text(lines.join("\n"));
        }
        None => {
            ui.colored_label(Color32::from_rgb(200, 160, 40), "body not read");
        }
        Some(t) => {
            ui.colored_label(
                Color32::from_rgb(210, 70, 60),
                format!(
                    "stopped at body offset {:#x} ({} bytes undecoded)",
                    t.offset, t.len
                ),
            )
            .on_hover_text(&t.reason);
        }
    }
}
