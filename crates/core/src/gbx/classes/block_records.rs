//! The block records of CGameCtnChallenge 0x03043013, 0x0304301F and the
//! baked blocks of 0x03043048: one `CGameCtnBlock` archive per stored block
//! (GBX.NET `CGameCtnBlock.chunkl`, section `archive`; the count and the
//! record version from `CGameCtnChallenge.cs`, `Chunk0304301F.Read` and
//! `Chunk03043048.Read`).
//!
//! A record: block name (lookback string), direction (byte), coordinate
//! (byte3), flags (u16 at record version 0, u32 from 1); with flag bit 15 the
//! author (lookback) and a skin (CGameCtnBlockSkin noderef); from record
//! version 2, in this order: bit 19 a CPlugCharPhySpecialProperty noderef,
//! bit 20 a CGameWaypointSpecialProperty noderef, bit 18 a list of
//! square-card event ids (int, int, list of idents), bit 17 a decal: id
//! (lookback), intensity (int, default 1) and variant (int, default -1).
//!
//! Exactly the stored count of records is read. A record whose flags are
//! 0xFFFFFFFF ends after its flags (seed 000 "CGameCtnChallenge" Notes:
//! TMUnlimiter writes its "required to load" message as such a record).
//! In a map's own block list (0x013, 0x01F, whose caller gives the map's
//! `size`), a direction above 3 (the four of seed 003 "Direction": north,
//! east, south, west) or a coordinate past the size (one equal to it occurs
//! in real maps) is noted as damage
//! ([`Archive::note_damage`]; issue 43, finding 7): one flipped byte there
//! would otherwise read as a real block. The baked blocks of 0x048 (the
//! size from the node's 0x01F) are checked more loosely, as the corpus
//! shows them: their direction byte holds 4 and 6 too, only in the
//! `Pylons*` blocks (PylonsArena, PylonsHighway, PylonsReffinery,
//! PylonsRoadRace: 873 of the corpus's 159,126 baked blocks; GBX.NET's
//! `Direction` names only 0 to 3 and gives these no meaning), so a
//! direction above 7 is damage; their coordinates go one past the size
//! (the stadium's outer walls and canopies at x or z = size + 1 as
//! stored), so a coordinate above size + 1 is damage.
//!
//! When more records follow the counted ones (the next u32 looks like a
//! lookback string, which no chunk id does), they are read into
//! [`FIELD_EXTRA_RECORDS`] so the next chunk is found, shown, and reported
//! as a problem by the parse ([`crate::gbx::completeness::record_problems`]).

use super::block_common::{common_record, more_than_head};
use super::challenge::{
    FIELD_BLOCK, FIELD_BLOCK_AUTHOR, FIELD_BLOCK_COORD, FIELD_BLOCK_DECAL_ID,
    FIELD_BLOCK_DECAL_INTENSITY, FIELD_BLOCK_DECAL_VARIANT, FIELD_BLOCK_DIRECTION,
    FIELD_BLOCK_FLAGS, FIELD_BLOCK_NAME, FIELD_BLOCK_PHY_PROPERTY, FIELD_BLOCK_SKIN,
    FIELD_BLOCK_SQUARE_CARD_EVENTS, FIELD_BLOCK_WAYPOINT, FIELD_EXTRA_RECORDS,
};
use super::decl::{FieldDecl, Gates, Layout, decl_field, read_field};
use crate::bytes::ReadError;
use crate::bytes::push::push_reserved;
use crate::gbx::read::archive::{Archive, Replay};
use crate::gbx::read::lookback::LookbackState;
use crate::gbx::read::node::FACADE;
use crate::gbx::read::table::sat32;
use crate::gbx::read::typed_blocks::{TypedBlock, TypedBlockList, TypedDecal, TypedRecord};

pub use super::block_common::{
    FLAG_DECAL, FLAG_PHY_PROPERTY, FLAG_SKIN, FLAG_SQUARE_CARD_EVENTS, FLAG_WAYPOINT,
};

/// Smallest record: lookback (4), direction (1), coordinate (3), u16 flags.
const MIN_RECORD_BYTES: u64 = 10;

const X: &str = FIELD_BLOCK_COORD[0];
const Y: &str = FIELD_BLOCK_COORD[1];
const Z: &str = FIELD_BLOCK_COORD[2];

