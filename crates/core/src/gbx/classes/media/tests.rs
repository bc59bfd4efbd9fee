//! Version branches of MediaTracker blocks that no corpus file exercises
//! (issue #4 audit of the GBX.NET `.chunkl` lists, cited on each decoder).
//! Each test writes one node's chunk by hand following that layout, reads
//! it with the real chunk loop (ending at 0xFACADE01), and checks the leaf
//! field names in reading order, that their byte ranges tile the chunk data
//! exactly, and the float values written.

use crate::bytes::ByteWriter;
use crate::gbx::classes::tests::{EXTERNAL, FACADE, NULL, chunk, read, string};
use crate::gbx::read::field::Value;
use crate::gbx::read::field_ref::{FieldList, FieldRef};

/// Leaf fields of `fields` in reading order (groups left out).
fn leaves<'a>(fields: FieldList<'a>, out: &mut Vec<FieldRef<'a>>) {
    for f in fields {
        if f.children().is_empty() && !matches!(f.value(), Value::Group) {
            out.push(f);
        }
        leaves(f.children(), out);
    }
}

/// Writes one chunk `id` whose data `data` writes, then the node end.
/// Returns the bytes and the data start offset.
fn node(id: u32, data: impl FnOnce(&mut ByteWriter)) -> (Vec<u8>, u64) {
    let mut w = ByteWriter::new();
    w.u32(id);
    let start = w.len() as u64;
    data(&mut w);
    w.u32(FACADE);
    (w.into_inner(), start)
}

/// Reads the node of `class`, takes its only chunk `id` and checks that the
/// leaves are named `names` and tile the chunk data from `start`; returns
/// the F32 leaf values in order.
fn check(class: u32, id: u32, bytes: &[u8], start: u64, names: &[&str]) -> Vec<f32> {
    let a = read(class, bytes);
    assert_eq!(a.nodes[0].chunks.len(), 1);
    let c = chunk(&a, 0, id);
    let mut ls = Vec::new();
    leaves(c.fields, &mut ls);
    let got: Vec<&str> = ls.iter().map(|f| f.name()).collect();
    assert_eq!(got, names, "{id:#010x} field names");
    assert_eq!(c.data_range.start, start, "{id:#010x} data start");
    let mut at = start;
    for f in &ls {
        assert_eq!(f.range().start, at, "{id:#010x} {} starts", f.name());
        at = f.range().end;
    }
    assert_eq!(at, c.data_range.end, "{id:#010x} leaves end with the data");
    ls.iter()
        .filter_map(|f| match &f.value() {
            Value::F32(v) => Some(*v),
            Value::Vec2(v) => Some(v[0] + v[1]),
            Value::Vec3(v) => Some(v[0] + v[1] + v[2]),
            _ => None,
        })
        .collect()
}

/// Writes floats 1.0, 2.0, … continuing from `*next`.
fn seq(w: &mut ByteWriter, next: &mut f32, n: usize) {
    for _ in 0..n {
        w.f32(*next);
        *next += 1.0;
    }
}

/// 1.0 ..= n as floats.
fn upto(n: usize) -> Vec<f32> {
    (1..=n).map(|i| i as f32).collect()
}

const SKEL: u32 = 0x0314_A000;

#[test]
fn skel_version_4_reads_root_floats_bones_and_tail() {
    let (bytes, start) = node(SKEL, |w| {
        let mut x = 1.0;
        w.u32(4); // version
        w.u32(1); // one key
        seq(w, &mut x, 1); // time
        seq(w, &mut x, 4); // v2+ key floats
        w.u32(1); // one bone
        seq(w, &mut x, 7); // translation + quaternion
        w.u32(7); // v1+ int
        w.u32(8); // v4= int
        seq(w, &mut x, 4); // v3+ floats
        seq(w, &mut x, 1); // v4+ float
    });
    let names = [
        "version",
        "count",
        "timeStamp",
        "u01",
        "u02",
        "u03",
        "u04",
        "count",
        "translation",
        "qx",
        "qy",
        "qz",
        "qw",
        "u05",
        "u06",
        "u07",
        "u08",
        "u09",
        "u10",
        "u11",
    ];
    let v = check(SKEL, SKEL, &bytes, start, &names);
    // translation is a vec3 of 6, 7, 8: summed.
    let mut want = upto(5);
    want.extend([21.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0]);
    assert_eq!(v, want);
}

