//! Placing a new anchored item in a ManiaPlanet or TM2020 map (issue 45,
//! "New free blocks and anchored items"; GBX.NET's `PlaceAnchoredObject`
//! does the same in code).
//!
//! The item is a new CGameCtnAnchoredObject node appended to the items of
//! 0x03043040: its class id, chunk 0x03101002 written from the declared
//! layout (`ANCHORED_OBJECT`, through [`encode_record`]), and the end
//! marker. The chunk's version is the one the map's items already use
//! (one version per map in the corpus), else [`DEFAULT_VERSION`]. Fields:
//! - `itemModel`: an item embedded in the map takes the ident 0x03043054
//!   lists for it (id: its path after `Items/`, with backslashes); a game
//!   item by name takes (name, the map's environment as 0x03043003 (or,
//!   without it, 0x0304301F) stores it, "Nadeo"), as GBX.NET's samples write `new Ident(name, 26,
//!   "Nadeo")`;
//! - `yawPitchRoll` in radians (given in degrees), `absolutePositionInMap`
//!   in metres, `blockUnitX/Y/Z` the block unit holding the position
//!   (metres divided by [`BLOCK_SIZE_M`], clamped to 0..=255);
//! - `anchorTreeId` empty, no waypoint property, flags 0, pivot (0, 0, 0),
//!   scale 1, the two unnamed vec3 of version 8 zero (GBX.NET's defaults).
//!
//! The item list's count, the snapping lists (the new item snaps on
//! nothing) and the TM2020 per-item chunks (default entries) follow
//! (`append_record`).

use crate::edit::embedded_items;
use crate::edit::layout_write::{LookbackText, Put, encode_record};
use crate::edit::records::append_record;
use crate::edit::{Edit, EditError, find_field_loc};
use crate::gbx::access::map_contents::BLOCK_SIZE_M;
use crate::gbx::classes::challenge::{
    CHUNK_ITEMS, FIELD_ABSOLUTE_POSITION, FIELD_ENVIRONMENT, FIELD_ITEMS, FIELD_MAP_INFO,
    FIELD_PITCH_YAW_ROLL,
};
use crate::gbx::classes::challenge_mp::items::{
    ANCHORED_OBJECT, ANCHORED_OBJECT_CLASS_ID, CHUNK_ANCHORED_OBJECT, FIELD_BLOCK_UNIT,
    FIELD_PIVOT_POSITION, FIELD_SCALE,
};
use crate::gbx::classes::decl::{FieldDecl, Gates, Ty};
use crate::gbx::read::role::Role;
use crate::gbx::{ChunkRef, ChunkStatus, Gbx};

/// The 0x03101002 version written when the map has no item to follow
/// (TM2020's, the highest the corpus holds).
pub const DEFAULT_VERSION: u32 = 8;

/// The end marker of a node's chunks (seed 000 "Reading the body").
const FACADE: u32 = 0xFACA_DE01;

/// An item to place.
#[derive(Debug, Clone, PartialEq)]
pub struct NewItem {
    /// An embedded item's path (`Items/A/B.Item.Gbx`, `A/B.Item.Gbx` or
    /// `A\B.Item.Gbx`) or a game item's name (`Flag8m`).
    pub path: String,
    /// Position in metres (x, y up, z).
    pub position_m: [f32; 3],
    /// Yaw, pitch, roll in degrees.
    pub yaw_pitch_roll_deg: [f32; 3],
}

