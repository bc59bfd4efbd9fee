//! NadeoPak archives (seed 004 "PAK").

pub mod crypto;
