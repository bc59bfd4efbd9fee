//! The fonts (issue 17): egui's defaults, then two fallbacks we bundle
//! (`assets/fonts`, made by `tools/fonts/make_subsets.py`) and, looked up at
//! run time, the system's CJK and symbol fonts for what the subsets lack.
//!
//! - Trackbench Symbols: a DejaVu Sans subset (arrows such as "→" before node
//!   references, maths, box drawing, shapes, Latin extended, Greek,
//!   Cyrillic, Hebrew); Bitstream Vera licence, `TrackbenchSymbols-LICENSE.txt`.
//! - Trackbench Thai: the Thai block of Noto Sans Thai; SIL OFL 1.1,
//!   `TrackbenchThai-OFL.txt`.
//! - Trackbench CJK: a Noto Sans CJK JP subset (kana, CJK punctuation such as
//!   「」, full-width forms, the JIS X 0208 level-1 kanji and the GB 2312
//!   level-1 hanzi, about 5,000 ideographs); SIL OFL 1.1,
//!   `TrackbenchCJK-OFL.txt`.
//!
//! egui's own fonts draw Latin text and monochrome emoji (Noto Emoji and
//! the emoji icon font).

use egui::{FontData, FontDefinitions, FontFamily};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use trackbench_core::jobs::{Event, Job};

/// The bundled symbol subset (DejaVu Sans).
const SYMBOLS: &[u8] = include_bytes!("../../assets/fonts/TrackbenchSymbols.ttf");
/// The bundled CJK subset (Noto Sans CJK JP).
const CJK: &[u8] = include_bytes!("../../assets/fonts/TrackbenchCJK.otf");
/// The bundled Thai subset (Noto Sans Thai).
const THAI: &[u8] = include_bytes!("../../assets/fonts/TrackbenchThai.ttf");

/// System font files tried, best first, by file name (any folder of
/// [`font_dirs`]); the first one found of each group is loaded. A `.ttc`
/// loads its first face (the Japanese one of Noto Sans CJK).
const SYSTEM_FONTS: &[&[&str]] = &[
    // CJK: Linux (Noto, Droid, WenQuanYi), Windows, macOS.
    &[
        "NotoSansCJK-Regular.ttc",
        "NotoSansCJKjp-Regular.otf",
        "NotoSansJP-Regular.otf",
        "NotoSansJP-Regular.ttf",
        "SourceHanSans-Regular.ttc",
        "DroidSansFallbackFull.ttf",
        "DroidSansFallback.ttf",
        "wqy-microhei.ttc",
        "wqy-zenhei.ttc",
        "YuGothM.ttc",
        "msgothic.ttc",
        "msyh.ttc",
        "Hiragino Sans GB.ttc",
        "PingFang.ttc",
        "Arial Unicode.ttf",
    ],
    // Korean (Hangul is not in the bundled subset).
    &[
        "NotoSansCJKkr-Regular.otf",
        "NotoSansKR-Regular.otf",
        "malgun.ttf",
        "AppleSDGothicNeo.ttc",
        "UnDotum.ttf",
    ],
    // Symbols beyond the subset.
    &["DejaVuSans.ttf", "seguisym.ttf", "Apple Symbols.ttf"],
];

/// Largest system font file loaded, in bytes (a full CJK collection is
/// about 20 MB).
const MAX_FONT_BYTES: u64 = 64 << 20;

/// egui's default fonts with the bundled fallbacks after them, in both
/// families, and the system fonts found by [`system_fonts`] after those.
#[must_use]
pub fn definitions(system: &[(String, Vec<u8>)]) -> FontDefinitions {
    let mut fonts = FontDefinitions::default();
    let mut add = |name: &str, data: FontData| {
        fonts.font_data.insert(name.to_owned(), Arc::new(data));
        for family in [FontFamily::Proportional, FontFamily::Monospace] {
            fonts
                .families
                .entry(family)
                .or_default()
                .push(name.to_owned());
        }
    };
    add("trackbench-symbols", FontData::from_static(SYMBOLS));
    add("trackbench-cjk", FontData::from_static(CJK));
    add("trackbench-thai", FontData::from_static(THAI));
    for (name, bytes) in system {
        add(name, FontData::from_owned(bytes.clone()));
    }
    fonts
}

