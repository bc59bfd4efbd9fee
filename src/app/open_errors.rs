//! Files that could not be opened (issue 17): each one stays in a closable
//! notice under the menu until the user closes it, with a sentence for
//! people ("This file ends early…") and the technical detail (offset,
//! chunk) a click away and copyable. Every failed open lands here: from the
//! Open dialog, the command line, a drop of several files, a library.

use crate::app::TrackbenchApp;
use crate::widgets::numbers::group_digits as group_thousands;
use trackbench_core::bytes::{ReadError, ReadErrorKind};
use trackbench_core::sniff::FileKind;

/// A file that could not be opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenError {
    /// The file's name (or path).
    pub title: String,
    /// What went wrong, in plain words.
    pub sentence: String,
    /// The reader's own message (offset, chunk), for bug reports.
    pub detail: String,
}

/// The plain sentence for a file named `title` of `len` bytes starting with
/// `head`, that the reader of `kind` refused; `gbx` is the GameBox reader's
/// error when it was the one.
#[must_use]
pub fn plain_sentence(
    title: &str,
    head: &[u8],
    kind: FileKind,
    gbx: Option<&ReadError>,
    len: usize,
) -> String {
    let ext = title
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    if len == 0 {
        return "This file is empty (0 bytes).".into();
    }
    match kind {
        FileKind::Gbx if !head.starts_with(b"GBX") => match ext.as_str() {
            "pak" => "This is not a NadeoPak archive: a .pak file starts with \"NadeoPak\", \
                      and this one does not."
                .into(),
            "gbx" => "This is not a GameBox file: a .Gbx file starts with \"GBX\", and this \
                      one does not (it may be damaged, or another kind of file renamed)."
                .into(),
            _ => "trackbench does not know this kind of file: it reads GameBox (.Gbx), \
                  NadeoPak (.pak) and Stunts (.trk, .rpl) files."
                .into(),
        },
        FileKind::Gbx => match gbx.map(ReadError::kind) {
            Some(ReadErrorKind::UnexpectedEof { .. }) => {
                let part = match gbx.map(ReadError::space) {
                    Some("body") => "its compressed body",
                    _ => "its header",
                };
                format!(
                    "This file ends early: it is cut {} bytes in, inside {part}. \
                     It may not have been copied or downloaded completely.",
                    group_thousands(len as u64)
                )
            }
            Some(ReadErrorKind::TooLarge { what, value, .. }) if *value > len as u64 => format!(
                "This file ends early, or is damaged: it declares a {what} of {} bytes, \
                 and the whole file has {} bytes.",
                group_thousands(*value),
                group_thousands(len as u64)
            ),
            Some(ReadErrorKind::TooLarge { what, .. }) => format!(
                "This GameBox file is damaged: it declares a {what} larger than the file \
                 allows."
            ),
            _ => "This GameBox file is damaged or of a version trackbench cannot read.".into(),
        },
        // A .pak is a pak by its name (issue 30); without the magic it is
        // not one.
        FileKind::Pak if !head.starts_with(b"NadeoPak") => {
            "This is not a NadeoPak archive: a .pak file starts with \"NadeoPak\", and this \
             one does not."
                .into()
        }
        FileKind::Pak => "This NadeoPak archive is damaged: its header cannot be read.".into(),
        FileKind::StuntsTrack | FileKind::StuntsReplay => format!(
            "This is not a Stunts {} trackbench can read ({} bytes).",
            if kind == FileKind::StuntsReplay {
                "replay"
            } else {
                "track"
            },
            group_thousands(len as u64)
        ),
    }
}

impl TrackbenchApp {
    /// Records that `title` could not be opened: a notice under the menu, a
    /// log line and the status bar.
    pub(crate) fn open_failed(&mut self, title: &str, sentence: String, detail: String) {
        self.message = format!("cannot open {title}: {sentence}");
        self.log
            .push(format!("cannot open {title}: {sentence} ({detail})"));
        self.open_errors.retain(|e| e.title != title);
        self.open_errors.push(OpenError {
            title: title.to_owned(),
            sentence,
            detail,
        });
    }

    /// The notices of files that could not be opened, each closable, with
    /// the detail under a toggle and a copy button.
    pub(crate) fn open_errors_bar(&mut self, ui: &mut egui::Ui) {
        let mut close = None;
        for (i, e) in self.open_errors.iter().enumerate() {
            ui.horizontal(|ui| {
                if ui
                    .small_button("✕")
                    .on_hover_text("close this notice")
                    .clicked()
                {
                    close = Some(i);
                }
                ui.colored_label(ui.visuals().error_fg_color, format!("{}:", e.title));
                ui.add(egui::Label::new(&e.sentence).truncate());
            });
            ui.indent(("open_error", i), |ui| {
                egui::CollapsingHeader::new("Details")
                    .id_salt(("open_error_detail", i))
                    .show(ui, |ui| {
                        ui.horizontal(|ui| {
                            ui.monospace(&e.detail);
                            if ui.small_button("Copy").clicked() {
                                ui.ctx().copy_text(e.detail.clone());
                            }
                        });
                    });
            });
        }
        if let Some(i) = close {
            self.open_errors.remove(i);
        }
    }
}
