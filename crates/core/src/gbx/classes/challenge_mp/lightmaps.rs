//! CGameCtnChallenge lightmaps (0x03D, 0x05B), realtime thumbnail camera
//! (0x02D, 0x036), light settings (0x056, 0x06B) and embedded objects
//! (0x054). Sources as in the parent module.

use super::encapsulated_data;
use super::image_structure::image_problem;
use crate::bytes::ReadError;
use crate::gbx::classes::challenge::{
    CHUNK_EMBEDDED_ITEMS, CHUNK_LIGHTMAPS, CHUNK_LIGHTMAPS_TM2020, FIELD_EMBEDDED_ITEM,
    FIELD_EMBEDDED_ITEMS, FIELD_EMBEDDED_ZIP, FIELD_EMBEDDED_ZIP_SIZE, FIELD_HAS_LIGHTMAPS,
    FIELD_LIGHTMAP_FRAMES, FIELD_LIGHTMAP_IMAGES, LIGHTMAPS_TM2020_HEAD,
};
use crate::gbx::classes::decl::layout;
use crate::gbx::classes::declared;
use crate::gbx::classes::game_ghost::{inflate_limit, with_inflated};
use crate::gbx::classes::{ChunkDef, chunk, encapsulated};
use crate::gbx::read::archive::Archive;

/// Body chunk decoders.
pub static BODY: &[ChunkDef] = &[
    declared(0x0304_302D, Some("realtime thumbnail"), &THUMBNAIL_CAMERA),
    declared(0x0304_3036, Some("realtime thumbnail"), &THUMBNAIL_CAMERA),
    // The lightmaps read sizes, bytes and a zlib stream: no lookback
    // string, no node.
    chunk(CHUNK_LIGHTMAPS, Some("lightmaps"), lightmaps).no_lookback(),
    encapsulated(
        CHUNK_EMBEDDED_ITEMS,
        Some("embedded objects"),
        embedded_objects,
    ),
    declared(0x0304_3056, Some("light settings"), &LIGHT_SETTINGS),
    chunk(
        CHUNK_LIGHTMAPS_TM2020,
        Some("lightmaps TM2020"),
        lightmaps_tm2020,
    )
    .no_lookback(),
    declared(0x0304_306B, Some("light settings 2"), &LIGHT_SETTINGS_2),
];

// ------------------------------ thumbnail, light settings, embedded objects

layout! {
    /// 0x02D/0x036: realtime thumbnail camera and comments (seed 003 "0x036"
    /// gives the first seven floats' start; the rest from GBX.NET
    /// `CGameCtnChallenge.chunkl` 0x02D: fov, 10, depth, near, far, comments).
    fn thumbnail_camera => THUMBNAIL_CAMERA, "GBX.NET CGameCtnChallenge.chunkl 0x02D; seed 003 CGameCtnChallenge 0x036" {
        vec3 "thumbnailPosition";
        vec3 "thumbnailPitchYawRoll";
        f32 "thumbnailFov";
        f32 "u01";
        f32 "u02";
        f32 "thumbnailNearClipPlane";
        f32 "thumbnailFarClipPlane";
        string "comments";
    }
}

/// 0x054 (seed 000 and 003): version, encapsulated item idents, the ZIP,
/// and (version 1+, GBX.NET `Chunk03043054`) the texture list.
fn embedded_objects(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.version_u32("version")?;
    encapsulated_data(a, |a| {
        a.array(FIELD_EMBEDDED_ITEMS, FIELD_EMBEDDED_ITEM, 12, |a, _| {
            a.meta("ident", ["id", "collection", "author"])
        })?;
        let size = a.size_u32(FIELD_EMBEDDED_ZIP_SIZE)?;
        if size > 0 {
            a.bytes(FIELD_EMBEDDED_ZIP, size)?;
        }
        if version >= 1 {
            a.array("textures", "texture", 4, |a, _| {
                a.string("texture").map(|_| ())
            })?;
        }
        Ok(())
    })
}

