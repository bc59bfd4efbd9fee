//! Stunts replays (`.RPL`): a configuration block, the 1,802-byte track,
//! then one input byte per frame.
//!
//! Sources: the Stunts FAQ section [8.4] "Replay files" (restunts
//! `docs/stunts.txt`), which gives both layouts and how to tell them
//! apart, and restunts' `struct GAMEINFO` (`src/restunts/c/externs.h`),
//! which the game copies to and from the block (`file_load_replay`,
//! `file_write_replay` in `src/restunts/c/fileio.c`).
//!
//! New format (Stunts 1.1, 26-byte block): player car (4 chars), colour,
//! transmission (0 manual, 1 automatic), opponent (0 none, 1–6), opponent
//! car, colour and transmission, track name (9 bytes, zero-terminated),
//! frames per second (`game_framespersec`; the FAQ's "replay length
//! divisor"), recorded frames (`game_recordedframes`; the FAQ's "keyboard
//! event block length"). Old format (Stunts 1.0, 24-byte block): the same
//! up to the track name, then the replay length in 1/20 s. The file is the
//! new format when the recorded frames plus 0x724 give its size, the old
//! one when its length word plus 0x722 does (FAQ "Format detection").
//! Each input byte holds the keys down in that frame: bit 0 accelerate,
//! 1 brake, 2 right, 3 left, 4 shift up, 5 shift down (FAQ).

use super::track::{RAW_TRACK_LEN, RPL_HEADER_LEN, Track};
use crate::bytes::{ByteReader, ReadError};
use serde::Serialize;

/// Bytes before the track in an old-format (Stunts 1.0) replay.
pub const OLD_RPL_HEADER_LEN: usize = 24;
/// Frames per second of old-format replays ("length in 1/20 of a second").
pub const OLD_FRAMES_PER_SECOND: u16 = 20;

/// Opponents by number (FAQ [8.4]).
pub const OPPONENTS: [&str; 6] = [
    "Squealin' Bernie Rubber",
    "Herr Otto Partz",
    "Smokin' Joe Stallin",
    "Cherry Chassis",
    "Helen Wheels",
    "Skid Vicious",
];

/// Which configuration block a replay has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum ReplayFormat {
    /// 26 bytes, Stunts 1.1 (and 4D Sports Driving of February 1991).
    New,
    /// 24 bytes, Stunts 1.0 (and 4D Sports Driving of December 1990).
    Old,
}

/// A Stunts replay: configuration block, the embedded track (read-only
/// here; save it with [`Track::to_bytes`] as a new `.trk`), the inputs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    /// Which block it has.
    pub format: ReplayFormat,
    /// The block, raw (24 or 26 bytes).
    pub header: Vec<u8>,
    /// The embedded track (never has a trailer).
    pub track: Track,
    /// Everything after the track, raw: one byte per frame.
    pub inputs: Vec<u8>,
}

/// What a replay's block says, decoded.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReplayInfo {
    /// Which block.
    pub format: ReplayFormat,
    /// The player's car, e.g. "COUN" (4 characters; others shown as `?`).
    pub player_car: String,
    /// The player's car colour number.
    pub player_colour: u8,
    /// "manual", "automatic", or the number.
    pub player_transmission: String,
    /// Opponent number, 0 for none.
    pub opponent: u8,
    /// The opponent's name, for 1–6.
    pub opponent_name: Option<&'static str>,
    /// The opponent's car (meaningless without an opponent).
    pub opponent_car: String,
    /// The opponent's car colour number.
    pub opponent_colour: u8,
    /// The opponent's transmission.
    pub opponent_transmission: String,
    /// The track's name, up to the first zero byte.
    pub track_name: String,
    /// Frames per second (20 for old replays).
    pub frames_per_second: u16,
    /// Frames the block says were recorded.
    pub frames: u16,
    /// Input bytes after the track.
    pub input_bytes: usize,
    /// The block's frame count matches the inputs, as the game writes it.
    pub consistent: bool,
    /// `frames / frames_per_second` (0 when the rate is 0).
    pub duration_s: f64,
    /// The input stream as key presses ([`super::replay_keys`]).
    pub key_spans: Vec<super::replay_keys::KeySpan>,
}

fn le16(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes([*b.get(at)?, *b.get(at + 1)?]))
}

fn ascii(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&c| {
            if c.is_ascii_graphic() || c == b' ' {
                char::from(c)
            } else {
                '?'
            }
        })
        .collect()
}

fn transmission(v: u8) -> String {
    match v {
        0 => "manual".into(),
        1 => "automatic".into(),
        n => n.to_string(),
    }
}

/// The track of a Stunts file named `name` with bytes `bytes`: a `.trk`
/// as is, or the track inside a `.rpl` with what the replay holds (the one
/// sniffer tells them apart; Stunts files have no magic, the name decides).
///
/// # Errors
/// The [`ReadError`] of [`Track::parse`] or [`Replay::parse`].
pub fn read_stunts_file(
    name: &str,
    bytes: &[u8],
) -> Result<(Track, Option<ReplayInfo>), ReadError> {
    if crate::sniff::file_kind(name, bytes) == crate::sniff::FileKind::StuntsReplay {
        let r = Replay::parse(bytes)?;
        let info = r.info();
        Ok((r.track, Some(info)))
    } else {
        Ok((Track::parse(bytes)?, None))
    }
}