/// The head of a block record, the fields every record stores, gated by
/// the record version (the block list's: 0 for 0x013 and 0x01F version 0,
/// whose flags are a u16; GBX.NET `CGameCtnBlock.chunkl` section
/// `archive`, `Chunk0304301F.Read`). The reader reads it with the record
/// version as the gates' version ([`head_gates`]); the editor writes a new
/// record from it (`edit::layout_write`). What follows the flags
/// (author and skin with bit 15, the version-2 properties) stays code: a
/// record with flags 0xFFFFFFFF ends after them, and the version-2 fields
/// need both a version and a flag bit.
pub static BLOCK_RECORD_HEAD: Layout = Layout {
    fields: &HEAD,
    source: "GBX.NET CGameCtnBlock.chunkl archive; Chunk0304301F.Read (u16 flags before version 1)",
};

/// The fields of [`BLOCK_RECORD_HEAD`] as a constant: [`read_head`] reads
/// each through `decl::read_field` with a constant field, whose type and
/// gate matches then fold away (as in the decoders `layout!` generates).
const HEAD: [FieldDecl; 7] = [
    decl_field!(lookback FIELD_BLOCK_NAME),
    decl_field!(u8 FIELD_BLOCK_DIRECTION),
    decl_field!(u8 X),
    decl_field!(u8 Y),
    decl_field!(u8 Z),
    decl_field!(u16 FIELD_BLOCK_FLAGS as Flags if Before(1)),
    decl_field!(hex FIELD_BLOCK_FLAGS as Flags if Since(1)),
];

/// Reads a record head of record version `version` ([`HEAD`], field by
/// field; the direction and coordinate bytes in one go, `Archive::u8s`, as
/// the hand-written reader did): the flags, the four placement bytes
/// (direction, x, y, z) and where they start (body offset). Called once per
/// block of every block list.
#[inline(always)]
fn read_head(a: &mut Archive<'_>, version: u32) -> Result<(u32, [u8; 4], u64), ReadError> {
    let mut st = head_gates(version);
    read_field(a, &mut st, &HEAD[0])?;
    let at = a.r.pos_abs();
    let placement = a.u8s([HEAD[1].name, HEAD[2].name, HEAD[3].name, HEAD[4].name])?;
    read_field(a, &mut st, &HEAD[5])?;
    read_field(a, &mut st, &HEAD[6])?;
    Ok((st.flags, placement, at))
}

/// The gates a block record of record version `version` is read and
/// written with: the record version as the version.
#[must_use]
pub fn head_gates(version: u32) -> Gates {
    Gates {
        version,
        versioned: true,
        ..Gates::default()
    }
}

/// Reads `count` block records of record version `version` as the group
/// `name` (`challenge::FIELD_BLOCKS`, or 0x048's `FIELD_BAKED_BLOCKS`), then any
/// extra records as [`FIELD_EXTRA_RECORDS`].
///
/// # Errors
/// An impossible count for the data left, or a record that runs past the
/// data.
pub(super) fn block_list(
    a: &mut Archive<'_>,
    name: &'static str,
    version: u32,
    count: u32,
    bounds: Bounds,
) -> Result<(), ReadError> {
    a.r.check_count(
        name,
        u64::from(count),
        MIN_RECORD_BYTES,
        u64::from(u32::MAX),
    )?;
    // The flags of every counted record (0 for one that stopped before its
    // flags), kept for the chunks that need them (0x05F, 0x06x): they would
    // otherwise walk every block's records again.
    let group = a.mark();
    let mut flags = Vec::with_capacity(count as usize);
    // Deferred (issue 32): the records are read again from the body when
    // someone asks for them, not stored during the parse.
    let bounds = pack_bounds(bounds);
    let read = if a.hands_out_typed() {
        typed_list(a, name, [version, bounds], count, &mut flags, true)
    } else if a.is_walking() {
        // A narrow walk records nothing: the plain records are stepped
        // over as they are read typed, nothing handed out.
        typed_list(a, name, [version, bounds], count, &mut flags, false)
    } else {
        let replay = Replay {
            element: record,
            args: [version, bounds],
            item: FIELD_BLOCK,
            fixed: None,
            names: None,
        };
        a.deferred_list(name, count, replay, &mut flags)
    };
    a.keep_values(group, flags);
    read?;
    if looks_like_record(a) {
        a.group(FIELD_EXTRA_RECORDS, None, |a| {
            let mut i = 0;
            while looks_like_record(a) {
                a.group(FIELD_BLOCK, Some(i), |a| block(a, version, bounds, &mut 0))?;
                i += 1;
            }
            Ok(())
        })?;
    }
    Ok(())
}

