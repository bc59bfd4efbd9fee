//! CGameGhost (0x0303F000), the parent class of CGameCtnGhost: the sample
//! buffer chunks (seed 000 "CGameGhost (03 03F 005)"; 0x003, 0x004 and the
//! newer header rules from GBX.NET `Src/GBX.NET/Engines/Game/CGameGhost.cs`,
//! cited above each decoder). The samples themselves are decoded on demand
//! by [`crate::gbx::access::ghost_samples`].

use super::common::u32_array;
use super::{ChunkDef, chunk};
use crate::bytes::{ByteRange, ByteReader, ReadError};
use crate::gbx::read::archive::Archive;
use crate::gbx::read::field::Value;
use std::collections::HashMap;
use std::io::Read;

/// Class id of CGameGhost.
pub const CLASS_ID: u32 = 0x0303_F000;
/// TM1.0 to TMNESWC: uncompressed sample data.
pub const CHUNK_DATA_TM10: u32 = 0x0303_F003;
/// TMS: the class id of the mobil the samples are for.
pub const CHUNK_SAVED_MOBIL_CLASS: u32 = 0x0303_F004;
/// The zlib-compressed sample buffer.
pub const CHUNK_DATA: u32 = 0x0303_F005;
/// IsReplaying, then the layout of [`CHUNK_DATA`].
pub const CHUNK_DATA_REPLAYING: u32 = 0x0303_F006;
/// The chunks holding samples, in the order they are looked for.
pub const SAMPLE_CHUNKS: [u32; 3] = [CHUNK_DATA_TM10, CHUNK_DATA, CHUNK_DATA_REPLAYING];

/// The mobil class id of [`CHUNK_SAVED_MOBIL_CLASS`].
pub const FIELD_SAVED_MOBIL_CLASS_ID: &str = "savedMobilClassId";

/// Body chunk decoders of CGameGhost.
pub static BODY: &[ChunkDef] = &[
    chunk(CHUNK_DATA_TM10, Some("TM1.0 ghost data"), ghost_data_003),
    chunk(
        CHUNK_SAVED_MOBIL_CLASS,
        Some("saved mobil class id"),
        mobil_class_004,
    ),
    chunk(CHUNK_DATA, Some("ghost data"), ghost_data_005),
    chunk(
        CHUNK_DATA_REPLAYING,
        Some("ghost data (replaying)"),
        ghost_data_006,
    ),
];

/// Largest inflated CGameGhost sample buffer accepted (bytes).
const MAX_GHOST_DATA: u32 = 64 << 20;

/// 0x0303F003 (TM1.0 to TMNESWC): uncompressed sample data, sample offsets,
/// a u32 list, fixed-time-step flag, period and a u32; GBX.NET
/// `Src/GBX.NET/Engines/Game/CGameGhost.cs` Chunk0303F003.
fn ghost_data_003(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let size = a.u32("size")?;
    a.bytes("sampleData", size)?;
    u32_array(a, "sampleOffsets")?;
    u32_array(a, "u01")?;
    a.bool("isFixedTimeStep")?;
    a.time_ms("samplePeriod")?;
    a.u32("version")?;
    Ok(())
}

/// 0x0303F004 (TMS): GBX.NET `CGameGhost.chunkl` 0x004.
fn mobil_class_004(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.hex(FIELD_SAVED_MOBIL_CLASS_ID).map(|_| ())
}

/// 0x0303F005 (seed 000): the zlib-compressed sample buffer.
fn ghost_data_005(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let uncompressed = a.u32("uncompressedSize")?;
    let compressed = a.u32("compressedSize")?;
    let start = a.r.pos_abs();
    let data = a.bytes("compressedData", compressed)?;
    let range = ByteRange::new(start, a.r.pos_abs());
    let replaying = a.chunk_id == CHUNK_DATA_REPLAYING;
    inflate_ghost_data(a, data, uncompressed, range, replaying);
    Ok(())
}

/// 0x0303F006 (seed 000): IsReplaying, then 0x0303F005.
fn ghost_data_006(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.bool("isReplaying")?;
    ghost_data_005(a)
}

