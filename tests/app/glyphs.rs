//! Every character the corpus gives the app to draw has a glyph in the
//! fonts the app installs (issue 17): file names, every decoded field's
//! name and shown value of every .Gbx (names with `$` codes, paths, node
//! references drawn with "→"), the pak entries and folders, and the
//! symbols the panels draw themselves. Only the bundled fonts are loaded
//! (no system font), so the test says the same on any machine.

use std::collections::BTreeSet;
use trackbench::app::fonts;
use trackbench::command::PakCommand;
use trackbench::pak::doc::PakDoc;
use trackbench::pak::view::PakView;
use trackbench_core::gbx::{FieldList, Gbx};
use trackbench_testkit::corpus_dir_or_warn;

/// Characters the app's own panels draw (arrows, marks, ellipsis, the
/// close cross).
const APP_SYMBOLS: &str = "→←↑↓…×✕·—–§°±µ²³½¼¾✓⚠●○■□▶▼◀▲";

/// Characters no font is expected to draw: control characters (shown by
/// egui as nothing) and private-use game icons (drawn as a placeholder
/// box, see the note).
fn exempt(c: char) -> bool {
    c.is_control() || ('\u{E000}'..='\u{F8FF}').contains(&c) || c == '\u{FFFD}'
}

fn walk(list: FieldList<'_>, out: &mut BTreeSet<char>) {
    for f in list.iter() {
        out.extend(f.name().chars());
        out.extend(f.value().display().chars());
        walk(f.children(), out);
    }
}

fn gbx_chars(gbx: &Gbx, out: &mut BTreeSet<char>) {
    let chunks = gbx
        .header
        .chunks
        .iter()
        .chain(gbx.nodes.iter().flat_map(|n| n.chunks.iter()));
    for c in chunks {
        walk(gbx.chunk_fields(c), out);
        out.extend(c.name.unwrap_or_default().chars());
    }
    for p in &gbx.problems {
        out.extend(p.chars());
    }
}

fn pak_chars(path: &std::path::Path, packlist: &std::path::Path, out: &mut BTreeSet<char>) {
    let bytes = std::fs::read(path).unwrap();
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let Ok(mut doc) = PakDoc::open(bytes, name, Some(path.to_path_buf())) else {
        return;
    };
    let mut view = PakView::default();
    doc.apply(
        &mut view,
        PakCommand::UnlockWithPacklist(packlist.to_path_buf()),
    );
    for f in doc.files() {
        out.extend(f.name.chars());
        out.extend(f.path.chars());
    }
}

fn corpus_chars(dir: &std::path::Path) -> BTreeSet<char> {
    let mut chars: BTreeSet<char> = APP_SYMBOLS.chars().collect();
    for sub in ["gbx", "trk", "pak-synthetic"] {
        for entry in std::fs::read_dir(dir.join(sub)).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            chars.extend(name.chars());
            let lower = name.to_lowercase();
            if lower.ends_with(".gbx")
                && let Ok(gbx) = Gbx::parse(std::fs::read(&path).unwrap())
            {
                gbx_chars(&gbx, &mut chars);
            } else if lower.ends_with(".pak") {
                pak_chars(&path, &dir.join("pak-synthetic/packlist.dat"), &mut chars);
            }
        }
    }
    chars
}

#[test]
fn every_character_of_the_corpus_has_a_glyph() {
    let Some(dir) = corpus_dir_or_warn("glyphs") else {
        return;
    };
    let chars = corpus_chars(&dir);
    assert!(chars.len() > 100, "the corpus yields text: {}", chars.len());
    let ctx = egui::Context::default();
    ctx.set_fonts(fonts::definitions(&[]));
    let mut frame = ctx.run_ui(egui::RawInput::default(), |_| {});
    frame.textures_delta.clear();
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        let font = egui::FontId::new(14.0, family.clone());
        let missing: String = ctx.fonts_mut(|f| {
            chars
                .iter()
                .filter(|c| !exempt(**c) && !f.has_glyph(&font, **c))
                .collect()
        });
        assert!(
            missing.is_empty(),
            "{family:?}: no glyph for {} characters: {missing:?} ({:?})",
            missing.chars().count(),
            missing
                .chars()
                .map(|c| format!("U+{:04X}", c as u32))
                .collect::<Vec<_>>()
        );
    }
    // The examples are in there, and drawn; and the car of a pak
    // entry name (issue 44, finding 12: egui's Noto Emoji has it).
    for c in "→日本語「」🚗".chars() {
        assert!(ctx.fonts_mut(|f| f.has_glyph(&egui::FontId::proportional(14.0), c)));
    }
}
