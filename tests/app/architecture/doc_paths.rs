//! Every path ARCHITECTURE.md names exists (issue 41), so the map stays
//! true when files move. What counts as a path, and what it resolves
//! against:
//!
//! - **The layout tree** (the fenced block whose first line starts with a
//!   folder, `crates/core/`): an entry is the text of a line before its
//!   description column, up to the first two spaces. It resolves against the
//!   nearest entry above it with a smaller indent (the repository root at
//!   column 0): `  src/jobs/` under `crates/core/` is `crates/core/src/jobs/`.
//!   `{a,b}` is expanded, several names on one line (`gbx/ pak/ trk/`) are
//!   siblings, and a name ending in `/` must be a folder.
//! - **Names in text** (a file name with an extension in the tree's
//!   descriptions and in the other fenced blocks; a file or folder written
//!   in backticks in the prose): prose names a file relative to the folder
//!   it is talking about (`field_ref.rs` after `gbx/read/field.rs`), so the
//!   name resolves when some file or folder of the repository has a path
//!   ending with it, whole segments only: `gbx/mesh/parts.rs` does not
//!   resolve to `gbx/access/mesh/parts.rs`.
//! - **Rust paths** in backticks (`trackbench_core::save`,
//!   `cli::edit_front::EditFront`): every lowercase segment but the last is
//!   a module of the core or the app whose module path ends with them
//!   (`trackbench_core::`, `trackbench::` and `crate::` anchor at a crate
//!   root); the last segment, or the first capitalised one, is a module
//!   inside them or an item declared or re-exported in one of them. A path
//!   whose first segment is none of our modules belongs to another crate
//!   (`anyhow::Result`) and one starting with a type (`Command::shortcuts`)
//!   names no file: neither is checked.
//!
//! Not checked: placeholders and globs (`src/<format>/`, `*`), names outside
//! the repository (`../shared/…`, `$XDG_RUNTIME_DIR`), build outputs under
//! `target/`, command-line options (`--alloc/--peak-mem`).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn repo_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Extensions that make a word in running text a file name.
const FILE_EXTENSIONS: &[&str] = &[
    "rs", "md", "sh", "py", "toml", "tsv", "mjs", "json", "png", "ico", "svg", "txt", "lock", "yml",
];

/// Every file and folder of the work tree, `/`-separated and relative to
/// its root, leaving out hidden folders and build outputs.
fn repo_paths() -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut stack = vec![PathBuf::new()];
    while let Some(rel) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(repo_root().join(&rel)) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') || name == "target" || name == "node_modules" {
                continue;
            }
            let path = rel.join(&name);
            out.insert(path.to_string_lossy().replace('\\', "/"));
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                stack.push(path);
            }
        }
    }
    out
}

/// `a/{b,c}/d` as `a/b/d` and `a/c/d` (one pair of braces).
fn expand_braces(name: &str) -> Vec<String> {
    let (Some(open), Some(close)) = (name.find('{'), name.find('}')) else {
        return vec![name.to_owned()];
    };
    if close < open {
        return vec![name.to_owned()];
    }
    name[open + 1..close]
        .split(',')
        .map(|alt| format!("{}{alt}{}", &name[..open], &name[close + 1..]))
        .collect()
}

/// Names that stand for no file of the repository (see the module doc).
fn not_checked(name: &str) -> bool {
    name.is_empty()
        || name.contains(['<', '*', '…', '$'])
        || name.starts_with("../")
        || name.starts_with('-')
        || name.starts_with("target/")
        || name.starts_with('/')
}

/// Whether `name` is the whole path, or the last whole segments of a path,
/// of a file or folder (a folder when it ends with `/`).
fn resolves_by_suffix(name: &str, paths: &BTreeSet<String>) -> bool {
    let bare = name.trim_end_matches('/');
    let tail = format!("/{bare}");
    paths
        .iter()
        .filter(|p| *p == bare || p.ends_with(&tail))
        .any(|p| !name.ends_with('/') || repo_root().join(p).is_dir())
}

/// A word of running text that names a file: a file name with one of
/// [`FILE_EXTENSIONS`], or (`with_folders`) any word holding a `/`.
fn path_word(raw: &str, with_folders: bool) -> Option<&str> {
    let word = raw.trim_matches(|c: char| "()[],;:.'\"`".contains(c));
    let path_chars = |c: char| c.is_ascii_alphanumeric() || "_-./{},".contains(c);
    if word.is_empty() || !word.chars().all(path_chars) {
        return None;
    }
    let has_extension = word
        .rsplit_once('.')
        .is_some_and(|(stem, ext)| !stem.is_empty() && FILE_EXTENSIONS.contains(&ext));
    (has_extension || (with_folders && word.contains('/'))).then_some(word)
}

