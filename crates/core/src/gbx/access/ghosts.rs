//! A summary of every CGameCtnGhost (0x03092000) node of a file: player,
//! race and checkpoint times, respawns, stunts score, input events and the
//! decoded samples ([`super::ghost_samples`]).
//!
//! Values come from the fields the chunk decoders of `classes/ghost.rs`
//! already read (seed 000 "CGameCtnGhost (03 092 000)"); the samples are
//! decoded on demand from the chunk bytes.

use super::ent_record;
use super::ghost_inputs::{self, InputEvent, InputStream};
use super::ghost_samples::{self, GhostSamples, SampleError};
use crate::bytes::ByteRange;
use crate::gbx::classes::game_ghost::{
    CHUNK_SAVED_MOBIL_CLASS, FIELD_SAVED_MOBIL_CLASS_ID, SAMPLE_CHUNKS,
};
use crate::gbx::classes::ghost::{
    CHUNK_BASIC, CHUNK_CHECKPOINTS, CHUNK_LOGIN, CHUNK_OLD_CHECKPOINTS, CHUNK_RACE_TIME,
    CHUNK_RESPAWNS, CHUNK_STUNTS_SCORE, FIELD_CHECKPOINT, FIELD_CHECKPOINT_TIME, FIELD_ENTRY,
    FIELD_ENTRY_CONTROL_NAME, FIELD_ENTRY_ONOFF, FIELD_ENTRY_TIME, FIELD_LOGIN, FIELD_NICKNAME,
    FIELD_NUM_CONTROL_ENTRIES, FIELD_NUM_RESPAWNS, FIELD_RACE_TIME, FIELD_RECORD_DATA,
    FIELD_STUNTS_SCORE, VALIDATION_CHUNKS,
};
use crate::gbx::classes::ghost_validation::{
    self, ENTRY_BYTES, FIELD_CONTROL_ENTRIES, FIELD_CONTROL_NAME as FIELD_VALIDATION_NAME,
    FIELD_CONTROL_NAMES,
};
use crate::gbx::classes::replay::{
    self, CHUNK_ENT_RECORD_DATA, FIELD_CONTROL, FIELD_CONTROL_NAME, FIELD_INPUT,
    FIELD_INPUT_CONTROL_INDEX, FIELD_INPUT_DATA, FIELD_INPUT_TIME, FIELD_NUM_INPUTS,
};
use crate::gbx::read::field_ref::{FieldList, FieldRef};
use crate::gbx::{Chunk, ChunkRef, Gbx, Node, slice};

/// Class id of CGameCtnGhost (the name the app knows it by;
/// [`classes::ghost::CLASS_ID`](crate::gbx::classes::ghost::CLASS_ID)).
pub const CTN_GHOST: u32 = crate::gbx::classes::ghost::CLASS_ID;

/// Input events of 0x03092019 etc. are stored with this offset (ms): the
/// race starts at 100000 (corpus: the last event time − 100000 equals the
/// events duration and the race time).
pub const INPUT_TIME_OFFSET_MS: i64 = 100_000;

/// Input times of the TM1.0 / TMPU replay validation chunk 0x03093003 are
/// stored with this offset (ms): GBX.NET `CGameCtnReplayRecord.Chunk.cs`
/// Chunk03093003 subtracts 10000.
pub const REPLAY_INPUT_TIME_OFFSET_MS: i64 = 10_000;

/// The TM1.0 / TMPU replay validation chunk (CGameCtnReplayRecord;
/// [`classes::replay::CHUNK_VALIDATION_TM10`](crate::gbx::classes::replay::CHUNK_VALIDATION_TM10)).
pub const REPLAY_VALIDATION_CHUNK: u32 = replay::CHUNK_VALIDATION_TM10;

/// One checkpoint of 0x0309200B (or 0x03092004).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Checkpoint {
    /// Race time at the checkpoint (ms); `None` when stored as -1.
    pub time_ms: Option<u32>,
    /// Stunts score at the checkpoint (0x0309200B only).
    pub stunts_score: Option<u32>,
}

