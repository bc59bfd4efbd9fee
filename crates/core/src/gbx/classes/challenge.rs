//! CGameCtnChallenge (0x03043000) header chunks (seed 000 "CGameCtnChallenge",
//! seed 003 "0x001"–"0x008"), VskDesc 0x21080001 (Virtual Skipper), and the
//! names of the class: its chunk ids and the fields read outside the
//! decoders (the body decoders are in `challenge_body` and `challenge_mp`).

use super::decl::layout;
use super::{ChunkDef, chunk, declared};
use crate::bytes::ReadError;
use crate::gbx::read::archive::Archive;
use crate::gbx::read::field::Value;

/// Class id of CGameCtnChallenge (maps and challenges).
pub const CLASS_ID: u32 = 0x0304_3000;

/// Header: Virtual Skipper description.
pub const CHUNK_HEADER_VSK_DESC: u32 = 0x0304_3001;
/// Header: "TmDesc": medal times, cost, lap race, checkpoints (and, before
/// version 3, the map info and name).
pub const CHUNK_HEADER_DESC: u32 = 0x0304_3002;
/// Header: "Common": map info, name, kind, password, decoration, map type.
pub const CHUNK_HEADER_COMMON: u32 = 0x0304_3003;
/// Header: version.
pub const CHUNK_HEADER_VERSION: u32 = 0x0304_3004;
/// Header: the community XML.
pub const CHUNK_HEADER_COMMUNITY: u32 = 0x0304_3005;
/// Header: thumbnail JPEG and comments.
pub const CHUNK_HEADER_THUMBNAIL: u32 = 0x0304_3007;
/// Header: author login, nick, zone.
pub const CHUNK_HEADER_AUTHOR: u32 = 0x0304_3008;

/// Body: the player model (vehicle) ident (GBX.NET `Chunk0304300D`).
pub const CHUNK_VEHICLE: u32 = 0x0304_300D;
/// Body: the collector list and the challenge parameters nodes
/// (GBX.NET `Chunk03043011`).
pub const CHUNK_PARAMETERS: u32 = 0x0304_3011;
/// Body: lap race and number of laps (GBX.NET `Chunk03043018`, skippable).
pub const CHUNK_LAPS: u32 = 0x0304_3018;
/// Body: one u32 (GBX.NET `Chunk03043022`).
pub const CHUNK_0X022: u32 = 0x0304_3022;
/// Body: custom music (GBX.NET `Chunk03043024`).
pub const CHUNK_MUSIC: u32 = 0x0304_3024;
/// Body: map origin and target (GBX.NET `Chunk03043025`).
pub const CHUNK_ORIGIN_TARGET: u32 = 0x0304_3025;
/// Body: TM2020 lightmaps (GBX.NET `Chunk0304305B`).
pub const CHUNK_LIGHTMAPS_TM2020: u32 = 0x0304_305B;
/// Body: TM1.0 block data (CGameCtnBlock nodes).
pub const CHUNK_BLOCKS_TM10: u32 = 0x0304_300F;
/// Body: the TM1.0 map name.
pub const CHUNK_MAP_NAME_TM10: u32 = 0x0304_3012;
/// Body: block data without a version (TMS/TMN era).
pub const CHUNK_BLOCKS_LEGACY: u32 = 0x0304_3013;
/// Body: the old-style password.
pub const CHUNK_PASSWORD_LEGACY: u32 = 0x0304_3014;
/// Body: checkpoint coordinates.
pub const CHUNK_CHECKPOINTS: u32 = 0x0304_3017;
/// Body: block data (TMU and later).
pub const CHUNK_BLOCKS: u32 = 0x0304_301F;
/// Body: game camera and comments.
pub const CHUNK_COMMENTS: u32 = 0x0304_3028;
/// Body: hashed password ("you can just remove this chunk", seed 003).
pub const CHUNK_PASSWORD: u32 = 0x0304_3029;
/// Body: lightmap cache and frames.
pub const CHUNK_LIGHTMAPS: u32 = 0x0304_303D;
/// Body: items (CGameCtnAnchoredObject nodes).
pub const CHUNK_ITEMS: u32 = 0x0304_3040;
/// Body: script metadata (a CScriptTraitsMetadata node).
pub const CHUNK_SCRIPT_METADATA: u32 = 0x0304_3044;
/// Body: baked blocks (TM2020).
pub const CHUNK_BAKED_BLOCKS: u32 = 0x0304_3048;
/// Body: embedded items ZIP.
pub const CHUNK_EMBEDDED_ITEMS: u32 = 0x0304_3054;
/// Body: free block placements (TM2020).
pub const CHUNK_FREE_BLOCKS: u32 = 0x0304_305F;

