//! MediaTracker clips of a parsed file as a timeline model (issue 5): which
//! clips the file holds, their tracks, each track's blocks with a time span,
//! and each block's keys with their values.
//!
//! Everything is read from the decoded fields of `classes/media.rs`
//! (sources cited there: seed 000 and GBX.NET `*.chunkl`):
//! - clips are reached through node references whose target is a
//!   `CGameCtnMediaClip` (0x03079000) or `CGameCtnMediaClipGroup`
//!   (0x0307A000): CGameCtnChallenge 0x03043049 / 0x03043021 / 0x03043020
//!   (`clipIntro`, `clipPodium`, `clipGroupInGame`, `clipGroupEndRace`,
//!   `clipAmbiance`), 0x03043026 (`clipGlobal`), CGameCtnReplayRecord
//!   (`clip`), and the main node of a `.Clip.Gbx`;
//! - a clip's tracks are the `mediaTrack` references of its `tracks` list,
//!   a track's name is `name` and its blocks the `mediaBlock`
//!   references of its `blocks` list;
//! - times are f32 seconds ("timefloat"). A block's span is its explicit
//!   `start`..`end` when it stores one, otherwise its keys'
//!   first..last `timeStamp`. Text and image blocks keep their keys in the
//!   CControlEffectSimi node of their `effect` reference.
//!
//! No egui here: the app's timeline panel draws this model; the edits that
//! drag keys and blocks are in `crate::edit::timeline`.

use crate::bytes::ByteRange;
use crate::gbx::classes::common::XYZ;
use crate::gbx::classes::media::names::{
    FIELD_CLIP, FIELD_CLIP_AMBIANCE, FIELD_CLIP_GLOBAL, FIELD_CLIP_GROUP_END_RACE,
    FIELD_CLIP_GROUP_IN_GAME, FIELD_CLIP_INTRO, FIELD_CLIP_NAME, FIELD_CLIP_PODIUM, FIELD_CLIP2,
    FIELD_CLIP3, FIELD_CLIPS, FIELD_EFFECT, FIELD_KEY, FIELD_KEYS, FIELD_START_OFFSET, FIELD_TEXT,
    FIELD_TIME_CLIP_END, FIELD_TIME_CLIP_START, FIELD_TIME_STAMP, FIELD_TRACK_BLOCKS,
    FIELD_TRACK_NAME, FIELD_TRACKS, FIELD_TRIGGER, FIELD_TRIGGER_ARGUMENT, FIELD_TRIGGER_CONDITION,
    FIELD_TRIGGER_COORD, FIELD_TRIGGER_COORDS, FIELD_TRIGGERS,
};
use crate::gbx::{FieldList, FieldRef, Gbx, Node, Value, class_label};
use std::collections::HashSet;

mod kinds;

pub use kinds::{BlockKind, TriggerInfo, strip_formatting, unit_of};

/// CGameCtnMediaClip.
pub const CLIP: u32 = 0x0307_9000;
/// CGameCtnMediaClipGroup.
pub const CLIP_GROUP: u32 = 0x0307_A000;
/// At most this many values are listed per key (skeleton keys hold hundreds).
const MAX_VALUES: usize = 32;

/// A clip of the file, with where it was found.
#[derive(Debug, Clone, PartialEq)]
pub struct ClipInfo {
    /// What the clip is for: "Intro", "Podium", "In-game 3", "Clip file"…
    pub role: String,
    /// Position of the clip node in `Gbx::nodes`.
    pub node: usize,
    /// `name` (may be empty).
    pub name: String,
    /// Tracks in stored order.
    pub tracks: Vec<TrackInfo>,
    /// The clip group holding the clip, when it is in one.
    pub group: Option<usize>,
    /// The clip's trigger in its group.
    pub trigger: Option<TriggerInfo>,
}

impl ClipInfo {
    /// Text for the clip picker: role, then the name when there is one.
    #[must_use]
    pub fn title(&self) -> String {
        if self.name.is_empty() {
            self.role.clone()
        } else {
            format!("{}: {}", self.role, self.name)
        }
    }

    /// Earliest start and latest end over all block spans, seconds.
    #[must_use]
    pub fn span(&self) -> Option<(f32, f32)> {
        let spans = self
            .tracks
            .iter()
            .flat_map(|t| &t.blocks)
            .filter_map(|b| b.span);
        spans.fold(None, |acc, (s, e)| match acc {
            None => Some((s, e)),
            Some((a, b)) => Some((a.min(s), b.max(e))),
        })
    }

