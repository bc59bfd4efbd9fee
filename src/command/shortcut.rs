//! The one table of keyboard shortcuts: those of the shell, declared on
//! [`Command`] ([`Command::shortcuts`]), and those a panel handles itself,
//! declared on [`PanelKey`] ([`PanelKey::shortcuts`]). The shell's input
//! handler reads the first, panels ask `widgets::keys` for the second, and
//! the help window (F1) lists both ([`help_rows`]). Plain data, so this
//! module stays free of egui; `widgets::keys` converts a [`Shortcut`] to
//! egui's `KeyboardShortcut`.

use super::gbx::MapTool;
use super::{Command, DocPanel, GbxCommand, Window};

/// A key that a shortcut uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// The letter C.
    C,
    /// The letter F.
    F,
    /// The letter O.
    O,
    /// The letter P.
    P,
    /// The letter R.
    R,
    /// The letter S.
    S,
    /// The letter T.
    T,
    /// The letter V.
    V,
    /// The letter W.
    W,
    /// The letter X.
    X,
    /// The letter Y.
    Y,
    /// The letter Z.
    Z,
    /// The F1 function key.
    F1,
    /// The Insert key.
    Insert,
    /// The Delete key.
    Delete,
    /// The Escape key.
    Escape,
    /// The Enter key.
    Enter,
    /// The space bar.
    Space,
    /// The up arrow.
    ArrowUp,
    /// The down arrow.
    ArrowDown,
    /// The left arrow.
    ArrowLeft,
    /// The right arrow.
    ArrowRight,
    /// The Page Up key.
    PageUp,
    /// The Page Down key.
    PageDown,
}

impl Key {
    /// The key's name as shown ("O", "F1", "Escape").
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::C => "C",
            Self::F => "F",
            Self::O => "O",
            Self::P => "P",
            Self::R => "R",
            Self::S => "S",
            Self::T => "T",
            Self::V => "V",
            Self::W => "W",
            Self::X => "X",
            Self::Y => "Y",
            Self::Z => "Z",
            Self::F1 => "F1",
            Self::Insert => "Insert",
            Self::Delete => "Delete",
            Self::Escape => "Escape",
            Self::Enter => "Enter",
            Self::Space => "Space",
            Self::ArrowUp => "Up",
            Self::ArrowDown => "Down",
            Self::ArrowLeft => "Left",
            Self::ArrowRight => "Right",
            Self::PageUp => "PageUp",
            Self::PageDown => "PageDown",
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

/// A key a panel handles itself: it changes the panel's own view state,
/// or needs the panel's focus or pointer, so it is not a [`Command`] of the
/// shell. A panel reads it with `widgets::keys::pressed` (or `held`), never
/// with egui's key functions, so every key a panel handles is in this table
/// and in the help window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PanelKey {
    /// Focus the GBX tree's find box.
    FindChunks,
    /// Track editor: rotate the current piece.
    RotatePiece,
    /// Track editor: flip the current piece.
    FlipPiece,
    /// Track editor: delete the selected tiles.
    DeleteTiles,
    /// Track editor: clear the selection.
    Deselect,
    /// Track editor: copy the selected tiles.
    CopyTiles,
    /// Track editor: cut the selected tiles.
    CutTiles,
    /// Track editor: paste the copied tiles.
    PasteTiles,
    /// Track editor: pan while held, with the primary button dragged.
    PanGrid,
    /// Library: open the selected file.
    OpenSelected,
    /// Inspector (a row focused): the next row.
    NextRow,
    /// Inspector (a row focused): the previous row.
    PreviousRow,
    /// Inspector (a record focused): open it.
    OpenRecord,
    /// Inspector (a record focused): close it.
    CloseRecord,
    /// Inspector (a row focused): edit the value, or open/close the record.
    EditRow,
    /// Field editor: cancel the edit (also outside its text box).
    CancelEdit,
    /// Hex editor: the cursor one byte left.
    HexLeft,
    /// Hex editor: the cursor one byte right.
    HexRight,
    /// Hex editor: the cursor one row up.
    HexUp,
    /// Hex editor: the cursor one row down.
    HexDown,
    /// Hex editor: give the keyboard back.
    HexLeave,
    /// Timeline: cancel the drag of a block.
    CancelDrag,
    /// Top view, placing a block: turn it a quarter clockwise.
    PlaceRotate,
    /// Top view, placing a block: one cell higher.
    PlaceHigher,
    /// Top view, placing a block: one cell lower.
    PlaceLower,
    /// Top view, placing a block: leave placing mode.
    PlaceLeave,
}

