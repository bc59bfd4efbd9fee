//! The samples of a CGameGhost (0x0303F000): time, position, rotation,
//! speed and velocity of the car every sample period.
//!
//! Sources: seed 000 "CGameGhost (03 03F 005)" (the buffer header and the
//! "sample record": vec3 position, u16 angle, i16 axis heading, i16 axis
//! pitch, i16 speed, i8 velocity heading, i8 velocity pitch); GBX.NET
//! `Src/GBX.NET/Engines/Game/CGameGhost.Data.cs` (ReadOld/ReadNew: the
//! uncompressed 0x0303F003 layout, the cumulative state times of the newer
//! chunk, the first sample time, the supported class ids 0x0A02B000 /
//! 0x0A103000 for cars) and `Src/GBX.NET/Engines/Scene/CSceneVehicleCar.Sample.cs`
//! (vehicle state version 13 is the 17-byte "SVehicleSimpleNetState" with a
//! 9-byte position and no speed; the other versions start with the seed's
//! 22-byte record), `Src/GBX.NET/Serialization/GbxReader.cs` ReadQuat6 /
//! ReadVec3_4 (divisors 65535, 32767 and 0x8000 meaning speed 0).
//!
//! The chunk is decoded once, by its decoder in
//! [`crate::gbx::classes::game_ghost`]; this module reads the decoder's
//! fields (names from GBX.NET `CGameGhost.Data.cs`) and decodes the sample
//! records they point at. The inflated 0x005/0x006 buffer is not kept by a
//! parse, so it is inflated again here and its header read by the same
//! decoder function. Nothing here panics on bad data and every size is
//! checked before allocating.

use crate::bytes::{ByteRange, ByteReader, ReadError};
use crate::gbx::classes;
use crate::gbx::classes::game_ghost::{
    self, CHUNK_DATA, CHUNK_DATA_REPLAYING, CHUNK_DATA_TM10, FIELD_COMPRESSED_DATA,
    FIELD_FIRST_SAMPLE_OFFSET, FIELD_FIRST_SAMPLE_TIME, FIELD_GHOST_DATA, FIELD_GHOST_DATA_ERROR,
    FIELD_IS_FIXED_TIME_STEP, FIELD_NUM_SAMPLES, FIELD_OFFSETS, FIELD_SAMPLE_DATA,
    FIELD_SAMPLE_PERIOD, FIELD_SAMPLE_SIZES, FIELD_SAVED_MOBIL_CLASS_ID, FIELD_SIZE_PER_SAMPLE,
    FIELD_STATE_TIMES, FIELD_UNCOMPRESSED_SIZE, FIELD_VERSION,
};
use crate::gbx::read::archive::Archive;
use crate::gbx::{Chunk, FieldList, FieldRef, Gbx};
use std::collections::HashMap;
use std::f32::consts::{FRAC_PI_2, PI};

/// Largest inflated sample buffer accepted (bytes).
pub use crate::gbx::classes::game_ghost::MAX_GHOST_DATA;

/// Where a [`Sample::range`] points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SampleSpace {
    /// Offsets in the zlib-inflated buffer of 0x0303F005/006, whose
    /// compressed bytes are `compressed` (body space).
    Inflated {
        /// The compressed data inside the chunk (body offsets).
        compressed: ByteRange,
    },
    /// Body offsets (0x0303F003 keeps its samples uncompressed).
    Body,
}

/// How the records of a buffer were read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordLayout {
    /// Seed 000 record: f32 position, 6-byte rotation, i16 speed and a
    /// 2-byte velocity direction (22 bytes, more after it per version).
    Vehicle,
    /// Vehicle state version 13 (GBX.NET "SVehicleSimpleNetState"): 9-byte
    /// position (24-bit fixed point, 2 mm steps), 6-byte rotation, u16 flags;
    /// no speed.
    VehicleNet,
    /// TM1.0 / TMPU state version 2 (46 bytes, layout found from the
    /// corpus, see `old_record`): u8 u01, f32 position, 3-byte rotation,
    /// i16 speed, 2-byte velocity direction, 26 unproven bytes.
    Vehicle46,
    /// TM2020: the [`RecordLayout::Vehicle`] record at byte 47 of the car's
    /// CPlugEntRecordData sample buffers (`super::ent_record`).
    EntRecordCar,
}

