//! A parse with deferral (issue 32) against one without, over the corpus:
//! the expanded table, the damage check and the ghost inputs are those of a
//! full parse. Moved from the core's unit tests (issue 41); they read the
//! parse internals through `trackbench_core::gbx::testing`.
//!
//! Every test here parses its files on its own, twice where it compares,
//! and never reads the shared parses of `trackbench_testkit::gbx_corpus`:
//! what it checks is what a fresh parse leaves (deferred runs, a table not
//! yet expanded), which a shared parse loses once another test calls
//! `Gbx::table` on it.

use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::access::ghost_summary::ghost_summary;
use trackbench_core::gbx::access::ghosts::{CTN_GHOST, ghosts};
use trackbench_core::gbx::testing::{
    damaged_chunks_both_ways as both_ways, deferred_runs, is_expanded, records, side, stored,
    without_deferral,
};

/// The damage check gives the same answer with its record walk and
/// without it on a sample of the corpus (every 6th .Gbx file, all kinds).
/// Its own parses: the check reads the table as the parse left it.
#[test]
fn the_damage_check_without_its_walk_agrees_on_corpus_files() {
    if trackbench_testkit::corpus_dir_or_warn("damage walk").is_none() {
        return;
    }
    let files = trackbench_testkit::corpus_files("gbx", ".gbx");
    let mut parsed = 0;
    for path in files.iter().step_by(6) {
        let Ok(g) = Gbx::parse(std::fs::read(path).unwrap()) else {
            continue;
        };
        let (walked, flagged) = both_ways(&g);
        assert_eq!(walked, flagged, "{}", path.display());
        parsed += 1;
    }
    assert!(parsed >= 30, "{parsed} corpus files parsed");
}

/// The whole table a parse gives on demand is the table of a parse
/// without deferral, record for record, on every corpus map, replay and
/// ghost (block records, TM2020 lists, ghost control entries); the
/// deferral saves what it should. Its own parses, with and without
/// deferral: a shared parse may already be expanded.
#[test]
fn an_expanded_table_is_the_table_of_a_full_parse() {
    let Some(_) = trackbench_testkit::corpus_dir_or_warn("deferred") else {
        return;
    };
    let files: Vec<_> = [".map.gbx", ".challenge.gbx", ".replay.gbx", ".ghost.gbx"]
        .iter()
        .flat_map(|suffix| trackbench_testkit::corpus_files("gbx", suffix))
        .collect();
    let (mut deferred_files, mut saved) = (0, 0usize);
    for path in &files {
        let file = std::fs::read(path).unwrap();
        let gbx = Gbx::parse(file.clone()).unwrap();
        let full = without_deferral(|| Gbx::parse(file).unwrap());
        let name = path.display();
        assert!(!stored(&full).has_deferred(), "{name}");
        assert_eq!(stored(&full).len(), stored(&gbx).len(), "{name}: positions");
        if stored(&gbx).has_deferred() {
            deferred_files += 1;
            saved += stored(&gbx).len() - stored(&gbx).stored_len();
            eprintln!(
                "{name}: {} records, {} stored, {} deferred runs",
                stored(&gbx).len(),
                stored(&gbx).stored_len(),
                deferred_runs(&gbx)
            );
        }
        assert_eq!(records(gbx.table()), records(stored(&full)), "{name}");
        assert_eq!(
            side(gbx.table()),
            side(stored(&full)),
            "{name}: side values"
        );
        assert_eq!(gbx.problems, full.problems, "{name}: problems");
        for (a, b) in gbx.nodes.iter().zip(&full.nodes) {
            let spans = |n: &trackbench_core::gbx::read::node::Node| {
                n.chunks.iter().map(|c| c.fields).collect::<Vec<_>>()
            };
            assert_eq!(spans(a), spans(b), "{name}: chunk spans");
        }
    }
    assert!(
        deferred_files >= 10,
        "{deferred_files} maps deferred groups"
    );
    assert!(saved > 1_000_000, "{saved} records deferred");
}

