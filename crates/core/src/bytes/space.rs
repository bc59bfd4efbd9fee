//! Which bytes an offset counts in: a GBX file as stored, or its
//! decompressed body (seed 000 "Body": offsets inside the LZO-compressed
//! body are only meaningful after decompression).

use serde::Serialize;

/// Address space of an offset or a [`super::ByteRange`]: header chunks
/// live in file space, body chunks in body space.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Space {
    /// Offsets in the file (header, reference table, compressed body).
    #[default]
    File,
    /// Offsets in the decompressed body.
    Body,
}

impl Space {
    /// "file" or "body".
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::File => "file",
            Self::Body => "body",
        }
    }
}