/// Summary of one CGameCtnGhost node.
#[derive(Debug, Clone)]
pub struct GhostInfo {
    /// Position of the node in [`Gbx::nodes`].
    pub node: usize,
    /// Player nickname (may hold $-formatting codes).
    pub nickname: Option<String>,
    /// Player login (0x0309200F).
    pub login: Option<String>,
    /// Race time (ms, 0x03092005); `None` when absent or -1.
    pub race_time_ms: Option<u32>,
    /// Checkpoints in order (0x0309200B, else 0x03092004).
    pub checkpoints: Vec<Checkpoint>,
    /// Respawn count (0x03092008); `None` when absent or stored as -1.
    pub respawns: Option<u32>,
    /// Stunts score (0x0309200A).
    pub stunts_score: Option<u32>,
    /// Input events (empty when the ghost has none).
    pub inputs: Vec<InputEvent>,
    /// The declared number of input entries (numControlEntries; `None`
    /// for 0x0309201D, which stores ticks, not events).
    pub inputs_declared: Option<u32>,
    /// The chunk the inputs come from (0x03092019, 0x03092011, 0x03092025,
    /// 0x0309201D, or the replay's 0x03093003 for its first ghost).
    pub inputs_chunk: Option<u32>,
    /// The 0x0309201D streams (their events are also in `inputs`).
    pub input_streams: Vec<InputStream>,
    /// Why (part of) the inputs were not decoded.
    pub input_problems: Vec<String>,
    /// Position of the CGameGhost sample chunk in the node's chunks.
    pub sample_chunk: Option<usize>,
    /// TM2020: the CPlugEntRecordData chunk 0x0911F000 that holds the
    /// samples (referenced by 0x03092000).
    pub record_data: Option<ChunkRef>,
    /// The decoded samples; `None` when the node has no sample chunk.
    pub samples: Option<Result<GhostSamples, SampleError>>,
}

impl GhostInfo {
    /// The decoded samples, when they could be read.
    #[must_use]
    pub fn sample_list(&self) -> &[ghost_samples::Sample] {
        match &self.samples {
            Some(Ok(g)) => &g.samples,
            _ => &[],
        }
    }
}

/// Every CGameCtnGhost node of `gbx`, in node order. The inputs of a
/// TM1.0 / TMPU replay's validation chunk 0x03093003 go to the first ghost
/// when it has none of its own (GBX.NET: "inputs are actually stored in
/// the first ghost object"; see [`replay_validation_inputs`]).
#[must_use]
pub fn ghosts(gbx: &Gbx) -> Vec<GhostInfo> {
    let mut list: Vec<GhostInfo> = gbx
        .nodes
        .iter()
        .enumerate()
        .filter(|(_, n)| n.class_id == CTN_GHOST)
        .map(|(i, n)| ghost_info(gbx, i, n))
        .collect();
    if let Some(first) = list.first_mut().filter(|g| g.inputs.is_empty())
        && let Some(r) = replay_validation_inputs(gbx)
    {
        first.inputs = r.events;
        first.inputs_declared = r.declared;
        first.inputs_chunk = r.chunk;
        first.input_problems = r.problems;
    }
    list
}

fn chunk_fields<'a>(gbx: &'a Gbx, node: &Node, id: u32) -> Option<FieldList<'a>> {
    node.chunk(id).map(|c| gbx.chunk_fields(c))
}

/// An integer field as u32 (i32 values as their bits).
fn num(f: FieldRef<'_>) -> Option<u32> {
    f.int().map(|v| v as u32)
}

fn field_num(gbx: &Gbx, node: &Node, id: u32, name: &str) -> Option<u32> {
    chunk_fields(gbx, node, id)
        .and_then(|f| f.find(name))
        .and_then(num)
}

fn nickname(gbx: &Gbx, node: &Node) -> Option<String> {
    node.chunks
        .iter()
        .filter_map(|c| gbx.chunk_field(c, FIELD_NICKNAME))
        .find_map(FieldRef::text)
        .filter(|s| !s.is_empty())
}

