//! The hex view's overwrite mode: the "Overwrite" toggle (Insert), the
//! cursor set by a click on a byte, and hex digits typed over the byte at
//! the cursor, two digits a byte, never inserting. Each byte is a
//! [`GbxCommand::OverwriteByte`]; the document joins bytes typed one after
//! the other into one undo step and re-reads the fields after each.
//! Where the bytes are a size or count the writer keeps, the byte is
//! refused and the toolbar says why.

use super::field_editor::REFUSED;
use super::hex_rows::{byte_at_column, hex_digit};
use crate::command::shortcut::PanelKey;
use crate::command::{Command, GbxCommand};
use crate::gbx::doc::GbxDoc;
use crate::gbx::hex_guard::overwrite_refusal;
use crate::gbx::view::HexState;
use crate::widgets::keys::pressed;
use egui::Event;

/// The toggle, and in overwrite mode the cursor and the last refusal.
pub fn toolbar(ui: &mut egui::Ui, doc: &GbxDoc, hex: &HexState, out: &mut Vec<Command>) {
    let cmd = Command::Gbx(GbxCommand::ToggleOverwrite);
    let toggle = ui
        .selectable_label(hex.overwrite, "Overwrite")
        .on_hover_text(format!(
            "Overwrite mode ({}): click a byte, type hex digits; bytes typed in a row are \
             one undo step. Never inserts.",
            cmd.shortcut_text()
        ));
    if toggle.clicked() {
        out.push(cmd);
    }
    if !hex.overwrite {
        return;
    }
    match hex.cursor {
        None => {
            ui.weak("click a byte to type over it");
        }
        Some(at) => {
            let pending = hex.nibble.map_or(String::new(), |n| format!(" {n:x}_"));
            ui.label(format!("cursor {at:#x}{pending}"));
            if let Some(why) = overwrite_refusal(doc.gbx(), hex.space, at) {
                ui.colored_label(REFUSED, "locked")
                    .on_hover_text(format!("Not overwritable: {why}"));
            }
        }
    }
    if let Some(why) = &hex.refusal {
        ui.colored_label(REFUSED, why.as_str());
    }
}

/// A click on row `row` at `x_px` from its left edge (characters of
/// `char_px`) puts the cursor on the byte there.
pub fn click(hex: &mut HexState, row: usize, per_row: usize, x_px: f32, char_px: f32) {
    if let Some(i) = byte_at_column(x_px / char_px.max(1.0), per_row) {
        hex.cursor = Some((row * per_row + i) as u64);
        hex.nibble = None;
        hex.has_keys = true;
        hex.refusal = None;
    }
}

/// Typing in overwrite mode: hex digits (two a byte), arrows move the
/// cursor, Esc lets go of the keyboard. `len` is the space's size.
pub fn keys(
    ui: &mut egui::Ui,
    hex: &mut HexState,
    per_row: usize,
    len: usize,
    out: &mut Vec<Command>,
) {
    if !hex.overwrite || !hex.has_keys || ui.ctx().text_edit_focused() {
        return;
    }
    let Some(mut at) = hex.cursor else { return };
    let last = len.saturating_sub(1) as u64;
    let typed: Vec<char> = ui.input(|i| {
        i.events
            .iter()
            .filter_map(|e| match e {
                Event::Text(t) => Some(t.chars().collect::<Vec<_>>()),
                _ => None,
            })
            .flatten()
            .collect()
    });
    for d in typed.into_iter().filter_map(hex_digit) {
        match hex.nibble.take() {
            None => hex.nibble = Some(d),
            Some(high) => {
                out.push(Command::Gbx(GbxCommand::OverwriteByte {
                    space: hex.space,
                    offset: at,
                    value: high << 4 | d,
                }));
                at = (at + 1).min(last);
            }
        }
    }
    let step = per_row as u64;
    let moves = [
        (PanelKey::HexLeft, -1i64),
        (PanelKey::HexRight, 1),
        (PanelKey::HexUp, -(step as i64)),
        (PanelKey::HexDown, step as i64),
    ];
    for (key, by) in moves {
        if pressed(ui, key) {
            at = at.saturating_add_signed(by).min(last);
            hex.nibble = None;
            hex.scroll_to = Some(at);
        }
    }
    if pressed(ui, PanelKey::HexLeave) {
        hex.has_keys = false;
        hex.nibble = None;
    }
    hex.cursor = Some(at);
}
