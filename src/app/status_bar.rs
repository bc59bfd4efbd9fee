//! Status bar: the last message, then what was read and where decoding
//! stopped.

use crate::gbx::doc::GbxDoc;
use egui::Color32;

/// Draws the status line: the last message first (what the user just did,
/// never cut off by a narrow window), then for `doc` what was read.
pub fn ui(ui: &mut egui::Ui, doc: Option<&GbxDoc>, message: &str) {
    ui.horizontal(|ui| {
        if !message.is_empty() {
            ui.label(message);
            if doc.is_some() {
                ui.separator();
            }
        }
        if let Some(doc) = doc {
            let g = doc.gbx();
            let s = g.summary();
            ui.label(format!(
                "{} · {} · {} bytes · {} chunks ({} decoded, {} raw, {} unknown)",
                doc.title,
                trackbench_core::gbx::class_label(g.header.class_id),
                g.file.len(),
                s.chunks,
                s.decoded,
                s.raw,
                s.unknown
            ));
            ui.separator();
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
            for p in &g.problems {
                ui.colored_label(Color32::from_rgb(210, 70, 60), "(!)")
                    .on_hover_text(p);
            }
        }
    });
}
