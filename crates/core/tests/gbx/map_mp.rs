//! ManiaPlanet / Trackmania 2020 map body chunks (classes/challenge_mp.rs)
//! over the corpus maps: facts checked against values stored elsewhere in
//! the same file (header chunks, header XML, the embedded ZIP itself).

use std::io::{Cursor, Read};
use std::sync::OnceLock;

use trackbench_core::gbx::{ChunkStatus, FieldList, FieldRef, Gbx, Value, slice};
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus_ending};

/// Main-node chunks that stay raw, with the reason. Everything else must
/// decode.
const STAYS_RAW: &[(u32, &str)] = &[
    (
        0x0304_303A,
        "undiscovered; GBX.NET marks it 'ignore' (12 zero bytes in E03)",
    ),
    (
        0x0304_3057,
        "undiscovered; GBX.NET marks it 'ignore' (version 4 + one u32)",
    ),
    (
        0x0304_305D,
        "undiscovered; GBX.NET marks it 'ignore' (per-element data of unknown meaning)",
    ),
    (
        0x0304_3061,
        "undiscovered; GBX.NET marks it 'ignore' (bit-packed data of unknown meaning)",
    ),
];

/// The corpus maps (`.Map.Gbx`) with their shared parses ([`gbx_corpus_ending`]).
fn maps() -> &'static [(String, &'static Gbx)] {
    static MAPS: OnceLock<Vec<(String, &'static Gbx)>> = OnceLock::new();
    MAPS.get_or_init(|| {
        if corpus_dir_or_warn("gbx_map_mp").is_none() {
            return Vec::new();
        }
        gbx_corpus_ending(".Map.Gbx")
            .map(|f| (f.name.clone(), f.gbx()))
            .collect()
    })
}

fn body_chunk(g: &Gbx, id: u32) -> Option<&trackbench_core::gbx::Chunk> {
    g.main_node()?.chunks.iter().find(|c| c.id == id)
}

fn decoded_fields<'a>(name: &str, g: &'a Gbx, id: u32) -> Option<FieldList<'a>> {
    let c = body_chunk(g, id)?;
    assert_eq!(
        c.status,
        ChunkStatus::Decoded,
        "{name}: chunk {id:#010x} not decoded: {:?}",
        c.note
    );
    Some(g.chunk_fields(c))
}

fn text(f: FieldRef<'_>) -> String {
    match f.value() {
        Value::Str(s) => s,
        Value::Lookback { text, .. } => text.unwrap_or_default(),
        v => panic!("{} is not text: {v:?}", f.name()),
    }
}

fn u32_of(f: FieldRef<'_>) -> u32 {
    match f.value() {
        Value::U32(v) | Value::Hex(v) | Value::TimeMs(v) => v,
        Value::I32(v) => v as u32,
        ref v => panic!("{} is not a number: {v:?}", f.name()),
    }
}

fn xml_attr(xml: &str, attr: &str) -> Option<String> {
    let key = format!(" {attr}=\"");
    let start = xml.find(&key)? + key.len();
    let end = xml[start..].find('"')? + start;
    Some(xml[start..end].to_string())
}

fn header_xml(g: &Gbx) -> Option<String> {
    let c = g.header_chunk(0x0304_3005)?;
    g.chunk_fields(c).find("xml").map(text)
}

#[test]
fn main_nodes_have_no_raw_chunks_but_the_undiscovered_ones() {
    let maps = maps();
    let mut checked = 0;
    for (name, g) in maps {
        let main = g.main_node().unwrap();
        if !main
            .chunks
            .iter()
            .any(|c| c.id >= 0x0304_3034 && c.id <= 0x0304_306F)
        {
            continue; // TMF-era maps: not this file's business
        }
        assert!(
            main.is_complete(),
            "{name}: main node stopped: {:?}",
            main.end
        );
        for c in &main.chunks {
            if c.status == ChunkStatus::Decoded {
                continue;
            }
            assert!(
                STAYS_RAW.iter().any(|(id, _)| *id == c.id),
                "{name}: chunk {:#010x} is {:?} ({:?})",
                c.id,
                c.status,
                c.note
            );
        }
        checked += 1;
    }
    if !maps.is_empty() {
        assert!(checked >= 20, "only {checked} ManiaPlanet-era maps");
    }
}

#[test]
fn author_chunk_repeats_the_header_author() {
    let mut checked = 0;
    for (name, g) in maps() {
        let Some(body) = decoded_fields(name, g, 0x0304_3042) else {
            continue;
        };
        let Some(header) = g.header_chunk(0x0304_3008) else {
            continue;
        };
        let header = g.chunk_fields(header);
        for f in [
            "authorLogin",
            "authorNickname",
            "authorZone",
            "authorExtraInfo",
        ] {
            let b = text(body.find(f).unwrap());
            let h = text(header.find(f).unwrap());
            assert_eq!(b, h, "{name}: {f}");
        }
        checked += 1;
    }
    eprintln!("author: {checked} maps");
}

