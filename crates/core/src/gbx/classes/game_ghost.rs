//! CGameGhost (0x0303F000), the parent class of CGameCtnGhost: the sample
//! buffer chunks (seed 000 "CGameGhost (03 03F 005)"; 0x003, 0x004 and the
//! newer header rules from GBX.NET `Src/GBX.NET/Engines/Game/CGameGhost.cs`,
//! cited above each decoder). The samples themselves are decoded on demand
//! by [`crate::gbx::access::ghost_samples`].

use super::common::{ONE_U32, u32_array};
use super::{ChunkDef, chunk};
use crate::bytes::{ByteRange, ByteReader, ReadError};
use crate::gbx::classes::decl::layout;
use crate::gbx::classes::declared;
use crate::gbx::read::archive::Archive;
use crate::gbx::read::field::Value;
use std::collections::HashMap;

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
/// 0x0303F007 (skippable, ManiaPlanet and TM2020; GBX.NET "ignore"): one
/// u32, 0 in every corpus file.
pub const CHUNK_U32_007: u32 = 0x0303_F007;
/// The chunks holding samples, in the order they are looked for.
pub const SAMPLE_CHUNKS: [u32; 3] = [CHUNK_DATA_TM10, CHUNK_DATA, CHUNK_DATA_REPLAYING];

/// The mobil class id of [`CHUNK_SAVED_MOBIL_CLASS`], and the first field
/// of the inflated [`CHUNK_DATA`] buffer (GBX.NET `SavedMobilClassId`).
pub const FIELD_SAVED_MOBIL_CLASS_ID: &str = "savedMobilClassId";
/// The sample records (GBX.NET `stateBuffer`, kept as `sampleData`).
pub const FIELD_SAMPLE_DATA: &str = "sampleData";
/// 0x003: where each sample starts in [`FIELD_SAMPLE_DATA`] (GBX.NET `Offsets`).
pub const FIELD_OFFSETS: &str = "offsets";
/// The stored sample times (GBX.NET `stateTimes`).
pub const FIELD_STATE_TIMES: &str = "stateTimes";
/// True when samples are [`FIELD_SAMPLE_PERIOD`] apart (GBX.NET `IsFixedTimeStep`).
pub const FIELD_IS_FIXED_TIME_STEP: &str = "isFixedTimeStep";
/// Time between samples (GBX.NET `SamplePeriod`).
pub const FIELD_SAMPLE_PERIOD: &str = "samplePeriod";
/// Vehicle state version (GBX.NET `Version`).
pub const FIELD_VERSION: &str = "version";
/// 0x005/0x006: the inflated size.
pub const FIELD_UNCOMPRESSED_SIZE: &str = "uncompressedSize";
/// 0x005/0x006: the zlib data (GBX.NET `Data`).
pub const FIELD_COMPRESSED_DATA: &str = "data";
/// 0x005/0x006: the group of fields read from the inflated buffer.
pub const FIELD_GHOST_DATA: &str = "ghostData";
/// 0x005/0x006: why the inflated buffer could not be read (in [`FIELD_GHOST_DATA`]).
pub const FIELD_GHOST_DATA_ERROR: &str = "ghostDataError";
/// Inflated buffer: the number of samples.
pub const FIELD_NUM_SAMPLES: &str = "numSamples";
/// Inflated buffer: where the first sample starts (always 0).
pub const FIELD_FIRST_SAMPLE_OFFSET: &str = "firstSampleOffset";
/// Inflated buffer: every sample's size, or -1 for [`FIELD_SAMPLE_SIZES`].
pub const FIELD_SIZE_PER_SAMPLE: &str = "sizePerSample";
/// Inflated buffer: the size of each sample but the last (u32 each).
pub const FIELD_SAMPLE_SIZES: &str = "sampleSizes";
/// Inflated buffer (0x006, fixed time step): the first sample's time
/// (GBX.NET `U02`; its use as a time is from `CGameGhost.Data.cs` ReadNew).
pub const FIELD_FIRST_SAMPLE_TIME: &str = "firstSampleTime";

