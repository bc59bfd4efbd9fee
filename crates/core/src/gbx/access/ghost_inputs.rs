//! Player inputs of ManiaPlanet / TM2020 ghosts: CGameCtnGhost chunk
//! 0x0309201D ("player input data").
//!
//! Layout from GBX.NET: `Src/GBX.NET/Engines/Game/CGameCtnGhost.chunkl`
//! 0x01D (chunk version, then a u32-prefixed list of PlayerInputData:
//! stream version, a u32, from chunk version 4 a start offset in ms, the
//! tick count and a u32-prefixed byte buffer) and
//! `Src/GBX.NET/Engines/Game/CGameCtnGhost.PlayerInputData.cs`
//! (ProcessTrackmaniaInputs, stream versions 11 and 12: one record per
//! 10 ms tick in a little-endian bit stream read least significant bit
//! first, `Src/GBX.NET/BitReader.cs`). A tick is:
//!
//! - 1 bit "same state"; when 0: 1 bit "2-bit form", then 2 bits, or the
//!   full state of 33 bits (version 11) / 34 bits (version 12). The first
//!   full state's low 2 bits say what the player drives (1 character,
//!   2 vehicle); bits 6 horn, 12 jump, 13 free look, 14..22 action slots
//!   1..9, 23 action slot 0, 31 respawn, 33 secondary respawn. The 2-bit
//!   form holds the horn (bit 1) for vehicles.
//! - 1 bit "same mouse"; when 0: two u16 mouse accumulators.
//! - vehicles: 1 bit "same vehicle input"; when 0: i8 steer (−127..127,
//!   GBX.NET `Inputs/SteerTM2020.cs` divides by 127), 1 bit accelerate,
//!   1 bit brake. Characters: 1 bit, then four 2-bit values (strafe, walk,
//!   vertical, horizontal).
//!
//! The stream may end before the declared ticks (GBX.NET ignores reads past
//! the end); the bits after the last tick are zero.
//!
//! Nothing here panics on bad data; every count is checked against the
//! bytes that remain.

use super::ghosts::InputEvent;
use crate::bytes::{ByteRange, ByteReader, ReadError};

/// Chunk id of the player input data.
pub const CHUNK: u32 = crate::gbx::classes::ghost::CHUNK_PLAYER_INPUTS;

/// Time between two ticks of the stream (ms).
pub const TICK_MS: i64 = 10;

/// One PlayerInputData of the chunk, decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputStream {
    /// Stream version (11 or 12 in TM2020; 7/8 in ShootMania, not decoded).
    pub version: u32,
    /// Unknown u32 (GBX.NET "u02"; a multiple of 10 in the corpus).
    pub u01: u32,
    /// Time of tick 0 (ms, chunk version 4 on); TM2020 ghosts store about
    /// −1500 (the countdown before the start).
    pub start_offset_ms: Option<i32>,
    /// Declared number of 10 ms ticks.
    pub ticks: u32,
    /// Ticks read before the data ended (≤ `ticks`).
    pub ticks_read: u32,
    /// The data buffer (body offsets).
    pub data: ByteRange,
    /// Bits read by the decoded ticks.
    pub bits_read: u64,
    /// Whether every bit after the last tick is zero (GBX.NET rejects
    /// streams where it is not).
    pub rest_is_zero: bool,
    /// Why decoding stopped early, if it did for another reason than the
    /// end of the data.
    pub problem: Option<String>,
    /// The input changes, in tick order; `range` covers the bytes holding
    /// the tick's bits.
    pub events: Vec<InputEvent>,
}

/// Why a stream was not decoded.
fn unsupported(version: u32) -> String {
    format!("player input stream version {version} not decoded (TrackMania versions 11 and 12 are)")
}

/// Decodes chunk 0x0309201D from its data bytes (`data_start` = their body
/// offset). Streams of an unsupported version are returned without events
/// in the second list as messages.
///
/// # Errors
/// A [`ReadError`] (offset, chunk) when the chunk's own fields cannot be
/// read.
pub fn decode_chunk(
    data: &[u8],
    data_start: u64,
) -> Result<(Vec<InputStream>, Vec<String>), ReadError> {
    let mut r = ByteReader::new(data, data_start, "body");
    let ctx = |e: ReadError| e.context(format!("in chunk {CHUNK:#010x}"));
    let chunk_version = r.u32().map_err(ctx)?;
    let count = r.u32().map_err(ctx)?;
    // version, u32, ticks, size: at least 16 bytes per stream.
    let n = r
        .check_count("playerInputs", u64::from(count), 16, 1 << 16)
        .map_err(ctx)?;
    let mut streams = Vec::with_capacity(n);
    let mut skipped = Vec::new();
    for _ in 0..n {
        let version = r.u32().map_err(ctx)?;
        let u01 = r.u32().map_err(ctx)?;
        let start_offset_ms = if chunk_version >= 4 {
            Some(r.u32().map_err(ctx)? as i32)
        } else {
            None
        };
        let ticks = r.u32().map_err(ctx)?;
        let size = r.u32().map_err(ctx)?;
        let at = r.pos_abs();
        let bytes = r.bytes(size as usize).map_err(ctx)?;
        let mut s = InputStream {
            version,
            u01,
            start_offset_ms,
            ticks,
            ticks_read: 0,
            data: ByteRange::new(at, r.pos_abs()),
            bits_read: 0,
            rest_is_zero: true,
            problem: None,
            events: Vec::new(),
        };
        if matches!(version, 11 | 12) {
            decode_stream(&mut s, bytes);
            streams.push(s);
        } else {
            skipped.push(unsupported(version));
        }
    }
    Ok((streams, skipped))
}