fn checkpoints(gbx: &Gbx, node: &Node) -> Vec<Checkpoint> {
    for (id, has_score) in [(CHUNK_CHECKPOINTS, true), (CHUNK_OLD_CHECKPOINTS, false)] {
        let Some(fields) = chunk_fields(gbx, node, id) else {
            continue;
        };
        return fields
            .find_all(FIELD_CHECKPOINT)
            .map(|c| Checkpoint {
                time_ms: c
                    .children()
                    .find(FIELD_CHECKPOINT_TIME)
                    .and_then(num)
                    .filter(|&t| t != u32::MAX),
                stunts_score: if has_score {
                    c.children().find(FIELD_STUNTS_SCORE).and_then(num)
                } else {
                    None
                },
            })
            .collect();
    }
    Vec::new()
}

/// The inputs of a ghost node and where they come from.
#[derive(Default)]
struct Inputs {
    events: Vec<InputEvent>,
    declared: Option<u32>,
    chunk: Option<u32>,
    streams: Vec<InputStream>,
    problems: Vec<String>,
}

/// The validation record's entries when it has some, else the 0x0309201D
/// player input data.
fn inputs(gbx: &Gbx, node: &Node) -> Inputs {
    let validation = VALIDATION_CHUNKS
        .iter()
        .find_map(|&id| node.chunk(id).map(|c| (id, c)));
    if let Some((id, chunk)) = validation {
        let v = validation_inputs(gbx, chunk);
        if !v.0.is_empty() {
            return Inputs {
                events: v.0,
                declared: v.1,
                chunk: Some(id),
                ..Inputs::default()
            };
        }
    }
    let Some(c) = node.chunks.iter().find(|c| c.id == ghost_inputs::CHUNK) else {
        return Inputs::default();
    };
    match ghost_inputs::decode_chunk(slice(&gbx.body, c.data_range), c.data_range.start) {
        Ok((streams, problems)) if streams.is_empty() && problems.is_empty() => Inputs::default(),
        Ok((streams, mut problems)) => Inputs {
            events: streams.iter().flat_map(|s| s.events.clone()).collect(),
            chunk: Some(ghost_inputs::CHUNK),
            problems: {
                problems.extend(streams.iter().filter_map(|s| s.problem.clone()));
                problems
            },
            streams,
            ..Inputs::default()
        },
        Err(e) => Inputs {
            chunk: Some(ghost_inputs::CHUNK),
            problems: vec![e.to_string()],
            ..Inputs::default()
        },
    }
}

/// The control entries of a validation record and the stored count. The
/// entries' records are deferred in binary files (`ghost_validation`):
/// they are then read from their bytes, 9 each, with the control names
/// from the stored records, so asking for a run's inputs does not read the
/// whole table again (issue 32).
fn validation_inputs(gbx: &Gbx, chunk: &Chunk) -> (Vec<InputEvent>, Option<u32>) {
    let declared = gbx
        .chunk_field(chunk, FIELD_NUM_CONTROL_ENTRIES)
        .and_then(num);
    let stored = gbx.stored_fields(chunk.fields);
    let Some(list) = stored.find(FIELD_CONTROL_ENTRIES) else {
        return (Vec::new(), declared);
    };
    if !gbx.stored.defers_in(list.subtree()) {
        return (entry_events(list.children()), declared);
    }
    let names: Vec<Option<String>> = stored
        .find(FIELD_CONTROL_NAMES)
        .map(|g| {
            g.children()
                .iter()
                .filter(|n| n.name() == FIELD_VALIDATION_NAME)
                .map(FieldRef::text)
                .collect()
        })
        .unwrap_or_default();
    let range = list.range();
    let events = ghost_validation::entries(slice(&gbx.body, range))
        .zip((range.start..).step_by(ENTRY_BYTES as usize))
        .map(|((time, index, data), start)| {
            let name = names
                .get(usize::from(index))
                .cloned()
                .flatten()
                .unwrap_or_else(|| "?".into());
            event(
                time,
                data,
                name,
                ByteRange::at(start, u64::from(ENTRY_BYTES)),
            )
        })
        .collect();
    (events, declared)
}

/// The events of the entry records in `entries` (a list recorded in full).
fn entry_events(entries: FieldList<'_>) -> Vec<InputEvent> {
    entries
        .find_all(FIELD_ENTRY)
        .filter_map(|e| {
            let time = e.children().find(FIELD_ENTRY_TIME).and_then(num)?;
            let value = e.children().find(FIELD_ENTRY_ONOFF).and_then(num)?;
            let name = e
                .children()
                .find(FIELD_ENTRY_CONTROL_NAME)
                .and_then(FieldRef::text)
                .unwrap_or_else(|| "?".into());
            Some(event(time, value, name, e.range()))
        })
        .collect()
}