#[test]
fn skel_versions_0_and_3_leave_out_their_branches() {
    // v0: keys without the root floats, nothing after the keys.
    let (bytes, start) = node(SKEL, |w| {
        w.u32(0);
        w.u32(1);
        w.f32(0.5);
        w.u32(0); // no bones
    });
    check(
        SKEL,
        SKEL,
        &bytes,
        start,
        &["version", "count", "timeStamp", "count"],
    );
    // v3: root floats, one int (the second int is v4 only), four floats.
    let (bytes, start) = node(SKEL, |w| {
        w.u32(3);
        w.u32(1);
        floats(w, &[0.5, 1.0, 2.0, 3.0, 4.0]);
        w.u32(0);
        w.u32(9);
        floats(w, &[100.0, 1.0, 100.0, 1.0]);
    });
    let v = check(
        SKEL,
        SKEL,
        &bytes,
        start,
        &[
            "version",
            "count",
            "timeStamp",
            "u01",
            "u02",
            "u03",
            "u04",
            "count",
            "u05",
            "u07",
            "u08",
            "u09",
            "u10",
        ],
    );
    assert_eq!(v, [0.5, 1.0, 2.0, 3.0, 4.0, 100.0, 1.0, 100.0, 1.0]);
}

fn floats(w: &mut ByteWriter, values: &[f32]) {
    for v in values {
        w.f32(*v);
    }
}

#[test]
fn coloring_base_versions_0_and_2() {
    const ID: u32 = 0x0317_2000;
    let (bytes, start) = node(ID, |w| {
        w.u32(0);
        w.u32(1);
        floats(w, &[1.0, 2.0]);
    });
    let v = check(
        ID,
        ID,
        &bytes,
        start,
        &["version", "count", "timeStamp", "hue"],
    );
    assert_eq!(v, [1.0, 2.0]);
    let (bytes, start) = node(ID, |w| {
        w.u32(2);
        w.u32(2); // the v2+ int (= 2)
        w.u32(1);
        floats(w, &[1.0, 2.0, 3.0]);
        w.u16(7); // v2+ short
        w.u32(4); // v1+ base index
    });
    let v = check(
        ID,
        ID,
        &bytes,
        start,
        &[
            "version",
            "u01",
            "count",
            "timeStamp",
            "hue",
            "intensity",
            "u02",
            "baseIndex",
        ],
    );
    assert_eq!(v, [1.0, 2.0, 3.0]);
}

#[test]
fn coloring_capturable_versions_0_and_1() {
    const ID: u32 = 0x0316_C000;
    let key = ["timeStamp", "hue", "gauge", "emblem"];
    for version in [0u32, 1] {
        let (bytes, start) = node(ID, |w| {
            w.u32(version);
            w.u32(5);
            w.u32(1);
            floats(w, &[1.0, 2.0, 3.0]);
            w.u32(6);
            if version >= 1 {
                w.u32(2);
            }
        });
        let mut names = vec!["version", "u01", "count"];
        names.extend(key);
        if version >= 1 {
            names.push("capturableIndex");
        }
        let v = check(ID, ID, &bytes, start, &names);
        assert_eq!(v, [1.0, 2.0, 3.0]);
    }
}

#[test]
fn fog_versions_0_and_1() {
    const ID: u32 = 0x0319_9000;
    let (bytes, start) = node(ID, |w| {
        w.u32(0);
        w.u32(1);
        floats(w, &[1.0, 2.0, 3.0, 4.0]);
    });
    let v = check(
        ID,
        ID,
        &bytes,
        start,
        &[
            "version",
            "count",
            "timeStamp",
            "intensity",
            "skyIntensity",
            "distance",
        ],
    );
    assert_eq!(v, upto(4));
    let (bytes, start) = node(ID, |w| {
        w.u32(1);
        w.u32(1);
        floats(w, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]);
    });
    let v = check(
        ID,
        ID,
        &bytes,
        start,
        &[
            "version",
            "count",
            "timeStamp",
            "intensity",
            "skyIntensity",
            "distance",
            "coefficient",
            "color",
        ],
    );
    assert_eq!(v, [1.0, 2.0, 3.0, 4.0, 5.0, 21.0]);
}

#[test]
fn lightmap_versions_0_and_1() {
    const ID: u32 = 0x030C_0000;
    let (bytes, start) = node(ID, |w| {
        w.u32(0);
        floats(w, &[1.0, 2.0]);
    });
    let v = check(ID, ID, &bytes, start, &["version", "start", "end"]);
    assert_eq!(v, [1.0, 2.0]);
    let (bytes, start) = node(ID, |w| {
        w.u32(1);
        floats(w, &[1.0, 2.0, 3.0]);
    });
    let v = check(ID, ID, &bytes, start, &["version", "start", "end", "u01"]);
    assert_eq!(v, upto(3));
}

