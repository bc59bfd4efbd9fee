//! Car samples of a CPlugEntRecordData (0x0911F000), where TM2020 ghosts
//! keep their samples (their CGameGhost buffer is the empty class -1).
//!
//! Layout from GBX.NET `Src/GBX.NET/Engines/Plug/CPlugEntRecordData.cs`
//! (ReadWriteData, ReadEntList): version, the inflated size and a
//! u32-prefixed zlib buffer holding start and end times (ms), the entity
//! descriptions (class id, 3 u32, a u32-prefixed buffer, a u32), from
//! version 2 the notice descriptions (2 u32, a class id from version 4),
//! then the entity lists: a non-zero byte starts one (description index,
//! 3 u32, one more from version 6), each delta is a 1 byte, its time (ms)
//! and a u32-prefixed buffer, a 0 byte ends the deltas; from version 2 a
//! list of (type, time, buffer) notices follows. In the deltas of a
//! CSceneVehicleVis (0x0A018000) entity the seed 000 22-byte record starts
//! at byte 47 (GBX.NET `Src/GBX.NET/Engines/Scene/CSceneVehicleVis.EntRecordDelta.cs`).

use super::ghost_samples::{
    GhostSamples, RecordLayout, Sample, SampleError, SampleSpace, inflate, record,
};
use crate::bytes::{ByteRange, ByteReader, ReadError};
use crate::gbx::classes::replay::{CHUNK_ENT_RECORD_DATA, ENT_RECORD_DATA_CLASS_ID};

/// Offset of the position/rotation/speed record in a type-4 sample buffer.
const CAR_RECORD_AT: usize = 47;

/// Decodes the car samples of a 0x0911F000 chunk (`data` = chunk data at
/// body offset `data_start`).
///
/// # Errors
/// [`SampleError`] when the buffer cannot be read or holds no car samples.
pub fn decode(data: &[u8], data_start: u64) -> Result<GhostSamples, SampleError> {
    let mut r = ByteReader::new(data, data_start, "body");
    let ctx = |e: ReadError| SampleError::from(e.context("in chunk 0x0911f000"));
    let version = r.u32().map_err(ctx)?;
    let uncompressed = r.u32().map_err(ctx)?;
    let compressed = r.u32().map_err(ctx)?;
    let start = r.pos_abs();
    let bytes = r.bytes(compressed as usize).map_err(ctx)?;
    let range = ByteRange::new(start, r.pos_abs());
    let inflated = inflate(bytes, uncompressed, start)?;
    let samples = car_samples(&inflated, version)
        .map_err(|e| SampleError::from(e.context("in the inflated data of chunk 0x0911f000")))?;
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
        space: SampleSpace::Inflated { compressed: range },
        buffer_len: inflated.len() as u64,
        layout: RecordLayout::EntRecordCar,
        samples,
    })
}

fn skip_u32s(r: &mut ByteReader<'_>, n: usize) -> Result<(), ReadError> {
    r.skip(n * 4)
}

/// A u32-prefixed buffer, returned with its offset in the inflated data.
fn buffer<'a>(r: &mut ByteReader<'a>) -> Result<(u64, &'a [u8]), ReadError> {
    let len = r.u32()?;
    let at = r.pos_abs();
    Ok((at, r.bytes(len as usize)?))
}

/// Class id of CSceneVehicleVis, the entity whose deltas hold the car.
const VEHICLE_VIS: u32 = 0x0A01_8000;

fn car_samples(buf: &[u8], version: u32) -> Result<Vec<Sample>, ReadError> {
    let mut r = ByteReader::new(buf, 0, "inflated record data");
    if version >= 1 {
        r.u32()?; // start (ms)
        r.u32()?; // end (ms)
    }
    let count = r.u32()?;
    let n = r.check_count("entRecordDescs", u64::from(count), 20, 1 << 16)?;
    let mut classes = Vec::with_capacity(n);
    for _ in 0..n {
        classes.push(r.u32()?);
        skip_u32s(&mut r, 3)?;
        buffer(&mut r)?;
        r.u32()?;
    }
    if version >= 2 {
        let count = r.u32()?;
        let each = if version >= 4 { 3 } else { 2 };
        let n = r.check_count("noticeRecordDescs", u64::from(count), each * 4, 1 << 16)?;
        skip_u32s(&mut r, each as usize * n)?;
    }
    let mut more = r.u8()? != 0;
    let mut short = 0usize;
    while more {
        let kind = r.u32()?;
        skip_u32s(&mut r, if version >= 6 { 4 } else { 3 })?;
        // Only the first car entity is kept.
        let wanted = classes.get(kind as usize) == Some(&VEHICLE_VIS);
        let mut list = Vec::new();
        while r.u8()? != 0 {
            let time = r.u32()? as i32;
            let (at, bytes) = buffer(&mut r)?;
            if !wanted {
                continue;
            }
            if bytes.len() < CAR_RECORD_AT + 22 {
                short += 1;
                continue;
            }
            let sub = &bytes[CAR_RECORD_AT..];
            let mut sr = ByteReader::new(sub, at + CAR_RECORD_AT as u64, "inflated record data");
            let mut s = record(&mut sr, RecordLayout::Vehicle)?;
            s.time_ms = i64::from(time);
            s.range = ByteRange::new(at, at + bytes.len() as u64);
            list.push(s);
        }
        if !list.is_empty() {
            // The car is all we need; later lists are not read.
            return Ok(list);
        }
        more = r.u8()? != 0;
        if version >= 2 {
            while r.u8()? != 0 {
                r.u32()?;
                r.u32()?;
                buffer(&mut r)?;
            }
        }
    }
    if short > 0 {
        return Err(r.invalid(format!(
            "{short} car deltas, all shorter than the {} bytes of a position record",
            CAR_RECORD_AT + 22
        )));
    }
    Ok(Vec::new())
}
