//! `trackbench roundtrip` for .Gbx files and `trackbench set FILE KEY=VALUE… -o OUT`.

use super::compare_roundtrip;
use anyhow::{Context, bail};
use std::path::Path;
use std::process::ExitCode;
use trackbench_core::edit::GbxDocument;
use trackbench_core::edit::map::Medal;
use trackbench_core::edit::map_batch::{MapEdit, apply_batch};
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::write::{WriteOptions, write};
use trackbench_core::save::save_atomic;

/// Keys accepted by `set`, with what they change.
pub const KEYS: &[(&str, &str)] = &[
    (
        "map.name",
        "map name (header 0x03043003, XML, body 0x0304301F)",
    ),
    (
        "map.author_time_ms",
        "author medal time in ms (header, XML, parameters)",
    ),
    ("map.gold_time_ms", "gold medal time in ms"),
    ("map.silver_time_ms", "silver medal time in ms"),
    ("map.bronze_time_ms", "bronze medal time in ms"),
    (
        "map.comments",
        "map comments (header 0x03043007, body 0x03043028)",
    ),
    ("map.author_nick", "author display name (header 0x03043008)"),
    ("map.type", "map type, e.g. TrackMania\\TM_Race"),
    ("map.style", "map style"),
    ("map.password", "only the empty value: removes the password"),
    (
        "map.thumbnail",
        "path of a JPEG/PNG image to use as thumbnail",
    ),
];

/// Parses and writes a .Gbx back unchanged; exit 0 when identical.
pub fn roundtrip(path: &Path) -> anyhow::Result<ExitCode> {
    let bytes = std::fs::read(path).with_context(|| path.display().to_string())?;
    let gbx = Gbx::parse(bytes.clone()).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let out = write(&gbx, &[], WriteOptions::default())?;
    Ok(compare_roundtrip(&bytes, &out))
}

/// Applies `KEY=VALUE` assignments and writes the result to `out`.
pub fn set(file: &Path, assignments: &[String], out: &Path) -> anyhow::Result<ExitCode> {
    let bytes = std::fs::read(file).with_context(|| file.display().to_string())?;
    let mut doc =
        GbxDocument::open(bytes).map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
    let mut changed = 0;
    for a in assignments {
        let Some((key, value)) = a.split_once('=') else {
            bail!("{a:?} is not KEY=VALUE (keys: {})", key_list());
        };
        let ms = || {
            value
                .parse::<u32>()
                .with_context(|| format!("{key}: {value:?} is not a time in ms"))
        };
        let edit = match key {
            "map.name" => MapEdit::Name(value.into()),
            "map.author_time_ms" => MapEdit::MedalTime(Medal::Author, ms()?),
            "map.gold_time_ms" => MapEdit::MedalTime(Medal::Gold, ms()?),
            "map.silver_time_ms" => MapEdit::MedalTime(Medal::Silver, ms()?),
            "map.bronze_time_ms" => MapEdit::MedalTime(Medal::Bronze, ms()?),
            "map.comments" => MapEdit::Comments(value.into()),
            "map.author_nick" => MapEdit::AuthorNick(value.into()),
            "map.type" => MapEdit::MapType(value.into()),
            "map.style" => MapEdit::MapStyle(value.into()),
            "map.password" if value.is_empty() => MapEdit::RemovePassword,
            "map.password" => bail!("map.password: only removing it (map.password=) is supported"),
            "map.thumbnail" => {
                MapEdit::Thumbnail(std::fs::read(value).with_context(|| value.to_string())?)
            }
            _ => bail!("unknown key {key:?} (keys: {})", key_list()),
        };
        match apply_batch(&mut doc, &[edit]) {
            Ok(0) => println!("{key}: unchanged (the file already has this value)"),
            Ok(_) => changed += 1,
            Err(e) => bail!("{key}: {}", e.error),
        }
    }
    save_atomic(out, doc.bytes(), false).with_context(|| format!("writing {}", out.display()))?;
    let what = match changed {
        0 => "nothing changed".to_string(),
        1 => "1 value changed".to_string(),
        n => format!("{n} values changed"),
    };
    println!(
        "wrote {} ({} bytes; {what})",
        out.display(),
        doc.bytes().len()
    );
    Ok(ExitCode::SUCCESS)
}

fn key_list() -> String {
    KEYS.iter().map(|(k, _)| *k).collect::<Vec<_>>().join(", ")
}