/// One decoded sample.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sample {
    /// Race time of the sample (ms): first sample time + index × period for
    /// fixed-time-step buffers, the stored state time otherwise.
    pub time_ms: i64,
    /// Car position (x, y, z) in metres (y is up in Trackmania).
    pub position: [f32; 3],
    /// Rotation quaternion (x, y, z, w): w = cos(angle), the vector part
    /// sin(angle) × (cos p cos h, cos p sin h, sin p) (seed 000).
    pub rotation: [f32; 4],
    /// Speed in m/s (exp(stored / 1000), stored 0x8000 = 0); `None` for the
    /// layout without speed.
    pub speed: Option<f32>,
    /// Velocity vector in m/s: speed × (cos p cos h, cos p sin h, sin p)
    /// with h, p from the two signed bytes (seed 000).
    pub velocity: Option<[f32; 3]>,
    /// The sample's bytes, in [`GhostSamples::space`] (for the encoded
    /// deltas of CPlugEntRecordData version 11, whose bytes are spread over
    /// columns, the 4 bytes of the sample's time difference).
    pub range: ByteRange,
    /// Inputs, gear, engine, wheels and surfaces of a CPlugEntRecordData
    /// car delta ([`RecordLayout::EntRecordCar`]); `None` for the other
    /// layouts.
    pub car: Option<super::car_state::CarState>,
}

impl Sample {
    /// Speed in km/h (m/s × 3.6), when stored.
    #[must_use]
    pub fn speed_kmh(&self) -> Option<f32> {
        self.speed.map(|s| s * 3.6)
    }
}

/// The decoded samples of one CGameGhost data chunk.
#[derive(Debug, Clone, PartialEq)]
pub struct GhostSamples {
    /// 0x0303F003, 0x0303F005 or 0x0303F006.
    pub chunk_id: u32,
    /// Saved mobil class id (0x0A02B000 / 0x0A103000: CSceneVehicleCar).
    pub class_id: u32,
    /// Vehicle state version stored with the buffer.
    pub version: u32,
    /// Time between samples (ms).
    pub period_ms: u32,
    /// True when samples are `period_ms` apart (no stored times).
    pub fixed_time_step: bool,
    /// Time of the first sample (ms).
    pub first_time_ms: i64,
    /// Where the sample ranges point.
    pub space: SampleSpace,
    /// Size of the sample data (bytes; inside the inflated buffer for
    /// 0x005/0x006).
    pub buffer_len: u64,
    /// How the records were read.
    pub layout: RecordLayout,
    /// The samples in time order.
    pub samples: Vec<Sample>,
}

/// Why a sample buffer was not decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SampleError {
    /// The buffer is a valid empty ghost (class id -1) or has no samples.
    Empty,
    /// The record layout of this class / version is not known.
    UnknownLayout {
        /// Saved mobil class id.
        class_id: u32,
        /// Stored state version.
        version: u32,
    },
    /// The bytes could not be read (what and where).
    Invalid(String),
}

impl std::fmt::Display for SampleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Empty => write!(f, "no samples"),
            Self::UnknownLayout { class_id, version } => write!(
                f,
                "unknown sample record layout: class {class_id:#010x}, version {version}"
            ),
            Self::Invalid(msg) => write!(f, "{msg}"),
        }
    }
}

impl From<ReadError> for SampleError {
    fn from(e: ReadError) -> Self {
        Self::Invalid(e.to_string())
    }
}

/// Decodes the samples of a CGameGhost data chunk from its data bytes
/// (`data` = the chunk's data, `data_start` its body offset) by running the
/// chunk's decoder ([`crate::gbx::classes::game_ghost`]) over them and
/// reading its fields, as [`from_chunk`] does for a parsed file.
/// `saved_class` is the class id of 0x0303F004 for 0x0303F003 buffers (cars
/// when absent).
///
/// # Errors
/// [`SampleError`] for empty ghosts, unknown record layouts and unreadable
/// bytes (with the offset and chunk).
pub fn decode_chunk(
    chunk_id: u32,
    data: &[u8],
    data_start: u64,
    saved_class: Option<u32>,
) -> Result<GhostSamples, SampleError> {
    let read = match chunk_id {
        CHUNK_DATA_TM10 => game_ghost::ghost_data_003,
        CHUNK_DATA => game_ghost::ghost_data_005,
        CHUNK_DATA_REPLAYING => game_ghost::ghost_data_006,
        _ => {
            return Err(SampleError::Invalid(format!(
                "chunk {chunk_id:#010x} holds no ghost samples"
            )));
        }
    };
    let mut a = Archive::new(
        ByteReader::new(data, data_start, "body"),
        HashMap::new(),
        classes::decoders(),
    );
    a.chunk_id = chunk_id;
    read(&mut a).map_err(|e| SampleError::from(e.context(format!("in chunk {chunk_id:#010x}"))))?;
    from_fields(chunk_id, a.fields_since(0), data, data_start, saved_class)
}

