//! The desktop app driven by egui_kittest (no display needed), one module
//! per format, and the architecture checks of `src/` (one test binary).

mod architecture;
mod damaged_files;
mod gbx_contents;
mod gbx_embedded;
mod gbx_ghosts;
mod gbx_items_zip;
mod gbx_mesh;
mod gbx_names;
mod gbx_timeline;
mod gbx_toolbox;
mod glyphs;
mod layout;
mod library;
mod no_silent_failure;
mod pak_browser;
mod shell;
mod single_instance;
mod toolbox_exports;
mod trk_diff;
mod trk_editor;
mod trk_route;
mod trk_view;
