//! Corpus facts for every .Gbx in ../shared/corpus/gbx: the header class id
//! and thumbnail size recorded in SOURCES.md, TMF-era maps completing their
//! main node, and no panic on any file or any truncated prefix.

use std::collections::HashMap;
use trackbench_core::gbx::{Gbx, access::thumbnail};
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus, gbx_named};

/// SOURCES.md row facts by file name: (stored class id, thumbnail JPEG size).
fn sources() -> HashMap<String, (u32, Option<usize>)> {
    let Some(dir) = corpus_dir_or_warn("gbx_corpus") else {
        return HashMap::new();
    };
    let text = std::fs::read_to_string(dir.join("SOURCES.md")).expect("SOURCES.md readable");
    let mut out = HashMap::new();
    for line in text.lines().filter(|l| l.starts_with("| gbx/")) {
        let cols: Vec<&str> = line.split(" | ").collect();
        let name = cols[0].trim_start_matches("| gbx/").to_string();
        let header = cols[6];
        let Some(class) = header.split("class 0x").nth(1) else {
            continue;
        };
        let class = u32::from_str_radix(class.trim(), 16).expect("class id hex");
        let thumb = cols[7]
            .split("thumbnail JPEG ")
            .nth(1)
            .and_then(|s| s.split('B').next())
            .and_then(|n| n.parse().ok());
        out.insert(name, (class, thumb));
    }
    out
}

/// The shared parse of the corpus file `name`.
fn named(name: &str) -> &'static Gbx {
    gbx_named(name)
        .unwrap_or_else(|| panic!("{name}: not in the corpus"))
        .gbx()
}

#[test]
fn every_corpus_gbx_matches_sources_md() {
    let facts = sources();
    let files = gbx_corpus();
    if files.is_empty() {
        return;
    }
    assert!(
        files.len() >= 229,
        "expected the 229 corpus .Gbx files, found {}",
        files.len()
    );
    let mut thumbs = 0;
    for file in files {
        let name = file.name.clone();
        let gbx = file.gbx();
        let (class, thumb) = facts
            .get(&name)
            .unwrap_or_else(|| panic!("{name} not in SOURCES.md"));
        let stored = gbx.header.stored_class_id.unwrap_or(gbx.header.class_id);
        assert_eq!(stored, *class, "{name}: class id");
        assert_eq!(
            thumbnail::thumbnail_jpeg(gbx).map(<[u8]>::len),
            *thumb,
            "{name}: thumbnail"
        );
        if let Some(jpeg) = thumbnail::thumbnail_jpeg(gbx) {
            assert_eq!(
                &jpeg[..3],
                &[0xFF, 0xD8, 0xFF],
                "{name}: thumbnail is a JPEG"
            );
            thumbs += 1;
        }
        assert!(
            gbx.body_info.is_some(),
            "{name}: body located: {:?}",
            gbx.problems
        );
    }
    assert!(thumbs > 100, "only {thumbs} thumbnails found");
}

#[test]
fn tmf_era_maps_complete_their_main_node() {
    let files: Vec<_> = gbx_corpus()
        .iter()
        .filter(|f| {
            let n = &f.name;
            (n.starts_with('%') && n.ends_with(".Challenge.Gbx"))
                || n.starts_with("example_challenge")
        })
        .collect();
    if files.is_empty() {
        return;
    }
    let mut failures = Vec::new();
    for file in &files {
        let gbx = file.gbx();
        let s = gbx.summary();
        if !s.main_node_complete || s.unknown != 0 {
            failures.push(format!("{}: {:?}", file.name, gbx.problems));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} TMF maps stop:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn known_map_facts() {
    if corpus_dir_or_warn("known_map_facts").is_none() {
        return;
    }
    let gbx = named("example_challenge (2).Gbx");
    assert_eq!(gbx.header.num_nodes, 123);
    let body = gbx.body_info.as_ref().unwrap();
    assert_eq!(
        (body.compressed_size, body.uncompressed_size),
        (Some(12137), 33871)
    );
    let ids: Vec<u32> = gbx.header.chunks.iter().map(|c| c.id).collect();
    assert_eq!(
        ids,
        [
            0x0304_3002,
            0x0304_3003,
            0x0304_3004,
            0x0304_3005,
            0x0304_3007
        ]
    );
    assert!(gbx.header.chunks[3].heavy && !gbx.header.chunks[0].heavy);
    let jpeg = thumbnail::thumbnail_jpeg(gbx).unwrap();
    let img = thumbnail::decode_upright(jpeg).unwrap();
    assert_eq!((img.width(), img.height()), (256, 256));
}

#[test]
fn truncated_prefixes_never_panic() {
    for name in [
        "example_challenge (3).Gbx",
        "GBX-NET 2 CGameCtnMediaClip TMF 001.Clip.Gbx",
    ] {
        let Some(dir) = corpus_dir_or_warn("truncated_prefixes_never_panic") else {
            return;
        };
        let data = std::fs::read(dir.join("gbx").join(name)).unwrap();
        let step = (data.len() / 400).max(1);
        for len in (0..data.len()).step_by(step) {
            if let Ok(g) = Gbx::parse(data[..len].to_vec()) {
                assert!(
                    !g.summary().main_node_complete || len >= data.len() - 4,
                    "{name} at {len}"
                );
            }
        }
    }
}

fn field_text(gbx: &Gbx, chunk: u32, name: &str) -> Option<String> {
    let c = gbx.header_chunk(chunk).or_else(|| {
        gbx.nodes
            .iter()
            .flat_map(|n| &n.chunks)
            .find(|c| c.id == chunk)
    })?;
    gbx.chunk_field(c, name).map(|f| f.value().display())
}

#[test]
fn odd_files_read_to_the_end() {
    if corpus_dir_or_warn("gbx_corpus odd files").is_none() {
        return;
    }
    // TMUnlimiter map: a fake block whose name asks for TMUnlimiter, then
    // TMUnlimiter's chunk 0x27133172, then the normal TMF chunks.
    let g = named("GBX-NET 2 CGameCtnChallenge TMF 002.Challenge.Gbx");
    assert!(g.summary().main_node_complete);
    let name = field_text(g, 0x0304_301F, "blockName").unwrap();
    assert!(name.contains("TMUnlimiter 2.0.0 is required"), "{name}");
    // TMU replay whose header chunk 0x03093000 stores version 0xFFFFFFFF:
    // its time equals the first ghost's race time (0x03092005).
    let g = named("gbxnet-Bench.Replay.Gbx");
    let header = g.header_chunk(0x0309_3000).unwrap();
    assert_eq!(header.status, trackbench_core::gbx::ChunkStatus::Decoded);
    let time = field_text(g, 0x0309_3000, "time").unwrap();
    assert!(time.contains("62750 ms"), "{time}");
    assert_eq!(
        field_text(g, 0x0309_2005, "raceTime").as_deref(),
        Some(time.as_str())
    );
    assert_eq!(
        field_text(g, 0x0309_3000, "playerLogin").unwrap(),
        "\"unnamed/127.0.0.1\""
    );
}