/// Little-endian bit reader, least significant bit first (GBX.NET
/// BitReader).
struct Bits<'a> {
    data: &'a [u8],
    pos: usize,
}

impl Bits<'_> {
    fn bit(&mut self) -> Option<bool> {
        let byte = self.data.get(self.pos / 8)?;
        let v = byte >> (self.pos % 8) & 1 != 0;
        self.pos += 1;
        Some(v)
    }

    fn num(&mut self, bits: u32) -> Option<u64> {
        let mut v = 0u64;
        for i in 0..bits {
            v |= u64::from(self.bit()?) << i;
        }
        Some(v)
    }

    fn rest_is_zero(&self) -> bool {
        let byte = self.pos / 8;
        let Some(&first) = self.data.get(byte) else {
            return true;
        };
        let used = self.pos % 8;
        let first = if used == 0 { first } else { first >> used };
        first == 0 && self.data[byte + 1..].iter().all(|&b| b == 0)
    }
}

/// What the first full state says is driven.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Driven {
    NotStarted,
    Character,
    Vehicle,
    Other,
}

/// Named bits of the full state (GBX.NET ProcessTrackmaniaInputs).
const STATE_BITS: &[(u32, &str)] = &[
    (12, "Jump"),
    (13, "FreeLook"),
    (14, "ActionSlot1"),
    (15, "ActionSlot2"),
    (16, "ActionSlot3"),
    (17, "ActionSlot4"),
    (18, "ActionSlot5"),
    (19, "ActionSlot6"),
    (20, "ActionSlot7"),
    (21, "ActionSlot8"),
    (22, "ActionSlot9"),
    (23, "ActionSlot0"),
    (31, "Respawn"),
    (33, "SecondaryRespawn"),
];

/// The decoding state: last value of every named input.
struct Decoder {
    last: Vec<(&'static str, i32)>,
    events: Vec<InputEvent>,
    time_ms: i64,
    range: ByteRange,
}

impl Decoder {
    /// Records `name = value` when it differs from its last value (0 before
    /// the first).
    fn set(&mut self, name: &'static str, value: i32) {
        let slot = match self.last.iter_mut().find(|(n, _)| *n == name) {
            Some((_, v)) => v,
            None => {
                self.last.push((name, 0));
                &mut self.last.last_mut().expect("just pushed").1
            }
        };
        if *slot != value {
            *slot = value;
            self.events.push(InputEvent {
                time_ms: self.time_ms,
                name: name.to_owned(),
                value,
                range: self.range,
            });
        }
    }

