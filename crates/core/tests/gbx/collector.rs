//! Collector-family facts from ../shared/corpus/gbx: items, blocks
//! (CGameItemModel), macroblocks, block infos, the decoration, and the TM1.0
//! maps whose blocks are CGameCtnBlock nodes. Facts are checked against
//! values the same file repeats elsewhere (header chunk 0x2E001003 "Desc"
//! against body ident 0x2E00100B, header icon against 0x0310D010, block
//! counts of macroblock chunk 0x0310D000 against the nodes they reference).
//! Files that cannot complete are listed once in [`KNOWN_STOPS`] with the
//! class they stop in and why.

use trackbench_core::gbx::{Chunk, FieldList, FieldRef, Gbx, Node, Value, class_label};
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus, gbx_named};

fn dir() -> Option<std::path::PathBuf> {
    corpus_dir_or_warn("gbx_collector").map(|d| d.join("gbx"))
}

/// The shared parse of the corpus file `name`.
fn parse_in(name: &str) -> &'static Gbx {
    gbx_named(name)
        .unwrap_or_else(|| panic!("{name}: not in the corpus"))
        .gbx()
}

fn chunk(node: &Node, id: u32) -> &Chunk {
    node.chunks
        .iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("no chunk {id:#010x} in {}", class_label(node.class_id)))
}

fn field<'a>(fields: FieldList<'a>, name: &str) -> FieldRef<'a> {
    fields
        .find(name)
        .unwrap_or_else(|| panic!("no field {name}"))
}

fn text(f: FieldRef<'_>) -> String {
    match f.value() {
        Value::Str(s) => s,
        Value::Lookback { text, .. } => text.unwrap_or_default(),
        v => panic!("{} is not text: {v:?}", f.name()),
    }
}

fn uint(f: FieldRef<'_>) -> u64 {
    match f.value() {
        Value::U8(v) => u64::from(v),
        Value::U16(v) => u64::from(v),
        Value::U32(v) | Value::Hex(v) | Value::Bool(v) => u64::from(v),
        ref v => panic!("{} is not an integer: {v:?}", f.name()),
    }
}

/// Corpus files of the collector family (by extension or class).
fn is_collector_file(name: &str, g: &Gbx) -> bool {
    let lower = name.to_ascii_lowercase();
    [
        ".item.gbx",
        ".block.gbx",
        ".macroblock.gbx",
        ".tmedclassic.gbx",
        ".tmedroad.gbx",
        ".tmdecoration.gbx",
    ]
    .iter()
    .any(|e| lower.ends_with(e))
        || matches!(g.header.class_id, 0x2E00_2000 | 0x0310_D000 | 0x0303_8000)
}

/// Collector-family files that cannot reach their main node's 0xFACADE01,
/// with the class reading stops in and why. Everything else must complete.
const KNOWN_STOPS: &[(&str, &str, &str)] = &[
    // The body is damaged after the first scene mobil (see
    // tests/gbx/known_stops.rs).
    (
        "IslandSeaWaySupport.TMEDRoad.Gbx",
        "CSceneMobil",
        "damaged body",
    ),
];