const ORBITAL_KEY: [&str; 9] = [
    "timeStamp",
    "u01",
    "radius",
    "longitude",
    "latitude",
    "targetPosition",
    "fov",
    "minRenderDistance",
    "maxRenderDistance",
];

fn orbital_key(w: &mut ByteWriter) {
    w.f32(1.0);
    w.u8(1);
    floats(w, &[2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0]);
}

#[test]
fn camera_orbital_000_keys_have_version_minus_1_and_001_v0_one_int() {
    const CLASS: u32 = 0x030A_0000;
    let (bytes, start) = node(CLASS, |w| {
        w.u32(1);
        orbital_key(w);
    });
    let mut names = vec!["count"];
    names.extend(ORBITAL_KEY);
    let v = check(CLASS, CLASS, &bytes, start, &names);
    assert_eq!(v, [1.0, 2.0, 3.0, 4.0, 18.0, 8.0, 9.0, 10.0]);
    let (bytes, start) = node(CLASS | 1, |w| {
        w.u32(0);
        w.u32(1);
        orbital_key(w);
        w.i32(-1);
    });
    let mut names = vec!["version", "count"];
    names.extend(ORBITAL_KEY);
    names.push("u02");
    check(CLASS, CLASS | 1, &bytes, start, &names);
}

#[test]
fn camera_effect_script_versions_0_and_1() {
    const ID: u32 = 0x0316_1000;
    for version in [0u32, 1] {
        let (bytes, start) = node(ID, |w| {
            w.u32(version);
            string(w, "Shake");
            if version == 0 {
                floats(w, &[1.0, 2.0]);
            }
            w.u32(1);
            floats(w, &[3.0, 4.0, 5.0, 6.0]);
        });
        let mut names = vec!["version", "script"];
        if version == 0 {
            names.extend(["start", "end"]);
        }
        names.extend(["count", "timeStamp", "a", "b", "c"]);
        let v = check(ID, ID, &bytes, start, &names);
        let want: Vec<f32> = if version == 0 {
            upto(6)
        } else {
            vec![3.0, 4.0, 5.0, 6.0]
        };
        assert_eq!(v, want);
    }
}

#[test]
fn object_version_0_infos_and_version_1_vis_data() {
    const ID: u32 = 0x0319_6000;
    let (bytes, start) = node(ID, |w| {
        w.u32(0);
        floats(w, &[1.0, 2.0]);
        w.u32(1);
        w.u32(1);
        w.u32(3);
        floats(w, &[3.0, 4.0, 5.0]);
        w.u32(4);
    });
    let v = check(
        ID,
        ID,
        &bytes,
        start,
        &[
            "version", "start", "end", "count", "u01", "u02", "u03", "u04", "u05", "u06",
        ],
    );
    assert_eq!(v, upto(5));
    let (bytes, start) = node(ID, |w| {
        w.u32(1);
        floats(w, &[1.0, 2.0]);
        w.u32(NULL);
    });
    check(
        ID,
        ID,
        &bytes,
        start,
        &["version", "start", "end", "visData"],
    );
}

const SIMI: u32 = 0x0701_0000;
const SIMI_KEY: [&str; 6] = [
    "timeStamp",
    "position",
    "rotation",
    "scaleX",
    "scaleY",
    "opacity",
];

#[test]
fn effect_simi_001_003_004_key_versions() {
    // 0x001: keys of version 1 (opacity, no depth), centered.
    let (bytes, start) = node(SIMI | 1, |w| {
        w.u32(1);
        floats(w, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]);
        w.u32(1);
    });
    let mut names = vec!["count"];
    names.extend(SIMI_KEY);
    names.push("centered");
    let v = check(SIMI, SIMI | 1, &bytes, start, &names);
    assert_eq!(v, [1.0, 5.0, 4.0, 5.0, 6.0, 7.0]);
    // 0x003 (seed 000 only): the 0x002 layout, depth included.
    let (bytes, start) = node(SIMI | 3, |w| {
        w.u32(1);
        floats(w, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]);
        w.u32(0);
    });
    let mut names = vec!["count"];
    names.extend(SIMI_KEY);
    names.extend(["depth", "centered"]);
    check(SIMI, SIMI | 3, &bytes, start, &names);
    // 0x004: keys of version 4 (four more floats), blend mode, continuous.
    let (bytes, start) = node(SIMI | 4, |w| {
        w.u32(1);
        floats(w, &upto(12));
        w.u32(1);
        w.u32(1);
        w.u32(0);
    });
    let mut names = vec!["count"];
    names.extend(SIMI_KEY);
    names.extend([
        "depth",
        "u01",
        "isContinousEffect",
        "u02",
        "u03",
        "centered",
        "colorBlendMode",
        "isContinousEffect",
    ]);
    let v = check(SIMI, SIMI | 4, &bytes, start, &names);
    assert_eq!(v.len(), 11);
    assert_eq!(v[10], 12.0);
}

