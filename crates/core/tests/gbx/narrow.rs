//! Narrow forms (issue 46) against a full parse, on every corpus map: the
//! blocks-and-items summary (`access::map_contents::SUMMARY_CHUNKS`) gives
//! the blocks, items and map info of a full parse, and reads the same
//! nodes and chunks to the same ends (`trackbench_testkit::narrow`). The
//! library's details form is checked in the library tests
//! (`narrow_details_are_the_details_of_a_full_parse`).

use trackbench_core::gbx::access::map_contents::{SUMMARY_CHUNKS, map_contents};
use trackbench_core::gbx::read::typed_blocks::TypedRecord;
use trackbench_core::gbx::read::typed_items::TypedItemRecord;
use trackbench_core::gbx::{ChunkStatus, Gbx, MapInfo, read::body::Limits};
use trackbench_testkit::narrow::assert_reads_like_full;

#[test]
fn narrow_summary_is_the_summary_of_a_full_parse() {
    let (mut maps, mut with_blocks, mut with_items, mut walked) = (0, 0, 0, 0);
    let (mut typed, mut recorded, mut runs, mut in_runs) = (0, 0, 0, 0);
    let (mut items_typed, mut items_recorded) = (0, 0);
    let (mut stepped, mut walked_shared) = (0, 0);
    for c in trackbench_testkit::gbx_corpus() {
        let Ok(full) = &c.parse else { continue };
        if trackbench_core::gbx::class_label(full.header.class_id) != "CGameCtnChallenge" {
            continue;
        }
        let narrow = Gbx::parse_narrow(c.bytes().to_vec(), Limits::default(), &SUMMARY_CHUNKS)
            .unwrap_or_else(|e| panic!("{}: {e}", c.name));
        let contents = map_contents(&narrow);
        let full_contents = map_contents(full);
        if let (Some(n), Some(f)) = (&contents, &full_contents) {
            for (i, (a, b)) in n.blocks().zip(f.blocks()).enumerate() {
                assert_eq!(a, b, "{}: block {i}", c.name);
            }
        }
        assert_eq!(contents, full_contents, "{}: blocks and items", c.name);
        assert_eq!(MapInfo::read(&narrow), MapInfo::read(full), "{}", c.name);
        let counts = assert_reads_like_full(&narrow, full, &c.name);
        let (s, w) = skippable_outside_the_list(&narrow, &c.name);
        stepped += s;
        walked_shared += w;
        for r in narrow.typed_items.iter().flat_map(|l| &l.records) {
            match r {
                TypedItemRecord::Typed(_) => items_typed += 1,
                TypedItemRecord::Recorded => items_recorded += 1,
            }
        }
        for r in narrow.typed_blocks.iter().flat_map(|l| &l.records) {
            match r {
                TypedRecord::Run { count, .. } => {
                    typed += *count as usize;
                    in_runs += *count as usize;
                    runs += 1;
                }
                TypedRecord::Typed(_) => typed += 1,
                TypedRecord::Recorded => recorded += 1,
            }
        }
        maps += 1;
        walked += usize::from(counts.walked > 0);
        let contents = contents.unwrap_or_default();
        with_blocks += usize::from(!contents.blocks.is_empty());
        with_items += usize::from(!contents.items.is_empty());
    }
    eprintln!(
        "narrow summary: {maps} maps, {with_blocks} with blocks, {with_items} with items, \
         {walked} with walked chunks; block records typed {typed} ({in_runs} in {runs} runs), recorded \
         {recorded}; items typed {items_typed}, recorded {items_recorded}"
    );
    eprintln!(
        "skippable chunks outside the list: {stepped} stepped over (genealogies, TM2020 \
         lightmaps), {walked_shared} walked (authors)"
    );
    assert!(
        stepped >= STEPPED && walked_shared >= WALKED_SHARED,
        "stepped over {stepped} ({STEPPED} expected), walked {walked_shared} ({WALKED_SHARED})"
    );
    // The 111 .Map/.Challenge files alone: 408,157 plain records handed
    // out typed, 8,278 recorded in the table (author and skin, properties:
    // read as a full parse reads them), both equal to a full parse's blocks.
    assert!(
        typed >= 408_157 && recorded >= 8_278,
        "block records typed {typed} (408,157 expected), recorded {recorded} (8,278)"
    );
    // Most typed records are stepped over in runs, not handed out one by
    // one (the summary's speed rests on it: BENCHMARKS.md session 46i).
    assert!(
        in_runs >= IN_RUNS && runs > 0,
        "{in_runs} typed records in {runs} runs ({IN_RUNS} expected)"
    );
    // 21,508 plain items handed out typed, 57 read as nodes (the first of
    // each list, before its lookback version; items with a waypoint).
    assert!(
        items_typed >= 21_508 && items_recorded >= 57,
        "items typed {items_typed} (21,508 expected), recorded {items_recorded} (57)"
    );
    // 118 maps, 117 with blocks, 17 with items (2026-11-29); every one
    // walks some chunk.
    assert!(
        maps >= 118 && with_blocks >= 117 && with_items >= 17 && walked == maps,
        "of {maps} maps (118 expected): {with_blocks} with blocks (117), {with_items} with \
         items (17), {walked} with walked chunks (all)"
    );
}