impl PanelKey {
    /// Every panel key, in the help window's order.
    pub const ALL: [Self; 26] = [
        Self::FindChunks,
        Self::RotatePiece,
        Self::FlipPiece,
        Self::DeleteTiles,
        Self::Deselect,
        Self::CopyTiles,
        Self::CutTiles,
        Self::PasteTiles,
        Self::PanGrid,
        Self::OpenSelected,
        Self::NextRow,
        Self::PreviousRow,
        Self::OpenRecord,
        Self::CloseRecord,
        Self::EditRow,
        Self::CancelEdit,
        Self::HexLeft,
        Self::HexRight,
        Self::HexUp,
        Self::HexDown,
        Self::HexLeave,
        Self::CancelDrag,
        Self::PlaceRotate,
        Self::PlaceHigher,
        Self::PlaceLower,
        Self::PlaceLeave,
    ];

    /// Its keys (any of them does it; the first is the one shown first).
    #[must_use]
    pub fn shortcuts(self) -> &'static [Shortcut] {
        self.declared().0
    }

    /// The panel that handles the key, as the help window names it.
    #[must_use]
    pub fn panel(self) -> &'static str {
        self.declared().1
    }

    /// What the key does, as the help window says it.
    #[must_use]
    pub fn label(self) -> &'static str {
        self.declared().2
    }

    /// The declaration: keys, panel, what it does.
    fn declared(self) -> (&'static [Shortcut], &'static str, &'static str) {
        const TRACK: &str = "track editor";
        const INSPECTOR: &str = "inspector";
        const HEX: &str = "hex editor";
        const PLACING: &str = "top view, placing";
        match self {
            Self::FindChunks => (const { &[ctrl(Key::F)] }, "GBX tree", "Find chunks"),
            Self::RotatePiece => (
                const { &[plain(Key::R)] },
                TRACK,
                "Rotate the current piece",
            ),
            Self::FlipPiece => (const { &[plain(Key::F)] }, TRACK, "Flip the current piece"),
            Self::DeleteTiles => (
                const { &[plain(Key::Delete)] },
                TRACK,
                "Delete the selection",
            ),
            Self::Deselect => (
                const { &[plain(Key::Escape)] },
                TRACK,
                "Clear the selection",
            ),
            Self::CopyTiles => (const { &[ctrl(Key::C)] }, TRACK, "Copy the selection"),
            Self::CutTiles => (const { &[ctrl(Key::X)] }, TRACK, "Cut the selection"),
            Self::PasteTiles => (const { &[ctrl(Key::V)] }, TRACK, "Paste"),
            Self::PanGrid => (const { &[plain(Key::Space)] }, TRACK, "Hold and drag: pan"),
            Self::OpenSelected => (
                const { &[plain(Key::Enter)] },
                "library",
                "Open the selected file",
            ),
            Self::NextRow => (const { &[plain(Key::ArrowDown)] }, INSPECTOR, "Next row"),
            Self::PreviousRow => (const { &[plain(Key::ArrowUp)] }, INSPECTOR, "Previous row"),
            Self::OpenRecord => (
                const { &[plain(Key::ArrowRight)] },
                INSPECTOR,
                "Open the record",
            ),
            Self::CloseRecord => (
                const { &[plain(Key::ArrowLeft)] },
                INSPECTOR,
                "Close the record",
            ),
            Self::EditRow => (const { &[plain(Key::Enter)] }, INSPECTOR, "Edit the value"),
            Self::CancelEdit => (
                const { &[plain(Key::Escape)] },
                "field editor",
                "Cancel the edit",
            ),
            Self::HexLeft => (const { &[plain(Key::ArrowLeft)] }, HEX, "One byte left"),
            Self::HexRight => (const { &[plain(Key::ArrowRight)] }, HEX, "One byte right"),
            Self::HexUp => (const { &[plain(Key::ArrowUp)] }, HEX, "One row up"),
            Self::HexDown => (const { &[plain(Key::ArrowDown)] }, HEX, "One row down"),
            Self::HexLeave => (const { &[plain(Key::Escape)] }, HEX, "Stop typing bytes"),
            Self::CancelDrag => (
                const { &[plain(Key::Escape)] },
                "timeline",
                "Cancel the drag",
            ),
            Self::PlaceRotate => (const { &[plain(Key::R)] }, PLACING, "Rotate the block"),
            Self::PlaceHigher => (const { &[plain(Key::PageUp)] }, PLACING, "One cell higher"),
            Self::PlaceLower => (const { &[plain(Key::PageDown)] }, PLACING, "One cell lower"),
            Self::PlaceLeave => (
                const { &[plain(Key::Escape)] },
                PLACING,
                "Leave placing mode",
            ),
        }
    }
}

