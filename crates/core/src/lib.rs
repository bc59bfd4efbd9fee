//! trackbench-core: the file formats trackbench reads and writes, with no UI.
//!
//! - [`gbx`]: Trackmania / ManiaPlanet GameBox files (seeds 000/001 "GBX", 003).
//! - [`pak`]: NadeoPak archives (seed 004 "PAK").
//! - [`trk`]: Stunts track files (seed 002 "Track file").
//! - [`library`]: a folder's files as rows of header facts, scanned in parallel.
//! - [`sniff`]: which of those a file is, from its magic and name
//!   ([`file_kinds`]: the one table of kinds and extensions).
//! - [`walk`]: the one folder walker (inputs by kind; a folder's whole tree).
//! - [`toolbox`]: the mapper's tools: diff, size, strip, body conversion, input export.
//! - [`save`]: the one atomic file writer; [`history`]: the one undo history.
//! - [`bytes`]: the bounded byte cursor and typed offsets every reader uses.
//!
//! Untrusted input never panics: every reader returns a `Result` whose error
//! names what went wrong and at which byte offset.
#![deny(missing_docs)]

pub mod bytes;
pub mod csv_out;
pub mod edit;
pub mod file_kinds;
pub mod fuzzing;
pub mod gbx;
pub mod history;
pub mod jobs;
pub mod library;
pub mod pak;
pub mod save;
pub mod sniff;
pub mod terminal;
pub mod toolbox;
pub mod trk;
pub mod walk;
