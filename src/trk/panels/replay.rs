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
            egui::Grid::new("trk_replay_grid")
                .num_columns(2)
                .show(ui, |ui| {
                    for (k, v) in rows(info) {
                        ui.label(k);
                        ui.label(v);
                        ui.end_row();
                    }
                });
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