    /// Number of blocks over all tracks.
    #[must_use]
    pub fn block_count(&self) -> usize {
        self.tracks.iter().map(|t| t.blocks.len()).sum()
    }
}

/// A track: a named row of blocks.
#[derive(Debug, Clone, PartialEq)]
pub struct TrackInfo {
    /// Position of the track node.
    pub node: usize,
    /// `name`, without a leading byte-order mark.
    pub name: String,
    /// Blocks in stored order.
    pub blocks: Vec<BlockInfo>,
}

/// Where a block's span comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpanSource {
    /// `start` / `end`.
    Explicit,
    /// First and last key `timeStamp`.
    Keys,
    /// Nothing timed was decoded.
    None,
}

/// A block: a bar on its track.
#[derive(Debug, Clone, PartialEq)]
pub struct BlockInfo {
    /// Position of the block node.
    pub node: usize,
    /// Class id.
    pub class_id: u32,
    /// Kind, for colours.
    pub kind: BlockKind,
    /// Short class name ("CameraCustom", "FxColors"…).
    pub class_short: String,
    /// The text of text blocks.
    pub text: Option<String>,
    /// (start, end) in seconds.
    pub span: Option<(f32, f32)>,
    /// Where the span comes from.
    pub span_source: SpanSource,
    /// Ghost/entity `startOffset`, seconds into the recording.
    pub start_offset: Option<f32>,
    /// The chunk to select for this block (holding its span or keys).
    pub chunk: usize,
    /// Keys in stored order (possibly in another node: see [`KeyInfo`]).
    pub keys: Vec<KeyInfo>,
    /// Clip-timeline times stored outside the keys (`start`,
    /// `end`, in every chunk holding them). Not `startOffset`: that
    /// is a time in the ghost's recording, not on the clip's timeline.
    pub clip_times: Vec<TimeField>,
}

/// A time stamp of a block stored outside its keys.
#[derive(Debug, Clone, PartialEq)]
pub struct TimeField {
    /// Field name (`start` or `end`).
    pub name: &'static str,
    /// Node holding it.
    pub node: usize,
    /// Chunk position in that node.
    pub chunk: usize,
    /// Path of child positions to the field (an edit model `FieldLoc` path).
    pub path: Vec<usize>,
    /// Bytes of the float (body space).
    pub range: ByteRange,
    /// Value, seconds.
    pub time_s: f32,
}

impl BlockInfo {
    /// Bar label: the text (without formatting codes) for text blocks,
    /// else the short class name.
    #[must_use]
    pub fn label(&self) -> String {
        match &self.text {
            Some(t) if !t.is_empty() => format!("\"{}\"", strip_formatting(t)),
            Some(_) => "Text (empty)".into(),
            None => self.class_short.clone(),
        }
    }
}

/// A key of a block.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyInfo {
    /// `timeStamp`, seconds.
    pub time_s: f32,
    /// Node holding the key (the block, or a text/image block's effect).
    pub node: usize,
    /// Chunk position in that node.
    pub chunk: usize,
    /// Path of child positions from the chunk's top-level fields to the
    /// `timeStamp` field (an edit model `FieldLoc` path).
    pub time_path: Vec<usize>,
    /// Bytes of the `timeStamp` float (body space).
    pub time_range: ByteRange,
    /// Bytes of the whole key record.
    pub range: ByteRange,
    /// The other values of the key.
    pub values: Vec<KeyValue>,
}

/// One value of a key.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyValue {
    /// Field name; nested records joined with dots ("near.hue").
    pub name: String,
    /// Value as text.
    pub value: String,
    /// Unit: "s", "rad", "deg", "m", or "" when unitless or unknown.
    pub unit: &'static str,
}

/// Every clip the file holds, in node order of the references that reach
/// them; clips of a group are listed one by one with their trigger.
#[must_use]
pub fn clips(gbx: &Gbx) -> Vec<ClipInfo> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    if gbx.nodes.first().is_some_and(|n| n.class_id == CLIP) {
        push_clip(gbx, 0, "Clip file".into(), None, None, &mut out, &mut seen);
    }
    for node in gbx.nodes.iter().filter(|n| n.class_id != CLIP_GROUP) {
        for c in &node.chunks {
            for (name, target) in node_refs(gbx.chunk_fields(c)) {
                root(gbx, name, target, &mut out, &mut seen);
            }
        }
    }
    for (i, n) in gbx.nodes.iter().enumerate() {
        if n.class_id == CLIP && !seen.contains(&i) {
            push_clip(gbx, i, "Other clip".into(), None, None, &mut out, &mut seen);
        }
    }
    out
}

