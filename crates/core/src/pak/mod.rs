//! NadeoPak archives (seed 004 "PAK").

pub mod crypto;
mod error;
pub mod packlist;

pub use crypto::PakKey;
pub use error::PakError;
pub use packlist::{Packlist, PacklistEntry};
