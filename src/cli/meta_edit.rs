//! `trackbench metadata set|remove` (a map's script metadata traits) and
//! `trackbench items add|remove|replace` (its embedded items ZIP) and
//! `items place` (a new anchored item, `edit::map_ops::place`): each
//! change is an edit of the core (`edit::metadata`, `edit::embedded_items`)
//! applied in order to one document through the editing front
//! (`edit_front`): the file is written atomically to `-o OUT` (in place when
//! OUT is the input), and a damaged (partial) file is refused unless
//! `--force`.

use super::edit_front::EditFront;
use anyhow::bail;
use clap::Subcommand;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use trackbench_core::edit::metadata::{ScalarType, remove_trait, set_trait};
use trackbench_core::edit::{embedded_items, map_ops};

pub use super::edit_front::OutArgs;

/// `trackbench metadata …`.
#[derive(Debug, Subcommand)]
pub enum MetadataCommand {
    /// Set traits, adding those the map lacks: NAME=VALUE, or NAME=VALUE:TYPE
    /// to give the type (Boolean, Integer, Real, Text, Vec2, Vec3, Int2,
    /// Int3). Without a type an existing trait keeps its own and a new one
    /// is guessed from the value (true/false, a whole number, a number,
    /// "x, y, z", else Text). Arrays and structs are read-only.
    Set {
        /// The map.
        file: PathBuf,
        /// NAME=VALUE[:TYPE] assignments, applied in order.
        #[arg(required = true)]
        assignments: Vec<String>,
        #[command(flatten)]
        out: OutArgs,
    },
    /// Remove traits by name.
    Remove {
        /// The map.
        file: PathBuf,
        /// Trait names.
        #[arg(required = true)]
        names: Vec<String>,
        #[command(flatten)]
        out: OutArgs,
    },
}

/// `trackbench items …`.
#[derive(Debug, Subcommand)]
pub enum ItemsCommand {
    /// Embed an .Item.Gbx in the map's items ZIP at Items/PATH (a
    /// .Block.Gbx at Blocks/PATH); the map's list of embedded item idents
    /// gets the item's ident.
    Add {
        /// The map.
        map: PathBuf,
        /// The .Item.Gbx file.
        item: PathBuf,
        /// Its path in the ZIP (Items/… or Blocks/…; default Items/ and the
        /// file name, Blocks/ for a .Block.Gbx). Refused: more than 65,535
        /// bytes, `..`, a drive prefix or `:`, Windows device names (con,
        /// nul, com1…).
        #[arg(long = "as")]
        path: Option<String>,
        #[command(flatten)]
        out: OutArgs,
    },
    /// Replace the embedded Items/PATH with another .Item.Gbx.
    Replace {
        /// The map.
        map: PathBuf,
        /// The path in the ZIP (Items/…).
        path: String,
        /// The new .Item.Gbx file.
        item: PathBuf,
        #[command(flatten)]
        out: OutArgs,
    },
    /// Remove embedded items by their path in the ZIP (Items/…).
    Remove {
        /// The map.
        map: PathBuf,
        /// Paths in the ZIP.
        #[arg(required = true)]
        paths: Vec<String>,
        #[command(flatten)]
        out: OutArgs,
    },
    /// Place a new item: an embedded one (Items/PATH) or a game item by
    /// name, at --pos X,Y,Z metres with --rot YAW,PITCH,ROLL degrees
    /// (ManiaPlanet and TM2020 maps).
    Place {
        /// The map.
        map: PathBuf,
        /// Embedded item path (Items/…) or game item name.
        item: String,
        /// Position "X,Y,Z" in metres (y up).
        #[arg(long, allow_hyphen_values = true)]
        pos: String,
        /// Rotation "YAW,PITCH,ROLL" in degrees.
        #[arg(long, allow_hyphen_values = true, default_value = "0,0,0")]
        rot: String,
        #[command(flatten)]
        out: OutArgs,
    },
}

/// `NAME=VALUE[:TYPE]`: the type is the text after the last `:` when it
/// names a scalar type, otherwise part of the value.
fn parse_assignment(a: &str) -> anyhow::Result<(&str, &str, Option<ScalarType>)> {
    let Some((name, rest)) = a.split_once('=') else {
        bail!("{a:?} is not NAME=VALUE[:TYPE]");
    };
    if let Some((value, ty)) = rest.rsplit_once(':')
        && let Some(t) = ScalarType::parse(ty)
    {
        return Ok((name, value, Some(t)));
    }
    Ok((name, rest, None))
}