/// Adds the clip or clip group that a reference named `name` points at.
fn root(gbx: &Gbx, name: &str, target: usize, out: &mut Vec<ClipInfo>, seen: &mut HashSet<usize>) {
    let Some(t) = gbx.nodes.get(target) else {
        return;
    };
    if t.class_id == CLIP && !seen.contains(&target) {
        push_clip(gbx, target, role_name(name).into(), None, None, out, seen);
    } else if t.class_id == CLIP_GROUP && seen.insert(target) {
        group_clips(gbx, target, role_name(name), out, seen);
    }
}

/// Human name of the reference that holds a clip.
fn role_name(field: &str) -> &str {
    match field {
        FIELD_CLIP_INTRO => "Intro",
        FIELD_CLIP_PODIUM => "Podium",
        FIELD_CLIP_GROUP_IN_GAME => "In-game",
        FIELD_CLIP_GROUP_END_RACE => "End race",
        FIELD_CLIP_AMBIANCE => "Ambiance",
        FIELD_CLIP_GLOBAL => "Global",
        FIELD_CLIP => "Replay clip",
        FIELD_CLIP2 => "Clip 2",
        FIELD_CLIP3 => "Clip 3",
        other => other,
    }
}

/// Adds the clips of a group, numbered from 1, each with its trigger.
fn group_clips(
    gbx: &Gbx,
    group: usize,
    role: &str,
    out: &mut Vec<ClipInfo>,
    seen: &mut HashSet<usize>,
) {
    let Some(chunk) = gbx.nodes[group]
        .chunks
        .iter()
        .find(|c| gbx.chunk_field(c, FIELD_CLIPS).is_some())
    else {
        return;
    };
    let fields = gbx.chunk_fields(chunk);
    let clips = fields
        .find(FIELD_CLIPS)
        .map(|f| node_refs(f.children()))
        .unwrap_or_default();
    let triggers: Vec<FieldRef<'_>> = fields
        .find(FIELD_TRIGGERS)
        .map(|f| {
            f.children()
                .iter()
                .filter(|c| c.name() == FIELD_TRIGGER)
                .collect()
        })
        .unwrap_or_default();
    for (i, (_, clip)) in clips.into_iter().enumerate() {
        let trigger = triggers.get(i).map(|t| trigger_info(*t));
        push_clip(
            gbx,
            clip,
            format!("{role} {}", i + 1),
            Some(group),
            trigger,
            out,
            seen,
        );
    }
}

/// Reads a trigger record.
fn trigger_info(t: FieldRef<'_>) -> TriggerInfo {
    let coords_field = t
        .children()
        .iter()
        .filter(|c| c.name() == FIELD_TRIGGER_COORDS)
        .last();
    let coords = coords_field.map_or_else(Vec::new, |f| {
        f.children()
            .iter()
            .filter(|c| c.name() == FIELD_TRIGGER_COORD)
            .map(|c| int3(c.children().first().unwrap_or(c)))
            .collect()
    });
    TriggerInfo {
        condition: t
            .children()
            .find(FIELD_TRIGGER_CONDITION)
            .and_then(as_u32)
            .unwrap_or(0),
        argument: t
            .children()
            .find(FIELD_TRIGGER_ARGUMENT)
            .and_then(as_f32)
            .unwrap_or(0.0),
        coords,
        range: t.range(),
    }
}

fn int3(f: FieldRef<'_>) -> [i32; 3] {
    XYZ.map(|n| match f.child(n).map(FieldRef::value) {
        Some(Value::I32(v)) => v,
        _ => 0,
    })
}

