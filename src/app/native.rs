//! The native window: eframe's entry point, the window icon, and persisting
//! the settings.

use crate::app::TrackbenchApp;
use crate::app::frame_timing::FrameTimer;
use crate::settings::Settings;
use crate::single_instance::Endpoint;
use crate::timing::TimingOptions;
use std::path::PathBuf;

impl eframe::App for TrackbenchApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.draw(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, Settings::KEY, &self.settings);
    }
}

/// The app with `--timing`: every frame drawn through the frame timer.
struct TimedApp {
    app: TrackbenchApp,
    timer: FrameTimer,
}

impl eframe::App for TimedApp {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        self.timer.draw(&mut self.app, ui, frame);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::App::save(&mut self.app, storage);
    }
}

/// The window icon: our own artwork (assets/icons), decoded from its PNG.
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

/// Opens the native window (glow renderer: works on software OpenGL too),
/// with the frame timer of `--timing` when `timing` is given; `compare`
/// (`--compare FILE`) is compared with the first file (the Diff view).
/// With `listen_at`, files a second instance forwards there open in tabs
/// ([`crate::single_instance`]).
///
/// # Errors
/// When no window or GL context can be created.
pub fn run_native(
    files: Vec<PathBuf>,
    compare: Option<PathBuf>,
    timing: Option<TimingOptions>,
    listen_at: Option<Endpoint>,
) -> Result<(), eframe::Error> {
    crate::app::dialogs::install_log_watch();
    let icon = start_up_icon();
    let options = eframe::NativeOptions {
        renderer: eframe::Renderer::Glow,
        viewport: egui::ViewportBuilder::default()
            .with_icon(icon)
            .with_app_id("trackbench")
            .with_inner_size([1400.0, 860.0])
            .with_min_inner_size(crate::widgets::responsive::MIN_WINDOW)
            .with_title("trackbench")
            .with_drag_and_drop(true),
        ..Default::default()
    };
    // From here to "window ready" is eframe's: the event loop, the
    // display connection, the window and its GL context, egui's painter.
    crate::timing::mark("eframe started");
    eframe::run_native(
        "trackbench",
        options,
        Box::new(move |cc| {
            crate::timing::mark("window ready");
            #[cfg(target_os = "linux")]
            send_icon_when_decoded(&cc.egui_ctx);
            let settings: Settings = cc
                .storage
                .and_then(|s| eframe::get_value(s, Settings::KEY))
                .unwrap_or_default();
            cc.egui_ctx.set_theme(settings.theme.preference());
            let system_fonts = crate::app::fonts::install(&cc.egui_ctx);
            let mut app = TrackbenchApp::new(settings, &files);
            app.fonts_installed = true;
            app.system_fonts = Some(system_fonts);
            if let Some(ep) = &listen_at {
                listen_for_files(&mut app, ep, &cc.egui_ctx);
            }
            if let Some(other) = compare {
                app.compare_with(other);
            }
            Ok(match timing {
                Some(opts) => Box::new(TimedApp {
                    app,
                    timer: FrameTimer::new(opts),
                }),
                None => Box::new(app),
            })
        }),
    )
}

/// The icon the window opens with. On Linux an empty one, so the window
/// does not wait for the decode (issue 44: what runs before the window is
/// ours to cut); [`send_icon_when_decoded`] gives it the real one. Elsewhere
/// the decoded icon, which eframe also sets as the application's icon at
/// start-up (Windows, macOS); on Linux eframe does nothing with it there.
fn start_up_icon() -> egui::IconData {
    if cfg!(target_os = "linux") {
        return egui::IconData::default();
    }
    let icon = window_icon();
    crate::timing::mark("window icon decoded");
    icon
}

/// Decodes the window icon on a thread and sends it to the window (a
/// viewport command, applied after the frame it wakes).
#[cfg(target_os = "linux")]
fn send_icon_when_decoded(ctx: &egui::Context) {
    let ctx = ctx.clone();
    let spawned = std::thread::Builder::new()
        .name("window icon".into())
        .spawn(move || {
            let icon = std::sync::Arc::new(window_icon());
            ctx.send_viewport_cmd(egui::ViewportCommand::Icon(Some(icon)));
            ctx.request_repaint();
        });
    // Without a thread the window keeps no icon; nothing else depends on it.
    drop(spawned);
}

/// Listens at `ep` for the files of a second instance: each batch goes to
/// the app through a channel (polled every frame) and wakes the window.
/// When another window already listens there, this one just does not.
fn listen_for_files(app: &mut TrackbenchApp, ep: &Endpoint, ctx: &egui::Context) {
    let (tx, rx) = std::sync::mpsc::channel();
    let ctx = ctx.clone();
    let on_paths = Box::new(move |paths| {
        if tx.send(paths).is_ok() {
            ctx.request_repaint();
        }
    });
    match crate::single_instance::listen(ep, on_paths) {
        Ok(listener) => {
            app.forwarded = Some(rx);
            app.instance_listener = Some(listener);
        }
        Err(e) => log::info!("not listening for a second instance's files: {e}"),
    }
}
