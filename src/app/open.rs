//! Opening files: from disk or from memory, each in a new tab, by the kind
//! the core's sniffer ([`trackbench_core::sniff`]) tells; a folder opens as
//! a library (`library_tab`).

use crate::app::open_errors::plain_sentence;
use crate::app::{OpenDoc, TrackbenchApp};
use crate::gbx::doc::GbxDoc;
use crate::gbx::opening::{Arrived, OpeningDoc};
use crate::gbx::view::GbxView;
use crate::trk::doc::TrackDoc;
use std::path::{Path, PathBuf};
use trackbench_core::sniff::bounded::GbxRead;
use trackbench_core::sniff::{FileKind, file_kind};

/// A reader's answer: opened, or its message and (from the GameBox
/// reader) its error.
pub(crate) type Opened = Result<(), (String, Option<trackbench_core::bytes::ReadError>)>;

impl TrackbenchApp {
    /// Opens the files a second instance handed over (the last one shown)
    /// and brings the window forward.
    pub(crate) fn poll_forwarded(&mut self, ctx: &egui::Context) {
        let Some(rx) = &self.forwarded else { return };
        let paths: Vec<PathBuf> = rx.try_iter().flatten().collect();
        if paths.is_empty() {
            return;
        }
        for path in &paths {
            self.open_path(path);
        }
        ctx.send_viewport_cmd(egui::ViewportCommand::Minimized(false));
        ctx.send_viewport_cmd(egui::ViewportCommand::Focus);
    }

    /// Opens a file from disk (or focuses its tab); errors go to the status
    /// bar.
    pub fn open_path(&mut self, path: &Path) {
        if path.is_dir() {
            self.open_folder(path);
            return;
        }
        if self.focus_path(path) {
            return;
        }
        if let Some(facts) = Self::interrupted_save_of(path) {
            self.message = format!(
                "{}: a save of it did not finish; waiting for your answer",
                path.display()
            );
            self.confirm = Some(crate::app::confirm::Confirmation::RestoreInterrupted {
                path: path.to_path_buf(),
                facts,
            });
            return;
        }
        self.open_path_as_it_is(path);
    }

    /// Opens a file from disk without asking about an interrupted save (the
    /// leftovers go to the bar); errors go to the status bar.
    pub fn open_path_as_it_is(&mut self, path: &Path) {
        self.confirm = None;
        let stale = self.check_stale_saves_of(path);
        // A .Gbx is read no further than its declared end, any other kind
        // up to its limit (issue 43, finding 6; docs/DAMAGE.md).
        match trackbench_core::sniff::input::read_sniffed(path).map(|(_, read)| read) {
            Ok(read) => {
                crate::timing::mark("file read");
                let title = path.file_name().map_or_else(
                    || path.display().to_string(),
                    |n| n.to_string_lossy().into_owned(),
                );
                if self.open_read(title, read, Some(path.to_path_buf())) {
                    self.settings.add_recent(path);
                    if let Some(said) = stale {
                        self.message = format!("{}; {said}", self.message);
                    }
                }
            }
            Err(e) => {
                let sentence = match e.kind() {
                    std::io::ErrorKind::InvalidInput => {
                        "This is not a regular file (a FIFO, device or socket): it is not read."
                            .to_owned()
                    }
                    std::io::ErrorKind::NotFound => "There is no such file.".to_owned(),
                    std::io::ErrorKind::PermissionDenied => {
                        "trackbench may not read this file (permission denied).".to_owned()
                    }
                    _ => "This file cannot be read.".to_owned(),
                };
                let detail = format!("{}: {e}", path.display());
                self.open_failed(&path.display().to_string(), sentence, detail);
            }
        }
    }

    /// Opens in-memory bytes titled `title` (from `path`, if any) in a new
    /// tab; returns false (with a message) when the file cannot be read at
    /// all.
    pub fn open_bytes(&mut self, title: String, bytes: Vec<u8>, path: Option<PathBuf>) -> bool {
        let read = GbxRead {
            bytes,
            after_end: 0,
        };
        self.open_read(title, read, path)
    }

