//! Honest completeness (issue 16, finding 2): a file whose nested node
//! stops is never reported complete, even when the main node reaches its
//! end. Files are the built-in sample with chunks made here.

use trackbench_core::bytes::ByteRange;
use trackbench_core::bytes::ByteWriter;
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::read::field::LookbackKind;
use trackbench_core::gbx::tools::inspect::inspect;
use trackbench_core::gbx::tools::sample::{
    sample_map, sample_map_with_body_chunks, sample_map_with_stopped_metadata, skippable_chunk,
};
use trackbench_core::gbx::{FieldList, Value};
use trackbench_core::toolbox::convert::decompress_file;

#[test]
fn a_nested_node_that_stops_makes_the_file_partial() {
    let gbx = Gbx::parse(sample_map_with_stopped_metadata()).unwrap();
    let s = gbx.summary();
    assert!(s.main_node_complete, "{:?}", gbx.problems);
    let c = &s.completeness;
    assert!(!c.complete, "{c:?}");
    assert_eq!(c.stopped_nodes.len(), 1, "{c:?}");
    let stop = &c.stopped_nodes[0];
    assert_eq!(stop.class_id, 0x1100_2000);
    assert_eq!(stop.class_name, "CScriptTraitsMetadata");
    assert_eq!(stop.parent_chunk_id, Some(0x0304_3044));
    assert!(stop.reason.contains("0x11001000"), "{}", stop.reason);
    assert!(stop.node > 0);
    // The stop is where the unknown chunk is, inside the body.
    assert!(stop.body_offset > 0 && stop.body_offset < gbx.body.len() as u64);
    assert!(
        gbx.problems
            .iter()
            .any(|p| p.contains("CScriptTraitsMetadata")),
        "the stop is a problem too: {:?}",
        gbx.problems
    );
    assert!(gbx.nodes_with_stops().contains(&0));
    assert!(gbx.nodes_with_stops().contains(&stop.node));
    let json = serde_json::to_value(inspect(&gbx, "x.Gbx", gbx.file.len())).unwrap();
    let cj = &json["summary"]["completeness"];
    assert_eq!(cj["complete"], false);
    assert_eq!(cj["stopped_nodes"][0]["class_id"], "0x11002000");
    assert_eq!(cj["stopped_nodes"][0]["parent_chunk_id"], "0x03043044");
}

#[test]
fn the_sample_is_complete_and_a_truncated_body_is_not() {
    let gbx = Gbx::parse(sample_map()).unwrap();
    let c = gbx.completeness();
    assert!(c.complete && c.stopped_nodes.is_empty(), "{c:?}");
    // An unknown non-skippable chunk in the main node stops it.
    let mut w = ByteWriter::new();
    w.u32(0x0304_30EE);
    w.u32(7);
    let gbx = Gbx::parse(sample_map_with_body_chunks(&w.into_inner())).unwrap();
    let c = gbx.completeness();
    assert!(!c.complete);
    assert_eq!(c.stopped_nodes[0].node, 0);
    assert!(
        c.describe()
            .starts_with("partial: node #0 CGameCtnChallenge"),
        "{}",
        c.describe()
    );
}

/// The sample map with its declared uncompressed body size changed by
/// `delta`, or its compressed data cut by `cut` bytes (sizes kept
/// consistent with the file).
fn sample_with_body(delta: i64, cut: usize) -> (Vec<u8>, u64) {
    let mut file = sample_map();
    let body_at = Gbx::parse(file.clone()).unwrap().body_info.unwrap().offset as usize;
    let size = u32::from_le_bytes(file[body_at..body_at + 4].try_into().unwrap());
    let size = u32::try_from(i64::from(size) + delta).unwrap();
    file[body_at..body_at + 4].copy_from_slice(&size.to_le_bytes());
    let packed = u32::from_le_bytes(file[body_at + 4..body_at + 8].try_into().unwrap());
    let packed = packed - cut as u32;
    file[body_at + 4..body_at + 8].copy_from_slice(&packed.to_le_bytes());
    file.truncate(file.len() - cut);
    (file, body_at as u64 + 8)
}

