//! Fuzz bodies: one function per reader or writer, each taking arbitrary
//! bytes and panicking only on a real bug (a broken invariant). The
//! cargo-fuzz targets in `fuzz/` (nightly, its own workspace) call them; the
//! tests below run them on fixed seeds with a small deterministic mutator
//! for a bounded number of iterations, so `cargo test` on stable exercises
//! them too (issue 16, finding 5). [`seeds`] builds every seed input with
//! our own writers (never corpus copies).

use crate::bytes::ByteWriter;
use crate::edit::GbxDocument;
use crate::edit::map::{rename_map, set_author_nick, set_comments, set_medal_time};
use crate::gbx::access::map_info::Medal;
use crate::gbx::tools::describe::{Offsets, describe, first_difference};
use crate::gbx::tools::sample::{sample_map, sample_map_with_stopped_metadata};
use crate::gbx::{Gbx, header_scan, text, tools::inspect, write};
use crate::pak::packlist::{Packlist, write_packlist};
use crate::pak::write::{NewFile, NewFolder, PakContents, write_pak_v3};
use crate::pak::{Pak, PakKey};
use crate::trk::metadata::Metadata;
use crate::trk::track::Track;

pub mod tools;
pub use tools::{
    diff_pair, exporters, items_zip_extract, save_reparse, size_report, strip_all, trk_route,
};

/// The fuzz targets' names (`fuzz/fuzz_targets/<name>.rs`), each with
/// its [`seeds`].
pub const TARGETS: [&str; 16] = [
    "gbx_full",
    "gbx_header",
    "gbx_text",
    "export_text",
    "pak",
    "pak_packlist",
    "packlist",
    "stunts",
    "edit",
    "diff",
    "size",
    "strip",
    "exporters",
    "items_zip",
    "trk_route",
    "save_reparse",
];

/// The pack name the `pak_packlist` target looks its key up by.
const FUZZ_PACK_NAME: &str = "Stadium";

/// The key the pak target opens every input with.
pub const FUZZ_PAK_KEY: PakKey = PakKey(*b"trackbench-fuzz!");

/// At most this many files of a fuzzed pak are read (keeps runs fast).
const MAX_PAK_FILES_READ: usize = 16;

/// Full GBX read, then everything the app derives from it: the summary,
/// completeness, the inspection and an unchanged write. Invariant: every
/// chunk lies inside the body and the tail ends at the body's end.
///
/// # Panics
/// On a broken invariant (a bug to fix).
pub fn gbx_full(data: &[u8]) {
    let Ok(gbx) = Gbx::parse(data.to_vec()) else {
        return;
    };
    let body_len = gbx.body.len() as u64;
    for c in gbx.nodes.iter().flat_map(|n| &n.chunks) {
        assert!(c.range.end <= body_len && c.data_range.start >= c.range.start);
    }
    if let Some(t) = &gbx.tail {
        assert_eq!(t.offset.get() + t.len, body_len);
    }
    let _ = gbx.summary();
    let _ = gbx.nodes_with_stops();
    let _ = inspect::inspect(&gbx, "fuzz", data.len()).to_json_string();
    let _ = write::write(&gbx, &[], write::WriteOptions::default());
}

/// Header-only reads from a `Read`: the decoding scan, and the library
/// scan's path (the header's bytes collected, a prefix of the input, then
/// parsed once).
pub fn gbx_header_only(data: &[u8]) {
    let _ = header_scan::read_header_from(data);
    if let Ok(bytes) = header_scan::read_header_bytes(data) {
        assert!(data.starts_with(&bytes));
        let _ = Gbx::parse(bytes);
    }
}

/// Text GBX: parses the input (text or binary) and, when it transcodes to
/// text, parses the text back.
pub fn gbx_text(data: &[u8]) {
    let _ = Gbx::parse(data.to_vec());
    if let Ok(t) = text::to_text(data) {
        let _ = Gbx::parse(t);
    }
}

