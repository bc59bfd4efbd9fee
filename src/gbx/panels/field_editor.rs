//! The inspector's inline editor of one field: its name and type, the old
//! value, a hint of the syntax accepted, the text box (Enter applies, Esc
//! cancels) and, in red, why the text is refused. The text is checked as
//! it is typed (the core's `set_value` builds the edit without applying
//! it); applying is a [`GbxCommand::SetValue`], one undo step.

use crate::command::shortcut::PanelKey;
use crate::command::{Command, GbxCommand};
use crate::gbx::edit_api::set_value;
use crate::gbx::view::InspectorState;
use crate::widgets::keys::pressed_in;
use egui::{Color32, Key};
use trackbench_core::edit::{EditError, FieldLoc};
use trackbench_core::gbx::{FieldRef, Gbx, Value};

/// Red of refusals (also used by the hex view's notices).
pub const REFUSED: Color32 = Color32::from_rgb(210, 70, 60);

/// The type of a value as the editor names it.
#[must_use]
pub fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Group => "record",
        Value::Bool(_) => "bool",
        Value::U8(_) => "u8",
        Value::U16(_) => "u16",
        Value::U32(_) => "u32",
        Value::I32(_) => "i32",
        Value::U64(_) => "u64",
        Value::U128(_) => "u128",
        Value::Hex(_) => "id (hex u32)",
        Value::TimeMs(_) => "time (ms)",
        Value::F32(_) => "f32",
        Value::Vec2(_) => "vec2",
        Value::Vec3(_) => "vec3",
        Value::Str(_) => "string",
        Value::Lookback { .. } => "lookback id",
        Value::FileRef { .. } => "file reference",
        Value::NodeRef { .. } => "node reference",
        Value::Bytes { .. } => "bytes",
    }
}

/// What the editor accepts for a value of this type.
#[must_use]
pub fn syntax_hint(v: &Value) -> &'static str {
    match v {
        Value::Group => "its fields in order, separated by commas",
        Value::Bool(_) => "true or false (1 or 0)",
        Value::U8(_) => "a whole number 0 to 255",
        Value::U16(_) => "a whole number 0 to 65535",
        Value::U32(_) => "a whole number 0 to 4294967295",
        Value::I32(_) => "a whole number -2147483648 to 2147483647",
        Value::U64(_) => "a whole number 0 to 2^64-1",
        Value::Hex(_) => "hex, e.g. 0x0304301f",
        Value::TimeMs(_) => "1:02.345, or milliseconds; -1 for none",
        Value::F32(_) | Value::U128(_) => "a number, e.g. -1.5 or 2e3",
        Value::Vec2(_) => "x, y",
        Value::Vec3(_) => "x, y, z",
        Value::Str(_) => "any text (sizes are re-encoded)",
        Value::Lookback { .. } => "text: a new string or one already listed",
        Value::FileRef { .. } | Value::NodeRef { .. } | Value::Bytes { .. } => {
            "not editable as text"
        }
    }
}

/// The text the editor starts from: the value as typed back in.
#[must_use]
pub fn edit_text(f: FieldRef<'_>) -> String {
    match f.value() {
        Value::U8(x) => x.to_string(),
        Value::U16(x) => x.to_string(),
        Value::U32(x) => x.to_string(),
        Value::TimeMs(u32::MAX) => "-1".into(),
        Value::TimeMs(x) => x.to_string(),
        Value::I32(x) => x.to_string(),
        Value::U64(x) => x.to_string(),
        Value::Hex(x) => format!("{x:#010x}"),
        Value::Bool(x) => (x != 0).to_string(),
        Value::F32(x) => x.to_string(),
        Value::Vec2([x, y]) => format!("{x}, {y}"),
        Value::Vec3([x, y, z]) => format!("{x}, {y}, {z}"),
        Value::Str(s) => s,
        Value::Lookback { text: Some(t), .. } => t,
        Value::Group => f
            .children()
            .iter()
            .map(|c| edit_text(c))
            .collect::<Vec<_>>()
            .join(", "),
        v => v.display(),
    }
}

/// The old value as shown beside the editor.
#[must_use]
pub fn old_text(f: FieldRef<'_>) -> String {
    match f.value() {
        Value::Group => format!("({})", edit_text(f)),
        v => v.display(),
    }
}

/// Why `text` would be refused for `loc`, or `None` when it is accepted
/// (or is the value already there).
#[must_use]
pub fn check(gbx: &Gbx, loc: &FieldLoc, text: &str) -> Option<String> {
    match set_value(gbx, loc, text) {
        Ok(_) | Err(EditError::Unchanged(_)) => None,
        Err(e) => Some(e.to_string()),
    }
}