#[test]
fn title_info_matches_the_header_xml() {
    let mut checked = 0;
    for (name, g) in maps() {
        let Some(body) = decoded_fields(name, g, 0x0304_3051) else {
            continue;
        };
        let Some(xml) = header_xml(g) else { continue };
        let title = text(body.find("titleId").unwrap());
        let build = text(body.find("buildVersion").unwrap());
        // An unassigned lookback id (no text) is written "Unassigned" in the XML.
        let xml_title = xml_attr(&xml, "title").unwrap();
        if title.is_empty() {
            assert!(
                xml_title.is_empty() || xml_title == "Unassigned",
                "{name}: {xml_title}"
            );
        } else {
            assert_eq!(title, xml_title, "{name}");
        }
        let exebuild = xml_attr(&xml, "exebuild").unwrap();
        assert!(
            build.contains(&format!("date={exebuild}")),
            "{name}: {build} vs {exebuild}"
        );
        checked += 1;
    }
    eprintln!("title info: {checked} maps");
}

#[test]
fn embedded_zip_opens_and_holds_the_listed_items() {
    let mut checked = 0;
    for (name, g) in maps() {
        let Some(fields) = decoded_fields(name, g, 0x0304_3054) else {
            continue;
        };
        let ids: Vec<String> = fields
            .find("embeddedItems")
            .unwrap()
            .children()
            .iter()
            .filter(|f| f.name() == "item")
            .map(|f| text(f.children().find("id").unwrap()))
            .collect();
        let Some(zip_field) = fields.find("zip") else {
            assert!(ids.is_empty(), "{name}: ids without a ZIP");
            continue;
        };
        let size = u32_of(fields.find("zipSize").unwrap());
        assert_eq!(zip_field.range().len(), u64::from(size), "{name}");
        let bytes = slice(&g.body, zip_field.range());
        let mut zip =
            zip::ZipArchive::new(Cursor::new(bytes)).unwrap_or_else(|e| panic!("{name}: {e}"));
        let entries: Vec<String> = (0..zip.len())
            .map(|i| {
                zip.by_index(i)
                    .unwrap()
                    .name()
                    .replace('\\', "/")
                    .to_lowercase()
            })
            .collect();
        for id in &ids {
            let id = id.replace('\\', "/").to_lowercase();
            assert!(
                entries.iter().any(|e| e.ends_with(&id)),
                "{name}: {id} not in {entries:?}"
            );
        }
        // Every entry is a GBX file that inflates.
        let mut first = zip.by_index(0).unwrap();
        let mut head = [0u8; 3];
        first.read_exact(&mut head).unwrap();
        assert_eq!(&head, b"GBX", "{name}");
        checked += 1;
    }
    eprintln!("embedded ZIPs: {checked} maps");
}

#[test]
fn lightmap_frames_are_images_and_the_cache_inflates() {
    let mut images = 0;
    for (name, g) in maps() {
        for id in [0x0304_303D, 0x0304_305B] {
            let Some(fields) = decoded_fields(name, g, id) else {
                continue;
            };
            let Some(frames) = fields.find("lightmapFrames") else {
                continue;
            };
            for frame in frames.children() {
                for f in frame
                    .children()
                    .iter()
                    .filter(|f| f.name().starts_with("image"))
                {
                    if f.range().is_empty() {
                        continue;
                    }
                    let data = slice(&g.body, f.range());
                    assert!(
                        matches!(
                            f.value(),
                            Value::Bytes {
                                kind: "JPEG" | "WebP"
                            }
                        ),
                        "{name}: {:?}",
                        f.value()
                    );
                    let (w, h) = image::ImageReader::new(Cursor::new(data))
                        .with_guessed_format()
                        .unwrap()
                        .into_dimensions()
                        .unwrap_or_else(|e| panic!("{name}: {e}"));
                    assert!(w > 0 && h > 0);
                    images += 1;
                }
            }
            if let Some(cache) = fields.find("lightmapCacheData") {
                let expect = u32_of(fields.find("uncompressedSize").unwrap());
                let mut out = Vec::new();
                flate2::read::ZlibDecoder::new(slice(&g.body, cache.range()))
                    .read_to_end(&mut out)
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
                assert_eq!(
                    out.len() as u64,
                    u64::from(expect),
                    "{name}: lightmap cache size"
                );
            }
        }
    }
    eprintln!("lightmap images: {images}");
}