/// One counted record of record version `args[0]` in a map of the size
/// packed in `args[1]` ([`pack_bounds`]); its flags go to `flags` (0 for a
/// record that stopped before them).
fn record(a: &mut Archive<'_>, r: &Replay, _: u32, flags: &mut Vec<u32>) -> Result<(), ReadError> {
    let mut f = 0;
    let read = block(a, r.args[0], r.args[1], &mut f);
    flags.push(f);
    read
}

/// True when records of record version `version` store their flags as a
/// u16 ([`HEAD`]'s gate for its u16 flags).
#[inline(always)]
fn flags_are_u16(version: u32) -> bool {
    HEAD[5].gate.admits(&head_gates(version))
}

/// The `count` records of a list read typed (`read::typed_blocks`, a
/// narrow parse asking for them): runs of common records
/// ([`common_record`]) are stepped over and handed out as
/// [`TypedRecord::Run`]s, to be read again from the body when asked for;
/// any other plain record (its head only) is handed out as a
/// [`TypedBlock`]; any other is read again from its start and recorded
/// under the group `name` as a full parse records it. `args`: the record
/// version and the packed bounds, as [`record`]'s. The flags of every
/// record go to `flags`. With `hand_out` false (a narrow walk, the table
/// quiet) the records are only read to the list's end.
fn typed_list(
    a: &mut Archive<'_>,
    name: &'static str,
    [version, bounds]: [u32; 2],
    count: u32,
    flags: &mut Vec<u32>,
    hand_out: bool,
) -> Result<(), ReadError> {
    let mut records = Vec::new();
    let read = a.group(name, None, |a| {
        let mut i = 0;
        while i < count {
            // The common records in a tight loop, then the next one (if
            // any) by the general path below.
            let start = sat32(a.r.pos_abs());
            let run = plain_run(a, version, bounds, count - i, flags);
            if run > 0 && hand_out {
                records.push(TypedRecord::Run { start, count: run });
            }
            i += run;
            if i == count {
                break;
            }
            let index = i;
            i += 1;
            let mark = a.typed_mark();
            let start = a.r.pos_abs();
            // Any other plain record (a new name string, u16 flags, a
            // placement out of bounds, whose damage is noted here).
            if let Some((t, at)) = typed_head(a, version, start) {
                if t.flags != u32::MAX {
                    check_placement(a, t.placement, bounds, at);
                }
                flags.push(t.flags);
                if hand_out {
                    records.push(TypedRecord::Typed(t));
                }
                continue;
            }
            a.typed_rewind(mark);
            if hand_out {
                records.push(TypedRecord::Recorded);
            }
            let mut f = 0;
            let read = a.group(FIELD_BLOCK, Some(index), |a| {
                block(a, version, bounds, &mut f)
            });
            flags.push(f);
            read?;
        }
        Ok(())
    });
    if hand_out {
        let runs = records.iter().any(|r| matches!(r, TypedRecord::Run { .. }));
        a.hand_out_blocks(TypedBlockList {
            node: a.current_node.unwrap_or(0),
            chunk_id: a.chunk_id,
            version,
            // What the runs' names refer back to (nothing without a run).
            strings: if runs { a.lookback_table() } else { Vec::new() },
            records,
        });
    }
    read
}

/// Steps over the common records from here on ([`common_record`]), at most
/// `max`, as many as follow in a row: record version 1+, a name that
/// refers back to a string already read, the placement within the packed
/// `bounds`, and a decal (if any) whose id refers back too. Their flags go
/// to `flags`; returns how many were read. The first record that is not
/// one of them is left to [`typed_head`] and the general path (which note
/// the damage of a placement out of bounds).
///
/// One tight loop over the bytes, the reader moved once at its end: read
/// one at a time through the archive, such a record took 146
/// instructions (callgrind, BENCHMARKS.md session 46h).
fn plain_run(
    a: &mut Archive<'_>,
    version: u32,
    bounds: u32,
    max: u32,
    flags: &mut Vec<u32>,
) -> u32 {
    if flags_are_u16(version) {
        return 0;
    }
    let more = more_than_head(version);
    let rest = a.r.rest();
    // A run reads no new string: what its words may refer back to is fixed.
    let known = a.lookback_known();
    let refers_back = |w| LookbackState::refers_back(w, known);
    let (mut off, mut n) = (0usize, 0u32);
    while n < max {
        let Some(r) = rest.get(off..).and_then(|b| common_record(b, more)) else {
            break;
        };
        if r.flags != u32::MAX && out_of_bounds(r.placement_bytes(), bounds) {
            break;
        }
        if !refers_back(r.name) || r.decal.is_some_and(|[id, ..]| !refers_back(id)) {
            break;
        }
        push_reserved(flags, r.flags);
        off += r.len as usize;
        n += 1;
    }
    // The bytes were there: the skip succeeds.
    let _ = a.r.skip(off);
    n
}