/// The summary form's skippable chunks outside its list (`Skippable::Strings`):
/// the encapsulated zone genealogies (0x03043043) and the lightmaps declared
/// `no_lookback()` (0x0304305B) are stepped over (raw), while the authors
/// (0x03043042), which share the body's lookback list, are walked (read to
/// their end, no field recorded). Returns (stepped over, walked).
fn skippable_outside_the_list(narrow: &Gbx, name: &str) -> (usize, usize) {
    let (mut stepped, mut walked) = (0, 0);
    for c in narrow.main_node().map_or(&[][..], |n| &n.chunks[..]) {
        match c.id {
            0x0304_3043 | 0x0304_305B => {
                assert_eq!(c.status, ChunkStatus::Raw, "{name}: chunk {:#010x}", c.id);
                stepped += 1;
            }
            0x0304_3042 => {
                assert_eq!(c.status, ChunkStatus::Decoded, "{name}: chunk 0x03043042");
                assert!(
                    narrow.chunk_fields(c).is_empty(),
                    "{name}: 0x03043042 walked"
                );
                walked += 1;
            }
            _ => {}
        }
    }
    (stepped, walked)
}

/// [`skippable_outside_the_list`]'s counts on the corpus (2026-11-29).
const STEPPED: usize = 62;
const WALKED_SHARED: usize = 39;

/// Typed block records stepped over in runs on the corpus (2026-11-30).
const IN_RUNS: usize = 418_243;

/// `trackbench inspect` parses with `INSPECT_CHUNKS` (every chunk walked,
/// the block lists recorded; in full after a damaged lookback string): on
/// every corpus .Gbx its inspection (nodes, chunks, statuses, counts,
/// completeness, problems) is a full parse's, to the byte of its JSON.
#[test]
fn narrow_inspection_is_the_inspection_of_a_full_parse() {
    use trackbench_core::gbx::tools::inspect::{inspect, parse_for_inspect};
    let (mut files, mut narrow_kept) = (0, 0);
    for c in trackbench_testkit::gbx_corpus() {
        let Ok(full) = &c.parse else { continue };
        let len = c.bytes().len();
        let narrow = parse_for_inspect(c.bytes().to_vec(), Limits::default())
            .unwrap_or_else(|e| panic!("{}: {e}", c.name));
        let json = |g: &Gbx| inspect(g, &c.name, len).to_json_string().unwrap();
        let (n, f) = (json(&narrow), json(full));
        let first = n.lines().zip(f.lines()).position(|(a, b)| a != b);
        let at = |t: &str| {
            first.map(|i| {
                t.lines()
                    .skip(i.saturating_sub(6))
                    .take(8)
                    .collect::<Vec<_>>()
                    .join("\n")
            })
        };
        assert!(
            n == f,
            "{}: the inspection differs:\n{:?}\nfull:\n{:?}",
            c.name,
            at(&n),
            at(&f)
        );
        if narrow.is_narrow() {
            narrow_kept += 1;
            let _ = assert_reads_like_full(&narrow, full, &c.name);
        }
        files += 1;
    }
    eprintln!("narrow inspection: {files} files, {narrow_kept} read narrow");
    // 229 files, none with a damaged lookback string (2026-11-29).
    assert!(
        files >= 229 && narrow_kept * 10 >= files * 9,
        "{files} files (229 expected), {narrow_kept} read narrow (all but a few expected)"
    );
}

/// Damage inside block lists (issue 46): in corpus maps whose block lists
/// hold both plain records (handed out typed by the summary form) and
/// records with more (recorded), stored uncompressed, one byte at a time is
/// flipped across 0x0304301F; the summary form gives the blocks and items
/// of a full parse of the same mutant, or both parses fail.
#[test]
fn narrow_summary_holds_on_damaged_block_lists() {
    use trackbench_core::gbx::classes::challenge::CHUNK_BLOCKS;
    let mixed = |narrow: &Gbx| {
        both(
            narrow
                .typed_blocks
                .iter()
                .flat_map(|l| &l.records)
                .map(|r| matches!(r, TypedRecord::Recorded)),
        )
    };
    let (maps, mutants, both_read, noted) = flip_across(CHUNK_BLOCKS, 400_000, mixed);
    eprintln!(
        "damaged block lists: {maps} maps, {mutants} mutants, {both_read} read by both, \
         {noted} placement notes"
    );
    assert!(
        maps == 3 && mutants >= 300 && noted > 0,
        "{maps} maps, {mutants} mutants, {noted} placement notes"
    );
}