    /// [`Self::open_bytes`] of a file read up to its declared end: the
    /// bytes after it, counted but not read, make a .Gbx partial
    /// ([`GbxRead::parse`]).
    fn open_read(&mut self, title: String, read: GbxRead, path: Option<PathBuf>) -> bool {
        let GbxRead { bytes, after_end } = read;
        let kind = file_kind(&title, &bytes);
        // Kept for the plain sentence if the reader refuses the file.
        let head: Vec<u8> = bytes.iter().take(16).copied().collect();
        let len = bytes.len();
        let result = match kind {
            FileKind::Pak => self.open_pak(title.clone(), bytes, path),
            FileKind::StuntsTrack | FileKind::StuntsReplay => {
                self.open_trk(&bytes, title.clone(), path)
            }
            FileKind::Gbx => self.open_gbx(title.clone(), GbxRead { bytes, after_end }, path),
        };
        match result {
            Ok(()) => true,
            Err((detail, gbx_error)) => {
                let sentence = plain_sentence(&title, &head, kind, gbx_error.as_ref(), len);
                self.open_failed(&title, sentence, detail);
                false
            }
        }
    }

    fn open_trk(&mut self, bytes: &[u8], title: String, path: Option<PathBuf>) -> Opened {
        let doc = TrackDoc::open(bytes, title.clone(), path).map_err(|e| (e, None))?;
        self.message = format!("opened {title}");
        self.open_in_new_tab(OpenDoc::trk(doc));
        Ok(())
    }

    fn open_gbx(&mut self, title: String, read: GbxRead, path: Option<PathBuf>) -> Opened {
        if read.bytes.len() as u64 >= self.background_open_bytes {
            // Issue 46: the header now, the body on a job.
            let notify = self.waker();
            let doc = OpeningDoc::start(title.clone(), read, path, notify);
            self.message = format!("opening {title}: reading the body");
            self.open_in_new_tab(OpenDoc::Opening(Box::new(doc)));
            return Ok(());
        }
        match read.parse() {
            Ok(gbx) => {
                crate::timing::mark("parsed");
                self.message = opened_message(&title, &gbx);
                let doc = GbxDoc::new(gbx, title, path);
                let view = GbxView::default();
                self.open_in_new_tab(OpenDoc::Gbx(Box::new(doc), Box::new(view)));
                crate::timing::mark("document ready");
                Ok(())
            }
            Err(e) => Err((e.to_string(), Some(e))),
        }
    }

    /// Turns every tab whose body has arrived into its document, in place
    /// (the active tab stays active); a tab whose file could not be read
    /// closes with the notice a direct open gives.
    pub(crate) fn poll_opening(&mut self) {
        // The failed tabs: `None` the active one, else its place in `others`.
        let mut failed: Vec<(Option<usize>, [String; 3])> = Vec::new();
        let active = self.doc.iter_mut().map(|d| (None, d));
        let others = self
            .others
            .iter_mut()
            .enumerate()
            .map(|(i, d)| (Some(i), d));
        for (at, doc) in active.chain(others) {
            let OpenDoc::Opening(o) = doc else { continue };
            match o.poll() {
                None => {}
                Some(Arrived::Doc(d)) => {
                    self.message = opened_message(&d.title, d.gbx());
                    *doc = OpenDoc::Gbx(d, Box::default());
                }
                Some(Arrived::Failed(detail, error)) => {
                    let (head, len) = (&o.head, o.file_bytes);
                    let sentence =
                        plain_sentence(&o.title, head, FileKind::Gbx, error.as_ref(), len);
                    failed.push((at, [o.title.clone(), sentence, detail]));
                }
            }
        }
        // Later places first, so the earlier ones stay where they were.
        failed.sort_by_key(|(at, _)| std::cmp::Reverse(*at));
        for (at, [title, sentence, detail]) in failed {
            match at {
                None => self.close_active(),
                Some(i) => {
                    self.others.remove(i);
                    if i < self.active_pos {
                        self.active_pos -= 1;
                    }
                }
            }
            self.open_failed(&title, sentence, detail);
        }
    }

    /// Waits until every tab opening in two steps has become its document
    /// or closed (tests, scripts: `Self::poll_opening` without frames).
    pub fn wait_for_opening(&mut self) {
        let opening = |d: &OpenDoc| matches!(d, OpenDoc::Opening(_));
        while self.doc.iter().chain(&self.others).any(opening) {
            self.poll_opening();
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
    }
}

/// The status line of a .Gbx that opened: its first problem, if any.
fn opened_message(title: &str, gbx: &trackbench_core::gbx::Gbx) -> String {
    match gbx.problems.first() {
        Some(p) => format!("opened {title} with problems: {p}"),
        None => format!("opened {title}"),
    }
}
