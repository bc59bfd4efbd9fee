//! The keyboard as the shortcut table declares it
//! ([`crate::command::shortcut`]): the one place that turns a
//! [`Shortcut`] into egui's key checks. The shell consumes the commands'
//! shortcuts through [`consume`]; a panel asks [`pressed`] or [`held`] for
//! its [`PanelKey`]s, so every key it handles is in the table and in the
//! help window (`tests/app/architecture.rs` finds no other key check in
//! `src/`).

use crate::command::shortcut::{Key as K, PanelKey, Shortcut};
use egui::{Key, KeyboardShortcut, Modifiers};

/// egui's key for a key of the table.
fn egui_key(key: K) -> Key {
    match key {
        K::C => Key::C,
        K::F => Key::F,
        K::O => Key::O,
        K::P => Key::P,
        K::R => Key::R,
        K::S => Key::S,
        K::T => Key::T,
        K::V => Key::V,
        K::W => Key::W,
        K::X => Key::X,
        K::Y => Key::Y,
        K::Z => Key::Z,
        K::F1 => Key::F1,
        K::Insert => Key::Insert,
        K::Delete => Key::Delete,
        K::Escape => Key::Escape,
        K::Enter => Key::Enter,
        K::Space => Key::Space,
        K::ArrowUp => Key::ArrowUp,
        K::ArrowDown => Key::ArrowDown,
        K::ArrowLeft => Key::ArrowLeft,
        K::ArrowRight => Key::ArrowRight,
        K::PageUp => Key::PageUp,
        K::PageDown => Key::PageDown,
    }
}

/// egui's form of a shortcut of the table.
#[must_use]
pub fn to_egui(s: Shortcut) -> KeyboardShortcut {
    let mut mods = Modifiers::NONE;
    if s.command {
        mods = mods.plus(Modifiers::COMMAND);
    }
    if s.shift {
        mods = mods.plus(Modifiers::SHIFT);
    }
    KeyboardShortcut::new(mods, egui_key(s.key))
}

/// Consumes shortcut `s` when it was pressed this frame. Ctrl+C, Ctrl+X
/// and Ctrl+V arrive as egui's copy, cut and paste events, which are read
/// (and left for text fields) instead.
pub fn consume(input: &mut egui::InputState, s: Shortcut) -> bool {
    let clipboard = |e: &egui::Event| match s.key {
        K::C => matches!(e, egui::Event::Copy),
        K::X => matches!(e, egui::Event::Cut),
        K::V => matches!(e, egui::Event::Paste(_)),
        _ => false,
    };
    if s.command && !s.shift && matches!(s.key, K::C | K::X | K::V) {
        return input.events.iter().any(clipboard);
    }
    input.consume_shortcut(&to_egui(s))
}

/// True when one of `key`'s shortcuts was pressed this frame (consumed, so
/// no other widget acts on it too).
pub fn pressed(ui: &egui::Ui, key: PanelKey) -> bool {
    ui.input_mut(|i| key.shortcuts().iter().any(|&s| consume(i, s)))
}

/// True when one of `key`'s shortcut keys is being held down (not
/// consumed: a key held while the pointer drags).
pub fn held(ui: &egui::Ui, key: PanelKey) -> bool {
    ui.input(|i| key.shortcuts().iter().any(|s| i.key_down(egui_key(s.key))))
}

/// True when `key` was pressed this frame, without consuming it (for a
/// panel that reads it inside a closure over the input, e.g. the
/// timeline's drag); other modifiers held do not matter.
#[must_use]
pub fn pressed_in(input: &egui::InputState, key: PanelKey) -> bool {
    key.shortcuts().iter().any(|s| {
        input.key_pressed(egui_key(s.key))
            && (!s.command || input.modifiers.command)
            && (!s.shift || input.modifiers.shift)
    })
}
