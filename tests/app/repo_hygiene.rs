//! The repository holds sources, not build outputs (issue 27): no tracked
//! file under a `target/` folder, no pending insta snapshot (`.snap.new`),
//! and no tracked file over 1 MB outside `assets/`. `tools/hooks/pre-commit`
//! refuses the same at commit time; this test catches what was committed
//! without the hook. And what it holds works on any machine (issue 41): no
//! tracked text names a folder of one machine or a package registry's host
//! (`tracked_text_names_no_machine_path_and_no_registry`, the rule in
//! `machine_paths.rs`). Skipped, loudly, when the tree is not a git checkout
//! (a source tarball).

mod machine_paths;

use std::path::Path;
use std::process::Command;

/// Largest tracked file outside `assets/`, in bytes.
const MAX_SOURCE_BYTES: u64 = 1024 * 1024;

fn tracked_files() -> Option<Vec<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(root)
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    Some(
        text.split('\0')
            .filter(|p| !p.is_empty())
            .map(str::to_owned)
            .collect(),
    )
}

#[test]
fn tracked_files_are_sources() {
    let Some(files) = tracked_files() else {
        eprintln!("SKIPPED tracked_files_are_sources: not a git checkout (or no git)");
        return;
    };
    assert!(
        files.len() > 100,
        "git ls-files listed only {}",
        files.len()
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut bad = Vec::new();
    for path in &files {
        if format!("/{path}").contains("/target/") {
            bad.push(format!("{path}: a build output (under target/)"));
            continue;
        }
        if path.ends_with(".snap.new") {
            bad.push(format!(
                "{path}: a pending insta snapshot (accept or delete it)"
            ));
            continue;
        }
        if path.starts_with("assets/") {
            continue;
        }
        // A file deleted in the work tree but still tracked has no size here.
        let size = std::fs::metadata(root.join(path)).map_or(0, |m| m.len());
        if size > MAX_SOURCE_BYTES {
            bad.push(format!("{path}: {size} bytes (over 1 MB outside assets/)"));
        }
    }
    assert!(
        bad.is_empty(),
        "tracked files that are not sources:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_pre_commit_hook_refuses_what_the_test_refuses() {
    let hook = Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/hooks/pre-commit");
    let text = std::fs::read_to_string(&hook).expect("tools/hooks/pre-commit");
    assert!(text.contains("*/target/*"), "the hook refuses target/");
    assert!(
        text.contains("1024 * 1024"),
        "the hook refuses files over 1 MB"
    );
}