/// The help window's rows (F1), generated from the table: every command
/// with a shortcut ("Ctrl+O", "Open…"), then every panel key ("R (track
/// editor)", "Rotate the current piece").
#[must_use]
pub fn help_rows() -> Vec<(String, String)> {
    let commands = Command::WITH_SHORTCUTS
        .iter()
        .map(|c| (c.shortcut_text(), c.label().to_string()));
    // The map's editing actions have no key of their own: the help says
    // where they are (issue 44, finding 10).
    let editing = editing_actions().into_iter().map(|c| {
        let keys = match c.shortcut_text() {
            k if k.is_empty() => "Edit menu, palette".to_owned(),
            k => k,
        };
        (keys, c.label().to_string())
    });
    let panels = PanelKey::ALL.iter().map(|k| {
        let keys: Vec<String> = k.shortcuts().iter().map(|s| s.label()).collect();
        (
            format!("{} ({})", keys.join(" / "), k.panel()),
            k.label().to_string(),
        )
    });
    commands.chain(editing).chain(panels).collect()
}

/// The map's editing actions, declared once: the Edit menu and the command
/// palette offer them on a map, and the help window (F1) lists them
/// (issue 44: embedding an item, duplicating a block, colour, car, mood
/// and strip were each in one panel only).
#[must_use]
pub fn editing_actions() -> Vec<Command> {
    let mut v: Vec<Command> = MapTool::ALL
        .into_iter()
        .map(|t| Command::Gbx(GbxCommand::OpenTool(t)))
        .collect();
    v.push(Command::Gbx(GbxCommand::DuplicateSelectedBlock));
    v.push(Command::PickEmbeddedItem {
        zip_path: trackbench_core::edit::embedded_items::ITEMS_PREFIX.to_owned(),
        replace: false,
    });
    v
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

    #[test]
    fn f1_lists_every_command_shortcut_and_every_panel_key() {
        let rows = help_rows();
        assert_eq!(
            rows.len(),
            Command::WITH_SHORTCUTS.len() + editing_actions().len() + PanelKey::ALL.len()
        );
        let colour = (
            "Edit menu, palette".into(),
            "Colour blocks and items…".into(),
        );
        assert!(rows.contains(&colour));
        for k in PanelKey::ALL {
            let keys = k.shortcuts()[0].label();
            let row = (format!("{keys} ({})", k.panel()), k.label().to_string());
            assert!(rows.contains(&row), "{row:?}");
        }
        assert!(rows.contains(&("R (track editor)".into(), "Rotate the current piece".into())));
        assert!(rows.contains(&("Ctrl+F (GBX tree)".into(), "Find chunks".into())));
    }

    #[test]
    fn panel_keys_leave_the_shells_shortcuts_alone() {
        let shell: Vec<Shortcut> = Command::WITH_SHORTCUTS
            .iter()
            .flat_map(|c| c.shortcuts().iter().copied())
            .collect();
        for k in PanelKey::ALL {
            assert!(!k.shortcuts().is_empty(), "{k:?}");
            for s in k.shortcuts() {
                assert!(!shell.contains(s), "{} is the shell's", s.label());
            }
        }
    }
}