#[test]
fn an_lzo_stream_shorter_than_the_declared_size_is_a_problem_with_the_body_offset() {
    let real = Gbx::parse(sample_map()).unwrap().body.len();
    let (file, _) = sample_with_body(16, 0);
    let gbx = Gbx::parse(file).unwrap();
    assert_eq!(gbx.body.len(), real, "cut where the decoded data ends");
    let p = gbx
        .problems
        .iter()
        .find(|p| p.contains("short"))
        .expect("reported");
    assert!(p.contains(&format!("body offset {real:#x}")), "{p}");
    assert!(p.contains("16 short"), "{p}");
    let c = gbx.completeness();
    assert!(!c.complete && c.body_problem.is_some(), "{c:?}");
}

#[test]
fn an_lzo_overrun_or_missing_end_marker_names_the_compressed_range() {
    let (file, data_at) = sample_with_body(-16, 0);
    let gbx = Gbx::parse(file).unwrap();
    let p = gbx.problems.join("\n");
    assert!(p.contains("overruns the declared"), "{p}");
    assert!(p.contains(&format!("file offsets {data_at:#x}..")), "{p}");
    assert!(!gbx.completeness().complete);
    // The LZO1X end marker is the stream's last 3 bytes (0x11 0x00 0x00).
    let (file, _) = sample_with_body(0, 3);
    let gbx = Gbx::parse(file).unwrap();
    let p = gbx.problems.join("\n");
    assert!(p.contains("ends before its end marker"), "{p}");
    assert!(gbx.completeness().body_unread.is_some());
}

/// Issue 30 "Damage": the sample stored uncompressed (the same body, so
/// body offsets are file offsets less `body_at`), where its body starts, and
/// the body range of its first lookback field that is a new string
/// (`want_new`) or a back-reference.
fn sample_and_lookback(want_new: bool) -> (Vec<u8>, usize, ByteRange) {
    fn walk(list: FieldList<'_>, want_new: bool) -> Option<ByteRange> {
        list.iter().find_map(|f| {
            if f.is_group() {
                return walk(f.children(), want_new);
            }
            match f.value() {
                Value::Lookback {
                    kind: LookbackKind::New,
                    text: Some(t),
                } if want_new && !t.is_empty() => Some(f.range()),
                Value::Lookback {
                    kind: LookbackKind::Ref(_),
                    ..
                } if !want_new => Some(f.range()),
                _ => None,
            }
        })
    }
    let gbx = Gbx::parse(sample_map()).unwrap();
    let stored = decompress_file(&gbx).unwrap();
    let gbx = Gbx::parse(stored.clone()).unwrap();
    assert!(gbx.completeness().complete);
    let body_at = usize::try_from(gbx.body_info.as_ref().unwrap().data_range.start).unwrap();
    let range = gbx
        .nodes
        .iter()
        .flat_map(|n| &n.chunks)
        .find_map(|c| walk(gbx.chunk_fields(c), want_new))
        .expect("the sample has lookback strings");
    (stored, body_at, range)
}

#[test]
fn a_lookback_string_that_is_not_utf8_makes_the_file_partial() {
    let (mut file, body_at, range) = sample_and_lookback(true);
    let first_text_byte = body_at + usize::try_from(range.start).unwrap() + 8;
    file[first_text_byte] ^= 0xFF;
    let gbx = Gbx::parse(file).unwrap();
    let c = gbx.completeness();
    assert!(!c.complete, "{c:?}");
    assert!(c.stopped_nodes.is_empty(), "the nodes read to their end");
    assert_eq!(c.damaged_chunks.len(), 1, "{c:?}");
    let what = format!(
        "lookback string at body offset {:#x} is not UTF-8 in chunk",
        range.start
    );
    assert!(c.damaged_chunks[0].starts_with(&what), "{c:?}");
    assert_eq!(gbx.partial_reason(), Some(c.describe()));
    assert!(c.describe().starts_with("partial: lookback string"));
}

#[test]
fn a_dangling_lookback_reference_makes_the_file_partial() {
    let (mut file, body_at, range) = sample_and_lookback(false);
    let at = body_at + usize::try_from(range.start).unwrap();
    file[at..at + 4].copy_from_slice(&0x4000_3FFF_u32.to_le_bytes());
    let gbx = Gbx::parse(file).unwrap();
    let c = gbx.completeness();
    assert!(!c.complete, "{c:?}");
    let what = format!(
        "lookback back-reference #16383 names no stored string (at body offset {:#x}) in chunk",
        range.start
    );
    assert!(c.damaged_chunks[0].starts_with(&what), "{c:?}");
    let json = serde_json::to_value(inspect(&gbx, "x.Gbx", gbx.file.len())).unwrap();
    let cj = &json["summary"]["completeness"];
    assert_eq!(cj["complete"], false);
    assert!(cj["damaged_chunks"][0].as_str().unwrap().starts_with(&what));
}

