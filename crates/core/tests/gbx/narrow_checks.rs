//! The content checks follow the consumer (`Narrow::checks`, issue 46): a
//! damaged lightmap cache (0x0304303D) or ghost sample buffer (0x0303F005/6
//! in a MediaTracker clip) is noted by a full parse and by `inspect`, and
//! left unchecked by the library's details, which read no damage note and
//! give a full parse's details all the same.

use trackbench_core::gbx::classes::challenge::CHUNK_LIGHTMAPS;
use trackbench_core::gbx::classes::game_ghost::{
    CHUNK_DATA, CHUNK_DATA_REPLAYING, FIELD_COMPRESSED_DATA,
};
use trackbench_core::gbx::tools::inspect::parse_for_inspect;
use trackbench_core::gbx::{Gbx, read::body::Limits};
use trackbench_core::library::details::{DETAIL_CHUNKS, map_details_of};
use trackbench_core::toolbox::convert::decompress_file;

/// The body range of the first field named `field` in a chunk of the main
/// node whose id is in `ids` (`main_only`) or in any node's.
fn first_field(gbx: &Gbx, ids: &[u32], field: &str, main_only: bool) -> Option<(u64, u64)> {
    let nodes: Vec<_> = if main_only {
        gbx.main_node().into_iter().collect()
    } else {
        gbx.nodes.iter().collect()
    };
    nodes
        .into_iter()
        .flat_map(|n| &n.chunks)
        .filter(|c| ids.contains(&c.id))
        .find_map(|c| gbx.chunk_field(c, field))
        .map(|f| (f.range().start, f.range().end))
}

/// Flips the middle byte of `range` (body offsets) in `full`'s file stored
/// uncompressed; asserts that the details' parse of the mutant gives a
/// full parse's details, and returns the problems of a full parse, of
/// `inspect`'s parse and of the details' parse of the mutant.
fn damaged(full: &Gbx, (start, end): (u64, u64)) -> [Vec<String>; 3] {
    let stored = decompress_file(full).expect("stored uncompressed");
    let base = stored.len() - full.body.len();
    let mut m = stored;
    m[base + usize::try_from(start + (end - start) / 2).unwrap()] ^= 0xFF;
    let f = Gbx::parse(m.clone()).expect("full parse of the mutant");
    let i = parse_for_inspect(m.clone(), Limits::default()).expect("inspect parse");
    let d = Gbx::parse_narrow(m, Limits::default(), &DETAIL_CHUNKS).expect("details parse");
    assert_eq!(map_details_of(&d), map_details_of(&f));
    [f.problems, i.problems, d.problems]
}

fn mentions(problems: &[String], what: &str) -> bool {
    problems.iter().any(|p| p.contains(what))
}

/// In the first two corpus maps (compressed bodies) where `find` gives
/// a range, flips a byte in it: a full parse and `inspect` note `what`, the
/// details' parse does not (and gives a full parse's details).
fn assert_unchecked_in_two_maps(what: &str, find: impl Fn(&Gbx) -> Option<(u64, u64)>) {
    let mut maps = 0;
    for c in trackbench_testkit::gbx_corpus() {
        let Ok(full) = &c.parse else { continue };
        let is_map = trackbench_core::gbx::class_label(full.header.class_id) == "CGameCtnChallenge";
        if !is_map || maps == 2 || !full.header.body_compressed {
            continue;
        }
        let Some(range) = find(full) else { continue };
        let [f, i, d] = damaged(full, range);
        assert!(mentions(&f, what), "{}: full parse {f:?}", c.name);
        assert!(mentions(&i, what), "{}: inspect {i:?}", c.name);
        assert!(!mentions(&d, what), "{}: details {d:?}", c.name);
        maps += 1;
    }
    assert_eq!(maps, 2, "maps where {what} can be damaged");
}

#[test]
fn details_leave_a_damaged_lightmap_cache_unchecked() {
    assert_unchecked_in_two_maps("lightmap cache", |full| {
        first_field(full, &[CHUNK_LIGHTMAPS], "lightmapCacheData", true)
    });
}

/// A ghost is checked only where the details walk the clip (a ghost chunk
/// they step over by its size is never read).
#[test]
fn details_leave_a_damaged_ghost_in_a_clip_unchecked() {
    let ids = [CHUNK_DATA, CHUNK_DATA_REPLAYING];
    assert_unchecked_in_two_maps("ghost sample stream", |full| {
        first_field(full, &ids, FIELD_COMPRESSED_DATA, false)
    });
}
