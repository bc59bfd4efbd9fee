//! Readable names, checked on ../shared/corpus/gbx: collection ids stored as
//! lookback numbers get the name the same file's header XML gives
//! (0x03043005 `envir`), and map names and nicknames lose their `$` codes.

use trackbench_core::gbx::access::formatting::strip;
use trackbench_core::gbx::read::collections::collection_name;
use trackbench_core::gbx::read::field::LookbackKind;
use trackbench_core::gbx::{FieldList, FieldRef, Gbx, Value};
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus, gbx_named};

/// The `envir="…"` attribute of the header XML (chunk 0x03043005).
fn xml_envir(g: &Gbx) -> Option<String> {
    let c = g.header_chunk(0x0304_3005)?;
    let Value::Str(xml) = g.chunk_field(c, "xml")?.value() else {
        return None;
    };
    let rest = &xml[xml.find("envir=\"")? + 7..];
    Some(rest[..rest.find('"')?].to_string())
}

#[test]
fn environment_ids_name_the_header_xml_environment() {
    if corpus_dir_or_warn("gbx_names").is_none() {
        return;
    }
    let mut checked = Vec::new();
    for file in gbx_corpus() {
        let Ok(g) = &file.parse else { continue };
        let Some(f) = g
            .header_chunk(0x0304_3003)
            .and_then(|c| g.chunk_fields(c).find("environment"))
        else {
            continue;
        };
        let Value::Lookback {
            kind: LookbackKind::Number(n),
            ..
        } = f.value()
        else {
            continue;
        };
        let name = file.name.clone();
        let envir = xml_envir(g).unwrap_or_else(|| panic!("{name}: no envir in the XML"));
        assert_eq!(collection_name(n), Some(envir.as_str()), "{name}: id {n}");
        assert_eq!(f.value().display(), format!("{envir} (id {n})"), "{name}");
        checked.push((n, envir));
    }
    checked.sort();
    let count = |id: u32| checked.iter().filter(|(n, _)| *n == id).count();
    // 29 maps: Valley 3, Canyon 4, RedIsland 1, Stadium (2020) 19,
    // BlueBay 1, Storm 1.
    assert_eq!(checked.len(), 29, "{checked:?}");
    assert_eq!(
        [
            count(11),
            count(12),
            count(16),
            count(26),
            count(28),
            count(202)
        ],
        [3, 4, 1, 19, 1, 1]
    );
}

fn walk<'a>(fields: FieldList<'a>, out: &mut Vec<FieldRef<'a>>) {
    for f in fields {
        out.push(f);
        walk(f.children(), out);
    }
}

#[test]
fn every_collection_id_in_the_corpus_has_a_name() {
    if corpus_dir_or_warn("gbx_names").is_none() {
        return;
    }
    let (mut named, mut versions) = (0usize, Vec::new());
    for file in gbx_corpus() {
        let Ok(g) = &file.parse else { continue };
        let mut fields = Vec::new();
        for c in g
            .header
            .chunks
            .iter()
            .chain(g.nodes.iter().flat_map(|n| &n.chunks))
        {
            // Plug ids (a CPlugTree's name, 0x0904F00D) may be numbers of
            // the engine's global id table that are no collections (the
            // MP4 solid's tree named 27).
            if c.id >> 24 == 0x09 {
                continue;
            }
            walk(g.chunk_fields(c), &mut fields);
            if c.id == 0x2E00_1003 {
                versions.push(g.chunk_field(c, "version").unwrap().value());
            }
        }
        for f in fields {
            let Value::Lookback {
                kind: LookbackKind::Number(n),
                ..
            } = f.value()
            else {
                continue;
            };
            if f.name() == "ghostUid" {
                continue; // ghost uids (0x0309200E): plain numbers, not ids
            }
            assert!(
                f.name().to_ascii_lowercase().contains("collection") || f.name() == "environment",
                "{}: {} holds id {n}",
                file.path.display(),
                f.name()
            );
            let name = collection_name(n).unwrap_or_else(|| panic!("{}: id {n}", f.name()));
            assert_eq!(f.value().display(), format!("{name} (id {n})"));
            named += 1;
        }
    }
    // Ids in environment, block/item/collector collection fields.
    assert_eq!(named, 22_202);
    // Collector "Desc" versions are numbers stored as lookbacks: shown as
    // numbers, not as the collections 4, 5 and 8 (Bay, Coast, Plain).
    let count = |v: u32| versions.iter().filter(|x| **x == Value::U32(v)).count();
    assert_eq!([count(4), count(5), count(8)], [1, 3, 33]);
    assert_eq!(versions.len(), 37);
}

#[test]
fn map_names_lose_their_formatting_codes() {
    if corpus_dir_or_warn("gbx_names").is_none() {
        return;
    }
    let name_of = |file: &str| {
        let g = gbx_named(file).unwrap().gbx();
        let c = g.header_chunk(0x0304_3003).unwrap();
        match g.chunk_field(c, "mapName").unwrap().value() {
            Value::Str(s) => s,
            v => panic!("{v:?}"),
        }
    };
    let e01 = name_of("E01.Map.Gbx");
    assert_eq!(e01, "$fff$sE01");
    assert_eq!(strip(&e01), "E01");
    // Names that their file names repeat without codes.
    for (file, plain) in [
        (
            "E03 - Ultimate Nightmare.Map.Gbx",
            "E03 - Ultimate Nightmare",
        ),
        ("CCP#04 - ODYSSEY.Map.Gbx", "CCP#04 - ODYSSEY"),
        ("Tiger Blood.Map.Gbx", "Tiger Blood"),
        ("Alive.Map.Gbx", "Alive"),
    ] {
        let raw = name_of(file);
        assert!(raw.contains('$'), "{file}: {raw}");
        assert_eq!(strip(&raw), plain, "{file}");
    }
}

#[test]
fn corpus_names_strip_to_text_without_codes() {
    if corpus_dir_or_warn("gbx_names").is_none() {
        return;
    }
    let mut with_codes = 0;
    for file in gbx_corpus() {
        let Ok(g) = &file.parse else { continue };
        for (chunk, name) in [
            (0x0304_3003, "mapName"),
            (0x0304_3008, "authorNickname"),
            (0x0309_3000, "playerNickname"),
        ] {
            let Some(f) = g
                .header_chunk(chunk)
                .and_then(|c| g.chunk_fields(c).find(name))
            else {
                continue;
            };
            let (Value::Str(raw)
            | Value::Lookback {
                text: Some(raw), ..
            }) = f.value()
            else {
                continue;
            };
            let raw = raw.as_str();
            if !raw.contains('$') {
                assert_eq!(strip(raw), raw.replace('\u{feff}', ""));
                continue;
            }
            with_codes += 1;
            let plain = strip(raw);
            // No corpus name writes "$$": every dollar is a code.
            assert!(
                !plain.contains('$'),
                "{}: {raw:?} -> {plain:?}",
                file.path.display()
            );
            assert!(plain.chars().count() < raw.chars().count());
        }
    }
    assert_eq!(with_codes, 51);
}