/// Body chunk decoders of CGameGhost.
pub static BODY: &[ChunkDef] = &[
    chunk(CHUNK_DATA_TM10, Some("TM1.0 ghost data"), ghost_data_003),
    declared(
        CHUNK_SAVED_MOBIL_CLASS,
        Some("saved mobil class id"),
        &MOBIL_CLASS_004,
    ),
    chunk(CHUNK_DATA, Some("ghost data"), ghost_data_005),
    chunk(
        CHUNK_DATA_REPLAYING,
        Some("ghost data (replaying)"),
        ghost_data_006,
    ),
    // One u32 (`u01`), as jussyDr/gbx reads it (`Ghost2::read_chunk_7`,
    // "// 0"; a revision newer than the mirror's 19f84a98, read through the
    // public code index). GBX.NET's chunkl marks it "ignore". 0 in all 58
    // corpus instances: no lookback string (a string's first reference in a
    // scope starts with the version 3, a back-reference has bit 30 or 31 set).
    declared(CHUNK_U32_007, None, &ONE_U32),
];

/// Largest inflated CGameGhost sample buffer accepted (bytes).
pub const MAX_GHOST_DATA: u32 = 64 << 20;

/// 0x0303F003 (TM1.0 to TMNESWC): uncompressed sample data, sample offsets,
/// a u32 list, fixed-time-step flag, period and a u32; GBX.NET
/// `Src/GBX.NET/Engines/Game/CGameGhost.cs` Chunk0303F003.
pub(crate) fn ghost_data_003(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let size = a.size_u32("size")?;
    a.bytes(FIELD_SAMPLE_DATA, size)?;
    u32_array(a, FIELD_OFFSETS)?;
    u32_array(a, FIELD_STATE_TIMES)?;
    a.bool(FIELD_IS_FIXED_TIME_STEP)?;
    a.time_ms(FIELD_SAMPLE_PERIOD)?;
    a.version_u32(FIELD_VERSION)?;
    Ok(())
}

layout! {
    /// 0x0303F004 (TMS): GBX.NET `CGameGhost.chunkl` 0x004.
    fn mobil_class_004 => MOBIL_CLASS_004, "GBX.NET CGameGhost.chunkl 0x004" {
        hex FIELD_SAVED_MOBIL_CLASS_ID;
    }
}

/// 0x0303F005 (seed 000): the zlib-compressed sample buffer.
pub(crate) fn ghost_data_005(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let uncompressed = a.size_u32(FIELD_UNCOMPRESSED_SIZE)?;
    let compressed = a.size_u32("compressedSize")?;
    let start = a.r.pos_abs();
    let data = a.bytes(FIELD_COMPRESSED_DATA, compressed)?;
    let range = ByteRange::new(start, a.r.pos_abs());
    // A walk records nothing: the inflate then only checks the buffer,
    // which a consumer that reads no damage note leaves out (issue 46).
    if a.walks_unchecked() {
        return Ok(());
    }
    let replaying = a.chunk_id == CHUNK_DATA_REPLAYING;
    inflate_ghost_data(a, data, uncompressed, range, replaying);
    Ok(())
}

/// 0x0303F006 (seed 000): IsReplaying, then 0x0303F005.
pub(crate) fn ghost_data_006(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.bool("isReplaying")?;
    ghost_data_005(a)
}

/// Inflates a 0x0303F005 buffer (bounded by [`MAX_GHOST_DATA`] and the
/// declared size) and decodes its header into a `ghostData` group whose
/// fields all point at the compressed bytes (the inflated data has no place
/// in the body). Nothing is added when the data is not a ghost buffer we
/// can read; a failure part-way is reported as a `ghostDataError` field
/// and noted as damage ([`Archive::note_damage`]).
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
    let group = a.open_group(FIELD_GHOST_DATA, range);
    if let Err(msg) = inflate_into(a, data, uncompressed, range, replaying) {
        // The chunk read to its end, but its sample stream is damaged: the
        // file is partial (issue 43, finding 7; `dump` showed the error while
        // the file read complete).
        a.note_damage(&format!("ghost sample stream: {msg}"), range.start);
        a.push_value(FIELD_GHOST_DATA_ERROR, Value::Str(msg), range);
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
    with_inflated(data, uncompressed, |out| {
        let mut inner = Archive::new(
            ByteReader::new(out, 0, "ghost data"),
            HashMap::new(),
            a.decoders(),
        );
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
    })?
}

