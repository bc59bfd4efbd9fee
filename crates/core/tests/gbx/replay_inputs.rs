//! Inputs of TM1.0 / TMPU replays: CGameCtnReplayRecord validation chunk
//! 0x03093003 (GBX.NET `CGameCtnReplayRecord.Chunk.cs` Chunk03093003),
//! exposed on the first ghost by `gbx::access::ghosts`. Checked against the chunk's
//! own bytes (time − 10000 ms, the control-name table), the events
//! duration, the ghost's race time and checkpoint, and press/release order.

use trackbench_core::gbx::access::ghosts::{
    REPLAY_INPUT_TIME_OFFSET_MS, REPLAY_VALIDATION_CHUNK, replay_validation_inputs,
};
use trackbench_core::gbx::read::field::Value;
use trackbench_core::gbx::{Gbx, GhostInfo, ghosts};
use trackbench_testkit::{corpus_dir_or_warn, gbx_named};

/// The shared parse of the corpus file `name`; `None` without the corpus.
fn parse(name: &str) -> Option<&'static Gbx> {
    corpus_dir_or_warn("gbx_replay_inputs")?;
    Some(gbx_named(name).expect("corpus file").gbx())
}

fn u32_at(body: &[u8], at: u64) -> u32 {
    let at = at as usize;
    u32::from_le_bytes(body[at..at + 4].try_into().unwrap())
}

/// The control names of 0x03093003 and its events duration (ms).
fn table(gbx: &Gbx) -> (Vec<String>, u32) {
    let c = gbx.nodes[0]
        .chunks
        .iter()
        .find(|c| c.id == REPLAY_VALIDATION_CHUNK)
        .expect("validation chunk");
    let names = gbx
        .chunk_field(c, "controlNames")
        .unwrap()
        .children()
        .iter()
        .skip(1) // count
        .map(|ctl| match ctl.children().find("name").unwrap().value() {
            Value::Str(s) => s,
            v => panic!("name {v:?}"),
        })
        .collect();
    let Value::TimeMs(d) = gbx.chunk_field(c, "eventsDuration").unwrap().value() else {
        panic!("eventsDuration")
    };
    (names, d)
}

/// Facts shared by both files; returns the first ghost.
fn check(gbx: &Gbx, names_count: usize, events: usize) -> GhostInfo {
    let (names, duration) = table(gbx);
    assert_eq!(names.len(), names_count);
    let list = ghosts(gbx);
    assert_eq!(list.len(), 1);
    let g = list.into_iter().next().unwrap();
    assert_eq!(g.inputs_chunk, Some(REPLAY_VALIDATION_CHUNK));
    assert!(g.input_problems.is_empty(), "{:?}", g.input_problems);
    assert_eq!(g.inputs.len(), events);
    assert_eq!(g.inputs_declared, Some(events as u32));
    assert_eq!(
        replay_validation_inputs(gbx).unwrap().events,
        g.inputs,
        "same events through both entry points"
    );
    for w in g.inputs.windows(2) {
        assert!(w[0].time_ms <= w[1].time_ms, "time order: {w:?}");
    }
    let last = g.inputs.last().unwrap().time_ms;
    assert!(
        last <= i64::from(duration),
        "last input {last} > {duration}"
    );
    for e in &g.inputs {
        // Each entry is 12 bytes: time + 10000, name index, data.
        assert_eq!(e.range.end - e.range.start, 12);
        let stored = i64::from(u32_at(&gbx.body, e.range.start));
        assert_eq!(stored - REPLAY_INPUT_TIME_OFFSET_MS, e.time_ms);
        let index = u32_at(&gbx.body, e.range.start + 4) as usize;
        assert_eq!(names[index], e.name);
        let data = u32_at(&gbx.body, e.range.start + 8);
        assert_eq!(e.value, i32::from(data != 0));
    }
    // Digital controls alternate press / release, starting with a press.
    for control in ["Accelerate", "Steer left", "Steer right"] {
        let values: Vec<i32> = g
            .inputs
            .iter()
            .filter(|e| e.name == control)
            .map(|e| e.value)
            .collect();
        assert!(!values.is_empty(), "{control}");
        for (i, v) in values.iter().enumerate() {
            assert_eq!(*v, i32::from(i % 2 == 0), "{control} event {i}");
        }
    }
    g
}

#[test]
fn tm10_replay_inputs_come_from_the_validation_chunk() {
    let Some(gbx) = parse("GBX-NET 2 CGameCtnReplayRecord TM10 001.Replay.Gbx") else {
        return;
    };
    // 21 control names; numInputs 46 stored, 45 entries.
    let g = check(gbx, 21, 45);
    // The run starts with the accelerate press at race time 0 and the last
    // input (7856 ms) falls within the events duration (8170 ms) and the
    // ghost's samples (last at 8600 ms).
    let first = &g.inputs[0];
    assert_eq!((first.time_ms, first.name.as_str()), (0, "Accelerate"));
    assert_eq!(g.inputs.last().unwrap().time_ms, 7856);
    let samples = g.sample_list();
    assert!(samples.last().unwrap().time_ms >= 7856);
}

#[test]
fn tmpu_replay_inputs_fit_the_race_time_and_checkpoint() {
    let Some(gbx) = parse("GBX-NET 2 CGameCtnReplayRecord TMPU 001.Replay.Gbx") else {
        return;
    };
    // 25 control names; 28 entries.
    let g = check(gbx, 25, 28);
    let race = i64::from(g.race_time_ms.expect("race time"));
    assert_eq!(race, 5050);
    let (_, duration) = table(gbx);
    assert_eq!(i64::from(duration), race);
    // Accelerate is pressed before the start (countdown), steering changes
    // around the single checkpoint at 2920 ms, the last input before the
    // finish.
    let accel = g.inputs.iter().find(|e| e.name == "Accelerate").unwrap();
    assert!(accel.time_ms < 0 && accel.value == 1);
    let cp = i64::from(g.checkpoints[0].time_ms.unwrap());
    assert_eq!(cp, 2920);
    assert!(g.inputs.iter().any(|e| e.time_ms < cp));
    assert!(g.inputs.iter().any(|e| e.time_ms > cp));
    assert!(g.inputs.last().unwrap().time_ms < race);
}
