//! The app shell: the open documents (one per tab) and the frame — menus,
//! the document's panels, extra windows — after which the queued
//! [`Command`]s are applied (`apply`). Opening files is `open`, the .Gbx
//! panel layout `layout`, the native window `native`.

mod apply;
pub mod ask_path;
pub mod confirm;
pub mod dialogs;
mod file_ops;
pub mod fonts;
mod frame_timing;
mod layout;
mod library_tab;
mod menu;
mod native;
mod open;
pub mod open_errors;
mod open_sample;
mod pak_tab;
pub mod samples;
pub mod stale_saves;
pub mod status_bar;
mod tabs;
pub mod welcome;
pub mod window_state;
pub mod windows;

pub use native::run_native;

use crate::app::samples::SAMPLES;
use crate::app::samples::Sample;
use crate::command::Command;
use crate::document::Document;
use crate::gbx::doc::GbxDoc;
use crate::gbx::view::GbxView;
use crate::settings::Settings;
use crate::trk::doc::TrackDoc;
use crate::trk::panels::grid as track_grid;
use crate::trk::view::TrkView;
use std::path::PathBuf;

/// An open document of any supported kind.
pub enum OpenDoc {
    /// A GameBox file and its view state.
    Gbx(Box<GbxDoc>, Box<GbxView>),
    /// A Stunts track (or the track of a replay) and its editor's view
    /// state.
    Trk(Box<TrackDoc>, Box<TrkView>),
    /// A NadeoPak archive and its browser's view state.
    Pak(Box<crate::pak::doc::PakDoc>, Box<crate::pak::view::PakView>),
    /// A scanned folder (the library) and its table/grid view state.
    Library(
        Box<crate::library::doc::LibraryDoc>,
        Box<crate::library::view::LibraryView>,
    ),
    /// Replays and ghosts of one map compared (the Runs view).
    Runs(
        Box<crate::runs::doc::RunsDoc>,
        Box<crate::runs::view::RunsView>,
    ),
    /// A large .Gbx whose body is being read: its header shown until the
    /// document arrives and takes the tab (`crate::gbx::opening`).
    Opening(Box<crate::gbx::opening::OpeningDoc>),
}

impl OpenDoc {
    /// The document, through the shell's contract.
    #[must_use]
    pub fn document(&self) -> &dyn Document {
        match self {
            Self::Gbx(d, _) => d.as_ref(),
            Self::Trk(d, _) => d.as_ref(),
            Self::Pak(d, _) => d.as_ref(),
            Self::Library(d, _) => d.as_ref(),
            Self::Runs(d, _) => d.as_ref(),
            Self::Opening(d) => d.as_ref(),
        }
    }

    /// The document, mutably.
    pub fn document_mut(&mut self) -> &mut dyn Document {
        match self {
            Self::Gbx(d, _) => d.as_mut(),
            Self::Trk(d, _) => d.as_mut(),
            Self::Pak(d, _) => d.as_mut(),
            Self::Library(d, _) => d.as_mut(),
            Self::Runs(d, _) => d.as_mut(),
            Self::Opening(d) => d.as_mut(),
        }
    }

    /// A track in a new editor.
    #[must_use]
    pub fn trk(doc: TrackDoc) -> Self {
        Self::Trk(Box::new(doc), Box::default())
    }

    /// Title shown in the window and status bar.
    #[must_use]
    pub fn title(&self) -> String {
        self.document().title()
    }
}