/// `export text` (a binary GBX written as a text GBX): when the input reads
/// completely and transcodes, the text reads back completely with the same
/// values (offsets and the byte counts of sized blocks aside).
///
/// # Panics
/// When the text does not read back or a value differs (a bug).
pub fn export_text(data: &[u8]) {
    let Ok(binary) = Gbx::parse(data.to_vec()) else {
        return;
    };
    if binary.tail.is_some() || !binary.problems.is_empty() {
        return;
    }
    let Ok(t) = text::to_text(data) else { return };
    let back = Gbx::parse(t).expect("our text output reads back");
    assert!(
        back.tail.is_none() && back.problems.is_empty(),
        "text reads to its end"
    );
    assert_same(
        &describe(&binary, Offsets::Leave),
        &describe(&back, Offsets::Leave),
    );
}

/// A pak whose key comes from a `packlist.dat`: the input is a 16-bit
/// little-endian length, that many bytes of packlist, then the pak. The key
/// is looked up for `Stadium.pak` as the app does for a pak beside its list.
pub fn pak_packlist(data: &[u8]) {
    let Some((len, rest)) = data.split_first_chunk::<2>() else {
        return;
    };
    let len = usize::from(u16::from_le_bytes(*len)).min(rest.len());
    let (list, pak) = rest.split_at(len);
    let Ok(list) = Packlist::parse(list) else {
        return;
    };
    let path = format!("{FUZZ_PACK_NAME}.pak");
    let Ok(key) = list.key_for_pak_path(std::path::Path::new(&path)) else {
        return;
    };
    pak_with_key(pak, &key);
}

/// A pak opened with [`FUZZ_PAK_KEY`], then its first files read.
pub fn pak_fixed_key(data: &[u8]) {
    pak_with_key(data, &FUZZ_PAK_KEY);
}

fn pak_with_key(data: &[u8], key: &PakKey) {
    let Ok(pak) = Pak::open(data.to_vec(), key) else {
        return;
    };
    for i in 0..pak.files().len().min(MAX_PAK_FILES_READ) {
        let _ = pak.read_file(i);
    }
}

/// `packlist.dat`: parse, then a key lookup for every pack it names.
pub fn packlist(data: &[u8]) {
    let Ok(list) = Packlist::parse(data) else {
        return;
    };
    let _ = list.signature_ok();
    for e in &list.packs {
        let _ = list.find(&e.name);
    }
}

/// Stunts track (with its metadata overlay) and a split `.smd` in either
/// form. Invariant: a track that parses writes back.
///
/// # Panics
/// When a parsed track cannot be written (a bug).
pub fn stunts_track(data: &[u8]) {
    if let Ok(track) = Track::parse(data) {
        let _ = track.metadata().map(Metadata::fields);
        let bytes = track.to_bytes();
        if track.metadata().is_none() {
            assert!(bytes.is_ok(), "a parsed track writes back");
        }
    }
    if let Ok(m) = Metadata::parse_smd(data) {
        let _ = m.fields();
        let _ = m.colouring();
        let _ = m.to_binary();
    }
}

/// The edit model: `data` drives a sequence of map edits on the built-in
/// sample (2 bytes each: which edit, its argument); the bytes Save would
/// write are read again; then every edit is undone. Invariants: the saved
/// bytes read back to the same document (every node, chunk, field, value
/// and byte range), and undoing all gives the original bytes.
///
/// # Panics
/// When an undo fails or the bytes differ (a bug).
pub fn edit_model(data: &[u8]) {
    let original = sample_map();
    let Ok(mut doc) = GbxDocument::open(original.clone()) else {
        return;
    };
    for op in data.chunks(2).take(24) {
        let (kind, arg) = (op[0], op.get(1).copied().unwrap_or(0));
        let text: String =
            std::iter::repeat_n(char::from(b'a' + arg % 26), usize::from(arg % 40)).collect();
        let edit = match kind % 4 {
            0 => rename_map(&doc.gbx, &text),
            1 => {
                let medal = [Medal::Bronze, Medal::Silver, Medal::Gold, Medal::Author]
                    [usize::from(arg % 4)];
                set_medal_time(&doc.gbx, medal, u32::from(arg) * 997)
            }
            2 => set_comments(&doc.gbx, &text),
            _ => set_author_nick(&doc.gbx, &text),
        };
        if let Ok(edit) = edit {
            let _ = doc.apply(edit);
        }
    }
    let saved = Gbx::parse(doc.bytes().to_vec()).expect("saved bytes read back");
    assert_same(
        &describe(&doc.gbx, Offsets::Keep),
        &describe(&saved, Offsets::Keep),
    );
    while doc.undo().expect("undo of an applied edit").is_some() {}
    assert!(
        doc.bytes() == original.as_slice(),
        "undo all gives the original bytes"
    );
}