/// One name found in ARCHITECTURE.md: its line, the text as written, and
/// how it resolves.
struct Named {
    line: usize,
    text: String,
    rule: Rule,
}

enum Rule {
    /// A tree entry, already resolved against its parents.
    Tree(String),
    /// A name in text, resolved by [`resolves_by_suffix`].
    Suffix,
    /// A Rust path, resolved by [`RustModules::resolves`].
    Rust,
}

/// The entries of the layout tree and the file names in its descriptions.
fn tree_names(lines: &[(usize, &str)], out: &mut Vec<Named>) {
    let first = lines.first().map_or("", |(_, l)| l);
    let description_column = first.find("  ").map_or(usize::MAX, |at| {
        at + first[at..].len() - first[at..].trim_start().len()
    });
    let mut parents: Vec<(usize, String)> = Vec::new();
    for &(line, text) in lines {
        let indent = text.len() - text.trim_start().len();
        let (entry, description) = if indent < description_column {
            let rest = &text[indent..];
            rest.split_at(rest.find("  ").unwrap_or(rest.len()))
        } else {
            ("", text)
        };
        for word in description.split_whitespace() {
            if let Some(name) = path_word(word, false) {
                out.push(Named {
                    line,
                    text: name.to_owned(),
                    rule: Rule::Suffix,
                });
            }
        }
        if entry.is_empty() {
            continue;
        }
        while parents.last().is_some_and(|(i, _)| *i >= indent) {
            parents.pop();
        }
        let base = parents.last().map_or(String::new(), |(_, p)| p.clone());
        let names: Vec<&str> = entry.split(' ').filter(|n| !n.is_empty()).collect();
        for name in &names {
            for one in expand_braces(name) {
                let path = format!("{base}{one}");
                out.push(Named {
                    line,
                    text: (*name).to_owned(),
                    rule: Rule::Tree(path),
                });
            }
        }
        if let [single] = names[..] {
            parents.push((indent, format!("{base}{single}")));
        }
    }
}

/// The backticked names of one line of prose.
fn prose_names(line: usize, text: &str, out: &mut Vec<Named>) {
    for span in text.split('`').skip(1).step_by(2) {
        let is_rust_path = span.contains("::")
            && span
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "_:*".contains(c));
        if is_rust_path {
            out.push(Named {
                line,
                text: span.to_owned(),
                rule: Rule::Rust,
            });
            continue;
        }
        for word in span.split_whitespace() {
            if let Some(name) = path_word(word, true) {
                out.push(Named {
                    line,
                    text: name.to_owned(),
                    rule: Rule::Suffix,
                });
            }
        }
    }
}

/// Every name ARCHITECTURE.md gives, with its (1-based) line.
fn named_in(doc: &str) -> Vec<Named> {
    let mut out = Vec::new();
    let mut block: Option<Vec<(usize, &str)>> = None;
    for (index, text) in doc.lines().enumerate() {
        let line = index + 1;
        if text.starts_with("```") {
            match block.take() {
                Some(lines) => block_names(&lines, &mut out),
                None => block = Some(Vec::new()),
            }
        } else if let Some(lines) = block.as_mut() {
            lines.push((line, text));
        } else {
            prose_names(line, text, &mut out);
        }
    }
    out
}

/// The names of one fenced block: the layout tree, or file names in text.
fn block_names(lines: &[(usize, &str)], out: &mut Vec<Named>) {
    let first_word = lines.first().and_then(|(_, l)| l.split_whitespace().next());
    if first_word.is_some_and(|w| w.ends_with('/')) {
        tree_names(lines, out);
        return;
    }
    for &(line, text) in lines {
        for word in text.split_whitespace() {
            if let Some(name) = path_word(word, false) {
                out.push(Named {
                    line,
                    text: name.to_owned(),
                    rule: Rule::Suffix,
                });
            }
        }
    }
}