/// The application state.
pub struct TrackbenchApp {
    /// The active document, if any.
    pub doc: Option<OpenDoc>,
    /// The other open documents (tabs), in tab order around `active_pos`.
    pub others: Vec<OpenDoc>,
    /// Tab position of the active document.
    pub active_pos: usize,
    /// Messages shown so far (the log view).
    pub log: Vec<String>,
    /// Which extra windows are open.
    pub windows: crate::app::window_state::Windows,
    /// Persisted settings.
    pub settings: Settings,
    /// Last message for the status bar (errors included).
    pub message: String,
    pub(crate) queue: Vec<Command>,
    /// A command that waits for the answer to "save changes?".
    pub(crate) pending: Option<Command>,
    /// A question waiting for its answer (a read-only save, the first edit
    /// of a partial file).
    pub confirm: Option<confirm::Confirmation>,
    /// Set once the user agreed to close the window.
    pub(crate) allow_close: bool,
    /// Window title last sent (sending one requests a repaint, so only on change).
    pub(crate) title: String,
    pub(crate) samples: &'static [Sample],
    /// Temporary files left by interrupted saves, offered for deletion.
    pub stale_saves: Vec<trackbench_core::save::StaleFile>,
    /// The window's context once a frame was drawn: library scans wake the
    /// window through it as rows arrive.
    pub(crate) repaint: std::sync::Arc<std::sync::OnceLock<egui::Context>>,
    /// Whether file dialogs are shown (tests and a system without them:
    /// the path field instead).
    pub dialog_backend: ask_path::DialogBackend,
    /// The file dialog open now, on its worker thread.
    pub(crate) dialog: Option<ask_path::PendingDialog>,
    /// Files that could not be opened, shown until closed.
    pub open_errors: Vec<open_errors::OpenError>,
    /// The path field shown instead of a dialog.
    pub path_prompt: Option<ask_path::PathPrompt>,
    /// Set once the app's fonts are installed.
    pub fonts_installed: bool,
    /// Set once the user was told there is no file dialog.
    pub(crate) told_no_dialog: bool,
    /// The system fonts being searched (native window), added when found.
    pub(crate) system_fonts: Option<fonts::SystemFonts>,
    /// Files a second trackbench handed over, opened in tabs as they come.
    pub forwarded: Option<std::sync::mpsc::Receiver<Vec<PathBuf>>>,
    /// Listens for them while the window is open.
    pub(crate) instance_listener: Option<crate::single_instance::Listener>,
    /// A .Gbx of at least this many bytes opens in two steps, its header
    /// first (`crate::gbx::opening`; tests lower it).
    pub background_open_bytes: u64,
}

impl TrackbenchApp {
    /// A new app with `settings`, opening every file of `files` in a tab (the
    /// first one is shown).
    #[must_use]
    pub fn new(settings: Settings, files: &[PathBuf]) -> Self {
        let mut app = Self {
            doc: None,
            others: Vec::new(),
            active_pos: 0,
            log: Vec::new(),
            windows: crate::app::window_state::Windows::default(),
            settings,
            message: String::new(),
            queue: Vec::new(),
            pending: None,
            confirm: None,
            allow_close: false,
            title: String::new(),
            samples: SAMPLES,
            stale_saves: Vec::new(),
            repaint: std::sync::Arc::default(),
            dialog_backend: ask_path::DialogBackend::default(),
            dialog: None,
            path_prompt: None,
            open_errors: Vec::new(),
            told_no_dialog: false,
            fonts_installed: false,
            system_fonts: None,
            forwarded: None,
            instance_listener: None,
            background_open_bytes: crate::gbx::opening::BACKGROUND_OPEN_BYTES,
        };
        app.look_for_stale_saves(files);
        for file in files {
            app.open_path(file);
        }
        if app.tab_count() > 1 {
            app.switch_to(0); // the first argument is shown; the others wait in tabs
        }
        app
    }

    /// Queues a command (as the UI does).
    pub fn push(&mut self, cmd: Command) {
        self.queue.push(cmd);
    }

