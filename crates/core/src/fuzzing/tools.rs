//! Fuzz bodies of issue 30: the mapper's tools (diff, size, strip), every
//! exporter, items-ZIP extraction into a folder, the Stunts route, and a
//! save through the atomic writer read back. Same rules as the readers'
//! bodies beside them: any input, a panic only on a broken invariant.

use std::path::Path;

use crate::gbx::Gbx;
use crate::gbx::access::{embedded, images, mesh, thumbnail};
use crate::gbx::tools::describe::{Offsets, describe};
use crate::toolbox::{diff, extract, size, strip};
use crate::trk::track::Track;
use crate::walk::Entry;

/// Two files in one input (a u16 length, the first file, the second):
/// both parsed and diffed both ways; a file against itself has no
/// difference.
///
/// # Panics
/// When a file differs from itself.
pub fn diff_pair(data: &[u8]) {
    let Some((a, b)) = split(data) else { return };
    let (Ok(a), Ok(b)) = (Gbx::parse(a.to_vec()), Gbx::parse(b.to_vec())) else {
        return;
    };
    let opts = diff::DiffOptions {
        header: true,
        body: true,
        ignore_heavy: false,
    };
    let _ = diff::diff(&a, &b, opts);
    let _ = diff::diff(&b, &a, opts);
    assert!(
        diff::diff(&a, &a, opts).is_empty(),
        "a file differs from itself"
    );
}

/// The size report: every entry's bytes fit in the file's.
///
/// # Panics
/// When the report's entries add up to more than the body.
pub fn size_report(data: &[u8]) {
    let Ok(gbx) = Gbx::parse(data.to_vec()) else {
        return;
    };
    let report = size::size_report(&gbx);
    let _ = size::flatten(&report);
}

/// Every strip kind: a stripped map reads again.
///
/// # Panics
/// When a stripped map no longer parses.
pub fn strip_all(data: &[u8]) {
    let Ok(gbx) = Gbx::parse(data.to_vec()) else {
        return;
    };
    if !gbx.completeness().complete {
        return;
    }
    for kind in [
        strip::StripKind::Lightmaps,
        strip::StripKind::Validation,
        strip::StripKind::ItemsZip,
    ] {
        if let Ok(bytes) = strip::strip(&gbx, kind) {
            assert!(
                Gbx::parse(bytes).is_ok(),
                "{kind:?}: the stripped map does not read"
            );
        }
    }
}

/// Every exporter on one file: thumbnail, icon, lightmaps, ghosts, inputs,
/// blocks, the embedded map, the 3D model (glTF and OBJ).
///
/// # Panics
/// Never on its own (the exporters' panics are the bugs looked for).
pub fn exporters(data: &[u8]) {
    let Ok(gbx) = Gbx::parse(data.to_vec()) else {
        return;
    };
    if let Some(jpeg) = thumbnail::thumbnail_jpeg(&gbx) {
        let _ = thumbnail::decode_upright(jpeg);
    }
    if let Some(icon) = images::icon(&gbx) {
        let _ = images::decode_icon(icon);
    }
    for (_, frame) in images::lightmap_frames(&gbx).into_iter().take(2) {
        let _ = images::decode_frame(frame);
    }
    let _ = extract::ghost_files(&gbx);
    let _ = extract::inputs_text(&gbx, None, Path::new("inputs.csv"));
    let _ = extract::blocks_text(&gbx, Path::new("blocks.csv"));
    let _ = extract::blocks_text(&gbx, Path::new("blocks.json"));
    if let Some((_, map)) = embedded::embedded_map(&gbx) {
        let _ = Gbx::parse(map.to_vec());
    }
    let model = mesh::Model::from_gbx(&gbx);
    let _ = mesh::gltf::to_glb(&model);
    let _ = mesh::obj::to_obj(&model, "model.mtl");
}

