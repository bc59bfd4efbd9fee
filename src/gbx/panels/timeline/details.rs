//! Beside the timeline's tracks: the clip, its group's triggers with their
//! conditions, and the selected block with its keys (time stamp and each
//! value with its unit).

use super::super::time_ruler;
use crate::command::Command;
use crate::gbx::view::TimelineState;
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::access::mediatracker::{BlockInfo, ClipInfo, SpanSource};

/// Where a span comes from, for labels.
pub(super) fn span_source(s: SpanSource) -> &'static str {
    match s {
        SpanSource::Explicit => "start/end",
        SpanSource::Keys => "first/last key",
        SpanSource::None => "nothing timed",
    }
}

/// Beside the tracks: the clip, its trigger, the selected block and keys.
pub(super) fn details(
    ui: &mut egui::Ui,
    gbx: &Gbx,
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
    block_details(ui, gbx, st, b, out);
    if let Some(track) = clip.tracks.get(t) {
        ui.separator();
        super::super::timeline_key_form::record_buttons(
            ui,
            gbx,
            clip,
            track,
            b,
            &mut st.key_form,
            out,
        );
    }
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
                // Cut to the column with "…": the whole line on hover.
                let row = ui.selectable_label(i == st.clip, text.as_str());
                if row.on_hover_text(text).clicked() && i != st.clip {
                    st.pick_clip(i);
                }
            }
        });
}

/// The selected block, the form of its values and selected key, and its
/// keys.
fn block_details(
    ui: &mut egui::Ui,
    gbx: &Gbx,
    st: &mut TimelineState,
    b: &BlockInfo,
    out: &mut Vec<Command>,
) {
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
    ui.separator();
    let key = st.selected_key;
    super::super::timeline_key_form::form(ui, gbx, b, key, &mut st.key_form, out);
    ui.separator();
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
            super::select_key(st, k, i, out);
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