/// The edit placing `item` after the map's last item.
///
/// # Errors
/// A position or angle that is not finite; a map without a decoded
/// 0x03043040 (not ManiaPlanet or TM2020); an empty path; what
/// `append_record` refuses.
pub fn place_item(gbx: &Gbx, item: &NewItem) -> Result<Edit, EditError> {
    let numbers = item.position_m.iter().chain(&item.yaw_pitch_roll_deg);
    if let Some(x) = numbers.into_iter().find(|x| !x.is_finite()) {
        return Err(EditError::Invalid(format!(
            "{x} is not a finite number (NaN, infinity, or beyond f32's range of ±3.4e38); \
             a position or angle must be finite"
        )));
    }
    if item.path.trim().is_empty() {
        return Err(EditError::Invalid("give the item's path or name".into()));
    }
    let (chunk, version) = items_chunk(gbx)?;
    let array = find_field_loc(gbx, chunk, FIELD_ITEMS)
        .ok_or_else(|| EditError::NotFound(format!("the items of chunk {CHUNK_ITEMS:#010x}")))?;
    let model = model_ident(gbx, &item.path)?;
    let ypr = item.yaw_pitch_roll_deg.map(f32::to_radians);
    let unit = [0, 1, 2].map(|k| {
        (item.position_m[k] / BLOCK_SIZE_M[k])
            .floor()
            .clamp(0.0, 255.0)
    });
    let value = |d: &FieldDecl| -> Option<Put> {
        let name = d.name;
        if let Some(k) = FIELD_BLOCK_UNIT.iter().position(|n| *n == name) {
            return Some(Put::Int(unit[k] as i64));
        }
        Some(match (d.ty, d.role) {
            (_, Role::Version) => Put::Int(i64::from(version)),
            (Ty::Meta(_), _) => Put::Meta(model.clone()),
            (Ty::Vec3, _) if name == FIELD_PITCH_YAW_ROLL => Put::Vec3(ypr),
            (Ty::Vec3, _) if name == FIELD_ABSOLUTE_POSITION => Put::Vec3(item.position_m),
            (Ty::Vec3, _) if name == FIELD_PIVOT_POSITION => Put::Vec3([0.0; 3]),
            (Ty::F32, _) if name == FIELD_SCALE => Put::F32(1.0),
            (Ty::Vec3, _) => Put::Vec3([0.0; 3]),
            (Ty::Lookback, _) => Put::Lookback(LookbackText::Empty),
            (Ty::NodeRef, _) => Put::NullNode,
            (Ty::U16 | Ty::U32, _) => Put::Int(0),
            _ => return None,
        })
    };
    let record = encode_record(&ANCHORED_OBJECT, Gates::default(), &value)?;
    let mut node = ANCHORED_OBJECT_CLASS_ID.to_le_bytes().to_vec();
    node.extend(CHUNK_ANCHORED_OBJECT.to_le_bytes());
    node.extend(record);
    node.extend(FACADE.to_le_bytes());
    let label = format!("place item {}", item.path);
    append_record(gbx, &array, node, &label)
}

/// The map's decoded items chunk and the anchored-object version its items
/// use (or [`DEFAULT_VERSION`]).
fn items_chunk(gbx: &Gbx) -> Result<(ChunkRef, u32), EditError> {
    let main = gbx
        .main_node()
        .ok_or_else(|| EditError::NotFound("the map node".into()))?;
    let ci = main
        .chunks
        .iter()
        .position(|c| c.id == CHUNK_ITEMS)
        .ok_or_else(|| {
            EditError::Invalid(format!(
                "this map has no items chunk {CHUNK_ITEMS:#010x}: items are placed in ManiaPlanet \
             and TM2020 maps"
            ))
        })?;
    if main.chunks[ci].status != ChunkStatus::Decoded {
        return Err(EditError::Invalid(format!(
            "the items chunk {CHUNK_ITEMS:#010x} was not decoded: no item can be added"
        )));
    }
    let version = gbx
        .nodes
        .iter()
        .flat_map(|n| &n.chunks)
        .filter(|c| c.id == CHUNK_ANCHORED_OBJECT && c.status == ChunkStatus::Decoded)
        .filter_map(|c| {
            gbx.chunk_fields(c)
                .iter()
                .find(|f| f.role() == Role::Version)?
                .int()
        })
        .max()
        .map_or(DEFAULT_VERSION, |v| v as u32);
    Ok((ChunkRef::Body { node: 0, chunk: ci }, version))
}

/// The item model ident of `path`: the embedded item's ident, or a game
/// item's (see the module docs).
fn model_ident(gbx: &Gbx, path: &str) -> Result<[LookbackText; 3], EditError> {
    let id = embedded_items::ident_id(path);
    let embedded = embedded_items::item_idents(gbx).unwrap_or_default();
    if let Some(ident) = embedded
        .into_iter()
        .find(|i| i[0] == LookbackText::Text(id.clone()))
    {
        return Ok(ident);
    }
    if path.to_ascii_lowercase().ends_with(".item.gbx") {
        return Err(EditError::Invalid(format!(
            "{path}: no such item is embedded in the map (trackbench items add embeds one)"
        )));
    }
    let body = gbx.main_node().map_or(&[][..], |n| &n.chunks[..]);
    let environment = gbx
        .header
        .chunks
        .iter()
        .chain(body)
        .find_map(|c| {
            let info = gbx.chunk_fields(c).child(FIELD_MAP_INFO)?;
            LookbackText::of(info.child(FIELD_ENVIRONMENT)?)
        })
        .ok_or_else(|| {
            EditError::Invalid(format!(
                "{path}: the map stores no environment (0x03043003, 0x0304301F) for a game \
                 item's ident; name an embedded item"
            ))
        })?;
    Ok([
        LookbackText::Text(path.to_string()),
        environment,
        LookbackText::Text("Nadeo".into()),
    ])
}
