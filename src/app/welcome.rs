//! The welcome view: open a file or a folder, recent files, built-in samples.

use crate::app::samples::Sample;
use crate::command::Command;
use crate::settings::Settings;

/// Draws the welcome view.
pub fn ui(ui: &mut egui::Ui, settings: &Settings, samples: &[Sample], out: &mut Vec<Command>) {
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
    ui.columns(2, |cols| {
        cols[0].heading("Samples");
        for (n, s) in samples.iter().enumerate() {
            if cols[0]
                .button(s.name)
                .on_hover_text(s.description)
                .clicked()
            {
                out.push(Command::OpenSample(n));
            }
        }
        cols[1].heading("Recent files");
        if settings.recent_files.is_empty() {
            cols[1].weak("none yet");
        }
        for p in &settings.recent_files {
            if cols[1].link(p.display().to_string()).clicked() {
                out.push(Command::Open(p.clone()));
            }
        }
    });
}
