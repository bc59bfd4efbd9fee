//! `trackbench export blocks FILE -o OUT.json|OUT.csv`: one entry per block
//! of a map ([`trackbench_core::gbx::map_contents`]): the counted records of
//! 0x03043013/0x0304301F (`baked: false`), then the baked blocks of
//! 0x03043048 (`baked: true`). Records with flags 0xFFFFFFFF and records
//! after the stored count are not blocks and are left out (the latter are
//! named on stderr).

use anyhow::{Context, anyhow, bail};
use serde::Serialize;
use std::path::Path;
use std::process::ExitCode;
use trackbench_core::edit::save::save_atomic;
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::map_contents::{Block, Decal, map_contents};

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
    fn new(b: &'a Block) -> Self {
        Self {
            name: &b.name,
            x: b.coord[0],
            y: b.coord[1],
            z: b.coord[2],
            direction: b.direction,
            flags: b.flags,
            baked: b.baked,
            free: b.is_free(),
            decal: b.decal.as_ref(),
            kind: b.kind.label(),
            waypoint: b.waypoint.as_deref(),
            position_m: b.free.map(|f| f.position_m),
            yaw_pitch_roll_rad: b.free.map(|f| f.yaw_pitch_roll_rad),
        }
    }
}

const CSV_HEADER: &str = "name,x,y,z,direction,flags,baked,free,decal_id,decal_intensity,\
decal_variant,kind,waypoint,position_x_m,position_y_m,position_z_m,yaw_rad,pitch_rad,roll_rad";

/// The CSV text of `rows` (header line, then one line per block).
#[must_use]
pub fn to_csv(rows: &[BlockRow<'_>]) -> String {
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
        let line: Vec<String> = fields
            .iter()
            .map(|f| trackbench_core::library::export::csv_field(f))
            .collect();
        out.push_str(&line.join(","));
        out.push('\n');
    }
    out
}

/// Writes the blocks of the map `file` to `output` (JSON array or CSV, by
/// extension).
///
/// # Errors
/// Unreadable file, not a map with a block list, unknown extension, or a
/// write error.
pub fn run(file: &Path, output: &Path) -> anyhow::Result<ExitCode> {
    let bytes = std::fs::read(file).with_context(|| file.display().to_string())?;
    let gbx = Gbx::parse(bytes).map_err(|e| anyhow!("{}: {e}", file.display()))?;
    let Some(contents) = map_contents(&gbx) else {
        bail!("{}: not a map with a block list", file.display());
    };
    let rows: Vec<BlockRow<'_>> = contents.blocks.iter().map(BlockRow::new).collect();
    let ext = output
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let text = match ext.as_deref() {
        Some("json") => serde_json::to_string_pretty(&rows)? + "\n",
        Some("csv") => to_csv(&rows),
        _ => bail!("{}: the output must end in .json or .csv", output.display()),
    };
    save_atomic(output, text.as_bytes(), false)
        .with_context(|| format!("writing {}", output.display()))?;
    for p in trackbench_core::gbx::map_contents::record_problems(&gbx) {
        eprintln!("trackbench: {}: {p}", file.display());
    }
    println!(
        "wrote {} ({} blocks: {} placed, {} baked)",
        output.display(),
        rows.len(),
        rows.iter().filter(|r| !r.baked).count(),
        rows.iter().filter(|r| r.baked).count()
    );
    Ok(ExitCode::SUCCESS)
}
