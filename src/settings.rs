//! Persisted settings (recent files); never the document itself.

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// How many recent files are remembered.
pub const MAX_RECENT: usize = 10;

/// Settings saved between runs through eframe's storage.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Settings {
    /// Most recent first.
    pub recent_files: Vec<PathBuf>,
    /// Copy the original to `FILE.bak` on the first save over it.
    #[serde(default)]
    pub backup_on_save: bool,
    /// The packlist.dat that last unlocked a pak (tried first on the next).
    #[serde(default)]
    pub last_packlist: Option<PathBuf>,
    /// Follow the system theme, or force dark/light.
    #[serde(default)]
    pub theme: Theme,
}

/// Theme choice.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Theme {
    /// Follow the system.
    #[default]
    System,
    /// Dark.
    Dark,
    /// Light.
    Light,
}

impl Theme {
    /// The egui preference.
    #[must_use]
    pub fn preference(self) -> egui::ThemePreference {
        match self {
            Self::System => egui::ThemePreference::System,
            Self::Dark => egui::ThemePreference::Dark,
            Self::Light => egui::ThemePreference::Light,
        }
    }
}

impl Settings {
    /// Storage key.
    pub const KEY: &'static str = "trackbench.settings";

    /// Moves `path` to the front of the recent files.
    pub fn add_recent(&mut self, path: &Path) {
        self.recent_files.retain(|p| p != path);
        self.recent_files.insert(0, path.to_path_buf());
        self.recent_files.truncate(MAX_RECENT);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recent_files_are_unique_most_recent_first_and_bounded() {
        let mut s = Settings::default();
        for i in 0..12 {
            s.add_recent(Path::new(&format!("/t/{i}.Gbx")));
        }
        s.add_recent(Path::new("/t/5.Gbx"));
        assert_eq!(s.recent_files.len(), MAX_RECENT);
        assert_eq!(s.recent_files[0], Path::new("/t/5.Gbx"));
        assert_eq!(
            s.recent_files
                .iter()
                .filter(|p| p.ends_with("5.Gbx"))
                .count(),
            1
        );
    }
}
