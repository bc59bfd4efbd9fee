//! The inspector: decoded fields of the selected chunk. Clicking a field
//! highlights its bytes in the hex view; editable fields (numbers, times,
//! floats, vectors, strings) get an edit button, and invalid input is
//! refused in place with the reason.

use crate::command::Command;
use crate::gbx::doc::{ChunkRef, GbxDoc, Space};
use crate::gbx::view::FieldDraft;
use trackbench_core::edit::FieldLoc;
use trackbench_core::edit::map::set_field;
use trackbench_core::gbx::{FieldRef, Gbx, Value};

/// Children shown per page in large arrays (blocks, items…).
const PAGE: usize = 100;

struct Ctx<'a> {
    gbx: &'a Gbx,
    space: Space,
    chunk: ChunkRef,
    selected: Option<trackbench_core::bytes::ByteRange>,
    /// Why editing is off (a damaged file), when it is.
    damage: Option<&'a str>,
    editing: &'a mut Option<FieldDraft>,
    out: &'a mut Vec<Command>,
}

/// Draws the inspector of `doc`'s selected chunk; `editing` is the field
/// being edited, if any.
pub fn ui(
    ui: &mut egui::Ui,
    doc: &GbxDoc,
    editing: &mut Option<FieldDraft>,
    out: &mut Vec<Command>,
) {
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
    let mut cx = Ctx {
        gbx,
        space,
        chunk: r,
        selected: doc.selected_field,
        damage: doc.damage.as_deref(),
        editing,
        out,
    };
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for (i, f) in fields.iter().enumerate() {
                field(ui, &mut cx, f, &[i]);
            }
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

/// Text offered when editing starts.
fn edit_text(v: &Value) -> Option<String> {
    Some(match v {
        Value::U8(x) => x.to_string(),
        Value::U16(x) => x.to_string(),
        Value::U32(x) | Value::TimeMs(x) => x.to_string(),
        Value::I32(x) => x.to_string(),
        Value::Hex(x) => format!("{x:#x}"),
        Value::Bool(x) => (*x != 0).to_string(),
        Value::F32(x) => x.to_string(),
        Value::Vec2([x, y]) => format!("{x}, {y}"),
        Value::Vec3([x, y, z]) => format!("{x}, {y}, {z}"),
        Value::Str(s) => s.clone(),
        _ => return None,
    })
}

fn field(ui: &mut egui::Ui, cx: &mut Ctx<'_>, f: FieldRef<'_>, path: &[usize]) {
    let children = f.children();
    if children.is_empty() {
        leaf(ui, cx, f, path);
        return;
    }
    let id = ui.make_persistent_id(("field", path));
    let header = egui::CollapsingHeader::new(field_title(f))
        .id_salt(id)
        .show(ui, |ui| {
            let child = |ui: &mut egui::Ui, cx: &mut Ctx<'_>, i: usize, c: FieldRef<'_>| {
                let mut p = path.to_vec();
                p.push(i);
                field(ui, cx, c, &p);
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
                    .id_salt((id, p))
                    .show(ui, |ui| {
                        let page = children.iter().skip(first).take(PAGE);
                        for (i, c) in page.enumerate() {
                            child(ui, cx, first + i, c);
                        }
                    });
            }
        });
    if header.header_response.clicked() {
        cx.out
            .push(Command::Gbx(crate::command::GbxCommand::SelectField(
                cx.space,
                f.range(),
            )));
    }
}

fn leaf(ui: &mut egui::Ui, cx: &mut Ctx<'_>, f: FieldRef<'_>, path: &[usize]) {
    let loc = FieldLoc {
        chunk: cx.chunk,
        path: path.to_vec(),
    };
    let editing_this = cx.editing.as_ref().is_some_and(|d| d.loc == loc);
    if editing_this {
        edit_row(ui, cx, f, &loc);
        return;
    }
    ui.horizontal_wrapped(|ui| {
        let range = f.range();
        let title = field_title(f);
        let resp = ui.selectable_label(cx.selected == Some(range), &title);
        if resp.clicked() {
            cx.out
                .push(Command::Gbx(crate::command::GbxCommand::SelectField(
                    cx.space, range,
                )));
        }
        // The whole title too: a long value is cut to the panel with "…".
        resp.on_hover_text(format!(
            "{title}\n{} offset {:#x}..{:#x}",
            cx.space.name(),
            range.start,
            range.end
        ));
        if let Some(text) = edit_text(&f.value())
            && ui
                .add_enabled(cx.damage.is_none(), egui::Button::new("edit").small())
                .on_hover_text(format!("Edit {}", f.name()))
                .on_disabled_hover_text(cx.damage.unwrap_or_default())
                .clicked()
        {
            *cx.editing = Some(FieldDraft {
                loc,
                text,
                error: None,
            });
        }
    });
}

fn edit_row(ui: &mut egui::Ui, cx: &mut Ctx<'_>, f: FieldRef<'_>, loc: &FieldLoc) {
    let Some(FieldDraft { text, error, .. }) = cx.editing.as_mut() else {
        return;
    };
    let mut apply = false;
    let mut cancel = false;
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(format!("{} =", f.name()));
        let resp = ui
            .add(egui::TextEdit::singleline(text).desired_width(200.0))
            .labelled_by(label.id);
        if resp.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
            apply = true;
        }
        apply |= ui
            .small_button("Set")
            .on_hover_text("Apply (Enter)")
            .clicked();
        cancel = ui.small_button("Cancel").on_hover_text("Cancel").clicked();
    });
    if let Some(e) = error {
        ui.colored_label(egui::Color32::from_rgb(210, 70, 60), e.as_str());
    }
    if cancel {
        *cx.editing = None;
    } else if apply {
        match set_field(cx.gbx, loc, text) {
            Ok(edit) => {
                cx.out
                    .push(Command::Gbx(crate::command::GbxCommand::ApplyEdit(edit)));
                *cx.editing = None;
            }
            Err(e) => *error = Some(e.to_string()),
        }
    }
}
