//! CGameCtnBlockSkin (0x03059000): the skin (sign, flag) of a placed block
//! (seed 000 "Class descriptions"; 0x003 is the TM2020 secondary pack).

use super::ChunkDef;
use crate::gbx::classes::decl::layout;
use crate::gbx::classes::declared;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    declared(0x0305_9000, None, &SKIN_000),
    declared(0x0305_9001, None, &SKIN_001),
    declared(0x0305_9002, None, &SKIN_002),
    declared(0x0305_9003, Some("TM2020"), &SKIN_003),
];

layout! {
    fn skin_000 => SKIN_000, "GBX.NET CGameCtnBlockSkin.chunkl 0x000" {
        string "text";
        string "ignored";
    }
}

layout! {
    fn skin_001 => SKIN_001, "GBX.NET CGameCtnBlockSkin.chunkl 0x001" {
        string "text";
        fileref "packDesc";
    }
}

layout! {
    fn skin_002 => SKIN_002, "GBX.NET CGameCtnBlockSkin.chunkl 0x002" {
        string "text";
        fileref "packDesc";
        fileref "parentPackDesc";
    }
}

layout! {
    fn skin_003 => SKIN_003, "GBX.NET CGameCtnBlockSkin.chunkl 0x003" {
        u32 "version" as Version;
        fileref "foregroundPackDesc";
    }
}
