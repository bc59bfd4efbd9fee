//! Replay and ghost bodies of the corpus (../shared/corpus/gbx): every
//! `*.Replay.Gbx`, `*.Ghost.Gbx` and `example_replay*` reads its main node to
//! the end marker (except stops inside MediaTracker classes, decoded
//! elsewhere), and body values agree with what the same file says elsewhere:
//! the header time and XML, ghost race and checkpoint times, the input events,
//! the embedded map's uid and the old replay event nodes.

use trackbench_core::gbx::classes::game_ghost;
use trackbench_core::gbx::{Chunk, FieldList, FieldRef, Gbx, Node, NodeEnd, Value};
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus};

const REPLAY: u32 = 0x0309_3000;
const CTN_GHOST: u32 = 0x0309_2000;
/// Classes decoded in `classes/replay.rs` and `classes/ghost.rs`.
const OWN_CLASSES: [u32; 7] = [
    REPLAY,
    CTN_GHOST,
    0x0303_F000,
    0x0911_F000,
    0x090C_E000,
    0x2407_F000,
    0x2409_2000,
];

/// Every corpus file whose header class is a replay or a ghost, with its
/// shared parse.
fn replays_and_ghosts() -> Vec<(String, &'static Gbx)> {
    if corpus_dir_or_warn("gbx_replay").is_none() {
        return Vec::new();
    }
    gbx_corpus()
        .iter()
        .filter_map(|f| {
            let gbx = f.parse.as_ref().ok()?;
            matches!(gbx.header.class_id, REPLAY | CTN_GHOST).then(|| (f.name.clone(), gbx))
        })
        .collect()
}

fn num(f: FieldRef<'_>) -> u32 {
    match f.value() {
        Value::TimeMs(v) | Value::U32(v) | Value::Hex(v) | Value::Bool(v) => v,
        Value::U8(v) => u32::from(v),
        ref v => panic!("{}: not a number: {v:?}", f.name()),
    }
}

fn chunk(node: &Node, id: u32) -> Option<&Chunk> {
    node.chunks.iter().find(|c| c.id == id)
}

fn field_num(gbx: &Gbx, chunk: &Chunk, name: &str) -> Option<u32> {
    gbx.chunk_field(chunk, name).map(num)
}

/// All fields named `name` below `fields`, depth-first.
fn all<'a>(fields: FieldList<'a>, name: &str, out: &mut Vec<FieldRef<'a>>) {
    for f in fields {
        if f.name() == name {
            out.push(f);
        }
        all(f.children(), name, out);
    }
}

fn ghosts(gbx: &Gbx) -> impl Iterator<Item = &Node> {
    gbx.nodes.iter().filter(|n| n.class_id == CTN_GHOST)
}

fn race_time(gbx: &Gbx, ghost: &Node) -> Option<u32> {
    chunk(ghost, 0x0309_2005).and_then(|c| field_num(gbx, c, "raceTime"))
}

fn checkpoint_times(gbx: &Gbx, ghost: &Node) -> Vec<u32> {
    let Some(c) = chunk(ghost, 0x0309_200B) else {
        return Vec::new();
    };
    let mut times = Vec::new();
    all(gbx.chunk_fields(c), "time", &mut times);
    times.into_iter().map(num).collect()
}

/// `attr="value"` of the header XML (0x03093001), as a number.
fn xml_attr(gbx: &Gbx, attr: &str) -> Option<u32> {
    let xml = gbx.header_chunk(0x0309_3001)?;
    let Value::Str(xml) = gbx.chunk_field(xml, "xml")?.value() else {
        return None;
    };
    let rest = xml.split(&format!(" {attr}=\"")).nth(1)?;
    rest.split('"').next()?.parse().ok()
}

