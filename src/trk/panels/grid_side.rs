//! The grid editor's side panel: a replay's header, the tile under the
//! pointer, the selection tools, the route and validation lists, the
//! comparison with another track, and the metadata and colouring forms.

use crate::command::{Command, TrkCommand};
use crate::trk::doc::TrackDoc;
use crate::trk::panels::{colr as trk_colr, diff as trk_diff, meta as trk_meta};
use crate::trk::panels::{replay as trk_replay, route as trk_route};
use crate::trk::view::TrkView;
use trackbench_core::trk::route::Route;
use trackbench_core::trk::{Issue, Severity, element, terrain};

fn trk(cmd: TrkCommand) -> Command {
    Command::Trk(cmd)
}

/// Draws the side panel.
pub fn side(
    ui: &mut egui::Ui,
    doc: &TrackDoc,
    view: &mut TrkView,
    issues: &[Issue],
    route: &Route,
    out: &mut Vec<Command>,
) {
    // One scroll for the whole panel (a replay's header, the tools, the
    // lists and the metadata forms overflow short windows); the issue list
    // keeps its own, 40% of the panel but never under 200 points (at
    // 800×500 the route's summary left a line and a half of messages).
    let list_height = (ui.available_height() * 0.4).max(200.0);
    egui::ScrollArea::vertical()
        .id_salt("trk_side_scroll")
        .show(ui, |ui| {
            if let Some(info) = &doc.replay {
                trk_replay::ui(ui, info);
                ui.separator();
            }
            hover_info(ui, doc, view);
            ui.separator();
            if doc.compare.is_some() {
                trk_diff::section(ui, doc, view, out);
                ui.separator();
            }
            let editable = !doc.read_only;
            ui.add_enabled_ui(editable, |ui| selection_tools(ui, view, out));
            ui.separator();
            let errors = issues
                .iter()
                .filter(|i| i.severity == Severity::Error)
                .count();
            ui.strong(format!(
                "Validation: {errors} errors, {} warnings",
                issues.len() - errors
            ));
            egui::ScrollArea::vertical()
                .id_salt("trk_issues")
                .max_height(list_height)
                .show(ui, |ui| {
                    trk_route::list(ui, route, view, out);
                    ui.separator();
                    issue_list(ui, view, issues, out);
                });
            ui.separator();
            ui.add_enabled_ui(editable, |ui| {
                trk_meta::ui(ui, doc, view, out);
                trk_colr::ui(ui, doc, view, out);
            });
        });
}

fn hover_info(ui: &mut egui::Ui, doc: &TrackDoc, view: &TrkView) {
    let Some(p) = view.hover.or(view.focus) else {
        ui.label("Tile: —");
        return;
    };
    let (code, ter) = (doc.track().track_code(p), doc.track().terrain_code(p));
    let name = element(code).map_or_else(|| "unknown".into(), |e| e.display_name());
    let tname = terrain(ter).map_or("invalid", |t| t.name);
    ui.label(format!("Tile {p}: {name} [{code:#04x}]"));
    ui.label(format!("Terrain: {tname} [{ter:#04x}]"));
    trk_diff::hover_other(ui, doc, p);
}

fn issue_list(ui: &mut egui::Ui, view: &TrkView, issues: &[Issue], out: &mut Vec<Command>) {
    if issues.is_empty() {
        ui.label("No problems found.");
    }
    for issue in issues {
        let mark = if issue.severity == Severity::Error {
            "[error]"
        } else {
            "[warning]"
        };
        let at = issue.pos.map_or_else(String::new, |p| format!("{p} "));
        let text = format!("{mark} {at}{}", issue.message);
        let selected = issue.pos.is_some() && issue.pos == view.focus;
        if ui.selectable_label(selected, text).clicked()
            && let Some(p) = issue.pos
        {
            out.push(trk(TrkCommand::Focus(p)));
        }
    }
}

fn selection_tools(ui: &mut egui::Ui, view: &mut TrkView, out: &mut Vec<Command>) {
    let sel = view.selection;
    match sel {
        Some(r) => ui.label(format!(
            "Selection {}–{} ({}×{})",
            r.min,
            r.max,
            r.size().0,
            r.size().1
        )),
        None => ui.label("Selection: none (Select tool, drag on the grid)"),
    };
    let clip = view.clipboard.is_some();
    ui.horizontal_wrapped(|ui| {
        let mut button = |ui: &mut egui::Ui, on: bool, label: &str, cmd: TrkCommand| {
            if ui.add_enabled(on, egui::Button::new(label)).clicked() {
                out.push(trk(cmd));
            }
        };
        button(ui, sel.is_some(), "Copy", TrkCommand::Copy);
        button(ui, sel.is_some(), "Cut", TrkCommand::Cut);
        button(ui, sel.is_some(), "Delete", TrkCommand::DeleteSelection);
        if ui
            .add_enabled(clip, egui::Button::new("Paste"))
            .on_hover_text("at the pointer or the selection")
            .clicked()
        {
            out.push(trk(TrkCommand::Paste));
        }
        ui.checkbox(&mut view.paste_terrain, "with terrain");
    });
    ui.horizontal_wrapped(|ui| {
        let on = sel.is_some();
        if ui
            .add_enabled(on, egui::Button::new("Rotate selection"))
            .clicked()
        {
            out.push(trk(TrkCommand::RotateSelection));
        }
        if ui
            .add_enabled(on, egui::Button::new("Flip selection"))
            .clicked()
        {
            out.push(trk(TrkCommand::MirrorSelection));
        }
        // The clipboard is the editor's, not the track's: turned in place.
        if ui
            .add_enabled(clip, egui::Button::new("Rotate clip"))
            .clicked()
        {
            view.clipboard = view.clipboard.as_ref().map(|c| c.rotated_cw());
        }
        if ui
            .add_enabled(clip, egui::Button::new("Flip clip"))
            .clicked()
        {
            view.clipboard = view.clipboard.as_ref().map(|c| c.mirrored_ew());
        }
    });
}
