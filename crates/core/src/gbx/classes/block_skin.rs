//! CGameCtnBlockSkin (0x03059000): the skin (sign, flag) of a placed block
//! (seed 000 "Class descriptions"; 0x003 is the TM2020 secondary pack).

use super::{ChunkDef, chunk};
use crate::bytes::ReadError;
use crate::gbx::read::archive::Archive;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    chunk(0x0305_9000, None, skin_000),
    chunk(0x0305_9001, None, skin_001),
    chunk(0x0305_9002, None, skin_002),
    chunk(0x0305_9003, Some("TM2020"), skin_003),
];

fn skin_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.string("text")?;
    a.string("ignored").map(|_| ())
}

fn skin_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.string("text")?;
    a.fileref("packDesc")
}

fn skin_002(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.string("text")?;
    a.fileref("packDesc")?;
    a.fileref("parentPackDesc")
}

fn skin_003(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.version_u32("version")?;
    a.fileref("secondaryPackDesc")
}
