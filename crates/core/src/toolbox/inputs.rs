//! A ghost's input events as text (issue 18 "inputs of a ghost/replay"):
//! CSV (`time_ms,action,value`, one row per decoded event, the value as
//! [`InputEvent::value`] gives it: analog controls signed) and a
//! TMInterface-style script.
//!
//! The script follows TMInterface's input commands (donadigo/TMInterfacePublic
//! `docs.md`): `TIME press|rel up|down|left|right|enter` for digital
//! actions and `TIME steer VALUE` / `TIME gas VALUE` for analog ones, the
//! time in seconds with two decimals ("1.23"), steer −65536 (full left) to
//! 65536. Every decoded event gives exactly one line: events TMInterface
//! has no command for (horn, the game's `_Fake…` markers, events before
//! the start) become `#` comment lines, so the line count equals the
//! event count.

use crate::gbx::ghosts::InputEvent;
use std::fmt::Write as _;

/// Full steering in TMInterface (and TMF's analog axis).
pub const TMI_FULL_STEER: i64 = 65_536;
/// Full steering of TM2020's 0x0309201D streams (−127..127).
pub const TM2020_FULL_STEER: i64 = 127;

/// Quotes a CSV cell when it holds a comma, quote or line break.
fn csv_cell(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_owned()
    }
}

/// `time_ms,action,value` and one row per event, in order.
#[must_use]
pub fn inputs_csv(events: &[InputEvent]) -> String {
    let mut out = String::from("time_ms,action,value\n");
    for e in events {
        let _ = writeln!(out, "{},{},{}", e.time_ms, csv_cell(&e.name), e.value);
    }
    out
}

/// The TMInterface command of one event, or `None` when it has none.
/// `tm2020` scales analog values from ±127 to ±65536.
fn tmi_command(e: &InputEvent, tm2020: bool) -> Option<String> {
    let key = match e.name.as_str() {
        "Accelerate" => "up",
        "Brake" => "down",
        "SteerLeft" => "left",
        "SteerRight" => "right",
        "Respawn" => "enter",
        "Steer" | "Gas" | "AccelerateReal" | "BrakeReal" => {
            let v = i64::from(e.value);
            let v = if tm2020 {
                v * TMI_FULL_STEER / TM2020_FULL_STEER
            } else {
                v
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

/// The TMInterface-style script: one line per event (module docs).
/// `tm2020` says the events come from a 0x0309201D stream.
#[must_use]
pub fn inputs_script(events: &[InputEvent], tm2020: bool) -> String {
    let mut out = String::new();
    for e in events {
        match tmi_command(e, tm2020) {
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
