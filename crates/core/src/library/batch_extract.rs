//! The toolbox's extractions as library batch actions
//! ([`super::batch::BatchAction::Extract`]): each selected file's ghosts,
//! inputs or blocks ([`crate::toolbox::extract`], the same outputs as
//! `trackbench export ghosts|inputs|blocks` and the File menu) into the
//! chosen folder, as `<file stem>.ghosts/` (one `.Ghost.Gbx` per ghost),
//! `<file stem>.inputs.csv|.txt` or `<file stem>.blocks.json|.csv`.

use super::row::Row;
use crate::save::save_atomic;
use crate::toolbox::extract::{ExtractError, blocks_text, ghost_files, inputs_text};
use std::path::Path;

/// Which extraction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Extract {
    /// Every ghost of a replay (or a map's validation ghost) as
    /// `.Ghost.Gbx` files in a folder per file.
    Ghosts,
    /// The inputs of the first ghost with input events, as CSV.
    InputsCsv,
    /// The same inputs as a TMInterface-style script.
    InputsScript,
    /// A map's blocks as JSON.
    BlocksJson,
    /// A map's blocks as CSV.
    BlocksCsv,
}

impl Extract {
    /// Menu label.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Ghosts => "Export ghosts as .Ghost.Gbx files",
            Self::InputsCsv => "Export inputs as CSV",
            Self::InputsScript => "Export inputs as TMInterface scripts",
            Self::BlocksJson => "Export blocks as JSON",
            Self::BlocksCsv => "Export blocks as CSV",
        }
    }

    /// The suffix that replaces a file's `.Gbx` in its output's name.
    #[must_use]
    pub fn suffix(self) -> &'static str {
        match self {
            Self::Ghosts => ".ghosts",
            Self::InputsCsv => ".inputs.csv",
            Self::InputsScript => ".inputs.txt",
            Self::BlocksJson => ".blocks.json",
            Self::BlocksCsv => ".blocks.csv",
        }
    }

    /// Why `row` has nothing to extract, judged from its header facts
    /// (a replay or ghost for ghosts and inputs, a map for blocks and a
    /// map's validation ghost); `None` when it may have.
    #[must_use]
    pub fn not_applicable(self, row: &Row) -> Option<&'static str> {
        let class = row.class.as_str();
        let replay_or_ghost = matches!(class, "CGameCtnReplayRecord" | "CGameCtnGhost");
        let map = class == "CGameCtnChallenge";
        match self {
            Self::Ghosts if !(replay_or_ghost || map) => Some("no ghost"),
            Self::InputsCsv | Self::InputsScript if !replay_or_ghost => Some("no ghost"),
            Self::BlocksJson | Self::BlocksCsv if !map => Some("not a map"),
            _ => None,
        }
    }

    /// Extracts from the file `source` into `target` (a folder for the
    /// ghosts, else the file): `Ok(None)` when written, `Ok(Some(why))`
    /// when the file turned out to have nothing to extract.
    ///
    /// # Errors
    /// Reading or decoding the file, a ghost that cannot be written, a
    /// write error; each with the path.
    pub fn run(self, source: &Path, target: &Path) -> Result<Option<String>, String> {
        // No further than the end the header declares (issue 43, finding 6).
        let gbx = crate::sniff::input::read_gbx(source)
            .map_err(|e| format!("{}: {e}", source.display()))?
            .parse()
            .map_err(|e| format!("{}: {e}", source.display()))?;
        let io = |p: &Path, e: std::io::Error| format!("{}: {e}", p.display());
        let text = match self {
            Self::Ghosts => {
                let files = match ghost_files(&gbx) {
                    Ok(f) => f,
                    Err(e) => return skipped(e),
                };
                std::fs::create_dir_all(target).map_err(|e| io(target, e))?;
                for (name, bytes) in files {
                    let path = target.join(name);
                    save_atomic(&path, &bytes, false).map_err(|e| io(&path, e))?;
                }
                return Ok(None);
            }
            Self::InputsCsv | Self::InputsScript => inputs_text(&gbx, None, target).map(|t| t.0),
            Self::BlocksJson | Self::BlocksCsv => blocks_text(&gbx, target).map(|t| t.0),
        };
        match text {
            Ok(text) => save_atomic(target, text.as_bytes(), false).map_err(|e| io(target, e))?,
            Err(e) => return skipped(e),
        }
        Ok(None)
    }
}

/// Nothing to extract is a skip (`Ok(Some(why))`), anything else an error.
fn skipped(e: ExtractError) -> Result<Option<String>, String> {
    match e {
        ExtractError::NoGhost | ExtractError::NoInputs | ExtractError::NotAMap => {
            Ok(Some(e.to_string()))
        }
        e => Err(e.to_string()),
    }
}
