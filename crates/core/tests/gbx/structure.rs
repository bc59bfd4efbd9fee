//! Expected structure dumps (insta snapshots in `snapshots/`) of five
//! representative corpus files: a TMF map, a TM2020 map, a replay, a
//! MediaTracker clip and an item (which stops at an unknown chunk). A change
//! in how these decode shows as a readable diff of the dump; review it with
//! `cargo insta review` (or set `INSTA_UPDATE=always` and read `git diff`).
//!
//! The dump is short on purpose: header chunks, the first nodes with each
//! chunk's id, name, status and body range, and the first few fields of
//! each chunk (long arrays and strings cut). It holds decoded values, never
//! raw corpus bytes.

use std::fmt::Write as _;
use trackbench_core::gbx::{Chunk, FieldRef, Gbx, NodeEnd, class_label};
use trackbench_testkit::{corpus_dir_or_warn, gbx_named};

/// Nodes dumped in full; the rest are counted by class.
const NODES: usize = 6;
/// Top-level fields shown per chunk.
const FIELDS: usize = 4;
/// Children shown per field, and nesting shown below a top-level field.
const CHILDREN: usize = 3;
const DEPTH: usize = 2;
/// Longest value text kept.
const VALUE_CHARS: usize = 60;

fn cut(text: &str) -> String {
    if text.chars().count() <= VALUE_CHARS {
        return text.to_string();
    }
    let kept: String = text.chars().take(VALUE_CHARS).collect();
    format!("{kept}…")
}

fn field(out: &mut String, f: FieldRef<'_>, depth: usize) {
    let index = f.index().map(|i| format!("[{i}]")).unwrap_or_default();
    let _ = writeln!(
        out,
        "{:indent$}{}{index} = {} @{:#x}..{:#x}",
        "",
        f.name(),
        cut(&f.value().display()),
        f.range().start,
        f.range().end,
        indent = 4 + 2 * depth
    );
    if depth >= DEPTH {
        return;
    }
    for c in f.children().iter().take(CHILDREN) {
        field(out, c, depth + 1);
    }
    if f.children().len() > CHILDREN {
        let _ = writeln!(
            out,
            "{:indent$}… {} more",
            "",
            f.children().len() - CHILDREN,
            indent = 6 + 2 * depth
        );
    }
}

fn chunk(out: &mut String, gbx: &Gbx, c: &Chunk, space: &str) {
    let _ = writeln!(
        out,
        "  chunk {:#010x} {:?} {:?} {space} {:#x}..{:#x}{}",
        c.id,
        c.name.unwrap_or("-"),
        c.status,
        c.range.start,
        c.range.end,
        c.note
            .as_deref()
            .map(|n| format!(" note: {}", cut(n)))
            .unwrap_or_default()
    );
    let fields = gbx.chunk_fields(c);
    for f in fields.iter().take(FIELDS) {
        field(out, f, 0);
    }
    if fields.len() > FIELDS {
        let _ = writeln!(out, "    … {} more fields", fields.len() - FIELDS);
    }
}

/// The structure dump of `gbx`.
fn dump(gbx: &Gbx) -> String {
    let mut out = String::new();
    let h = &gbx.header;
    let s = gbx.summary();
    let _ = writeln!(
        out,
        "{} ({:#010x}), version {}, {:?}; chunks {} decoded {} raw {} unknown {}; main node complete: {}",
        class_label(h.class_id),
        h.class_id,
        h.version,
        h.format,
        s.chunks,
        s.decoded,
        s.raw,
        s.unknown,
        s.main_node_complete
    );
    let _ = writeln!(out, "header chunks: {}", h.chunks.len());
    for c in &h.chunks {
        chunk(&mut out, gbx, c, "file");
    }
    let _ = writeln!(out, "nodes: {}", gbx.nodes.len());
    for (i, n) in gbx.nodes.iter().take(NODES).enumerate() {
        let end = match &n.end {
            NodeEnd::Facade => "facade".to_string(),
            NodeEnd::Archive => "archive".to_string(),
            NodeEnd::Stopped { at, reason } => format!("stopped at {at:#x}: {}", cut(reason)),
        };
        let _ = writeln!(
            out,
            "node #{i} {} body {:#x}..{:#x} parent {:?} end {end}",
            class_label(n.class_id),
            n.range.start,
            n.range.end,
            n.parent
        );
        for c in &n.chunks {
            chunk(&mut out, gbx, c, "body");
        }
    }
    let mut rest: Vec<(String, usize)> = Vec::new();
    for n in gbx.nodes.iter().skip(NODES) {
        let label = class_label(n.class_id);
        match rest.iter_mut().find(|(l, _)| *l == label) {
            Some((_, count)) => *count += 1,
            None => rest.push((label, 1)),
        }
    }
    for (label, count) in rest {
        let _ = writeln!(out, "… {count} more {label}");
    }
    if let Some(t) = &gbx.tail {
        let _ = writeln!(
            out,
            "tail at body {:#x}, {} bytes: {}",
            t.offset,
            t.len,
            cut(&t.reason)
        );
    }
    for p in &gbx.problems {
        let _ = writeln!(out, "problem: {}", cut(p));
    }
    out
}

fn check(snapshot: &str, file: &str) {
    if corpus_dir_or_warn("structure snapshots").is_none() {
        return;
    }
    let gbx = gbx_named(file).expect("corpus file").gbx();
    insta::assert_snapshot!(snapshot, dump(gbx), file);
}

#[test]
fn tmf_map() {
    check(
        "tmf_map",
        "GBX-NET 2 CGameCtnChallenge TMF 002.Challenge.Gbx",
    );
}

#[test]
fn tm2020_map() {
    check("tm2020_map", "Training - 20.Map.Gbx");
}

#[test]
fn tmf_replay() {
    check("tmf_replay", "StadiumA3(00'09''69).Replay.Gbx");
}

#[test]
fn tm2020_clip() {
    check(
        "tm2020_clip",
        "GBX-NET 2 CGameCtnMediaClip TM2020 001.Clip.Gbx",
    );
}

#[test]
fn tm2020_item() {
    check(
        "tm2020_item",
        "GBX-NET 2 CGameItemModel TM2020 001.Item.Gbx",
    );
}