/// Panics with the first line where two descriptions differ.
fn assert_same(a: &[String], b: &[String]) {
    if let Some((i, x, y)) = first_difference(a, b) {
        panic!("the two parses differ at line {i}:\n  {x}\n  {y}");
    }
}

/// Seed inputs made by our own writers, per target name (the names of the
/// `fuzz/` targets).
///
/// # Panics
/// Never: the writers cannot fail on these fixed inputs.
#[must_use]
pub fn seeds(target: &str) -> Vec<Vec<u8>> {
    if let Some(seeds) = tools::seeds(target) {
        return seeds;
    }
    match target {
        "gbx_full" | "gbx_header" => vec![
            sample_map(),
            sample_map_with_stopped_metadata(),
            uncompressed(&sample_map()),
        ],
        "export_text" => vec![sample_map(), uncompressed(&sample_map())],
        "pak_packlist" => vec![pak_packlist_seed()],
        "gbx_text" => vec![
            text::to_text(&sample_map()).unwrap_or_default(),
            sample_map(),
        ],
        "pak" => vec![write_pak_v3(&FUZZ_PAK_KEY, &sample_pak()).unwrap_or_default()],
        "packlist" => {
            let key = [b'k'; 32];
            vec![
                write_packlist(7, &[("Stadium", 0, &key), ("Extras", 1, &key)]).unwrap_or_default(),
            ]
        }
        "stunts" => {
            let mut smd = ByteWriter::new();
            smd.bytes(b"smdf\0\0\0\0Titl");
            smd.u16(5);
            smd.bytes(b"Dunes");
            vec![
                Track::new().to_bytes().unwrap_or_default(),
                smd.into_inner(),
                b"[smdf]\r\nTitle = Dunes\r\n".to_vec(),
            ]
        }
        "edit" => vec![vec![0, 5, 1, 2, 2, 9, 3, 30], vec![1, 0, 1, 1, 1, 2, 1, 3]],
        _ => Vec::new(),
    }
}

/// `file` (a binary GBX with an LZO body) with its body stored
/// uncompressed, so mutations reach the chunk readers.
fn uncompressed(file: &[u8]) -> Vec<u8> {
    let Ok(gbx) = Gbx::parse(file.to_vec()) else {
        return file.to_vec();
    };
    let Some(at) = gbx
        .body_info
        .as_ref()
        .and_then(|b| usize::try_from(b.offset).ok())
    else {
        return file.to_vec();
    };
    let mut out = gbx.file[..at.min(gbx.file.len())].to_vec();
    if let Some(b) = out.get_mut(7) {
        *b = b'U';
    }
    out.extend_from_slice(&gbx.body);
    out
}

/// A `packlist.dat` naming [`FUZZ_PACK_NAME`] and a pak encrypted with the
/// key it gives, in the `pak_packlist` input layout.
fn pak_packlist_seed() -> Vec<u8> {
    let key_string = [b'k'; 32];
    let Ok(list) = write_packlist(7, &[(FUZZ_PACK_NAME, 0, &key_string)]) else {
        return Vec::new();
    };
    let key = PakKey::from_key_string(&key_string);
    let pak = write_pak_v3(&key, &sample_pak()).unwrap_or_default();
    let mut out = u16::try_from(list.len())
        .unwrap_or(0)
        .to_le_bytes()
        .to_vec();
    out.extend_from_slice(&list);
    out.extend_from_slice(&pak);
    out
}

