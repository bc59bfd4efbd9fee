//! Hostile input: random byte mutations of a map whose body is stored
//! uncompressed (so mutations reach the chunk readers) never panic, and
//! whatever is read keeps consistent ranges.

use proptest::prelude::*;
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::tools::sample::sample_map;

/// The sample map with its body stored uncompressed ('U' at byte 7).
fn uncompressed_sample() -> Vec<u8> {
    let gbx = Gbx::parse(sample_map()).unwrap();
    let info = gbx.body_info.as_ref().unwrap();
    let mut out = gbx.file[..usize::try_from(info.offset).unwrap()].to_vec();
    assert_eq!(out[7], b'C');
    out[7] = b'U';
    out.extend_from_slice(&gbx.body);
    out
}

#[test]
fn the_uncompressed_variant_reads_completely() {
    let gbx = Gbx::parse(uncompressed_sample()).unwrap();
    assert!(gbx.summary().main_node_complete, "{:?}", gbx.problems);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    #[test]
    fn mutated_files_never_panic(edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..12)) {
        let mut data = uncompressed_sample();
        for (i, b) in &edits {
            let at = i.index(data.len());
            data[at] = *b;
        }
        if let Ok(gbx) = Gbx::parse(data) {
            for n in &gbx.nodes {
                for c in &n.chunks {
                    prop_assert!(c.range.end <= gbx.body.len() as u64);
                    prop_assert!(c.data_range.start >= c.range.start);
                }
            }
            if let Some(t) = &gbx.tail {
                prop_assert!(t.offset.get() + t.len == gbx.body.len() as u64);
            }
        }
    }
}
