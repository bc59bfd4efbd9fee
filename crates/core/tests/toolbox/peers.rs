//! The toolbox's outputs read by the peers of `../shared/bench-peers`
//! (gbx-ts through node, pygbx through its venv; `tools/crosscheck`'s fact
//! scripts): where a peer reads the input file, it must read our output
//! with the same facts. Skipped, loudly, when the peers are absent.
//!
//! What each peer reads (gbx 1.0.0-rc12, pygbx 0.3; printed by the test):
//! - extracted ghosts (`ghost_file`): pygbx, with the race time,
//!   checkpoints, respawns, login and sample count it reads in the replay;
//!   gbx-ts none: it needs at least one header chunk, and a ghost file has
//!   none (user data size 0, as the game writes them; gbx-ts then takes the
//!   node count for the chunk count and fails, as on each of the game's
//!   ghost files of the corpus);
//! - stripped maps (lightmaps, validation ghost) and recompressed files
//!   (`compress_file(decompress_file(x))`): both, with the facts they read
//!   in the input;
//! - decompressed files: neither (gbx-ts: "Body is already decompressed";
//!   pygbx always runs LZO on the body).

use crate::name;
use serde_json::Value as Json;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use trackbench_core::gbx::{Gbx, ghosts};
use trackbench_core::toolbox::convert::{compress_file, decompress_file};
use trackbench_core::toolbox::ghost_file::ghost_file;
use trackbench_core::toolbox::strip::{StripKind, strip};
use trackbench_testkit::{Peers, corpus_dir_or_warn, gbx_corpus_ending, peers_or_warn};

/// What an output is and what the peer must read in it.
enum Kind {
    /// An extracted ghost, with our facts of it.
    Ghost {
        race: Option<i64>,
        checkpoints: Vec<Option<i64>>,
    },
    /// A stripped map: the same map facts as the input.
    Stripped,
    /// Decompressed then compressed: the same facts as the input.
    Recompressed,
    /// Decompressed: no peer is expected to read it.
    Decompressed,
}

struct Output {
    path: PathBuf,
    source: PathBuf,
    kind: Kind,
}

/// The outputs of every tool on the corpus, written into `dir`.
fn outputs(dir: &Path) -> Vec<Output> {
    let mut out = Vec::new();
    let mut put = |source: &Path, tag: String, bytes: Vec<u8>, kind: Kind| {
        let path = dir.join(format!("{}.{tag}.Gbx", name(source)));
        std::fs::write(&path, bytes).unwrap();
        out.push(Output {
            path,
            source: source.to_path_buf(),
            kind,
        });
    };
    for file in gbx_corpus_ending(".gbx") {
        let path = &file.path;
        let bytes = file.bytes();
        let small = bytes.len() < 1_500_000;
        let g = file.gbx();
        let n = name(path);
        let is_map = n.to_ascii_lowercase().ends_with(".map.gbx");
        if n.to_ascii_lowercase().ends_with(".replay.gbx") || is_map {
            for (k, gi) in ghosts(g).iter().enumerate() {
                if let Ok(b) = ghost_file(g, gi.node) {
                    let kind = Kind::Ghost {
                        race: gi.race_time_ms.map(i64::from),
                        checkpoints: gi
                            .checkpoints
                            .iter()
                            .map(|c| c.time_ms.map(i64::from))
                            .collect(),
                    };
                    put(path, format!("ghost{k}"), b, kind);
                }
            }
        }
        if is_map {
            for (tag, kind) in [("lm", StripKind::Lightmaps), ("val", StripKind::Validation)] {
                if let Ok(b) = strip(g, kind) {
                    put(path, format!("strip-{tag}"), b, Kind::Stripped);
                }
            }
        }
        if small && let Ok(plain) = decompress_file(g) {
            let packed = compress_file(&Gbx::parse(plain.clone()).unwrap()).unwrap();
            put(path, "recompressed".into(), packed, Kind::Recompressed);
            put(path, "decompressed".into(), plain, Kind::Decompressed);
        }
    }
    out
}

/// Runs a peer's fact script; its JSON lines by file path.
fn facts(mut cmd: Command) -> HashMap<String, Json> {
    let o = cmd.output().expect("peer runs");
    assert!(
        o.status.success() || !o.stdout.is_empty(),
        "peer failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: Json = serde_json::from_str(l).unwrap();
            (v["file"].as_str().unwrap().to_owned(), v)
        })
        .collect()
}

/// A peer's "not set" (-1, 0xFFFFFFFF, null) as `None`.
fn num(v: &Json) -> Option<i64> {
    v.as_i64().filter(|&n| n != -1 && n != 0xFFFF_FFFF)
}

fn ghost_facts(g: &Json) -> (Option<i64>, Vec<Option<i64>>) {
    let cps = g["checkpoints_ms"]
        .as_array()
        .map_or(Vec::new(), |a| a.iter().map(num).collect());
    (num(&g["race_time_ms"]), cps)
}

/// A peer's facts without the file name (and, for a stripped validation
/// ghost, without the ghosts).
fn comparable(v: &Json, drop_ghosts: bool) -> Json {
    let mut v = v.clone();
    if let Some(o) = v.as_object_mut() {
        o.remove("file");
        if drop_ghosts {
            o.remove("ghosts");
        }
    }
    v
}