#[test]
fn collector_files_complete_or_are_listed() {
    if dir().is_none() {
        return;
    }
    let mut seen = 0;
    let mut failures = Vec::new();
    for file in gbx_corpus() {
        let name = file.name.clone();
        let Ok(g) = &file.parse else {
            continue;
        };
        if !is_collector_file(&name, g) {
            continue;
        }
        seen += 1;
        let s = g.summary();
        match KNOWN_STOPS.iter().find(|(n, _, _)| *n == name) {
            Some((_, class, why)) => {
                if s.main_node_complete {
                    failures.push(format!(
                        "{name}: listed as stopping ({why}) but completes: remove it"
                    ));
                    continue;
                }
                let reason = g
                    .tail
                    .as_ref()
                    .map(|t| t.reason.clone())
                    .unwrap_or_default();
                let needle = format!(" {class}");
                if !reason.contains(&needle) {
                    failures.push(format!("{name}: expected a stop in {class}, got: {reason}"));
                }
            }
            None => {
                if !s.main_node_complete || s.unknown != 0 || g.tail.is_some() {
                    failures.push(format!(
                        "{name}: complete={} unknown={} tail={:?}",
                        s.main_node_complete,
                        s.unknown,
                        g.tail.as_ref().map(|t| &t.reason)
                    ));
                }
            }
        }
    }
    assert!(seen >= 30, "only {seen} collector files found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The header "Desc" ident (0x2E001003) names the same collector as the
/// body ident chunk 0x2E00100B, in every item and macroblock that has both.
#[test]
fn header_desc_matches_body_ident() {
    if dir().is_none() {
        return;
    }
    let mut checked = 0;
    for file in gbx_corpus() {
        let name = file.name.clone();
        let Ok(g) = &file.parse else {
            continue;
        };
        if !is_collector_file(&name, g) {
            continue;
        }
        let (Some(desc), Some(main)) = (g.header_chunk(0x2E00_1003), g.main_node()) else {
            continue;
        };
        let Some(body) = main.chunks.iter().find(|c| c.id == 0x2E00_100B) else {
            continue;
        };
        let header_ident = field(g.chunk_fields(desc), "ident");
        let body_ident = field(g.chunk_fields(body), "ident");
        for part in ["name", "author"] {
            let h = text(field(header_ident.children(), part));
            let b = text(field(body_ident.children(), part));
            assert_eq!(h, b, "{name}: header {part} {h:?} vs body {b:?}");
        }
        checked += 1;
    }
    assert!(checked >= 25, "only {checked} files had both idents");
}

/// Macroblock 0x0310D000: every block spawn names a block model and the
/// waypoint noderefs point at CGameWaypointSpecialProperty nodes.
#[test]
fn macroblock_block_spawns() {
    if dir().is_none() {
        return;
    }
    let g = parse_in("StadiumCircuitSlopeCornerInLeftBottom.Macroblock.Gbx");
    let main = g.main_node().unwrap();
    let spawns = field(g.chunk_fields(chunk(main, 0x0310_D000)), "blockSpawns");
    let count = uint(field(spawns.children(), "count"));
    let blocks: Vec<FieldRef<'_>> = spawns
        .children()
        .iter()
        .filter(|f| f.name() == "block")
        .collect();
    assert_eq!(blocks.len() as u64, count);
    assert!(count >= 1);
    for b in blocks {
        let model = field(b.children(), "blockModel");
        assert!(!text(field(model.children(), "name")).is_empty());
    }
}

/// Width and height a WebP image declares (VP8, VP8L or VP8X chunk).
fn webp_size(d: &[u8]) -> Option<(u32, u32)> {
    if d.len() < 30 || &d[0..4] != b"RIFF" || &d[8..12] != b"WEBP" {
        return None;
    }
    let le24 = |b: &[u8]| u32::from(b[0]) | u32::from(b[1]) << 8 | u32::from(b[2]) << 16;
    match &d[12..16] {
        b"VP8 " => {
            let w = u32::from(u16::from_le_bytes([d[26], d[27]]) & 0x3FFF);
            let h = u32::from(u16::from_le_bytes([d[28], d[29]]) & 0x3FFF);
            Some((w, h))
        }
        b"VP8L" => {
            let bits = u32::from_le_bytes([d[21], d[22], d[23], d[24]]);
            Some(((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1))
        }
        b"VP8X" => Some((le24(&d[24..27]) + 1, le24(&d[27..30]) + 1)),
        _ => None,
    }
}

/// Header icon 0x2E001004: raw icons hold exactly 4 × width × height bytes;
/// WebP icons carry the size with bit 15 set, and the WebP image itself
/// declares the same width and height.
#[test]
fn header_icons_match_their_pixels() {
    if dir().is_none() {
        return;
    }
    let (mut raw, mut webp) = (0, 0);
    for file in gbx_corpus() {
        let name = file.name.clone();
        let Ok(g) = &file.parse else {
            continue;
        };
        let Some(icon) = g.header_chunk(0x2E00_1004) else {
            continue;
        };
        let w = uint(field(g.chunk_fields(icon), "iconWidth"));
        let h = uint(field(g.chunk_fields(icon), "iconHeight"));
        if let Some(px) = g.chunk_fields(icon).find("icon") {
            assert_eq!(px.range().end - px.range().start, 4 * w * h, "{name}");
            raw += 1;
        } else {
            let data = field(g.chunk_fields(icon), "iconWebP");
            let bytes = &g.file[data.range().start as usize..data.range().end as usize];
            let (iw, ih) = webp_size(bytes).unwrap_or_else(|| panic!("{name}: not a WebP"));
            assert_eq!(
                (u64::from(iw), u64::from(ih)),
                (w & 0x7FFF, h & 0x7FFF),
                "{name}"
            );
            webp += 1;
        }
    }
    assert!(raw >= 5 && webp >= 5, "raw {raw}, webp {webp}");
}

/// TM1.0 maps store their blocks as CGameCtnBlock nodes (0x03057002): the
/// count in 0x0304300F equals the block nodes read, and every block model
/// belongs to the environment the header chunk 0x03043003 names.
#[test]
fn tm10_blocks_are_nodes_of_the_map_environment() {
    if dir().is_none() {
        return;
    }
    for name in [
        "GBX-NET 2 CGameCtnChallenge TM10 001.Challenge.Gbx",
        "RaceD1.Challenge.Gbx",
    ] {
        let g = parse_in(name);
        assert!(g.summary().main_node_complete, "{name}");
        let header = g.header_chunk(0x0304_3003).expect("0x03043003");
        let env = text(field(
            field(g.chunk_fields(header), "mapInfo").children(),
            "environment",
        ));
        assert!(!env.is_empty(), "{name}");
        let main = g.main_node().unwrap();
        let count = uint(field(
            field(g.chunk_fields(chunk(main, 0x0304_300F)), "blocks").children(),
            "count",
        ));
        let blocks: Vec<&Node> = g
            .nodes
            .iter()
            .filter(|n| n.class_id == 0x0305_7000)
            .collect();
        assert_eq!(blocks.len() as u64, count, "{name}");
        for b in blocks {
            let model = field(g.chunk_fields(chunk(b, 0x0305_7002)), "blockModel");
            assert_eq!(text(field(model.children(), "collection")), env, "{name}");
        }
    }
}

/// The decoration's header mood remapping (0x03038000) points at the mood
/// folder of the collection and mood the body ident (0x2E00100B) names, and
/// its header skin (CGameSkin 0x03031000) is decoded too.
#[test]
fn decoration_mood_folder_matches_ident() {
    if dir().is_none() {
        return;
    }
    let g = parse_in("RallyBase45x45Sunrise.TMDecoration.Gbx");
    assert!(g.summary().main_node_complete);
    let ident = field(
        g.chunk_fields(chunk(g.main_node().unwrap(), 0x2E00_100B)),
        "ident",
    );
    let mood = text(field(ident.children(), "name"));
    let collection = text(field(ident.children(), "collection"));
    let remap = g.header_chunk(0x0303_8000).expect("0x03038000");
    assert_eq!(
        remap.status,
        trackbench_core::gbx::ChunkStatus::Decoded,
        "{:?}",
        remap.note
    );
    let folder = text(field(g.chunk_fields(remap), "remapFolder"));
    assert_eq!(folder, format!("{collection}\\Media\\Moods\\{mood}\\"));
    let skin = g.header_chunk(0x090F_4000).expect("CGameSkin header chunk");
    assert_eq!(
        skin.status,
        trackbench_core::gbx::ChunkStatus::Decoded,
        "{:?}",
        skin.note
    );
    let skin_dir = text(field(g.chunk_fields(skin), "dirName"));
    assert!(skin_dir.starts_with(&collection), "{skin_dir}");
}
