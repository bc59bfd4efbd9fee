//! Narrow forms (issue 46) against a full parse, on every corpus map: the
//! blocks-and-items summary (`access::map_contents::SUMMARY_CHUNKS`) gives
//! the blocks, items and map info of a full parse, and reads the same
//! nodes and chunks to the same ends (`trackbench_testkit::narrow`). The
//! library's details form is checked in the library tests
//! (`narrow_details_are_the_details_of_a_full_parse`).

use trackbench_core::gbx::access::map_contents::{SUMMARY_CHUNKS, map_contents};
use trackbench_core::gbx::{Gbx, MapInfo, read::body::Limits};
use trackbench_testkit::narrow::assert_reads_like_full;

#[test]
fn narrow_summary_is_the_summary_of_a_full_parse() {
    let (mut maps, mut with_blocks, mut with_items, mut walked) = (0, 0, 0, 0);
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
            for (i, (a, b)) in n.blocks.iter().zip(&f.blocks).enumerate() {
                assert_eq!(a, b, "{}: block {i}", c.name);
            }
        }
        assert_eq!(contents, full_contents, "{}: blocks and items", c.name);
        assert_eq!(MapInfo::read(&narrow), MapInfo::read(full), "{}", c.name);
        let counts = assert_reads_like_full(&narrow, full, &c.name);
        maps += 1;
        walked += usize::from(counts.walked > 0);
        let contents = contents.unwrap_or_default();
        with_blocks += usize::from(!contents.blocks.is_empty());
        with_items += usize::from(!contents.items.is_empty());
    }
    eprintln!(
        "narrow summary: {maps} maps, {with_blocks} with blocks, {with_items} with items, \
         {walked} with walked chunks"
    );
    // 118 maps, 117 with blocks, 17 with items (2026-11-29); every one
    // walks some chunk.
    assert!(
        maps >= 118 && with_blocks >= 117 && with_items >= 17 && walked == maps,
        "of {maps} maps (118 expected): {with_blocks} with blocks (117), {with_items} with \
         items (17), {walked} with walked chunks (all)"
    );
}
