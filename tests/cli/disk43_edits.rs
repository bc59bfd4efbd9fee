//! Issue 43 ("one way to disk"), the edit findings through the binary:
//! item names (5) and non-finite numbers (8).

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
