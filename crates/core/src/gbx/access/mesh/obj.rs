//! The model as Wavefront OBJ with its MTL material library: one `o` per
//! object, `usemtl` per material, `v`/`vn`/`vt` lines and triangles.
//!
//! Axes and units: metres, Y up, as stored (GBX.NET's `ObjExporter`
//! writes positions unchanged too). Blender's OBJ importer assumes Z up by
//! default: choose "Up Axis: Y" (and "Forward Axis: -Z") to import the
//! object standing.

use super::Model;
use super::gltf::colour_of;
use std::fmt::Write as _;

/// The OBJ text and its MTL text; the OBJ names the library `mtl_name`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ObjFiles {
    /// The `.obj` text.
    pub obj: String,
    /// The `.mtl` text.
    pub mtl: String,
}

/// Writes `model` as OBJ referring to the material library `mtl_name`
/// (a file name beside the OBJ).
#[must_use]
pub fn to_obj(model: &Model, mtl_name: &str) -> ObjFiles {
    let mut obj = String::new();
    let _ = writeln!(
        obj,
        "# trackbench {}: metres, Y up",
        env!("CARGO_PKG_VERSION")
    );
    let _ = writeln!(obj, "mtllib {mtl_name}");
    let mut base = 1usize;
    for o in model.objects.iter().filter(|o| o.triangle_count() > 0) {
        let _ = writeln!(obj, "o {}", clean(&format!("{} / {}", o.group, o.name)));
        for p in &o.positions {
            let _ = writeln!(obj, "v {} {} {}", p[0], p[1], p[2]);
        }
        for n in &o.normals {
            let _ = writeln!(obj, "vn {} {} {}", n[0], n[1], n[2]);
        }
        let has_uv = o.uvs.len() == o.positions.len();
        if has_uv {
            for t in &o.uvs {
                // OBJ's V runs upwards; the game's (like DirectX) downwards.
                let _ = writeln!(obj, "vt {} {}", t[0], 1.0 - t[1]);
            }
        }
        for s in &o.submeshes {
            match s.material.and_then(|m| model.materials.get(m)) {
                Some(m) => {
                    let _ = writeln!(obj, "usemtl {}", clean(&m.name));
                }
                None => {
                    let _ = writeln!(obj, "usemtl default");
                }
            }
            for t in &s.triangles {
                obj.push('f');
                for &i in t {
                    let k = base + i as usize;
                    let _ = if has_uv {
                        write!(obj, " {k}/{k}/{k}")
                    } else {
                        write!(obj, " {k}//{k}")
                    };
                }
                obj.push('\n');
            }
        }
        base += o.positions.len();
    }
    let mut mtl = String::from("# trackbench materials\nnewmtl default\nKd 0.8 0.8 0.8\n");
    for m in &model.materials {
        let [r, g, b, _] = colour_of(&m.name);
        let _ = writeln!(
            mtl,
            "\nnewmtl {}\n# {}\nKd {r:.4} {g:.4} {b:.4}\nKa 0 0 0\nKs 0.1 0.1 0.1\nd 1",
            clean(&m.name),
            m.path
        );
    }
    ObjFiles { obj, mtl }
}

/// A name without the whitespace OBJ splits on.
fn clean(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_whitespace() { '_' } else { c })
        .collect()
}