/// Inflates a sample buffer to exactly `declared` bytes, bounded by
/// [`MAX_GHOST_DATA`] and deflate's ~1032:1 ratio (larger claims are not
/// ghost data).
///
/// # Errors
/// What went wrong, as text.
pub(crate) fn inflate(data: &[u8], declared: u32) -> Result<Vec<u8>, String> {
    check_limit(data, declared)?;
    let mut out = vec![0u8; declared as usize];
    inflate_to(data, &mut out)?;
    Ok(out)
}

/// [`inflate`] into a per-thread scratch buffer that `f` reads: nothing
/// kept, no allocation or zero-fill per call once the buffer has grown
/// (the parse's checks of ghost buffers and the lightmap cache, which
/// read the inflated bytes once and drop them; issue 46).
///
/// # Errors
/// As [`inflate`].
pub(crate) fn with_inflated<R>(
    data: &[u8],
    declared: u32,
    f: impl FnOnce(&[u8]) -> R,
) -> Result<R, String> {
    check_limit(data, declared)?;
    let len = declared as usize;
    // Taken out, so a nested call (none today) gets a buffer of its own.
    let mut scratch = SCRATCH.take();
    if scratch.len() < len {
        scratch.resize(len, 0);
    }
    let result = inflate_to(data, &mut scratch[..len]).map(|()| f(&scratch[..len]));
    if scratch.len() <= MAX_SCRATCH {
        SCRATCH.set(scratch);
    }
    result
}

/// The largest scratch buffer [`with_inflated`] keeps for the next call
/// on its thread (bytes); a larger one is dropped after its call.
const MAX_SCRATCH: usize = 16 << 20;

/// `declared` against [`inflate_limit`].
fn check_limit(data: &[u8], declared: u32) -> Result<(), String> {
    let limit = inflate_limit(data.len());
    if declared > limit {
        return Err(format!(
            "uncompressedSize {declared} above the limit {limit}"
        ));
    }
    Ok(())
}

/// Inflates the zlib stream `data` into exactly `out.len()` bytes.
fn inflate_to(data: &[u8], out: &mut [u8]) -> Result<(), String> {
    let declared = out.len();
    // One whole-buffer call (libdeflate; the size is known): 1.5x fewer
    // instructions than a zlib stream on the corpus replays (issue 32). A
    // longer stream finds no space left.
    let len = match DECOMPRESSOR.with_borrow_mut(|d| d.zlib_decompress(data, out)) {
        Ok(len) => len,
        Err(libdeflater::DecompressionError::InsufficientSpace) => {
            return Err(format!(
                "zlib: the stream inflates to more than uncompressedSize {declared}"
            ));
        }
        Err(e) => return Err(format!("zlib: {e}")),
    };
    if len != declared {
        return Err(format!(
            "inflated {len} bytes, uncompressedSize says {declared}"
        ));
    }
    Ok(())
}

/// The largest size [`inflate`] accepts for `compressed_len` bytes of
/// zlib data: [`MAX_GHOST_DATA`], and deflate's ~1032:1 ratio.
pub(crate) fn inflate_limit(compressed_len: usize) -> u32 {
    MAX_GHOST_DATA.min(
        u32::try_from(compressed_len)
            .unwrap_or(u32::MAX)
            .saturating_mul(1032),
    )
}

thread_local! {
    /// [`with_inflated`]'s buffer: the largest inflated so far on this
    /// thread, up to [`MAX_SCRATCH`].
    static SCRATCH: std::cell::Cell<Vec<u8>> = const { std::cell::Cell::new(Vec::new()) };
    /// One libdeflate decompressor per thread: making one allocates and
    /// clears its ~10 KB of tables, once per ghost buffer before (issue 32).
    static DECOMPRESSOR: std::cell::RefCell<libdeflater::Decompressor> =
        std::cell::RefCell::new(libdeflater::Decompressor::new());
}