/// The modules of the core (`crates/core/src`) and of the app (`src`):
/// crate name, module path (empty for the crate root), source text.
struct RustModules(Vec<(&'static str, Vec<String>, String)>);

/// The crates a Rust path may start with, and their sources.
const CRATES: &[(&str, &str)] = &[
    ("trackbench_core", "crates/core/src"),
    ("trackbench", "src"),
];

impl RustModules {
    fn read(root: &Path) -> Self {
        let mut modules = Vec::new();
        for &(krate, src) in CRATES {
            let src = root.join(src);
            let mut stack = vec![src.clone()];
            while let Some(dir) = stack.pop() {
                let Ok(entries) = std::fs::read_dir(&dir) else {
                    continue;
                };
                for path in entries.flatten().map(|e| e.path()) {
                    if path.is_dir() {
                        stack.push(path);
                    } else if path.extension().is_some_and(|e| e == "rs") {
                        let rel = path.strip_prefix(&src).expect("under src");
                        let mut segments: Vec<String> = rel
                            .with_extension("")
                            .components()
                            .map(|c| c.as_os_str().to_string_lossy().into_owned())
                            .collect();
                        if matches!(segments.last().map(String::as_str), Some("mod"))
                            || segments == ["lib"]
                            || segments == ["main"]
                        {
                            segments.pop();
                        }
                        let text = std::fs::read_to_string(&path).unwrap_or_default();
                        modules.push((krate, segments, text));
                    }
                }
            }
        }
        RustModules(modules)
    }

    /// Whether a backticked Rust path names a module or an item of ours,
    /// or is not ours to check (see the module doc).
    fn resolves(&self, span: &str) -> bool {
        let starts_upper = |s: &str| s.starts_with(|c: char| c.is_ascii_uppercase());
        let mut segments: Vec<&str> = span.split("::").filter(|s| !s.contains('*')).collect();
        let anchor: Option<Vec<&str>> = match segments.first() {
            Some(&"crate") => Some(CRATES.iter().map(|(k, _)| *k).collect()),
            Some(first) if CRATES.iter().any(|(k, _)| k == first) => Some(vec![*first]),
            _ => None,
        };
        if anchor.is_some() {
            segments.remove(0);
        }
        if let Some(i) = segments.iter().position(|s| starts_upper(s)) {
            segments.truncate(i + 1);
        }
        let Some((last, inside)) = segments.split_last() else {
            return true;
        };
        let ours = |name: &str| self.0.iter().any(|(_, m, _)| m.iter().any(|s| s == name));
        if anchor.is_none() && (inside.is_empty() || !ours(inside[0])) {
            return true; // a type's path, or another crate's
        }
        let is_inside = |krate: &str, module: &[String]| match &anchor {
            Some(crates) => crates.contains(&krate) && same(module, inside),
            None => {
                module.len() >= inside.len() && same(&module[module.len() - inside.len()..], inside)
            }
        };
        self.0
            .iter()
            .filter(|(k, m, _)| is_inside(k, m))
            .any(|(krate, module, text)| {
                declares(text, last)
                    || self.0.iter().any(|(k, m, _)| {
                        k == krate
                            && m.len() == module.len() + 1
                            && m.starts_with(module)
                            && m[module.len()] == *last
                    })
            })
    }
}

fn same(module: &[String], segments: &[&str]) -> bool {
    module.len() == segments.len() && module.iter().zip(segments).all(|(a, b)| a == b)
}

/// Whether a module's source declares `name` (`fn`, `struct`, `enum`,
/// `const`, `static`, `type`, `trait`, `mod`, a macro) or re-exports it on
/// a one-line `pub use`.
fn declares(text: &str, name: &str) -> bool {
    const KEYWORDS: &[&str] = &[
        "fn",
        "struct",
        "enum",
        "const",
        "static",
        "type",
        "trait",
        "mod",
        "macro_rules!",
    ];
    text.lines().any(|line| {
        let line = line.trim_start();
        let words: Vec<&str> = line
            .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '!'))
            .filter(|w| !w.is_empty())
            .collect();
        words
            .windows(2)
            .any(|w| KEYWORDS.contains(&w[0]) && w[1] == name)
            || (line.starts_with("pub use") || line.starts_with("pub(crate) use"))
                && words.contains(&name)
    })
}

#[test]
fn every_path_architecture_md_names_exists() {
    let doc =
        std::fs::read_to_string(repo_root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let paths = repo_paths();
    let modules = RustModules::read(repo_root());
    let named: Vec<Named> = named_in(&doc)
        .into_iter()
        .filter(|n| !not_checked(&n.text))
        .collect();
    let mut missing = Vec::new();
    for n in &named {
        let why = match &n.rule {
            Rule::Tree(path) if path.ends_with('/') && !repo_root().join(path).is_dir() => {
                format!("the tree entry {path} is no folder")
            }
            Rule::Tree(path) if !repo_root().join(path).exists() => {
                format!("the tree entry {path} does not exist")
            }
            Rule::Suffix if !resolves_by_suffix(&n.text, &paths) => {
                "no file or folder of the repository ends with it".to_owned()
            }
            Rule::Rust if !modules.resolves(&n.text) => "no such module or item".to_owned(),
            _ => continue,
        };
        missing.push(format!("ARCHITECTURE.md:{}: `{}`: {why}", n.line, n.text));
    }
    assert!(
        named.len() > 150,
        "only {} names found in ARCHITECTURE.md: is the parser broken?",
        named.len()
    );
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names paths that do not exist:\n{}",
        missing.join("\n")
    );
}
