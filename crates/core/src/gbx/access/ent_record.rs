//! Car samples of a CPlugEntRecordData (0x0911F000), where TM2020 and
//! ManiaPlanet 4 ghosts keep their samples (their CGameGhost buffer is the
//! empty class -1).
//!
//! Layout from GBX.NET `Src/GBX.NET/Engines/Plug/CPlugEntRecordData.cs`
//! (Chunk0911F000, ReadWrite, ReadEntList, ReadEncodedDeltas):
//! - the chunk: version; below version 5 the record data follows as is,
//!   from 5 on as ZlibData (the inflated size and a u32-prefixed zlib
//!   buffer);
//! - the record data: from version 1 start and end times (ms); the entity
//!   descriptions (class id, 3 u32, a u32-prefixed buffer, a u32); from
//!   version 2 the notice descriptions (2 u32, a class id from version 4);
//! - the entity list: a non-zero byte starts an entity (description index,
//!   3 u32, one more from version 6), then its deltas; below version 11
//!   each delta is a 1 byte, its time (ms) and a u32-prefixed buffer, a 0
//!   byte ends them; from version 11 they are "encoded": i32 count, i32
//!   size of every delta, `count` i32 time differences, then the bytes
//!   column by column (byte k of every delta), each column delta-coded
//!   (a byte is the sum of the column's bytes up to it, mod 256). A byte
//!   says whether another entity follows; from version 2 a list of (type,
//!   time, buffer) deltas of the entity follows it.
//!
//! In the deltas of a CSceneVehicleVis (0x0A018000) entity the seed 000
//! 22-byte transform record starts at byte 47 and the rest of the car
//! state sits around it (GBX.NET
//! `Src/GBX.NET/Engines/Scene/CSceneVehicleVis.EntRecordDelta.cs`, read by
//! [`super::car_state`]).

use super::car_state::CarState;
use super::ghost_samples::{
    GhostSamples, RecordLayout, Sample, SampleError, SampleSpace, inflate, record,
};
use crate::bytes::{ByteRange, ByteReader, ReadError};
use crate::gbx::classes::replay::{CHUNK_ENT_RECORD_DATA, ENT_RECORD_DATA_CLASS_ID};

/// Offset of the position/rotation/speed record in a car delta.
const CAR_RECORD_AT: usize = 47;

/// Class id of CSceneVehicleVis, the entity whose deltas hold the car.
const VEHICLE_VIS: u32 = 0x0A01_8000;

/// Most deltas of one entity accepted (a 24-hour run at 20 per second).
const MAX_DELTAS: u64 = 2_000_000;

/// Decodes the car samples of a 0x0911F000 chunk (`data` = chunk data at
/// body offset `data_start`).
///
/// # Errors
/// [`SampleError`] when the buffer cannot be read or holds no car samples.
pub fn decode(data: &[u8], data_start: u64) -> Result<GhostSamples, SampleError> {
    let mut r = ByteReader::new(data, data_start, "body");
    let ctx = |e: ReadError| SampleError::from(e.context("in chunk 0x0911f000"));
    let version = r.u32().map_err(ctx)?;
    let (samples, space, buffer_len) = if version < 5 {
        // GBX.NET Chunk0911F000: below version 5 the data is not compressed.
        let rest = r.rest();
        let samples = car_samples(rest, r.pos_abs(), "body", version).map_err(ctx)?;
        (samples, SampleSpace::Body, rest.len() as u64)
    } else {
        let uncompressed = r.u32().map_err(ctx)?;
        let compressed = r.u32().map_err(ctx)?;
        let start = r.pos_abs();
        let bytes = r.bytes(compressed as usize).map_err(ctx)?;
        let range = ByteRange::new(start, r.pos_abs());
        let inflated = inflate(bytes, uncompressed, start)?;
        let samples = car_samples(&inflated, 0, "inflated record data", version).map_err(|e| {
            SampleError::from(e.context("in the inflated data of chunk 0x0911f000"))
        })?;
        let len = inflated.len() as u64;
        (samples, SampleSpace::Inflated { compressed: range }, len)
    };
    if samples.is_empty() {
        return Err(SampleError::Empty);
    }
    let mut steps: Vec<i64> = samples
        .windows(2)
        .map(|w| w[1].time_ms - w[0].time_ms)
        .collect();
    steps.sort_unstable();
    let period = steps.get(steps.len() / 2).copied().unwrap_or(0);
    Ok(GhostSamples {
        chunk_id: CHUNK_ENT_RECORD_DATA,
        class_id: ENT_RECORD_DATA_CLASS_ID,
        version,
        period_ms: u32::try_from(period).unwrap_or(0),
        fixed_time_step: false,
        first_time_ms: samples[0].time_ms,
        space,
        buffer_len,
        layout: RecordLayout::EntRecordCar,
        samples,
    })
}

fn skip_u32s(r: &mut ByteReader<'_>, n: usize) -> Result<(), ReadError> {
    r.skip(n * 4)
}

/// A u32-prefixed buffer, returned with its offset.
fn buffer<'a>(r: &mut ByteReader<'a>) -> Result<(u64, &'a [u8]), ReadError> {
    let len = r.u32()?;
    let at = r.pos_abs();
    Ok((at, r.bytes(len as usize)?))
}

/// One delta of an entity: its time (ms), its bytes and where they are
/// (for encoded deltas, the 4 bytes of the delta's time difference, as its
/// bytes are spread over the columns).
struct Delta {
    time_ms: i64,
    bytes: Vec<u8>,
    range: ByteRange,
}

