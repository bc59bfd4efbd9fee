//! The validation record of CGameCtnGhost (0x03092011, 0x019, 0x025): the
//! control names, the control entries (the inputs of a TMU/TMF run) and
//! the executable that drove it. Seed 000 "CGameCtnGhost (03 092 000)"
//! 0x03092019; 0x011 and the 0x025 version rule from GBX.NET
//! `CGameCtnGhost.cs` (Chunk03092011, Chunk03092025).
//!
//! The control entries (9 bytes each; tens of thousands in a long run) are
//! a deferred list (issue 32): the parse counts their records from the
//! index bytes and steps over them; `Gbx::table` reads them again when
//! someone asks for every field, and `access::ghosts` reads the inputs
//! straight from the bytes.

use crate::bytes::{ByteRange, ReadError};
use crate::gbx::read::archive::{Archive, Replay};
use crate::gbx::read::role::Role;
use crate::gbx::read::table::Kind;

/// Validation record: the stored number of input entries.
pub const FIELD_NUM_CONTROL_ENTRIES: &str = "numControlEntries";
/// Validation record: one input entry (group).
pub const FIELD_ENTRY: &str = "entry";
/// Input entry: stored time (ms + 100000).
pub const FIELD_ENTRY_TIME: &str = "time";
/// Input entry: 1 press, 0 release, or the analog value.
pub const FIELD_ENTRY_ONOFF: &str = "onoff";
/// Input entry: the control name the entry's index points at.
pub const FIELD_ENTRY_CONTROL_NAME: &str = "controlName";
/// Game version string of the validation record (0x011/0x019/0x025).
pub const FIELD_GAME_VERSION: &str = "validate_ExeVersion";
/// Executable checksum of the validation record.
pub const FIELD_EXE_CHECKSUM: &str = "validate_ExeChecksum";
/// The group of the control names (one lookback string each).
pub const FIELD_CONTROL_NAMES: &str = "controlNames";
/// One control name (a lookback string) in [`FIELD_CONTROL_NAMES`].
pub const FIELD_CONTROL_NAME: &str = "controlName";
/// The group of the control entries ([`FIELD_ENTRY`] each).
pub const FIELD_CONTROL_ENTRIES: &str = "controlEntries";
/// An entry's index into the control names (u8).
pub const FIELD_ENTRY_NAME_INDEX: &str = "controlNameIndex";
/// Bytes of one control entry: time (u32), name index (u8), data (u32).
pub const ENTRY_BYTES: u32 = 9;

/// The names an entry's records have (see [`Replay::names`]).
static ENTRY_NAMES: [&str; 5] = [
    FIELD_ENTRY,
    FIELD_ENTRY_TIME,
    FIELD_ENTRY_NAME_INDEX,
    FIELD_ENTRY_CONTROL_NAME,
    FIELD_ENTRY_ONOFF,
];

/// No text for a control name (see [`control_entry`]).
const NO_TEXT: u32 = u32::MAX;

/// The validation record shared by 0x011, 0x019 and 0x025: events duration
/// (0 ends it unless `always`), the control names and entries, then the
/// executable and race settings. Returns whether the record went on after
/// the duration.
///
/// # Errors
/// At the end of data, or for impossible counts.
pub(super) fn validation(a: &mut Archive<'_>, always: bool) -> Result<bool, ReadError> {
    let duration = a.time_ms("eventsDuration")?;
    if duration == 0 && !always {
        return Ok(false);
    }
    // GBX.NET `Chunk03092011` U01 (CInputEventsStore::Archive, "always 0
    // now"), as the replay's 0x0309300D names it.
    a.u32("u01")?;
    let names_count = a.count_u32("numControlNames")?;
    a.r.check_count("numControlNames", u64::from(names_count), 4, 1 << 16)?;
    // Where each control name's text was recorded (NO_TEXT: no text).
    let group = a.mark();
    let mut names: Vec<u32> = Vec::new();
    a.group(FIELD_CONTROL_NAMES, None, |a| {
        for i in 0..names_count {
            let text = a.lookback_bytes(FIELD_CONTROL_NAME)?;
            a.set_last_index(i);
            names.push(text.map_or(NO_TEXT, |_| a.mark() - 1));
        }
        Ok(())
    })?;
    let entries = a.count_u32(FIELD_NUM_CONTROL_ENTRIES)?;
    a.u32("u02")?;
    a.r.check_count("numControlEntries", u64::from(entries), 9, 10_000_000)?;
    control_entries(a, entries, group, &mut names)?;
    a.string(FIELD_GAME_VERSION)?;
    a.hex(FIELD_EXE_CHECKSUM)?;
    a.role(Role::Checksum);
    a.u32("validate_OsKind")?;
    a.u32("validate_CpuKind")?;
    a.string("validate_RaceSettings")?;
    Ok(true)
}

