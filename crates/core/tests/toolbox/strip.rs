//! `toolbox::strip`: a stripped map re-reads complete, without the stripped
//! part, its body smaller by exactly the stripped bytes and the file by at
//! least most of the lightmap images.

use crate::name;
use trackbench_core::gbx::access::images::lightmap_frames;
use trackbench_core::gbx::read::field::LookbackKind;
use trackbench_core::gbx::write::{WriteOptions, write};
use trackbench_core::gbx::{FieldList, Gbx, Value};
use trackbench_core::toolbox::strip::{StripKind, plan, strip};
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus_ending};

#[test]
fn stripped_lightmaps_re_read_complete_and_smaller() {
    if corpus_dir_or_warn("toolbox strip lightmaps").is_none() {
        return;
    }
    let mut checked = 0;
    for file in gbx_corpus_ending(".gbx") {
        let path = &file.path;
        let g = file.gbx();
        let frames: u64 = lightmap_frames(g).iter().map(|(_, b)| b.len() as u64).sum();
        let Ok(p) = plan(g, StripKind::Lightmaps) else {
            continue;
        };
        let n = name(path);
        let out = strip(g, StripKind::Lightmaps).unwrap();
        let s = Gbx::parse(out.clone()).unwrap();
        assert!(s.summary().completeness.complete, "{n}: {:?}", s.problems);
        assert_eq!(s.nodes.len(), g.nodes.len(), "{n}");
        assert!(lightmap_frames(&s).is_empty(), "{n}: lightmaps left");
        assert!(
            plan(&s, StripKind::Lightmaps).is_err(),
            "{n}: nothing left to strip"
        );
        assert_eq!(
            s.body.len() as u64,
            g.body.len() as u64 - p.body_bytes_removed,
            "{n}"
        );
        assert!(p.body_bytes_removed >= frames, "{n}");
        // JPEG/WebP frames do not compress: against the same file
        // recompressed by our LZO1X-1 (the game's compressor packs tighter,
        // so the original itself is no fair baseline), the stripped file
        // loses at least 90% of them.
        let baseline = write(
            g,
            &[],
            WriteOptions {
                force_recompress: true,
            },
        )
        .unwrap();
        let saved = baseline.len() as u64 - out.len() as u64;
        assert!(saved >= frames * 9 / 10, "{n}: {saved} {frames}");
        checked += 1;
    }
    assert!(checked >= 3, "{checked} maps with lightmaps");
}

/// Bytes of the lookback strings stored anew (text and length prefix) in the
/// ghost nodes of `g`: where strings the validation ghost stored first are
/// written again once it is gone (`edit::lookback_fix`).
fn new_strings_in_ghosts(g: &Gbx) -> u64 {
    fn walk(fields: FieldList<'_>) -> u64 {
        fields
            .iter()
            .map(|f| {
                let own = match f.value() {
                    Value::Lookback {
                        text: Some(t),
                        kind: LookbackKind::New,
                    } => t.len() as u64 + 4,
                    _ => 0,
                };
                own + walk(f.children())
            })
            .sum()
    }
    g.nodes
        .iter()
        .filter(|n| n.class_id == 0x0309_2000)
        .flat_map(|n| n.chunks.iter())
        .map(|c| walk(g.chunk_fields(c)))
        .sum()
}

#[test]
fn stripped_validation_ghost_re_reads_complete_without_a_ghost() {
    if corpus_dir_or_warn("toolbox strip validation").is_none() {
        return;
    }
    let mut stripped = Vec::new();
    for file in gbx_corpus_ending(".Map.Gbx") {
        let path = &file.path;
        let g = file.gbx();
        let Ok(p) = plan(g, StripKind::Validation) else {
            continue;
        };
        let n = name(path);
        let ghosts = trackbench_core::gbx::ghosts(g).len();
        assert!(ghosts >= 1, "{n}");
        // The ghost may store lookback strings that later chunks refer back
        // to: the engine writes them anew there. It would refuse (saying
        // which chunk) if a raw chunk later in the scope could refer to them
        // by number; since the ghost chunks 0x0303F007, 0x0309201B and
        // 0x0309202B are decoded (2026-11-27) no corpus map has one.
        let bytes = strip(g, StripKind::Validation).unwrap_or_else(|e| panic!("{n}: {e}"));
        let s = Gbx::parse(bytes).unwrap();
        assert!(s.summary().completeness.complete, "{n}: {:?}", s.problems);
        assert!(
            s.partial_reason().is_none(),
            "{n}: {:?}",
            s.partial_reason()
        );
        let (before, after) = (
            trackbench_core::gbx::ghosts(g),
            trackbench_core::gbx::ghosts(&s),
        );
        assert_eq!(after.len(), ghosts - 1, "{n}");
        // The ghosts left read back with their values (Tiger Blood's second
        // ghost: its strings now stored in it, its race result decoded).
        for a in &after {
            let b = before
                .iter()
                .find(|b| b.nickname == a.nickname && b.race_time_ms == a.race_time_ms)
                .unwrap_or_else(|| panic!("{n}: ghost {:?} not in the original", a.nickname));
            assert_eq!(a.checkpoints, b.checkpoints, "{n}");
            assert_eq!(a.respawns, b.respawns, "{n}");
            assert_eq!(a.login, b.login, "{n}");
        }
        // Smaller by the ghost, give or take the strings a later ghost now
        // stores itself (Tiger Blood: 98 bytes in its second ghost).
        let slack = 64 + new_strings_in_ghosts(&s);
        assert!(
            s.body.len() as u64 <= g.body.len() as u64 - p.body_bytes_removed + slack,
            "{n}: {} of {}, {} removed",
            s.body.len(),
            g.body.len(),
            p.body_bytes_removed
        );
        if n == "Tiger Blood.Map.Gbx" {
            // Its second ghost (0x0309201B: 8 checkpoints, 47,804 ms).
            assert_eq!(after[0].race_time_ms, Some(47_804), "{n}");
            assert_eq!(after[0].checkpoints.len(), 8, "{n}");
        }
        stripped.push((n, ghosts));
    }
    eprintln!("validation ghost stripped from {stripped:?}");
    // 2026-11-27: 9 of 9 since the ghost chunks 0x0303F007, 0x0309201B and
    // 0x0309202B are decoded (was 8: Tiger Blood refused by its second
    // ghost's raw chunks; 3 before 0x0304305C/05E/064/067 were decoded).
    if !stripped.is_empty() {
        assert_eq!(stripped.len(), 9, "{stripped:?}");
        assert!(
            stripped
                .iter()
                .any(|(n, g)| n == "Tiger Blood.Map.Gbx" && *g == 2),
            "{stripped:?}"
        );
    }
}
