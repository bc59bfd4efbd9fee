//! Keyboard shortcuts, declared once on [`Command`] ([`Command::shortcuts`]):
//! the shell's input handler reads them, menus and the help window show
//! them. Plain data, so this module stays free of egui; the shell converts
//! a [`Shortcut`] to egui's `KeyboardShortcut`.

use super::{Command, DocPanel, GbxCommand, Window};

/// A key that a shortcut of the shell uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// The letter O.
    O,
    /// The letter P.
    P,
    /// The letter S.
    S,
    /// The letter T.
    T,
    /// The letter W.
    W,
    /// The letter Y.
    Y,
    /// The letter Z.
    Z,
    /// The F1 function key.
    F1,
    /// The Insert key.
    Insert,
}

impl Key {
    /// The key's name as shown ("O", "F1").
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::O => "O",
            Self::P => "P",
            Self::S => "S",
            Self::T => "T",
            Self::W => "W",
            Self::Y => "Y",
            Self::Z => "Z",
            Self::F1 => "F1",
            Self::Insert => "Insert",
        }
    }
}

/// A key with its modifiers (Ctrl is Cmd on macOS).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shortcut {
    /// Ctrl (Cmd on macOS) held.
    pub command: bool,
    /// Shift held.
    pub shift: bool,
    /// The key.
    pub key: Key,
}

const fn plain(key: Key) -> Shortcut {
    Shortcut {
        command: false,
        shift: false,
        key,
    }
}

const fn ctrl(key: Key) -> Shortcut {
    Shortcut {
        command: true,
        shift: false,
        key,
    }
}

const fn ctrl_shift(key: Key) -> Shortcut {
    Shortcut {
        command: true,
        shift: true,
        key,
    }
}

impl Shortcut {
    /// As shown in menus and the help window: "Ctrl+Shift+O", "F1".
    #[must_use]
    pub fn label(self) -> String {
        let mut s = String::new();
        if self.command {
            s.push_str("Ctrl+");
        }
        if self.shift {
            s.push_str("Shift+");
        }
        s.push_str(self.key.name());
        s
    }
}

impl Command {
    /// Every command that has a shortcut, in the help window's order.
    pub const WITH_SHORTCUTS: &'static [Command] = &[
        Command::OpenDialog,
        Command::OpenFolderDialog,
        Command::Save,
        Command::SaveAs,
        Command::Close,
        Command::Undo,
        Command::Redo,
        Command::ToggleWindow(Window::Palette),
        Command::ToggleWindow(Window::Help),
        Command::TogglePanel(DocPanel::Bottom),
        Command::Gbx(GbxCommand::ToggleOverwrite),
    ];

    /// The command's keyboard shortcuts (the first is the one menus show);
    /// empty for most commands.
    #[must_use]
    pub fn shortcuts(&self) -> &'static [Shortcut] {
        match self {
            Self::OpenDialog => const { &[ctrl(Key::O)] },
            Self::OpenFolderDialog => const { &[ctrl_shift(Key::O)] },
            Self::Save => const { &[ctrl(Key::S)] },
            Self::SaveAs => const { &[ctrl_shift(Key::S)] },
            Self::Close => const { &[ctrl(Key::W)] },
            Self::Undo => const { &[ctrl(Key::Z)] },
            Self::Redo => const { &[ctrl(Key::Y), ctrl_shift(Key::Z)] },
            Self::ToggleWindow(Window::Palette) => const { &[ctrl_shift(Key::P)] },
            Self::ToggleWindow(Window::Help) => const { &[plain(Key::F1)] },
            Self::TogglePanel(DocPanel::Bottom) => const { &[ctrl_shift(Key::T)] },
            Self::Gbx(GbxCommand::ToggleOverwrite) => const { &[plain(Key::Insert)] },
            _ => &[],
        }
    }

    /// The shortcuts as shown: "Ctrl+Y / Ctrl+Shift+Z"; empty when none.
    #[must_use]
    pub fn shortcut_text(&self) -> String {
        let labels: Vec<String> = self.shortcuts().iter().map(|s| s.label()).collect();
        labels.join(" / ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_shortcut_belongs_to_one_command() {
        let all: Vec<Shortcut> = Command::WITH_SHORTCUTS
            .iter()
            .flat_map(|c| c.shortcuts().iter().copied())
            .collect();
        for (i, s) in all.iter().enumerate() {
            assert!(!all[..i].contains(s), "{} twice", s.label());
        }
        assert!(
            Command::WITH_SHORTCUTS
                .iter()
                .all(|c| !c.shortcuts().is_empty())
        );
        assert_eq!(Command::Redo.shortcut_text(), "Ctrl+Y / Ctrl+Shift+Z");
        assert_eq!(Command::Quit.shortcut_text(), "");
    }
}
