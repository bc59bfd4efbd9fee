//! What a replay holds, beside its read-only track: cars, opponent, track
//! name, frames and duration, as the core decodes the replay's block
//! ([`trackbench_core::trk::ReplayInfo`]; Stunts FAQ [8.4], restunts
//! `struct GAMEINFO`).

use trackbench_core::trk::ReplayInfo;

/// The replay section of the side panel.
pub fn ui(ui: &mut egui::Ui, info: &ReplayInfo) {
    egui::CollapsingHeader::new("Replay")
        .id_salt("trk_replay")
        .default_open(true)
        .show(ui, |ui| {
            // Rows of a name column and a value cut to the panel with "…"
            // (whole on hover): an egui grid lets a long value ("COUN
            // (colour 0, automatic)") widen the panel past its share.
            let key_w = 90.0_f32.min(ui.available_width() * 0.4);
            for (k, v) in rows(info) {
                ui.horizontal(|ui| {
                    let h = ui.spacing().interact_size.y;
                    ui.allocate_ui_with_layout(
                        egui::vec2(key_w, h),
                        egui::Layout::left_to_right(egui::Align::Center),
                        |ui| {
                            ui.set_min_width(key_w);
                            ui.add(egui::Label::new(k).truncate());
                        },
                    );
                    ui.add(egui::Label::new(v).truncate());
                });
            }
            key_timeline(ui, info);
            if !info.consistent {
                ui.colored_label(
                    egui::Color32::from_rgb(255, 160, 0),
                    format!(
                        "The header counts {} frames but {} input bytes follow; \
                         Stunts writes them equal.",
                        info.frames, info.input_bytes
                    ),
                );
            }
        });
}

/// The rows shown, as (label, value).
#[must_use]
pub fn rows(i: &ReplayInfo) -> Vec<(&'static str, String)> {
    let opponent = match i.opponent_name {
        Some(name) => format!(
            "{name} in {} (colour {}, {})",
            i.opponent_car, i.opponent_colour, i.opponent_transmission
        ),
        None if i.opponent == 0 => "none".into(),
        None => format!("unknown ({})", i.opponent),
    };
    vec![
        ("Track", i.track_name.clone()),
        (
            "Car",
            format!(
                "{} (colour {}, {})",
                i.player_car, i.player_colour, i.player_transmission
            ),
        ),
        ("Opponent", opponent),
        (
            "Frames",
            format!("{} at {} per second", i.frames, i.frames_per_second),
        ),
        ("Duration", format!("{:.2} s", i.duration_s)),
        ("Inputs", format!("{} bytes", i.input_bytes)),
        ("Format", format!("{:?} (FAQ [8.4])", i.format)),
    ]
}

/// The input stream as a timeline: one lane per key (FAQ [8.4] bits), a
/// bar for each press, the frames along x; hovering names the key and its
/// frames.
fn key_timeline(ui: &mut egui::Ui, info: &ReplayInfo) {
    use trackbench_core::trk::replay_keys::KEY_NAMES;
    let frames = info.input_bytes.max(1) as f32;
    let lane_h = 12.0;
    let label_w = 70.0;
    ui.label(format!("Inputs: {} frames, keys held", info.input_bytes));
    let width = ui.available_width().max(label_w + 40.0);
    let (rect, response) = ui.allocate_exact_size(
        egui::vec2(width, lane_h * KEY_NAMES.len() as f32),
        egui::Sense::hover(),
    );
    let painter = ui.painter_at(rect);
    let text = ui.visuals().text_color();
    let bar = ui.visuals().selection.bg_fill;
    let span_w = rect.width() - label_w;
    let x_of = |frame: u32| rect.left() + label_w + frame as f32 / frames * span_w;
    for (k, name) in KEY_NAMES.iter().enumerate() {
        let y = rect.top() + k as f32 * lane_h;
        painter.text(
            egui::pos2(rect.left(), y + lane_h / 2.0),
            egui::Align2::LEFT_CENTER,
            *name,
            egui::FontId::proportional(10.0),
            text,
        );
    }
    for s in &info.key_spans {
        let y = rect.top() + f32::from(s.key) * lane_h;
        let r = egui::Rect::from_min_max(
            egui::pos2(x_of(s.start_frame), y + 2.0),
            egui::pos2(
                x_of(s.end_frame).max(x_of(s.start_frame) + 1.0),
                y + lane_h - 2.0,
            ),
        );
        painter.rect_filled(r, 0.0, bar);
    }
    if let Some(p) = response.hover_pos()
        && p.x > rect.left() + label_w
    {
        let frame = ((p.x - rect.left() - label_w) / span_w * frames) as u32;
        let held: Vec<&str> = info
            .key_spans
            .iter()
            .filter(|s| s.start_frame <= frame && frame < s.end_frame)
            .map(|s| s.name())
            .collect();
        let secs = if info.frames_per_second > 0 {
            format!(
                " ({:.2} s)",
                f64::from(frame) / f64::from(info.frames_per_second)
            )
        } else {
            String::new()
        };
        response.on_hover_text(format!(
            "frame {frame}{secs}: {}",
            if held.is_empty() {
                "no key".into()
            } else {
                held.join(", ")
            }
        ));
    }
}