/// What the app and the run comparison read of every ghost of a file.
fn facts(gbx: &Gbx) -> Vec<String> {
    let infos = ghosts(gbx).into_iter().map(|g| {
        format!(
            "{:?} {:?} {:?} {:?} {:?}",
            g.inputs, g.inputs_declared, g.inputs_chunk, g.nickname, g.race_time_ms
        )
    });
    let summaries = gbx
        .nodes
        .iter()
        .filter(|n| n.class_id == CTN_GHOST)
        .map(|n| format!("{:?}", ghost_summary(gbx, n)));
    infos.chain(summaries).collect()
}

/// Every corpus replay and ghost gives the same inputs and summaries with
/// its control entries deferred as recorded in full, and asking for them
/// does not read the whole table again (classes/ghost_validation.rs). Its
/// own parses: it asserts the parse was not expanded, and a shared parse
/// is expanded by other tests.
#[test]
fn deferred_control_entries_give_the_same_inputs_without_the_whole_table() {
    let Some(_) = trackbench_testkit::corpus_dir_or_warn("ghost validation") else {
        return;
    };
    let files: Vec<_> = [".replay.gbx", ".ghost.gbx"]
        .iter()
        .flat_map(|suffix| trackbench_testkit::corpus_files("gbx", suffix))
        .collect();
    let mut with_entries = 0;
    for path in &files {
        let file = std::fs::read(path).expect("corpus file");
        let name = path.display();
        let gbx = Gbx::parse(file.clone()).expect("parses");
        let full = without_deferral(|| Gbx::parse(file).expect("parses"));
        assert_eq!(facts(&gbx), facts(&full), "{name}");
        assert!(!is_expanded(&gbx), "{name}: table expanded");
        if path.ends_with("Lavender Town.Replay.Gbx") {
            let g = &ghosts(&gbx)[0];
            assert_eq!(g.inputs.len(), 51_951, "{name}");
            assert_eq!(g.inputs_declared, Some(51_951), "{name}");
            assert_eq!(g.inputs_chunk, Some(0x0309_2019), "{name}");
            // The first entry as the app shows it (time 97544 - 100000).
            let first = &g.inputs[0];
            assert_eq!(
                (first.time_ms, first.name.as_str(), first.value),
                (-2456, "Respawn", 0),
                "{name}"
            );
            // The entries were deferred: 259,923 records, 168 stored.
            assert_eq!(stored(&gbx).len(), stored(&full).len(), "{name}");
            assert!(stored(&gbx).stored_len() < 1_000, "{name}: entries stored");
        }
        with_entries += usize::from(ghosts(&gbx).iter().any(|g| !g.inputs.is_empty()));
    }
    assert!(
        with_entries >= 10,
        "{with_entries} files with input entries"
    );
}

/// What a parse leaves that recycled storage could change: the nodes with
/// their chunks (as JSON), the problems, the whole table's records.
fn parse_facts(gbx: &Gbx) -> (String, Vec<String>, usize) {
    let nodes = serde_json::to_string(&gbx.nodes).expect("nodes serialise");
    (nodes, gbx.problems.clone(), records(gbx.table()).len())
}

/// Corpus files parsed one after the other on one thread, each recycled
/// (`Gbx::recycle`: the table, the node list and the nodes' chunk lists
/// go to the next parse, issue 46), give the parse of a fresh thread:
/// every 3rd .Gbx file, TM2020 maps with thousands of nodes beside small
/// replays, so spare chunk lists of every size are reused.
#[test]
fn corpus_parses_on_recycled_storage_are_the_parses_on_fresh_storage() {
    if trackbench_testkit::corpus_dir_or_warn("recycled storage").is_none() {
        return;
    }
    let files = trackbench_testkit::corpus_files("gbx", ".gbx");
    let mut compared = 0;
    for path in files.iter().step_by(3) {
        let file = std::fs::read(path).unwrap();
        let copy = file.clone();
        let fresh = std::thread::spawn(move || Gbx::parse(copy).ok().map(|g| parse_facts(&g)))
            .join()
            .expect("fresh thread");
        let Ok(gbx) = Gbx::parse(file) else {
            assert!(fresh.is_none(), "{}", path.display());
            continue;
        };
        assert_eq!(Some(parse_facts(&gbx)), fresh, "{}", path.display());
        gbx.recycle();
        compared += 1;
    }
    assert!(compared >= 60, "{compared} corpus files compared");
}