/// Adds one clip (once per node).
fn push_clip(
    gbx: &Gbx,
    node: usize,
    role: String,
    group: Option<usize>,
    trigger: Option<TriggerInfo>,
    out: &mut Vec<ClipInfo>,
    seen: &mut HashSet<usize>,
) {
    if !seen.insert(node) && group.is_none() {
        return;
    }
    let n = &gbx.nodes[node];
    let name = n
        .chunks
        .iter()
        .find_map(|c| gbx.chunk_field(c, FIELD_CLIP_NAME).and_then(as_str))
        .unwrap_or_default();
    let tracks = n
        .chunks
        .iter()
        .find_map(|c| gbx.chunk_field(c, FIELD_TRACKS))
        .map(|f| node_refs(f.children()))
        .unwrap_or_default()
        .into_iter()
        .filter_map(|(_, t)| track_info(gbx, t))
        .collect();
    out.push(ClipInfo {
        role,
        node,
        name: clean(&name),
        tracks,
        group,
        trigger,
    });
}

/// Reads a track node.
fn track_info(gbx: &Gbx, node: usize) -> Option<TrackInfo> {
    let n = gbx.nodes.get(node)?;
    let name = n
        .chunks
        .iter()
        .find_map(|c| gbx.chunk_field(c, FIELD_TRACK_NAME).and_then(as_str))
        .unwrap_or_default();
    let blocks = n
        .chunks
        .iter()
        .find_map(|c| gbx.chunk_field(c, FIELD_TRACK_BLOCKS))
        .map(|f| node_refs(f.children()))
        .unwrap_or_default()
        .into_iter()
        .filter_map(|(_, b)| block_info(gbx, b))
        .collect();
    Some(TrackInfo {
        node,
        name: clean(&name),
        blocks,
    })
}

/// Reads a block node: span, keys, text.
fn block_info(gbx: &Gbx, node: usize) -> Option<BlockInfo> {
    let n = gbx.nodes.get(node)?;
    let kind = BlockKind::of_class(n.class_id);
    let label = class_label(n.class_id);
    let class_short = label
        .strip_prefix("CGameCtnMediaBlock")
        .unwrap_or(&label)
        .to_string();
    let text = chunk_value(gbx, n, FIELD_TEXT)
        .and_then(as_str)
        .map(|s| clean(&s));
    let start_offset = chunk_value(gbx, n, FIELD_START_OFFSET).and_then(as_f32);
    let mut keys = node_keys(gbx, node, n);
    if keys.is_empty() {
        keys = effect_keys(gbx, n);
    }
    let explicit = explicit_span(gbx, n);
    let key_span = key_span(&keys);
    let (span, span_source) = match (explicit, key_span) {
        (Some(s), _) => (Some(s), SpanSource::Explicit),
        (None, Some(s)) => (Some(s), SpanSource::Keys),
        (None, None) => (None, SpanSource::None),
    };
    let chunk = n
        .chunks
        .iter()
        .position(|c| {
            gbx.chunk_field(c, FIELD_TIME_CLIP_START).is_some()
                || gbx.chunk_field(c, FIELD_KEYS).is_some()
        })
        .unwrap_or(0);
    Some(BlockInfo {
        node,
        class_id: n.class_id,
        kind,
        class_short,
        text,
        span,
        span_source,
        start_offset,
        chunk,
        keys,
        clip_times: clip_time_fields(gbx, node, n),
    })
}

/// Every `start` / `end` float of node `n`.
fn clip_time_fields(gbx: &Gbx, node: usize, n: &Node) -> Vec<TimeField> {
    let mut out = Vec::new();
    for (ci, c) in n.chunks.iter().enumerate() {
        let fields = gbx.chunk_fields(c);
        for name in [FIELD_TIME_CLIP_START, FIELD_TIME_CLIP_END] {
            let Some((path, f)) = path_of(fields, name) else {
                continue;
            };
            if let Some(t) = as_f32(f) {
                out.push(TimeField {
                    name: f.name(),
                    node,
                    chunk: ci,
                    path,
                    range: f.range(),
                    time_s: t,
                });
            }
        }
    }
    out
}

/// `start`..`end`, when the node stores them.
fn explicit_span(gbx: &Gbx, n: &Node) -> Option<(f32, f32)> {
    let start = chunk_value(gbx, n, FIELD_TIME_CLIP_START).and_then(as_f32)?;
    let end = chunk_value(gbx, n, FIELD_TIME_CLIP_END).and_then(as_f32)?;
    Some((start, end))
}

/// First..last key time (min..max, keys may be unordered).
fn key_span(keys: &[KeyInfo]) -> Option<(f32, f32)> {
    let first = keys.first()?.time_s;
    Some(keys.iter().fold((first, first), |(a, b), k| {
        (a.min(k.time_s), b.max(k.time_s))
    }))
}

