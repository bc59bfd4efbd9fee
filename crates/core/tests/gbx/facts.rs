//! Golden facts: one insta snapshot per corpus .Gbx file
//! (`snapshots/gbx__facts__<file>.snap`) of what a user reads about it —
//! class; map uid, name, author, environment, map type, medal times, block
//! records, decals, items; replay time and ghost count; per ghost its race
//! time, checkpoint times and sample count; per clip its tracks and blocks;
//! a model's vertex and triangle counts; the problems met. A decoder change
//! that changes one of these shows in review as a snapshot diff (`cargo
//! insta review`, or `INSTA_UPDATE=always` then `git diff`).
//!
//! The snapshots hold decoded facts only, never corpus bytes. Without the
//! corpus the test says so loudly and checks nothing.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use trackbench_core::gbx::access::map_contents::map_contents;
use trackbench_core::gbx::access::map_info::{MapInfo, ReplayInfo};
use trackbench_core::gbx::access::mesh::Model;
use trackbench_core::gbx::{Gbx, access::mediatracker, class_label, ghosts};
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus};

/// `name` as a snapshot name: ASCII letters, digits, `-` and `.` kept,
/// anything else `_`.
fn slug(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

fn opt<T: std::fmt::Display>(v: Option<T>) -> String {
    v.map_or_else(|| "-".into(), |v| v.to_string())
}

fn map_facts(out: &mut String, gbx: &Gbx) {
    if let Some(m) = MapInfo::read(gbx) {
        let respawns = m.medals_are_respawns();
        let _ = writeln!(out, "map uid: {}", opt(m.uid));
        let _ = writeln!(out, "map name: {}", opt(m.name.map(|n| format!("{n:?}"))));
        let _ = writeln!(
            out,
            "author: {} / {}",
            opt(m.author_login),
            opt(m.author_nick.map(|n| format!("{n:?}")))
        );
        let _ = writeln!(out, "environment: {}", opt(m.environment));
        let _ = writeln!(out, "map type: {}", opt(m.map_type.as_ref()));
        let unit = if respawns {
            "bronze, silver, gold in respawns"
        } else {
            "ms"
        };
        let [b, s, g, a] = m.medal_times_ms.map(opt);
        let _ = writeln!(
            out,
            "medals ({unit}): bronze {b}, silver {s}, gold {g}, author {a}; play mode {}",
            opt(m.play_mode)
        );
    }
    if let Some(c) = map_contents(gbx) {
        let placed = c.blocks().filter(|b| !b.baked).count();
        let baked = c.blocks.len() - placed;
        let _ = writeln!(
            out,
            "block records: {} (stored {}), blocks {placed}, records without a block {}",
            c.records,
            opt(c.declared_blocks),
            c.placeholders
        );
        let _ = writeln!(
            out,
            "baked block records: {} (stored {}), baked blocks {baked}",
            c.baked_records,
            opt(c.declared_baked)
        );
        let _ = writeln!(
            out,
            "free blocks: {}; decals: {}; extra records: {}; items: {}",
            c.blocks().filter(|b| b.is_free()).count(),
            c.blocks().filter(|b| b.decal().is_some()).count(),
            c.extra_records,
            c.items.len()
        );
    }
}

fn replay_facts(out: &mut String, gbx: &Gbx) {
    if let Some(r) = ReplayInfo::read(gbx) {
        let _ = writeln!(out, "replay time ms: {}", opt(r.time_ms));
    }
    let list = ghosts(gbx);
    if list.is_empty() {
        return;
    }
    let _ = writeln!(out, "ghosts: {}", list.len());
    for (i, g) in list.iter().enumerate() {
        let cps: Vec<String> = g.checkpoints.iter().map(|c| opt(c.time_ms)).collect();
        let samples = match &g.samples {
            None => "-".to_string(),
            Some(Ok(s)) => s.samples.len().to_string(),
            Some(Err(e)) => format!("error: {e}"),
        };
        let from = gbx.nodes[g.node].parent.map_or_else(
            || "main node".into(),
            |(p, _)| format!("in {}", class_label(gbx.nodes[p].class_id)),
        );
        let _ = writeln!(
            out,
            "ghost {i} ({from}): race time ms {}, checkpoints [{}], samples {samples}, inputs {}",
            opt(g.race_time_ms),
            cps.join(", "),
            g.inputs.len()
        );
    }
}

fn clip_facts(out: &mut String, gbx: &Gbx) {
    for c in mediatracker::clips(gbx) {
        let tracks: Vec<String> = c
            .tracks
            .iter()
            .map(|t| format!("{:?} {}", t.name, t.blocks.len()))
            .collect();
        let _ = writeln!(
            out,
            "clip {:?}: {} tracks, {} blocks [{}]",
            c.title(),
            c.tracks.len(),
            c.block_count(),
            tracks.join(", ")
        );
    }
}

/// The facts of one file.
fn facts(gbx: &Gbx) -> String {
    let mut out = String::new();
    let s = gbx.summary();
    let _ = writeln!(
        out,
        "class: {} ({:#010x}); complete: {}",
        class_label(gbx.header.class_id),
        gbx.header.class_id,
        s.completeness.complete
    );
    map_facts(&mut out, gbx);
    replay_facts(&mut out, gbx);
    clip_facts(&mut out, gbx);
    let model = Model::from_gbx(gbx);
    if model.vertex_count() > 0 {
        let _ = writeln!(
            out,
            "mesh: {} vertices, {} triangles",
            model.vertex_count(),
            model.triangle_count()
        );
    }
    for p in &gbx.problems {
        let _ = writeln!(out, "problem: {p}");
    }
    out
}

#[test]
fn golden_facts_of_every_corpus_file() {
    if corpus_dir_or_warn("gbx_facts").is_none() {
        return;
    }
    let files = gbx_corpus();
    let mut seen = BTreeSet::new();
    for file in files {
        let name = &file.name;
        let snap = slug(name);
        assert!(seen.insert(snap.clone()), "two corpus files give {snap}");
        let gbx = file.gbx();
        let text = format!("file: {name}\n{}", facts(gbx));
        insta::assert_snapshot!(snap, text);
    }
    assert!(files.len() >= 200, "only {} corpus files", files.len());
}

/// `trackbench dump --json`'s tree for every corpus file: it serialises,
/// names every body chunk of every node, and its ranges stay inside their
/// space (file for the header, decompressed body for nodes).
#[test]
fn dump_of_every_corpus_file_serialises_with_ranges_in_their_space() {
    use trackbench_core::gbx::tools::dump::{DumpField, dump};
    fn within(fields: &[DumpField], len: u64, at: &str) {
        for f in fields {
            assert!(
                f.range[0] <= f.range[1] && f.range[1] <= len,
                "{at}: field {} range {:?} beyond {len}",
                f.name,
                f.range
            );
            within(&f.children, len, at);
        }
    }
    if corpus_dir_or_warn("gbx_dump").is_none() {
        return;
    }
    for file in gbx_corpus() {
        let name = file.name.clone();
        let gbx = file.gbx();
        let d = dump(gbx);
        let chunks: usize = gbx.nodes.iter().map(|n| n.chunks.len()).sum();
        assert_eq!(
            d.nodes.iter().map(|n| n.chunks.len()).sum::<usize>(),
            chunks
        );
        for c in &d.header_chunks {
            within(&c.fields, gbx.file.len() as u64, &name);
        }
        for c in d.nodes.iter().flat_map(|n| &n.chunks) {
            within(&c.fields, gbx.body.len() as u64, &name);
        }
        let json = serde_json::to_string(&d).unwrap();
        assert!(json.starts_with("{\"class\""), "{name}");
    }
}
