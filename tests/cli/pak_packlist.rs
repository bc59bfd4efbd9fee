//! `pak list` finds the packlist.dat the way the app does (issue 44,
//! finding 12: it insisted on `--packlist`): beside the pak or in the
//! game's folders above it, through the core's one search.

use crate::trackbench;
use trackbench_testkit::corpus_dir_or_warn;

#[test]
fn pak_list_finds_the_packlist_beside_the_pak() {
    let Some(dir) = corpus_dir_or_warn("cli pak packlist") else {
        return;
    };
    let pak = dir.join("pak-synthetic/synth_many.pak");
    let out = trackbench(&["pak", "list", pak.to_str().unwrap(), "--json"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains("using ") && err.contains("packlist.dat"),
        "{err}"
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // The sidecar lists 300 files; the packlist's entry names the pack.
    assert_eq!(v["files"].as_array().unwrap().len(), 300);
    assert_eq!(v["key_source"]["kind"], "packlist", "{v:#}");

    // A pak alone in a folder: the error says where it looked.
    let tmp = tempfile::tempdir().unwrap();
    let alone = tmp.path().join("alone.pak");
    std::fs::write(&alone, std::fs::read(&pak).unwrap()).unwrap();
    let out = trackbench(&["pak", "list", alone.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no packlist.dat beside"), "{err}");
}
