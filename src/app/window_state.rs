//! Which extra windows (log, shortcuts, command palette) are open: plain
//! state the app holds; `windows.rs` draws them.

use crate::command::Window;

/// Open/closed state of the extra windows.
#[derive(Debug, Clone, Default)]
pub struct Windows {
    /// Log window open.
    pub log: bool,
    /// Shortcuts window open.
    pub help: bool,
    /// Palette open.
    pub palette: bool,
    /// Palette search text.
    pub query: String,
}

impl Windows {
    /// Opens or closes `w`.
    pub fn toggle(&mut self, w: Window) {
        let flag = match w {
            Window::Log => &mut self.log,
            Window::Help => &mut self.help,
            Window::Palette => &mut self.palette,
        };
        *flag = !*flag;
    }
}