#[test]
fn replays_and_ghosts_read_to_the_end_marker() {
    let files = replays_and_ghosts();
    if files.is_empty() {
        return;
    }
    assert!(
        files.len() >= 55,
        "expected the corpus replays and ghosts, found {}",
        files.len()
    );
    let mut complete = 0;
    for (name, gbx) in &files {
        let main = gbx
            .main_node()
            .unwrap_or_else(|| panic!("{name}: no main node"));
        match &main.end {
            NodeEnd::Facade | NodeEnd::Archive => complete += 1,
            // MediaTracker classes (0x0307xxxx) are decoded elsewhere.
            NodeEnd::Stopped { reason, .. } => {
                assert!(reason.contains("chunk 0x0307"), "{name}: stopped: {reason}")
            }
        }
        // Every chunk of the replay/ghost classes that has a decoder used
        // all its bytes (skippable ones would otherwise stay raw with a note).
        for node in &gbx.nodes {
            let own = |c: &&Chunk| c.skippable && OWN_CLASSES.contains(&(c.id & 0xFFFF_F000));
            for c in node.chunks.iter().filter(own) {
                assert!(
                    c.note.is_none(),
                    "{name}: chunk {:#010x}: {:?}",
                    c.id,
                    c.note
                );
            }
        }
    }
    assert!(
        complete >= files.len() - 1,
        "only {complete} of {} complete",
        files.len()
    );
}

#[test]
fn header_time_and_xml_match_the_ghosts() {
    let mut checked = 0;
    for (name, gbx) in replays_and_ghosts() {
        if gbx.header.class_id != REPLAY {
            continue;
        }
        let Some(time) = gbx
            .header_chunk(REPLAY)
            .and_then(|c| field_num(gbx, c, "time"))
        else {
            continue;
        };
        if time == u32::MAX {
            continue; // TMTurbo replays leave it unset.
        }
        if let Some(best) = xml_attr(gbx, "best") {
            assert_eq!(best, time, "{name}: XML best vs header time");
        }
        let best = ghosts(gbx)
            .filter(|g| race_time(gbx, g).is_some_and(|t| t == time))
            .find(|g| checkpoint_times(gbx, g).last() == Some(&time));
        let best =
            best.unwrap_or_else(|| panic!("{name}: no ghost with race time and checkpoint {time}"));
        if let Some(cur) = xml_attr(gbx, "cur") {
            let count = checkpoint_times(gbx, best).len() as u32;
            assert_eq!(cur, count, "{name}: XML checkpoints vs the ghost's");
        }
        checked += 1;
    }
    if checked > 0 {
        assert!(checked >= 30, "only {checked} replays checked");
    }
}

#[test]
fn input_events_end_with_the_race() {
    let mut checked = 0;
    for (name, gbx) in replays_and_ghosts() {
        for ghost in ghosts(gbx) {
            let Some(c) = chunk(ghost, 0x0309_2019) else {
                continue;
            };
            let duration = field_num(gbx, c, "eventsDuration").unwrap();
            if duration == 0 {
                continue;
            }
            let names = field_num(gbx, c, "numControlNames").unwrap();
            let mut entries = Vec::new();
            all(gbx.chunk_fields(c), "entry", &mut entries);
            assert_eq!(
                entries.len() as u32,
                field_num(gbx, c, "numControlEntries").unwrap()
            );
            let mut last = 0;
            for e in &entries {
                let time = num(e.children().find("time").unwrap());
                let index = num(e.children().find("controlNameIndex").unwrap());
                assert!(index < names, "{name}: control index {index} of {names}");
                // Times are stored + 100000 ms; inputs before the start
                // (respawns) are below it.
                assert!(time >= last, "{name}: entry time {time} after {last}");
                last = time;
            }
            assert_eq!(
                last - 100_000,
                duration,
                "{name}: last input time vs duration"
            );
            if let Some(race) = race_time(gbx, ghost) {
                assert_eq!(race, duration, "{name}: race time vs events duration");
            }
            if let Some(respawns) = xml_attr(gbx, "respawns") {
                let presses = entries
                    .iter()
                    .filter(|e| {
                        e.children()
                            .find("controlName")
                            .is_some_and(|n| n.value() == Value::Str("Respawn".into()))
                            && num(e.children().find("onoff").unwrap()) == 1
                    })
                    .count();
                assert_eq!(presses as u32, respawns, "{name}: respawn presses vs XML");
            }
            checked += 1;
        }
    }
    if checked > 0 {
        assert!(checked >= 15, "only {checked} ghosts with inputs checked");
    }
}

