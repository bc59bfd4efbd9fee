//! A record of every primitive a [`super::ByteReader`] read, in order, with
//! where it sat: the input of the GBX text-format writer
//! (`crate::gbx::text`), which re-emits each number and string as a text line.

use std::cell::RefCell;
use std::rc::Rc;

/// A tape shared by a reader and its sub-readers.
pub type SharedTape = Rc<RefCell<Tape>>;

/// Primitives read so far, in reading order.
#[derive(Debug, Default)]
pub struct Tape {
    /// The recorded reads.
    pub items: Vec<TapeItem>,
}

/// Binary type of a recorded number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumKind {
    /// u8.
    U8,
    /// Little-endian u16.
    U16,
    /// Little-endian u32.
    U32,
    /// Little-endian i32.
    I32,
    /// Little-endian u64.
    U64,
    /// Little-endian IEEE-754 f32.
    F32,
}

impl NumKind {
    /// Type name for messages.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::U8 => "u8",
            Self::U16 => "u16",
            Self::U32 => "u32",
            Self::I32 => "i32",
            Self::U64 => "u64",
            Self::F32 => "f32",
        }
    }

    /// The value's bits (zero-extended little-endian bytes).
    #[must_use]
    pub fn bits_of(self, le: &[u8]) -> u64 {
        le.iter()
            .rev()
            .fold(0u64, |acc, &b| (acc << 8) | u64::from(b))
    }

    /// Parses a text line into the bits of this kind; integers wrap to the
    /// type's width (a u32 may be written "-1"), floats use Rust's shortest
    /// round-trip decimal form (and "NaN", "inf").
    #[must_use]
    pub fn parse_text(self, s: &str) -> Option<u64> {
        if self == Self::F32 {
            return s.parse::<f32>().ok().map(|f| u64::from(f.to_bits()));
        }
        let v = s
            .parse::<u64>()
            .ok()
            .or_else(|| s.parse::<i64>().ok().map(|v| v as u64))?;
        Some(match self {
            Self::U8 => v & 0xFF,
            Self::U16 => v & 0xFFFF,
            Self::U32 | Self::I32 => v & 0xFFFF_FFFF,
            _ => v,
        })
    }

    /// The text line (without CR LF) for `bits` of this kind.
    #[must_use]
    pub fn format_text(self, bits: u64) -> String {
        match self {
            Self::F32 => format!("{}", f32::from_bits(bits as u32)),
            Self::I32 => format!("{}", bits as u32 as i32),
            _ => format!("{bits}"),
        }
    }
}

/// One recorded read; offsets are absolute in the reader's space.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TapeItem {
    /// A number of `len` bytes at `at`.
    Num {
        /// Binary type.
        kind: NumKind,
        /// Offset.
        at: u64,
        /// Bytes (1, 2, 4 or 8).
        len: u64,
        /// The value's bits.
        bits: u64,
    },
    /// A string: u32 length at `at`, then `len - 4` bytes.
    Str {
        /// Offset of the length.
        at: u64,
        /// Bytes including the length.
        len: u64,
    },
    /// Raw bytes.
    Raw {
        /// Offset.
        at: u64,
        /// Bytes.
        len: u64,
    },
    /// A bounded sub-reader over `len` bytes at `at`, whose length was read
    /// from the u32 at `size_at` (when known).
    Sub {
        /// Offset.
        at: u64,
        /// Bytes.
        len: u64,
        /// Offset of the u32 holding the length.
        size_at: Option<u64>,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_numbers_wrap_to_their_width_and_floats_round_trip() {
        assert_eq!(NumKind::U32.parse_text("-1"), Some(0xFFFF_FFFF));
        assert_eq!(NumKind::I32.format_text(0xFFFF_FFFF), "-1");
        assert_eq!(NumKind::U8.parse_text("66"), Some(66));
        for f in [0.1f32, -0.0, 1e-40, 3.402_823_5e38, 1234.5678] {
            let t = NumKind::F32.format_text(u64::from(f.to_bits()));
            assert_eq!(
                NumKind::F32.parse_text(&t),
                Some(u64::from(f.to_bits())),
                "{t}"
            );
        }
        assert_eq!(NumKind::U32.parse_text("x"), None);
        assert_eq!(NumKind::U32.bits_of(&[1, 2, 3, 4]), 0x0403_0201);
    }
}
