//! CGameCtnGhost (0x03092000) chunks added by the GBX.NET coverage audit,
//! kept apart from `ghost.rs`.
//!
//! Source: GBX.NET (BigBang1112/gbx-net)
//! `Src/GBX.NET/Engines/Game/CGameCtnGhost.chunkl` (commit
//! `0335bc09a665907dc78f77640a87cc76a7e1410d`). Left out there and here:
//! 0x01B, 0x01F, 0x021, 0x02B (marked "ignore": no public layout), 0x02D
//! (listed without fields), the TMCP chunk 0x0304F001 ("ignore") and
//! CGameGhost 0x0303F007 ("ignore"). All of them are skippable, so files holding them still read
//! to the end.

use super::{ChunkDef, chunk};
use crate::bytes::ReadError;
use crate::gbx::archive::Archive;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[chunk(
    0x0309_2027,
    Some("timed pixel arrays"),
    timed_pixel_arrays,
)];

/// `CClass[]`: a u32 count and noderefs.
fn node_array(a: &mut Archive<'_>, name: &'static str) -> Result<(), ReadError> {
    a.array(name, "node", 4, |a, _| a.noderef("node").map(|_| ()))
        .map(|_| ())
}

/// 0x03092027 skippable "timed pixel array" (GBX.NET CGameCtnGhost.chunkl):
/// version, CPlugTimedPixelArray nodes, from version 1 a u32 list, from
/// version 3 a second node list.
fn timed_pixel_arrays(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.u32("version")?;
    node_array(a, "timedPixelArrays")?;
    if v >= 1 {
        a.array("u01", "value", 4, |a, _| a.u32("value").map(|_| ()))?;
    }
    if v >= 3 {
        node_array(a, "timedPixelArrays2")?;
    }
    Ok(())
}
