//! `trackbench blocks …` on a corpus map (AirControl, TMF, 703 blocks):
//! each subcommand writes -o OUT, prints what changed, and the result reads
//! back with the change; bad input exits 2 with a sentence.

use crate::trackbench;
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::access::map_contents::{MapContents, map_contents};
use trackbench_testkit::corpus_dir_or_warn;

fn setup(test: &str) -> Option<(tempfile::TempDir, String, MapContents)> {
    let dir = corpus_dir_or_warn(test)?;
    let src = dir.join("gbx/AirControl.Challenge.Gbx");
    let c = map_contents(&Gbx::parse(std::fs::read(&src).unwrap()).unwrap()).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    Some((tmp, src.to_string_lossy().into_owned(), c))
}

fn read(path: &std::path::Path) -> MapContents {
    map_contents(&Gbx::parse(std::fs::read(path).unwrap()).unwrap()).unwrap()
}

fn text(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr)
}

#[test]
fn blocks_move_and_rotate_print_each_change() {
    let Some((tmp, src, before)) = setup("cli blocks move") else {
        return;
    };
    let out = tmp.path().join("moved.Challenge.Gbx");
    let o = out.to_string_lossy();
    let r = trackbench(&["blocks", "move", &src, "3", "5", "--by", "1,0,-1", "-o", &o]);
    assert!(r.status.success(), "{}", text(&r));
    let after = read(&out);
    for i in [3, 5] {
        let [x, y, z] = before.block(i).unwrap().coord;
        assert_eq!(after.block(i).unwrap().coord, [x + 1, y, z - 1]);
        assert!(text(&r).contains(&format!("block #{i} {}", before.block(i).unwrap().name())));
    }
    let r = trackbench(&["blocks", "rotate", &o, "3", "--dir", "2", "-o", &o]);
    assert!(r.status.success(), "{}", text(&r));
    assert_eq!(read(&out).blocks[3].direction, 2);
    let r = trackbench(&["blocks", "rotate", &o, "3", "--dir", "7", "-o", &o]);
    assert_eq!(r.status.code(), Some(2));
    assert!(text(&r).contains("0 (north)"), "{}", text(&r));
    let r = trackbench(&["blocks", "move", &src, "99999", "--by", "1,0,0", "-o", &o]);
    assert_eq!(r.status.code(), Some(2));
    assert!(text(&r).contains("out of range"), "{}", text(&r));
}

#[test]
fn blocks_delete_and_replace_change_the_count_and_the_names() {
    let Some((tmp, src, before)) = setup("cli blocks delete") else {
        return;
    };
    let out = tmp.path().join("edited.Challenge.Gbx");
    let o = out.to_string_lossy();
    let r = trackbench(&["blocks", "delete", &src, "0", "1", "-o", &o]);
    assert!(r.status.success(), "{}", text(&r));
    assert!(text(&r).contains("deleted block #0"), "{}", text(&r));
    let after = read(&out);
    assert_eq!(after.blocks.len(), before.blocks.len() - 2);
    assert_eq!(after.declared_blocks, Some(701));
    assert_eq!(
        after.block(0).unwrap().name(),
        before.block(2).unwrap().name()
    );
    let name = "IslandPlatformCheckpoint";
    let r = trackbench(&["blocks", "replace", &o, name, "IslandPlatform", "-o", &o]);
    assert!(r.status.success(), "{}", text(&r));
    assert!(text(&r).contains("2 blocks, 0 items"), "{}", text(&r));
    assert!(!read(&out).blocks().any(|b| b.name() == name));
    let r = trackbench(&["blocks", "replace", &o, name, "X", "-o", &o]);
    assert_eq!(r.status.code(), Some(2), "nothing named so any more");
}
