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

/// Declares an offset newtype of one space: transparent in JSON (a plain
/// number) and printed like the number in every format, so a value that
/// was a `u64` reads the same where it is shown.
macro_rules! offset_type {
    ($(#[$doc:meta])* $name:ident, $space:expr) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize)]
        #[serde(transparent)]
        pub struct $name(pub u64);

        impl $name {
            /// The offset as a number.
            #[must_use]
            pub fn get(self) -> u64 {
                self.0
            }

            /// The space it counts in.
            #[must_use]
            pub fn space(self) -> Space {
                $space
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Display::fmt(&self.0, f)
            }
        }

        impl std::fmt::LowerHex for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::LowerHex::fmt(&self.0, f)
            }
        }

        impl std::fmt::UpperHex for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::UpperHex::fmt(&self.0, f)
            }
        }
    };
}

offset_type!(
    /// An offset in the file as stored (header, header chunks, reference
    /// table, compressed body).
    FileOffset,
    Space::File
);

offset_type!(
    /// An offset in the decompressed body (body chunks, nodes, where
    /// reading stopped).
    BodyOffset,
    Space::Body
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_print_and_serialize_as_their_number() {
        let at = BodyOffset(0x1a4);
        assert_eq!(format!("{at:#x} {at}"), "0x1a4 420");
        assert_eq!(serde_json::to_string(&at).unwrap(), "420");
        assert_eq!(at.space(), Space::Body);
        assert_eq!(FileOffset(3).space(), Space::File);
    }
}
