//! `trackbench set FILE PATH=VALUE` with the field paths `dump --json`
//! prints (issue 28), and its refusal of a partly read file.

use crate::trackbench;
use trackbench_testkit::corpus_dir_or_warn;

#[test]
fn set_takes_a_dumped_path_and_prints_old_and_new() {
    let Some(dir) = corpus_dir_or_warn("cli set path") else {
        return;
    };
    let map = dir.join("gbx/E02-Endurance.Challenge.Gbx");
    let map = map.to_str().unwrap();
    let dump = trackbench(&["dump", "--json", map]);
    let text = String::from_utf8_lossy(&dump.stdout);
    assert!(
        text.contains("\"path\":\"0/0x0304301F/mapName\""),
        "no path in the dump"
    );
    assert!(text.contains("\"path\":\"header/0x03043003/mapName\""));
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out.Gbx");
    let o = trackbench(&[
        "set",
        map,
        "0/0x0304301F/mapName=A much longer name than before",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let said = String::from_utf8_lossy(&o.stdout);
    assert!(
        said.contains("0/0x0304301F/mapName: \"")
            && said.contains("→ \"A much longer name than before\""),
        "{said}"
    );
    let again = trackbench(&["dump", "--json", out.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&again.stdout);
    assert!(text.contains("A much longer name than before"));
    let bad = trackbench(&[
        "set",
        map,
        "0/0x0304301F/nope=1",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(bad.status.code(), Some(2));
    let ro = trackbench(&[
        "set",
        map,
        "0/0x0304301F/numBlocks=3",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(ro.status.code(), Some(2));
    let err = String::from_utf8_lossy(&ro.stderr);
    assert!(err.contains("delete or duplicate records instead"), "{err}");
}

#[test]
fn set_refuses_a_partly_read_file_unless_forced() {
    let Some(dir) = corpus_dir_or_warn("cli set partial") else {
        return;
    };
    let map = dir.join("gbx/E02-Endurance.Challenge.Gbx");
    let mut bytes = std::fs::read(&map).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let cut = tmp.path().join("cut.Gbx");
    // Cut the file: the body can no longer be read.
    bytes.truncate(bytes.len() - 100);
    std::fs::write(&cut, &bytes).unwrap();
    let c = cut.to_str().unwrap();
    let out = tmp.path().join("out.Gbx");
    let o = trackbench(&["set", c, "map.name=X", "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--force"), "{err}");
    assert!(!out.exists());
}

/// Issue 44 (finding 5): `set map.car=` refuses a car not known for the
/// map's environment, listing the known ones, unless `--force`; a known
/// car is written.
#[test]
fn set_map_car_refuses_an_unknown_car_unless_forced() {
    let Some(dir) = corpus_dir_or_warn("cli set map.car") else {
        return;
    };
    let map = dir.join("gbx/GBX-NET 2 CGameCtnChallenge TM2020 001.Map.Gbx");
    let map = map.to_str().unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out.Map.Gbx");
    let out_s = out.to_str().unwrap();
    let refused = trackbench(&["set", map, "map.car=CarSn", "-o", out_s]);
    assert_eq!(refused.status.code(), Some(2));
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(
        err.contains("\"CarSn\" is not a car known for this map's environment")
            && err.contains("(known: CarSport)")
            && err.contains("--force"),
        "{err}"
    );
    assert!(!out.exists(), "nothing written");

    let known = trackbench(&["set", map, "map.car=CarSport", "-o", out_s]);
    assert!(
        known.status.success(),
        "{}",
        String::from_utf8_lossy(&known.stderr)
    );
    let dump = trackbench(&["dump", "--json", out_s]);
    assert!(String::from_utf8_lossy(&dump.stdout).contains("CarSport"));

    let forced = trackbench(&["set", map, "map.car=CarSn", "-o", out_s, "--force"]);
    assert!(
        forced.status.success(),
        "{}",
        String::from_utf8_lossy(&forced.stderr)
    );
    assert!(String::from_utf8_lossy(&forced.stderr).contains("writing it (--force)"));
    let unknown_mood = trackbench(&["set", map, "map.decoration=Day", "-o", out_s]);
    assert_eq!(
        unknown_mood.status.code(),
        Some(2),
        "a TMF mood on a TM2020 map"
    );
}
