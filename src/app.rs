//! The eframe app: menus, panels, shortcuts, drag-and-drop; applies the
//! queued [`Command`]s after each frame.

use crate::command::Command;
use crate::document::Document;
use crate::panels::{
    central, inspector, node_tree, preview, status_bar, timeline, track_grid, welcome,
};
use crate::samples::SAMPLES;
use crate::samples::Sample;
use crate::settings::Settings;
use crate::track_doc::TrackDoc;
use std::path::{Path, PathBuf};
use trackbench_core::gbx::Gbx;

/// An open document of any supported kind.
pub enum OpenDoc {
    /// A GameBox file.
    Gbx(Box<Document>),
    /// A Stunts track (or the track of a replay).
    Trk(Box<TrackDoc>),
    /// A NadeoPak archive.
    Pak(Box<crate::pak_doc::PakDoc>),
}

impl OpenDoc {
    /// Title shown in the window and status bar.
    #[must_use]
    pub fn title(&self) -> String {
        match self {
            Self::Gbx(d) => d.display_title(),
            Self::Trk(d) => d.title(),
            Self::Pak(d) => d.title(),
        }
    }
}

/// What a file's first bytes and name say it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// "GBX" magic.
    Gbx,
    /// Stunts track (.trk) or replay (.rpl).
    Trk,
    /// "NadeoPak" magic.
    Pak,
}

/// Decides how to open a file: by magic first, then by extension.
#[must_use]
pub fn file_kind(title: &str, bytes: &[u8]) -> FileKind {
    if bytes.starts_with(b"GBX") {
        return FileKind::Gbx;
    }
    if bytes.starts_with(b"NadeoPak") {
        return FileKind::Pak;
    }
    let lower = title.to_ascii_lowercase();
    if lower.ends_with(".trk") || lower.ends_with(".rpl") {
        return FileKind::Trk;
    }
    FileKind::Gbx
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
    pub windows: crate::windows::Windows,
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
            windows: crate::windows::Windows::default(),
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
        if file_kind(&title, &bytes) == FileKind::Pak {
            return match crate::pak_doc::PakDoc::open(bytes, title.clone(), path) {
                Ok(mut doc) => {
                    if let Some(p) = self.settings.last_packlist.clone() {
                        let _ = doc.try_packlist(&p); // a wrong or missing one just asks
                    }
                    self.message = format!("opened {title}");
                    self.open_in_new_tab(OpenDoc::Pak(Box::new(doc)));
                    true
                }
                Err(e) => {
                    self.message = format!("cannot read {title}: {e}");
                    false
                }
            };
        }
        if file_kind(&title, &bytes) == FileKind::Trk {
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
                self.open_in_new_tab(OpenDoc::Gbx(Box::new(Document::new(gbx, title, path))));
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
                Some(OpenDoc::Pak(d)) if !d.message.is_empty() => d.message.as_str(),
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
            Some(OpenDoc::Pak(doc)) => {
                egui::CentralPanel::default().show(ui, |ui| {
                    crate::panels::pak_browser::ui(ui, doc, &mut out);
                });
            }
        }
        self.unsaved_prompt(ui.ctx(), &mut out);
        self.extra_windows(ui.ctx(), &mut out);
        for cmd in out {
            self.apply(ui.ctx(), cmd);
        }
        if let Some(OpenDoc::Pak(d)) = &self.doc
            && d.is_unlocked()
            && d.last_packlist.is_some()
            && d.last_packlist != self.settings.last_packlist
        {
            self.settings.last_packlist.clone_from(&d.last_packlist);
        }
        if self.log.last() != Some(&self.message) && !self.message.is_empty() {
            self.log.push(self.message.clone());
        }
    }

    /// True when the open document has unsaved changes.
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        match &self.doc {
            Some(OpenDoc::Gbx(d)) => d.edit.history().is_dirty(),
            Some(OpenDoc::Trk(d)) => d.is_dirty(),
            Some(OpenDoc::Pak(_)) | None => false,
        }
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
                let picked = rfd::FileDialog::new()
                    .add_filter(
                        "Track files",
                        &[
                            "gbx", "Gbx", "GBX", "trk", "TRK", "rpl", "RPL", "pak", "Pak", "PAK",
                        ],
                    )
                    .add_filter("All files", &["*"])
                    .pick_file();
                if let Some(p) = picked {
                    self.open_path(&p);
                }
            }
            Command::Close => self.close_active(),
            Command::SwitchTab(i) => {
                self.switch_to(i);
                // The last message was about the tab left behind.
                self.message.clear();
            }
            Command::ToggleWindow(w) => self.windows.toggle(w),
            Command::Copy(what) => self.copy(ctx, what),
            Command::Quit => {
                self.allow_close = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            Command::SelectChunk(r) => self.with_doc(|d| d.select_chunk(r)),
            Command::SelectField(space, range) => self.with_doc(|d| d.select_field(space, range)),
            Command::GotoOffset(space, offset) => self.with_doc(|d| {
                d.hex.space = space;
                d.hex.scroll_to = Some(offset);
            }),
            Command::ApplyEdit(edit) => self.apply_edit(edit),
            Command::ApplyMapForm(forms) => self.apply_map_form(&forms.0, &forms.1),
            Command::Undo => self.undo_redo(true),
            Command::Redo => self.undo_redo(false),
            Command::Save => self.save(false),
            Command::SaveAs => self.save(true),
            Command::ReplaceThumbnail => self.replace_thumbnail(),
            Command::SetBackupOnSave(on) => self.settings.backup_on_save = on,
            Command::SetTheme(t) => {
                self.settings.theme = t;
                ctx.set_theme(t.preference());
            }
            Command::NewTrack => {
                self.open_in_new_tab(OpenDoc::Trk(Box::new(TrackDoc::new_track())));
            }
            Command::ExportTrackPng => {
                if let Some(OpenDoc::Trk(d)) = &mut self.doc {
                    track_grid::export_png(d);
                }
            }
            Command::ExportIconPng => self.export_icon(),
            Command::ExportItemsZip => self.export_items(),
            Command::ExportLightmapPng(i) => self.export_lightmap(i),
            Command::ExtractItems => self.extract_items(),
            Command::ExportThumbnailJpeg => self.export_thumbnail(false),
            Command::ExportThumbnailPng => self.export_thumbnail(true),
        }
        ctx.request_repaint();
    }

    pub(crate) fn with_doc(&mut self, f: impl FnOnce(&mut Document)) {
        if let Some(OpenDoc::Gbx(d)) = self.doc.as_mut() {
            f(d);
        }
    }

    /// The open GBX document, if the open document is one.
    #[must_use]
    pub fn gbx_doc(&self) -> Option<&Document> {
        match &self.doc {
            Some(OpenDoc::Gbx(d)) => Some(d),
            _ => None,
        }
    }

    /// The open GBX document, mutably.
    pub fn gbx_doc_mut(&mut self) -> Option<&mut Document> {
        match &mut self.doc {
            Some(OpenDoc::Gbx(d)) => Some(d),
            _ => None,
        }
    }
}

fn document_panels(ui: &mut egui::Ui, doc: &mut Document, out: &mut Vec<Command>) {
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
    let png = include_bytes!("../assets/icons/trackbench-256.png");
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