/// The map info group (a "meta": uid, environment, author login).
pub const FIELD_MAP_INFO: &str = "mapInfo";
/// Map uid, inside [`FIELD_MAP_INFO`].
pub const FIELD_MAP_UID: &str = "mapUid";
/// Environment (collection), inside [`FIELD_MAP_INFO`] and the decoration.
pub const FIELD_ENVIRONMENT: &str = "environment";
/// Author login, inside [`FIELD_MAP_INFO`].
pub const FIELD_MAP_AUTHOR: &str = "mapAuthor";
/// Map name (header 0x002/0x003, body 0x012/0x013/0x01F).
pub const FIELD_MAP_NAME: &str = "mapName";
/// The decoration group (time of day, environment, author).
pub const FIELD_DECORATION: &str = "decoration";
/// Time of day, inside [`FIELD_DECORATION`].
pub const FIELD_TIME_OF_DAY: &str = "timeOfDay";
/// The player model ident of [`CHUNK_VEHICLE`] (GBX.NET `PlayerModel`).
pub const FIELD_PLAYER_MODEL: &str = "playerModel";
/// The player model's id ("CarSport"…), inside [`FIELD_PLAYER_MODEL`].
pub const FIELD_VEHICLE: &str = "vehicle";
/// Bronze medal time in ms ([`CHUNK_HEADER_DESC`]; also the name in the
/// parameters node).
pub const FIELD_BRONZE_TIME: &str = "bronzeTime";
/// Silver medal time in ms.
pub const FIELD_SILVER_TIME: &str = "silverTime";
/// Gold medal time in ms.
pub const FIELD_GOLD_TIME: &str = "goldTime";
/// Author time in ms.
pub const FIELD_AUTHOR_TIME: &str = "authorTime";
/// Map type, e.g. `TrackMania\TM_Race` ([`CHUNK_HEADER_COMMON`] v6+).
pub const FIELD_MAP_TYPE: &str = "mapType";
/// Map style ([`CHUNK_HEADER_COMMON`] v6+).
pub const FIELD_MAP_STYLE: &str = "mapStyle";
/// Old-style password ([`CHUNK_HEADER_COMMON`], [`CHUNK_PASSWORD_LEGACY`]).
pub const FIELD_PASSWORD: &str = "password";
/// The community XML text ([`CHUNK_HEADER_COMMUNITY`]).
pub const FIELD_XML: &str = "xml";
/// Thumbnail JPEG size ([`CHUNK_HEADER_THUMBNAIL`]).
pub const FIELD_THUMBNAIL_SIZE: &str = "thumbnailSize";
/// Thumbnail JPEG bytes, stored bottom-up.
pub const FIELD_THUMBNAIL: &str = "thumbnail";
/// Map comments ([`CHUNK_HEADER_THUMBNAIL`], [`CHUNK_COMMENTS`]).
pub const FIELD_COMMENTS: &str = "comments";
/// Author login ([`CHUNK_HEADER_AUTHOR`]).
pub const FIELD_AUTHOR_LOGIN: &str = "authorLogin";
/// Author display name (may hold `$` codes).
pub const FIELD_AUTHOR_NICK: &str = "authorNickname";
/// Author zone.
pub const FIELD_AUTHOR_ZONE: &str = "authorZone";

/// Block list version (0x01F).
pub const FIELD_BLOCKS_VERSION: &str = "version";
/// Block list version of the baked blocks (0x048).
pub const FIELD_BAKED_BLOCKS_VERSION: &str = "blocksVersion";
/// Map size in blocks (0x00F, 0x013, 0x01F: a group of u32 `x`, `y`,
/// `z`; GBX.NET `Size`).
pub const FIELD_MAP_SIZE: &str = "size";
/// Stored block count (0x013/0x01F).
pub const FIELD_NUM_BLOCKS: &str = "numBlocks";
/// Stored baked block count (0x048).
pub const FIELD_NUM_BAKED_BLOCKS: &str = "numBakedBlocks";

