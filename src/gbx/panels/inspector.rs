//! The inspector: decoded fields of the selected chunk, and their editor.
//! Clicking a field selects it and highlights its bytes in the hex view;
//! double-click, Enter or its "edit" button opens the inline editor
//! (`field_editor`); the arrow keys move the selection (Right and Left
//! open and close a record). A read-only field says why. Counted arrays
//! and their records offer delete, duplicate and move (`inspector_records`).

use super::field_editor::{edit_row, edit_text};
use super::inspector_ctx::{Ctx, Row};
use super::inspector_records as records;
use crate::command::shortcut::PanelKey;
use crate::command::{Command, GbxCommand};
use crate::gbx::doc::GbxDoc;
use crate::gbx::view::{ArrayView, InspectorState};
use crate::widgets::keys::pressed;
use egui::Id;
use egui::collapsing_header::CollapsingState;
use trackbench_core::edit::FieldLoc;
use trackbench_core::gbx::{FieldRef, Value};

/// Children shown per page in large arrays (blocks, items…).
const PAGE: usize = 100;

/// Draws the inspector of `doc`'s selected chunk with its state `state`.
pub fn ui(ui: &mut egui::Ui, doc: &GbxDoc, state: &mut InspectorState, out: &mut Vec<Command>) {
    let Some(r) = doc.selected else {
        ui.weak("Select a chunk in the tree to see its fields.");
        return;
    };
    let gbx = doc.gbx();
    let Some(chunk) = doc.chunk(r) else { return };
    let space = GbxDoc::space_of(r);
    ui.heading(super::node_tree::chunk_label(chunk));
    ui.label(format!(
        "{} offset {:#x}, {} bytes, {}",
        space.name(),
        chunk.range.start,
        chunk.range.len(),
        super::node_tree::status_badge(chunk.status).1
    ));
    if let Some(note) = &chunk.note {
        ui.colored_label(egui::Color32::from_rgb(200, 160, 40), note);
    }
    ui.separator();
    let fields = gbx.chunk_fields(chunk);
    if fields.is_empty() {
        ui.weak("No decoded fields: the bytes are shown raw in the hex view.");
        return;
    }
    state.sync(doc.revision());
    let mut cx = Ctx {
        gbx,
        space,
        chunk: r,
        selected_loc: doc.selected_loc.as_ref(),
        selected_range: doc.selected_field,
        damage: doc.damage.as_deref(),
        state,
        out,
        rows: Vec::new(),
    };
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for (i, f) in fields.iter().enumerate() {
                field(ui, &mut cx, f, &[i], None);
            }
            keys(ui, &mut cx);
        });
}

fn field_title(f: FieldRef<'_>) -> String {
    let name = match f.index() {
        Some(i) => format!("{}[{i}]", f.name()),
        None => f.name().to_string(),
    };
    match f.value() {
        Value::Group => {
            // Arrays hold a count field beside their indexed entries.
            let children = f.children();
            let items = children.iter().filter(|c| c.index().is_some()).count();
            if items > 0 {
                format!("{name} ({items} entries)")
            } else {
                format!("{name} ({} fields)", children.len())
            }
        }
        Value::Bytes { kind } => format!("{name}: {kind}, {} bytes", f.range().len()),
        v => format!("{name} = {}", v.display()),
    }
}

/// The element a row is: its array and its position among the elements.
pub(super) type Element<'e> = Option<(&'e ArrayView, usize)>;

