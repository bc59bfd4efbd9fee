//! Tables of the ghost view: checkpoints with split times, input events,
//! and the decoded samples (virtual rows; a click selects the sample's
//! chunk and bytes).

use crate::command::{Command, GbxCommand};
use crate::gbx::doc::{ChunkRef, Space};
use crate::gbx::panels::race_time::format_time;
use egui_extras::{Column, TableBuilder};
use trackbench_core::gbx::GhostInfo;
use trackbench_core::gbx::access::ghost_samples::SampleSpace;
use trackbench_core::gbx::classes::replay;

fn header<'a>(row_height: f32, titles: &[&str], t: TableBuilder<'a>) -> egui_extras::Table<'a> {
    let titles: Vec<String> = titles.iter().map(|s| (*s).to_owned()).collect();
    t.header(row_height, move |mut h| {
        for title in &titles {
            h.col(|ui| {
                ui.strong(title.as_str());
            });
        }
    })
}

/// A striped, resizable table with columns of the given initial widths
/// (points) and a last column taking the rest.
fn builder<'a>(ui: &'a mut egui::Ui, id: &str, widths: &[f32]) -> TableBuilder<'a> {
    let mut t = TableBuilder::new(ui)
        .id_salt(id)
        .striped(true)
        .resizable(true)
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center));
    for &w in widths {
        t = t.column(Column::initial(w).at_least(30.0).clip(true));
    }
    t.column(Column::remainder())
}

/// Checkpoint times, the split since the previous checkpoint, stunts score.
pub fn checkpoints(ui: &mut egui::Ui, g: &GhostInfo) {
    if g.checkpoints.is_empty() {
        ui.label("No checkpoint times in this ghost.");
        return;
    }
    let row = ui.spacing().interact_size.y;
    let t = builder(ui, "ghost_checkpoints", &[50.0, 110.0, 110.0]);
    header(row, &["#", "Time", "Split", "Stunts"], t).body(|body| {
        body.rows(row, g.checkpoints.len(), |mut r| {
            let i = r.index();
            let c = g.checkpoints[i];
            let prev = if i == 0 {
                Some(0)
            } else {
                g.checkpoints[i - 1].time_ms
            };
            let split = match (c.time_ms, prev) {
                (Some(t), Some(p)) => format!("+{}", format_time(i64::from(t) - i64::from(p))),
                _ => "-".into(),
            };
            let cells = [
                (i + 1).to_string(),
                c.time_ms
                    .map_or_else(|| "-".into(), |t| format_time(t.into())),
                split,
                c.stunts_score.map_or_else(|| "-".into(), |s| s.to_string()),
            ];
            for text in cells {
                r.col(|ui| {
                    ui.label(text);
                });
            }
        });
    });
}

/// Where the inputs come from: the declared entry count of the validation
/// record, or the ticks of the TM2020 player input data.
fn inputs_source(g: &GhostInfo) -> String {
    let chunk = g
        .inputs_chunk
        .map_or_else(String::new, |c| format!(" from chunk 0x{c:08X}"));
    if g.input_streams.is_empty() {
        let declared = g
            .inputs_declared
            .map_or_else(|| "-".into(), |d| d.to_string());
        return format!(
            "{} (declared {declared}){chunk}",
            plural(g.inputs.len(), "input event", "input events")
        );
    }
    let ticks: u64 = g.input_streams.iter().map(|s| u64::from(s.ticks)).sum();
    let start = g.input_streams[0]
        .start_offset_ms
        .map_or_else(String::new, |s| format!(", first tick at {s} ms"));
    format!(
        "{} in {} of 10 ms{chunk}{start}",
        plural(g.inputs.len(), "input change", "input changes"),
        plural(
            usize::try_from(ticks).unwrap_or(usize::MAX),
            "tick",
            "ticks"
        )
    )
}

