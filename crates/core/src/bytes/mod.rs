//! Bounded reading and writing of little-endian binary data.
//!
//! Every format in this crate reads through [`ByteReader`], a cursor over a
//! byte slice that knows the absolute offset of its first byte (`origin`), so a
//! value read from a sub-slice still reports where it sits in the file or body.
//! No read indexes the slice directly: running past the end is an error, never
//! a panic (GUIDE.md "Reading binary data").

mod error;
pub mod push;
mod range;
mod reader;
mod space;
pub mod tape;
mod writer;

pub use range::ByteRange;
pub use reader::{ByteReader, ReadError, ReadErrorKind};
pub use space::{BodyOffset, FileOffset, Space};
pub use writer::ByteWriter;