/// Damage inside item lists (issue 46), as for the block lists: in corpus
/// maps whose 0x03043040 holds items handed out typed and items read as
/// nodes, one byte at a time is flipped across the chunk.
#[test]
fn narrow_summary_holds_on_damaged_item_lists() {
    let mixed = |narrow: &Gbx| {
        both(
            narrow
                .typed_items
                .iter()
                .flat_map(|l| &l.records)
                .map(|r| matches!(r, TypedItemRecord::Recorded)),
        )
    };
    let (maps, mutants, both_read, _) = flip_across(0x0304_3040, 2_000_000, mixed);
    eprintln!("damaged item lists: {maps} maps, {mutants} mutants, {both_read} read by both");
    assert!(
        maps == 3 && mutants >= 300,
        "{maps} maps, {mutants} mutants"
    );
}

/// True when `recorded` (one entry per record of a typed list: read as a
/// full parse reads it, or handed out typed) holds both kinds.
fn both(recorded: impl Iterator<Item = bool>) -> bool {
    let (mut typed, mut read) = (false, false);
    for r in recorded {
        (read, typed) = (read || r, typed || !r);
    }
    typed && read
}

/// Flips one byte at a time (100 places) across the main node's chunk
/// `chunk` in the first three corpus maps with a compressed body of at most
/// `max_body` bytes whose summary parse `pick` accepts, stored
/// uncompressed; asserts that the summary form gives the blocks and items
/// of a full parse of each mutant, and its block placement damage notes,
/// or both parses fail. Returns (maps, mutants, mutants read by both,
/// placement notes in them).
fn flip_across(
    chunk: u32,
    max_body: usize,
    pick: impl Fn(&Gbx) -> bool,
) -> (usize, usize, usize, usize) {
    use trackbench_core::toolbox::convert::decompress_file;
    let (mut maps, mut mutants, mut both_read, mut placements_noted) = (0, 0, 0, 0);
    for c in trackbench_testkit::gbx_corpus() {
        let Ok(full) = &c.parse else { continue };
        let Some(list) = full.main_chunk(chunk).map(|ch| ch.data_range) else {
            continue;
        };
        if maps == 3 || full.body.len() > max_body || !full.header.body_compressed {
            continue;
        }
        let narrow = Gbx::parse_narrow(c.bytes().to_vec(), Limits::default(), &SUMMARY_CHUNKS)
            .unwrap_or_else(|e| panic!("{}: {e}", c.name));
        if !pick(&narrow) {
            continue;
        }
        maps += 1;
        let stored = decompress_file(full).unwrap_or_else(|e| panic!("{}: {e}", c.name));
        let base = stored.len() - full.body.len();
        let step = (list.len() / 100).max(1) as usize;
        for at in (list.start as usize..list.end as usize).step_by(step) {
            let mut m = stored.clone();
            m[base + at] ^= 0xFF;
            mutants += 1;
            let f = Gbx::parse(m.clone());
            let n = Gbx::parse_narrow(m, Limits::default(), &SUMMARY_CHUNKS);
            match (&f, &n) {
                (Ok(f), Ok(n)) => {
                    both_read += 1;
                    assert_eq!(
                        map_contents(n),
                        map_contents(f),
                        "{}: byte flipped at body offset {at:#x}",
                        c.name
                    );
                    // A placement out of bounds is noted by both parses,
                    // whichever path of the block decoder read it.
                    assert_eq!(
                        placement_notes(n),
                        placement_notes(f),
                        "{}: byte flipped at body offset {at:#x}",
                        c.name
                    );
                    placements_noted += placement_notes(f).len();
                }
                (Err(_), Err(_)) => {}
                _ => panic!(
                    "{}: byte flipped at body offset {at:#x}: full {:?}, narrow {:?}",
                    c.name,
                    f.as_ref().err(),
                    n.as_ref().err()
                ),
            }
        }
    }
    (maps, mutants, both_read, placements_noted)
}

/// The problems of a parse that note a block's direction or coordinate
/// (`classes::block_records`).
fn placement_notes(gbx: &Gbx) -> Vec<&String> {
    let placement =
        |d: &&String| d.starts_with("block direction") || d.starts_with("block coordinate");
    gbx.problems.iter().filter(placement).collect()
}
