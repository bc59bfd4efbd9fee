//! Issue 43 ("one way to disk"), the edit findings through the binary:
//! item names (5).

use super::trackbench;
use std::path::Path;
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
