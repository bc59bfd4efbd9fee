//! NPlugItemPlacement_SClass (0x09187000): how an item snaps and fills
//! along blocks (size group, alignment, patch layouts). A class without
//! chunks: one archive follows its class id.
//!
//! Layout: GBX.NET `Src/GBX.NET/Engines/Plug/NPlugItemPlacement_SClass.chunkl`
//! (`archive` and `PatchLayout`); gbx-py `src/gbx_structs.py`
//! (`body_chunks[0x09187000]`) agrees.

use crate::bytes::ReadError;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;

/// Class id of NPlugItemPlacement_SClass.
pub const CLASS_ID: u32 = 0x0918_7000;

/// Classes read as one archive (no chunks).
pub static ARCHIVE: &[ChunkDef] = &[chunk(CLASS_ID, Some("placement class"), placement_class)];

/// The archive: version, size group id, compatible group ids, three
/// alignment bools, the world direction, the patch layouts and the
/// current layout per group.
fn placement_class(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    a.lookback_field("sizeGroup")?;
    a.array("compatibleGroupsIds", "id", 4, |a, _| {
        a.lookback_field("id")
    })?;
    a.bool("alwaysUp")?;
    a.bool("alignToInterior")?;
    a.bool("alignToWorldDir")?;
    a.vec3("worldDir")?;
    a.array("patchLayouts", "layout", 36, |a, _| {
        a.u32("itemCount")?;
        a.f32("itemSpacing")?;
        a.u32("fillAlign")?;
        a.u32("fillDir")?;
        a.f32("normedPos")?;
        a.f32("u01")?;
        a.array("onlyOnGroups", "id", 4, |a, _| a.lookback_field("id"))?;
        a.f32("altitude")?;
        a.f32("u02").map(|_| ())
    })?;
    super::u32s(a, "groupCurPatchLayouts").map(|_| ())
}