layout! {
    /// 0x056 (seed 003): a version, then the fields of 0x06B.
    fn light_settings => LIGHT_SETTINGS, "GBX.NET CGameCtnChallenge.chunkl 0x056" {
        u32 "version" as Version;
        inline "light_settings_2"(&LIGHT_SETTINGS_2);
    }
}

layout! {
    /// 0x06B: light settings 2 (GBX.NET chunkl: 0x056 without its version).
    fn light_settings_2 => LIGHT_SETTINGS_2, "GBX.NET CGameCtnChallenge.chunkl 0x06B" {
        u32 "u01";
        i32 "dayTime";
        u32 "u02";
        bool "dynamicDaylight";
        time_ms "dayDuration";
    }
}

// ---------------------------------------------------------------- lightmaps

/// 0x03D (seed 000/003; the empty-frame and version-9 rules from GBX.NET
/// `CGameCtnChallenge.cs` `ReadWriteLightMapCacheSmall`).
fn lightmaps(a: &mut Archive<'_>) -> Result<(), ReadError> {
    if !a.bool(FIELD_HAS_LIGHTMAPS)? {
        return Ok(());
    }
    lightmap_cache_small(a)
}

/// 0x05B (GBX.NET `Chunk0304305B`): version, three bools, then as 0x03D.
fn lightmaps_tm2020(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let [version, has_lightmaps, u01, u02] = LIGHTMAPS_TM2020_HEAD;
    a.version_u32(version)?;
    let has = a.bool(has_lightmaps)?;
    a.bool(u01)?;
    a.bool(u02)?;
    if has { lightmap_cache_small(a) } else { Ok(()) }
}

fn lightmap_cache_small(a: &mut Archive<'_>) -> Result<(), ReadError> {
    let version = a.version_u32("lightmapVersion")?;
    if version < 2 {
        return Err(a
            .r
            .invalid("lightmap version below 2 (a CHmsLightMapCache node) is not supported"));
    }
    let frames = if version >= 5 {
        a.count_u32("frameCount")?
    } else {
        1
    };
    a.r.check_count("lightmap frames", u64::from(frames), 4, 1 << 16)?;
    let mut any = false;
    a.group(FIELD_LIGHTMAP_FRAMES, None, |a| {
        for i in 0..frames {
            a.group("frame", Some(i), |a| {
                let images: &[&'static str] = match version {
                    0..=2 => &FIELD_LIGHTMAP_IMAGES[..1],
                    3..=5 => &FIELD_LIGHTMAP_IMAGES[..2],
                    _ => &FIELD_LIGHTMAP_IMAGES,
                };
                for &name in images {
                    let size = a.size_u32("size")?;
                    if size == 0 {
                        continue;
                    }
                    any = true;
                    let at = a.r.pos_abs();
                    let image = a.bytes(name, size)?;
                    // No checksum: the structure is all there is to see
                    // (issue 43, finding 7; `image_structure`), when the
                    // consumer reads damage notes (`Narrow::checks`).
                    if a.checks_content()
                        && let Some(why) = image_problem(image)
                    {
                        a.note_damage(&format!("lightmap image: {why}"), at);
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
    let uncompressed = a.size_u32("uncompressedSize")?;
    let compressed = a.size_u32("compressedSize")?;
    let at = a.r.pos_abs();
    let data = a.bytes("lightmapCacheData", compressed)?;
    // The cache is a zlib stream (GBX.NET `ReadWriteLightMapCacheSmall`):
    // its Adler-32 and declared size are the only check of these bytes
    // (issue 43, finding 7). A size past the inflate limit is not checked.
    // The inflated bytes are not kept: a scratch buffer takes them.
    // Left out for a consumer that reads no damage note (`Narrow::checks`).
    if a.checks_content()
        && uncompressed <= inflate_limit(data.len())
        && let Err(why) = with_inflated(data, uncompressed, |_| ())
    {
        a.note_damage(&format!("lightmap cache: {why}"), at);
    }
    Ok(())
}
