//! `trackbench roundtrip` for .Gbx files and `trackbench set FILE KEY=VALUE… -o OUT`.

use super::compare_roundtrip;
use super::edit_front::EditFront;
use anyhow::{Context, bail};
use std::path::Path;
use std::process::ExitCode;
use trackbench_core::edit::field_at;
use trackbench_core::edit::map::Medal;
use trackbench_core::edit::map_batch::{MapEdit, apply_batch};
use trackbench_core::edit::map_ops;
use trackbench_core::edit::path::resolve_path;
use trackbench_core::edit::value::set_value;
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::access::known_names::{self, NameKind};
use trackbench_core::gbx::access::map_info::MapInfo;
use trackbench_core::gbx::access::thumbnail::thumbnail_jpeg;
use trackbench_core::gbx::write::{WriteOptions, write};

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
    (
        "map.car",
        "car (player model, body 0x0304300D); a name not known for the map's environment needs --force",
    ),
    (
        "map.decoration",
        "decoration (mood, header 0x03043003); a name not known for the environment needs --force",
    ),
];

/// Parses and writes a .Gbx back unchanged; exit 0 when identical.
pub fn roundtrip(path: &Path) -> anyhow::Result<ExitCode> {
    let read = trackbench_core::sniff::input::read_gbx(path)
        .with_context(|| path.display().to_string())?;
    if read.after_end > 0 {
        // Not read, so not written back: the file cannot round-trip.
        println!(
            "differs: {} bytes after the end of the body (from offset {:#x}) are not read",
            read.after_end,
            read.bytes.len()
        );
        return Ok(ExitCode::from(1));
    }
    let bytes = read.bytes;
    let gbx = Gbx::parse(bytes.clone()).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let out = write(&gbx, &[], WriteOptions::default())?;
    Ok(compare_roundtrip(&bytes, &out))
}

/// Applies `KEY=VALUE` assignments (field paths or `map.*` keys) and
/// writes the result to `out` through the [`EditFront`].
pub fn set(
    file: &Path,
    assignments: &[String],
    out: &Path,
    force: bool,
) -> anyhow::Result<ExitCode> {
    let mut front = EditFront::open(file, force)?;
    for a in assignments {
        let Some((key, value)) = a.split_once('=') else {
            bail!(
                "{a:?} is not KEY=VALUE (a field path, or one of {})",
                key_list()
            );
        };
        if key.starts_with("map.") {
            set_map_key(&mut front, key, value)?;
        } else {
            set_path(&mut front, key, value)?;
        }
    }
    front.save(out)
}

/// One `map.*` key through [`MapEdit`].
fn set_map_key(front: &mut EditFront, key: &str, value: &str) -> anyhow::Result<()> {
    let ms = || {
        value
            .parse::<u32>()
            .with_context(|| format!("{key}: {value:?} is not a time in ms"))
    };
    let edit = match key {
        "map.car" => return set_known_name(front, NameKind::Car, key, value),
        "map.decoration" => return set_known_name(front, NameKind::Decoration, key, value),
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
        "map.thumbnail" => MapEdit::Thumbnail(
            // Refused from its length above the limit (issue 43, finding 6).
            trackbench_core::sniff::input::read_limited(
                Path::new(value),
                trackbench_core::sniff::input::MAX_IMAGE_BYTES,
                "a thumbnail",
            )
            .with_context(|| value.to_string())?,
        ),
        _ => bail!("unknown key {key:?} (keys: {})", key_list()),
    };
    let old = old_map_value(&front.doc.gbx, key);
    match apply_batch(&mut front.doc, &[edit]) {
        Ok(0) => println!("{key}: unchanged (the file already has this value)"),
        Ok(_) if key.ends_with("_ms") => front.note(format!("{key}: {old} → {value}")),
        Ok(_) if key == "map.thumbnail" => front.note(format!("{key}: {old} → {value}")),
        Ok(_) => front.note(format!("{key}: {old:?} → {value:?}")),
        Err(e) => bail!("{key}: {}", e.error),
    }
    Ok(())
}

/// The value of `map.*` key `key` in `gbx` before `set` changes it, for the
/// `old → new` line its help promises (issue 43, finding 11): a time in ms
/// ("unset" for none), the thumbnail's size, else the text as stored
/// ("" when the map has none).
fn old_map_value(gbx: &Gbx, key: &str) -> String {
    let Some(info) = MapInfo::read(gbx) else {
        return String::new();
    };
    let time = |medal: Medal| {
        Some(
            info.medal_time_ms(medal)
                .filter(|t| *t != u32::MAX)
                .map_or_else(|| "unset".to_owned(), |t| t.to_string()),
        )
    };
    let old = match key {
        "map.name" => info.name.clone(),
        "map.bronze_time_ms" => time(Medal::Bronze),
        "map.silver_time_ms" => time(Medal::Silver),
        "map.gold_time_ms" => time(Medal::Gold),
        "map.author_time_ms" => time(Medal::Author),
        "map.comments" => info.comments.clone(),
        "map.author_nick" => info.author_nick.clone(),
        "map.type" => info.map_type.clone(),
        "map.style" => info.map_style.clone(),
        "map.thumbnail" => Some(thumbnail_jpeg(gbx).map_or_else(
            || "no thumbnail".to_owned(),
            |j| format!("a {}-byte picture", j.len()),
        )),
        _ => None,
    };
    old.unwrap_or_default()
}

/// The car or the decoration: a name neither known for the map's
/// environment nor already in the file (`known_names::is_known`) is
/// refused, with the known names, unless `--force` (issue 44).
fn set_known_name(
    front: &mut EditFront,
    kind: NameKind,
    key: &str,
    value: &str,
) -> anyhow::Result<()> {
    let gbx = &front.doc.gbx;
    if !known_names::is_known(gbx, kind, value) {
        let known = known_names::offered(gbx, kind);
        let known = if known.is_empty() {
            "none".to_owned()
        } else {
            known.join(", ")
        };
        if !front.forced() {
            bail!(
                "{key}: {value:?} is not a {} known for this map's environment, nor one the \
                 file holds (known: {known}); --force writes it anyway",
                kind.key()
            );
        }
        eprintln!("warning: {key}: {value:?} is unknown (known: {known}); writing it (--force)");
    }
    let edit = match kind {
        NameKind::Car => map_ops::set_player_model(gbx, value),
        NameKind::Decoration => map_ops::set_decoration(gbx, value),
    };
    front.apply_built(edit).map(|_| ())
}

/// One field path through [`set_value`].
fn set_path(front: &mut EditFront, key: &str, value: &str) -> anyhow::Result<()> {
    let gbx = &front.doc.gbx;
    let loc = resolve_path(gbx, key).map_err(|e| anyhow::anyhow!("{key}: {e}"))?;
    let old = field_at(gbx, &loc)
        .map(|f| f.value().display())
        .unwrap_or_default();
    let edit = match set_value(gbx, &loc, value) {
        Ok(e) => e,
        Err(e) => return EditFront::unchanged_or_fail(key, e),
    };
    front.apply(key, edit, String::new())?;
    let gbx = &front.doc.gbx;
    let new = resolve_path(gbx, key)
        .ok()
        .and_then(|l| field_at(gbx, &l))
        .map(|f| f.value().display())
        .unwrap_or_default();
    front.note(format!("{key}: {old} → {new}"));
    Ok(())
}

fn key_list() -> String {
    KEYS.iter().map(|(k, _)| *k).collect::<Vec<_>>().join(", ")
}