/// Inflates a 0x0303F005 buffer (bounded by [`MAX_GHOST_DATA`] and the
/// declared size) and decodes its header into a `ghostData` group whose
/// fields all point at the compressed bytes (the inflated data has no place
/// in the body). Nothing is added when the data is not a ghost buffer we
/// can read; a failure part-way is reported as a `ghostDataError` field.
fn inflate_ghost_data(
    a: &mut Archive<'_>,
    data: &[u8],
    uncompressed: u32,
    range: ByteRange,
    replaying: bool,
) {
    if uncompressed == 0 || data.is_empty() {
        return;
    }
    let group = a.open_group("ghostData", range);
    if let Err(msg) = inflate_into(a, data, uncompressed, range, replaying) {
        a.push_value("ghostDataError", Value::Str(msg), range);
    }
    a.close_group(group);
}

/// The body of [`inflate_ghost_data`]: the error message ends the group.
fn inflate_into(
    a: &mut Archive<'_>,
    data: &[u8],
    uncompressed: u32,
    range: ByteRange,
    replaying: bool,
) -> Result<(), String> {
    // Deflate expands at most ~1032:1; larger claims are not ghost data.
    let limit = MAX_GHOST_DATA.min(
        u32::try_from(data.len())
            .unwrap_or(u32::MAX)
            .saturating_mul(1032),
    );
    if uncompressed > limit {
        return Err(format!(
            "uncompressedSize {uncompressed} above the limit {limit}"
        ));
    }
    let mut out = Vec::with_capacity(uncompressed as usize);
    let decoder = flate2::read::ZlibDecoder::new(data);
    let mut reader = decoder.take(u64::from(uncompressed) + 1);
    if let Err(e) = reader.read_to_end(&mut out) {
        return Err(format!("zlib: {e}"));
    }
    if out.len() != uncompressed as usize {
        return Err(format!(
            "inflated {} bytes, uncompressedSize says {uncompressed}",
            out.len()
        ));
    }
    let mut inner = Archive::new(ByteReader::new(&out, 0, "ghost data"), HashMap::new());
    let result = ghost_data_header(&mut inner, replaying);
    a.append_detached(&inner, range);
    match result {
        Ok(()) if inner.r.is_at_end() => Ok(()),
        Ok(()) => Err(format!(
            "{} bytes after the ghost data header",
            inner.r.remaining()
        )),
        Err(e) => Err(e.to_string()),
    }
}

/// The inflated header (seed 000 0x0303F005; the empty-ghost class id -1,
/// the names and the first sample time that ends fixed-time-step buffers of
/// the newer chunk (0x0303F006) from GBX.NET `CGameGhost.Data.cs` ReadNew;
/// the corpus ManiaPlanet ghosts all end with those 4 bytes, the TMF
/// 0x0303F005 ones without).
fn ghost_data_header(a: &mut Archive<'_>, replaying: bool) -> Result<(), ReadError> {
    let class_id = a.hex("classId")?;
    if class_id == u32::MAX && a.r.is_at_end() {
        return Ok(());
    }
    let fixed = a.bool("bSkipList2")?;
    a.u32("u01")?;
    a.time_ms("samplePeriod")?;
    a.u32("version")?;
    let size = a.u32("sampleDataSize")?;
    a.bytes("sampleData", size)?;
    let samples = a.u32("numSamples")?;
    if samples > 0 {
        a.u32("firstSampleOffset")?;
    }
    if samples > 1 {
        let per_sample = a.i32("sizePerSample")?;
        if per_sample == -1 {
            let count = samples - 1;
            let len =
                a.r.check_count("sampleSizes", u64::from(count), 4, u64::from(u32::MAX))?;
            a.bytes("sampleSizes", u32::try_from(len * 4).unwrap_or(u32::MAX))?;
        }
    }
    if !fixed {
        let times = a.u32("numSampleTimes")?;
        let len =
            a.r.check_count("sampleTimes", u64::from(times), 4, u64::from(u32::MAX))?;
        a.bytes("sampleTimes", u32::try_from(len * 4).unwrap_or(u32::MAX))?;
    } else if replaying {
        a.time_ms("firstSampleTime")?;
    }
    Ok(())
}