/// Runs `trackbench metadata …`.
///
/// # Errors
/// When the file cannot be read, edited or written.
pub fn metadata(cmd: MetadataCommand) -> anyhow::Result<ExitCode> {
    let (file, out, force) = match &cmd {
        MetadataCommand::Set { file, out, .. } | MetadataCommand::Remove { file, out, .. } => {
            (file, &out.output, out.force)
        }
    };
    let mut front = EditFront::open(file, force)?;
    match &cmd {
        MetadataCommand::Set { assignments, .. } => {
            for a in assignments {
                let (name, value, ty) = parse_assignment(a)?;
                let edit = set_trait(&front.doc.gbx, name, value, ty);
                front.apply_built(edit)?;
            }
        }
        MetadataCommand::Remove { names, .. } => {
            for n in names {
                let edit = remove_trait(&front.doc.gbx, n);
                front.apply_built(edit)?;
            }
        }
    }
    front.save(out)
}

/// The item file ([`embedded_items::read_item`]: read to its declared end,
/// refused with bytes after it).
fn read_item(path: &Path) -> anyhow::Result<Vec<u8>> {
    Ok(embedded_items::read_item(path)?)
}

/// Warns (stderr) when the map's embedded items are above the game's limit
/// ([`embedded_items::size_warning`]).
fn warn_size(front: &EditFront) {
    if let Some(w) = embedded_items::size_warning(&front.doc.gbx) {
        eprintln!("warning: {w}");
    }
}

/// Runs `trackbench items …`.
///
/// # Errors
/// When a file cannot be read, edited or written.
pub fn items(cmd: ItemsCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        ItemsCommand::Add {
            map,
            item,
            path,
            out,
        } => {
            let mut front = EditFront::open(&map, out.force)?;
            let path = path.unwrap_or_else(|| {
                let name = item.file_name().unwrap_or_default().to_string_lossy();
                embedded_items::default_path(&name)
            });
            let bytes = read_item(&item)?;
            front.apply_built(embedded_items::add_item(&front.doc.gbx, &bytes, &path))?;
            warn_size(&front);
            front.save(&out.output)
        }
        ItemsCommand::Replace {
            map,
            path,
            item,
            out,
        } => {
            let mut front = EditFront::open(&map, out.force)?;
            let bytes = read_item(&item)?;
            front.apply_built(embedded_items::replace_item(&front.doc.gbx, &bytes, &path))?;
            warn_size(&front);
            front.save(&out.output)
        }
        ItemsCommand::Remove { map, paths, out } => {
            let mut front = EditFront::open(&map, out.force)?;
            for p in &paths {
                front.apply_built(embedded_items::remove_item(&front.doc.gbx, p))?;
            }
            front.save(&out.output)
        }
        ItemsCommand::Place {
            map,
            item,
            pos,
            rot,
            out,
        } => {
            let new = map_ops::NewItem {
                path: item,
                position_m: triple("--pos", &pos)?,
                yaw_pitch_roll_deg: triple("--rot", &rot)?,
            };
            let mut front = EditFront::open(&map, out.force)?;
            front.apply_built(map_ops::place_item(&front.doc.gbx, &new))?;
            front.save(&out.output)
        }
    }
}

/// "1,2.5,-3" as three numbers (`flag` names the option in the message).
fn triple(flag: &str, text: &str) -> anyhow::Result<[f32; 3]> {
    let bad = || anyhow::anyhow!("{flag} {text}: not three numbers A,B,C");
    let parts: Vec<f32> = text
        .split(',')
        .map(|p| p.trim().parse::<f32>().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    <[f32; 3]>::try_from(parts).map_err(|_| bad())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assignments_take_a_type_only_when_it_names_one() {
        let (n, v, t) = parse_assignment("A=1:Integer").unwrap();
        assert_eq!((n, v, t), ("A", "1", Some(ScalarType::Integer)));
        let (n, v, t) = parse_assignment("Title=Note: see below").unwrap();
        assert_eq!((n, v, t), ("Title", "Note: see below", None));
        let (_, v, t) = parse_assignment("T=a:b:text").unwrap();
        assert_eq!((v, t), ("a:b", Some(ScalarType::Text)));
        assert!(parse_assignment("nothing").is_err());
    }
}