fn field(ui: &mut egui::Ui, cx: &mut Ctx<'_>, f: FieldRef<'_>, path: &[usize], el: Element<'_>) {
    let loc = cx.loc(path);
    if cx.state.draft.as_ref().is_some_and(|d| d.loc == loc) {
        let (gbx, state, out) = (cx.gbx, &mut *cx.state, &mut *cx.out);
        edit_row(ui, gbx, f, &loc, state, out);
        return;
    }
    let children = f.children();
    if children.is_empty() {
        ui.push_id(("field", path), |ui| leaf(ui, cx, f, loc, el));
        return;
    }
    let id = ui.make_persistent_id(("field", path));
    let array = records::array_view(cx, &loc);
    let state = CollapsingState::load_with_default_open(ui.ctx(), id, false);
    let open = state.is_open();
    state
        .show_header(ui, |ui| {
            let resp = row_label(ui, cx, f, &loc, el);
            if cx.damage.is_none() && cx.read_only(&loc).is_none() {
                edit_button(ui, cx, f, &loc);
            }
            if let Some(a) = &array {
                records::array_controls(ui, cx, a, &resp);
            }
            note_row(cx, &loc, &resp, Some(id), f);
        })
        .body(|ui| {
            if let Some((a, n)) = el {
                records::element_row(ui, cx, a, n, &loc, false);
            }
            children_ui(ui, cx, f, path, array.as_ref());
        });
    // A record's buttons go on their own row, inside the panel.
    if let Some((a, n)) = el.filter(|_| !open) {
        records::element_row(ui, cx, a, n, &loc, true);
    }
}

fn children_ui(
    ui: &mut egui::Ui,
    cx: &mut Ctx<'_>,
    f: FieldRef<'_>,
    path: &[usize],
    array: Option<&ArrayView>,
) {
    let children = f.children();
    let child = |ui: &mut egui::Ui, cx: &mut Ctx<'_>, i: usize, c: FieldRef<'_>| {
        let mut p = path.to_vec();
        p.push(i);
        let el = array.and_then(|a| a.element_of(i).map(|n| (a, n)));
        field(ui, cx, c, &p, el);
    };
    let len = children.len();
    if len <= PAGE {
        for (i, c) in children.iter().enumerate() {
            child(ui, cx, i, c);
        }
        return;
    }
    for p in 0..len.div_ceil(PAGE) {
        let first = p * PAGE;
        let end = (first + PAGE).min(len);
        egui::CollapsingHeader::new(format!("[{first}..{end}]"))
            .id_salt(("page", path, p))
            .show(ui, |ui| {
                let page = children.iter().skip(first).take(PAGE);
                for (i, c) in page.enumerate() {
                    child(ui, cx, first + i, c);
                }
            });
    }
}

/// The selectable title of a field (leaf or record); a click selects it,
/// Ctrl+click marks a record, a double click opens the editor.
fn row_label(
    ui: &mut egui::Ui,
    cx: &mut Ctx<'_>,
    f: FieldRef<'_>,
    loc: &FieldLoc,
    el: Element<'_>,
) -> egui::Response {
    if let Some((a, n)) = el {
        records::mark_box(ui, cx, a, n);
    }
    let range = f.range();
    let selected = cx.is_selected(loc, range);
    let title = field_title(f);
    let resp = ui.selectable_label(selected, &title);
    if cx.state.focus_row.as_ref() == Some(loc) {
        cx.state.focus_row = None;
        resp.request_focus();
        resp.scroll_to_me(None);
    }
    if resp.clicked() {
        resp.request_focus();
        if let Some((a, n)) = el
            && ui.input(|i| i.modifiers.command)
        {
            records::toggle_mark(cx, a, n);
        }
        cx.out
            .push(Command::Gbx(GbxCommand::SelectFieldAt(loc.clone())));
    }
    if let Some((a, n)) = el {
        records::element_menu(cx, a, n, &resp);
    }
    // The whole title too: a long value is cut to the panel with "…".
    let resp = resp.on_hover_text(format!(
        "{title}\n{} offset {:#x}..{:#x}",
        cx.space.name(),
        range.start,
        range.end
    ));
    if resp.double_clicked() {
        start_edit(cx, loc, f);
    }
    resp
}

fn leaf(ui: &mut egui::Ui, cx: &mut Ctx<'_>, f: FieldRef<'_>, loc: FieldLoc, el: Element<'_>) {
    let read_only = cx.read_only(&loc);
    let resp = ui
        .horizontal_wrapped(|ui| {
            let resp = row_label(ui, cx, f, &loc, el);
            match &read_only {
                None => edit_button(ui, cx, f, &loc),
                Some(why) => {
                    ui.weak("read-only")
                        .on_hover_text(format!("Not editable: {why}"));
                }
            }
            if let Some((a, n)) = el {
                records::element_buttons(ui, cx, a, n, &loc);
            }
            resp
        })
        .inner;
    let resp = match &read_only {
        Some(why) => resp.on_hover_text(format!("Read-only: {why}")),
        None => resp,
    };
    note_row(cx, &loc, &resp, None, f);
}