/// The name of chunk `id`'s block list: [`FIELD_BAKED_BLOCKS`] in 0x048
/// ([`CHUNK_BAKED_BLOCKS`]), else [`FIELD_BLOCKS`].
#[must_use]
pub const fn block_list_name(id: u32) -> &'static str {
    if id == CHUNK_BAKED_BLOCKS {
        FIELD_BAKED_BLOCKS
    } else {
        FIELD_BLOCKS
    }
}
/// The block list of 0x013/0x01F (group of [`FIELD_BLOCK`] records; 0x00F:
/// an array).
pub const FIELD_BLOCKS: &str = "blocks";
/// The baked block list of 0x048 (GBX.NET `Chunk03043048`: `bakedBlocks`),
/// its records as in [`FIELD_BLOCKS`].
pub const FIELD_BAKED_BLOCKS: &str = "bakedBlocks";
/// One block record (0x013/0x01F/0x048), or one noderef entry of 0x00F.
pub const FIELD_BLOCK: &str = "block";
/// Block model name.
pub const FIELD_BLOCK_NAME: &str = "blockName";
/// Block direction (0 north … 3 west).
pub const FIELD_BLOCK_DIRECTION: &str = "direction";
/// Block coordinate bytes x, y, z.
pub const FIELD_BLOCK_COORD: [&str; 3] = ["x", "y", "z"];
/// Block flags.
pub const FIELD_BLOCK_FLAGS: &str = "flags";
/// Author of a custom block (flag bit 15).
pub const FIELD_BLOCK_AUTHOR: &str = "author";
/// Skin node of a block (flag bit 15).
pub const FIELD_BLOCK_SKIN: &str = "skin";
/// Waypoint property node of a block (flag bit 20).
pub const FIELD_BLOCK_WAYPOINT: &str = "waypointProperty";
/// CPlugCharPhySpecialProperty node of a block (flag bit 19, record
/// version 2+; GBX.NET `CGameCtnBlock.chunkl`).
pub const FIELD_BLOCK_PHY_PROPERTY: &str = "phyCharSpecialProperty";
/// Square-card event ids of a block (flag bit 18, record version 2+): a list
/// of (int, int, list of idents).
pub const FIELD_BLOCK_SQUARE_CARD_EVENTS: &str = "squareCardEventIds";
/// Decal id of a block, a lookback string (flag bit 17, record version 2+).
pub const FIELD_BLOCK_DECAL_ID: &str = "decalId";
/// Decal intensity (int; 1 by default in GBX.NET).
pub const FIELD_BLOCK_DECAL_INTENSITY: &str = "decalIntensity";
/// Decal variant (int; -1 by default in GBX.NET).
pub const FIELD_BLOCK_DECAL_VARIANT: &str = "decalVariant";
/// Records after the stored count of 0x013/0x01F/0x048 (group of
/// [`FIELD_BLOCK`] records), written by some third-party generators.
pub const FIELD_EXTRA_RECORDS: &str = "extraRecords";
/// The item list of [`CHUNK_ITEMS`] (array of [`FIELD_ITEM`]).
pub const FIELD_ITEMS: &str = "items";
/// One item: its CGameCtnAnchoredObject node.
pub const FIELD_ITEM: &str = "item";
/// Free block placements of [`CHUNK_FREE_BLOCKS`] (one group per block).
pub const FIELD_FREE_BLOCKS: &str = "freeBlocks";
/// Absolute position in metres (free blocks, items).
pub const FIELD_ABSOLUTE_POSITION: &str = "absolutePositionInMap";
/// Yaw, pitch, roll in radians (free blocks, items; named as GBX.NET).
pub const FIELD_PITCH_YAW_ROLL: &str = "yawPitchRoll";
/// The script metadata node of [`CHUNK_SCRIPT_METADATA`].
pub const FIELD_SCRIPT_METADATA: &str = "scriptMetadata";
/// The embedded items ZIP ([`CHUNK_EMBEDDED_ITEMS`]).
pub const FIELD_EMBEDDED_ZIP: &str = "zip";
/// The ZIP's size in bytes ([`CHUNK_EMBEDDED_ITEMS`]; 0 without a ZIP).
pub const FIELD_EMBEDDED_ZIP_SIZE: &str = "zipSize";
/// The embedded item idents ([`CHUNK_EMBEDDED_ITEMS`]; GBX.NET
/// `ExpectedEmbeddedItemModels`): a count and [`FIELD_EMBEDDED_ITEM`]s.
pub const FIELD_EMBEDDED_ITEMS: &str = "embeddedItems";
/// One entry of [`FIELD_EMBEDDED_ITEMS`], holding an ident group of
/// lookback strings: `id` (the path in the ZIP after `Items/`, with
/// backslashes), `collection`, `author`.
pub const FIELD_EMBEDDED_ITEM: &str = "item";
/// Lightmap frames ([`CHUNK_LIGHTMAPS`]), each with images named
/// 0x0304303D / 0x0304305B: whether lightmap data follows.
pub const FIELD_HAS_LIGHTMAPS: &str = "hasLightmaps";
/// The fields of 0x0304305B before its lightmap data, in order: version,
/// [`FIELD_HAS_LIGHTMAPS`] and two bools GBX.NET leaves unnamed (`U01`,
/// `U02` in `Chunk0304305B`).
pub const LIGHTMAPS_TM2020_HEAD: [&str; 4] = ["version", FIELD_HAS_LIGHTMAPS, "u01", "u02"];
/// `image`, `image2`, `image3`.
pub const FIELD_LIGHTMAP_FRAMES: &str = "lightmapFrames";
/// The images a lightmap frame may hold (by lightmap version), in order.
pub const FIELD_LIGHTMAP_IMAGES: [&str; 3] = ["image", "image2", "image3"];