/// The text box's narrowest width, in points.
const EDIT_MIN_PX: f32 = 80.0;
/// Room for the "Set" and "Cancel" buttons beside the text box, in points.
const BUTTONS_PX: f32 = 110.0;

/// Width of `text` in the body font, in points.
fn text_width(ui: &egui::Ui, text: &str) -> f32 {
    let font = egui::TextStyle::Body.resolve(ui.style());
    ui.fonts_mut(|f| {
        f.layout_no_wrap(text.to_owned(), font, Color32::WHITE)
            .size()
            .x
    }) + ui.spacing().item_spacing.x
}

/// The editor's "Set" and "Cancel" buttons.
fn set_cancel(ui: &mut egui::Ui, apply: &mut bool, cancel: &mut bool) {
    *apply |= ui
        .small_button("Set")
        .on_hover_text("Apply (Enter): one undo step")
        .clicked();
    *cancel |= ui
        .small_button("Cancel")
        .on_hover_text("Cancel (Esc)")
        .clicked();
}

/// Draws the editor of field `f` at `loc` (the state's draft); pushes
/// [`GbxCommand::SetValue`] on Enter or "Set", closes on Esc or "Cancel".
pub fn edit_row(
    ui: &mut egui::Ui,
    gbx: &Gbx,
    f: FieldRef<'_>,
    loc: &FieldLoc,
    state: &mut InspectorState,
    out: &mut Vec<Command>,
) {
    let focus = std::mem::take(&mut state.focus_editor);
    let Some(draft) = state.draft.as_mut() else {
        return;
    };
    let value = f.value();
    let mut apply = false;
    let mut cancel = false;
    let frame = egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.strong(f.name());
            ui.weak(type_name(&value));
            ui.weak(format!("was {}", old_text(f)));
        });
        // Side by side when the panel is wide enough for the name, a
        // usable text box and both buttons; stacked otherwise, so the
        // editor never pushes the side panel past the window (issue 31).
        let name_w = text_width(ui, &format!("{} =", f.name()));
        let wide = ui.available_width() >= name_w + EDIT_MIN_PX + BUTTONS_PX;
        let mut row = |ui: &mut egui::Ui| {
            let label = ui.label(format!("{} =", f.name()));
            let buttons = if wide { BUTTONS_PX } else { 0.0 };
            let mut edit = egui::TextEdit::singleline(&mut draft.text).desired_width(
                (ui.available_width() - buttons).max(EDIT_MIN_PX.min(ui.available_width())),
            );
            if draft.error.is_some() {
                edit = edit.text_color(REFUSED);
            }
            let resp = ui.add(edit).labelled_by(label.id);
            if focus {
                resp.request_focus();
            }
            if resp.changed() {
                draft.error = check(gbx, loc, &draft.text);
            }
            let enter = resp.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
            // Esc cancels whether or not the text box has the keyboard.
            let esc = ui.input(|i| pressed_in(i, PanelKey::CancelEdit))
                && (!ui.ctx().text_edit_focused() || resp.lost_focus());
            (enter, esc)
        };
        let (enter, esc) = if wide {
            ui.horizontal(|ui| {
                let keys = row(ui);
                set_cancel(ui, &mut apply, &mut cancel);
                keys
            })
            .inner
        } else {
            let keys = ui.horizontal_wrapped(|ui| row(ui)).inner;
            ui.horizontal(|ui| set_cancel(ui, &mut apply, &mut cancel));
            keys
        };
        apply |= enter;
        cancel |= esc;
        ui.weak(format!(
            "{} · Enter applies, Esc cancels",
            syntax_hint(&value)
        ));
        if let Some(e) = &draft.error {
            ui.colored_label(REFUSED, e.as_str());
        }
    });
    if focus {
        // The whole editor, its buttons too, scrolls into view.
        frame.response.scroll_to_me(None);
    }
    if cancel {
        state.close();
    } else if apply {
        out.push(Command::Gbx(GbxCommand::SetValue {
            loc: loc.clone(),
            text: draft.text.clone(),
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_editable_type_has_a_name_and_a_hint() {
        for v in [
            Value::U8(1),
            Value::U32(7),
            Value::I32(-1),
            Value::TimeMs(62_345),
            Value::F32(1.5),
            Value::Vec3([1.0, 2.0, 3.0]),
            Value::Str("a".into()),
            Value::Bool(1),
            Value::Hex(0x0304_301f),
        ] {
            assert!(!type_name(&v).is_empty());
            assert!(!syntax_hint(&v).contains("not editable"), "{v:?}");
        }
        assert_eq!(type_name(&Value::TimeMs(0)), "time (ms)");
        assert_eq!(syntax_hint(&Value::Vec2([0.0; 2])), "x, y");
        assert!(syntax_hint(&Value::Bytes { kind: "JPEG" }).contains("not editable"));
    }
}
