//! The scene objects of TM1.0 to ManiaPlanet 3 block infos and replays:
//! CSceneObject (0x0A005000), CSceneMobil (0x0A011000, a placed solid),
//! CHmsItem (0x06003000, the solid it shows), CSceneObjectLink (0x0A014000
//! and its old id 0x0A00F000), CSceneMessageHandler (0x0A01F000, whose id
//! the class table remaps to 0x090EF000, so its chunks are registered
//! there), CMotion
//! (0x08001000) and the interface controls built on CSceneToy:
//! CControlBase (0x07001000), CControlContainer (0x07002000) and
//! CControlList (0x0700F000).
//!
//! Layouts: GBX.NET `Src/GBX.NET/Engines/Scene/CSceneObject.chunkl`,
//! `CSceneMobil.chunkl` (0x005 reads the CHmsItem in place, "direct"),
//! `CSceneObjectLink.chunkl`, `CSceneMessageHandler.chunkl`,
//! `Src/GBX.NET/Engines/Hms/CHmsItem.chunkl` and `CHmsItem.cs` (a chunk id
//! of 0 ends the item), `Src/GBX.NET/Engines/Motion/CMotion.chunkl`,
//! `Src/GBX.NET/Engines/Control/CControlBase.chunkl`,
//! `CControlContainer.chunkl`, `CControlList.chunkl`. A mobil's item hands
//! out its solid as [`Part::Shows`].

use super::ONE_LOOKBACK;
use super::{ISO4, link, records};
use crate::bytes::ReadError;
use crate::gbx::classes::common::ONE_NODEREF;
use crate::gbx::classes::common::{ONE_BOOL, ONE_STRING};
use crate::gbx::classes::decl::layout;
use crate::gbx::classes::declared;
use crate::gbx::classes::{ChunkDef, chunk};
use crate::gbx::read::archive::Archive;
use crate::gbx::read::mesh_parts::{NodeLink, Part};

/// Class id of CHmsItem (read in place by 0x0A011005).
const HMS_ITEM_CLASS_ID: u32 = 0x0600_3000;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    // CSceneObject
    declared(0x0A00_5001, Some("name"), &NAME_001),
    declared(0x0A00_5002, None, &ONE_BOOL),
    declared(0x0A00_5003, Some("motion"), &MOTION_003),
    declared(0x0A00_5004, None, &CHUNK_0A005004),
    // CSceneMobil
    chunk(0x0A01_1003, Some("object links"), mobil_003),
    declared(0x0A01_1004, None, &ONE_NODEREF),
    chunk(0x0A01_1005, Some("item"), mobil_005),
    declared(0x0A01_1006, Some("message handler"), &MESSAGE_HANDLER_006),
    // CHmsItem
    chunk(0x0600_3001, Some("solid"), hms_item_001),
    declared(0x0600_300E, None, &HMS_ITEM_FLAGS),
    declared(0x0600_3010, None, &HMS_ITEM_FLAGS),
    declared(0x0600_3011, None, &HMS_ITEM_FLAGS),
    // CSceneObjectLink (and its old id, whose chunks GBX.NET keeps apart)
    chunk(0x0A01_4001, Some("link"), object_link_001),
    declared(0x0A01_4002, None, &OBJECT_LINK_002),
    declared(0x0A01_4003, None, &ONE_LOOKBACK),
    chunk(0x0A00_F000, Some("link"), object_link_old_000),
    chunk(0x0A00_F001, None, |a| records(a, "values", 1, &[4; 7])),
    declared(0x0A00_F002, None, &ONE_BOOL),
    // CSceneMessageHandler
    declared(0x090E_F000, Some("on click"), &ON_CLICK_000),
    declared(0x090E_F001, Some("on contact"), &ON_CONTACT_001),
    // CMotion
    declared(0x0800_1000, None, &ONE_LOOKBACK),
    // CControlBase
    declared(0x0700_100C, None, &CONTROL_00C),
    declared(0x0700_100E, Some("layout"), &CONTROL_00E),
    declared(0x0700_100F, None, &ONE_STRING),
    chunk(0x0700_1010, None, control_010),
    // CControlContainer
    declared(0x0700_2005, None, &CONTAINER_005),
    // CControlList
    chunk(0x0700_F007, None, list_007),
    chunk(0x0700_F00A, None, list_00a),
];

/// CSceneMobil 0x003: the object links (noderefs).
fn mobil_003(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let links = super::link_list(a, "objectLink")?;
    a.hand_out(Part::Shows(links));
    Ok(())
}

/// CSceneMobil 0x005: a CHmsItem read in place (its chunks, no class id);
/// a first chunk id of 0 is an empty item.
fn mobil_005(a: &mut Archive<'_>) -> Result<(), ReadError> {
    if a.r.peek_u32()? == 0 {
        return a.u32("item").map(|_| ());
    }
    let start = a.r.pos_abs();
    let pos = a.read_node(HMS_ITEM_CLASS_ID, None, start)?;
    a.hand_out(Part::Shows(vec![NodeLink::Node(pos)]));
    Ok(())
}