/// Header chunk decoders of CGameCtnChallenge.
pub static HEADER: &[ChunkDef] = &[
    declared(CHUNK_HEADER_VSK_DESC, Some("VskDesc"), &VSK_DESC),
    declared(0x2108_0001, Some("VskDesc"), &VSK_DESC),
    declared(CHUNK_HEADER_DESC, Some("TmDesc"), &TM_DESC),
    declared(CHUNK_HEADER_COMMON, Some("Common"), &COMMON),
    declared(CHUNK_HEADER_VERSION, Some("Version"), &VERSION_U32),
    declared(CHUNK_HEADER_COMMUNITY, Some("Community"), &XML),
    chunk(CHUNK_HEADER_THUMBNAIL, Some("Thumbnail"), thumbnail),
    declared(CHUNK_HEADER_AUTHOR, Some("Author"), &AUTHOR),
];

/// Map identity: uid, environment (collection), author.
pub const MAP_INFO: [&str; 3] = [FIELD_MAP_UID, FIELD_ENVIRONMENT, FIELD_MAP_AUTHOR];
/// Decoration: time of day, environment, author.
pub const DECORATION: [&str; 3] = [FIELD_TIME_OF_DAY, FIELD_ENVIRONMENT, "decorationAuthor"];

/// Play mode of header chunk 0x002 (version 6+; GBX.NET
/// `CGameCtnChallenge.chunkl` `int<PlayMode> Mode`): 0 race, 1 platform,
/// 2 puzzle, 3 crazy, 4 shortcut, 5 stunts, 6 script.
pub const FIELD_PLAY_MODE: &str = "mode";
/// [`FIELD_PLAY_MODE`] of Platform maps, whose medal fields hold respawn
/// counts rather than times.
pub const PLAY_MODE_PLATFORM: u32 = 1;

/// The medal times in file order.
pub(super) const MEDAL_TIMES: [&str; 4] = [
    FIELD_BRONZE_TIME,
    FIELD_SILVER_TIME,
    FIELD_GOLD_TIME,
    FIELD_AUTHOR_TIME,
];