/// Keys of the node of a text/image block's `effect` reference.
fn effect_keys(gbx: &Gbx, n: &Node) -> Vec<KeyInfo> {
    let effect = n.chunks.iter().find_map(|c| {
        node_refs(gbx.chunk_fields(c))
            .into_iter()
            .find(|(name, _)| *name == FIELD_EFFECT)
    });
    match effect.and_then(|(_, e)| gbx.nodes.get(e).map(|en| (e, en))) {
        Some((e, en)) => node_keys(gbx, e, en),
        None => Vec::new(),
    }
}

/// Keys of the first chunk of `n` holding a `keys` list.
fn node_keys(gbx: &Gbx, node: usize, n: &Node) -> Vec<KeyInfo> {
    for (ci, c) in n.chunks.iter().enumerate() {
        let Some((path, keys_field)) = path_of(gbx.chunk_fields(c), FIELD_KEYS) else {
            continue;
        };
        let mut out = Vec::new();
        for (ki, k) in keys_field.children().iter().enumerate() {
            if k.name() != FIELD_KEY {
                continue;
            }
            let Some((ti, ts)) = k
                .children()
                .iter()
                .enumerate()
                .find(|(_, f)| f.name() == FIELD_TIME_STAMP)
            else {
                continue;
            };
            let mut time_path = path.clone();
            time_path.extend([ki, ti]);
            let mut values = Vec::new();
            flatten_values(k.children(), "", &mut values);
            values.retain(|v| v.name != FIELD_TIME_STAMP);
            out.push(KeyInfo {
                time_s: as_f32(ts).unwrap_or(0.0),
                node,
                chunk: ci,
                time_path,
                time_range: ts.range(),
                range: k.range(),
                values,
            });
        }
        return out;
    }
    Vec::new()
}

/// Leaf values of `fields`, nested names joined with dots.
fn flatten_values(fields: FieldList<'_>, prefix: &str, out: &mut Vec<KeyValue>) {
    for f in fields {
        if out.len() >= MAX_VALUES {
            return;
        }
        let name = match f.index() {
            Some(i) => format!("{prefix}{}[{i}]", f.name()),
            None => format!("{prefix}{}", f.name()),
        };
        if f.is_group() {
            flatten_values(f.children(), &format!("{name}."), out);
        } else {
            let unit = unit_of(&name, &f.value());
            out.push(KeyValue {
                value: f.value().display(),
                unit,
                name,
            });
        }
    }
}

/// Path of child positions to the first field named `name` (depth-first),
/// and that field.
fn path_of<'a>(fields: FieldList<'a>, name: &str) -> Option<(Vec<usize>, FieldRef<'a>)> {
    fields.find(name)?;
    for (i, f) in fields.iter().enumerate() {
        if f.name() == name {
            return Some((vec![i], f));
        }
        if let Some((mut p, found)) = path_of(f.children(), name) {
            p.insert(0, i);
            return Some((p, found));
        }
    }
    None
}

/// First field named `name` in any chunk of `n`.
fn chunk_value<'a>(gbx: &'a Gbx, n: &Node, name: &str) -> Option<FieldRef<'a>> {
    n.chunks.iter().find_map(|c| gbx.chunk_field(c, name))
}

/// Node references under `fields` (depth-first): (field name, node position).
fn node_refs(fields: FieldList<'_>) -> Vec<(&'static str, usize)> {
    let mut out = Vec::new();
    for f in fields {
        if let Some(n) = f.node() {
            out.push((f.name(), n));
        }
        out.extend(node_refs(f.children()));
    }
    out
}

fn as_f32(f: FieldRef<'_>) -> Option<f32> {
    match f.value() {
        Value::F32(v) => Some(v),
        _ => None,
    }
}

fn as_u32(f: FieldRef<'_>) -> Option<u32> {
    match f.value() {
        Value::U32(v) => Some(v),
        _ => None,
    }
}

fn as_str(f: FieldRef<'_>) -> Option<String> {
    match f.value() {
        Value::Str(s) => Some(s),
        _ => None,
    }
}

/// Drops a leading byte-order mark (TM2020 names start with one).
fn clean(s: &str) -> String {
    s.trim_start_matches('\u{feff}').to_string()
}