/// CHmsItem 0x001: the solid.
fn hms_item_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let solid = link(a, "solid")?;
    a.hand_out(Part::Shows(vec![solid]));
    Ok(())
}

layout! {
    /// CHmsItem 0x00E / 0x010 / 0x011: a u64 and a u16.
    fn hms_item_flags => HMS_ITEM_FLAGS, "CHmsItem 0x00e: not in GBX.NET; read from corpus files; CHmsItem 0x010: not in GBX.NET; CHmsItem 0x011: not in GBX.NET" {
        u64 "u01";
        u16 "u02";
    }
}

/// CSceneObjectLink 0x001: a bool; set: a mobil, an int (a second int when
/// it is 2), a name and an int; clear: an object; then the relative
/// location and a bool.
fn object_link_001(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let target = if a.bool("u01")? {
        let mobil = link(a, "mobil")?;
        if a.i32("u02")? == 2 {
            a.i32("u03")?;
        }
        a.lookback_field("name")?;
        a.i32("u05")?;
        mobil
    } else {
        link(a, "object")?
    };
    super::placement(a, "relativeLocation")?;
    a.bool("u06")?;
    a.hand_out(Part::Shows(vec![target]));
    Ok(())
}

layout! {
    /// CSceneObjectLink 0x002: the mobil tree id and two bools.
    fn object_link_002 => OBJECT_LINK_002, "GBX.NET CSceneObjectLink.chunkl 0x002" {
        lookback "mobilTreeId";
        bool "u01";
        bool "u02";
    }
}

/// Old CSceneObjectLink 0x0A00F000: an object, its location, a bool.
fn object_link_old_000(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let object = link(a, "object")?;
    records(a, "relativeLocation", 1, &ISO4)?;
    a.bool("u01")?;
    a.hand_out(Part::Shows(vec![object]));
    Ok(())
}

layout! {
    /// CControlBase 0x00C: four ints (unnamed in GBX.NET) and the stack text.
    fn control_00c => CONTROL_00C, "GBX.NET CControlBase.chunkl 0x00C" {
        words "values"(4);
        string "stackText";
    }
}

layout! {
    /// CControlBase 0x00E: a box, the layout node, two ints (unnamed in
    /// GBX.NET).
    fn control_00e => CONTROL_00E, "GBX.NET CControlBase.chunkl 0x00E" {
        words "box"(6);
        noderef "layout";
        words "values"(2);
    }
}

/// CControlBase 0x010: a node, and an int when it is null.
fn control_010(a: &mut Archive<'_>) -> Result<(), ReadError> {
    if link(a, "u01")? == NodeLink::Null {
        a.i32("u02")?;
    }
    Ok(())
}

/// CControlList 0x007: seven ints and a list of (string, float, node, id,
/// bool).
fn list_007(a: &mut Archive<'_>) -> Result<(), ReadError> {
    records(a, "values", 1, &[4; 7])?;
    a.array("u01", "item", 20, |a, _| {
        a.string("u01")?;
        a.f32("u02")?;
        link(a, "u03")?;
        a.lookback_field("u04")?;
        a.bool("u05").map(|_| ())
    })
    .map(|_| ())
}

/// CControlList 0x00A: three floats, an int, a bool, an id (a node when it
/// is empty), two floats and a bool.
fn list_00a(a: &mut Archive<'_>) -> Result<(), ReadError> {
    records(a, "values", 1, &[4; 5])?;
    let id = a.lookback("u06")?;
    if id.as_deref().unwrap_or("").is_empty() {
        link(a, "u07")?;
    }
    records(a, "values2", 1, &[4; 3])
}

layout! {
    /// 0x0a005001: name.
    fn name_001 => NAME_001, "GBX.NET CSceneObject.chunkl 0x001" {
        lookback "name";
    }
}

layout! {
    /// 0x0a005004: one chunk.
    fn chunk_0a005004 => CHUNK_0A005004, "CSceneObject 0x004: not in GBX.NET; read from corpus files" {
        i32 "u01";
    }
}

layout! {
    /// 0x0a005003: motion.
    fn motion_003 => MOTION_003, "GBX.NET CSceneObject.chunkl 0x003" {
        noderef "motion";
    }
}

layout! {
    /// 0x0a011006: message handler.
    fn message_handler_006 => MESSAGE_HANDLER_006, "GBX.NET CSceneMobil.chunkl 0x006" {
        noderef "messageHandler";
    }
}

layout! {
    /// 0x090ef000: on click.
    fn on_click_000 => ON_CLICK_000, "CPlugVehicleCameraRace3Model 0x000: not in GBX.NET; read from corpus files" {
        noderef "onClickScript";
    }
}

layout! {
    /// 0x090ef001: on contact.
    fn on_contact_001 => ON_CONTACT_001, "CPlugVehicleCameraRace3Model 0x001: not in GBX.NET; read from corpus files" {
        noderef "onContactScript";
    }
}

layout! {
    /// CControlContainer 0x005: two flags, then three ints GBX.NET leaves
    /// unnamed (one group of values).
    fn container_005 => CONTAINER_005, "GBX.NET CControlContainer.chunkl 0x005" {
        bool "acceptOwnControls";
        bool "useScript";
        words "values"(3);
    }
}
