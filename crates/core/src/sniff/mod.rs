//! What a file is, from its first bytes and its name: the one place that
//! decides which reader opens a file (the app, the CLI and the library all
//! ask here).
//!
//! Magic bytes win: "GBX" (seed 000 "Header"), "NadeoPak" (seed 004
//! "Header"). Stunts files have no magic (seed 002 "Track file"), so the
//! extension ([`crate::file_kinds::TABLE`]) decides between a track (.trk) and a replay (.rpl); anything
//! else is tried as a .Gbx, whose reader then says what is wrong; a
//! `.pak` without the magic is a pak, which its reader rejects ("not a
//! NadeoPak file"), not a GBX (issue 30). [`input`] reads files for the
//! readers: non-regular files refused, the head sniffed first; [`bounded`]
//! reads a .Gbx no further than the end its header declares.

pub mod bounded;
pub mod input;

/// The kinds and their extensions are declared in [`crate::file_kinds`];
/// named here too because every reader asks the sniffer.
pub use crate::file_kinds::FileKind;

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
    FileKind::from_text(name).unwrap_or(FileKind::Gbx)
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
