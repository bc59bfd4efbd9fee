//! A map's blocks as rows for CSV or JSON (`trackbench export blocks`, the
//! app's File menu): one entry per block of
//! [`crate::gbx::access::map_contents`]: the counted records of 0x03043013 /
//! 0x0304301F (`baked: false`), then the baked blocks of 0x03043048
//! (`baked: true`). Records with flags 0xFFFFFFFF and records after the
//! stored count are not blocks and are left out
//! ([`crate::gbx::completeness::record_problems`] names the latter).

use crate::gbx::access::map_contents::{BlockRef, Decal};
use serde::Serialize;

/// One exported block.
#[derive(Debug, Serialize)]
pub struct BlockRow<'a> {
    /// Block model name.
    pub name: &'a str,
    /// Block coordinate x (block units; version-6 lists given minus 1).
    pub x: i32,
    /// Block coordinate y (up).
    pub y: i32,
    /// Block coordinate z.
    pub z: i32,
    /// 0 north, 1 east, 2 south, 3 west.
    pub direction: u8,
    /// Flags as stored.
    pub flags: u32,
    /// Baked block (0x03043048).
    pub baked: bool,
    /// Free block (flag bit 29).
    pub free: bool,
    /// The decal (flag bit 17), or null.
    pub decal: Option<&'a Decal>,
    /// "start", "finish", "start/finish", "checkpoint" or "other".
    pub kind: &'static str,
    /// Waypoint tag, when the block has a waypoint property.
    pub waypoint: Option<&'a str>,
    /// Free position in metres (x, y, z), when 0x0304305F placed it.
    pub position_m: Option<[f32; 3]>,
    /// Free rotation yaw, pitch, roll in radians, with `position_m`.
    pub yaw_pitch_roll_rad: Option<[f32; 3]>,
}

impl<'a> BlockRow<'a> {
    /// The row of block `b`.
    #[must_use]
    pub fn new(b: BlockRef<'a>) -> Self {
        Self {
            name: b.name(),
            x: b.coord[0],
            y: b.coord[1],
            z: b.coord[2],
            direction: b.direction,
            flags: b.flags,
            baked: b.baked,
            free: b.is_free(),
            decal: b.decal(),
            kind: b.kind.label(),
            waypoint: b.waypoint(),
            position_m: b.free().map(|f| f.position_m),
            yaw_pitch_roll_rad: b.free().map(|f| f.yaw_pitch_roll_rad),
        }
    }
}

const CSV_HEADER: &str = "name,x,y,z,direction,flags,baked,free,decal_id,decal_intensity,\
decal_variant,kind,waypoint,position_x_m,position_y_m,position_z_m,yaw_rad,pitch_rad,roll_rad";

/// The CSV text of `rows` (header line, then one line per block).
#[must_use]
pub fn blocks_csv(rows: &[BlockRow<'_>]) -> String {
    let mut out = String::from(CSV_HEADER);
    out.push('\n');
    let opt = |v: Option<f32>| v.map(|v| v.to_string()).unwrap_or_default();
    for r in rows {
        let decal = r.decal;
        let fields = [
            r.name.to_owned(),
            r.x.to_string(),
            r.y.to_string(),
            r.z.to_string(),
            r.direction.to_string(),
            format!("{:#010x}", r.flags),
            r.baked.to_string(),
            r.free.to_string(),
            decal.map(|d| d.id.clone()).unwrap_or_default(),
            decal.map(|d| d.intensity.to_string()).unwrap_or_default(),
            decal.map(|d| d.variant.to_string()).unwrap_or_default(),
            r.kind.to_owned(),
            r.waypoint.unwrap_or_default().to_owned(),
            opt(r.position_m.map(|p| p[0])),
            opt(r.position_m.map(|p| p[1])),
            opt(r.position_m.map(|p| p[2])),
            opt(r.yaw_pitch_roll_rad.map(|p| p[0])),
            opt(r.yaw_pitch_roll_rad.map(|p| p[1])),
            opt(r.yaw_pitch_roll_rad.map(|p| p[2])),
        ];
        out.push_str(&crate::csv_out::csv_line(&fields));
        out.push('\n');
    }
    out
}
