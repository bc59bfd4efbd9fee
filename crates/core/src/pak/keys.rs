//! Where the key of a pak comes from (seed 004 "Encryption": each pak has
//! its own 16-byte key; for TMF/TMU the game finds it in `packlist.dat` by
//! the pak's name), and how a key field typed by a user is read.

use std::path::{Path, PathBuf};

use super::crypto::PakKey;
use super::error::PakError;
use super::packlist::Packlist;

/// Where the key of a pak comes from.
#[derive(Debug, Clone)]
pub enum KeySource {
    /// A raw 16-byte key.
    Key(PakKey),
    /// A `packlist.dat`: the key is looked up by the pak's file name without
    /// extension, as the game does.
    Packlist(Packlist),
}

impl KeySource {
    /// The key for the pak at `pak_path`.
    ///
    /// # Errors
    /// [`PakError::NoKeyForPack`] when the packlist has no such pack.
    pub fn key_for(&self, pak_path: &Path) -> Result<PakKey, PakError> {
        match self {
            Self::Key(key) => Ok(*key),
            Self::Packlist(list) => list.key_for_pak_path(pak_path),
        }
    }

    /// The raw key, when this source is one (a packlist only holds keys of
    /// version 1–3 packs, so a v6+ header is never decoded with it).
    #[must_use]
    pub fn raw_key(&self) -> Option<&PakKey> {
        match self {
            Self::Key(key) => Some(key),
            Self::Packlist(_) => None,
        }
    }
}

/// What a key field holds: the one text box where a user gives either the
/// game's `packlist.dat` or the pak's key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyInput {
    /// Nothing typed.
    Empty,
    /// 32 hex digits (spaces allowed): a raw 16-byte key.
    Key(PakKey),
    /// Anything else: the path of a `packlist.dat` (surrounding quotes
    /// from a pasted path are dropped).
    Packlist(PathBuf),
}

impl KeyInput {
    /// Reads a key field: a raw key when it is exactly 32 hex digits once
    /// blanks are removed, else a path.
    #[must_use]
    pub fn parse(text: &str) -> Self {
        let text = text.trim();
        if text.is_empty() {
            return Self::Empty;
        }
        let digits: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if digits.len() == 32
            && digits.chars().all(|c| c.is_ascii_hexdigit())
            && let Ok(key) = PakKey::from_hex(&digits)
        {
            return Self::Key(key);
        }
        let unquoted = text.trim_matches(|c| c == '"' || c == '\'');
        Self::Packlist(PathBuf::from(unquoted))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_text_is_a_key_or_a_path() {
        assert_eq!(KeyInput::parse("  "), KeyInput::Empty);
        let hex = "adb16d6f3252919c554a103155827fad";
        assert_eq!(
            KeyInput::parse(hex),
            KeyInput::Key(PakKey::from_hex(hex).unwrap())
        );
        assert_eq!(
            KeyInput::parse("ADB16D6F 3252919C 554A1031 55827FAD"),
            KeyInput::Key(PakKey::from_hex(hex).unwrap())
        );
        assert_eq!(
            KeyInput::parse("\"/games/TMNF/Packs/packlist.dat\""),
            KeyInput::Packlist(PathBuf::from("/games/TMNF/Packs/packlist.dat"))
        );
        // 31 digits is not a key.
        assert!(matches!(KeyInput::parse(&hex[1..]), KeyInput::Packlist(_)));
    }
}