/// Decodes the samples of a CGameGhost data chunk of a parsed file from
/// the fields its decoder recorded.
///
/// # Errors
/// As [`decode_chunk`].
pub fn from_chunk(
    gbx: &Gbx,
    chunk: &Chunk,
    saved_class: Option<u32>,
) -> Result<GhostSamples, SampleError> {
    from_fields(chunk.id, gbx.chunk_fields(chunk), &gbx.body, 0, saved_class)
}

/// The samples from a data chunk's decoded `fields`, whose ranges index
/// `bytes` (which start at body offset `origin`).
fn from_fields(
    chunk_id: u32,
    fields: FieldList<'_>,
    bytes: &[u8],
    origin: u64,
    saved_class: Option<u32>,
) -> Result<GhostSamples, SampleError> {
    let body = Bytes { bytes, origin };
    match chunk_id {
        CHUNK_DATA_TM10 => old_buffer(fields, body, saved_class.unwrap_or(0x0A02_B000)),
        CHUNK_DATA | CHUNK_DATA_REPLAYING => {
            let compressed = field(fields, FIELD_COMPRESSED_DATA)?.range();
            if let Some(group) = fields.find(FIELD_GHOST_DATA)
                && let Some(error) = group.children().find(FIELD_GHOST_DATA_ERROR)
            {
                return Err(SampleError::Invalid(format!(
                    "{} (in chunk {chunk_id:#010x})",
                    error.label()
                )));
            }
            let declared = int(fields, FIELD_UNCOMPRESSED_SIZE)?;
            let inflated = inflate(
                body.get(compressed)?,
                u32::try_from(declared).unwrap_or(u32::MAX),
                compressed.start,
            )?;
            // The inflated bytes are not kept by the parse, so their header
            // is read again here, by the same decoder, for its offsets.
            let mut inner = Archive::new(
                ByteReader::new(&inflated, 0, "inflated ghost data"),
                HashMap::new(),
                classes::decoders(),
            );
            let replaying = chunk_id == CHUNK_DATA_REPLAYING;
            game_ghost::ghost_data_header(&mut inner, replaying).map_err(|e| {
                SampleError::from(
                    e.context(format!("in the inflated data of chunk {chunk_id:#010x}")),
                )
            })?;
            let inner_bytes = Bytes {
                bytes: &inflated,
                origin: 0,
            };
            let mut g = new_buffer(inner.fields_since(0), inner_bytes, replaying)?;
            g.chunk_id = chunk_id;
            g.space = SampleSpace::Inflated { compressed };
            Ok(g)
        }
        _ => Err(SampleError::Invalid(format!(
            "chunk {chunk_id:#010x} holds no ghost samples"
        ))),
    }
}

/// Bytes that field ranges index, starting at offset `origin`.
#[derive(Clone, Copy)]
struct Bytes<'a> {
    bytes: &'a [u8],
    origin: u64,
}

impl<'a> Bytes<'a> {
    fn get(self, range: ByteRange) -> Result<&'a [u8], SampleError> {
        let start = range.start.checked_sub(self.origin);
        let end = range.end.checked_sub(self.origin);
        start
            .zip(end)
            .and_then(|(s, e)| {
                self.bytes
                    .get(usize::try_from(s).ok()?..usize::try_from(e).ok()?)
            })
            .ok_or_else(|| SampleError::Invalid(format!("bytes {range:?} outside the data")))
    }

    /// The little-endian u32 values of a bytes field.
    fn u32s(self, range: ByteRange) -> Result<Vec<u32>, SampleError> {
        Ok(self
            .get(range)?
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect())
    }
}

fn field<'a>(fields: FieldList<'a>, name: &str) -> Result<FieldRef<'a>, SampleError> {
    fields
        .find(name)
        .ok_or_else(|| SampleError::Invalid(format!("no {name} field")))
}

fn int(fields: FieldList<'_>, name: &str) -> Result<i64, SampleError> {
    field(fields, name)?
        .int()
        .ok_or_else(|| SampleError::Invalid(format!("{name} is not a number")))
}

