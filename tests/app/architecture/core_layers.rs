//! The shape of `crates/core/src` that ARCHITECTURE.md promises (issue 27):
//! no import cycle between top-level modules, none between its files, and
//! every import points down the layer order [`LAYERS`]. The graph is read with the
//! rules of `tools/rs_cycles.py` ([`Rules::RS_CYCLES`]), so this test and
//! that script count the same cycles.

use super::{Rules, cyclic_groups, find_cycle, graph_of, inline_test_module, top};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The core's top-level modules from the bottom up: a module may import
/// only modules on an earlier line. `file_kinds` (the one extension table)
/// sits at the bottom so every reader can ask it; `walk` (the one folder
/// walker) sits below `pak`, whose "pak from folder" walks through it.
const LAYERS: &[&[&str]] = &[
    &["bytes", "csv_out", "file_kinds", "jobs", "terminal"],
    &["save"],
    &["history"],
    &["walk"],
    &["gbx"],
    &["pak"],
    &["sniff"],
    &["trk"],
    &["edit"],
    &["toolbox"],
    &["library"],
    &["fuzzing"],
];

fn core_src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/core/src")
}

fn core_graph() -> BTreeMap<String, BTreeSet<String>> {
    graph_of(&core_src(), Rules::RS_CYCLES)
}

/// The layer (index in [`LAYERS`]) of a top-level module.
fn layer(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

/// Top-level module → top-level modules it imports.
fn top_level(graph: &BTreeMap<String, BTreeSet<String>>) -> BTreeMap<String, BTreeSet<String>> {
    let mut tops: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, targets) in graph {
        if from.is_empty() {
            continue; // lib.rs declares the modules
        }
        let entry = tops.entry(top(from).to_string()).or_default();
        entry.extend(
            targets
                .iter()
                .map(|t| top(t).to_string())
                .filter(|t| t != top(from)),
        );
    }
    tops
}

#[test]
fn no_import_cycle_between_core_files() {
    let graph = core_graph();
    assert!(graph.len() > 150, "found {} core modules", graph.len());
    let found: Vec<String> = cyclic_groups(&graph).iter().map(|g| g.join(", ")).collect();
    assert!(
        found.is_empty(),
        "{} import cycles between files of crates/core/src (as rs_cycles.py counts them): \
         move the shared type down to the file that owns its concept\n{found:#?}",
        found.len()
    );
}

#[test]
fn no_import_cycle_between_core_modules() {
    if let Some(cycle) = find_cycle(&top_level(&core_graph())) {
        panic!("import cycle between core modules: {}", cycle.join(" -> "));
    }
}

#[test]
fn core_modules_import_only_down_the_layers() {
    let mut offenders = Vec::new();
    for (from, targets) in top_level(&core_graph()) {
        let Some(own) = layer(&from) else {
            offenders.push(format!("{from} is in no layer: add it to LAYERS"));
            continue;
        };
        for t in targets {
            if layer(&t).is_none_or(|l| l >= own) {
                offenders.push(format!("{from} -> {t}"));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "core imports against the layer order {LAYERS:?}:\n{}",
        offenders.join("\n")
    );
}

#[test]
fn inline_test_modules_are_skipped_like_rs_cycles() {
    let code = "use crate::a::B;\n#[cfg(test)]\nmod x;\n#[cfg(test)]\nmod tests {\n    use crate::c::D;\n}\n";
    let at = inline_test_module(code).expect("an inline test module");
    assert!(code[..at].contains("mod x;") && code[at..].starts_with("#[cfg(test)]\nmod tests {"));
    assert_eq!(inline_test_module("#[cfg(test)]\nmod tests;\n"), None);
}