#[test]
fn waypoint_times_metadata_ends_with_the_author_time() {
    let mut checked = 0;
    for (name, g) in maps() {
        let Some(meta) = g
            .nodes
            .iter()
            .find(|n| n.class_id == 0x1100_2000 && n.parent.is_some_and(|p| p.0 == 0))
        else {
            continue;
        };
        assert!(meta.is_complete(), "{name}");
        let fields = g.chunk_fields(&meta.chunks[0]);
        let Some(traits) = fields.find("traits") else {
            continue;
        };
        let Some(times) = traits.children().iter().find(|t| {
            t.children()
                .find("name")
                .is_some_and(|n| text(n) == "Race_AuthorRaceWaypointTimes")
        }) else {
            continue;
        };
        let elements = times.children().find("elements").unwrap();
        let Some(last) = elements
            .children()
            .iter()
            .filter(|e| e.name() == "element")
            .last()
        else {
            continue; // not validated: no times
        };
        let last = u32_of(last.children().find("value").unwrap());
        let desc = g.chunk_fields(g.header_chunk(0x0304_3002).unwrap());
        let author_time = u32_of(desc.find("authorTime").unwrap());
        assert_eq!(last, author_time, "{name}");
        checked += 1;
    }
    eprintln!("waypoint times: {checked} maps");
}

#[test]
fn items_have_one_snap_index_each_and_are_anchored_objects() {
    let mut checked = 0;
    for (name, g) in maps() {
        let Some(fields) = decoded_fields(name, g, 0x0304_3040) else {
            continue;
        };
        let items = fields.find("items").unwrap();
        let count = u32_of(items.children().find("count").unwrap());
        let refs: Vec<usize> = items
            .children()
            .iter()
            .filter(|f| f.name() == "item")
            .map(|f| match f.children().first().unwrap().value() {
                Value::NodeRef { node: Some(n), .. } => n,
                ref v => panic!("{name}: {v:?}"),
            })
            .collect();
        assert_eq!(refs.len() as u32, count, "{name}");
        for n in &refs {
            assert_eq!(g.nodes[*n].class_id, 0x0310_1000, "{name}");
            assert!(g.nodes[*n].is_complete(), "{name}");
        }
        if let Some(snaps) = fields.find("itemSnapIndexes") {
            assert_eq!(
                u32_of(snaps.children().find("count").unwrap()),
                count,
                "{name}"
            );
        }
        checked += 1;
    }
    eprintln!("items: {checked} maps");
}

/// The four TM2020 chunks GBX.NET long ignored (0x05C, 0x05E, 0x064,
/// 0x067; `classes/challenge_mp/late_tm2020.rs`) decode on every corpus map,
/// in the forms that file's docs describe. Pins the editor's evidence that
/// none of them can refer to a body lookback string: 0x05C holds none, the
/// others only encapsulated data (its own list). A new form fails here.
#[test]
fn late_tm2020_chunks_decode_in_their_known_forms() {
    let mut forms: std::collections::BTreeMap<String, usize> = Default::default();
    for (name, g) in maps() {
        for id in [0x0304_305C, 0x0304_305E, 0x0304_3064, 0x0304_3067] {
            let Some(f) = decoded_fields(name, g, id) else {
                continue;
            };
            let version = u32_of(f.find("version").unwrap());
            let form = match id {
                0x0304_305C if version == 0 => format!(
                    "05C v0 lists {} {}",
                    u32_of(f.find("u01Count").unwrap()),
                    u32_of(f.find("u02Count").unwrap())
                ),
                0x0304_305C => format!("05C v{version}"),
                _ => {
                    // Kept as bytes, or decoded (counts 0, a null node).
                    let bytes = ["legacyMacroblocks", "clipGroups", "launchedCheckpoints"]
                        .iter()
                        .filter_map(|n| f.find(n))
                        .any(|x| !matches!(x.value(), Value::NodeRef { .. }));
                    let size = u32_of(f.find("encapsulatedSize").unwrap());
                    let kept = if bytes { "bytes" } else { "empty" };
                    format!("{:03X} v{version} {kept} {size}", id & 0xFFF)
                }
            };
            // No lookback field outside encapsulated data.
            if id == 0x0304_305C {
                assert!(
                    f.iter()
                        .all(|x| !matches!(x.value(), Value::Lookback { .. })),
                    "{name}"
                );
            }
            *forms.entry(form).or_default() += 1;
        }
    }
    if maps().is_empty() {
        return;
    }
    let got: Vec<String> = forms.iter().map(|(f, n)| format!("{f}: {n}")).collect();
    assert_eq!(
        got,
        [
            "05C v0 lists 0 0: 18",
            "05C v1: 1",
            "05E v1 empty 8: 23",
            "064 v0 empty 4: 16",
            "067 v0 bytes 4096: 2",
            "067 v0 empty 4: 11",
        ],
        "{got:#?}"
    );
}
