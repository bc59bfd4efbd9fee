//! What a file is, from its first bytes and its name: the one place that
//! decides which reader opens a file (the app, the CLI and the library all
//! ask here).
//!
//! Magic bytes win: "GBX" (seed 000 "Header"), "NadeoPak" (seed 004
//! "Header"). Stunts files have no magic (seed 002 "Track file"), so the
//! extension decides between a track (.trk) and a replay (.rpl); anything
//! else is tried as a .Gbx, whose reader then says what is wrong; a
//! `.pak` without the magic is a pak, which its reader rejects ("not a
//! NadeoPak file"), not a GBX (issue 30). [`input`] reads files for the
//! readers: non-regular files refused, the head sniffed first.

pub mod input;

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

impl FileKind {
    /// Every kind, in the order of [`FileKind::EXTENSIONS`].
    pub const ALL: [Self; 4] = [Self::Gbx, Self::Pak, Self::StuntsTrack, Self::StuntsReplay];

    /// The one list of file extensions trackbench opens (lower case), one
    /// per kind of [`FileKind::ALL`].
    pub const EXTENSIONS: [&'static str; 4] = ["gbx", "pak", "trk", "rpl"];

    /// The kind's word: its extension (`"gbx"`, `"pak"`, `"trk"`, `"rpl"`),
    /// as the library's tables write it.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Self::Gbx => "gbx",
            Self::Pak => "pak",
            Self::StuntsTrack => "trk",
            Self::StuntsReplay => "rpl",
        }
    }

    /// The kind a file name's extension names (any case), when it is one
    /// of [`FileKind::EXTENSIONS`]; a bare dot-file (`.gbx`) has none.
    #[must_use]
    pub fn from_name(path: &std::path::Path) -> Option<Self> {
        let ext = path.extension()?.to_str()?;
        Self::ALL
            .into_iter()
            .find(|k| k.word().eq_ignore_ascii_case(ext))
    }

    /// True for the two Stunts kinds.
    #[must_use]
    pub fn is_stunts(self) -> bool {
        matches!(self, Self::StuntsTrack | Self::StuntsReplay)
    }
}

/// Decides the kind of a file named `name` (a path or a file name) whose
/// first bytes are `head` (the whole file, or at least its first 8 bytes).
#[must_use]
pub fn file_kind(name: &str, head: &[u8]) -> FileKind {
    if head.starts_with(b"GBX") {
        return FileKind::Gbx;
    }
    if head.starts_with(crate::pak::header::MAGIC) {
        return FileKind::Pak;
    }
    let ext = name
        .rsplit(['/', '\\'])
        .next()
        .and_then(|n| n.rsplit_once('.'))
        .map(|(_, e)| e.to_ascii_lowercase());
    match ext.as_deref() {
        Some("trk") => FileKind::StuntsTrack,
        Some("rpl") => FileKind::StuntsReplay,
        Some("pak") => FileKind::Pak,
        _ => FileKind::Gbx,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_wins_over_the_name() {
        assert_eq!(file_kind("x.trk", b"GBX\x06\x00BUCR"), FileKind::Gbx);
        assert_eq!(file_kind("x.Gbx", b"NadeoPak\x12"), FileKind::Pak);
    }

    #[test]
    fn stunts_files_are_known_by_extension_in_any_case() {
        assert_eq!(
            file_kind("dir.d/ZCT100.TRK", &[0; 1802]),
            FileKind::StuntsTrack
        );
        assert_eq!(file_kind("a.rpl", &[0; 30]), FileKind::StuntsReplay);
        assert_eq!(file_kind("C:\\x.Rpl", &[]), FileKind::StuntsReplay);
        assert!(FileKind::StuntsReplay.is_stunts());
    }

    #[test]
    fn extensions_name_kinds_in_any_case() {
        use std::path::Path;
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
        for (k, e) in FileKind::ALL.into_iter().zip(FileKind::EXTENSIONS) {
            assert_eq!(k.word(), e);
        }
    }

    #[test]
    fn a_pak_without_its_magic_is_still_a_pak() {
        assert_eq!(file_kind("bad.pak", b"NadeoPaX\x12"), FileKind::Pak);
        assert_eq!(file_kind("Bad.PAK", b""), FileKind::Pak);
    }

    #[test]
    fn anything_else_is_tried_as_gbx() {
        assert_eq!(file_kind("notes.txt", b"hello"), FileKind::Gbx);
        assert_eq!(file_kind("trk", b""), FileKind::Gbx);
    }
}
