//! The validation ghost TM2020 maps store in CGameCtnChallengeParameters
//! 0x0305B00F (an encapsulated block whose nodes carry no index): it must
//! read to its end marker, with its CPlugEntRecordData, and agree with the
//! rest of the same file: its race time is the map's author time
//! (parameters 0x0305B00A).

use trackbench_core::gbx::read::node::NodeEnd;
use trackbench_core::gbx::{ChunkStatus, FieldRef, Gbx, Value};
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus_ending};

const PARAMETERS: u32 = 0x0305_B000;
const GHOST: u32 = 0x0309_2000;

fn text(f: FieldRef<'_>) -> String {
    match f.value() {
        Value::Str(s) => s,
        Value::Lookback { text, .. } => text.unwrap_or_default(),
        v => panic!("{} is not text: {v:?}", f.name()),
    }
}

fn time(f: FieldRef<'_>) -> u32 {
    match f.value() {
        Value::TimeMs(v) | Value::U32(v) => v,
        ref v => panic!("{} is not a time: {v:?}", f.name()),
    }
}

/// The first decoded field `name` of chunk `id` in node `n`.
fn field<'a>(g: &'a Gbx, n: usize, id: u32, name: &str) -> FieldRef<'a> {
    let c = g.nodes[n]
        .chunks
        .iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("node {n} has no chunk {id:#010x}"));
    assert_eq!(c.status, ChunkStatus::Decoded, "{id:#010x}: {:?}", c.note);
    g.chunk_fields(c)
        .find(name)
        .unwrap_or_else(|| panic!("no {name} in {id:#010x}"))
}

#[test]
fn tm2020_validation_ghosts_read_and_match_their_map() {
    if corpus_dir_or_warn("gbx_validation_ghost").is_none() {
        return;
    }
    let mut checked = 0;
    for file in gbx_corpus_ending(".Map.Gbx") {
        let name = file.name.clone();
        let g = file.gbx();
        let Some(params) = g
            .nodes
            .iter()
            .position(|n| n.class_id == PARAMETERS && n.chunks.iter().any(|c| c.id == 0x0305_B00F))
        else {
            continue;
        };
        let chunk = g.nodes[params]
            .chunks
            .iter()
            .find(|c| c.id == 0x0305_B00F)
            .unwrap();
        assert_eq!(
            chunk.status,
            ChunkStatus::Decoded,
            "{name}: {:?}",
            chunk.note
        );
        let Some(Value::NodeRef {
            node: Some(ghost), ..
        }) = g
            .chunk_fields(chunk)
            .find("raceValidateGhost")
            .map(FieldRef::value)
        else {
            continue; // a map saved without a validation ghost
        };
        let node = &g.nodes[ghost];
        assert_eq!(node.class_id, GHOST, "{name}");
        assert_eq!(node.end, NodeEnd::Facade, "{name}");
        // The record data inside it is a direct node too and reads fully.
        assert!(
            g.nodes
                .iter()
                .any(|n| n.class_id == 0x0911_F000 && n.parent.map(|p| p.0) == Some(ghost)),
            "{name}: no record data under the ghost"
        );
        let race = time(field(g, ghost, 0x0309_2005, "raceTime"));
        let author = time(field(g, params, 0x0305_B00A, "authorTime"));
        assert_eq!(race, author, "{name}: validation time vs author time");
        // The UID it validated is a map UID (27 characters); it need not be
        // this map's: map1.Map.Gbx was saved again after validation.
        let uid = text(field(g, ghost, 0x0309_2010, "validate_ChallengeUid"));
        assert_eq!(uid.len(), 27, "{name}: {uid:?}");
        checked += 1;
    }
    assert!(checked >= 2, "only {checked} validation ghosts checked");
}