/// A plain record read typed ([`HEAD`]'s fields: the name, the four
/// placement bytes, the flags by record version; then a decal, as
/// [`block`] reads it), from `start`, and
/// where its placement bytes are; `None` when the record is not plain (see
/// `read::typed_blocks`).
fn typed_head(a: &mut Archive<'_>, version: u32, start: u64) -> Option<(TypedBlock, u64)> {
    let name = a.typed_lookback()?;
    let at = a.r.pos_abs();
    let placement = a.r.array::<4>().ok()?;
    let flags = if flags_are_u16(version) {
        u32::from(a.r.u16().ok()?)
    } else {
        a.r.u32().ok()?
    };
    let more = if flags == u32::MAX {
        0
    } else {
        flags & more_than_head(version)
    };
    let decal = match more {
        0 => None,
        FLAG_DECAL => Some(TypedDecal {
            id: a.typed_lookback()?,
            intensity: a.r.i32().ok()?,
            variant: a.r.i32().ok()?,
        }),
        _ => return None,
    };
    Some((
        TypedBlock {
            name,
            placement,
            flags,
            decal,
            span: span(start, a.r.pos_abs()),
        },
        at,
    ))
}

/// A typed record's span (body space: a body's size is a u32).
#[inline(always)]
fn span(start: u64, end: u64) -> [u32; 2] {
    [sat32(start), sat32(end)]
}

/// True when the next u32 has bit 30 or 31 set (a lookback string) and is
/// not the node end 0xFACADE01: chunk ids and the counts after a block list
/// never do.
fn looks_like_record(a: &Archive<'_>) -> bool {
    a.r.peek_u32()
        .is_ok_and(|next| next & 0xC000_0000 != 0 && next != FACADE)
}

/// What the placement bytes of a block list are checked against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Bounds {
    /// Nothing (the size is unknown).
    None,
    /// The map's own blocks (0x013, 0x01F) in a map of this size: direction
    /// 0 to 3, coordinates up to the size.
    Own([u32; 3]),
    /// The baked blocks (0x048) of a map of this size: direction 0 to 7,
    /// coordinates up to the size + 1 (see the module docs).
    Baked([u32; 3]),
}

/// [`Bounds`] packed into one [`Replay`] argument: the highest direction
/// and the highest x, y and z, one byte each from the top; 0 (no check)
/// for [`Bounds::None`] or a bound above 255 (no u8 lies outside it).
fn pack_bounds(bounds: Bounds) -> u32 {
    let (max_dir, [x, y, z]) = match bounds {
        Bounds::None => return 0,
        Bounds::Own(size) => (3, size),
        Bounds::Baked(size) => (7, size.map(|s| s.saturating_add(1))),
    };
    if x.max(y).max(z) > 255 {
        return 0;
    }
    max_dir << 24 | z << 16 | y << 8 | x
}

/// Notes a direction or a coordinate past the packed `bounds`
/// ([`pack_bounds`]; nothing is checked without them) of the record whose
/// direction is at `at` (not for the marker record whose flags are
/// 0xFFFFFFFF: its other bytes are the marker's). A block may stand on the
/// far border (x = size.x: the stadium's outer pieces in TM2020 and
/// ManiaPlanet maps of the corpus). The test is in line (once per block of
/// every block list); the note out of line.
#[inline(always)]
fn check_placement(a: &mut Archive<'_>, placement: [u8; 4], bounds: u32, at: u64) {
    if out_of_bounds(placement, bounds) {
        note_placement(a, placement, bounds, at);
    }
}

