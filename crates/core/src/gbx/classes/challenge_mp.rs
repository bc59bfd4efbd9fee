//! CGameCtnChallenge (0x03043000) body chunks of the ManiaPlanet and
//! Trackmania 2020 era (seed 000 "CGameCtnChallenge" 0x03D/0x040/0x044/0x054,
//! seed 003 "0x034"–"0x05F"), and the classes they nest:
//! CGameCtnAnchoredObject (0x03101000) and CScriptTraitsMetadata
//! (0x11002000).
//!
//! Where the seeds are silent, the layout comes from GBX.NET
//! (`Src/GBX.NET/Engines/Game/CGameCtnChallenge.chunkl`,
//! `CGameCtnChallenge.cs`, `CGameCtnAnchoredObject.chunkl`,
//! `Engines/Script/CScriptTraitsMetadata.cs`); each such decoder says so.
//!
//! Some TM2020 chunks (0x05F, 0x062, 0x063, 0x065, 0x068, 0x069) store one
//! record per block of 0x01F / baked block of 0x048 / item of 0x040: their
//! decoders read those counts from the fields already decoded for the same
//! node, so they depend on those chunks being decoded first.

use super::challenge::author;
use super::{ChunkDef, chunk, encapsulated};
use crate::bytes::ReadError;
use crate::gbx::archive::Archive;
use crate::gbx::field::{Field, Value};

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    chunk(0x0304_302D, Some("realtime thumbnail"), thumbnail_camera),
    chunk(0x0304_3034, Some("challenge decals"), decals),
    chunk(0x0304_3036, Some("realtime thumbnail"), thumbnail_camera),
    chunk(
        0x0304_3038,
        Some("challenge card event ids"),
        card_event_ids,
    ),
    chunk(0x0304_303D, Some("lightmaps"), lightmaps),
    chunk(0x0304_303E, Some("car marks buffer"), car_marks),
    encapsulated(0x0304_3040, Some("items"), items),
    encapsulated(0x0304_3041, None, encapsulated_041),
    chunk(0x0304_3042, Some("author"), author),
    encapsulated(0x0304_3043, Some("genealogies"), genealogies),
    encapsulated(0x0304_3044, Some("metadata"), metadata),
    chunk(0x0304_3047, None, version_string),
    chunk(0x0304_3048, Some("baked blocks"), baked_blocks),
    chunk(0x0304_304B, Some("objectives"), objectives),
    chunk(0x0304_304D, None, empty_lists_04d),
    encapsulated(0x0304_304E, None, encapsulated_04e),
    encapsulated(0x0304_304F, None, chunk_04f),
    chunk(0x0304_3050, Some("offzones"), offzones),
    chunk(0x0304_3051, Some("title info"), title_info),
    chunk(0x0304_3052, Some("deco height"), deco_height),
    chunk(0x0304_3053, Some("bot paths"), bot_paths),
    encapsulated(0x0304_3054, Some("embedded objects"), embedded_objects),
    chunk(0x0304_3055, None, empty),
    chunk(0x0304_3056, Some("light settings"), light_settings),
    encapsulated(0x0304_3058, Some("sub-maps infos"), sub_maps),
    chunk(0x0304_3059, Some("world distortion"), world_distortion),
    chunk(0x0304_305A, None, two_u32),
    chunk(0x0304_305B, Some("lightmaps TM2020"), lightmaps_tm2020),
    chunk(0x0304_305F, Some("free blocks"), free_blocks),
    chunk(0x0304_3060, None, version_u32),
    chunk(0x0304_3062, Some("colours"), colours),
    chunk(
        0x0304_3063,
        Some("animation phase offsets"),
        anim_phase_offsets,
    ),
    chunk(
        0x0304_3065,
        Some("foreground pack descs"),
        foreground_pack_descs,
    ),
    chunk(0x0304_3068, Some("lightmap qualities"), lightmap_qualities),
    chunk(
        0x0304_3069,
        Some("macroblock instances"),
        macroblock_instances,
    ),
    chunk(0x0304_306B, Some("light settings 2"), light_settings_2),
    chunk(0x0304_306C, Some("colour palette"), colour_palette),
    chunk(0x0310_1002, Some("anchored object"), anchored_object),
    chunk(0x0310_1004, None, anchored_object_004),
    chunk(0x1100_2000, Some("script traits"), script_traits),
    chunk(0x0A08_3002, Some("stops"), car_marks_stops),
    chunk(0x0A08_3003, Some("name"), car_marks_name),
    chunk(0x0A08_3004, Some("disabled"), car_marks_disabled),
    chunk(0x0A08_3006, Some("samples"), car_marks_samples),
];

/// Header chunk decoders.
pub static HEADER: &[ChunkDef] = &[];

const FREE_BLOCK: u32 = 0x2000_0000;
const CHUNK_BLOCKS: u32 = 0x0304_301F;
const CHUNK_ITEMS: u32 = 0x0304_3040;
const CHUNK_BAKED: u32 = 0x0304_3048;

// ---------------------------------------------------------------- helpers

fn empty(_a: &mut Archive<'_>) -> Result<(), ReadError> {
    Ok(())
}

fn version_u32(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    a.u32("u01")?;
    Ok(())
}

fn two_u32(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("u01")?;
    a.u32("u02")?;
    Ok(())
}