fn sample_pak() -> PakContents {
    PakContents {
        folders: vec![NewFolder {
            parent: None,
            name: "GameData\\".into(),
        }],
        files: (0..3u8)
            .map(|i| NewFile {
                folder: Some(0),
                name: format!("f{i}.txt"),
                class_id: 0x0904_1000,
                flags: if i % 2 == 0 { 0x04 } else { 0 },
                unknown: 0,
                data: vec![b'a' + i; 40 * usize::from(i + 1)],
            })
            .collect(),
        metadata: Vec::new(),
        flags: 0,
    }
}

/// Deterministic byte mutations for the bounded runs: `seed` picks 1 to 8
/// of: flip a byte, set it to an interesting value, cut the tail, duplicate
/// a slice (xorshift64, so every run is the same).
pub fn mutate(seed: u64, data: &mut Vec<u8>) {
    let mut x = seed | 1;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for _ in 0..=(next() % 8) {
        if data.is_empty() {
            data.push(0);
        }
        let len = data.len() as u64;
        let at = usize::try_from(next() % len).unwrap_or(0);
        match next() % 4 {
            0 => data[at] ^= 1 << (next() % 8),
            1 => data[at] = [0, 1, 0x7f, 0x80, 0xff][usize::try_from(next() % 5).unwrap_or(0)],
            2 => data.truncate(at.max(1)),
            _ => {
                let end = (at + usize::try_from(next() % 16).unwrap_or(0)).min(data.len());
                let copy = data[at..end].to_vec();
                data.splice(at..at, copy);
            }
        }
    }
}

/// Runs `body` on every seed of `target` and `iterations` mutations of
/// each (the bounded run `cargo test` does).
pub fn run_bounded(target: &str, body: fn(&[u8]), iterations: u64) {
    for (s, seed) in seeds(target).into_iter().enumerate() {
        body(&seed);
        for i in 0..iterations {
            let mut data = seed.clone();
            mutate(
                (s as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ i,
                &mut data,
            );
            body(&data);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_target_has_seeds() {
        for t in TARGETS {
            assert!(seeds(t).iter().all(|s| !s.is_empty()), "{t}");
        }
    }

    #[test]
    fn gbx_full_bounded() {
        run_bounded("gbx_full", gbx_full, 1000);
    }

    #[test]
    fn gbx_header_bounded() {
        run_bounded("gbx_header", gbx_header_only, 1000);
    }

    #[test]
    fn gbx_text_bounded() {
        run_bounded("gbx_text", gbx_text, 60);
    }

    #[test]
    fn export_text_bounded() {
        run_bounded("export_text", export_text, 60);
    }

    #[test]
    fn pak_packlist_bounded() {
        run_bounded("pak_packlist", pak_packlist, 300);
    }

    #[test]
    fn pak_packlist_seed_opens_with_the_listed_key() {
        let seed = pak_packlist_seed();
        let len = usize::from(u16::from_le_bytes([seed[0], seed[1]]));
        let list = Packlist::parse(&seed[2..2 + len]).unwrap();
        let key = list
            .key_for_pak_path(std::path::Path::new("Stadium.pak"))
            .unwrap();
        let pak = Pak::open(seed[2 + len..].to_vec(), &key).unwrap();
        assert_eq!(pak.files().len(), 3);
    }

    #[test]
    fn pak_bounded() {
        run_bounded("pak", pak_fixed_key, 1000);
    }

    #[test]
    fn packlist_bounded() {
        run_bounded("packlist", packlist, 1000);
    }

    #[test]
    fn stunts_bounded() {
        run_bounded("stunts", stunts_track, 1000);
    }

    #[test]
    fn issue_30_targets_bounded() {
        run_bounded("diff", diff_pair, 40);
        run_bounded("size", size_report, 100);
        run_bounded("strip", strip_all, 40);
        run_bounded("exporters", exporters, 60);
        run_bounded("items_zip", items_zip_extract, 100);
        run_bounded("trk_route", trk_route, 300);
        run_bounded("save_reparse", save_reparse, 40);
    }

    #[test]
    fn edit_model_bounded() {
        run_bounded("edit", edit_model, 20);
    }
}
