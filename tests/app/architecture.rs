//! The shape of `src/` that ARCHITECTURE.md promises, checked on the source
//! text: the module import graph has no cycle (between top-level modules and
//! between files), and only the app shell reaches into a format's panels.
//!
//! Edges are the `crate::…` and `super::…` paths written in code (not in
//! comments), resolved to the file of the longest module prefix that exists.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Module path ("gbx::panels::inspector") of every `.rs` file under `src/`.
fn modules(src: &Path) -> BTreeMap<String, PathBuf> {
    let mut out = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src is readable") {
            let path = entry.expect("dir entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path.strip_prefix(src).expect("under src");
            let mut parts: Vec<String> = rel
                .iter()
                .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
                .collect();
            if parts
                .last()
                .is_some_and(|l| l == "mod" || l == "lib" || l == "main")
            {
                parts.pop();
            }
            out.insert(parts.join("::"), path);
        }
    }
    out
}

/// Code of a file without comments (line comments and `/* */` blocks).
fn code_only(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("//") {
            continue;
        }
        let code = match line.find("//") {
            // A `//` inside a string literal ("https://…") is kept.
            Some(i) if line[..i].matches('"').count() % 2 == 0 => &line[..i],
            _ => line,
        };
        out.push_str(code);
        out.push('\n');
    }
    out
}

/// Every path after `crate::` or `super::` in `code`, as segment lists
/// relative to the crate root. Grouped imports `use crate::{a, b::c}` give
/// one path per member.
fn referenced_paths(module: &str, code: &str) -> Vec<Vec<String>> {
    let base: Vec<String> = if module.is_empty() {
        Vec::new()
    } else {
        module.split("::").map(str::to_string).collect()
    };
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut i = 0;
    while i < bytes.len() {
        let rest = &bytes[i..];
        let (prefix_len, mut path) = if rest.starts_with(b"crate::") {
            (7, Vec::new())
        } else if rest.starts_with(b"super::") {
            let mut p = base.clone();
            p.pop();
            (7, p)
        } else {
            i += 1;
            continue;
        };
        // Not part of a longer identifier (e.g. `my_crate::`).
        if i > 0 && is_ident(bytes[i - 1]) {
            i += 1;
            continue;
        }
        let mut j = i + prefix_len;
        loop {
            if bytes.get(j) == Some(&b'{') {
                let close = bytes[j..]
                    .iter()
                    .position(|&b| b == b'}')
                    .map_or(bytes.len(), |k| j + k);
                for member in code[j + 1..close].split(',') {
                    let mut p = path.clone();
                    p.extend(
                        member
                            .trim()
                            .split("::")
                            .filter(|s| !s.is_empty() && *s != "self")
                            .map(|s| s.split_whitespace().next().unwrap_or("").to_string()),
                    );
                    out.push(p);
                }
                j = close;
                break;
            }
            let seg_start = j;
            while j < bytes.len() && is_ident(bytes[j]) {
                j += 1;
            }
            let seg = &code[seg_start..j];
            if seg == "super" {
                path.pop();
            } else if !seg.is_empty() {
                path.push(seg.to_string());
            }
            if bytes[j..].starts_with(b"::") && !seg.is_empty() {
                j += 2;
                continue;
            }
            out.push(path.clone());
            break;
        }
        i = j.max(i + 1);
    }
    out
}

/// The module (file) a path lands in: its longest prefix that is a module.
fn resolve(path: &[String], mods: &BTreeMap<String, PathBuf>) -> Option<String> {
    (1..=path.len())
        .rev()
        .map(|n| path[..n].join("::"))
        .find(|m| mods.contains_key(m))
}

/// Edges module → modules it references (self-references dropped).
fn import_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    graph_of(src, Rules::APP)
}

/// How [`graph_of`] reads a file.
#[derive(Clone, Copy)]
struct Rules {
    /// Keep edges to the file's own ancestors (`super::Item` in a child).
    ancestors: bool,
    /// Ignore the code from the first inline `#[cfg(test)] mod … {` on.
    skip_inline_tests: bool,
}

impl Rules {
    /// The rules the `src/` checks have always used.
    const APP: Self = Self {
        ancestors: false,
        skip_inline_tests: false,
    };
    /// The rules of `tools/rs_cycles.py` (issue 27), used for the core.
    const RS_CYCLES: Self = Self {
        ancestors: true,
        skip_inline_tests: true,
    };
}