fn int3(a: &mut Archive<'_>, name: &'static str) -> Result<(), ReadError> {
    a.group(name, None, |a| {
        a.i32("x")?;
        a.i32("y")?;
        a.i32("z")?;
        Ok(())
    })
}

/// An error unless `value` is at most `max` (versions this decoder knows).
fn known_version(a: &Archive<'_>, what: &str, value: u32, max: u32) -> Result<(), ReadError> {
    if value > max {
        return Err(a.r.invalid(format!(
            "{what} version {value} is not known (at most {max})"
        )));
    }
    Ok(())
}

/// Encapsulated data (GBX.NET `ReadEncapsulated`): a u32 (0 in every corpus
/// file), the data size, then the data, read by `f` as a bounded group that
/// must be consumed exactly.
fn encapsulated_data(
    a: &mut Archive<'_>,
    f: impl FnOnce(&mut Archive<'_>) -> Result<(), ReadError>,
) -> Result<(), ReadError> {
    a.u32("encapsulationU01")?;
    let size = a.u32("encapsulatedSize")?;
    let len =
        a.r.check_count("encapsulated size", u64::from(size), 1, u64::from(u32::MAX))?;
    let sub = a.r.sub(len)?;
    let outer = std::mem::replace(&mut a.r, sub);
    let result = a.group("encapsulated", None, f);
    let inner = std::mem::replace(&mut a.r, outer);
    result?;
    if !inner.is_at_end() {
        return Err(inner.invalid(format!(
            "{} bytes left unread in the encapsulated data",
            inner.remaining()
        )));
    }
    Ok(())
}

/// u32 size, then that many opaque bytes (GBX.NET `data`).
fn sized_bytes(
    a: &mut Archive<'_>,
    size_name: &'static str,
    name: &'static str,
) -> Result<u32, ReadError> {
    let size = a.u32(size_name)?;
    a.bytes(name, size)?;
    Ok(size)
}

/// The fields of the first chunk `id` already decoded in the current node.
fn sibling_fields<'f>(a: &'f Archive<'_>, id: u32) -> Option<&'f [Field]> {
    let node = a.nodes.get(a.current_node?)?;
    node.chunks
        .iter()
        .find(|c| c.id == id && !c.fields.is_empty())
        .map(|c| c.fields.as_slice())
}

fn field_u32(f: &Field) -> Option<u32> {
    match f.value {
        Value::U32(v) | Value::Hex(v) => Some(v),
        Value::U16(v) => Some(u32::from(v)),
        _ => None,
    }
}

/// Flags of the blocks of 0x01F (`id` = 0x0304301F) or 0x048, in order, as
/// decoded; `None` when that chunk was not decoded in this node.
fn block_flags(a: &Archive<'_>, id: u32) -> Option<Vec<u32>> {
    let fields = sibling_fields(a, id)?;
    let group = fields.iter().find(|f| f.name == "blocks")?;
    Some(
        group
            .children
            .iter()
            .filter(|b| b.name == "block")
            .map(|b| {
                b.children
                    .iter()
                    .find(|f| f.name == "flags")
                    .and_then(field_u32)
                    .unwrap_or(0)
            })
            .collect(),
    )
}

/// Blocks counted by GBX.NET's `Blocks` list: those of 0x01F without the
/// 0xFFFFFFFF flags. Errors when 0x01F was not decoded.
fn real_blocks(a: &Archive<'_>, id: u32) -> Result<Vec<u32>, ReadError> {
    let flags = block_flags(a, id).ok_or_else(|| {
        a.r.invalid(format!(
            "needs the blocks of chunk {id:#010x}, which was not decoded before"
        ))
    })?;
    Ok(flags.into_iter().filter(|&f| f != u32::MAX).collect())
}

/// Baked blocks of 0x048 (none when the map has no such chunk).
fn baked_block_flags(a: &Archive<'_>) -> Vec<u32> {
    block_flags(a, CHUNK_BAKED)
        .unwrap_or_default()
        .into_iter()
        .filter(|&f| f != u32::MAX)
        .collect()
}

/// Number of items of 0x040 (0 when the map has no such chunk).
fn item_count(a: &Archive<'_>) -> Result<u32, ReadError> {
    let Some(fields) = sibling_fields(a, CHUNK_ITEMS) else {
        let has_raw = a
            .current_node
            .and_then(|n| a.nodes.get(n))
            .is_some_and(|n| n.chunks.iter().any(|c| c.id == CHUNK_ITEMS));
        if has_raw {
            return Err(a
                .r
                .invalid("needs the items of chunk 0x03043040, which was not decoded"));
        }
        return Ok(0);
    };
    let items = fields
        .iter()
        .find_map(|f| f.find("items"))
        .ok_or_else(|| a.r.invalid("chunk 0x03043040 has no items list"))?;
    Ok(items.children.iter().filter(|f| f.name == "item").count() as u32)
}

/// One byte per entry, `count` entries, as a group.
fn byte_list(
    a: &mut Archive<'_>,
    name: &'static str,
    item: &'static str,
    count: usize,
) -> Result<(), ReadError> {
    a.r.check_count(name, count as u64, 1, u64::from(u32::MAX))?;
    a.group(name, None, |a| {
        for i in 0..count {
            a.group(item, Some(i as u32), |a| a.u8("value").map(|_| ()))?;
        }
        Ok(())
    })
}

/// u32 count then that many i32 values.
fn i32_array(a: &mut Archive<'_>, name: &'static str) -> Result<u32, ReadError> {
    a.array(name, "value", 4, |a, _| a.i32("value").map(|_| ()))
}

// ------------------------------------------------------------ simple chunks

/// 0x02D/0x036: realtime thumbnail camera and comments (seed 003 "0x036"
/// gives the first seven floats' start; the rest from GBX.NET
/// `CGameCtnChallenge.chunkl` 0x02D: fov, 10, depth, near, far, comments).
fn thumbnail_camera(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.vec3("thumbnailPosition")?;
    a.vec3("thumbnailPitchYawRoll")?;
    a.f32("thumbnailFov")?;
    a.f32("u01")?;
    a.f32("u02")?;
    a.f32("thumbnailNearClipPlane")?;
    a.f32("thumbnailFarClipPlane")?;
    a.string("comments")?;
    Ok(())
}

/// 0x034: challenge decals as opaque data (GBX.NET chunkl: `data`).
fn decals(a: &mut Archive<'_>) -> Result<(), ReadError> {
    sized_bytes(a, "size", "challengeDecals").map(|_| ())
}

/// 0x038: SChallengeCardEventIds[] (GBX.NET chunkl: int, id, ident[]).
fn card_event_ids(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.array("challengeCardEventIds", "eventIds", 12, |a, _| {
        a.u32("u01")?;
        a.lookback("id")?;
        a.array("idents", "ident", 12, |a, _| {
            a.meta("ident", ["id", "collection", "author"])
        })?;
        Ok(())
    })
    .map(|_| ())
}

/// 0x03E: car marks buffer (GBX.NET chunkl: version, v1+ unknown,
/// CSceneVehicleCarMarksSamples[]_deprec = list version 10, count, noderefs).
fn car_marks(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.u32("version")?;
    known_version(a, "car marks", version, 0)?;
    a.u32("listVersion")?;
    a.array("carMarksBuffer", "samples", 4, |a, _| {
        a.noderef("samples").map(|_| ())
    })?;
    Ok(())
}

/// CSceneVehicleCarMarksSamples 0x0A083002 (GBX.NET
/// `Engines/Scene/CSceneVehicleCarMarksSamples.chunkl`, also below): stops.
fn car_marks_stops(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.array("stops", "stop", 4, |a, _| a.u32("stop").map(|_| ()))
        .map(|_| ())
}

/// CSceneVehicleCarMarksSamples 0x0A083003: name.
fn car_marks_name(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.string("name").map(|_| ())
}

/// CSceneVehicleCarMarksSamples 0x0A083004: disabled.
fn car_marks_disabled(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.bool("disabled").map(|_| ())
}

/// CSceneVehicleCarMarksSamples 0x0A083006: version 0, then samples of ten
/// int32 each.
fn car_marks_samples(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.u32("version")?;
    known_version(a, "car marks samples", version, 0)?;
    a.array("samples", "sample", 40, |a, _| {
        for n in [
            "u01", "u02", "u03", "u04", "u05", "u06", "u07", "u08", "u09", "u10",
        ] {
            a.i32(n)?;
        }
        Ok(())
    })
    .map(|_| ())
}

/// 0x041: GBX.NET marks it "ignore"; every corpus file stores an
/// encapsulated block of 4 bytes holding -1 (seed 000 lists 0x041 as
/// encapsulated), read here as a null direct node.
fn encapsulated_041(a: &mut Archive<'_>) -> Result<(), ReadError> {
    encapsulated_data(a, |a| a.direct_node("u01").map(|_| ()))
}

/// 0x043: zone genealogies (seed 003 "0x043"; GBX.NET `Chunk03043043`):
/// encapsulated list of CGameCtnZoneGenealogy direct nodes.
fn genealogies(a: &mut Archive<'_>) -> Result<(), ReadError> {
    encapsulated_data(a, |a| {
        a.array("genealogies", "genealogy", 4, |a, _| {
            a.direct_node("genealogy").map(|_| ())
        })
        .map(|_| ())
    })
}

/// 0x047 (GBX.NET chunkl: version, string; v1+ unknown).
fn version_string(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.u32("version")?;
    known_version(a, "0x047", version, 0)?;
    a.string("u01")?;
    Ok(())
}

/// 0x04B (seed 003).
fn objectives(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.string("objectiveTextAuthor")?;
    a.string("objectiveTextGold")?;
    a.string("objectiveTextSilver")?;
    a.string("objectiveTextBronze")?;
    Ok(())
}

/// 0x04D: GBX.NET marks it "ignore". Every corpus file stores version 2 and
/// an encapsulation-framed block (u32 0, size 32) of four empty
/// `list_deprec`s (list version 10, count 0); only that is accepted.
fn empty_lists_04d(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.u32("version")?;
    known_version(a, "0x04D", version, 2)?;
    encapsulated_data(a, |a| {
        while !a.r.is_at_end() {
            a.u32("listVersion")?;
            let n = a.u32("count")?;
            if n != 0 {
                return Err(a.r.invalid("non-empty list in 0x0304304D: layout unknown"));
            }
        }
        Ok(())
    })
}

/// 0x04E: GBX.NET marks it "ignore"; seed 000 lists it as encapsulated.
/// Corpus files store version 0 and 12 encapsulated bytes (-1, 0, 0).
fn encapsulated_04e(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.u32("version")?;
    known_version(a, "0x04E", version, 0)?;
    encapsulated_data(a, |a| {
        a.i32("u01")?;
        a.u32("u02")?;
        a.u32("u03")?;
        Ok(())
    })
}

/// 0x04F (GBX.NET `Chunk0304304F`): version; below 2 encapsulated data
/// (kept opaque, as GBX.NET does); version 2 a bool; 3+ a byte.
fn chunk_04f(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.u32("version")?;
    if version < 2 {
        return encapsulated_data(a, |a| {
            let n = a.r.remaining() as u32;
            if n > 0 {
                a.bytes("u02", n)?;
            }
            Ok(())
        });
    }
    if version < 3 {
        a.bool("u03")?;
    } else {
        a.u8("u03")?;
    }
    Ok(())
}

/// 0x050 (seed 003).
fn offzones(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    int3(a, "offzoneTriggerSize")?;
    a.array("offzones", "offzone", 24, |a, _| {
        int3(a, "startCoord")?;
        int3(a, "endCoord")
    })?;
    Ok(())
}

/// 0x051 (seed 003).
fn title_info(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    a.lookback("titleId")?;
    a.string("buildVersion")?;
    Ok(())
}

/// 0x052 (seed 003).
fn deco_height(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    a.i32("decoBaseHeightOffset")?;
    Ok(())
}

/// 0x053 (seed 003).
fn bot_paths(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    a.array("botPaths", "botPath", 16, |a, _| {
        a.i32("clan")?;
        a.array("path", "point", 12, |a, _| a.vec3("point").map(|_| ()))?;
        a.bool("isFlying")?;
        a.noderef("waypointSpecialProperty")?;
        a.bool("isAutonomous")?;
        Ok(())
    })?;
    Ok(())
}

/// 0x054 (seed 000 and 003): version, encapsulated item idents, the ZIP,
/// and (version 1+, GBX.NET `Chunk03043054`) the texture list.
fn embedded_objects(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.u32("version")?;
    encapsulated_data(a, |a| {
        a.array("embeddedItems", "item", 12, |a, _| {
            a.meta("ident", ["id", "collection", "author"])
        })?;
        let size = a.u32("zipSize")?;
        if size > 0 {
            a.bytes("zip", size)?;
        }
        if version >= 1 {
            a.array("textures", "texture", 4, |a, _| {
                a.string("texture").map(|_| ())
            })?;
        }
        Ok(())
    })
}

/// 0x056 (seed 003).
fn light_settings(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    a.u32("u01")?;
    a.i32("dayTime")?;
    a.u32("u02")?;
    a.bool("dynamicDaylight")?;
    a.time_ms("dayDuration")?;
    Ok(())
}

/// 0x058: sub-maps infos (GBX.NET chunkl: version, count; a non-zero count
/// has no known layout).
fn sub_maps(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    let n = a.u32("subMapsCount")?;
    if n != 0 {
        return Err(a.r.invalid("sub-maps infos with entries: layout unknown"));
    }
    Ok(())
}

/// 0x059 (seed 003; version 0's bitmap noderef from GBX.NET chunkl).
fn world_distortion(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.u32("version")?;
    a.vec3("worldDistortion")?;
    if version == 0 {
        a.noderef("u01")?;
        return Ok(());
    }
    a.bool("u02")?;
    if version >= 3 {
        a.f32("u03")?;
        a.f32("u04")?;
    }
    Ok(())
}

/// 0x06B: light settings 2 (GBX.NET chunkl).
fn light_settings_2(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("u01")?;
    a.i32("dayTime")?;
    a.u32("u02")?;
    a.bool("dynamicDaylight")?;
    a.time_ms("dayDuration")?;
    Ok(())
}

/// 0x06C: colour palette (GBX.NET chunkl: version, byte).
fn colour_palette(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    a.u8("palette")?;
    Ok(())
}

// ---------------------------------------------------------------- lightmaps

/// 0x03D (seed 000/003; the empty-frame and version-9 rules from GBX.NET
/// `CGameCtnChallenge.cs` `ReadWriteLightMapCacheSmall`).
fn lightmaps(a: &mut Archive<'_>) -> Result<(), ReadError> {
    if !a.bool("hasLightmaps")? {
        return Ok(());
    }
    lightmap_cache_small(a)
}

/// 0x05B (GBX.NET `Chunk0304305B`): version, three bools, then as 0x03D.
fn lightmaps_tm2020(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    let has = a.bool("hasLightmaps")?;
    a.bool("u01")?;
    a.bool("u02")?;
    if has { lightmap_cache_small(a) } else { Ok(()) }
}

fn lightmap_cache_small(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.u32("lightmapVersion")?;
    if version < 2 {
        return Err(a
            .r
            .invalid("lightmap version below 2 (a CHmsLightMapCache node) is not supported"));
    }
    let frames = if version >= 5 {
        a.u32("frameCount")?
    } else {
        1
    };
    a.r.check_count("lightmap frames", u64::from(frames), 4, 1 << 16)?;
    let mut any = false;
    a.group("frames", None, |a| {
        for i in 0..frames {
            a.group("frame", Some(i), |a| {
                let images: &[&'static str] = match version {
                    0..=2 => &["image"],
                    3..=5 => &["image", "image2"],
                    _ => &["image", "image2", "image3"],
                };
                for &name in images {
                    if sized_bytes(a, "size", name)? > 0 {
                        any = true;
                    }
                }
                Ok(())
            })?;
        }
        Ok(())
    })?;
    if frames == 0 || (version < 9 && !any) {
        return Ok(());
    }
    a.u32("uncompressedSize")?;
    sized_bytes(a, "compressedSize", "lightmapCache")?;
    Ok(())
}

// -------------------------------------------------------------------- items

/// 0x040 items (seed 000 "03043040"; the `version < 8` bound on the pairs
/// and the field order from GBX.NET `Chunk03043040`).
fn items(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.u32("version")?;
    known_version(a, "items", version, 8)?;
    encapsulated_data(a, |a| {
        a.u32("listVersion")?;
        a.array("items", "item", 8, |a, _| a.direct_node("item").map(|_| ()))?;
        if version >= 1 && version != 5 && version < 8 {
            a.array("connectedItemPairs", "pair", 8, |a, _| {
                a.i32("deleter")?;
                a.i32("deleted")?;
                Ok(())
            })?;
        }
        if version >= 5 {
            i32_array(a, "snappedBlocks")?;
            if version < 7 {
                i32_array(a, "snapItemGroups")?;
            }
            if version >= 6 {
                i32_array(a, "snappedItems")?;
            }
            if version >= 7 {
                i32_array(a, "snapItemGroups")?;
            }
            if version != 6 {
                i32_array(a, "u07")?;
            }
            i32_array(a, "itemSnapIndexes")?;
        }
        Ok(())
    })
}

/// CGameCtnAnchoredObject 0x03101002 (seed 000 "CGameCtnAnchoredObject").
fn anchored_object(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.u32("version")?;
    a.meta("itemModel", ["itemFile", "collection", "author"])?;
    a.vec3("pitchYawRoll")?;
    a.u8("blockUnitX")?;
    a.u8("blockUnitY")?;
    a.u8("blockUnitZ")?;
    a.lookback("anchorTreeId")?;
    a.vec3("absolutePositionInMap")?;
    a.direct_node("waypointSpecialProperty")?;
    if version < 5 {
        a.u32("u01")?;
    }
    if version >= 4 {
        let flags = a.u16("flags")?;
        if version >= 5 {
            a.vec3("pivotPosition")?;
        }
        if version >= 6 {
            a.f32("scale")?;
        }
        if version >= 7 && flags & 4 != 0 {
            a.fileref("packDesc")?;
        }
        if version >= 8 {
            a.vec3("u02")?;
            a.vec3("u03")?;
        }
    }
    Ok(())
}

/// CGameCtnAnchoredObject 0x03101004 (GBX.NET chunkl: version, int = -1).
fn anchored_object_004(a: &mut Archive<'_>) -> Result<(), ReadError> {
    a.u32("version")?;
    a.i32("u01")?;
    Ok(())
}

// ------------------------------------------------------------ baked blocks

/// 0x048 (seed 003; `blocksVersion` and the trailing SBakedClipsAdditionalData
/// list from GBX.NET `Chunk03043048`). Blocks read as in 0x01F.
fn baked_blocks(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.u32("version")?;
    known_version(a, "baked blocks", version, 0)?;
    let blocks_version = a.u32("blocksVersion")?;
    a.u32("numBakedBlocks")?;
    // As in 0x01F (seed 000 Notes): the count leaves out 0xFFFFFFFF-flag
    // blocks, so blocks follow while the next u32 looks like a lookback
    // string (bit 30 or 31 set).
    a.group("blocks", None, |a| {
        let mut i = 0;
        while a.r.peek_u32().is_ok_and(|next| next & 0xC000_0000 != 0) {
            a.group("block", Some(i), |a| block(a, blocks_version))?;
            i += 1;
        }
        Ok(())
    })?;
    a.u32("u01")?;
    a.array("bakedClipsAdditionalData", "clips", 28, |a, _| {
        for n in ["clip1", "clip2", "clip3", "clip4"] {
            a.meta(n, ["id", "collection", "author"])?;
        }
        int3(a, "coord")
    })?;
    Ok(())
}

fn block(a: &mut Archive<'_>, version: u32) -> Result<(), ReadError> {
    a.lookback("blockName")?;
    a.u8("direction")?;
    a.u8("x")?;
    a.u8("y")?;
    a.u8("z")?;
    let flags = if version == 0 {
        u32::from(a.u16("flags")?)
    } else {
        a.hex("flags")?
    };
    if flags == u32::MAX {
        return Ok(());
    }
    if flags & 0x8000 != 0 {
        a.lookback("author")?;
        a.noderef("skin")?;
    }
    if flags & 0x10_0000 != 0 {
        a.noderef("waypointProperty")?;
    }
    Ok(())
}

// ------------------------------------------------- per-block TM2020 chunks

/// 0x05F free blocks (seed 003 "0x05F"; GBX.NET `Chunk0304305F`): per free
/// block (flag bit 29) of 0x01F then of 0x048, its absolute position and
/// pitch/yaw/roll. Seed 003 adds one pair of vectors per clip of the block
/// model, which needs the CGameCtnBlockInfo from the game's packs: when the
/// size does not match two vectors per free block, the vectors are listed
/// without attribution.
fn free_blocks(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.u32("version")?;
    known_version(a, "free blocks", version, 0)?;
    let free = real_blocks(a, CHUNK_BLOCKS)?
        .into_iter()
        .chain(baked_block_flags(a))
        .filter(|f| f & FREE_BLOCK != 0)
        .count();
    if a.r.remaining() == free * 24 {
        a.group("freeBlocks", None, |a| {
            for i in 0..free {
                a.group("freeBlock", Some(i as u32), |a| {
                    a.vec3("absolutePositionInMap")?;
                    a.vec3("pitchYawRoll")?;
                    Ok(())
                })?;
            }
            Ok(())
        })
    } else if a.r.remaining().is_multiple_of(12) {
        a.group("vectors", None, |a| {
            let mut i = 0;
            while !a.r.is_at_end() {
                a.group("vector", Some(i), |a| a.vec3("value").map(|_| ()))?;
                i += 1;
            }
            Ok(())
        })
    } else {
        Err(a.r.invalid(format!(
            "{} bytes for {free} free blocks: not whole vectors",
            a.r.remaining()
        )))
    }
}

/// 0x062 (GBX.NET `Chunk03043062`): a colour byte per block, baked block
/// and item.
fn colours(a: &mut Archive<'_>) -> Result<(), ReadError> {
    per_element_bytes(a, "color")
}

/// 0x068 (GBX.NET `Chunk03043068`): a lightmap-quality byte per block,
/// baked block and item.
fn lightmap_qualities(a: &mut Archive<'_>) -> Result<(), ReadError> {
    per_element_bytes(a, "lightmapQuality")
}

fn per_element_bytes(a: &mut Archive<'_>, item: &'static str) -> Result<(), ReadError> {
    let version = a.u32("version")?;
    known_version(a, "per-element bytes", version, 1)?;
    let blocks = real_blocks(a, CHUNK_BLOCKS)?.len();
    let baked = baked_block_flags(a).len();
    let items = item_count(a)? as usize;
    byte_list(a, "blocks", item, blocks)?;
    byte_list(a, "bakedBlocks", item, baked)?;
    byte_list(a, "items", item, items)
}

/// 0x063 (GBX.NET `Chunk03043063`): an animation phase offset byte per item.
fn anim_phase_offsets(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.u32("version")?;
    known_version(a, "anim phase offsets", version, 0)?;
    let items = item_count(a)? as usize;
    byte_list(a, "items", "animPhaseOffset", items)
}

/// 0x065 (GBX.NET `Chunk03043065`): per item a byte flag, then a fileref
/// when set.
fn foreground_pack_descs(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.u32("version")?;
    known_version(a, "foreground pack descs", version, 0)?;
    let items = item_count(a)?;
    a.r.check_count("items", u64::from(items), 1, u64::from(u32::MAX))?;
    a.group("items", None, |a| {
        for i in 0..items {
            a.group("item", Some(i), |a| {
                if a.u8("hasForegroundPackDesc")? != 0 {
                    a.fileref("foregroundPackDesc")?;
                }
                Ok(())
            })?;
        }
        Ok(())
    })
}

/// 0x069 (GBX.NET `Chunk03043069`): a macroblock instance id per block and
/// per item (-1: none), then (id, flags) pairs.
fn macroblock_instances(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.u32("version")?;
    known_version(a, "macroblock instances", version, 0)?;
    let blocks = real_blocks(a, CHUNK_BLOCKS)?.len();
    let items = item_count(a)? as usize;
    for (name, count) in [("blocks", blocks), ("items", items)] {
        a.r.check_count(name, count as u64, 4, u64::from(u32::MAX))?;
        a.group(name, None, |a| {
            for i in 0..count {
                a.group("element", Some(i as u32), |a| {
                    a.i32("macroblockId").map(|_| ())
                })?;
            }
            Ok(())
        })?;
    }
    a.array("instances", "instance", 8, |a, _| {
        a.i32("id")?;
        a.hex("flags")?;
        Ok(())
    })?;
    Ok(())
}

// ------------------------------------------------------------ script metadata

/// 0x044 script metadata (seed 000 "03043044", seed 003 "0x044"): u32 0,
/// size, then the CScriptTraitsMetadata node's chunks (from 0x11002000 to
/// 0xFACADE01), read as a nested node.
fn metadata(a: &mut Archive<'_>) -> Result<(), ReadError> {
    encapsulated_data(a, |a| {
        let start = a.r.pos_abs();
        let node = a.nodes.len();
        a.record(
            "scriptMetadata",
            Value::NodeRef {
                index: None,
                node: Some(node),
                back_reference: false,
                external: None,
            },
            start,
        );
        a.read_node(0x1100_2000, None, start).map(|_| ())
    })
}

/// Script types (seed 000 "eScriptType").
const TYPE_NAMES: [&str; 16] = [
    "Void",
    "Boolean",
    "Integer",
    "Real",
    "Class",
    "Text",
    "Enum",
    "Array",
    "ParamArray",
    "Vec2",
    "Vec3",
    "Int3",
    "Iso4",
    "Ident",
    "Int2",
    "Struct",
];
const T_BOOLEAN: u32 = 1;
const T_INTEGER: u32 = 2;
const T_REAL: u32 = 3;
const T_TEXT: u32 = 5;
const T_ARRAY: u32 = 7;
const T_VEC2: u32 = 9;
const T_VEC3: u32 = 10;
const T_INT3: u32 = 11;
const T_INT2: u32 = 14;
const T_STRUCT: u32 = 15;

/// A script type: arrays keep key and value types, structs their members.
#[derive(Debug, Clone)]
enum ScriptType {
    Basic(u32),
    Array(Box<ScriptType>, Box<ScriptType>),
    Struct(String, Vec<(String, ScriptType)>),
}

impl ScriptType {
    fn describe(&self) -> String {
        match self {
            Self::Basic(t) => TYPE_NAMES
                .get(*t as usize)
                .copied()
                .unwrap_or("?")
                .to_string(),
            Self::Array(k, v) => format!("{}[{}]", v.describe(), k.describe()),
            Self::Struct(name, _) => format!("struct {name}"),
        }
    }
}

/// Deepest type nesting accepted.
const MAX_TYPE_DEPTH: u32 = 32;

/// CScriptTraitsMetadata 0x11002000. Version 2–4: the typed records of seed
/// 000 (u32 count; name, u32 type, value). Version 5+ (ManiaPlanet 4.1, seed
/// 000): a list of types, then the traits as (name, type index, value), with
/// counts, indices and string lengths in the 7/23-bit form; booleans are
/// bytes (GBX.NET `CScriptTraitsMetadata.cs`, also for the struct layout:
/// member count, name, then per member its name, type and default value).
fn script_traits(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.u32("version")?;
    if version < 2 {
        return Ok(());
    }
    if version < 5 {
        let count = a.u32("count")?;
        a.r.check_count("traits", u64::from(count), 8, u64::from(u32::MAX))?;
        return a.group("traits", None, |a| {
            for i in 0..count {
                a.group("trait", Some(i), |a| {
                    a.string("name")?;
                    let ty = read_type_old(a, version, 0)?;
                    let s = a.r.pos_abs();
                    a.record("type", Value::Str(ty.describe()), s);
                    read_value(a, &ty, version, 0)
                })?;
            }
            Ok(())
        });
    }
    let type_count = compact(a, "typeCount")?;
    a.r.check_count(
        "script types",
        u64::from(type_count),
        1,
        u64::from(u32::MAX),
    )?;
    let mut types = Vec::new();
    a.group("types", None, |a| {
        for i in 0..type_count {
            let ty = a.group("type", Some(i), |a| {
                let ty = read_type(a, version, 0)?;
                let s = a.r.pos_abs();
                a.record("description", Value::Str(ty.describe()), s);
                Ok(ty)
            })?;
            types.push(ty);
        }
        Ok(())
    })?;
    let count = compact(a, "traitCount")?;
    a.r.check_count("traits", u64::from(count), 2, u64::from(u32::MAX))?;
    a.group("traits", None, |a| {
        for i in 0..count {
            a.group("trait", Some(i), |a| {
                compact_string(a, "name")?;
                let index = compact(a, "typeIndex")?;
                let ty = types.get(index as usize).cloned().ok_or_else(|| {
                    a.r.invalid(format!("type index {index} of {type_count} types"))
                })?;
                let s = a.r.pos_abs();
                a.record("type", Value::Str(ty.describe()), s);
                read_value(a, &ty, version, 0)
            })?;
        }
        Ok(())
    })
}

/// The 7/23-bit number of seed 000 (ManiaPlanet 4.1 metadata).
fn compact(a: &mut Archive<'_>, name: &'static str) -> Result<u32, ReadError> {
    let s = a.r.pos_abs();
    let b = a.r.u8()?;
    let v = if b & 0x80 == 0 {
        u32::from(b)
    } else {
        let lo = a.r.u16()?;
        u32::from(b & 0x7F) | (u32::from(lo) << 7)
    };
    a.record(name, Value::U32(v), s);
    Ok(v)
}

fn compact_string(a: &mut Archive<'_>, name: &'static str) -> Result<String, ReadError> {
    let s = a.r.pos_abs();
    let b = a.r.u8()?;
    let len = if b & 0x80 == 0 {
        u32::from(b)
    } else {
        u32::from(b & 0x7F) | (u32::from(a.r.u16()?) << 7)
    };
    let len =
        a.r.check_count("string length", u64::from(len), 1, u64::from(u32::MAX))?;
    let text = String::from_utf8_lossy(a.r.bytes(len)?).into_owned();
    a.record(name, Value::Str(text.clone()), s);
    Ok(text)
}

/// A type of version 2–4 (a u32, bytes from version 3 per GBX.NET).
fn read_type_old(a: &mut Archive<'_>, version: u32, depth: u32) -> Result<ScriptType, ReadError> {
    let t = if version >= 3 {
        u32::from(a.u8("varType")?)
    } else {
        a.u32("varType")?
    };
    if t == T_ARRAY {
        if depth >= MAX_TYPE_DEPTH {
            return Err(a.r.invalid("script types nested too deep"));
        }
        let k = read_type_old(a, version, depth + 1)?;
        let v = read_type_old(a, version, depth + 1)?;
        return Ok(ScriptType::Array(Box::new(k), Box::new(v)));
    }
    Ok(ScriptType::Basic(t))
}

/// A type of the 4.1+ type list (GBX.NET `ReadType`).
fn read_type(a: &mut Archive<'_>, version: u32, depth: u32) -> Result<ScriptType, ReadError> {
    if depth >= MAX_TYPE_DEPTH {
        return Err(a.r.invalid("script types nested too deep"));
    }
    let t = u32::from(a.u8("varType")?);
    match t {
        T_ARRAY => {
            let k = a.group("keyType", None, |a| read_type(a, version, depth + 1))?;
            let v = a.group("valueType", None, |a| read_type(a, version, depth + 1))?;
            Ok(ScriptType::Array(Box::new(k), Box::new(v)))
        }
        T_STRUCT => {
            let n = compact(a, "memberCount")?;
            let name = compact_string(a, "structName")?;
            a.r.check_count("struct members", u64::from(n), 2, u64::from(u32::MAX))?;
            let mut members = Vec::new();
            a.group("members", None, |a| {
                for i in 0..n {
                    let m = a.group("member", Some(i), |a| {
                        let name = compact_string(a, "name")?;
                        let ty = read_type(a, version, depth + 1)?;
                        a.group("default", None, |a| read_value(a, &ty, version, depth + 1))?;
                        Ok((name, ty))
                    })?;
                    members.push(m);
                }
                Ok(())
            })?;
            Ok(ScriptType::Struct(name, members))
        }
        t => Ok(ScriptType::Basic(t)),
    }
}

/// A value of type `ty` (GBX.NET `ReadContents`; seed 000 for version 2).
fn read_value(
    a: &mut Archive<'_>,
    ty: &ScriptType,
    version: u32,
    depth: u32,
) -> Result<(), ReadError> {
    if depth >= MAX_TYPE_DEPTH {
        return Err(a.r.invalid("script values nested too deep"));
    }
    match ty {
        ScriptType::Basic(T_BOOLEAN) => {
            if version >= 3 {
                let s = a.r.pos_abs();
                let b = a.r.u8()?;
                a.record("value", Value::Bool(u32::from(b)), s);
            } else {
                a.bool("value")?;
            }
        }
        ScriptType::Basic(T_INTEGER) => {
            a.i32("value")?;
        }
        ScriptType::Basic(T_REAL) => {
            a.f32("value")?;
        }
        ScriptType::Basic(T_TEXT) => {
            if version >= 3 {
                compact_string(a, "value")?;
            } else {
                a.string("value")?;
            }
        }
        ScriptType::Basic(T_VEC2) => {
            a.vec2("value")?;
        }
        ScriptType::Basic(T_VEC3) => {
            a.vec3("value")?;
        }
        ScriptType::Basic(T_INT3) => int3(a, "value")?,
        ScriptType::Basic(T_INT2) => {
            a.group("value", None, |a| {
                a.i32("x")?;
                a.i32("y")?;
                Ok(())
            })?;
        }
        ScriptType::Basic(t) => {
            let name = TYPE_NAMES.get(*t as usize).copied().unwrap_or("unknown");
            return Err(a.r.invalid(format!(
                "script type {t} ({name}) cannot be stored in metadata"
            )));
        }
        ScriptType::Array(k, v) => {
            let n = if version >= 3 {
                compact(a, "count")?
            } else {
                a.u32("count")?
            };
            a.r.check_count("array elements", u64::from(n), 1, u64::from(u32::MAX))?;
            let dict = !matches!(**k, ScriptType::Basic(0));
            a.group("elements", None, |a| {
                for i in 0..n {
                    a.group("element", Some(i), |a| {
                        if dict {
                            a.group("key", None, |a| read_value(a, k, version, depth + 1))?;
                        }
                        read_value(a, v, version, depth + 1)
                    })?;
                }
                Ok(())
            })?;
        }
        ScriptType::Struct(_, members) => {
            for (i, (name, mt)) in members.iter().enumerate() {
                a.group("member", Some(i as u32), |a| {
                    let s = a.r.pos_abs();
                    a.record("name", Value::Str(name.clone()), s);
                    read_value(a, mt, version, depth + 1)
                })?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytes::ByteReader;
    use std::collections::HashMap;

    fn run(data: &[u8], f: fn(&mut Archive<'_>) -> Result<(), ReadError>) -> (Vec<Field>, bool) {
        let mut a = Archive::new(ByteReader::new(data, 0, "body"), HashMap::new());
        a.push_frame();
        let ok = f(&mut a).is_ok() && a.r.is_at_end();
        (a.pop_frame(), ok)
    }

    #[test]
    fn compact_numbers_use_seven_then_twenty_three_bits() {
        let (fields, ok) = run(&[0x05, 0x81, 0x02, 0x00], |a| {
            compact(a, "a")?;
            compact(a, "b")?;
            Ok(())
        });
        assert!(ok);
        assert_eq!(fields[0].value, Value::U32(5));
        assert_eq!(fields[1].value, Value::U32(1 | (2 << 7)));
    }

    #[test]
    fn metadata_type_list_with_array_and_struct() {
        // version 6; 2 types: Integer, struct "S" { Text t = "" };
        // 2 traits: "i" = 7, "s" = { t = "ab" }.
        let mut d = vec![6, 0, 0, 0, 2, 2, 15, 1, 1, b'S', 1, b't', 5, 0];
        d.extend([2, 1, b'i', 0, 7, 0, 0, 0, 1, b's', 1, 2, b'a', b'b']);
        let (fields, ok) = run(&d, script_traits);
        assert!(ok, "{fields:#?}");
        let names: Vec<String> = fields
            .iter()
            .flat_map(|f| f.children.iter())
            .filter_map(|t| t.find("name"))
            .map(|f| f.value.display())
            .collect();
        assert!(names.contains(&"\"i\"".to_string()));
        let text = crate::gbx::field::find_field(&fields, "traits").expect("traits");
        assert!(format!("{text:?}").contains("\"ab\""));
    }
}