/// The record data's descriptions: the class id of each entity type.
fn descriptions(r: &mut ByteReader<'_>, version: u32) -> Result<Vec<u32>, ReadError> {
    if version >= 1 {
        r.u32()?; // start (ms)
        r.u32()?; // end (ms)
    }
    let count = r.u32()?;
    let n = r.check_count("entRecordDescs", u64::from(count), 20, 1 << 16)?;
    let mut classes = Vec::with_capacity(n);
    for _ in 0..n {
        classes.push(r.u32()?);
        skip_u32s(r, 3)?;
        buffer(r)?;
        r.u32()?;
    }
    if version >= 2 {
        let count = r.u32()?;
        let each = if version >= 4 { 3 } else { 2 };
        let n = r.check_count("noticeRecordDescs", u64::from(count), each * 4, 1 << 16)?;
        skip_u32s(r, each as usize * n)?;
    }
    Ok(classes)
}

/// The deltas of one entity, below version 11: (1, time, buffer)… 0.
fn plain_deltas(r: &mut ByteReader<'_>, keep: bool) -> Result<Vec<Delta>, ReadError> {
    let mut list = Vec::new();
    while r.u8()? != 0 {
        let time = r.u32()? as i32;
        let (at, bytes) = buffer(r)?;
        if keep {
            list.push(Delta {
                time_ms: i64::from(time),
                bytes: bytes.to_vec(),
                range: ByteRange::new(at, at + bytes.len() as u64),
            });
        }
    }
    Ok(list)
}

/// The encoded deltas of version 11 (GBX.NET ReadEncodedDeltas): count,
/// size, time differences, then the column-wise delta-coded bytes.
fn encoded_deltas(r: &mut ByteReader<'_>, keep: bool) -> Result<Vec<Delta>, ReadError> {
    let count = r.u32()? as i32;
    if count == 0 {
        return Ok(Vec::new());
    }
    let size = r.u32()? as i32;
    if count < 0 || size < 0 {
        return Err(r.invalid(format!("encoded deltas: {count} deltas of {size} bytes")));
    }
    let n = r.check_count("encoded deltas", count as u64, 4, MAX_DELTAS)?;
    let size = size as usize;
    let mut times = Vec::with_capacity(n);
    let mut time = 0i64;
    for _ in 0..n {
        let at = r.pos_abs();
        time += i64::from(r.u32()? as i32);
        times.push((time, ByteRange::new(at, at + 4)));
    }
    let total = (n as u64).checked_mul(size as u64);
    if total.is_none_or(|t| t > r.remaining() as u64) {
        return Err(r.invalid(format!(
            "encoded deltas: {n} × {size} bytes, {} left",
            r.remaining()
        )));
    }
    let columns = r.bytes(n * size)?;
    if !keep {
        return Ok(Vec::new());
    }
    let mut rows = vec![0u8; n * size];
    for (k, column) in columns.chunks_exact(n).enumerate() {
        let mut acc = 0u8;
        for (i, &b) in column.iter().enumerate() {
            acc = acc.wrapping_add(b);
            rows[i * size + k] = acc;
        }
    }
    Ok(times
        .into_iter()
        .enumerate()
        .map(|(i, (time_ms, range))| Delta {
            time_ms,
            bytes: rows
                .get(i * size..(i + 1) * size)
                .unwrap_or_default()
                .to_vec(),
            range,
        })
        .collect())
}

fn car_samples(
    buf: &[u8],
    origin: u64,
    space: &'static str,
    version: u32,
) -> Result<Vec<Sample>, ReadError> {
    let mut r = ByteReader::new(buf, origin, space);
    let classes = descriptions(&mut r, version)?;
    let mut more = r.u8()? != 0;
    let mut short = 0usize;
    let mut samples: Vec<Sample> = Vec::new();
    while more {
        let kind = r.u32()?;
        skip_u32s(&mut r, if version >= 6 { 4 } else { 3 })?;
        let wanted = classes.get(kind as usize) == Some(&VEHICLE_VIS);
        let deltas = if version >= 11 {
            encoded_deltas(&mut r, wanted)?
        } else {
            plain_deltas(&mut r, wanted)?
        };
        let mut list = Vec::new();
        for d in deltas {
            if d.bytes.len() < CAR_RECORD_AT + 22 {
                short += 1;
                continue;
            }
            list.push(car_sample(&d, space)?);
        }
        // A respawn starts a new car entity whose times go on from the
        // last one (corpus: HUMAN_WR_retries_cut_64871 has 27 of them);
        // a list going back in time is another car, and the first car is
        // all we keep.
        let last = samples.last().map(|s| s.time_ms);
        if let (Some(first), Some(last)) = (list.first(), last)
            && first.time_ms <= last
        {
            return Ok(samples);
        }
        samples.extend(list);
        more = r.u8()? != 0;
        if version >= 2 {
            while r.u8()? != 0 {
                r.u32()?;
                r.u32()?;
                buffer(&mut r)?;
            }
        }
    }
    if !samples.is_empty() {
        return Ok(samples);
    }
    if short > 0 {
        return Err(r.invalid(format!(
            "{short} car deltas, all shorter than the {} bytes of a position record",
            CAR_RECORD_AT + 22
        )));
    }
    Ok(Vec::new())
}

/// One car delta as a [`Sample`]: the transform at byte 47 and the car
/// state around it.
fn car_sample(d: &Delta, space: &'static str) -> Result<Sample, ReadError> {
    let sub = d.bytes.get(CAR_RECORD_AT..).unwrap_or_default();
    let mut sr = ByteReader::new(sub, d.range.start, space);
    let mut s = record(&mut sr, RecordLayout::EntRecordCar)?;
    s.time_ms = d.time_ms;
    s.range = d.range;
    s.car = Some(CarState::from_delta(&d.bytes));
    Ok(s)
}

#[cfg(test)]
mod tests;