impl Replay {
    /// Reads a replay of either format (see the module docs); a file that
    /// fits neither size rule is read as the new format.
    ///
    /// # Errors
    /// Files shorter than the block plus 1,802 bytes.
    pub fn parse(data: &[u8]) -> Result<Self, ReadError> {
        let len = data.len();
        let new_fits = le16(data, 0x18).is_some_and(|n| usize::from(n) + 0x724 == len);
        let old_fits = le16(data, 0x16).is_some_and(|n| usize::from(n) + 0x722 == len);
        let format = if !new_fits && old_fits {
            ReplayFormat::Old
        } else {
            ReplayFormat::New
        };
        let header_len = match format {
            ReplayFormat::New => RPL_HEADER_LEN,
            ReplayFormat::Old => OLD_RPL_HEADER_LEN,
        };
        let mut r = ByteReader::new(data, 0, "file");
        let header = r
            .bytes(header_len)
            .map_err(|e| e.context("in replay header"))?
            .to_vec();
        let at = r.pos_abs();
        let track_bytes = r
            .bytes(RAW_TRACK_LEN)
            .map_err(|e| e.context("in replay track"))?;
        let track = Track::parse_at(track_bytes, at)?;
        Ok(Self {
            format,
            header,
            track,
            inputs: r.rest().to_vec(),
        })
    }

    /// The replay bytes.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = self.header.clone();
        out.extend_from_slice(&self.track.to_raw_bytes());
        out.extend_from_slice(&self.inputs);
        out
    }

    /// The configuration block decoded.
    #[must_use]
    pub fn info(&self) -> ReplayInfo {
        let h = &self.header;
        let byte = |at: usize| h.get(at).copied().unwrap_or(0);
        let slice = |from: usize, len: usize| h.get(from..from + len).unwrap_or_default();
        let name = slice(0x0D, 9);
        let name = &name[..name.iter().position(|&c| c == 0).unwrap_or(name.len())];
        let (fps, frames) = match self.format {
            ReplayFormat::New => (le16(h, 0x16).unwrap_or(0), le16(h, 0x18).unwrap_or(0)),
            ReplayFormat::Old => (OLD_FRAMES_PER_SECOND, le16(h, 0x16).unwrap_or(0)),
        };
        let opponent = byte(6);
        ReplayInfo {
            format: self.format,
            player_car: ascii(slice(0, 4)),
            player_colour: byte(4),
            player_transmission: transmission(byte(5)),
            opponent,
            opponent_name: usize::from(opponent)
                .checked_sub(1)
                .and_then(|i| OPPONENTS.get(i).copied()),
            opponent_car: ascii(slice(7, 4)),
            opponent_colour: byte(0x0B),
            opponent_transmission: transmission(byte(0x0C)),
            track_name: ascii(name),
            frames_per_second: fps,
            frames,
            input_bytes: self.inputs.len(),
            consistent: usize::from(frames) == self.inputs.len(),
            duration_s: if fps == 0 {
                0.0
            } else {
                f64::from(frames) / f64::from(fps)
            },
            key_spans: super::replay_keys::key_spans(&self.inputs),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn replay(header: &[u8], frames: usize) -> Vec<u8> {
        let mut out = header.to_vec();
        out.extend_from_slice(&Track::new().to_raw_bytes());
        out.extend(std::iter::repeat_n(1u8, frames));
        out
    }

    #[test]
    fn new_format_block_decodes() {
        let mut h = b"COUN\x02\x01\x05LANC\x03\x00DEFAULT\0\0".to_vec();
        h.extend_from_slice(&20u16.to_le_bytes());
        h.extend_from_slice(&50u16.to_le_bytes());
        let bytes = replay(&h, 50);
        let r = Replay::parse(&bytes).unwrap();
        assert_eq!(r.format, ReplayFormat::New);
        let i = r.info();
        assert_eq!(i.player_car, "COUN");
        assert_eq!(i.player_transmission, "automatic");
        assert_eq!(i.opponent_name, Some("Helen Wheels"));
        assert_eq!(i.opponent_transmission, "manual");
        assert_eq!(i.track_name, "DEFAULT");
        assert!(i.consistent);
        assert!((i.duration_s - 2.5).abs() < 1e-9);
        assert_eq!(r.to_bytes(), bytes);
    }

    #[test]
    fn old_format_is_told_apart_by_its_size() {
        let mut h = b"PMIN\x00\x00\x00\xff\0\0\0\0\0TRACK\0\0\0\0".to_vec();
        h.extend_from_slice(&40u16.to_le_bytes());
        let bytes = replay(&h, 40);
        let r = Replay::parse(&bytes).unwrap();
        assert_eq!(r.format, ReplayFormat::Old);
        assert_eq!(r.header.len(), OLD_RPL_HEADER_LEN);
        let i = r.info();
        assert_eq!(
            (i.frames, i.frames_per_second, i.opponent_name),
            (40, 20, None)
        );
        assert!((i.duration_s - 2.0).abs() < 1e-9);
        assert_eq!(r.to_bytes(), bytes);
    }

    #[test]
    fn a_block_that_disagrees_with_the_file_reads_as_new_and_says_so() {
        let mut h = vec![b'A'; 22];
        h.extend_from_slice(&20u16.to_le_bytes());
        h.extend_from_slice(&3000u16.to_le_bytes());
        let r = Replay::parse(&replay(&h, 10)).unwrap();
        assert_eq!(r.format, ReplayFormat::New);
        assert!(!r.info().consistent);
    }
}
