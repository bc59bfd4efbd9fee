//! The mapper's toolbox (issue 18): what the CLI's `diff`, `size`, `strip`,
//! `decompress`/`compress` and `export inputs`/`export ghosts`/`export
//! blocks` and the
//! app's Diff and Size views compute. Each tool reads parsed files and
//! returns data or bytes; writing files is the caller's (through
//! [`crate::save`]).

pub mod blocks_out;
pub mod convert;
pub mod diff;
mod diff_fields;
mod diff_ref_table;
mod difference;
pub mod extract;
pub mod ghost_file;
mod ghost_rebase;
pub mod inputs;
pub mod items_zip;
pub mod runs;
pub mod runs_inputs;
pub mod runs_out;
pub mod size;
pub mod strip;
pub mod trk_diff;
