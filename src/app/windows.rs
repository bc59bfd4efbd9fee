//! Extra windows (log, keyboard shortcuts, command palette) and clipboard
//! copies.

use crate::app::{OpenDoc, TrackbenchApp};
use crate::command::shortcut::{editing_actions, help_rows};
use crate::command::{Command, CopyWhat, ExportKind, TrkCommand, Window};
use crate::gbx::doc::ChunkRef;
use trackbench_core::gbx::tools::inspect::inspect;

/// Commands the palette offers for the active document `doc`, by label:
/// only those that apply to it (no thumbnail commands on a track, no save
/// on a pak).
fn palette_commands(doc: Option<&OpenDoc>) -> Vec<Command> {
    let mut v = vec![Command::OpenDialog, Command::OpenFolderDialog];
    if let Some(open) = doc {
        let d = open.document();
        if d.save_dialog().is_some() {
            v.extend([Command::Save, Command::SaveAs]);
        }
        if d.undo_label().is_some() {
            v.push(Command::Undo);
        }
        if d.redo_label().is_some() {
            v.push(Command::Redo);
        }
        v.push(Command::Close);
        for choice in d.export_choices() {
            // A map's embedded items export from the 3D view, not here.
            if !matches!(choice.kind, ExportKind::Mesh { item: Some(_), .. }) {
                v.push(Command::Export(choice.kind));
            }
        }
        if matches!(open, OpenDoc::Gbx(..) | OpenDoc::Trk(..)) {
            v.push(Command::PickCompareFile);
        }
        if let OpenDoc::Trk(d, _) = open
            && d.compare.is_some()
        {
            v.extend(
                [
                    TrkCommand::StepDifference(true),
                    TrkCommand::StepDifference(false),
                    TrkCommand::CloseCompare,
                ]
                .map(Command::Trk),
            );
        }
        if let OpenDoc::Gbx(g, _) = open {
            v.extend(map_tools(g));
            if g.thumbnail.is_some() {
                v.push(Command::PickThumbnail);
            }
            v.extend(
                CopyWhat::ALL
                    .into_iter()
                    .filter(|w| match w {
                        // Offered while decoding: the copy waits for it.
                        CopyWhat::Thumbnail => g
                            .thumbnail
                            .as_ref()
                            .is_some_and(|t| t.peek().is_none_or(Result::is_ok)),
                        CopyWhat::Icon => matches!(g.icon, Some(Ok(_))),
                        _ => true,
                    })
                    .map(Command::Copy),
            );
        }
    }
    v.extend([
        Command::ToggleWindow(Window::Log),
        Command::ToggleWindow(Window::Help),
        Command::Quit,
    ]);
    v
}

/// The map's editing actions ([`editing_actions`], the one list the help
/// window shows too) for the Edit menu and the palette; empty for a file
/// that is no map.
pub(crate) fn map_tools(doc: &crate::gbx::doc::GbxDoc) -> Vec<Command> {
    if trackbench_core::gbx::access::map_info::MapInfo::read(doc.gbx()).is_none() {
        return Vec::new();
    }
    editing_actions()
}

