//! The shape of `crates/core/src` that ARCHITECTURE.md promises (issue 27):
//! no import cycle between top-level modules, none between its files, and
//! every import points down the layer order [`LAYERS`], and inside `gbx/`
//! down its own order [`GBX_LAYERS`] (issue 42). The graph is read with the
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

/// The parts of `gbx/` from the bottom up, by the first path segment
/// below `gbx` (`""` is `gbx/mod.rs`). A file may import files of its own
/// line or of an earlier one. `read/` never names the decoders (it is
/// handed `classes::decoders()`); the whole parse (`Gbx`, the header scan,
/// the text transcoder, completeness) sits on both; accessors read a parse;
/// the writer and the tools use everything below them; the unit tests
/// (`tests`, `header_scan_tests`) and `testing` (the workspace tests'
/// window on a parse's internals) sit on top.
const GBX_LAYERS: &[&[&str]] = &[
    &["read"],
    &["classes"],
    &["", "completeness", "header_scan", "text"],
    &["access"],
    &["write"],
    &["tools"],
    &["tests", "header_scan_tests", "testing"],
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

/// The part of `gbx/` (its entry in [`GBX_LAYERS`]) a core module is in,
/// or `None` outside `gbx`.
fn gbx_part(module: &str) -> Option<&str> {
    let rest = module.strip_prefix("gbx")?;
    if rest.is_empty() {
        return Some("");
    }
    let rest = rest.strip_prefix("::")?;
    Some(rest.split("::").next().unwrap_or(rest))
}

/// The line of [`GBX_LAYERS`] holding `part`.
fn gbx_layer(part: &str) -> Option<usize> {
    GBX_LAYERS.iter().position(|l| l.contains(&part))
}

/// Every import between files of `gbx/` that goes up its layer order, as
/// "from -> to" lines (a part in no layer is an offender too).
fn gbx_offenders(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut offenders = Vec::new();
    for (from, targets) in graph {
        let Some(part) = gbx_part(from) else { continue };
        let Some(own) = gbx_layer(part) else {
            offenders.push(format!(
                "{from}: gbx part {part:?} is in no layer of GBX_LAYERS"
            ));
            continue;
        };
        for t in targets {
            let Some(target_part) = gbx_part(t) else {
                continue;
            };
            if gbx_layer(target_part).is_none_or(|l| l > own) {
                offenders.push(format!("{from} -> {t}"));
            }
        }
    }
    offenders
}

#[test]
fn gbx_files_import_only_down_its_layers() {
    let offenders = gbx_offenders(&core_graph());
    assert!(
        offenders.is_empty(),
        "gbx imports against its layer order {GBX_LAYERS:?}:\n{}",
        offenders.join("\n")
    );
}

#[test]
fn gbx_layer_check_sees_an_upward_import() {
    let graph = BTreeMap::from([
        (
            "gbx::read::reader".to_string(),
            BTreeSet::from(["gbx::classes".to_string(), "gbx::read::archive".to_string()]),
        ),
        (
            "gbx::access::ghosts".to_string(),
            BTreeSet::from(["gbx".to_string()]),
        ),
        (
            "gbx::read::text".to_string(),
            BTreeSet::from(["gbx".to_string()]),
        ),
    ]);
    assert_eq!(
        gbx_offenders(&graph),
        [
            "gbx::read::reader -> gbx::classes",
            "gbx::read::text -> gbx"
        ]
    );
}

#[test]
fn inline_test_modules_are_skipped_like_rs_cycles() {
    let code = "use crate::a::B;\n#[cfg(test)]\nmod x;\n#[cfg(test)]\nmod tests {\n    use crate::c::D;\n}\n";
    let at = inline_test_module(code).expect("an inline test module");
    assert!(code[..at].contains("mod x;") && code[at..].starts_with("#[cfg(test)]\nmod tests {"));
    assert_eq!(inline_test_module("#[cfg(test)]\nmod tests;\n"), None);
}
