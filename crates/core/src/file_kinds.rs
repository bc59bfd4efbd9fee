//! The one table of the file kinds trackbench opens and their extensions
//! (issue 41): the sniffer ([`crate::sniff`]), the walker ([`crate::walk`]),
//! the readers of names inside paks and ZIPs, the CLI and the app's file
//! dialogs all read [`TABLE`]. It imports nothing of the crate, so every
//! layer can ask it.
//!
//! Extensions: `.Gbx` (seed 000 "Header"), `.pak` (seed 004), `.trk` and
//! `.rpl` (seed 002 "Track file": Stunts files have no magic, so the
//! extension is what tells them apart).

use std::path::Path;

/// The kind of a file, as far as its first bytes and name tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// A GameBox file ("GBX" magic), or an unknown file tried as one.
    Gbx,
    /// A NadeoPak archive ("NadeoPak" magic).
    Pak,
    /// A Stunts track (.trk, any case).
    StuntsTrack,
    /// A Stunts replay (.rpl, any case): a header and a track.
    StuntsReplay,
}

/// One row of [`TABLE`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KindRow {
    /// The kind.
    pub kind: FileKind,
    /// Its extension, lower case, without the dot: the name's last
    /// extension in any case names the kind.
    pub extension: &'static str,
    /// The spellings a file dialog offers, without dots (some platforms
    /// filter case-sensitively); each is [`KindRow::extension`] in some
    /// case, the first the one a new file is given.
    pub spellings: &'static [&'static str],
    /// What the kind is, for people ("GameBox file").
    pub label: &'static str,
}

/// The one table: every kind trackbench opens, in the order of
/// [`FileKind::ALL`] (row `k` is the kind with discriminant `k`).
pub const TABLE: [KindRow; 4] = [
    KindRow {
        kind: FileKind::Gbx,
        extension: "gbx",
        spellings: &["Gbx", "gbx", "GBX"],
        label: "GameBox file",
    },
    KindRow {
        kind: FileKind::Pak,
        extension: "pak",
        spellings: &["pak", "Pak", "PAK"],
        label: "NadeoPak archive",
    },
    KindRow {
        kind: FileKind::StuntsTrack,
        extension: "trk",
        spellings: &["TRK", "trk"],
        label: "Stunts track",
    },
    KindRow {
        kind: FileKind::StuntsReplay,
        extension: "rpl",
        spellings: &["RPL", "rpl"],
        label: "Stunts replay",
    },
];

impl FileKind {
    /// Every kind, in the order of [`TABLE`].
    pub const ALL: [Self; 4] = [TABLE[0].kind, TABLE[1].kind, TABLE[2].kind, TABLE[3].kind];

    /// The kind's row of [`TABLE`].
    #[must_use]
    pub const fn row(self) -> &'static KindRow {
        &TABLE[self as usize]
    }

    /// The kind's extension, lower case without the dot (`"gbx"`, `"pak"`,
    /// `"trk"`, `"rpl"`); the library's tables write it as the kind.
    #[must_use]
    pub const fn extension(self) -> &'static str {
        self.row().extension
    }

    /// The kind an extension (without the dot, any case) names.
    #[must_use]
    pub fn from_extension(ext: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|k| k.extension().eq_ignore_ascii_case(ext))
    }

    /// The kind a path's extension names (any case); a bare dot-file
    /// (`.gbx`) has none.
    #[must_use]
    pub fn from_name(path: &Path) -> Option<Self> {
        Self::from_extension(path.extension()?.to_str()?)
    }

    /// [`FileKind::from_name`] for a name as text, with `/` or `\` between
    /// folders (a path inside a pak or a ZIP, or a Windows path on any
    /// system).
    #[must_use]
    pub fn from_text(name: &str) -> Option<Self> {
        let file = name.rsplit(['/', '\\']).next()?;
        match file.rsplit_once('.') {
            Some((stem, ext)) if !stem.is_empty() => Self::from_extension(ext),
            _ => None,
        }
    }

    /// True for the two Stunts kinds.
    #[must_use]
    pub fn is_stunts(self) -> bool {
        matches!(self, Self::StuntsTrack | Self::StuntsReplay)
    }
}

/// True when `name` (text, `/` or `\` between folders) ends in `.gbx` in any
/// case ([`FileKind::from_text`]), as the game's case-insensitive paths are
/// (seed 004 ".gbx files": such files in a pak are read node by node).
#[must_use]
pub fn is_gbx_name(name: &str) -> bool {
    FileKind::from_text(name) == Some(FileKind::Gbx)
}

/// `name` without its `.gbx` extension (any case), or `None` when it has
/// another one.
#[must_use]
pub fn strip_gbx(name: &str) -> Option<&str> {
    let ext = FileKind::Gbx.extension();
    if !is_gbx_name(name) {
        return None;
    }
    name.get(..name.len() - ext.len() - 1)
}

/// Every spelling of every kind, for the Open dialog.
#[must_use]
pub fn all_spellings() -> Vec<&'static str> {
    TABLE
        .iter()
        .flat_map(|r| r.spellings.iter().copied())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_kind_order_and_spells_its_own_extensions() {
        for (k, row) in TABLE.iter().enumerate() {
            assert_eq!(row.kind as usize, k);
            assert_eq!(FileKind::ALL[k], row.kind);
            assert!(
                row.spellings
                    .iter()
                    .all(|s| s.eq_ignore_ascii_case(row.extension))
            );
        }
        assert_eq!(all_spellings().len(), 10);
    }

    #[test]
    fn extensions_name_kinds_in_any_case() {
        assert_eq!(
            FileKind::from_name(Path::new("a/B.Map.GBX")),
            Some(FileKind::Gbx)
        );
        assert_eq!(FileKind::from_name(Path::new("x.Pak")), Some(FileKind::Pak));
        assert_eq!(
            FileKind::from_name(Path::new("Z.TRK")),
            Some(FileKind::StuntsTrack)
        );
        assert_eq!(FileKind::from_name(Path::new(".gbx")), None);
        assert_eq!(FileKind::from_name(Path::new("a.gbx.zip")), None);
        assert_eq!(
            FileKind::from_text("C:\\x.Rpl"),
            Some(FileKind::StuntsReplay)
        );
        assert_eq!(FileKind::from_text("dir.trk/notes"), None);
    }

    #[test]
    fn gbx_names_match_in_any_case() {
        assert!(is_gbx_name("Items/A.Item.GBX"));
        assert!(is_gbx_name("Oskar (Best).gbx"));
        assert!(!is_gbx_name("gbx.txt"));
        assert!(!is_gbx_name("a/.gbx"));
        assert!(!is_gbx_name("a.gbx.zip"));
        assert_eq!(strip_gbx("a/B.Map.Gbx"), Some("a/B.Map"));
        assert_eq!(strip_gbx("TRACK.TRK"), None);
    }
}
