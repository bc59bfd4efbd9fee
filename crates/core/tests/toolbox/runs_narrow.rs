//! Issue 46: the runs come from the ghosts narrow form
//! (`toolbox::runs::RUN_CHUNKS`): on every corpus file with a ghost node
//! (replays, ghosts, maps with a validation or MediaTracker ghost) its runs
//! equal a full parse's, field for field, and every node it reads is read
//! as the full parse reads it.

use trackbench_core::gbx::access::ghosts::CTN_GHOST;
use trackbench_core::gbx::{ChunkStatus, Gbx, read::body::Limits};
use trackbench_core::toolbox::runs::{RUN_CHUNKS, Run, runs_of};
use trackbench_testkit::CorpusGbx;

/// A run as comparable text: `Run` holds f32 positions and speeds, and
/// the Debug form compares them bit for bit, NaN included.
fn runs_text(runs: &[Run]) -> Vec<String> {
    runs.iter().map(|r| format!("{r:?}")).collect()
}

/// Compares one file; returns its runs and the skippable chunks the
/// narrow form left raw where a full parse decodes them.
fn compare_one(c: &CorpusGbx) -> (usize, usize) {
    let full = c.gbx();
    let narrow = Gbx::parse_narrow(c.bytes().to_vec(), Limits::default(), &RUN_CHUNKS).unwrap();
    let name = &c.name;
    assert!(narrow.is_narrow(), "{name}");
    let runs = runs_of(&narrow, name);
    assert_eq!(runs_text(&runs), runs_text(&runs_of(full, name)), "{name}");
    assert_eq!(narrow.partial_reason(), full.partial_reason(), "{name}");
    // Nodes, chunk shapes, statuses and notes as the full parse's, but for
    // the skippable chunks left raw (`trackbench_testkit::narrow`).
    let counts = trackbench_testkit::narrow::assert_reads_like_full(&narrow, full, name);
    // Of the main node's chunks, no skippable one outside the list is
    // decoded (a listed chunk is recorded with everything inside it, so
    // the nodes nested in it have theirs decoded: `Narrow::chunks`).
    for ch in narrow.nodes.iter().take(1).flat_map(|n| &n.chunks) {
        if ch.skippable && !RUN_CHUNKS.records(ch.id) {
            assert_ne!(ch.status, ChunkStatus::Decoded, "{name}: {:#010x}", ch.id);
        }
    }
    (runs.len(), counts.stepped_over)
}

#[test]
fn narrow_runs_are_the_runs_of_a_full_parse() {
    let with_ghost: Vec<&CorpusGbx> = trackbench_testkit::gbx_corpus()
        .iter()
        .filter(|c| {
            c.parse
                .as_ref()
                .is_ok_and(|g| g.nodes.iter().any(|n| n.class_id == CTN_GHOST))
        })
        .collect();
    if with_ghost.is_empty() {
        return;
    }
    let (mut runs, mut raw) = (0, 0);
    for c in &with_ghost {
        let (r, s) = compare_one(c);
        runs += r;
        raw += s;
    }
    let files = with_ghost.len();
    eprintln!("narrow runs: {files} files with a ghost, {runs} runs, {raw} chunks left raw");
    // 85 files with a ghost node, 99 runs, 1669 skippable chunks left raw
    // where a full parse decodes them (2026-11-29): a narrow form that
    // decoded everything would leave none.
    assert!(
        files >= 85 && runs >= 99 && raw >= 1669,
        "{files} files with a ghost compared, {runs} runs, {raw} skippable chunks left raw"
    );
}