#[test]
fn a_skippable_chunk_its_decoder_does_not_read_to_its_size_makes_the_file_partial() {
    // Script metadata (0x03043044) holding 3 bytes: its decoder fails, the
    // chunk is skipped by its size and kept raw; the main node goes on.
    let bytes = sample_map_with_body_chunks(&skippable_chunk(0x0304_3044, &[1, 2, 3]));
    let gbx = Gbx::parse(bytes).unwrap();
    assert!(gbx.summary().main_node_complete);
    let c = gbx.completeness();
    assert!(!c.complete, "{c:?}");
    assert!(
        c.damaged_chunks[0].starts_with("skippable chunk 0x03043044 of node #0 kept raw: "),
        "{c:?}"
    );
    // The undamaged sample has none of these.
    let clean = Gbx::parse(sample_map()).unwrap().completeness();
    assert!(clean.damaged_chunks.is_empty());
    let json = serde_json::to_value(&clean).unwrap();
    assert!(
        json.get("damaged_chunks").is_none(),
        "absent from JSON when empty"
    );
}

/// The body range of the first ghost sample stream (the zlib data of
/// 0x0303F005 or 0x0303F006) of `gbx`, with its node and chunk id.
fn sample_stream(gbx: &Gbx) -> Option<(usize, u32, ByteRange)> {
    use trackbench_core::gbx::classes::game_ghost::{
        CHUNK_DATA, CHUNK_DATA_REPLAYING, FIELD_COMPRESSED_DATA,
    };
    gbx.nodes
        .iter()
        .enumerate()
        .flat_map(|(n, node)| node.chunks.iter().map(move |c| (n, c)))
        .filter(|(_, c)| [CHUNK_DATA, CHUNK_DATA_REPLAYING].contains(&c.id))
        .find_map(|(n, c)| {
            let f = gbx.chunk_fields(c).find(FIELD_COMPRESSED_DATA)?;
            Some((n, c.id, f.range()))
        })
}

/// Issue 43, finding 7: a ghost's sample stream (the zlib data of
/// 0x0303F005/6) whose Adler-32 checksum fails made `dump` show
/// `ghostDataError: … bad checksum` while the file read complete. The
/// first corpus replay with such a stream is stored uncompressed (body
/// offsets are file offsets less `body_at`) and the stream's last byte, in
/// its checksum, is flipped: the file is partial, naming the chunk, the
/// node and the body offset.
#[test]
fn finding_7_a_ghost_sample_stream_with_a_bad_checksum_makes_the_file_partial() {
    let Some((name, stored, (node, id, data))) =
        trackbench_testkit::gbx_corpus_ending(".Replay.Gbx").find_map(|f| {
            let stored = decompress_file(f.parse.as_ref().ok()?).ok()?;
            let gbx = Gbx::parse(stored.clone()).ok()?;
            let found = sample_stream(&gbx).filter(|_| gbx.completeness().complete)?;
            Some((f.name.clone(), stored, found))
        })
    else {
        return;
    };
    assert_eq!(name, "011_BigBang1112(00'26''45).Replay.Gbx");
    let gbx = Gbx::parse(stored.clone()).unwrap();
    let body_at = usize::try_from(gbx.body_info.as_ref().unwrap().data_range.start).unwrap();
    let mut file = stored;
    file[body_at + usize::try_from(data.end).unwrap() - 1] ^= 0x01;
    let gbx = Gbx::parse(file).unwrap();
    let c = gbx.completeness();
    assert!(!c.complete, "{c:?}");
    let place = format!(
        "(at body offset {:#x}) in chunk {id:#010x} of node #{node}",
        data.start
    );
    let [one] = c.damaged_chunks.as_slice() else {
        panic!("one damage: {c:?}");
    };
    assert!(one.starts_with("ghost sample stream: zlib: "), "{one}");
    assert!(
        one.contains("bad checksum") && one.ends_with(&place),
        "{one}"
    );
    assert_eq!(gbx.partial_reason().as_ref(), Some(one));
}