/// The View menu: the document's panels (shown or hidden, with the
/// document's names for them), the extra windows, the theme.
pub fn view_menu(
    ui: &mut egui::Ui,
    theme: crate::settings::Theme,
    panels: &[(crate::command::DocPanel, &'static str, bool)],
    out: &mut Vec<Command>,
) {
    for &(panel, label, shown) in panels {
        let command = Command::TogglePanel(panel);
        let mut on = shown;
        let check = ui.checkbox(&mut on, label);
        let check = match command.shortcut_text() {
            keys if keys.is_empty() => check,
            keys => check.on_hover_text(keys),
        };
        if check.clicked() {
            out.push(command);
        }
    }
    if !panels.is_empty() {
        ui.separator();
    }
    for w in [Window::Log, Window::Help, Window::Palette] {
        let command = Command::ToggleWindow(w);
        let button = egui::Button::new(w.label()).shortcut_text(command.shortcut_text());
        if ui.add(button).clicked() {
            out.push(command);
        }
    }
    ui.separator();
    use crate::settings::Theme;
    for (t, label) in [
        (Theme::System, "Theme: follow system"),
        (Theme::Dark, "Theme: dark"),
        (Theme::Light, "Theme: light"),
    ] {
        if ui.radio(theme == t, label).clicked() {
            out.push(Command::SetTheme(t));
        }
    }
}

impl TrackbenchApp {
    pub(crate) fn extra_windows(&mut self, ctx: &egui::Context, out: &mut Vec<Command>) {
        let w = &mut self.windows;
        egui::Window::new("Log")
            .open(&mut w.log)
            .default_height(240.0)
            .show(ctx, |ui| {
                egui::ScrollArea::vertical()
                    .stick_to_bottom(true)
                    .show(ui, |ui| {
                        for line in &self.log {
                            ui.label(line);
                        }
                    });
            });
        egui::Window::new("Keyboard shortcuts")
            .open(&mut w.help)
            .show(ctx, |ui| {
                egui::Grid::new("shortcuts").striped(true).show(ui, |ui| {
                    for (keys, what) in help_rows() {
                        ui.monospace(keys);
                        ui.label(what);
                        ui.end_row();
                    }
                });
            });
        let mut open = w.palette;
        let mut chosen = None;
        egui::Window::new("Command palette")
            .open(&mut open)
            .show(ctx, |ui| {
                let l = ui.label("Search:");
                ui.text_edit_singleline(&mut w.query)
                    .labelled_by(l.id)
                    .request_focus();
                let q = w.query.to_lowercase();
                for cmd in palette_commands(self.doc.as_ref())
                    .into_iter()
                    .filter(|c| c.label().to_lowercase().contains(&q))
                {
                    if ui.button(cmd.label()).clicked() {
                        chosen = Some(cmd);
                    }
                }
            });
        w.palette = open && chosen.is_none();
        out.extend(chosen);
    }

    pub(crate) fn copy(&mut self, ctx: &egui::Context, what: CopyWhat) {
        let Some(OpenDoc::Gbx(doc, _)) = &self.doc else {
            return;
        };
        let text = match what {
            CopyWhat::BytesHex => {
                let range = doc
                    .selected_field
                    .or_else(|| doc.selected.and_then(|r| doc.chunk(r)).map(|c| c.range));
                let space = doc
                    .selected
                    .map(crate::gbx::doc::GbxDoc::space_of)
                    .unwrap_or_default();
                range.map(|r| {
                    trackbench_core::gbx::slice(doc.bytes(space), r)
                        .iter()
                        .map(|b| format!("{b:02x}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                })
            }
            CopyWhat::ChunkJson => doc
                .selected
                .and_then(|r: ChunkRef| doc.gbx().chunk_with_fields(r))
                .and_then(|c| serde_json::to_string_pretty(&c).ok()),
            CopyWhat::TreeJson => {
                let path = doc
                    .path
                    .as_ref()
                    .map_or_else(|| doc.title.clone(), |p| p.display().to_string());
                inspect(doc.gbx(), &path, doc.gbx().file.len())
                    .to_json_string()
                    .ok()
            }
            CopyWhat::Thumbnail => {
                if let Some(Ok(img)) = doc.thumbnail.as_ref().map(|t| t.pixels()) {
                    ctx.copy_image(img.clone());
                    self.message = "copied the thumbnail".into();
                }
                return;
            }
            CopyWhat::Icon => {
                if let Some(Ok(img)) = &doc.icon {
                    ctx.copy_image(img.clone());
                    self.message = "copied the icon".into();
                }
                return;
            }
        };
        self.message = match text {
            Some(t) => {
                let n = t.len();
                ctx.copy_text(t);
                format!("copied {n} characters")
            }
            None => "nothing selected to copy".into(),
        };
    }
}
