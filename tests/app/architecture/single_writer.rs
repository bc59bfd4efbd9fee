//! One way to disk (issue 43): no module outside the core's `save/` opens a
//! file for writing; saves, exports, batch outputs and extractions all go
//! through `save` (`save_with`, `save::output`, `save::folder`). Checked on
//! the source text of `src/` and `crates/core/src`, comments and inline
//! test modules left out.

use super::{code_only, inline_test_module, modules};
use std::path::Path;

/// What opens or creates a file for writing.
const WRITERS: &[&str] = &[
    "File::create",
    "fs::write(",
    "OpenOptions",
    "fs::copy(",
    "NamedTempFile",
    "tempfile::Builder",
];

/// Writers that remain outside `save/`, each with its reason. This list
/// only shrinks: a new writer fails the test until it goes through `save`.
const ALLOWED: &[(&str, &str)] = &[];

fn writers_in(root: &Path, label: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (module, file) in modules(root) {
        let is_save = label == "core" && (module == "save" || module.starts_with("save::"));
        let is_test = module.ends_with("tests") || module.ends_with("::tests");
        if is_save || is_test {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("source is UTF-8");
        let code = code_only(&text);
        let code = &code[..inline_test_module(&code).unwrap_or(code.len())];
        found.extend(
            WRITERS
                .iter()
                .filter(|w| code.contains(**w))
                .map(|w| format!("{label}: {module}: {w}")),
        );
    }
    found
}

#[test]
fn no_module_outside_save_opens_a_file_for_writing() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = writers_in(&manifest.join("src"), "src");
    found.extend(writers_in(&manifest.join("crates/core/src"), "core"));
    let offenders: Vec<&String> = found
        .iter()
        .filter(|f| {
            !ALLOWED
                .iter()
                .any(|(m, w)| f.as_str() == format!("{m}: {w}"))
        })
        .collect();
    assert!(
        offenders.is_empty(),
        "files opened for writing outside crates/core/src/save (write through \
         trackbench_core::save instead):\n{}",
        offenders
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    for (m, w) in ALLOWED {
        assert!(
            found.contains(&format!("{m}: {w}")),
            "{m} no longer uses {w}: remove it from ALLOWED"
        );
    }
}