/// The search of the system fonts [`install`] starts: a job of the core's
/// runner whose one result is the fonts found.
pub type SystemFonts = Job<(), Vec<(String, Vec<u8>)>>;

/// Sets the fonts of `ctx`: egui's and the bundled fallbacks now, and
/// searches the system fonts as a job of its own (a folder walk and
/// reading megabytes of CJK fonts stay out of the first frame, issue 44
/// finding 13). The job wakes the window when done; [`install_found`]
/// then adds what it found.
#[must_use]
pub fn install(ctx: &egui::Context) -> SystemFonts {
    ctx.set_fonts(definitions(&[]));
    crate::timing::mark("fonts set");
    let ctx = ctx.clone();
    Job::one((), |(), _| system_fonts(), move || ctx.request_repaint())
}

/// Adds the system fonts once [`install`]'s search is done (nothing when
/// it found none); true when the search is over.
pub fn install_found(ctx: &egui::Context, search: &mut SystemFonts) -> bool {
    for event in search.poll() {
        if let Event::Done {
            result: Ok(system), ..
        } = event
            && !system.is_empty()
        {
            ctx.set_fonts(definitions(&system));
        }
    }
    search.is_finished()
}

/// The system fallback fonts found (name and bytes), at most one per group
/// of `SYSTEM_FONTS`; a file that cannot be read is skipped.
#[must_use]
pub fn system_fonts() -> Vec<(String, Vec<u8>)> {
    let wanted: HashSet<&str> = SYSTEM_FONTS
        .iter()
        .flat_map(|g| g.iter().copied())
        .collect();
    let mut found = HashMap::new();
    let mut budget = MAX_ENTRIES;
    for dir in font_dirs() {
        index_fonts(&dir, &wanted, 4, &mut budget, &mut found);
    }
    SYSTEM_FONTS
        .iter()
        .filter_map(|group| {
            group.iter().find_map(|name| {
                let path: &PathBuf = found.get(*name)?;
                let size = std::fs::metadata(path).ok()?.len();
                if size > MAX_FONT_BYTES {
                    return None;
                }
                let bytes = std::fs::read(path).ok()?;
                Some((format!("system:{name}"), bytes))
            })
        })
        .collect()
}

/// Folders where this platform keeps fonts.
fn font_dirs() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = [
        "/usr/share/fonts",
        "/usr/local/share/fonts",
        "/System/Library/Fonts",
        "/Library/Fonts",
    ]
    .iter()
    .map(PathBuf::from)
    .collect();
    if let Some(home) = std::env::var_os("HOME").map(PathBuf::from) {
        dirs.push(home.join(".local/share/fonts"));
        dirs.push(home.join(".fonts"));
        dirs.push(home.join("Library/Fonts"));
    }
    if let Some(windir) = std::env::var_os("WINDIR") {
        dirs.push(PathBuf::from(windir).join("Fonts"));
    }
    dirs
}

/// Directory entries looked at, at most, when looking for system fonts (a
/// desktop with many fonts installed stays fast to start).
const MAX_ENTRIES: usize = 20_000;

/// Adds the files of `dir` (and its sub-folders, `depth` levels down at
/// most) named in `wanted` to `found` (the first path of each name wins),
/// looking at `budget` entries at most.
fn index_fonts(
    dir: &Path,
    wanted: &HashSet<&str>,
    depth: u32,
    budget: &mut usize,
    found: &mut HashMap<String, PathBuf>,
) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        if *budget == 0 {
            return;
        }
        *budget -= 1;
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        let name = entry.file_name().to_string_lossy().into_owned();
        if kind.is_dir() && depth > 0 {
            index_fonts(&entry.path(), wanted, depth - 1, budget, found);
        } else if wanted.contains(name.as_str()) {
            found.entry(name).or_insert_with(|| entry.path());
        }
    }
}