/// Edges module → modules it references under `rules`.
fn graph_of(src: &Path, rules: Rules) -> BTreeMap<String, BTreeSet<String>> {
    let mods = modules(src);
    let mut graph = BTreeMap::new();
    for (module, file) in &mods {
        let text = std::fs::read_to_string(file).expect("source is UTF-8");
        let mut code = code_only(&text);
        if let Some(at) = inline_test_module(&code).filter(|_| rules.skip_inline_tests) {
            code.truncate(at);
        }
        let targets: BTreeSet<String> = referenced_paths(module, &code)
            .iter()
            .filter_map(|p| resolve(p, &mods))
            .filter(|t| t != module && !t.is_empty())
            .filter(|t| rules.ancestors || !module.starts_with(&format!("{t}::")))
            .collect();
        graph.insert(module.clone(), targets);
    }
    graph
}

/// Where the first inline test module (`#[cfg(test)]` then `mod name {`)
/// of `code` begins.
fn inline_test_module(code: &str) -> Option<usize> {
    code.match_indices("#[cfg(test)]")
        .map(|(at, _)| at)
        .find(|&at| {
            let rest = code[at + "#[cfg(test)]".len()..].trim_start();
            let head = &rest[..rest.find([';', '{']).unwrap_or(rest.len())];
            rest.starts_with("mod ") && rest[head.len()..].starts_with('{')
        })
}

/// A cycle in `graph`, as the list of nodes around it, if there is one.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        n: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        marks: &mut BTreeMap<String, Mark>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match marks.get(n) {
            Some(Mark::Done) => return None,
            Some(Mark::Open) => {
                let from = stack.iter().position(|s| s == n).unwrap_or(0);
                let mut cycle = stack[from..].to_vec();
                cycle.push(n.to_string());
                return Some(cycle);
            }
            None => {}
        }
        marks.insert(n.to_string(), Mark::Open);
        stack.push(n.to_string());
        for t in graph.get(n).into_iter().flatten() {
            if let Some(c) = visit(t, graph, marks, stack) {
                return Some(c);
            }
        }
        stack.pop();
        marks.insert(n.to_string(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for n in graph.keys() {
        if let Some(c) = visit(n, graph, &mut marks, &mut Vec::new()) {
            return Some(c);
        }
    }
    None
}

/// Every group of modules of `graph` that import each other (directly or
/// not), as sorted lists: the strongly connected components with more than
/// one module. Reporting all of them names every offender at once.
fn cyclic_groups(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let reachable = |from: &String| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(n) = stack.pop() {
            for t in graph.get(&n).into_iter().flatten() {
                if seen.insert(t.clone()) {
                    stack.push(t.clone());
                }
            }
        }
        seen
    };
    let reach: BTreeMap<&String, BTreeSet<String>> =
        graph.keys().map(|n| (n, reachable(n))).collect();
    let mut grouped = BTreeSet::new();
    let mut groups = Vec::new();
    for n in graph.keys() {
        if grouped.contains(n) || !reach[n].contains(n) {
            continue;
        }
        let group: Vec<String> = reach[n]
            .iter()
            .filter(|m| reach.get(m).is_some_and(|r| r.contains(n)))
            .cloned()
            .collect();
        grouped.extend(group.iter().cloned());
        groups.push(group);
    }
    groups
}

fn top(module: &str) -> &str {
    module.split("::").next().unwrap_or(module)
}

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn no_import_cycle_between_files() {
    let graph = import_graph(&src_dir());
    assert!(graph.len() > 20, "found {} modules under src/", graph.len());
    if let Some(cycle) = find_cycle(&graph) {
        let groups: Vec<String> = cyclic_groups(&graph).iter().map(|g| g.join(", ")).collect();
        panic!(
            "import cycle between files of src/: {}\nmodules that import each other:\n{}",
            cycle.join(" -> "),
            groups.join("\n")
        );
    }
}

#[test]
fn no_import_cycle_between_top_level_modules() {
    let mut tops: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, targets) in import_graph(&src_dir()) {
        let entry = tops.entry(top(&from).to_string()).or_default();
        entry.extend(
            targets
                .iter()
                .map(|t| top(t).to_string())
                .filter(|t| t != top(&from)),
        );
    }
    if let Some(cycle) = find_cycle(&tops) {
        panic!(
            "import cycle between top-level modules: {}",
            cycle.join(" -> ")
        );
    }
}

