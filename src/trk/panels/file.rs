//! File actions of the Stunts grid editor: New, Save (Ctrl+S), Save As
//! (Ctrl+Shift+S), Export PNG, and raw export (the 1,802 track bytes with
//! any metadata or trailing data removed, issue 3). A replay's track opens
//! read-only; "Save track as…" writes it as a new .trk and makes it
//! editable.

use crate::trk::doc::TrackDoc;

/// Saves to the document's file, or asks for one (Ctrl+S).
pub fn save(doc: &mut TrackDoc) {
    match doc.path.clone() {
        Some(p) => report(doc, |d| d.save_to(&p)),
        None => save_as(doc),
    }
}

/// Asks for a file and saves there (Ctrl+Shift+S).
pub fn save_as(doc: &mut TrackDoc) {
    let picked = pick_save(doc, "Stunts track", &["trk", "TRK"], "TRACK", "TRK");
    if let Some(p) = picked {
        report(doc, |d| d.save_to(&p));
    }
}

/// Asks for a file and writes the PNG rendering there.
pub fn export_png(doc: &mut TrackDoc) {
    let picked = pick_save(doc, "PNG image", &["png"], "track", "png");
    if let Some(p) = picked {
        let result = doc.export_png(&p);
        doc.message = result.map_or_else(|e| e, |()| format!("exported {}", p.display()));
    }
}

/// Save dialog for `doc`, offering the document's own stem (or `fallback`)
/// with extension `ext`.
fn pick_save(
    doc: &TrackDoc,
    filter: &str,
    exts: &[&str],
    fallback: &str,
    ext: &str,
) -> Option<std::path::PathBuf> {
    let name = crate::document::suggested_file_name(&doc.name);
    let stem = name.split('.').next().unwrap_or(fallback);
    rfd::FileDialog::new()
        .add_filter(filter, exts)
        .set_file_name(format!("{stem}.{ext}"))
        .save_file()
}

fn report(doc: &mut TrackDoc, f: impl FnOnce(&mut TrackDoc) -> Result<(), String>) {
    if let Err(e) = f(doc) {
        doc.message = format!("save failed: {e}");
    }
}

pub(crate) fn file_buttons(ui: &mut egui::Ui, doc: &mut TrackDoc) {
    if doc.grid.confirm_new {
        ui.label("Discard unsaved changes?");
        if ui.button("Discard").clicked() {
            *doc = TrackDoc::new_track();
        }
        if ui.button("Cancel").clicked() {
            doc.grid.confirm_new = false;
        }
        return;
    }
    if ui.button("New").clicked() {
        if doc.is_dirty() {
            doc.grid.confirm_new = true;
        } else {
            *doc = TrackDoc::new_track();
        }
    }
    if doc.read_only {
        if ui.button("Save track as…").clicked() {
            save_as(doc);
        }
    } else if ui.button("Save").on_hover_text("Ctrl+S").clicked() {
        save(doc);
    }
    if ui
        .button("Save As…")
        .on_hover_text("Ctrl+Shift+S")
        .clicked()
    {
        save_as(doc);
    }
    if ui.button("Export PNG…").clicked() {
        export_png(doc);
    }
    if ui
        .button("Raw export…")
        .on_hover_text("exactly 1,802 bytes: no metadata, no trailing data")
        .clicked()
    {
        export_raw(doc);
    }
}

/// Asks for a file and writes the raw 1,802 track bytes there.
pub fn export_raw(doc: &mut TrackDoc) {
    let picked = pick_save(doc, "Stunts track", &["trk", "TRK"], "TRACK", "TRK");
    if let Some(p) = picked {
        let result = doc.export_raw(&p);
        if let Err(e) = result {
            doc.message = e;
        }
    }
}
