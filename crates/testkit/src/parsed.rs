//! The corpus's .Gbx files parsed once per test binary (issue 41): every
//! corpus test of a binary reads these parses instead of parsing each file
//! again. A test that tests parsing itself (limits, deferral, truncation,
//! the text writer) still parses on its own.
//!
//! The set is built on first use, on every available core, and kept for
//! the binary's life (the 229 files' parses hold about 0.3 GB).

use std::path::PathBuf;
use std::sync::OnceLock;
use trackbench_core::gbx::Gbx;

/// One corpus `.Gbx` file and its parse with default limits.
#[derive(Debug)]
pub struct CorpusGbx {
    /// The file name (e.g. `A01-Race.Challenge.Gbx`).
    pub name: String,
    /// Its path in the corpus.
    pub path: PathBuf,
    /// The parse, or the header error's text (only a damaged header fails).
    pub parse: Result<Gbx, String>,
}

impl CorpusGbx {
    /// The parse.
    ///
    /// # Panics
    /// When the header could not be read (the test then fails naming the
    /// file and the error).
    #[must_use]
    pub fn gbx(&self) -> &Gbx {
        match &self.parse {
            Ok(g) => g,
            Err(e) => panic!("{}: header unreadable: {e}", self.name),
        }
    }

    /// The file's bytes as read from disk (the parse keeps them).
    ///
    /// # Panics
    /// As [`CorpusGbx::gbx`].
    #[must_use]
    pub fn bytes(&self) -> &[u8] {
        &self.gbx().file
    }

    /// True when the name ends with `suffix`, case-insensitively
    /// (`".map.gbx"`, `".replay.gbx"`).
    #[must_use]
    pub fn ends_with(&self, suffix: &str) -> bool {
        self.name
            .to_ascii_lowercase()
            .ends_with(&suffix.to_ascii_lowercase())
    }
}

/// Every `.Gbx` of the corpus (`gbx/`, sorted by path as
/// [`crate::corpus_files`] lists them), parsed once for this test binary;
/// empty, with the loud message, when the corpus is absent.
///
/// Parses that tests expand (`Gbx::table`) stay expanded for later tests:
/// a test that checks what a parse leaves unexpanded parses on its own.
#[must_use]
pub fn gbx_corpus() -> &'static [CorpusGbx] {
    static SET: OnceLock<Vec<CorpusGbx>> = OnceLock::new();
    SET.get_or_init(|| {
        if crate::corpus_dir_or_warn("gbx corpus (parsed once)").is_none() {
            return Vec::new();
        }
        parse_all(crate::corpus_files("gbx", ".gbx"))
    })
}

/// The corpus parses whose file name ends with `suffix` (case-insensitive).
pub fn gbx_corpus_ending(suffix: &str) -> impl Iterator<Item = &'static CorpusGbx> + '_ {
    gbx_corpus().iter().filter(move |c| c.ends_with(suffix))
}

/// The corpus parse of the file named `name` (exact file name, e.g.
/// `"A01-Race.Challenge.Gbx"`), or `None` when the corpus is absent or has
/// no such file.
#[must_use]
pub fn gbx_named(name: &str) -> Option<&'static CorpusGbx> {
    gbx_corpus().iter().find(|c| c.name == name)
}

/// Parses `paths` on every available core, keeping their order.
fn parse_all(paths: Vec<PathBuf>) -> Vec<CorpusGbx> {
    let threads = std::thread::available_parallelism().map_or(2, usize::from);
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut slots: Vec<OnceLock<CorpusGbx>> = paths.iter().map(|_| OnceLock::new()).collect();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(path) = paths.get(i) else { break };
                    let _ = slots[i].set(parse_one(path));
                }
            });
        }
    });
    slots.iter_mut().filter_map(OnceLock::take).collect()
}

fn parse_one(path: &std::path::Path) -> CorpusGbx {
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let parse = std::fs::read(path)
        .map_err(|e| format!("unreadable: {e}"))
        .and_then(|bytes| Gbx::parse(bytes).map_err(|e| e.to_string()));
    CorpusGbx {
        name,
        path: path.to_path_buf(),
        parse,
    }
}