/// One control entry as an input event.
fn event(time: u32, data: u32, name: String, range: ByteRange) -> InputEvent {
    InputEvent {
        time_ms: i64::from(time) - INPUT_TIME_OFFSET_MS,
        value: control_value(&name, data),
        name,
        range,
    }
}

/// Analog controls of the TMF control entries, whose data is a 24-bit
/// signed number (GBX.NET `CGameCtnGhost.ControlEntryAnalog`).
const ANALOG_CONTROLS: [&str; 4] = ["Steer", "Gas", "AccelerateReal", "BrakeReal"];

/// A control entry's data as [`InputEvent::value`]: analog controls
/// sign-extended from 24 bits, the others as stored.
fn control_value(name: &str, data: u32) -> i32 {
    if ANALOG_CONTROLS.contains(&name) {
        ((data << 8) as i32) >> 8
    } else {
        data as i32
    }
}

fn ghost_info(gbx: &Gbx, index: usize, node: &Node) -> GhostInfo {
    let inputs = inputs(gbx, node);
    let sample_chunk = node
        .chunks
        .iter()
        .position(|c| SAMPLE_CHUNKS.contains(&c.id));
    let saved_class = field_num(
        gbx,
        node,
        CHUNK_SAVED_MOBIL_CLASS,
        FIELD_SAVED_MOBIL_CLASS_ID,
    );
    let mut samples = sample_chunk.map(|i| {
        let c = &node.chunks[i];
        ghost_samples::from_chunk(gbx, c, saved_class)
    });
    let record = record_data(gbx, node);
    if let (Some(rec), None | Some(Err(SampleError::Empty))) = (record, &samples)
        && let Some(c) = gbx.chunk(rec)
    {
        samples = Some(ent_record::decode(
            slice(&gbx.body, c.data_range),
            c.data_range.start,
        ));
    }
    GhostInfo {
        node: index,
        record_data: record,
        nickname: nickname(gbx, node),
        login: chunk_fields(gbx, node, CHUNK_LOGIN)
            .and_then(|f| f.find(FIELD_LOGIN))
            .and_then(FieldRef::text),
        race_time_ms: field_num(gbx, node, CHUNK_RACE_TIME, FIELD_RACE_TIME)
            .filter(|&t| t != u32::MAX),
        checkpoints: checkpoints(gbx, node),
        // TM2020 stores -1 when the count is unknown.
        respawns: field_num(gbx, node, CHUNK_RESPAWNS, FIELD_NUM_RESPAWNS)
            .filter(|&n| n != u32::MAX),
        stunts_score: field_num(gbx, node, CHUNK_STUNTS_SCORE, FIELD_STUNTS_SCORE),
        inputs: inputs.events,
        inputs_declared: inputs.declared,
        inputs_chunk: inputs.chunk,
        input_streams: inputs.streams,
        input_problems: inputs.problems,
        sample_chunk,
        samples,
    }
}

/// The CPlugEntRecordData chunk referenced by 0x03092000's recordData.
fn record_data(gbx: &Gbx, node: &Node) -> Option<ChunkRef> {
    let i = chunk_fields(gbx, node, CHUNK_BASIC)?
        .find(FIELD_RECORD_DATA)?
        .node()?;
    let rec = gbx.nodes.get(i)?;
    let c = rec
        .chunks
        .iter()
        .position(|c| c.id == CHUNK_ENT_RECORD_DATA)?;
    Some(ChunkRef::Body { node: i, chunk: c })
}

