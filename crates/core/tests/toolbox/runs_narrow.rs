//! Issue 46: the runs come from the ghosts narrow form
//! (`toolbox::runs::RUN_CHUNKS`): on every corpus file with a ghost node
//! (replays, ghosts, maps with a validation or MediaTracker ghost) its runs
//! equal a full parse's, field for field, and every node it reads is read
//! as the full parse reads it.

use trackbench_core::gbx::access::ghosts::CTN_GHOST;
use trackbench_core::gbx::{ChunkStatus, Gbx, Node, read::body::Limits};
use trackbench_core::toolbox::runs::{RUN_CHUNKS, Run, runs_of};
use trackbench_testkit::CorpusGbx;

/// A run as comparable text: `Run` holds f32 positions and speeds, and
/// the Debug form compares them bit for bit, NaN included.
fn runs_text(runs: &[Run]) -> Vec<String> {
    runs.iter().map(|r| format!("{r:?}")).collect()
}

/// The chunks of `node` as (id, status), the raw skippable ones with no
/// status (the narrow form leaves those it does not need raw).
fn chunk_list(node: &Node) -> Vec<(u32, Option<ChunkStatus>)> {
    node.chunks
        .iter()
        .map(|c| {
            let raw = c.skippable && c.status == ChunkStatus::Raw;
            (c.id, (!raw).then_some(c.status))
        })
        .collect()
}

/// Every node of `narrow` is a node of `full` (the same start), with the
/// same class, end and chunk list; nodes read inside a raw chunk are not
/// read by `narrow` at all.
fn assert_nodes_as_full(narrow: &Gbx, full: &Gbx, name: &str) {
    assert!(narrow.nodes.len() <= full.nodes.len(), "{name}");
    assert_eq!(narrow.nodes[0].range, full.nodes[0].range, "{name}");
    for (i, n) in narrow.nodes.iter().enumerate() {
        let f = full
            .nodes
            .iter()
            .find(|f| f.range.start == n.range.start)
            .unwrap_or_else(|| panic!("{name}: narrow node #{i} is no node of the full parse"));
        assert_eq!(n.class_id, f.class_id, "{name}: node #{i}");
        assert_eq!(n.end, f.end, "{name}: node #{i}");
        let (ns, fs) = (chunk_list(n), chunk_list(f));
        assert_eq!(ns.len(), fs.len(), "{name}: node #{i}");
        for (a, b) in ns.iter().zip(&fs) {
            assert_eq!(a.0, b.0, "{name}: node #{i}");
            if a.1.is_some() {
                assert_eq!(a, b, "{name}: node #{i}");
            }
        }
    }
}

fn compare_one(c: &CorpusGbx) -> usize {
    let full = c.gbx();
    let narrow = Gbx::parse_narrow(c.bytes().to_vec(), Limits::default(), &RUN_CHUNKS).unwrap();
    let name = &c.name;
    assert!(narrow.is_narrow(), "{name}");
    let runs = runs_of(&narrow, name);
    assert_eq!(runs_text(&runs), runs_text(&runs_of(full, name)), "{name}");
    assert_eq!(narrow.partial_reason(), full.partial_reason(), "{name}");
    assert_nodes_as_full(&narrow, full, name);
    // Of the main node's chunks, no skippable one outside the list is
    // decoded (a listed chunk is recorded with everything inside it, so
    // the nodes nested in it have theirs decoded: `Narrow::chunks`).
    for ch in narrow.nodes.iter().take(1).flat_map(|n| &n.chunks) {
        if ch.skippable && !RUN_CHUNKS.records(ch.id) {
            assert_ne!(ch.status, ChunkStatus::Decoded, "{name}: {:#010x}", ch.id);
        }
    }
    runs.len()
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
    let runs: usize = with_ghost.iter().map(|c| compare_one(c)).sum();
    let files = with_ghost.len();
    eprintln!("narrow runs: {files} files with a ghost, {runs} runs");
    // 85 files with a ghost node, 99 runs (2026-11-29).
    assert!(
        files >= 85 && runs >= 99,
        "{files} files with a ghost compared, {runs} runs"
    );
}
