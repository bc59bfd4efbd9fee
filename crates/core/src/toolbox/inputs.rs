//! A ghost's input events as text (issue 18 "inputs of a ghost/replay"):
//! CSV (`time_ms,action,value`, one row per decoded event, the value as
//! [`InputEvent::value`] gives it: analog controls signed) and a
//! TMInterface-style script.
//!
//! The script follows TMInterface's input commands (donadigo/TMInterfacePublic
//! `docs.md`): `TIME press|rel up|down|left|right|enter` for digital
//! actions and `TIME steer VALUE` / `TIME gas VALUE` for analog ones, the
//! time in seconds with two decimals ("1.23"), steer −65536 (full left) to
//! 65536 (a TMF record's stored steer is negated to follow that,
//! [`InputSource`]). Every decoded event gives exactly one line: events TMInterface
//! has no command for (horn, the game's `_Fake…` markers, events before
//! the start) become `#` comment lines, so the line count equals the
//! event count.

use crate::csv_out::CsvText;
use crate::gbx::access::ghosts::InputEvent;
use std::fmt::Write as _;

/// Full steering in TMInterface (and TMF's analog axis).
pub const TMI_FULL_STEER: i64 = 65_536;
/// Full steering of TM2020's 0x0309201D streams (−127..127).
pub const TM2020_FULL_STEER: i64 = 127;

/// `time_ms,action,value` and one row per event, in order.
#[must_use]
pub fn inputs_csv(events: &[InputEvent]) -> String {
    let mut out = CsvText::new();
    out.row(["time_ms", "action", "value"]);
    for e in events {
        out.row([e.time_ms.to_string(), e.name.clone(), e.value.to_string()]);
    }
    out.finish()
}

/// Where a ghost's events come from, for the script's analog values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputSource {
    /// TMU/TMF validation record (0x03092011, 0x03092019): a positive
    /// Steer turns left (measured on the corpus samples, see
    /// [`InputEvent::value`]), so TMInterface's `steer` (negative: left)
    /// gets the value negated, as GBX.NET's `ToSteerValue` does.
    TmfRecord,
    /// ManiaPlanet/Turbo validation record (0x03092025): positive turns
    /// right, written as stored.
    ManiaPlanetRecord,
    /// TM2020 input stream (0x0309201D): ±127 scaled to ±65536, positive
    /// turns right.
    Tm2020Stream,
}

impl InputSource {
    /// The source of events decoded from chunk `chunk` (the ghost's
    /// `inputs_chunk`); a ManiaPlanet record when unknown.
    #[must_use]
    pub fn of_chunk(chunk: Option<u32>) -> Self {
        use crate::gbx::classes::ghost::{
            CHUNK_PLAYER_INPUTS, CHUNK_VALIDATION_TMU, CHUNK_VALIDATION_TMUF,
        };
        match chunk {
            Some(CHUNK_PLAYER_INPUTS) => Self::Tm2020Stream,
            Some(CHUNK_VALIDATION_TMU | CHUNK_VALIDATION_TMUF) => Self::TmfRecord,
            _ => Self::ManiaPlanetRecord,
        }
    }
}

/// The TMInterface command of one event, or `None` when it has none
/// (analog values per [`InputSource`]).
fn tmi_command(e: &InputEvent, source: InputSource) -> Option<String> {
    let key = match e.name.as_str() {
        "Accelerate" => "up",
        "Brake" => "down",
        "SteerLeft" => "left",
        "SteerRight" => "right",
        "Respawn" => "enter",
        "Steer" | "Gas" | "AccelerateReal" | "BrakeReal" => {
            let v = i64::from(e.value);
            let v = match source {
                InputSource::Tm2020Stream => v * TMI_FULL_STEER / TM2020_FULL_STEER,
                InputSource::TmfRecord if e.name == "Steer" => -v,
                _ => v,
            };
            let cmd = if e.name == "Steer" { "steer" } else { "gas" };
            // BrakeReal pushes the analog gas axis the other way.
            let v = if e.name == "BrakeReal" { -v } else { v };
            return Some(format!("{cmd} {v}"));
        }
        _ => return None,
    };
    let verb = if e.value == 0 { "rel" } else { "press" };
    Some(format!("{verb} {key}"))
}

fn seconds(ms: i64) -> String {
    let sign = if ms < 0 { "-" } else { "" };
    let ms = ms.unsigned_abs();
    format!("{sign}{}.{:02}", ms / 1000, (ms % 1000) / 10)
}

/// The TMInterface-style script: one line per event (module docs), the
/// analog values as [`InputSource`] says.
#[must_use]
pub fn inputs_script(events: &[InputEvent], source: InputSource) -> String {
    let mut out = String::new();
    for e in events {
        match tmi_command(e, source) {
            Some(cmd) if e.time_ms >= 0 => {
                let _ = writeln!(out, "{} {cmd}", seconds(e.time_ms));
            }
            _ => {
                let _ = writeln!(out, "# {} {} {}", seconds(e.time_ms), e.name, e.value);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytes::ByteRange;
    use crate::gbx::classes::ghost::{
        CHUNK_PLAYER_INPUTS, CHUNK_VALIDATION_TM2, CHUNK_VALIDATION_TMUF,
    };

    fn ev(name: &str, value: i32) -> InputEvent {
        InputEvent {
            time_ms: 1230,
            name: name.into(),
            value,
            range: ByteRange::at(0, 0),
        }
    }

    #[test]
    fn tmi_steer_is_negative_for_left_in_every_source() {
        let steer = |v, chunk| inputs_script(&[ev("Steer", v)], InputSource::of_chunk(Some(chunk)));
        // TMF: a positive stored steer turns left, TMInterface's left is negative.
        assert_eq!(steer(1495, CHUNK_VALIDATION_TMUF), "1.23 steer -1495\n");
        assert_eq!(steer(-65536, CHUNK_VALIDATION_TMUF), "1.23 steer 65536\n");
        // ManiaPlanet record and TM2020 stream: positive turns right.
        assert_eq!(steer(1495, CHUNK_VALIDATION_TM2), "1.23 steer 1495\n");
        assert_eq!(steer(-127, CHUNK_PLAYER_INPUTS), "1.23 steer -65536\n");
        let gas = inputs_script(&[ev("Gas", 300)], InputSource::TmfRecord);
        assert_eq!(gas, "1.23 gas 300\n", "only steer changes sign");
    }
}
