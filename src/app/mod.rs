//! The eframe app: menus, panels, shortcuts, drag-and-drop; applies the
//! queued [`Command`]s after each frame.

pub mod dialogs;
mod file_ops;
mod menu;
mod pak_tab;
pub mod samples;
pub mod status_bar;
mod tabs;
pub mod welcome;
pub mod windows;

use crate::app::samples::SAMPLES;
use crate::app::samples::Sample;
use crate::command::Command;
use crate::document::Document;
use crate::gbx::doc::GbxDoc;
use crate::gbx::panels::{central, inspector, node_tree, preview, timeline};
use crate::settings::Settings;
use crate::trk::doc::TrackDoc;
use crate::trk::panels::grid as track_grid;
use std::path::{Path, PathBuf};
use trackbench_core::gbx::Gbx;
use trackbench_core::sniff::{FileKind, file_kind};

/// An open document of any supported kind.
pub enum OpenDoc {
    /// A GameBox file.
    Gbx(Box<GbxDoc>),
    /// A Stunts track (or the track of a replay).
    Trk(Box<TrackDoc>),
    /// A NadeoPak archive and its browser's view state.
    Pak(Box<crate::pak::doc::PakDoc>, Box<crate::pak::view::PakView>),
}

impl OpenDoc {
    /// The document, through the shell's contract.
    #[must_use]
    pub fn document(&self) -> &dyn Document {
        match self {
            Self::Gbx(d) => d.as_ref(),
            Self::Trk(d) => d.as_ref(),
            Self::Pak(d, _) => d.as_ref(),
        }
    }

    /// The document, mutably.
    pub fn document_mut(&mut self) -> &mut dyn Document {
        match self {
            Self::Gbx(d) => d.as_mut(),
            Self::Trk(d) => d.as_mut(),
            Self::Pak(d, _) => d.as_mut(),
        }
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
    pub windows: crate::app::windows::Windows,
    /// Persisted settings.
    pub settings: Settings,
    /// Last message for the status bar (errors included).
    pub message: String,
    pub(crate) queue: Vec<Command>,
    /// A command that waits for the answer to "save changes?".
    pub(crate) pending: Option<Command>,
    /// Set once the user agreed to close the window.
    pub(crate) allow_close: bool,
    /// Window title last sent (sending one requests a repaint, so only on change).
    pub(crate) title: String,
    pub(crate) samples: &'static [Sample],
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
            windows: crate::app::windows::Windows::default(),
            settings,
            message: String::new(),
            queue: Vec::new(),
            pending: None,
            allow_close: false,
            title: String::new(),
            samples: SAMPLES,
        };
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

    /// Opens a file from disk; errors go to the status bar.
    pub fn open_path(&mut self, path: &Path) {
        if self.focus_path(path) {
            return;
        }
        match std::fs::read(path) {
            Ok(bytes) => {
                let title = path.file_name().map_or_else(
                    || path.display().to_string(),
                    |n| n.to_string_lossy().into_owned(),
                );
                if self.open_bytes(title, bytes, Some(path.to_path_buf())) {
                    self.settings.add_recent(path);
                }
            }
            Err(e) => self.message = format!("cannot open {}: {e}", path.display()),
        }
    }

    /// Opens in-memory bytes; returns false (with a message) when the
    /// header cannot be read at all.
    pub fn open_bytes(&mut self, title: String, bytes: Vec<u8>, path: Option<PathBuf>) -> bool {
        let kind = file_kind(&title, &bytes);
        if kind == FileKind::Pak {
            return self.open_pak(title, bytes, path);
        }
        if kind.is_stunts() {
            return match TrackDoc::open(&bytes, title.clone(), path) {
                Ok(doc) => {
                    self.message = format!("opened {title}");
                    self.open_in_new_tab(OpenDoc::Trk(Box::new(doc)));
                    true
                }
                Err(e) => {
                    self.message = format!("cannot read {title}: {e}");
                    false
                }
            };
        }
        match Gbx::parse(bytes) {
            Ok(gbx) => {
                self.message = match gbx.problems.first() {
                    Some(p) => format!("opened {title} with problems: {p}"),
                    None => format!("opened {title}"),
                };
                self.open_in_new_tab(OpenDoc::Gbx(Box::new(GbxDoc::new(gbx, title, path))));
                true
            }
            Err(e) => {
                self.message = format!("cannot read {title}: {e}");
                false
            }
        }
    }