/// The small "edit" button of an editable field (off in a damaged file,
/// with the reason on hover).
fn edit_button(ui: &mut egui::Ui, cx: &mut Ctx<'_>, f: FieldRef<'_>, loc: &FieldLoc) {
    let edit = ui
        .add_enabled(cx.damage.is_none(), egui::Button::new("edit").small())
        .on_hover_text(format!("Edit {} (double-click, Enter)", f.name()))
        .on_disabled_hover_text(cx.damage.unwrap_or_default());
    if edit.clicked() {
        start_edit(cx, loc, f);
    }
}

/// Opens the editor on `loc` when the field can be edited; says why not
/// otherwise.
fn start_edit(cx: &mut Ctx<'_>, loc: &FieldLoc, f: FieldRef<'_>) {
    if let Some(why) = cx.damage {
        cx.out.push(Command::Gbx(GbxCommand::Notice(format!(
            "Editing is off: {why}"
        ))));
        return;
    }
    match cx.read_only(loc) {
        None => cx.state.open(loc.clone(), edit_text(f)),
        Some(why) => cx.out.push(Command::Gbx(GbxCommand::Notice(format!(
            "{} is read-only: {why}",
            f.name()
        )))),
    }
}

fn note_row(
    cx: &mut Ctx<'_>,
    loc: &FieldLoc,
    resp: &egui::Response,
    group: Option<Id>,
    f: FieldRef<'_>,
) {
    let editable = cx.damage.is_none() && cx.read_only(loc).is_none();
    cx.rows.push(Row {
        loc: loc.clone(),
        id: resp.id,
        rect: resp.rect,
        group,
        editable,
        text: if editable {
            edit_text(f)
        } else {
            String::new()
        },
    });
}

/// The keyboard while a row has the focus: arrows move the selection,
/// Right/Left open/close a record, Enter edits.
fn keys(ui: &mut egui::Ui, cx: &mut Ctx<'_>) {
    let focused = ui.memory(egui::Memory::focused);
    let Some(i) = cx.rows.iter().position(|r| Some(r.id) == focused) else {
        return;
    };
    let id = cx.rows[i].id;
    ui.memory_mut(|m| {
        m.set_focus_lock_filter(
            id,
            egui::EventFilter {
                horizontal_arrows: true,
                vertical_arrows: true,
                ..Default::default()
            },
        );
    });
    let next = if pressed(ui, PanelKey::NextRow) {
        Some(i + 1)
    } else if pressed(ui, PanelKey::PreviousRow) {
        i.checked_sub(1)
    } else {
        None
    };
    if let Some(row) = next.and_then(|j| cx.rows.get(j)) {
        ui.memory_mut(|m| m.request_focus(row.id));
        ui.scroll_to_rect(row.rect, None);
        cx.out
            .push(Command::Gbx(GbxCommand::SelectFieldAt(row.loc.clone())));
        return;
    }
    let row = &cx.rows[i];
    if let Some(group) = row.group {
        for (key, open) in [(PanelKey::OpenRecord, true), (PanelKey::CloseRecord, false)] {
            if pressed(ui, key) {
                let mut s = CollapsingState::load_with_default_open(ui.ctx(), group, false);
                s.set_open(open);
                s.store(ui.ctx());
            }
        }
    }
    if pressed(ui, PanelKey::EditRow) {
        if row.editable {
            let (loc, text) = (row.loc.clone(), row.text.clone());
            cx.state.open(loc, text);
        } else if let Some(group) = row.group {
            let mut s = CollapsingState::load_with_default_open(ui.ctx(), group, false);
            s.toggle(ui);
            s.store(ui.ctx());
        }
    }
}