layout! {
    /// Header 0x002 "TmDesc" (seed 003 0x002; GBX.NET
    /// `CGameCtnChallenge.chunkl` 0x002).
    fn tm_desc => TM_DESC, "seed 003 0x002; GBX.NET CGameCtnChallenge.chunkl 0x002" {
        u8 "version" as Version;
        meta FIELD_MAP_INFO(MAP_INFO) if Before(3);
        string FIELD_MAP_NAME if Before(3);
        u32 "needUnlock";
        time_ms FIELD_BRONZE_TIME if Since(1);
        time_ms FIELD_SILVER_TIME if Since(1);
        time_ms FIELD_GOLD_TIME if Since(1);
        time_ms FIELD_AUTHOR_TIME if Since(1);
        u8 "u02" if Only(2);
        u32 "cost" if Since(4);
        bool "isLapRace" if Since(5);
        u32 FIELD_PLAY_MODE if Since(6);
        u32 "hasClones" if Since(9);
        u32 "authorScore" if Since(10);
        hex "editor" if Since(11);
        u32 "u05" if Since(12);
        u32 "nbCheckpoints" if Since(13);
        u32 "nbLaps" if Since(13);
    }
    /// Header 0x003 "Common" (seed 003 0x003; GBX.NET
    /// `CGameCtnChallenge.chunkl` 0x003).
    fn common => COMMON, "seed 003 0x003; GBX.NET CGameCtnChallenge.chunkl 0x003" {
        u8 "version" as Version;
        meta FIELD_MAP_INFO(MAP_INFO);
        string FIELD_MAP_NAME;
        u8 "kindInHeader";
        u32 "locked" if Since(1);
        string FIELD_PASSWORD if Since(1);
        meta FIELD_DECORATION(DECORATION) if Since(2);
        vec2 "mapCoordOrigin" if Since(3);
        vec2 "mapCoordTarget" if Since(4);
        u128 "packMask" if Since(5);
        string FIELD_MAP_TYPE if Since(6);
        string FIELD_MAP_STYLE if Since(6);
        bool "u02" if Between(6, 9);
        u64 "lightmapCacheUid" if Since(8);
        u8 "lightmapVersion" as Version if Since(9);
        lookback "titleId" if Since(11);
    }
    /// A chunk holding its version (header 0x004, and other classes'
    /// version chunks).
    pub(super) fn version_u32 => VERSION_U32, "seed 003 0x004" {
        u32 "version" as Version;
    }
    /// Header 0x005: the community XML.
    pub(super) fn xml => XML, "seed 003 0x005" {
        string FIELD_XML;
    }
    /// Header 0x008: the author (GBX.NET `CGameCtnChallenge.chunkl` 0x008).
    pub(super) fn author => AUTHOR, "GBX.NET CGameCtnChallenge.chunkl 0x008" {
        u32 "version" as Version;
        u32 "authorVersion" as Version;
        string FIELD_AUTHOR_LOGIN;
        string FIELD_AUTHOR_NICK;
        string FIELD_AUTHOR_ZONE;
        string "authorExtraInfo";
    }
    /// VskDesc (seed 000 "21080001 VskDesc", seed 003 "0x001").
    fn vsk_desc => VSK_DESC, "seed 000 21080001 VskDesc; seed 003 0x001" {
        u8 "version" as Version;
        meta FIELD_MAP_INFO(MAP_INFO) if Before(1);
        string FIELD_MAP_NAME if Before(1);
        bool "u01";
        u32 "u02";
        u8 "u03" if Before(1);
        u8 "u04";
        u8 "boatName" if Before(9);
        lookback "boat" if Since(9);
        lookback "boatAuthor" if Since(12);
        u8 "raceMode";
        u8 "u05";
        u8 "windDirection";
        u8 "windStrength";
        u8 "weather";
        u8 "u06";
        u8 "startDelay";
        u32 "startTime";
        u32 "timeLimit" if Since(2);
        bool "noPenalty" if Since(2);
        bool "inflPenalty" if Since(2);
        bool "finishFirst" if Since(2);
        u8 "nbAIs" if Since(3);
        f32 "courseLength" if Since(4);
        u8 "u07" if Only(4);
        u32 "windShiftDuration" if Since(4);
        i32 "windShiftAngle" if Since(5);
        u8 "u08" if Since(5);
        bool "u09" if Between(6, 8);
        string "u10" if Between(6, 8);
        bool "exactWind" if Since(7);
        u32 "spawnPoints" if Since(10);
        u8 "aiLevel" if Since(11);
        bool "smallShifts" if Since(13);
        bool "noRules" if Since(14);
        bool "startSailUp" if Since(14);
    }
}

/// Reads a literal tag such as `<Thumbnail.jpg>`, refusing other bytes.
fn tag(a: &mut Archive<'_>, name: &'static str, text: &'static str) -> Result<(), ReadError> {
    let start = a.r.pos_abs();
    let got = a.r.bytes(text.len())?;
    if got != text.as_bytes() {
        return Err(crate::bytes::ReadError::invalid(
            format!(
                "expected {text:?}, found {:?}",
                String::from_utf8_lossy(got)
            ),
            start,
            a.r.space(),
        ));
    }
    a.record(name, Value::Str(text.into()), start);
    Ok(())
}

fn thumbnail(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let v = a.version_u32("version")?;
    if v == 0 {
        return Ok(());
    }
    let size = a.size_u32(FIELD_THUMBNAIL_SIZE)?;
    tag(a, "thumbnailOpen", "<Thumbnail.jpg>")?;
    a.bytes(FIELD_THUMBNAIL, size)?;
    tag(a, "thumbnailClose", "</Thumbnail.jpg>")?;
    tag(a, "commentsOpen", "<Comments>")?;
    a.string(FIELD_COMMENTS)?;
    tag(a, "commentsClose", "</Comments>")?;
    Ok(())
}