#[test]
fn music_effect_000_keys_hold_the_music_volume_only() {
    const ID: u32 = 0x030A_6000;
    let (bytes, start) = node(ID, |w| {
        w.u32(2);
        floats(w, &[1.0, 2.0, 3.0, 4.0]);
    });
    let v = check(
        ID,
        ID,
        &bytes,
        start,
        &[
            "count",
            "timeStamp",
            "musicVolume",
            "timeStamp",
            "musicVolume",
        ],
    );
    assert_eq!(v, upto(4));
}

#[test]
fn time_speed_reads_its_keys_under_the_time_chunk_id() {
    // GBX.NET CGameCtnMediaBlockTimeSpeed.chunkl lists 0x03085000 too.
    let (bytes, start) = node(0x0308_5000, |w| {
        w.u32(1);
        floats(w, &[1.0, 2.0]);
    });
    let v = check(
        0x0312_9000,
        0x0308_5000,
        &bytes,
        start,
        &["count", "timeStamp", "speed"],
    );
    assert_eq!(v, [1.0, 2.0]);
}

#[test]
fn sound_003_version_1_and_004_key_version_1() {
    const CLASS: u32 = 0x030A_7000;
    let (bytes, start) = node(CLASS | 3, |w| {
        w.u32(1);
        w.u32(2);
        w.u32(1);
        w.u32(0);
        w.u32(1);
    });
    check(
        CLASS,
        CLASS | 3,
        &bytes,
        start,
        &[
            "version",
            "playCount",
            "isLooping",
            "isMusic",
            "stopWithClip",
        ],
    );
    let (bytes, start) = node(CLASS | 4, |w| {
        w.u8(2);
        string(w, "");
        w.u32(1);
        w.u32(1);
        floats(w, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    });
    let v = check(
        CLASS,
        CLASS | 4,
        &bytes,
        start,
        &[
            "sound",
            "version",
            "count",
            "timeStamp",
            "volume",
            "pan",
            "position",
        ],
    );
    assert_eq!(v, [1.0, 2.0, 3.0, 15.0]);
}

#[test]
fn ui_decal_camera_map_and_data_tape_blocks_read() {
    // Ui 0x000: interface node, bounds.
    let (bytes, start) = node(0x0307_D000, |w| {
        w.u32(NULL);
        floats(w, &[1.0, 2.0]);
    });
    check(
        0x0307_D000,
        0x0307_D000,
        &bytes,
        start,
        &["userInterface", "start", "end"],
    );
    // Decal2d: bounds, one image (external fileref), one decal.
    let (bytes, start) = node(0x031A_A000, |w| {
        floats(w, &[1.0, 2.0]);
        w.u32(1);
        w.u8(2);
        string(w, "");
        w.u32(1);
        floats(w, &upto(16));
        w.u32(1);
        w.i32(-1);
    });
    let mut names = vec!["start", "end", "count", "image", "count"];
    names.extend([
        "xx", "xy", "xz", "yx", "yy", "yz", "zx", "zy", "zz", "tx", "ty", "tz",
    ]);
    names.extend(["scale", "u01", "u02", "u03"]);
    check(0x031A_A000, 0x031A_A000, &bytes, start, &names);
    // FxCameraMap 0x001.
    let (bytes, start) = node(0x0313_9001, |w| {
        w.f32(1.0);
        w.u32(0);
        floats(w, &[2.0, 3.0, 4.0]);
        w.u32(0);
        floats(w, &[5.0, 6.0, 7.0]);
        w.u32(0);
        floats(w, &[8.0, 9.0]);
        w.u8(1);
        w.u32(0);
        w.u32(0);
        w.u32(0);
        w.u8(2);
        string(w, "");
    });
    let v = check(
        0x0313_9000,
        0x0313_9001,
        &bytes,
        start,
        &[
            "u01", "u02", "u03", "u04", "u05", "u06", "u07", "u08", "u09", "u10", "u11", "u12",
            "u13", "u14", "u15", "u16", "u17",
        ],
    );
    assert_eq!(v, upto(9));
    // BulletFx / CharVis / CheatEmptyCars: bounds and a data tape node.
    for class in [0x0316_9000, 0x0316_A000, 0x0325_E000] {
        let (bytes, start) = node(class, |w| {
            floats(w, &[1.0, 2.0]);
            w.u32(EXTERNAL);
        });
        check(class, class, &bytes, start, &["start", "end", "dataTape"]);
    }
}