/// The values of a `u32_array` group (count, then values).
fn array(fields: FieldList<'_>, name: &str) -> Result<Vec<u32>, SampleError> {
    let group = field(fields, name)?;
    let values = group.children().find("values").map(FieldRef::children);
    Ok(values
        .iter()
        .flat_map(|v| v.iter())
        .filter_map(|v| v.int().and_then(|n| u32::try_from(n).ok()))
        .collect())
}

/// Inflates `data` to exactly `declared` bytes (see
/// [`game_ghost::inflate`]); `at` is the body offset named in the error.
pub(crate) fn inflate(data: &[u8], declared: u32, at: u64) -> Result<Vec<u8>, SampleError> {
    game_ghost::inflate(data, declared)
        .map_err(|e| SampleError::Invalid(format!("{e} (body offset {at})")))
}

/// 0x0303F003 (GBX.NET `CGameGhost.Data.cs` ReadOld): sample bytes, the
/// offset of each sample, state times, fixed-time-step flag, period and
/// version. The last sample runs to the end of the data.
fn old_buffer(
    fields: FieldList<'_>,
    body: Bytes<'_>,
    class_id: u32,
) -> Result<GhostSamples, SampleError> {
    let data = field(fields, FIELD_SAMPLE_DATA)?.range();
    let size = u32::try_from(data.len()).unwrap_or(u32::MAX);
    let offsets = array(fields, FIELD_OFFSETS)?;
    let times = array(fields, FIELD_STATE_TIMES)?;
    let fixed = int(fields, FIELD_IS_FIXED_TIME_STEP)? != 0;
    let period = int(fields, FIELD_SAMPLE_PERIOD)? as u32;
    let version = int(fields, FIELD_VERSION)? as u32;
    let mut ends: Vec<u32> = offsets.iter().skip(1).copied().collect();
    ends.push(size);
    let spans: Vec<(u32, u32)> = offsets.iter().copied().zip(ends).collect();
    let times: Vec<i64> = if fixed || times.len() != spans.len() {
        (0..spans.len())
            .map(|i| i as i64 * i64::from(period))
            .collect()
    } else {
        times.iter().map(|&t| i64::from(t)).collect()
    };
    let head = Head {
        class_id,
        version,
        period,
        fixed,
        first_time: 0,
    };
    let mut r = ByteReader::new(body.get(data)?, data.start, "body");
    records(
        &mut r,
        &head,
        &spans,
        &times,
        SampleSpace::Body,
        CHUNK_DATA_TM10,
    )
}

/// The buffer header as decoded.
struct Head {
    class_id: u32,
    version: u32,
    period: u32,
    fixed: bool,
    first_time: i64,
}

/// The inflated 0x0303F005/006 buffer (seed 000; GBX.NET ReadNew) from the
/// fields of its header.
fn new_buffer(
    fields: FieldList<'_>,
    buf: Bytes<'_>,
    replaying: bool,
) -> Result<GhostSamples, SampleError> {
    let class_id = int(fields, FIELD_SAVED_MOBIL_CLASS_ID)? as u32;
    if class_id == u32::MAX {
        return Err(SampleError::Empty);
    }
    let fixed = int(fields, FIELD_IS_FIXED_TIME_STEP)? != 0;
    let period = int(fields, FIELD_SAMPLE_PERIOD)? as u32;
    let version = int(fields, FIELD_VERSION)? as u32;
    let data = field(fields, FIELD_SAMPLE_DATA)?.range();
    let size = u32::try_from(data.len()).unwrap_or(u32::MAX);
    let count = int(fields, FIELD_NUM_SAMPLES)? as u32;
    // Every sample takes at least one byte of the sample data.
    if count > size {
        return Err(SampleError::Invalid(format!(
            "numSamples {count} above the {size} data bytes"
        )));
    }
    let n = count as usize;
    if n > 0 {
        let first = int(fields, FIELD_FIRST_SAMPLE_OFFSET)?;
        if first != 0 {
            return Err(SampleError::Invalid(format!(
                "firstSampleOffset {first}, expected 0"
            )));
        }
    }
    let mut sizes = Vec::new();
    if n > 1 {
        let per = int(fields, FIELD_SIZE_PER_SAMPLE)?;
        if per == -1 {
            sizes = buf.u32s(field(fields, FIELD_SAMPLE_SIZES)?.range())?;
        } else if per > 0 {
            sizes = vec![per as u32; n - 1];
        } else {
            return Err(SampleError::Invalid(format!("sizePerSample {per}")));
        }
    }
    let mut times = Vec::new();
    if !fixed {
        let mut acc = 0i64;
        for t in buf.u32s(field(fields, FIELD_STATE_TIMES)?.range())? {
            // The newer chunk stores differences (GBX.NET ReadNew, version != 0).
            acc = if replaying {
                acc + i64::from(t as i32)
            } else {
                i64::from(t as i32)
            };
            times.push(acc);
        }
    }
    let first_time = fields
        .find(FIELD_FIRST_SAMPLE_TIME)
        .and_then(FieldRef::int)
        .map_or(0, |t| i64::from(t as u32 as i32));
    if fixed {
        times = (0..n)
            .map(|i| first_time + i as i64 * i64::from(period))
            .collect();
    }
    if times.len() != n {
        return Err(SampleError::Invalid(format!(
            "{} sample times for {n} samples",
            times.len()
        )));
    }
    let mut spans = Vec::with_capacity(n);
    let mut at = 0u32;
    for i in 0..n {
        let end = sizes.get(i).map_or(size, |s| at.saturating_add(*s));
        spans.push((at, end));
        at = end;
    }
    let head = Head {
        class_id,
        version,
        period,
        fixed,
        first_time,
    };
    let mut r = ByteReader::new(buf.get(data)?, data.start, "inflated ghost data");
    records(&mut r, &head, &spans, &times, SampleSpace::Body, 0)
}

