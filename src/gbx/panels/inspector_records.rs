//! The inspector's record controls on counted arrays (blocks, items,
//! MediaTracker tracks and keys, metadata entries, ghosts…): a mark box on
//! each element for "Delete marked", small buttons on the selected element
//! (move up and down, duplicate, delete) and the same in a context menu.
//! The core (`edit::records`) keeps the count and refuses what it cannot
//! encode; its reason is shown on the controls and in the status bar.

use super::inspector_ctx::Ctx;
use crate::command::{Command, GbxCommand};
use crate::gbx::edit_api::{array_info, records_refusal};
use crate::gbx::view::ArrayView;
use trackbench_core::edit::FieldLoc;

/// The array at `loc`, when it is a counted one (cached per revision).
pub(super) fn array_view(cx: &mut Ctx<'_>, loc: &FieldLoc) -> Option<ArrayView> {
    if let Some(a) = cx.state.arrays.get(loc) {
        return a.clone();
    }
    let view = array_info(cx.gbx, loc).map(|info| ArrayView {
        array: loc.clone(),
        children: info
            .elements
            .iter()
            .filter_map(|e| e.path.last().copied())
            .collect(),
        refusal: records_refusal(cx.gbx, loc),
    });
    cx.state.arrays.insert(loc.clone(), view.clone());
    view
}

/// Why records of `a` cannot change now: the array's refusal or the
/// file's damage.
fn refusal<'a>(cx: &'a Ctx<'_>, a: &'a ArrayView) -> Option<&'a str> {
    cx.damage.or(a.refusal.as_deref())
}

fn push(cx: &mut Ctx<'_>, cmd: GbxCommand) {
    cx.out.push(Command::Gbx(cmd));
}

/// Marks or unmarks element `n` of `a` for "Delete marked".
pub(super) fn toggle_mark(cx: &mut Ctx<'_>, a: &ArrayView, n: usize) {
    let key = (a.array.clone(), n);
    if !cx.state.marked.remove(&key) {
        cx.state.marked.insert(key);
    }
}

/// The mark box in front of element `n`.
pub(super) fn mark_box(ui: &mut egui::Ui, cx: &mut Ctx<'_>, a: &ArrayView, n: usize) {
    let mut marked = cx.state.marked.contains(&(a.array.clone(), n));
    let resp = ui
        .add_enabled(
            refusal(cx, a).is_none(),
            egui::Checkbox::without_text(&mut marked),
        )
        .on_hover_text("Mark for \"Delete marked\" (Ctrl+click the row does the same)");
    if resp.changed() {
        toggle_mark(cx, a, n);
    }
}

/// After an array's title: "Delete N marked", or why its records are
/// fixed; its context menu offers the same.
pub(super) fn array_controls(
    ui: &mut egui::Ui,
    cx: &mut Ctx<'_>,
    a: &ArrayView,
    title: &egui::Response,
) {
    if let Some(why) = refusal(cx, a) {
        ui.weak("records fixed")
            .on_hover_text(format!("Records cannot be changed here: {why}"));
        return;
    }
    let marked = cx.state.marked_in(&a.array);
    let delete = |cx: &mut Ctx<'_>| {
        push(
            cx,
            GbxCommand::DeleteRecords {
                array: a.array.clone(),
                indices: marked.clone(),
            },
        );
    };
    if !marked.is_empty()
        && ui
            .small_button(format!("Delete {} marked", marked.len()))
            .on_hover_text("Delete the marked records (one undo step); the count follows")
            .clicked()
    {
        delete(cx);
    }
    title.context_menu(|ui| {
        if ui
            .add_enabled(!marked.is_empty(), egui::Button::new("Delete marked"))
            .clicked()
        {
            delete(cx);
        }
        if ui
            .add_enabled(!marked.is_empty(), egui::Button::new("Clear marks"))
            .clicked()
        {
            cx.state.marked.retain(|(arr, _)| *arr != a.array);
        }
    });
}

/// The actions on element `n` of `a`, in the order the buttons and the
/// menu show them: (label, hover, enabled, command).
fn actions(a: &ArrayView, n: usize) -> [(&'static str, &'static str, bool, GbxCommand); 4] {
    let array = a.array.clone();
    [
        (
            "↑",
            "Move up",
            n > 0,
            GbxCommand::MoveRecord {
                array: array.clone(),
                index: n,
                up: true,
            },
        ),
        (
            "↓",
            "Move down",
            n + 1 < a.len(),
            GbxCommand::MoveRecord {
                array: array.clone(),
                index: n,
                up: false,
            },
        ),
        (
            "Duplicate",
            "Duplicate this record after itself",
            true,
            GbxCommand::DuplicateRecord {
                array: array.clone(),
                index: n,
            },
        ),
        (
            "Delete",
            "Delete this record; the count follows",
            true,
            GbxCommand::DeleteRecords {
                array,
                indices: vec![n],
            },
        ),
    ]
}

/// Small buttons after the selected element `n` (at `loc`) of `a`.
pub(super) fn element_buttons(
    ui: &mut egui::Ui,
    cx: &mut Ctx<'_>,
    a: &ArrayView,
    n: usize,
    loc: &FieldLoc,
) {
    if cx.selected_loc() != Some(loc) {
        return;
    }
    // A refusal is said in words, not only by disabled buttons.
    if let Some(why) = refusal(cx, a) {
        ui.add(
            egui::Label::new(egui::RichText::new(format!("records fixed: {why}")).weak()).wrap(),
        );
        return;
    }
    for (label, hover, enabled, cmd) in actions(a, n) {
        let resp = ui
            .add_enabled(enabled, egui::Button::new(label).small())
            .on_hover_text(hover);
        if resp.clicked() {
            push(cx, cmd);
        }
    }
}

/// The record buttons of the selected element `n` (at `loc`) of `a` on a
/// row of their own under its title, wrapped so that they stay inside the
/// panel (on the title row of a group they ran past its right edge);
/// `indent` when the row is not inside the element's indented body.
pub(super) fn element_row(
    ui: &mut egui::Ui,
    cx: &mut Ctx<'_>,
    a: &ArrayView,
    n: usize,
    loc: &FieldLoc,
    indent: bool,
) {
    if cx.selected_loc() != Some(loc) {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        if indent {
            ui.add_space(ui.spacing().indent);
        }
        element_buttons(ui, cx, a, n, loc);
    });
}

/// The context menu of element `n`'s title.
pub(super) fn element_menu(cx: &mut Ctx<'_>, a: &ArrayView, n: usize, title: &egui::Response) {
    title.context_menu(|ui| {
        if let Some(why) = refusal(cx, a) {
            ui.weak(format!("Records cannot be changed here: {why}"));
            return;
        }
        for (_, hover, enabled, cmd) in actions(a, n) {
            if ui.add_enabled(enabled, egui::Button::new(hover)).clicked() {
                push(cx, cmd);
                ui.close();
            }
        }
        ui.separator();
        let marked = cx.state.marked.contains(&(a.array.clone(), n));
        let label = if marked {
            "Unmark"
        } else {
            "Mark for deletion"
        };
        if ui.button(label).clicked() {
            toggle_mark(cx, a, n);
            ui.close();
        }
    });
}