#[test]
fn only_the_app_shell_and_sibling_panels_use_a_panel() {
    let mut offenders = Vec::new();
    for (from, targets) in import_graph(&src_dir()) {
        for t in targets {
            let Some((format, _)) = t.split_once("::panels") else {
                continue;
            };
            let allowed = top(&from) == "app" || from.starts_with(&format!("{format}::panels"));
            if !allowed {
                offenders.push(format!("{from} -> {t}"));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "modules outside the app shell that use a panel:\n{}",
        offenders.join("\n")
    );
}

#[test]
fn every_group_of_modules_importing_each_other_is_reported() {
    let edges = [
        ("a", "b"),
        ("b", "a"),
        ("c", "d"),
        ("d", "e"),
        ("e", "c"),
        ("f", "a"),
    ];
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, to) in edges {
        graph
            .entry(from.to_string())
            .or_default()
            .insert(to.to_string());
        graph.entry(to.to_string()).or_default();
    }
    assert_eq!(
        cyclic_groups(&graph),
        vec![
            vec!["a".to_string(), "b".into()],
            vec!["c".into(), "d".into(), "e".into()]
        ]
    );
}

#[test]
fn the_checker_sees_grouped_and_relative_imports() {
    let code = "use crate::{gbx::doc::GbxDoc, command::Command};\nuse super::view::X;\n";
    let paths = referenced_paths("gbx::panels::tree", code);
    let joined: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert!(
        joined.contains(&"gbx::doc::GbxDoc".to_string()),
        "{joined:?}"
    );
    assert!(
        joined.contains(&"command::Command".to_string()),
        "{joined:?}"
    );
    assert!(
        joined.contains(&"gbx::panels::view::X".to_string()),
        "{joined:?}"
    );
}

/// Files under `src/` whose code (comments dropped) contains any of
/// `needles`, as "module: needle" lines, except the modules in `allowed`.
fn files_containing(needles: &[&str], allowed: impl Fn(&str) -> bool) -> Vec<String> {
    let mut found = Vec::new();
    for (module, file) in modules(&src_dir()) {
        if allowed(&module) {
            continue;
        }
        let code = code_only(&std::fs::read_to_string(&file).expect("source is UTF-8"));
        found.extend(
            needles
                .iter()
                .filter(|n| code.contains(**n))
                .map(|n| format!("{module}: {n}")),
        );
    }
    found
}

#[test]
fn panels_only_read_their_document() {
    // ARCHITECTURE.md: a panel gets `&XDoc` and pushes commands; what it
    // changes itself lives in the view state.
    let offenders = files_containing(&["&mut GbxDoc", "&mut TrackDoc", "&mut PakDoc"], |m| {
        !m.contains("::panels")
    });
    assert!(
        offenders.is_empty(),
        "panels that take their document mutably:\n{}",
        offenders.join("\n")
    );
}

#[test]
fn only_the_shell_opens_file_dialogs() {
    let offenders = files_containing(&["rfd::"], |m| m == "app::dialogs");
    assert!(
        offenders.is_empty(),
        "file dialogs outside app/dialogs.rs:\n{}",
        offenders.join("\n")
    );
}

#[test]
fn every_key_a_panel_handles_is_in_the_shortcut_table() {
    // ARCHITECTURE.md: keys are declared once (`command/shortcut.rs`:
    // `Command::shortcuts`, `PanelKey`) and read through `widgets::keys`,
    // so the help window (F1), generated from that table, lists each one.
    let needles = [
        "consume_shortcut",
        "consume_key",
        "KeyboardShortcut",
        "key_down(",
        "Event::Copy",
        "Event::Cut",
        "Event::Paste",
    ];
    let mut offenders = files_containing(&needles, |m| m == "widgets::keys");
    // A text field's own Enter (applied when it loses the focus) is the
    // field's commit, not a shortcut: `key_pressed` only beside `lost_focus`.
    for (module, file) in modules(&src_dir()) {
        let code = code_only(&std::fs::read_to_string(&file).expect("source is UTF-8"));
        offenders.extend(
            code.lines()
                .filter(|l| l.contains("key_pressed(") && !l.contains("lost_focus()"))
                .filter(|_| module != "widgets::keys")
                .map(|l| format!("{module}: {}", l.trim())),
        );
    }
    assert!(
        offenders.is_empty(),
        "keys read outside widgets::keys (declare a PanelKey in command/shortcut.rs):\n{}",
        offenders.join("\n")
    );
}

mod core_layers;
mod doc_paths;
mod single_writer;
