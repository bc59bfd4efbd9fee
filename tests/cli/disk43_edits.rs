//! Issue 43 ("one way to disk"), the edit findings through the binary:
//! item names (5), non-finite numbers (8) and edits of partial files (9).

use super::trackbench;
use std::path::{Path, PathBuf};
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::access::map_contents::map_contents;
use trackbench_testkit::corpus_dir_or_warn;

fn text(out: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Finding 5: `items add … --as "Items/<65,536 bytes>.Item.Gbx"` panicked
/// inside the zip crate (exit 134); it is refused (exit 2) with the limit,
/// and so are drive prefixes, device names, `..` and absolute names.
/// Nothing is written.
#[test]
fn finding_5_long_item_name_is_refused() {
    let Some(dir) = corpus_dir_or_warn("finding_5") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let map = dir.join("gbx/Simple TECH 1.Map.Gbx");
    let item = dir.join("gbx/GBX-NET 2 CGameItemModel TM2020 001.Item.Gbx");
    let out = tmp.path().join("out.Map.Gbx");
    let add = |name: &str| {
        trackbench(&[
            "items",
            "add",
            s(&map),
            s(&item),
            "--as",
            name,
            "-o",
            s(&out),
        ])
    };
    let long = format!("Items/{}.Item.Gbx", "x".repeat(65_536 - 6 - 9));
    assert_eq!(long.len(), 65_536);
    let o = add(&long);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("a name of 65536 bytes")
            && text(&o).contains("holds at most 65535 bytes"),
        "{}",
        text(&o)
    );
    for (bad, why) in [
        ("Items/C:/x.Item.Gbx", "drive prefix"),
        ("C:/Items/x.Item.Gbx", "drive prefix"),
        ("Items/con.Item.Gbx", "Windows device name"),
        ("Items/NUL/x.Item.Gbx", "Windows device name"),
        ("Items/Com3.txt.Item.Gbx", "Windows device name"),
        ("Items/../x.Item.Gbx", "`..`"),
        ("/Items/x.Item.Gbx", "absolute"),
        ("Items/x.Block.Gbx", "goes under Blocks/"),
    ] {
        let o = add(bad);
        assert_eq!(o.status.code(), Some(2), "{bad}: {}", text(&o));
        assert!(text(&o).contains(why), "{bad}: {}", text(&o));
    }
    assert!(!out.exists(), "nothing written");
}

/// The first corpus map with a free block, copied into `dir`, and that
/// block's index.
fn map_with_free_block(corpus: &Path, dir: &Path) -> (PathBuf, usize) {
    let src = corpus.join("gbx/Summer 2020 - 11.Map.Gbx");
    let gbx = Gbx::parse(std::fs::read(&src).unwrap()).unwrap();
    let c = map_contents(&gbx).unwrap();
    let i = c.blocks.iter().position(|b| b.is_free()).unwrap();
    let to = dir.join("free.Map.Gbx");
    std::fs::copy(&src, &to).unwrap();
    (to, i)
}

/// Finding 8: NaN, infinity and `1e39` (beyond f32) as a move in metres,
/// and NaN as a yaw, are refused by the core edit (exit 2, the value
/// named); the map is not written.
#[test]
fn finding_8_non_finite_numbers_are_refused() {
    let Some(corpus) = corpus_dir_or_warn("finding_8") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let (map, i) = map_with_free_block(&corpus, tmp.path());
    let index = i.to_string();
    let out = tmp.path().join("out.Map.Gbx");
    for (by, named) in [
        (
            "NaN,0,0",
            "--by NaN,0,0: move by x: NaN is not a finite number",
        ),
        (
            "0,inf,0",
            "--by 0,inf,0: move by y: inf is not a finite number",
        ),
        (
            "0,0,1e39",
            "--by 0,0,1e39: move by z: inf is not a finite number",
        ),
        ("-infinity,0,0", "move by x: -inf is not a finite number"),
    ] {
        let o = trackbench(&[
            "blocks",
            "move",
            s(&map),
            &index,
            "--metres",
            "--by",
            by,
            "-o",
            s(&out),
        ]);
        assert_eq!(o.status.code(), Some(2), "{by}: {}", text(&o));
        assert!(text(&o).contains(named), "{by}: {}", text(&o));
    }
    for yaw in ["NaN", "inf", "1e39"] {
        let o = trackbench(&[
            "blocks",
            "rotate",
            s(&map),
            &index,
            "--yaw",
            yaw,
            "-o",
            s(&out),
        ]);
        assert_eq!(o.status.code(), Some(2), "{yaw}: {}", text(&o));
        assert!(
            text(&o).contains("yaw (degrees): ") && text(&o).contains("not a finite number"),
            "{yaw}: {}",
            text(&o)
        );
    }
    assert!(!out.exists(), "nothing written");
    // A finite move still works.
    let o = trackbench(&[
        "blocks",
        "move",
        s(&map),
        &index,
        "--metres",
        "--by",
        "1.5,0,0",
        "-o",
        s(&out),
    ]);
    assert!(o.status.success(), "{}", text(&o));
}

/// A damaged copy of a corpus map in `dir`: its body stored uncompressed
/// by our own writer (`decompress_file`), then cut 2 bytes before its end
/// (inside the main node's end marker), so it reads partly (the main node
/// stops) rather than not at all.
fn truncated_map(corpus: &Path, dir: &Path) -> PathBuf {
    let src = corpus.join("gbx/CCP#04 - ODYSSEY.Map.Gbx");
    let gbx = Gbx::parse(std::fs::read(src).unwrap()).unwrap();
    let mut bytes = trackbench_core::toolbox::convert::decompress_file(&gbx).unwrap();
    bytes.truncate(bytes.len() - 2);
    let reason = Gbx::parse(bytes.clone()).unwrap().partial_reason();
    assert!(reason.is_some(), "the cut copy reads partly");
    let to = dir.join("cut.Map.Gbx");
    std::fs::write(&to, bytes).unwrap();
    to
}

