//! The file dialogs (rfd, on the main thread): the only place in the app
//! that opens one. Documents describe what a dialog should offer
//! ([`crate::document::FileDialog`]); commands that need a path come here
//! first.

use crate::document::FileDialog;
use std::path::{Path, PathBuf};

/// Extensions the Open dialog offers (both cases: some platforms filter
/// case-sensitively).
const TRACK_FILES: &[&str] = &[
    "gbx", "Gbx", "GBX", "trk", "TRK", "rpl", "RPL", "pak", "Pak", "PAK",
];

/// Asks for a file to open.
#[must_use]
pub fn pick_file_to_open() -> Option<PathBuf> {
    rfd::FileDialog::new()
        .add_filter("Track files", TRACK_FILES)
        .add_filter("All files", &["*"])
        .pick_file()
}

/// Asks where to save, as `spec` describes.
#[must_use]
pub fn pick_save(spec: &FileDialog) -> Option<PathBuf> {
    rfd::FileDialog::new()
        .add_filter(spec.filter, spec.extensions)
        .set_file_name(&spec.suggested_name)
        .save_file()
}

/// Asks for a folder (exports into a folder).
#[must_use]
pub fn pick_folder(title: &str) -> Option<PathBuf> {
    rfd::FileDialog::new().set_title(title).pick_folder()
}

/// Asks for an image to become the map thumbnail.
#[must_use]
pub fn pick_image() -> Option<PathBuf> {
    rfd::FileDialog::new()
        .add_filter("Images", &["jpg", "jpeg", "png", "webp"])
        .pick_file()
}

/// Asks for a file with one filter (a packlist.dat, say).
#[must_use]
pub fn pick_file(filter: &str, extensions: &[&str]) -> Option<PathBuf> {
    rfd::FileDialog::new()
        .add_filter(filter, extensions)
        .add_filter("All files", &["*"])
        .pick_file()
}

/// Asks for the game's packlist.dat, starting in `start` (the folder of
/// the last one) when given.
#[must_use]
pub fn pick_packlist(start: Option<&Path>) -> Option<PathBuf> {
    let mut dialog = rfd::FileDialog::new()
        .set_title("Choose the game's packlist.dat")
        .add_filter("packlist.dat", &["dat", "DAT"]);
    if let Some(dir) = start {
        dialog = dialog.set_directory(dir);
    }
    dialog.pick_file()
}
