//! `trackbench metadata set|remove` (a map's script metadata traits) and
//! `trackbench items add|remove|replace` (its embedded items ZIP): each
//! change is an edit of the core (`edit::metadata`, `edit::embedded_items`)
//! applied in order to one document, then the file is written atomically
//! to `-o OUT` (in place when OUT is the input). A damaged file (a node not
//! read to its end) is refused unless `--force`.

use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use trackbench_core::edit::metadata::{ScalarType, remove_trait, set_trait};
use trackbench_core::edit::{Edit, EditError, GbxDocument, embedded_items};
use trackbench_core::save::save_atomic;

/// Where and how the result is written.
#[derive(Debug, Args)]
pub struct OutArgs {
    /// Output file (may be the input; written atomically).
    #[arg(short, long)]
    pub output: PathBuf,
    /// Edit even a file that was not read to its end.
    #[arg(long)]
    pub force: bool,
}

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
    /// Embed an .Item.Gbx in the map's items ZIP at Items/PATH; the map's
    /// list of embedded item idents gets the item's ident.
    Add {
        /// The map.
        map: PathBuf,
        /// The .Item.Gbx file.
        item: PathBuf,
        /// Its path in the ZIP (Items/…; default Items/ and the file name).
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
}

/// Opens `file` for editing; refuses a partial read unless `force`.
fn open(file: &Path, force: bool) -> anyhow::Result<GbxDocument> {
    let bytes = std::fs::read(file).with_context(|| file.display().to_string())?;
    let doc = GbxDocument::open(bytes).map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
    let s = doc.gbx.summary();
    if !force && (!s.main_node_complete || !s.completeness.stopped_nodes.is_empty()) {
        bail!(
            "{}: the file was not read to its end ({} stopped node(s)); an edit could damage what was not read. Use --force to edit it anyway",
            file.display(),
            s.completeness.stopped_nodes.len()
        );
    }
    Ok(doc)
}

/// Applies one edit, printing what changed; false when nothing did.
fn apply(doc: &mut GbxDocument, edit: Result<Edit, EditError>) -> anyhow::Result<bool> {
    match edit {
        Ok(edit) => {
            let label = edit.label.clone();
            doc.apply(edit)
                .map_err(|e| anyhow::anyhow!("{label}: {e}"))?;
            println!("{label}");
            Ok(true)
        }
        Err(EditError::Unchanged(what)) => {
            println!("{what}: unchanged (the file already has this value)");
            Ok(false)
        }
        Err(e) => Err(e.into()),
    }
}

/// Writes the document to `out` and says how many changes it holds.
fn write(doc: &GbxDocument, out: &Path, changed: usize) -> anyhow::Result<ExitCode> {
    save_atomic(out, doc.bytes(), false).with_context(|| format!("writing {}", out.display()))?;
    let what = match changed {
        0 => "nothing changed".to_string(),
        1 => "1 change".to_string(),
        n => format!("{n} changes"),
    };
    println!(
        "wrote {} ({} bytes; {what})",
        out.display(),
        doc.bytes().len()
    );
    Ok(ExitCode::SUCCESS)
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
    let mut doc = open(file, force)?;
    let mut changed = 0;
    match &cmd {
        MetadataCommand::Set { assignments, .. } => {
            for a in assignments {
                let (name, value, ty) = parse_assignment(a)?;
                let edit = set_trait(&doc.gbx, name, value, ty);
                changed += usize::from(apply(&mut doc, edit)?);
            }
        }
        MetadataCommand::Remove { names, .. } => {
            for n in names {
                let edit = remove_trait(&doc.gbx, n);
                changed += usize::from(apply(&mut doc, edit)?);
            }
        }
    }
    write(&doc, out, changed)
}

fn read_item(path: &Path) -> anyhow::Result<Vec<u8>> {
    std::fs::read(path).with_context(|| path.display().to_string())
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
            let mut doc = open(&map, out.force)?;
            let path = path.unwrap_or_else(|| {
                let name = item.file_name().unwrap_or_default().to_string_lossy();
                format!("{}{name}", embedded_items::ITEMS_PREFIX)
            });
            let bytes = read_item(&item)?;
            let edit = embedded_items::add_item(&doc.gbx, &bytes, &path);
            let n = usize::from(apply(&mut doc, edit)?);
            write(&doc, &out.output, n)
        }
        ItemsCommand::Replace {
            map,
            path,
            item,
            out,
        } => {
            let mut doc = open(&map, out.force)?;
            let bytes = read_item(&item)?;
            let edit = embedded_items::replace_item(&doc.gbx, &bytes, &path);
            let n = usize::from(apply(&mut doc, edit)?);
            write(&doc, &out.output, n)
        }
        ItemsCommand::Remove { map, paths, out } => {
            let mut doc = open(&map, out.force)?;
            let mut n = 0;
            for p in &paths {
                let edit = embedded_items::remove_item(&doc.gbx, p);
                n += usize::from(apply(&mut doc, edit)?);
            }
            write(&doc, &out.output, n)
        }
    }
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
