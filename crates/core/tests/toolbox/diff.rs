//! `toolbox::diff`: a file equals itself; a renamed copy differs in
//! exactly the fields the rename patched; filters leave out what they say.

use crate::{corpus_gbx, name};
use std::collections::BTreeSet;
use trackbench_core::edit::map::rename_map;
use trackbench_core::edit::{GbxDocument, Target, resolve};
use trackbench_core::gbx::{ChunkRef, Gbx};
use trackbench_core::toolbox::diff::{DiffKind, DiffOptions, diff};
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus_ending};

/// A sortable key of a chunk position.
fn key(r: ChunkRef) -> (u8, usize, usize) {
    match r {
        ChunkRef::Header(i) => (0, i, 0),
        ChunkRef::Body { node, chunk } => (1, node, chunk),
    }
}

#[test]
fn every_corpus_file_equals_itself() {
    if corpus_dir_or_warn("toolbox diff").is_none() {
        return;
    }
    for file in gbx_corpus_ending(".gbx").take(60) {
        let path = &file.path;
        let g = file.gbx();
        let d = diff(g, &g.clone(), DiffOptions::default());
        assert!(d.is_empty(), "{}: {:?}", name(path), d.first());
    }
}

#[test]
fn a_renamed_copy_differs_in_exactly_the_name_fields() {
    if corpus_dir_or_warn("toolbox diff rename").is_none() {
        return;
    }
    let mut checked = 0;
    for file in gbx_corpus_ending(".gbx") {
        let path = &file.path;
        let g = file.gbx();
        if g.header.class_id != 0x0304_3000 || !g.summary().completeness.complete {
            continue;
        }
        let Ok(edit) = rename_map(g, "Renamed by the toolbox test") else {
            continue;
        };
        let patched: BTreeSet<((u8, usize, usize), u64, u64)> = edit
            .patches
            .iter()
            .map(|p| {
                let Target::Field(loc) = &p.target else {
                    panic!("a rename patches fields")
                };
                let (_, r) = resolve(g, &p.target, false).unwrap();
                (key(loc.chunk), r.start, r.end)
            })
            .collect();
        let mut doc = GbxDocument::from_gbx(g.clone());
        doc.apply(edit).unwrap();
        let renamed = Gbx::parse(doc.bytes().to_vec()).unwrap();
        let d = diff(g, &renamed, DiffOptions::default());
        let listed: BTreeSet<((u8, usize, usize), u64, u64)> = d
            .iter()
            .map(|x| {
                assert_eq!(x.kind, DiffKind::Changed, "{}: {}", name(path), x.path);
                let a = x.a.unwrap();
                (key(a.chunk.unwrap()), a.range.start, a.range.end)
            })
            .collect();
        assert_eq!(listed, patched, "{}: {d:#?}", name(path));
        assert_eq!(
            listed.len(),
            d.len(),
            "{}: one difference per field",
            name(path)
        );
        checked += 1;
        if checked >= 12 {
            break;
        }
    }
    assert!(checked >= 5, "only {checked} maps renamed");
}

#[test]
fn header_only_and_body_only_split_the_differences() {
    let Some(a) = corpus_gbx("AirControl.Challenge.Gbx") else {
        return;
    };
    let edit = rename_map(a, "Other name").unwrap();
    let mut doc = GbxDocument::from_gbx(a.clone());
    doc.apply(edit).unwrap();
    let b = Gbx::parse(doc.bytes().to_vec()).unwrap();
    let all = diff(a, &b, DiffOptions::default());
    let header = diff(
        a,
        &b,
        DiffOptions {
            body: false,
            ..DiffOptions::default()
        },
    );
    let body = diff(
        a,
        &b,
        DiffOptions {
            header: false,
            ..DiffOptions::default()
        },
    );
    assert!(!header.is_empty() && !body.is_empty(), "{all:#?}");
    assert_eq!(header.len() + body.len(), all.len());
}