/// Picks the record layout of a class and state version.
fn layout(class_id: u32, version: u32) -> Option<RecordLayout> {
    match (class_id, version) {
        (0x0A02_B000 | 0x0A10_3000, 13) => Some(RecordLayout::VehicleNet),
        // GBX.NET reads versions from 7 on; TM1.0/TMPU (version 2) records
        // are 46 bytes of another layout.
        (0x0A02_B000 | 0x0A10_3000, 2) => Some(RecordLayout::Vehicle46),
        (0x0A02_B000 | 0x0A10_3000, 7..=16) => Some(RecordLayout::Vehicle),
        _ => None,
    }
}

/// Decodes every sample span (`spans` relative to `data`'s start).
fn records(
    data: &mut ByteReader<'_>,
    head: &Head,
    spans: &[(u32, u32)],
    times: &[i64],
    space: SampleSpace,
    chunk_id: u32,
) -> Result<GhostSamples, SampleError> {
    if spans.is_empty() {
        return Err(SampleError::Empty);
    }
    let Some(layout) = layout(head.class_id, head.version) else {
        return Err(SampleError::UnknownLayout {
            class_id: head.class_id,
            version: head.version,
        });
    };
    let origin = data.pos_abs();
    let buf = data.data();
    let mut samples = Vec::with_capacity(spans.len());
    for (i, (&(start, end), &time)) in spans.iter().zip(times).enumerate() {
        let (s, e) = (start as usize, end as usize);
        if s > e || e > buf.len() {
            return Err(SampleError::Invalid(format!(
                "sample {i}: bytes {s}..{e} outside the {}-byte buffer",
                buf.len()
            )));
        }
        let mut r = ByteReader::new(&buf[s..e], origin + start as u64, "samples");
        let mut sample = record(&mut r, layout)
            .map_err(|err| SampleError::from(err.context(format!("in sample {i}"))))?;
        sample.time_ms = time;
        sample.range = ByteRange::new(origin + start as u64, origin + end as u64);
        samples.push(sample);
    }
    Ok(GhostSamples {
        chunk_id,
        class_id: head.class_id,
        version: head.version,
        period_ms: head.period,
        fixed_time_step: head.fixed,
        first_time_ms: head.first_time,
        space,
        buffer_len: buf.len() as u64,
        layout,
        samples,
    })
}

fn i16(r: &mut ByteReader<'_>) -> Result<i16, ReadError> {
    r.u16().map(|v| v as i16)
}

/// Unit vector from heading / pitch (seed 000).
fn direction(heading: f32, pitch: f32) -> [f32; 3] {
    [
        pitch.cos() * heading.cos(),
        pitch.cos() * heading.sin(),
        pitch.sin(),
    ]
}

/// The 6-byte rotation (seed 000; divisors from GBX.NET ReadQuat6).
fn quat6(r: &mut ByteReader<'_>) -> Result<[f32; 4], ReadError> {
    let angle = f32::from(r.u16()?) * PI / 65535.0;
    let heading = f32::from(i16(r)?) * PI / 32767.0;
    let pitch = f32::from(i16(r)?) * FRAC_PI_2 / 32767.0;
    let axis = direction(heading, pitch);
    let s = angle.sin();
    Ok([axis[0] * s, axis[1] * s, axis[2] * s, angle.cos()])
}

