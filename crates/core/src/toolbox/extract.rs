//! The extractions of one parsed file as named outputs, shared by the CLI
//! (`trackbench export ghosts|inputs|blocks`, single files and batches)
//! and the app's File menu: every ghost as a `.Ghost.Gbx`
//! ([`super::ghost_file`]), a ghost's inputs as CSV or a TMInterface-style
//! script ([`super::inputs`]), a map's blocks as CSV or JSON
//! ([`super::blocks_out`]). Writing is the caller's.

use super::blocks_out::{BlockRow, blocks_csv};
use super::ghost_file::{GhostFileError, ghost_file};
use super::inputs::{InputSource, inputs_csv, inputs_script};
use crate::gbx::access::ghosts::{GhostInfo, ghosts};
use crate::gbx::access::map_contents::map_contents;
use crate::gbx::{Gbx, access::formatting};
use std::path::Path;

/// Why an extraction has nothing to write.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExtractError {
    /// The file holds no CGameCtnGhost node.
    #[error("the file holds no ghost")]
    NoGhost,
    /// No ghost of the file has input events.
    #[error("the file holds no ghost with input events")]
    NoInputs,
    /// Ghost number `wanted` (from 1) does not exist.
    #[error("the file has {count} ghost(s); no ghost {wanted}")]
    NoSuchGhost {
        /// The ghost asked for (from 1).
        wanted: usize,
        /// How many the file has.
        count: usize,
    },
    /// Ghost `number` (from 1) cannot be written.
    #[error("ghost {number}: {error}")]
    Ghost {
        /// The ghost (from 1).
        number: usize,
        /// Why.
        error: GhostFileError,
    },
    /// The file is not a map with a block list.
    #[error("not a map with a block list")]
    NotAMap,
    /// The output's extension says no format this extraction writes.
    #[error("the output must end in {0}")]
    Extension(&'static str),
}

/// A file-name-safe piece of `s` (letters, digits, `-`, `_`, `.`; at most
/// 40 characters; $-codes removed).
fn safe_name(s: &str) -> String {
    let out: String = formatting::strip(s)
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .take(40)
        .collect();
    if out.is_empty() { "ghost".into() } else { out }
}

/// The file name of ghost `k` (from 0): `NN_player_TIMEms.Ghost.Gbx`.
#[must_use]
pub fn ghost_file_name(k: usize, g: &GhostInfo) -> String {
    let who = g
        .nickname
        .as_deref()
        .or(g.login.as_deref())
        .unwrap_or("ghost");
    let time = g
        .race_time_ms
        .map(|t| format!("_{t}ms"))
        .unwrap_or_default();
    format!("{:02}_{}{time}.Ghost.Gbx", k + 1, safe_name(who))
}

/// Every ghost of `gbx` (a replay's, or a map's validation ghost) as
/// (file name, `.Ghost.Gbx` bytes), in file order.
///
/// # Errors
/// No ghost, or a ghost that cannot be written.
pub fn ghost_files(gbx: &Gbx) -> Result<Vec<(String, Vec<u8>)>, ExtractError> {
    let list = ghosts(gbx);
    if list.is_empty() {
        return Err(ExtractError::NoGhost);
    }
    list.iter()
        .enumerate()
        .map(|(k, g)| {
            let bytes = ghost_file(gbx, g.node).map_err(|error| ExtractError::Ghost {
                number: k + 1,
                error,
            })?;
            Ok((ghost_file_name(k, g), bytes))
        })
        .collect()
}

/// The lower-case extension of `path`.
fn extension(path: &Path) -> String {
    path.extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default()
        .to_ascii_lowercase()
}

/// The inputs of ghost number `ghost` (from 1), or of the first ghost with
/// input events, as CSV (`.csv`) or a TMInterface-style script (`.txt`),
/// by `output`'s extension; with the number of events.
///
/// # Errors
/// No such ghost, no ghost with inputs, another extension.
pub fn inputs_text(
    gbx: &Gbx,
    ghost: Option<usize>,
    output: &Path,
) -> Result<(String, usize), ExtractError> {
    let list = ghosts(gbx);
    let g = match ghost {
        Some(n) => list
            .get(n.wrapping_sub(1))
            .ok_or(ExtractError::NoSuchGhost {
                wanted: n,
                count: list.len(),
            })?,
        None => list
            .iter()
            .find(|g| !g.inputs.is_empty())
            .ok_or(ExtractError::NoInputs)?,
    };
    let text = match extension(output).as_str() {
        "csv" => inputs_csv(&g.inputs),
        "txt" => inputs_script(&g.inputs, InputSource::of_chunk(g.inputs_chunk)),
        _ => return Err(ExtractError::Extension(".csv or .txt")),
    };
    Ok((text, g.inputs.len()))
}

/// The blocks of the map `gbx` as JSON (`.json`) or CSV (`.csv`), by
/// `output`'s extension; with the number of placed and of baked blocks.
///
/// # Errors
/// Not a map with a block list, another extension.
pub fn blocks_text(gbx: &Gbx, output: &Path) -> Result<(String, usize, usize), ExtractError> {
    let contents = map_contents(gbx).ok_or(ExtractError::NotAMap)?;
    let rows: Vec<BlockRow<'_>> = contents.blocks().map(BlockRow::new).collect();
    let text = match extension(output).as_str() {
        "json" => serde_json::to_string_pretty(&rows).unwrap_or_default() + "\n",
        "csv" => blocks_csv(&rows),
        _ => return Err(ExtractError::Extension(".json or .csv")),
    };
    let baked = rows.iter().filter(|r| r.baked).count();
    Ok((text, rows.len() - baked, baked))
}