/// True when every fact the peer gave for the input is in `got` with the
/// same value. A peer that stopped early in the input (pygbx at a chunk it
/// does not know, e.g. before a stripped validation ghost) leaves facts
/// unset there (null, "" or a block count of 0) that it may read in the
/// output.
fn covers(got: &Json, src: &Json) -> bool {
    match (got, src) {
        (_, Json::Null) => true,
        (Json::Object(g), Json::Object(s)) => s.iter().all(|(k, v)| {
            let unset = v.as_str() == Some("") || (k == "blocks" && v.as_u64() == Some(0));
            unset || g.get(k).is_some_and(|gv| covers(gv, v))
        }),
        _ => got == src,
    }
}

/// Checks one peer's reading of the outputs; returns (read, expected) per
/// output kind for the report.
fn check(peer: &str, f: &HashMap<String, Json>, outs: &[Output]) -> [(usize, usize); 4] {
    let mut tally = [(0, 0); 4];
    let key = |p: &Path| p.to_string_lossy().into_owned();
    for o in outs {
        let src = &f[&key(&o.source)];
        let got = &f[&key(&o.path)];
        let n = name(&o.path);
        let read = got.get("error").is_none();
        match &o.kind {
            Kind::Ghost { race, checkpoints } => {
                tally[0].0 += usize::from(read);
                // The peer reads this ghost in the input: the same one, by
                // race time and checkpoints.
                let same = src["ghosts"].as_array().and_then(|gs| {
                    gs.iter()
                        .find(|g| ghost_facts(g) == (*race, checkpoints.clone()))
                });
                let Some(want) = same else { continue };
                tally[0].1 += 1;
                if peer == "gbx-ts" {
                    // It reads no ghost file the game writes (module docs).
                    assert!(!read, "{peer} {n}: {got}");
                    continue;
                }
                assert!(read, "{peer} {n}: {got}");
                let gs = got["ghosts"].as_array().unwrap();
                assert_eq!(gs.len(), 1, "{peer} {n}");
                let (mut got_g, mut want_g) = (gs[0].clone(), want.clone());
                // pygbx reads a TM2 login in 0x0309200E only when the
                // replay's header says version >= 8: no replay header, no
                // login in a ghost file.
                if got_g["login"].is_null() {
                    want_g["login"] = Json::Null;
                }
                got_g["file"] = Json::Null;
                want_g["file"] = Json::Null;
                assert_eq!(got_g, want_g, "{peer} {n}");
                assert_eq!(
                    ghost_facts(&gs[0]),
                    (*race, checkpoints.clone()),
                    "{peer} {n}"
                );
            }
            Kind::Stripped | Kind::Recompressed => {
                let k = kind_index(&o.kind);
                tally[k].0 += usize::from(read);
                // A peer that reads no block of an input map stopped early
                // in it (pygbx on TM2020 maps, FIDELITY.md): going further
                // in the output, it may fail on a chunk it does not know.
                let shallow = src["map"]["blocks"].as_u64() == Some(0);
                if src.get("error").is_some() || (shallow && !read) {
                    continue;
                }
                tally[k].1 += 1;
                assert!(read, "{peer} {n}: {got}");
                let stripped = matches!(o.kind, Kind::Stripped);
                let (got, src) = (comparable(got, stripped), comparable(src, stripped));
                assert!(covers(&got, &src), "{peer} {n}:\n{got}\n{src}");
            }
            Kind::Decompressed => tally[3].0 += usize::from(read),
        }
    }
    tally
}

fn kind_index(k: &Kind) -> usize {
    match k {
        Kind::Ghost { .. } => 0,
        Kind::Stripped => 1,
        Kind::Recompressed => 2,
        Kind::Decompressed => 3,
    }
}

fn report(peer: &str, t: [(usize, usize); 4], outs: &[Output]) {
    let kinds = [
        "extracted ghosts",
        "stripped maps",
        "recompressed",
        "decompressed",
    ];
    for (i, k) in kinds.iter().enumerate() {
        let total = outs.iter().filter(|o| kind_index(&o.kind) == i).count();
        let (read, checked) = t[i];
        eprintln!(
            "{peer}: {k}: {read} of {total} read; {checked} checked against what it reads in the input"
        );
    }
}

#[test]
fn peers_read_the_outputs_as_they_read_the_inputs() {
    if corpus_dir_or_warn("toolbox peers").is_none() {
        return;
    }
    let Some(Peers { dir, gbx_ts, pygbx }) = peers_or_warn("toolbox peers") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let outs = outputs(tmp.path());
    if std::env::var_os("TRACKBENCH_KEEP_OUTPUTS").is_some() {
        eprintln!("outputs kept in {}", tmp.keep().display());
    }
    let mut files: Vec<PathBuf> = outs.iter().map(|o| o.source.clone()).collect();
    files.sort();
    files.dedup();
    files.extend(outs.iter().map(|o| o.path.clone()));
    let scripts = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tools/crosscheck");
    if let Some(python) = pygbx {
        let mut cmd = Command::new(python);
        cmd.arg(scripts.join("pygbx_facts.py")).args(&files);
        let t = check("pygbx", &facts(cmd), &outs);
        report("pygbx", t, &outs);
        assert!(t[0].1 >= 10, "pygbx ghosts {t:?}");
        assert!(t[1].1 >= 1 && t[2].1 >= 20, "pygbx {t:?}");
    }
    if gbx_ts {
        let mut cmd = Command::new("node");
        cmd.arg(scripts.join("gbxts_facts.mjs"))
            .arg(&dir)
            .args(&files);
        let t = check("gbx-ts", &facts(cmd), &outs);
        report("gbx-ts", t, &outs);
        assert_eq!(t[0].0, 0, "gbx-ts read a ghost file");
        assert!(t[1].1 >= 1 && t[2].1 >= 20, "gbx-ts {t:?}");
    }
}
