//! NadeoPak archives (seed 004 "PAK"). Work in progress.
