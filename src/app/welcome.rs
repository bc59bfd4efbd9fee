//! The welcome view: open a file or a folder, recent files, built-in samples.

use crate::app::samples::Sample;
use crate::command::Command;
use crate::settings::Settings;
use crate::widgets::text_size::text_px;

/// Draws the welcome view, scrolled when the window is too low for it.
pub fn ui(ui: &mut egui::Ui, settings: &Settings, samples: &[Sample], out: &mut Vec<Command>) {
    egui::ScrollArea::vertical()
        .id_salt("welcome")
        .show(ui, |ui| page(ui, settings, samples, out));
}

fn page(ui: &mut egui::Ui, settings: &Settings, samples: &[Sample], out: &mut Vec<Command>) {
    ui.vertical_centered(|ui| {
        ui.add_space(24.0);
        ui.heading("trackbench");
        ui.label("Trackmania .Gbx · NadeoPak .pak · Stunts .trk");
        ui.add_space(12.0);
        if ui.button("Open a file… (Ctrl+O)").clicked() {
            out.push(Command::OpenDialog);
        }
        if ui
            .button("Open a folder as a library… (Ctrl+Shift+O)")
            .clicked()
        {
            out.push(Command::OpenFolderDialog);
        }
        ui.weak("or drop a file or a folder on this window");
    });
    ui.add_space(16.0);
    // Two columns when the longest sample's button fits one; stacked
    // otherwise (issue 44: at 800×500 a sample's label wrapped).
    let padding = 2.0 * ui.spacing().button_padding.x;
    let longest = samples
        .iter()
        .map(|s| text_px(ui, s.name, egui::TextStyle::Button) + padding)
        .fold(0.0, f32::max);
    let spacing = ui.spacing().item_spacing.x;
    if ui.available_width() >= 2.0 * longest + spacing {
        ui.columns(2, |cols| {
            sample_list(&mut cols[0], samples, out);
            recent_list(&mut cols[1], settings, out);
        });
    } else {
        sample_list(ui, samples, out);
        ui.add_space(12.0);
        recent_list(ui, settings, out);
    }
}

/// The built-in samples, one button each, never wrapped.
fn sample_list(ui: &mut egui::Ui, samples: &[Sample], out: &mut Vec<Command>) {
    ui.heading("Samples");
    for (n, s) in samples.iter().enumerate() {
        let button = egui::Button::new(s.name).wrap_mode(egui::TextWrapMode::Truncate);
        if ui.add(button).on_hover_text(s.description).clicked() {
            out.push(Command::OpenSample(n));
        }
    }
}

/// The recent files, newest first.
fn recent_list(ui: &mut egui::Ui, settings: &Settings, out: &mut Vec<Command>) {
    ui.heading("Recent files");
    if settings.recent_files.is_empty() {
        ui.weak("none yet");
    }
    for p in &settings.recent_files {
        if ui.link(p.display().to_string()).clicked() {
            out.push(Command::Open(p.clone()));
        }
    }
}