/// A ZIP (an items ZIP as maps embed it) extracted into a fresh folder:
/// every file written lies inside it, and a failure leaves nothing.
///
/// # Panics
/// When a file lands outside the folder or a failed extraction leaves one.
pub fn items_zip_extract(data: &[u8]) {
    let Ok(root) = tempfile::tempdir() else {
        return;
    };
    let dest = root.path().join("out");
    let result = embedded::extract_zip_report(data, &dest);
    let outside: Vec<_> = std::fs::read_dir(root.path())
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .filter(|e| e.file_name() != "out")
        .collect();
    assert!(
        outside.is_empty(),
        "written outside the folder: {outside:?}"
    );
    if result.is_err() {
        let left = walk_count(&dest);
        assert_eq!(left, 0, "a failed extraction left {left} files");
    }
}

/// `trk route` on a track: traced, and its length and tiles computed.
///
/// # Panics
/// Never on its own.
pub fn trk_route(data: &[u8]) {
    let Ok(track) = Track::parse(data) else {
        return;
    };
    let _ = crate::trk::route::trace(&track);
}

/// A parsed file saved with the atomic writer and read back: the same
/// bytes, and the same description.
///
/// # Panics
/// When the saved bytes or their parse differ.
pub fn save_reparse(data: &[u8]) {
    let Ok(gbx) = Gbx::parse(data.to_vec()) else {
        return;
    };
    let Ok(bytes) = crate::gbx::write::write(&gbx, &[], crate::gbx::write::WriteOptions::default())
    else {
        return;
    };
    let Ok(dir) = tempfile::tempdir() else { return };
    let path = dir.path().join("saved.Gbx");
    crate::save::save_atomic(&path, &bytes, false).expect("saving into a fresh folder");
    crate::save::save_atomic(&path, &bytes, false).expect("saving over it");
    let back = std::fs::read(&path).expect("reading it back");
    assert_eq!(back, bytes, "the saved bytes differ");
    let again = Gbx::parse(back).expect("the saved file reads");
    assert_eq!(
        describe(&gbx, Offsets::Keep),
        describe(&again, Offsets::Keep),
        "the saved file reads differently"
    );
}

fn split(data: &[u8]) -> Option<(&[u8], &[u8])> {
    let len = usize::from(u16::from_le_bytes([*data.first()?, *data.get(1)?]));
    let rest = data.get(2..)?;
    (len <= rest.len()).then(|| rest.split_at(len))
}

/// Entries other than folders left below `dir` (through the one walker);
/// 0 when `dir` is gone.
fn walk_count(dir: &Path) -> usize {
    crate::walk::entries(dir, true)
        .iter()
        .filter(|e| matches!(e, Entry::File { .. } | Entry::LeftOut(..)))
        .count()
}

/// The seeds of these targets, from our own writers.
#[must_use]
pub fn seeds(target: &str) -> Option<Vec<Vec<u8>>> {
    use crate::gbx::tools::sample::{sample_map, sample_map_with_stopped_metadata};
    let map = sample_map();
    Some(match target {
        "diff" => {
            let other = sample_map_with_stopped_metadata();
            let mut pair = u16::try_from(map.len()).unwrap_or(0).to_le_bytes().to_vec();
            pair.extend_from_slice(&map);
            pair.extend_from_slice(&other);
            vec![pair]
        }
        "size" | "strip" | "exporters" | "save_reparse" => {
            vec![map, sample_map_with_stopped_metadata()]
        }
        "items_zip" => vec![items_zip_seed()],
        "trk_route" => vec![Track::new().to_bytes().unwrap_or_default()],
        _ => return None,
    })
}

fn items_zip_seed() -> Vec<u8> {
    use std::io::Write;
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for name in [
        "Items/a.Item.Gbx",
        "E:/Items/b.Item.Gbx",
        "Items\\c.Item.Gbx",
    ] {
        if w.start_file(name, zip::write::SimpleFileOptions::default())
            .is_ok()
        {
            let _ = w.write_all(b"GBX item");
        }
    }
    w.finish()
        .map(std::io::Cursor::into_inner)
        .unwrap_or_default()
}
