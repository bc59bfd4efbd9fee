//! The toolbox's extractions and conversions of an open .Gbx document
//! (issue 18), offered in the File menu and the command palette as
//! [`ExportKind`]s: ghosts as `.Ghost.Gbx` files, inputs as CSV or a
//! TMInterface script, blocks as CSV or JSON, a decompressed or compressed
//! copy. The outputs come from `trackbench_core::toolbox` (the same as the
//! CLI's); the shell asks where and shows the returned message.

use crate::command::ExportKind;
use crate::document::{ExportChoice, ExportTarget, FileDialog};
use crate::gbx::doc::GbxDoc;
use std::path::Path;
use trackbench_core::file_kinds::FileKind;
use trackbench_core::gbx::{Format, Gbx};
use trackbench_core::save::save_atomic;
use trackbench_core::toolbox::convert::{compress_file, decompress_file};
use trackbench_core::toolbox::extract::{blocks_text, ghost_files, inputs_text};

fn file(filter: &'static str, ext: &'static [&'static str], name: String) -> ExportTarget {
    ExportTarget::File(FileDialog {
        filter,
        extensions: ext,
        suggested_name: name,
    })
}

/// The kinds this file offers, with where each goes.
pub(crate) fn choices(doc: &GbxDoc, gbx: &Gbx, out: &mut Vec<ExportChoice>) {
    let mut add = |kind, target| out.push(ExportChoice { kind, target });
    let stem = |fallback: &str, suffix: &str| doc.stem_file(fallback, suffix);
    let offers = doc.toolbox_offers();
    if offers.ghosts {
        add(ExportKind::GhostFiles, ExportTarget::Folder);
    }
    if offers.inputs {
        add(
            ExportKind::InputsCsv,
            file("CSV", &["csv"], stem("inputs", "inputs.csv")),
        );
        add(
            ExportKind::InputsScript,
            file("Text script", &["txt"], stem("inputs", "inputs.txt")),
        );
    }
    if offers.blocks {
        add(
            ExportKind::BlocksCsv,
            file("CSV", &["csv"], stem("blocks", "blocks.csv")),
        );
        add(
            ExportKind::BlocksJson,
            file("JSON", &["json"], stem("blocks", "blocks.json")),
        );
    }
    if gbx.header.format != Format::Text && gbx.body_info.is_some() {
        let (kind, suffix) = if gbx.header.body_compressed {
            (ExportKind::Decompressed, "decompressed.Gbx")
        } else {
            (ExportKind::Compressed, "compressed.Gbx")
        };
        let target = FileDialog::of_kind(FileKind::Gbx, stem("file", suffix));
        add(kind, ExportTarget::File(target));
    }
}

/// Writes toolbox export `kind` of `gbx` to `path` (a folder for the
/// ghosts); the message naming what was written.
pub(crate) fn export(gbx: &Gbx, kind: ExportKind, path: &Path) -> Result<String, String> {
    let save = |bytes: &[u8]| save_atomic(path, bytes, false).map_err(|e| e.to_string());
    match kind {
        ExportKind::GhostFiles => {
            let files = ghost_files(gbx).map_err(|e| e.to_string())?;
            std::fs::create_dir_all(path).map_err(|e| format!("{}: {e}", path.display()))?;
            for (name, bytes) in &files {
                save_atomic(&path.join(name), bytes, false).map_err(|e| e.to_string())?;
            }
            Ok(format!(
                "wrote {} ghost file(s) into {}",
                files.len(),
                path.display()
            ))
        }
        ExportKind::InputsCsv | ExportKind::InputsScript => {
            let (text, events) = inputs_text(gbx, None, path).map_err(|e| e.to_string())?;
            save(text.as_bytes())?;
            Ok(format!("wrote {} ({events} input events)", path.display()))
        }
        ExportKind::BlocksCsv | ExportKind::BlocksJson => {
            let (text, placed, baked) = blocks_text(gbx, path).map_err(|e| e.to_string())?;
            save(text.as_bytes())?;
            Ok(format!(
                "wrote {} ({placed} placed and {baked} baked blocks)",
                path.display()
            ))
        }
        ExportKind::Decompressed | ExportKind::Compressed => {
            let bytes = if kind == ExportKind::Decompressed {
                decompress_file(gbx)
            } else {
                compress_file(gbx)
            }
            .map_err(|e| e.to_string())?;
            save(&bytes)?;
            Ok(format!("wrote {} ({} bytes)", path.display(), bytes.len()))
        }
        other => Err(format!("not a toolbox export: {}", other.label())),
    }
}