/// The input events of a TM1.0 / TMPU replay's validation chunk 0x03093003
/// (GBX.NET `CGameCtnReplayRecord.Chunk.cs` Chunk03093003): each stored
/// entry is (time + [`REPLAY_INPUT_TIME_OFFSET_MS`], index into the chunk's
/// control-name table, data); the entries are stored latest first and are
/// returned in time order. Values: "Steer (analog)" stores an f32 (−1..1),
/// returned × 65536 rounded (the TMF scale); every other control is a
/// press (1) or release (0), as GBX.NET reads `data != 0`. `declared` is
/// the stored entry count (numInputs − 1). `None` when `gbx` has no such
/// chunk or it holds no entries (an editor replay stores duration 0).
#[must_use]
pub fn replay_validation_inputs(gbx: &Gbx) -> Option<ReplayInputs> {
    let fields = gbx
        .nodes
        .iter()
        .filter(|n| n.class_id == replay::CLASS_ID)
        .find_map(|n| chunk_fields(gbx, n, REPLAY_VALIDATION_CHUNK))?;
    let names: Vec<String> = fields
        .find_all(FIELD_CONTROL)
        .map(|c| {
            c.children()
                .find(FIELD_CONTROL_NAME)
                .and_then(FieldRef::text)
                .unwrap_or_default()
        })
        .collect();
    let entries: Vec<FieldRef<'_>> = fields.find_all(FIELD_INPUT).collect();
    if entries.is_empty() {
        return None;
    }
    let mut problems = Vec::new();
    let mut events: Vec<InputEvent> = entries
        .iter()
        .filter_map(|e| {
            let get = |n: &str| e.children().find(n).and_then(num);
            let (time, index, data) = (
                get(FIELD_INPUT_TIME)?,
                get(FIELD_INPUT_CONTROL_INDEX)?,
                get(FIELD_INPUT_DATA)?,
            );
            let name = names.get(index as usize).cloned().unwrap_or_else(|| {
                problems.push(format!(
                    "input at body {:#x}: control name index {index} is outside the {} names",
                    e.range().start,
                    names.len()
                ));
                "?".into()
            });
            let value = replay_input_value(&name, data);
            Some(InputEvent {
                time_ms: i64::from(time) - REPLAY_INPUT_TIME_OFFSET_MS,
                name,
                value,
                range: e.range(),
            })
        })
        .collect();
    events.reverse();
    Some(ReplayInputs {
        declared: fields
            .find(FIELD_NUM_INPUTS)
            .and_then(num)
            .map(|n| n.saturating_sub(1)),
        chunk: Some(REPLAY_VALIDATION_CHUNK),
        events,
        problems,
    })
}

/// The value of one 0x03093003 entry: "Steer (analog)" data is an f32
/// (−1..1), returned × 65536 rounded (saturating; NaN gives 0); any other
/// control gives 1 for non-zero data (press) and 0 (release).
fn replay_input_value(name: &str, data: u32) -> i32 {
    if name == "Steer (analog)" {
        (f32::from_bits(data) * 65536.0).round() as i32
    } else {
        i32::from(data != 0)
    }
}

/// The inputs of a replay validation chunk ([`replay_validation_inputs`]).
#[derive(Debug, Clone, Default)]
pub struct ReplayInputs {
    /// Input events in time order (race time, ms).
    pub events: Vec<InputEvent>,
    /// The stored entry count.
    pub declared: Option<u32>,
    /// The chunk they come from (0x03093003).
    pub chunk: Option<u32>,
    /// Entries whose control name index is out of range.
    pub problems: Vec<String>,
}

#[cfg(test)]
mod replay_input_tests {
    use super::replay_input_value;

    #[test]
    fn analog_steer_is_scaled_to_the_tmf_range_and_keys_are_on_off() {
        let steer = "Steer (analog)";
        assert_eq!(replay_input_value(steer, (-1.0f32).to_bits()), -65536);
        assert_eq!(replay_input_value(steer, 0.5f32.to_bits()), 32768);
        assert_eq!(replay_input_value(steer, 0), 0);
        assert_eq!(replay_input_value(steer, f32::NAN.to_bits()), 0);
        assert_eq!(replay_input_value(steer, f32::INFINITY.to_bits()), i32::MAX);
        // Corpus TM1.0 / TMPU replays store 128 for a press.
        assert_eq!(replay_input_value("Accelerate", 128), 1);
        assert_eq!(super::control_value("Steer", 0x00FF_FA29), -1495);
        assert_eq!(super::control_value("Steer", 65_536), 65_536);
        assert_eq!(super::control_value("Gas", 0x00FF_0000), -65_536);
        assert_eq!(super::control_value("Accelerate", 1), 1);
        assert_eq!(replay_input_value("Steer left", 0), 0);
    }
}