#[test]
fn embedded_map_is_the_replayed_map() {
    let mut checked = 0;
    for (name, gbx) in replays_and_ghosts() {
        let Some(main) = gbx.main_node().filter(|_| gbx.header.class_id == REPLAY) else {
            continue;
        };
        let c = chunk(main, 0x0309_3002).unwrap_or_else(|| panic!("{name}: no 0x03093002"));
        let map = gbx.chunk_fields(c).find("challengeGbxData").unwrap();
        assert_eq!(
            field_num(gbx, c, "size").unwrap() as u64,
            map.range().len(),
            "{name}: map size"
        );
        let bytes = &gbx.body[map.range().start as usize..map.range().end as usize];
        assert_eq!(&bytes[..3], b"GBX", "{name}: embedded map magic");
        let map = Gbx::parse(bytes.to_vec()).unwrap_or_else(|e| panic!("{name}: map: {e}"));
        let uid = |g: &Gbx, ids: &[u32]| {
            ids.iter().find_map(|&id| {
                g.header_chunk(id)
                    .and_then(|c| g.chunk_field(c, "mapUid"))
                    .and_then(|f| match f.value() {
                        Value::Lookback { text, .. } => text,
                        _ => None,
                    })
            })
        };
        let (Some(inner), Some(outer)) =
            (uid(&map, &[0x0304_3003, 0x0304_3002]), uid(gbx, &[REPLAY]))
        else {
            continue;
        };
        assert_eq!(inner, outer, "{name}: embedded map uid vs header");
        checked += 1;
    }
    if checked > 0 {
        assert!(checked >= 10, "only {checked} embedded maps checked");
    }
}

#[test]
fn ghost_sample_buffers_inflate() {
    let mut checked = 0;
    for (name, gbx) in replays_and_ghosts() {
        for node in &gbx.nodes {
            for c in node
                .chunks
                .iter()
                .filter(|c| matches!(c.id, 0x0303_F005 | 0x0303_F006))
            {
                let data = gbx
                    .chunk_fields(c)
                    .find(game_ghost::FIELD_GHOST_DATA)
                    .unwrap_or_else(|| panic!("{name}: ghost data not inflated"));
                assert!(
                    data.children()
                        .find(game_ghost::FIELD_GHOST_DATA_ERROR)
                        .is_none(),
                    "{name}: {:?}",
                    data.children().find(game_ghost::FIELD_GHOST_DATA_ERROR)
                );
                let class = num(data
                    .children()
                    .find(game_ghost::FIELD_SAVED_MOBIL_CLASS_ID)
                    .unwrap());
                assert!(
                    matches!(class, 0x0A02_B000 | 0x0A10_3000 | 0x0A40_1000 | u32::MAX),
                    "{name}: class {class:#x}"
                );
                if class == u32::MAX {
                    continue;
                }
                let size = num(data.children().find("sampleDataSize").unwrap());
                let samples = num(data.children().find(game_ghost::FIELD_NUM_SAMPLES).unwrap());
                assert!(samples > 0, "{name}: no samples");
                let per = data
                    .children()
                    .find(game_ghost::FIELD_SIZE_PER_SAMPLE)
                    .map(FieldRef::value);
                if let Some(Value::I32(per @ 1..)) = per {
                    // The last sample takes the rest of the buffer.
                    assert!(
                        (samples - 1) * per.unsigned_abs() <= size,
                        "{name}: samples vs size"
                    );
                }
                checked += 1;
            }
        }
    }
    if checked > 0 {
        assert!(checked >= 20, "only {checked} sample buffers checked");
    }
}

