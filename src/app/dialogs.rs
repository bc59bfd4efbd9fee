//! The file dialogs (rfd): the only place in the app that opens one.
//! Documents describe what a dialog should offer
//! ([`crate::document::FileDialog`]); commands that need a path come here
//! first.
//!
//! A dialog runs on a worker thread, so the window keeps repainting while
//! it is open; its answer comes back through a channel the shell polls each
//! frame. When the system has no dialog (no xdg-desktop-portal and no
//! zenity on Linux: rfd then logs an error and answers nothing) the answer
//! is [`Answer::NoBackend`] and the shell falls back to its own path field
//! or the library tab (issue 17).

use crate::document::FileDialog;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};
// Every spelling of every kind (some platforms filter case-sensitively).
use trackbench_core::file_kinds::all_spellings;

/// What to ask the user for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ask {
    /// A track file to open.
    OpenFile,
    /// A folder, with the dialog's title.
    Folder(String),
    /// Where to save, as the spec describes.
    Save(FileDialog),
    /// An image (a new map thumbnail).
    Image,
    /// The game's packlist.dat, starting in a folder when given.
    Packlist(Option<PathBuf>),
}

impl Ask {
    /// True when the answer is a folder.
    #[must_use]
    pub fn wants_folder(&self) -> bool {
        matches!(self, Self::Folder(_))
    }
}

/// What a dialog answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// The user chose this path.
    Picked(PathBuf),
    /// The user closed the dialog without choosing.
    Cancelled,
    /// No dialog could be shown on this system.
    NoBackend,
}

/// Set when rfd logs an error: its way of saying no dialog could be shown
/// (it answers "nothing chosen" either way).
static BACKEND_FAILED: AtomicBool = AtomicBool::new(false);

/// A dialog that answers faster than this without a path never showed (a
/// person cannot open and cancel one that fast); the check for systems
/// where [`install_log_watch`] could not install its logger.
const TOO_FAST: Duration = Duration::from_millis(60);

/// Catches rfd's error log lines (the only sign that no dialog backend
/// exists) and passes nothing else on.
struct RfdLogWatch;

impl log::Log for RfdLogWatch {
    fn enabled(&self, meta: &log::Metadata<'_>) -> bool {
        meta.target().starts_with("rfd") && meta.level() <= log::Level::Error
    }

    fn log(&self, record: &log::Record<'_>) {
        if self.enabled(record.metadata()) {
            BACKEND_FAILED.store(true, Ordering::SeqCst);
        }
    }

    fn flush(&self) {}
}

/// Installs the logger that notices a missing dialog backend (once, at
/// start-up; a logger installed before is kept and the timing check stays).
pub fn install_log_watch() {
    if log::set_logger(&RfdLogWatch).is_ok() {
        log::set_max_level(log::LevelFilter::Error);
    }
}

/// Opens the dialog for `ask` on a worker thread; `wake` is called once it
/// answered (the shell repaints). The answer comes through the receiver.
pub fn start(ask: Ask, wake: impl FnOnce() + Send + 'static) -> Receiver<Answer> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        BACKEND_FAILED.store(false, Ordering::SeqCst);
        let started = Instant::now();
        let picked = run(&ask);
        let failed = BACKEND_FAILED.swap(false, Ordering::SeqCst);
        let answer = match picked {
            Some(p) => Answer::Picked(p),
            None if failed || started.elapsed() < TOO_FAST => Answer::NoBackend,
            None => Answer::Cancelled,
        };
        let _ = tx.send(answer); // the app may have closed meanwhile
        wake();
    });
    rx
}

/// Shows the dialog (blocking this worker thread) and returns its path.
fn run(ask: &Ask) -> Option<PathBuf> {
    match ask {
        Ask::OpenFile => rfd::FileDialog::new()
            .add_filter("Track files", &all_spellings())
            .add_filter("All files", &["*"])
            .pick_file(),
        Ask::Folder(title) => rfd::FileDialog::new().set_title(title).pick_folder(),
        Ask::Save(spec) => rfd::FileDialog::new()
            .add_filter(spec.filter, spec.extensions)
            .set_file_name(&spec.suggested_name)
            .save_file(),
        Ask::Image => rfd::FileDialog::new()
            .add_filter("Images", &["jpg", "jpeg", "png", "webp"])
            .pick_file(),
        Ask::Packlist(start) => {
            let mut dialog = rfd::FileDialog::new()
                .set_title("Choose the game's packlist.dat")
                .add_filter("packlist.dat", &["dat", "DAT"]);
            if let Some(dir) = start {
                dialog = dialog.set_directory(dir);
            }
            dialog.pick_file()
        }
    }
}