/// Finding 9: `strip lightmaps` edited damaged maps with exit 0. Every
/// editing command refuses a partial map without `--force` (exit 2, the
/// reason and `--force` named) and writes nothing; with `--force`, `strip`
/// says it edits anyway.
#[test]
fn finding_9_every_edit_command_refuses_a_partial_map() {
    let Some(corpus) = corpus_dir_or_warn("finding_9") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let map = truncated_map(&corpus, tmp.path());
    let item = corpus.join("gbx/GBX-NET 2 CGameItemModel TM2020 001.Item.Gbx");
    let out = tmp.path().join("out.Map.Gbx");
    let (m, o, i) = (s(&map), s(&out), s(&item));
    let commands: [(&str, Vec<&str>); 8] = [
        ("strip lightmaps", vec!["strip", "lightmaps", m, "-o", o]),
        ("strip validation", vec!["strip", "validation", m, "-o", o]),
        ("blocks delete", vec!["blocks", "delete", m, "0", "-o", o]),
        (
            "blocks clear-validation",
            vec!["blocks", "clear-validation", m, "-o", o],
        ),
        ("items add", vec!["items", "add", m, i, "-o", o]),
        (
            "items remove",
            vec!["items", "remove", m, "Items/x.Item.Gbx", "-o", o],
        ),
        ("metadata set", vec!["metadata", "set", m, "A=1", "-o", o]),
        ("set", vec!["set", m, "map.name=X", "-o", o]),
    ];
    for (what, args) in commands {
        let r = trackbench(&args);
        assert_eq!(r.status.code(), Some(2), "{what}: {}", text(&r));
        assert!(
            text(&r).contains("edits are refused") && text(&r).contains("--force"),
            "{what}: {}",
            text(&r)
        );
        assert!(!out.exists(), "{what}: nothing written");
    }
    let forced = trackbench(&["strip", "lightmaps", m, "-o", o, "--force"]);
    assert!(
        text(&forced).contains("editing anyway (--force)"),
        "{}",
        text(&forced)
    );
}

/// Finding 6: a real map followed by 1.5 GB of zeros (sparse: no disk
/// used) is read only to the end its header declares: `inspect` says
/// "1500000000 bytes after the end" and PARTIAL, `roundtrip` says it
/// differs, `set` refuses it as partial; none allocates the tail (under
/// the 2 GiB address-space limit set here, reading it whole failed).
#[cfg(unix)]
#[test]
fn finding_6_bytes_after_the_end_are_counted_not_read() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("tail.Map.Gbx");
    let map = trackbench_core::gbx::tools::sample::sample_map();
    std::fs::write(&path, &map).unwrap();
    let f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    f.set_len(map.len() as u64 + 1_500_000_000).unwrap();
    drop(f);
    let limited = |args: &str| {
        let bin = env!("CARGO_BIN_EXE_trackbench");
        std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -v 2097152; exec \"$0\" {args}"))
            .arg(bin)
            .output()
            .unwrap()
    };
    let p = s(&path);
    let o = limited(&format!("inspect '{p}'"));
    assert!(o.status.success(), "{}", text(&o));
    assert!(
        text(&o).contains("1500000000 bytes after the end of the body")
            && text(&o).contains("PARTIAL"),
        "{}",
        text(&o)
    );
    let o = limited(&format!("roundtrip '{p}'"));
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        text(&o).contains("1500000000 bytes after the end"),
        "{}",
        text(&o)
    );
    let out = tmp.path().join("out.Map.Gbx");
    let o = limited(&format!("set '{p}' map.name=X -o '{}'", s(&out)));
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("edits are refused"), "{}", text(&o));
}

/// Finding 11, the last point: `set map.*` printed `map.name: → X` with no
/// old value, though its help promises `old → new`. Text keys show both
/// quoted, times both as numbers.
#[test]
fn finding_11_set_map_keys_print_old_and_new() {
    let tmp = tempfile::tempdir().unwrap();
    let map = tmp.path().join("m.Map.Gbx");
    let bytes = trackbench_core::gbx::tools::sample::sample_map();
    let info = trackbench_core::gbx::MapInfo::read(&Gbx::parse(bytes.clone()).unwrap()).unwrap();
    std::fs::write(&map, bytes).unwrap();
    let out = tmp.path().join("out.Map.Gbx");
    let r = trackbench(&[
        "set",
        s(&map),
        "map.name=New name",
        "map.gold_time_ms=12345",
        "-o",
        s(&out),
    ]);
    assert!(r.status.success(), "{}", text(&r));
    let old_name = info.name.clone().unwrap();
    let gold = info
        .medal_time_ms(trackbench_core::edit::map::Medal::Gold)
        .filter(|t| *t != u32::MAX)
        .map_or_else(|| "unset".to_owned(), |t| t.to_string());
    assert!(
        text(&r).contains(&format!("map.name: {old_name:?} → \"New name\"")),
        "{}",
        text(&r)
    );
    assert!(
        text(&r).contains(&format!("map.gold_time_ms: {gold} → 12345")),
        "{}",
        text(&r)
    );
}
