//! `trackbench items place` on a TM2020 corpus map (Summer 2020 - 11): the
//! item reads back from OUT with its path, position and rotation; a
//! non-finite number is refused (exit 2, naming the value).

use crate::trackbench;
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::access::map_contents::map_contents;
use trackbench_testkit::corpus_dir_or_warn;

fn text(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr)
}

#[test]
fn items_place_writes_a_new_item_that_reads_back() {
    let Some(dir) = corpus_dir_or_warn("cli items place") else {
        return;
    };
    let src = dir.join("gbx/Summer 2020 - 11.Map.Gbx");
    let s = src.to_string_lossy();
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("placed.Map.Gbx");
    let o = out.to_string_lossy();
    let n = map_contents(&Gbx::parse(std::fs::read(&src).unwrap()).unwrap())
        .unwrap()
        .items
        .len();
    let args = ["--pos", "-10,24.5,300", "--rot", "180,0,-5", "-o", &o];
    let r = trackbench(&[&["items", "place", &s, "Flag8m"][..], &args].concat());
    assert!(r.status.success(), "{}", text(&r));
    assert!(text(&r).contains("place item Flag8m"), "{}", text(&r));
    let after = map_contents(&Gbx::parse(std::fs::read(&out).unwrap()).unwrap()).unwrap();
    assert_eq!(after.items.len(), n + 1);
    let item = &after.items[n];
    assert_eq!(&*item.name, "Flag8m");
    assert_eq!(item.position_m, [-10.0, 24.5, 300.0]);
    let expected = [180f32, 0.0, -5.0].map(f32::to_radians);
    assert_eq!(item.yaw_pitch_roll_rad, expected);
    let r = trackbench(&[
        "items", "place", &s, "Flag8m", "--pos", "1e39,0,0", "-o", &o,
    ]);
    assert_eq!(r.status.code(), Some(2), "{}", text(&r));
    assert!(
        text(&r).contains("inf is not a finite number"),
        "{}",
        text(&r)
    );
}