    /// Draws the whole UI into `ui`, then applies the queued commands.
    pub fn draw(&mut self, ui: &mut egui::Ui) {
        self.repaint.get_or_init(|| ui.ctx().clone());
        if !self.fonts_installed {
            // The bundled fonts (the native window also adds the system's
            // before the first frame).
            ui.ctx().set_fonts(fonts::definitions(&[]));
            self.fonts_installed = true;
        }
        if let Some(search) = &mut self.system_fonts
            && fonts::install_found(ui.ctx(), search)
        {
            self.system_fonts = None;
        }
        self.poll_libraries();
        self.poll_opening();
        self.poll_dialog(ui.ctx());
        self.poll_forwarded(ui.ctx());
        self.shortcuts_and_drops(ui.ctx());
        let mut out = std::mem::take(&mut self.queue);
        egui::Panel::top("menu").show(ui, |ui| {
            self.menu(ui, &mut out);
            self.tab_bar(ui, &mut out);
            self.stale_saves_bar(ui, &mut out);
            self.open_errors_bar(ui);
        });
        egui::Panel::bottom("status").show(ui, |ui| {
            let message = match &self.doc {
                Some(OpenDoc::Trk(d, _)) if !d.message.is_empty() => d.message.as_str(),
                Some(OpenDoc::Pak(d, _)) if !d.message.is_empty() => d.message.as_str(),
                Some(OpenDoc::Library(d, _)) if !d.message.is_empty() => d.message.as_str(),
                Some(OpenDoc::Runs(d, _)) if !d.message.is_empty() => d.message.as_str(),
                _ => self.message.as_str(),
            };
            // Clipped to the window (a long line must not widen the
            // window's layout and push the side panels off it).
            egui::ScrollArea::horizontal()
                .id_salt("status_scroll")
                .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysHidden)
                .show(ui, |ui| status_bar::ui(ui, self.gbx_doc(), message));
        });
        // Each document's panels under an id of its own: scroll offsets,
        // table columns and folded sections stay with their document
        // instead of leaking to the next tab (issue 31).
        let key = self.doc.as_ref().map(OpenDoc::state_key);
        ui.push_id(key, |ui| self.document_panels(ui, &mut out));
        self.unsaved_prompt(ui.ctx(), &mut out);
        self.confirmation_prompt(ui.ctx(), &mut out);
        self.path_prompt_window(ui.ctx());
        self.extra_windows(ui.ctx(), &mut out);
        for cmd in out {
            self.apply(ui.ctx(), cmd);
        }
        if self.log.last() != Some(&self.message) && !self.message.is_empty() {
            self.log.push(self.message.clone());
        }
    }

    /// The open document's panels (the welcome page when none is open).
    fn document_panels(&mut self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        match self.doc.as_mut() {
            None => {
                egui::CentralPanel::default().show(ui, |ui| {
                    welcome::ui(ui, &self.settings, self.samples, out);
                });
            }
            Some(OpenDoc::Gbx(doc, view)) => layout::gbx_panels(ui, doc, view, out),
            Some(OpenDoc::Trk(doc, view)) => {
                egui::CentralPanel::default().show(ui, |ui| track_grid::ui(ui, doc, view, out));
            }
            Some(OpenDoc::Pak(doc, view)) => {
                egui::CentralPanel::default().show(ui, |ui| {
                    crate::pak::panels::browser::ui(ui, doc, view, out);
                });
            }
            Some(OpenDoc::Library(doc, view)) => {
                egui::CentralPanel::default().show(ui, |ui| {
                    crate::library::panels::library::ui(ui, doc, view, out);
                });
            }
            Some(OpenDoc::Runs(doc, view)) => {
                egui::CentralPanel::default().show(ui, |ui| {
                    crate::runs::panels::runs_view::ui(ui, doc, view, out);
                });
            }
            Some(OpenDoc::Opening(doc)) => {
                egui::CentralPanel::default().show(ui, |ui| {
                    crate::gbx::panels::opening::ui(ui, doc);
                });
            }
        }
    }

    /// True when the open document has unsaved changes.
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        self.doc.as_ref().is_some_and(|d| d.document().is_dirty())
    }

    /// The active document, through the shell's contract.
    pub fn document_mut(&mut self) -> Option<&mut dyn Document> {
        self.doc.as_mut().map(OpenDoc::document_mut)
    }

    /// The open GBX document, if the open document is one.
    #[must_use]
    pub fn gbx_doc(&self) -> Option<&GbxDoc> {
        match &self.doc {
            Some(OpenDoc::Gbx(d, _)) => Some(d),
            _ => None,
        }
    }

    /// The open GBX document, mutably.
    pub fn gbx_doc_mut(&mut self) -> Option<&mut GbxDoc> {
        match &mut self.doc {
            Some(OpenDoc::Gbx(d, _)) => Some(d),
            _ => None,
        }
    }

    /// The view state of the open GBX document, if the open document is one.
    #[must_use]
    pub fn gbx_view(&self) -> Option<&GbxView> {
        match &self.doc {
            Some(OpenDoc::Gbx(_, v)) => Some(v),
            _ => None,
        }
    }

    /// The view state of the open GBX document, mutably.
    pub fn gbx_view_mut(&mut self) -> Option<&mut GbxView> {
        match &mut self.doc {
            Some(OpenDoc::Gbx(_, v)) => Some(v),
            _ => None,
        }
    }
}