/// 24-bit fixed-point coordinate of the 9-byte position (GBX.NET ReadVec3_9).
fn coord24(b: [u8; 3]) -> f32 {
    let v = (i32::from(b[0]) << 16) | (i32::from(b[2]) << 8) | i32::from(b[1]);
    (v - 0x80_0000) as f32 * 0.002
}

/// The 3-byte rotation of the 46-byte records: u8 angle (π/256 steps),
/// i8 axis heading (π/128), i8 axis pitch (π/256): the seed's 6-byte
/// rotation at a byte per value (see [`old_record`]).
fn quat3(r: &mut ByteReader<'_>) -> Result<[f32; 4], ReadError> {
    let angle = f32::from(r.u8()?) * PI / 256.0;
    let heading = f32::from(r.u8()? as i8) * PI / 128.0;
    let pitch = f32::from(r.u8()? as i8) * FRAC_PI_2 / 128.0;
    let axis = direction(heading, pitch);
    let s = angle.sin();
    Ok([axis[0] * s, axis[1] * s, axis[2] * s, angle.cos()])
}

/// Speed (m/s, stored 1000 × ln, 0x8000 = 0) and velocity direction (i8
/// heading, i8 pitch) as in the seed 000 record.
fn speed_velocity(r: &mut ByteReader<'_>, s: &mut Sample) -> Result<(), ReadError> {
    let stored = i16(r)?;
    let speed = if stored == i16::MIN {
        0.0
    } else {
        (f32::from(stored) / 1000.0).exp()
    };
    let heading = f32::from(r.u8()? as i8) * PI / 128.0;
    let pitch = f32::from(r.u8()? as i8) * FRAC_PI_2 / 128.0;
    let d = direction(heading, pitch);
    s.speed = Some(speed);
    s.velocity = Some([d[0] * speed, d[1] * speed, d[2] * speed]);
    Ok(())
}

/// The 46-byte record of TM1.0 / TMPU (state version 2). Neither the seed
/// nor GBX.NET gives it; found in the two corpus replays (TM10 001, TMPU
/// 001, 87 and 56 records) and proven there by `tests/gbx_ghost.rs`:
///
/// - byte 0: u8, 0x70 in every record (unproven, `u01`);
/// - bytes 1..13: f32 position (the path starts at the start block);
/// - bytes 13..16: rotation as u8 angle, i8 axis heading, i8 axis pitch
///   (the seed's formula at byte precision; the rotated +z axis points along
///   the path in 126 of 138 moving samples);
/// - bytes 16..18: i16 speed, exp(v / 1000) m/s (within 10% of the distance
///   between neighbour samples / 200 ms in 137 of 138 moving samples);
/// - bytes 18..20: velocity heading and pitch as i8 (cosine > 0.95 with
///   the path in all 138);
/// - bytes 20..46: unproven (bytes 28..30 grow like an engine speed and
///   saturate near 23800; not decoded).
fn old_record(r: &mut ByteReader<'_>, s: &mut Sample) -> Result<(), ReadError> {
    if r.remaining() != 46 {
        return Err(r.invalid(format!("{}-byte record, expected 46", r.remaining())));
    }
    r.u8()?; // u01
    s.position = [r.f32()?, r.f32()?, r.f32()?];
    s.rotation = quat3(r)?;
    speed_velocity(r, s)
}

pub(crate) fn record(r: &mut ByteReader<'_>, layout: RecordLayout) -> Result<Sample, ReadError> {
    let mut s = Sample {
        time_ms: 0,
        position: [0.0; 3],
        rotation: [0.0, 0.0, 0.0, 1.0],
        speed: None,
        velocity: None,
        range: ByteRange::new(0, 0),
        car: None,
    };
    match layout {
        RecordLayout::VehicleNet => {
            s.position = [
                coord24(r.array()?),
                coord24(r.array()?),
                coord24(r.array()?),
            ];
            s.rotation = quat6(r)?;
        }
        RecordLayout::Vehicle | RecordLayout::EntRecordCar => {
            s.position = [r.f32()?, r.f32()?, r.f32()?];
            s.rotation = quat6(r)?;
            speed_velocity(r, &mut s)?;
        }
        RecordLayout::Vehicle46 => old_record(r, &mut s)?,
    }
    Ok(s)
}

#[cfg(test)]
mod tests;