/// True when a direction or a coordinate of `placement` (direction, x, y,
/// z) lies past the packed `bounds` ([`pack_bounds`]; never without them).
#[inline(always)]
fn out_of_bounds([dir, x, y, z]: [u8; 4], bounds: u32) -> bool {
    let [max_x, max_y, max_z, max_dir] = bounds.to_le_bytes();
    max_dir != 0 && (dir > max_dir || x > max_x || y > max_y || z > max_z)
}

/// The damage notes of [`check_placement`].
#[cold]
#[inline(never)]
fn note_placement(a: &mut Archive<'_>, [dir, x, y, z]: [u8; 4], bounds: u32, at: u64) {
    let [max_x, max_y, max_z, max_dir] = bounds.to_le_bytes();
    if dir > max_dir {
        a.note_damage(&format!("block direction {dir} (0 to {max_dir})"), at);
    }
    if x > max_x || y > max_y || z > max_z {
        a.note_damage(
            &format!(
                "block coordinate ({x}, {y}, {z}) past ({max_x}, {max_y}, {max_z}), what the \
                 map's size allows"
            ),
            at + 1,
        );
    }
}

/// One record; see the module docs. Its flags (as a u32) go to
/// `flags_out` as soon as they are read (they stay as given when the record
/// stops before them).
fn block(
    a: &mut Archive<'_>,
    version: u32,
    bounds: u32,
    flags_out: &mut u32,
) -> Result<(), ReadError> {
    let (flags, placement, at) = read_head(a, version)?;
    *flags_out = flags;
    if flags == u32::MAX {
        return Ok(());
    }
    check_placement(a, placement, bounds, at);
    if flags & FLAG_SKIN != 0 {
        a.lookback_field(FIELD_BLOCK_AUTHOR)?;
        a.noderef(FIELD_BLOCK_SKIN)?;
    }
    if version < 2 {
        return Ok(());
    }
    if flags & FLAG_PHY_PROPERTY != 0 {
        a.noderef(FIELD_BLOCK_PHY_PROPERTY)?;
    }
    if flags & FLAG_WAYPOINT != 0 {
        a.noderef(FIELD_BLOCK_WAYPOINT)?;
    }
    if flags & FLAG_SQUARE_CARD_EVENTS != 0 {
        a.array(FIELD_BLOCK_SQUARE_CARD_EVENTS, "eventIds", 12, |a, _| {
            a.i32("u01")?;
            a.i32("u02")?;
            a.array("ids", "id", 12, |a, _| {
                a.meta("ident", ["id", "collection", "author"])
            })
            .map(|_| ())
        })?;
    }
    if flags & FLAG_DECAL != 0 {
        a.lookback_field(FIELD_BLOCK_DECAL_ID)?;
        a.i32(FIELD_BLOCK_DECAL_INTENSITY)?;
        a.i32(FIELD_BLOCK_DECAL_VARIANT)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytes::ByteReader;
    use crate::gbx::classes::challenge::FIELD_BLOCKS;
    use crate::gbx::classes::decoders;
    use crate::gbx::read::field::Value;
    use std::collections::HashMap;

    /// `read_head` reads the head in this order and shape (a name, four
    /// plain bytes, then the flags by record version): the declaration
    /// must keep it, or the reader and the writer part.
    #[test]
    fn the_head_reader_follows_the_declared_shape() {
        use super::super::decl::{Gate, Ty};
        use crate::gbx::read::role::Role;
        let shape: Vec<_> = BLOCK_RECORD_HEAD
            .fields
            .iter()
            .map(|d| (d.ty, d.role, d.gate))
            .collect();
        let byte = (Ty::U8, Role::Value, Gate::Always);
        assert_eq!(
            shape,
            [
                (Ty::Lookback, Role::Value, Gate::Always),
                byte,
                byte,
                byte,
                byte,
                (Ty::U16, Role::Flags, Gate::Before(1)),
                (Ty::Hex, Role::Flags, Gate::Since(1)),
            ]
        );
    }

    /// A new lookback string (index 0x40000000, length, bytes).
    fn new_id(out: &mut Vec<u8>, s: &str) {
        out.extend(0x4000_0000u32.to_le_bytes());
        out.extend((s.len() as u32).to_le_bytes());
        out.extend(s.as_bytes());
    }

    fn record(out: &mut Vec<u8>, name: &str, flags: u32) {
        new_id(out, name);
        out.extend([1, 2, 3, 4]);
        out.extend(flags.to_le_bytes());
    }

    /// Parses `records` (after the lookback version 3) as `count` records of
    /// version 6; returns the archive's top-level field names and values.
    fn read(records: &[u8], count: u32) -> (Vec<String>, Vec<(String, String)>) {
        let mut data = 3u32.to_le_bytes().to_vec();
        data.extend(records);
        data.extend(0x0304_3022u32.to_le_bytes());
        // The version u32 is read with the first lookback string.
        let mut a = Archive::new(
            ByteReader::new(&data, 0, "body"),
            HashMap::new(),
            decoders(),
        );
        block_list(&mut a, FIELD_BLOCKS, 6, count, Bounds::None).unwrap();
        assert_eq!(
            a.r.peek_u32().unwrap(),
            0x0304_3022,
            "stops at the next chunk"
        );
        let all = a.fields_since(0);
        let top = all.iter().map(|f| f.name().to_string()).collect();
        let mut leaves = Vec::new();
        for g in all.iter() {
            for b in g.children().iter() {
                for f in b.children().iter() {
                    leaves.push((f.name().to_string(), f.value().display()));
                }
            }
        }
        (top, leaves)
    }

    #[test]
    fn a_decal_is_part_of_the_block_it_follows() {
        let mut bytes = Vec::new();
        record(&mut bytes, "Grass", 0x0002_1000);
        new_id(&mut bytes, "Unassigned1");
        bytes.extend(1i32.to_le_bytes());
        bytes.extend((-1i32).to_le_bytes());
        record(&mut bytes, "Road", 0x1000);
        let (top, leaves) = read(&bytes, 2);
        assert_eq!(top, [FIELD_BLOCKS]);
        let value = |n: &str| {
            leaves
                .iter()
                .find(|(k, _)| k == n)
                .map(|(_, v)| v.clone())
                .unwrap()
        };
        assert!(value(FIELD_BLOCK_DECAL_ID).contains("Unassigned1"));
        assert_eq!(value(FIELD_BLOCK_DECAL_INTENSITY), "1");
        assert_eq!(value(FIELD_BLOCK_DECAL_VARIANT), "-1");
        let names = leaves.iter().filter(|(k, _)| k == FIELD_BLOCK_NAME).count();
        assert_eq!(names, 2);
    }

    #[test]
    fn square_card_events_are_read_before_the_decal() {
        let mut bytes = Vec::new();
        record(&mut bytes, "Card", FLAG_SQUARE_CARD_EVENTS | FLAG_DECAL);
        bytes.extend(1u32.to_le_bytes()); // one entry
        bytes.extend(7i32.to_le_bytes());
        bytes.extend(8i32.to_le_bytes());
        bytes.extend(0u32.to_le_bytes()); // no idents
        new_id(&mut bytes, "Decal");
        bytes.extend(2i32.to_le_bytes());
        bytes.extend(5i32.to_le_bytes());
        let (top, leaves) = read(&bytes, 1);
        assert_eq!(top, [FIELD_BLOCKS]);
        assert!(
            leaves
                .iter()
                .any(|(k, v)| k == FIELD_BLOCK_DECAL_VARIANT && v == "5")
        );
    }

    #[test]
    fn records_after_the_count_are_kept_apart() {
        let mut bytes = Vec::new();
        record(&mut bytes, "Road", 0x1000);
        record(&mut bytes, "Extra", 0x1000);
        record(&mut bytes, "Marker", u32::MAX);
        let (top, _) = read(&bytes, 1);
        assert_eq!(top, [FIELD_BLOCKS, FIELD_EXTRA_RECORDS]);
        let mut a_data = 3u32.to_le_bytes().to_vec();
        a_data.extend(&bytes);
        let mut a = Archive::new(
            ByteReader::new(&a_data, 0, "body"),
            HashMap::new(),
            decoders(),
        );
        block_list(&mut a, FIELD_BLOCKS, 6, 1, Bounds::None).unwrap();
        let extra = a.fields_since(0).child(FIELD_EXTRA_RECORDS).unwrap();
        assert_eq!(extra.children().len(), 2);
        assert!(matches!(
            extra
                .children()
                .get(1)
                .unwrap()
                .children()
                .child(FIELD_BLOCK_FLAGS)
                .unwrap()
                .value(),
            Value::Hex(u32::MAX)
        ));
    }
}
