//! `trackbench blocks add` (issue 45): a grid block on a TMF map
//! (AirControl, 703 blocks) and a free block on a TM2020 map (Fall 2021 -
//! 16) read back from OUT; each refusal exits 2 with its sentence.

use crate::trackbench;
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::access::map_contents::{MapContents, map_contents};
use trackbench_testkit::corpus_dir_or_warn;

fn read(path: &std::path::Path) -> MapContents {
    map_contents(&Gbx::parse(std::fs::read(path).unwrap()).unwrap()).unwrap()
}

fn text(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr)
}

/// Runs `blocks add SRC ARGS… -o OUT`; the exit code and the output.
fn add(src: &str, out: &str, args: &[&str]) -> (Option<i32>, String) {
    let mut all = vec!["blocks", "add", src];
    all.extend_from_slice(args);
    all.extend_from_slice(&["-o", out]);
    let r = trackbench(&all);
    (r.status.code(), text(&r))
}

#[test]
fn blocks_add_places_a_grid_block_and_refuses_with_a_reason() {
    let Some(dir) = corpus_dir_or_warn("cli blocks add") else {
        return;
    };
    let src = dir.join("gbx/AirControl.Challenge.Gbx");
    let before = read(&src);
    let src = src.to_string_lossy().into_owned();
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("added.Challenge.Gbx");
    let o = out.to_string_lossy().into_owned();
    let first = before.block(0).unwrap();
    let [x, y, z] = first.coord;
    let at = format!("{x},{y},{z}");
    let turned = ((first.direction + 1) % 4).to_string();
    let (code, t) = add(&src, &o, &[first.name(), "--at", &at, "--dir", &turned]);
    assert_eq!(code, Some(0), "{t}");
    let n = before.blocks.len();
    assert!(
        t.contains(&format!(
            "added block #{n} {}: ({x}, {y}, {z})",
            first.name()
        )),
        "{t}"
    );
    let after = read(&out);
    assert_eq!(after.blocks.len(), n + 1);
    let new = after.block(n).unwrap();
    assert_eq!((new.name(), new.coord), (first.name(), first.coord));
    assert_eq!(new.direction, (first.direction + 1) % 4);
    // The same block again in the same cell and direction.
    let (code, t) = add(&o, &o, &[first.name(), "--at", &at, "--dir", &turned]);
    assert_eq!(code, Some(2), "{t}");
    assert!(t.contains("already holds"), "{t}");
    let (code, t) = add(&src, &o, &[first.name(), "--at", "0,0,999", "--dir", "0"]);
    assert_eq!(code, Some(2), "{t}");
    assert!(t.contains("outside the map size"), "{t}");
    let (code, t) = add(&src, &o, &[first.name(), "--at", &at, "--dir", "4"]);
    assert_eq!(code, Some(2), "{t}");
    assert!(t.contains("3 (west)"), "{t}");
    let (code, t) = add(
        &src,
        &o,
        &["NoSuch\u{1b}[31mBlock", "--at", &at, "--dir", "0"],
    );
    assert_eq!(code, Some(2), "{t}");
    assert!(
        t.contains("--force adds it anyway") && !t.contains('\u{1b}'),
        "{t}"
    );
    let (code, t) = add(
        &src,
        &o,
        &["NoSuchBlock", "--at", &at, "--dir", "0", "--force"],
    );
    assert_eq!(code, Some(0), "{t}");
    assert_eq!(read(&out).block(n).unwrap().name(), "NoSuchBlock");
    let (code, t) = add(&src, &o, &[first.name(), "--free", "--pos", "1,2,3"]);
    assert_eq!(code, Some(2), "{t}");
    assert!(t.contains("no free-block chunk 0x0304305f"), "{t}");
}

#[test]
fn blocks_add_places_a_free_block_on_a_tm2020_map() {
    let Some(dir) = corpus_dir_or_warn("cli blocks add --free") else {
        return;
    };
    let src = dir.join("gbx/Fall 2021 - 16.Map.Gbx");
    let before = read(&src);
    let src = src.to_string_lossy().into_owned();
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("free.Map.Gbx");
    let o = out.to_string_lossy().into_owned();
    let name = before.block(0).unwrap().name().to_owned();
    let args = [
        &name,
        "--free",
        "--pos",
        "100,80.5,-3",
        "--rot",
        "90,0,-45",
        "--index",
        "0",
    ];
    let (code, t) = add(&src, &o, &args);
    assert_eq!(code, Some(0), "{t}");
    let after = read(&out);
    assert_eq!(after.blocks.len(), before.blocks.len() + 1);
    let new = after.block(0).unwrap();
    assert!(new.is_free(), "{:#x}", new.flags);
    let f = new.free().unwrap();
    assert_eq!(f.position_m, [100.0, 80.5, -3.0]);
    assert_eq!(
        f.yaw_pitch_roll_rad,
        [90f32.to_radians(), 0.0, (-45f32).to_radians()]
    );
    assert_eq!(
        after.block(1).unwrap().name(),
        before.block(0).unwrap().name()
    );
    let (code, t) = add(&src, &o, &[&name, "--free", "--pos", "nan,0,0"]);
    assert_eq!(code, Some(2), "{t}");
    assert!(t.contains("is not finite"), "{t}");
}