/// `n` and the noun in the right number ("1 input change", "2 input
/// changes").
fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// The input events with their race time, control name and value.
pub fn inputs(ui: &mut egui::Ui, g: &GhostInfo) {
    for p in &g.input_problems {
        ui.colored_label(ui.visuals().warn_fg_color, format!("Inputs: {p}"));
    }
    if g.inputs.is_empty() {
        ui.label("No input events in this ghost.");
        return;
    }
    ui.label(inputs_source(g));
    let row = ui.spacing().interact_size.y;
    let t = builder(ui, "ghost_inputs", &[60.0, 110.0, 160.0]);
    header(row, &["#", "Time", "Control", "Value"], t).body(|body| {
        body.rows(row, g.inputs.len(), |mut r| {
            let i = r.index();
            let e = &g.inputs[i];
            let cells = [
                (i + 1).to_string(),
                format_time(e.time_ms),
                e.name.clone(),
                e.value.to_string(),
            ];
            for text in cells {
                r.col(|ui| {
                    ui.label(text);
                });
            }
        });
    });
}

/// The chunk holding the samples: the CGameGhost chunk of the ghost node,
/// or the TM2020 record data chunk.
fn sample_chunk(g: &GhostInfo) -> Option<ChunkRef> {
    match &g.samples {
        Some(Ok(s)) if s.chunk_id == replay::CHUNK_ENT_RECORD_DATA => g.record_data,
        _ => Some(ChunkRef::Body {
            node: g.node,
            chunk: g.sample_chunk?,
        }),
    }
}

/// The samples: time, position, speed, rotation; a click marks the row
/// (`selected`) and selects the sample chunk and the sample's bytes (or the
/// compressed data).
pub fn samples(
    ui: &mut egui::Ui,
    selected: &mut Option<usize>,
    g: &GhostInfo,
    out: &mut Vec<Command>,
) {
    let Some(Ok(s)) = &g.samples else {
        ui.label("No decoded samples for this ghost.");
        return;
    };
    let where_ = match s.space {
        SampleSpace::Body => "byte ranges in the body".to_owned(),
        SampleSpace::Inflated { compressed } => format!(
            "byte ranges in the inflated buffer; compressed at body 0x{:X}..0x{:X}",
            compressed.start, compressed.end
        ),
    };
    ui.label(format!(
        "{} samples; {where_}. Click a row to select its chunk.",
        s.samples.len()
    ));
    let row = ui.spacing().interact_size.y;
    let mut clicked = None;
    let t =
        builder(ui, "ghost_samples", &[50.0, 80.0, 200.0, 80.0, 230.0]).sense(egui::Sense::click());
    header(
        row,
        &[
            "#",
            "Time",
            "Position (x, y, z) m",
            "Speed km/h",
            "Rotation (x, y, z, w)",
            "Bytes",
        ],
        t,
    )
    .body(|body| {
        body.rows(row, s.samples.len(), |mut r| {
            let i = r.index();
            let x = &s.samples[i];
            r.set_selected(*selected == Some(i));
            let [px, py, pz] = x.position;
            let [qx, qy, qz, qw] = x.rotation;
            let cells = [
                i.to_string(),
                format_time(x.time_ms),
                format!("{px:.2}, {py:.2}, {pz:.2}"),
                x.speed_kmh()
                    .map_or_else(|| "-".into(), |v| format!("{v:.1}")),
                format!("{qx:.3}, {qy:.3}, {qz:.3}, {qw:.3}"),
                format!("0x{:X}..0x{:X}", x.range.start, x.range.end),
            ];
            for text in cells {
                r.col(|ui| {
                    ui.add(egui::Label::new(text).selectable(false));
                });
            }
            if r.response().clicked() {
                clicked = Some(i);
            }
        });
    });
    if let Some(i) = clicked {
        *selected = Some(i);
        if let Some(c) = sample_chunk(g) {
            let range = match s.space {
                SampleSpace::Body => s.samples[i].range,
                SampleSpace::Inflated { compressed } => compressed,
            };
            out.push(Command::Gbx(GbxCommand::SelectChunk(c)));
            out.push(Command::Gbx(GbxCommand::SelectField(Space::Body, range)));
        }
    }
}