/// Issue 43, finding 7: bytes after the main node's 0xFACADE01 (a stored
/// body runs to the end of the file, so anything appended to it lands
/// there) make the file partial with their count and body offset.
#[test]
fn finding_7_bytes_after_the_main_node_make_the_file_partial() {
    let stored = decompress_file(&Gbx::parse(sample_map()).unwrap()).unwrap();
    let end = Gbx::parse(stored.clone()).unwrap().body.len();
    let mut file = stored;
    file.extend_from_slice(&[0xAB; 100]);
    let gbx = Gbx::parse(file).unwrap();
    let c = gbx.completeness();
    assert!(!c.complete, "{c:?}");
    assert_eq!(
        c.damaged_chunks,
        vec![format!(
            "100 bytes after the end of the main node's 0xFACADE01 (from body offset {end:#x})"
        )]
    );
}

/// `Summer 2020 - 11.Map.Gbx` stored uncompressed (body offsets are file
/// offsets less the returned start), parsed.
fn summer_2020_11_stored() -> Option<(Vec<u8>, usize, Gbx)> {
    let dir = trackbench_testkit::corpus_dir_or_warn("block bounds")?;
    let bytes = std::fs::read(dir.join("gbx/Summer 2020 - 11.Map.Gbx")).ok()?;
    let stored = decompress_file(&Gbx::parse(bytes).unwrap()).unwrap();
    let gbx = Gbx::parse(stored.clone()).unwrap();
    let body_at = usize::try_from(gbx.body_info.as_ref().unwrap().data_range.start).unwrap();
    Some((stored, body_at, gbx))
}

/// The body range of the first `field` of the first block of chunk `id`.
fn first_block_field(gbx: &Gbx, id: u32, field: &str) -> ByteRange {
    let chunk = gbx.nodes[0].chunks.iter().find(|c| c.id == id).unwrap();
    gbx.chunk_fields(chunk).find(field).unwrap().range()
}

/// Issue 43, finding 7: one flipped byte in a block's direction or
/// coordinate read as a real block. In the map's own blocks (0x0304301F)
/// a direction above 3 is damage; in its baked blocks (0x03043048, where
/// the corpus holds directions 4 and 6 and coordinates one past the size
/// of 48 x 40 x 48) a direction above 7 or a coordinate past the size + 1,
/// and a baked direction of 7 is not.
#[test]
fn finding_7_block_directions_and_coordinates_out_of_range_make_the_map_partial() {
    use trackbench_core::gbx::classes::challenge::{
        CHUNK_BAKED_BLOCKS, CHUNK_BLOCKS, FIELD_BLOCK_COORD, FIELD_BLOCK_DIRECTION,
    };
    let Some((stored, body_at, gbx)) = summer_2020_11_stored() else {
        return;
    };
    assert!(gbx.completeness().complete);
    let with = |range: ByteRange, value: u8| {
        let mut file = stored.clone();
        file[body_at + usize::try_from(range.start).unwrap()] = value;
        Gbx::parse(file).unwrap().completeness().damaged_chunks
    };
    let own = first_block_field(&gbx, CHUNK_BLOCKS, FIELD_BLOCK_DIRECTION);
    let baked = first_block_field(&gbx, CHUNK_BAKED_BLOCKS, FIELD_BLOCK_DIRECTION);
    let baked_x = first_block_field(&gbx, CHUNK_BAKED_BLOCKS, FIELD_BLOCK_COORD[0]);
    let one = |damage: Vec<String>| match damage.as_slice() {
        [one] => one.clone(),
        _ => panic!("one damage: {damage:?}"),
    };
    let d = one(with(own, 4));
    assert!(d.starts_with("block direction 4 (0 to 3)"), "{d}");
    let d = one(with(baked, 8));
    assert!(d.starts_with("block direction 8 (0 to 7)"), "{d}");
    assert_eq!(with(baked, 7), Vec::<String>::new());
    assert_eq!(with(baked_x, 49), Vec::<String>::new(), "size + 1");
    let d = one(with(baked_x, 50));
    assert!(
        d.contains(") past (49, 41, 49), what the map's size allows"),
        "{d}"
    );
}