    /// Draws the whole UI into `ui`, then applies the queued commands.
    pub fn draw(&mut self, ui: &mut egui::Ui) {
        self.shortcuts_and_drops(ui.ctx());
        let mut out = std::mem::take(&mut self.queue);
        egui::Panel::top("menu").show(ui, |ui| {
            self.menu(ui, &mut out);
            self.tab_bar(ui, &mut out);
        });
        egui::Panel::bottom("status").show(ui, |ui| {
            let message = match &self.doc {
                Some(OpenDoc::Trk(d)) if !d.message.is_empty() => d.message.as_str(),
                Some(OpenDoc::Pak(d, _)) if !d.message.is_empty() => d.message.as_str(),
                _ => self.message.as_str(),
            };
            status_bar::ui(ui, self.gbx_doc(), message);
        });
        match self.doc.as_mut() {
            None => {
                egui::CentralPanel::default().show(ui, |ui| {
                    welcome::ui(ui, &self.settings, self.samples, &mut out);
                });
            }
            Some(OpenDoc::Gbx(doc)) => document_panels(ui, doc, &mut out),
            Some(OpenDoc::Trk(doc)) => {
                egui::CentralPanel::default().show(ui, |ui| track_grid::ui(ui, doc, &mut out));
            }
            Some(OpenDoc::Pak(doc, view)) => {
                egui::CentralPanel::default().show(ui, |ui| {
                    crate::pak::panels::browser::ui(ui, doc, view, &mut out);
                });
            }
        }
        self.unsaved_prompt(ui.ctx(), &mut out);
        self.extra_windows(ui.ctx(), &mut out);
        for cmd in out {
            self.apply(ui.ctx(), cmd);
        }
        if self.log.last() != Some(&self.message) && !self.message.is_empty() {
            self.log.push(self.message.clone());
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

    /// Applies one command. Commands that would drop unsaved changes wait
    /// for the user's answer to the save prompt.
    pub fn apply(&mut self, ctx: &egui::Context, cmd: Command) {
        let dirty = if cmd == Command::Quit {
            self.any_dirty()
        } else {
            self.is_dirty()
        };
        if cmd.leaves_document() && dirty && self.pending.is_none() && !self.allow_close {
            self.pending = Some(cmd);
            return;
        }
        match cmd {
            Command::Open(p) => self.open_path(&p),
            Command::OpenBytes { name, bytes } => {
                self.open_bytes(name, bytes, None);
            }
            Command::OpenDialog => {
                if let Some(p) = dialogs::pick_file_to_open() {
                    self.open_path(&p);
                }
            }
            Command::NewTrack => {
                self.open_in_new_tab(OpenDoc::Trk(Box::new(TrackDoc::new_track())));
            }
            Command::Close => self.close_active(),
            Command::SwitchTab(i) => {
                self.switch_to(i);
                // The last message was about the tab left behind.
                self.message.clear();
            }
            Command::ToggleWindow(w) => self.windows.toggle(w),
            Command::Copy(what) => self.copy(ctx, what),
            Command::SetTheme(t) => {
                self.settings.theme = t;
                ctx.set_theme(t.preference());
            }
            Command::SetBackupOnSave(on) => self.settings.backup_on_save = on,
            Command::Quit => {
                self.allow_close = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            Command::Undo => self.undo_redo(true),
            Command::Redo => self.undo_redo(false),
            Command::Save => self.save(false),
            Command::SaveAs => self.save(true),
            Command::Export(kind) => self.export(kind),
            Command::PickThumbnail => self.pick_thumbnail(),
            Command::Gbx(c) => {
                if let Some(OpenDoc::Gbx(d)) = self.doc.as_mut()
                    && let Some(m) = d.apply(c)
                {
                    self.message = m;
                }
            }
            Command::Trk(c) => match c {},
            Command::Pak(c) => self.apply_pak(ctx, c),
        }
        ctx.request_repaint();
    }

    /// The open GBX document, if the open document is one.
    #[must_use]
    pub fn gbx_doc(&self) -> Option<&GbxDoc> {
        match &self.doc {
            Some(OpenDoc::Gbx(d)) => Some(d),
            _ => None,
        }
    }

    /// The open GBX document, mutably.
    pub fn gbx_doc_mut(&mut self) -> Option<&mut GbxDoc> {
        match &mut self.doc {
            Some(OpenDoc::Gbx(d)) => Some(d),
            _ => None,
        }
    }
}

fn document_panels(ui: &mut egui::Ui, doc: &mut GbxDoc, out: &mut Vec<Command>) {
    egui::Panel::left("tree")
        .resizable(true)
        .default_size(340.0)
        .show(ui, |ui| {
            node_tree::ui(ui, doc, out);
        });
    egui::Panel::right("side")
        .resizable(true)
        .default_size(380.0)
        .show(ui, |ui| {
            let half = ui.available_height() * 0.55;
            egui::ScrollArea::vertical()
                .id_salt("preview_scroll")
                .max_height(half)
                .show(ui, |ui| {
                    preview::ui(ui, doc, out);
                });
            ui.separator();
            inspector::ui(ui, doc, out);
        });
    if timeline::has_clips(doc) {
        egui::Panel::bottom("timeline")
            .resizable(true)
            .default_size(220.0)
            .show(ui, |ui| {
                timeline::ui(ui, doc, out);
            });
    }
    egui::CentralPanel::default().show(ui, |ui| central::ui(ui, doc, out));
}

impl eframe::App for TrackbenchApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.draw(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, Settings::KEY, &self.settings);
    }
}

/// The window icon: our own artwork (assets/icons), decoded at start-up.
fn window_icon() -> egui::IconData {
    let png = include_bytes!("../../assets/icons/trackbench-256.png");
    match image::load_from_memory_with_format(png, image::ImageFormat::Png) {
        Ok(img) => {
            let rgba = img.to_rgba8();
            egui::IconData {
                width: rgba.width(),
                height: rgba.height(),
                rgba: rgba.into_raw(),
            }
        }
        Err(_) => egui::IconData::default(),
    }
}

/// Opens the native window (glow renderer: works on software OpenGL too).
///
/// # Errors
/// When no window or GL context can be created.
pub fn run_native(files: Vec<PathBuf>) -> Result<(), eframe::Error> {
    let options = eframe::NativeOptions {
        renderer: eframe::Renderer::Glow,
        viewport: egui::ViewportBuilder::default()
            .with_icon(window_icon())
            .with_app_id("trackbench")
            .with_inner_size([1400.0, 860.0])
            .with_title("trackbench")
            .with_drag_and_drop(true),
        ..Default::default()
    };
    eframe::run_native(
        "trackbench",
        options,
        Box::new(move |cc| {
            let settings: Settings = cc
                .storage
                .and_then(|s| eframe::get_value(s, Settings::KEY))
                .unwrap_or_default();
            cc.egui_ctx.set_theme(settings.theme.preference());
            Ok(Box::new(TrackbenchApp::new(settings, &files)))
        }),
    )
}