#[test]
fn old_replay_events_repeat_the_checkpoints() {
    let mut checked = 0;
    for (name, gbx) in replays_and_ghosts() {
        for node in gbx.nodes.iter().filter(|n| n.class_id == 0x2407_F000) {
            let Some(c) = node.chunks.iter().find(|c| c.id != 0x2407_F000) else {
                continue;
            };
            let mut times = Vec::new();
            for group in ["checkpoint", "endOfRace"] {
                let mut found = Vec::new();
                all(gbx.chunk_fields(c), group, &mut found);
                times.extend(found.iter().filter_map(|g| g.children().find("raceTime")));
            }
            let mut times: Vec<u32> = times.into_iter().map(num).collect();
            times.sort_unstable();
            // One event list for all the replay's ghosts.
            let mut expected: Vec<u32> = ghosts(gbx)
                .flat_map(|gh| checkpoint_times(gbx, gh))
                .collect();
            expected.sort_unstable();
            assert_eq!(times, expected, "{name}: event times vs ghost checkpoints");
            let mut totals = Vec::new();
            all(gbx.chunk_fields(c), "totalScore", &mut totals);
            let single = ghosts(gbx).count() == 1;
            if let (true, Some(total), Some(xml)) =
                (single, totals.last(), xml_attr(gbx, "stuntscore"))
            {
                assert_eq!(
                    num(*total),
                    xml,
                    "{name}: last stunt total vs XML stuntscore"
                );
            }
            checked += 1;
        }
    }
    if checked > 0 {
        assert!(checked >= 3, "only {checked} event nodes checked");
    }
}

#[test]
fn old_replay_inputs_last_the_race() {
    let mut checked = 0;
    for (name, gbx) in replays_and_ghosts() {
        let Some(main) = gbx.main_node().filter(|_| gbx.header.class_id == REPLAY) else {
            continue;
        };
        // 0x03093003 (TM1.0, TMPU) and 0x0309300D (TMS, TMNESWC) hold the inputs.
        let Some(c) = main
            .chunks
            .iter()
            .find(|c| matches!(c.id, 0x0309_3003 | 0x0309_300D))
        else {
            continue;
        };
        let duration = field_num(gbx, c, "eventsDuration").unwrap();
        let mut inputs = Vec::new();
        all(gbx.chunk_fields(c), "input", &mut inputs);
        assert!(duration == 0 || !inputs.is_empty(), "{name}: no inputs");
        if let Some(race) = ghosts(gbx).find_map(|gh| race_time(gbx, gh)) {
            assert_eq!(duration, race, "{name}: events duration vs ghost race time");
            checked += 1;
        }
    }
    if checked > 0 {
        assert!(checked >= 3, "only {checked} old replays checked");
    }
}

/// The TM2020 chunks GBX.NET reads in C# only (FIDELITY.md): every one in
/// the corpus decodes (34 ghost validation infos, 13 + 11 + 10 + 2 replay
/// chunks), the ghosts' 0x0309202D with a title id and race settings.
#[test]
fn tm2020_ghost_and_replay_tail_chunks_decode() {
    if corpus_dir_or_warn("gbx tm2020 tail chunks").is_none() {
        return;
    }
    let ids = [
        0x0309_202D,
        0x0309_3026,
        0x0309_3027,
        0x0309_3028,
        0x0309_3029,
    ];
    let mut decoded = [0usize; 5];
    for file in gbx_corpus() {
        let Ok(g) = &file.parse else {
            continue;
        };
        for c in g.nodes.iter().flat_map(|n| &n.chunks) {
            let Some(k) = ids.iter().position(|&id| id == c.id) else {
                continue;
            };
            assert_eq!(
                c.status,
                trackbench_core::gbx::ChunkStatus::Decoded,
                "{}: chunk {:#010x} {:?}",
                file.path.display(),
                c.id,
                c.note
            );
            decoded[k] += 1;
            if c.id == 0x0309_202D {
                let title = g.chunk_field(c, "validate_TitleId").unwrap();
                assert!(matches!(title.value(), Value::Str(t) if !t.is_empty()));
                assert!(g.chunk_field(c, "validate_RaceSettings").is_some());
            }
        }
    }
    assert_eq!(decoded, [34, 13, 11, 10, 2]);
}
