//! `trackbench strip items-zip`: the map with its embedded items ZIP
//! deflated again by zopfli re-reads complete with the same entries and a
//! smaller ZIP; a map without one exits 2 and writes nothing.

use crate::trackbench;
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::access::embedded::zip_entries;
use trackbench_core::gbx::access::images::embedded_items_zip;
use trackbench_testkit::corpus_dir_or_warn;

#[test]
fn strip_items_zip_writes_a_map_with_a_smaller_zip_and_the_same_entries() {
    let Some(dir) = corpus_dir_or_warn("cli strip items-zip") else {
        return;
    };
    let map = dir.join("gbx").join("Simple TECH 1.Map.Gbx");
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out.Map.Gbx");
    let run = trackbench(&[
        "strip",
        "items-zip",
        map.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(stdout.contains("note: none for the player"), "{stdout}");
    let before = Gbx::parse(std::fs::read(&map).unwrap()).unwrap();
    let after = Gbx::parse(std::fs::read(&out).unwrap()).unwrap();
    assert!(
        after.summary().completeness.complete,
        "{:?}",
        after.problems
    );
    let (a, b) = (
        embedded_items_zip(&before).unwrap(),
        embedded_items_zip(&after).unwrap(),
    );
    assert_eq!(a.len(), 2178);
    assert!(b.len() < a.len());
    let paths = |z: &[u8]| -> Vec<String> {
        zip_entries(z)
            .unwrap()
            .into_iter()
            .map(|e| e.path)
            .collect()
    };
    assert_eq!(paths(a), paths(b));

    let no_zip = dir.join("gbx").join("AirControl.Challenge.Gbx");
    let out2 = tmp.path().join("none.Gbx");
    let run = trackbench(&[
        "strip",
        "items-zip",
        no_zip.to_str().unwrap(),
        "-o",
        out2.to_str().unwrap(),
    ]);
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("no embedded items ZIP"));
    assert!(!out2.exists());
}