/// The inflated header (seed 000 0x0303F005; the empty-ghost class id -1,
/// the names and the first sample time that ends fixed-time-step buffers of
/// the newer chunk (0x0303F006) from GBX.NET `CGameGhost.Data.cs` ReadNew;
/// the corpus ManiaPlanet ghosts all end with those 4 bytes, the TMF
/// 0x0303F005 ones without).
pub(crate) fn ghost_data_header(a: &mut Archive<'_>, replaying: bool) -> Result<(), ReadError> {
    let class_id = a.hex(FIELD_SAVED_MOBIL_CLASS_ID)?;
    if class_id == u32::MAX && a.r.is_at_end() {
        return Ok(());
    }
    let fixed = a.bool(FIELD_IS_FIXED_TIME_STEP)?;
    a.u32("u01")?;
    a.time_ms(FIELD_SAMPLE_PERIOD)?;
    a.version_u32(FIELD_VERSION)?;
    let size = a.size_u32("sampleDataSize")?;
    a.bytes(FIELD_SAMPLE_DATA, size)?;
    let samples = a.u32(FIELD_NUM_SAMPLES)?;
    if samples > 0 {
        a.u32(FIELD_FIRST_SAMPLE_OFFSET)?;
    }
    if samples > 1 {
        let per_sample = a.i32(FIELD_SIZE_PER_SAMPLE)?;
        if per_sample == -1 {
            let count = samples - 1;
            let len =
                a.r.check_count(FIELD_SAMPLE_SIZES, u64::from(count), 4, u64::from(u32::MAX))?;
            a.bytes(
                FIELD_SAMPLE_SIZES,
                u32::try_from(len * 4).unwrap_or(u32::MAX),
            )?;
        }
    }
    if !fixed {
        let times = a.u32("numStateTimes")?;
        let len =
            a.r.check_count(FIELD_STATE_TIMES, u64::from(times), 4, u64::from(u32::MAX))?;
        a.bytes(
            FIELD_STATE_TIMES,
            u32::try_from(len * 4).unwrap_or(u32::MAX),
        )?;
    } else if replaying {
        a.time_ms(FIELD_FIRST_SAMPLE_TIME)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{inflate, with_inflated};
    use std::io::Write;

    fn zlib(data: &[u8]) -> Vec<u8> {
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        z.write_all(data).expect("in memory");
        z.finish().expect("in memory")
    }

    /// The declared size must be the inflated size: longer and shorter
    /// streams, a bad checksum and a claim past deflate's ratio are errors.
    #[test]
    fn inflate_gives_exactly_the_declared_size_or_says_why_not() {
        let data: Vec<u8> = (0..5000u32).map(|i| (i * 7 % 251) as u8).collect();
        let z = zlib(&data);
        assert_eq!(inflate(&z, 5000).as_deref(), Ok(&data[..]));
        let longer = inflate(&z, 4999).expect_err("longer stream");
        assert!(
            longer.contains("more than uncompressedSize 4999"),
            "{longer}"
        );
        let shorter = inflate(&z, 5001).expect_err("shorter stream");
        assert_eq!(shorter, "inflated 5000 bytes, uncompressedSize says 5001");
        let mut bad = z.clone();
        let last = bad.len() - 1;
        bad[last] ^= 1; // the Adler-32 checksum
        assert!(
            inflate(&bad, 5000)
                .expect_err("checksum")
                .starts_with("zlib: ")
        );
        let claim = inflate(&z[..10], 20_000).expect_err("ratio");
        assert_eq!(claim, "uncompressedSize 20000 above the limit 10320");
    }

    /// The scratch buffer gives exactly the declared bytes after a larger
    /// buffer left other bytes in it, and the same errors as [`inflate`].
    #[test]
    fn with_inflated_reads_only_this_stream_and_says_what_inflate_says() {
        let large: Vec<u8> = (0..9000u32).map(|i| (i * 13 % 241) as u8).collect();
        let small: Vec<u8> = (0..3000u32).map(|i| (i * 7 % 251) as u8).collect();
        let (zl, zs) = (zlib(&large), zlib(&small));
        assert_eq!(with_inflated(&zl, 9000, <[u8]>::to_vec), Ok(large));
        assert_eq!(with_inflated(&zs, 3000, <[u8]>::to_vec), Ok(small));
        for declared in [2999, 3001] {
            assert_eq!(
                with_inflated(&zs, declared, |_| ()),
                inflate(&zs, declared).map(|_| ())
            );
        }
    }
}