    fn full_state(&mut self, driven: Driven, states: u64) {
        let bit = |b: u32| i32::from(states >> b & 1 != 0);
        match driven {
            Driven::Vehicle => self.set("Horn", bit(6)),
            Driven::Character => {
                self.set("GunTrigger", bit(5));
                self.set("Action", bit(6));
                self.set("Camera2", bit(10));
            }
            _ => {}
        }
        for &(b, name) in STATE_BITS {
            self.set(name, bit(b));
        }
    }
}

/// One tick; `None` when the data ended inside it or the first full state
/// names neither a character nor a vehicle (`driven` is then
/// [`Driven::Other`]).
fn tick(b: &mut Bits<'_>, d: &mut Decoder, driven: &mut Driven, full_bits: u32) -> Option<()> {
    if !b.bit()? {
        if b.bit()? {
            let states = b.num(2)?;
            match driven {
                Driven::Vehicle => d.set("Horn", i32::from(states & 2 != 0)),
                Driven::Character => {
                    d.set("GunTrigger", i32::from(states & 1 != 0));
                    d.set("Action", i32::from(states & 2 != 0));
                }
                _ => {}
            }
        } else {
            let states = b.num(full_bits)?;
            if *driven == Driven::NotStarted {
                *driven = match states & 3 {
                    0 => Driven::NotStarted,
                    1 => Driven::Character,
                    2 => Driven::Vehicle,
                    _ => Driven::Other,
                };
            }
            if *driven == Driven::Other {
                return None;
            }
            d.full_state(*driven, states);
        }
    }
    if !b.bit()? {
        let x = b.num(16)?;
        let y = b.num(16)?;
        d.set("MouseAccuX", x as i32);
        d.set("MouseAccuY", y as i32);
    }
    match driven {
        Driven::Vehicle if !b.bit()? => {
            let steer = b.num(8)? as u8 as i8;
            let accelerate = b.bit()?;
            let brake = b.bit()?;
            d.set("Steer", i32::from(steer));
            d.set("Accelerate", i32::from(accelerate));
            d.set("Brake", i32::from(brake));
        }
        Driven::Character if !b.bit()? => {
            for name in ["Strafe", "Walk", "Vertical", "Horizontal"] {
                let v = b.num(2)?;
                d.set(name, v as i32);
            }
        }
        _ => {}
    }
    Some(())
}

fn decode_stream(s: &mut InputStream, bytes: &[u8]) {
    let full_bits = if s.version == 11 { 33 } else { 34 };
    let mut b = Bits {
        data: bytes,
        pos: 0,
    };
    let mut d = Decoder {
        last: Vec::new(),
        events: Vec::new(),
        time_ms: 0,
        range: s.data,
    };
    let mut driven = Driven::NotStarted;
    let start = i64::from(s.start_offset_ms.unwrap_or(0));
    // Each tick takes at least two bits, so the loop ends with the data.
    for i in 0..s.ticks {
        let from = b.pos;
        d.time_ms = start + i64::from(i) * TICK_MS;
        let before = d.events.len();
        let done = tick(&mut b, &mut d, &mut driven, full_bits);
        let range = ByteRange::new(
            s.data.start + (from / 8) as u64,
            s.data.start + b.pos.div_ceil(8) as u64,
        );
        for e in &mut d.events[before..] {
            e.range = range;
        }
        if done.is_none() {
            if driven == Driven::Other {
                s.problem = Some(format!(
                    "tick {i} (bit {from}): the state's low bits are 3, neither \
                     character (1) nor vehicle (2); the rest is not decoded"
                ));
            }
            break;
        }
        s.ticks_read = i + 1;
        s.bits_read = b.pos as u64;
    }
    s.rest_is_zero = s.problem.is_none() && b.rest_is_zero();
    s.events = d.events;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes bits least significant first.
    #[derive(Default)]
    struct W {
        bytes: Vec<u8>,
        n: usize,
    }

    impl W {
        fn put(&mut self, v: u64, bits: u32) {
            for i in 0..bits {
                if self.n.is_multiple_of(8) {
                    self.bytes.push(0);
                }
                if v >> i & 1 != 0 {
                    *self.bytes.last_mut().unwrap() |= 1 << (self.n % 8);
                }
                self.n += 1;
            }
        }
    }

    /// A version-4 chunk with one version-12 stream of `ticks` ticks.
    fn chunk(ticks: u32, data: &[u8]) -> Vec<u8> {
        let mut c = Vec::new();
        for v in [4u32, 1, 12, 0, (-1500i32) as u32, ticks, data.len() as u32] {
            c.extend(v.to_le_bytes());
        }
        c.extend(data);
        c
    }

    #[test]
    fn decodes_written_ticks() {
        let mut w = W::default();
        // Tick 0: full state "vehicle", same mouse, steer −64, gas on.
        w.put(0, 1);
        w.put(0, 1);
        w.put(2, 34);
        w.put(1, 1);
        w.put(0, 1);
        w.put(u64::from(-64i8 as u8), 8);
        w.put(0b01, 2);
        // Tick 1: nothing changes.
        w.put(0b111, 3);
        // Tick 2: horn in the 2-bit form; steer 0, gas off, brake on.
        w.put(0, 1);
        w.put(1, 1);
        w.put(0b10, 2);
        w.put(1, 1);
        w.put(0, 1);
        w.put(0, 8);
        w.put(0b10, 2);
        let (streams, skipped) = decode_chunk(&chunk(3, &w.bytes), 100).unwrap();
        assert!(skipped.is_empty());
        let s = &streams[0];
        assert_eq!(
            (s.ticks_read, s.start_offset_ms, s.rest_is_zero),
            (3, Some(-1500), true)
        );
        let got: Vec<(i64, &str, i32)> = s
            .events
            .iter()
            .map(|e| (e.time_ms, e.name.as_str(), e.value))
            .collect();
        assert_eq!(
            got,
            [
                (-1500, "Steer", -64),
                (-1500, "Accelerate", 1),
                (-1480, "Horn", 1),
                (-1480, "Steer", 0),
                (-1480, "Accelerate", 0),
                (-1480, "Brake", 1),
            ]
        );
        // Tick 0 is bits 0..48 of the data (bytes 0..6), at body 100 + 28.
        assert_eq!(s.events[0].range, ByteRange::new(128, 134));
    }

    #[test]
    fn short_and_bad_data_are_bounded() {
        // 1000 declared ticks in 2 bytes: reading stops with the data.
        let (streams, _) = decode_chunk(&chunk(1000, &[0xFF, 0xFF]), 0).unwrap();
        assert_eq!(streams[0].ticks_read, 8);
        // A huge stream count is an error, not an allocation.
        let mut c = chunk(1, &[0]);
        c[4..8].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(decode_chunk(&c, 0).is_err());
        // A truncated chunk is an error with its offset.
        let c = chunk(1, &[0, 0, 0, 0]);
        let e = decode_chunk(&c[..c.len() - 2], 0).unwrap_err();
        assert!(e.to_string().contains("0x0309201d"), "{e}");
    }
}
