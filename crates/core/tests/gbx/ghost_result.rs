//! The ghost chunks GBX.NET's chunkl marks "ignore" and trackbench decodes
//! since 2026-11-27 from other public layouts (`classes/ghost_result.rs`:
//! 0x0309201B and 0x0309202B; `classes/game_ghost.rs`: 0x0303F007), over
//! every corpus ghost (the parse of `ghost.rs`, shared). Pins every form
//! seen, so a new form fails loudly, and checks the values against each
//! other and against 0x03092005: the editor relies on these chunks holding
//! integers only (no lookback string).

use super::ghost::files_with_ghosts;
use std::collections::BTreeMap;
use trackbench_core::gbx::classes::ghost_result as gr;
use trackbench_core::gbx::{ChunkStatus, FieldList, Gbx, Node, Value};

/// vjeux/trackmania-tas files whose tools rewrote the times of some chunks
/// and not of others (SOURCES.md: TAS ghosts written by scripts).
const REWRITTEN: &[&str] = &[
    "AUTHOR_LAP_20258_watchable.Ghost.Gbx",
    "HUMANPLUS7_51575.Ghost.Gbx",
    "KEYBOARD_51062.Ghost.Gbx",
    "TAS_15240_clean.Ghost.Gbx",
    "TAS_39183.Ghost.Gbx",
    "TAS_95839_analog.Ghost.Gbx",
    "film3s.Ghost.Gbx",
];

fn decoded<'a>(file: &str, g: &'a Gbx, node: &Node, id: u32) -> Option<FieldList<'a>> {
    let c = node.chunk(id)?;
    assert_eq!(
        c.status,
        ChunkStatus::Decoded,
        "{file}: {id:#010x} not decoded: {:?}",
        c.note
    );
    Some(g.chunk_fields(c))
}

fn int(f: FieldList<'_>, name: &str) -> i64 {
    f.find(name)
        .and_then(|x| x.int())
        .unwrap_or_else(|| panic!("no integer {name}"))
}

/// A time as the game stores it: -1 is 0xFFFFFFFF.
fn time(f: FieldList<'_>, name: &str) -> i64 {
    i64::from(int(f, name) as u32 as i32)
}

/// 0x01B's race time, respawns (-1 for 0xFFFF) and absolute checkpoint
/// times, summed as GBX.NET's Chunk0309201B does; with its form.
fn race_result(f: FieldList<'_>) -> (String, i64, i64, Vec<i64>) {
    let version = int(f, gr::FIELD_VERSION);
    let race = time(f, gr::FIELD_RACE_TIME);
    let respawns = match int(f, gr::FIELD_NUM_RESPAWNS) {
        0xFFFF => -1,
        n => n,
    };
    let list = f.find(gr::FIELD_CHECKPOINTS).unwrap().children();
    let deltas: Vec<i64> = list
        .iter()
        .map(|c| {
            c.children()
                .find(gr::FIELD_TIME_DELTA)
                .unwrap()
                .int()
                .unwrap()
        })
        .collect();
    assert_eq!(deltas.len() as i64, int(f, gr::FIELD_NUM_CHECKPOINTS));
    let mut times = vec![0; deltas.len()];
    let mut at = if version == 1 { race } else { 0 };
    // Version 1 runs backwards from the race time, version 2 forwards.
    for (i, d) in deltas.iter().enumerate() {
        if version == 1 {
            at -= d;
            times[deltas.len() - 1 - i] = at;
        } else {
            at += d;
            times[i] = at;
        }
    }
    (format!("01B v{version}"), race, respawns, times)
}

#[test]
fn race_result_chunks_decode_in_their_known_forms() {
    let files = files_with_ghosts();
    if files.is_empty() {
        return;
    }
    let mut forms: BTreeMap<String, usize> = BTreeMap::new();
    let (mut pairs, mut finishes) = (0, 0);
    for (file, g, gs) in files {
        let rewritten = REWRITTEN.contains(&file.as_str());
        // Every CGameCtnGhost node (the ghost list leaves out some
        // MediaTracker ghosts of CCP#04 - ODYSSEY).
        for (i, node) in g.nodes.iter().enumerate() {
            if node.class_id != 0x0309_2000 {
                continue;
            }
            let ghost = gs.iter().find(|x| x.node == i);
            if let Some(f) = decoded(file, g, node, 0x0303_F007) {
                *forms
                    .entry(format!("F007 u01={}", int(f, "u01")))
                    .or_default() += 1;
            }
            for id in [
                0x0303_F007,
                gr::CHUNK_RACE_RESULT,
                gr::CHUNK_RACE_RESULT_TM2020,
            ] {
                if let Some(f) = decoded(file, g, node, id) {
                    let strings = f
                        .iter()
                        .any(|x| matches!(x.value(), Value::Lookback { .. } | Value::Str(_)));
                    assert!(!strings, "{file}: a string in {id:#010x}");
                }
            }
            let Some(f) = decoded(file, g, node, gr::CHUNK_RACE_RESULT) else {
                continue;
            };
            let (form, race, respawns, times) = race_result(f);
            *forms.entry(form).or_default() += 1;
            if !rewritten && race != -1 && !times.is_empty() {
                assert_eq!(times.last(), Some(&race), "{file}: last checkpoint");
                finishes += 1;
            }
            if !rewritten && let Some(t) = ghost.and_then(|x| x.race_time_ms) {
                assert_eq!(race, i64::from(t), "{file}: 0x01B vs 0x005");
            }
            let Some(f) = decoded(file, g, node, gr::CHUNK_RACE_RESULT_TM2020) else {
                continue;
            };
            *forms
                .entry(format!("02B v{}", int(f, gr::FIELD_VERSION)))
                .or_default() += 1;
            assert_eq!(int(f, "u04"), -1, "{file}");
            assert_eq!(time(f, gr::FIELD_NUM_RESPAWNS), respawns, "{file}");
            if !rewritten {
                let list = f.find(gr::FIELD_CHECKPOINTS).unwrap().children();
                let times2: Vec<i64> = list
                    .iter()
                    .filter(|c| c.is_group())
                    .map(|c| time(c.children(), gr::FIELD_CHECKPOINT_TIME))
                    .collect();
                assert_eq!(time(f, gr::FIELD_RACE_TIME), race, "{file}: 0x02B race");
                assert_eq!(times2, times, "{file}: 0x02B checkpoints");
                pairs += 1;
            }
        }
    }
    let got: Vec<String> = forms.iter().map(|(f, n)| format!("{f}: {n}")).collect();
    assert_eq!(
        got,
        ["01B v1: 5", "01B v2: 53", "02B v1: 36", "F007 u01=0: 58"],
        "{got:#?}"
    );
    assert!(pairs >= 29, "{pairs} 0x01B/0x02B pairs compared");
    assert!(finishes >= 40, "{finishes} finished race results checked");
    eprintln!("{got:?}; {pairs} pairs, {finishes} finishes");
}