/// The `count` control entries, deferred: their records are counted from
/// the bytes (4 each, 5 when the index names a control name with text).
fn control_entries(
    a: &mut Archive<'_>,
    count: u32,
    names_group: u32,
    names: &mut Vec<u32>,
) -> Result<(), ReadError> {
    let replay = Replay {
        element: control_entry,
        args: [names_group, 0],
        item: FIELD_ENTRY,
        fixed: None,
        names: Some(&ENTRY_NAMES),
    };
    let records = entry_records(a.r.rest(), count, names);
    a.counted_list(
        FIELD_CONTROL_ENTRIES,
        count,
        replay,
        names,
        (ENTRY_BYTES, records),
    )
}

/// The entries in `bytes` (whole ones only), each as stored: time (ms +
/// 100000), control name index and data (the layout [`control_entry`]
/// reads).
pub(crate) fn entries(bytes: &[u8]) -> impl Iterator<Item = (u32, u8, u32)> + '_ {
    bytes.chunks_exact(ENTRY_BYTES as usize).map(|e| {
        let word = |at: usize| u32::from_le_bytes([e[at], e[at + 1], e[at + 2], e[at + 3]]);
        (word(0), e[4], word(5))
    })
}

/// The records of `count` entries at the start of `bytes` (their groups
/// included), when the bytes hold them all (else 0: not used).
fn entry_records(bytes: &[u8], count: u32, names: &[u32]) -> u32 {
    let len = u64::from(count) * u64::from(ENTRY_BYTES);
    let Some(bytes) = usize::try_from(len).ok().and_then(|n| bytes.get(..n)) else {
        return 0;
    };
    entries(bytes)
        .map(|(_, index, _)| {
            let named = names
                .get(usize::from(index))
                .is_some_and(|&at| at != NO_TEXT);
            4 + u32::from(named)
        })
        .sum()
}

/// One control entry (inside its group): time, name index (with the
/// name's text when it has one) and data. `names` holds where each
/// control name was recorded; empty on a replay, when it is found again
/// from the names group (`replay.args[0]`).
fn control_entry(
    a: &mut Archive<'_>,
    replay: &Replay,
    _index: u32,
    names: &mut Vec<u32>,
) -> Result<(), ReadError> {
    if names.is_empty() {
        *names = recorded_names(a, replay.args[0]);
    }
    a.u32(FIELD_ENTRY_TIME)?;
    let start = a.r.pos_abs();
    let index = a.u8(FIELD_ENTRY_NAME_INDEX)?;
    if let Some(&name) = names.get(usize::from(index))
        && name != NO_TEXT
    {
        a.push_text_of(
            FIELD_ENTRY_CONTROL_NAME,
            ByteRange::new(start, start + 1),
            name,
        );
    }
    a.u32(FIELD_ENTRY_ONOFF)?;
    Ok(())
}

/// Where each control name of the names group at `group` was recorded
/// ([`NO_TEXT`] for a name without text: a number, -1 or a dangling
/// back-reference), as [`validation`] noted them.
fn recorded_names(a: &Archive<'_>, group: u32) -> Vec<u32> {
    let table = a.table();
    let Some(end) = table.rec(group).map(|r| r.next) else {
        return Vec::new();
    };
    let mut names = Vec::new();
    let mut at = group.saturating_add(1);
    while at < end {
        let Some(r) = table.rec(at) else { break };
        if table.name(r.name) == FIELD_CONTROL_NAME {
            let text = matches!(r.kind, Kind::LbNew | Kind::LbRef);
            names.push(if text { at } else { NO_TEXT });
        }
        at = r.next.max(at.saturating_add(1));
    }
    names
}
