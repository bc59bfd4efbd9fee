use serde::Serialize;

/// A half-open byte range `start..end` in one address space (file or body).
///
/// Which space is meant is stated by the owner (e.g. `range_in_file`,
/// `range_in_body`); the hex view uses it to highlight the bytes of a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
pub struct ByteRange {
    /// First byte, inclusive.
    pub start: u64,
    /// One past the last byte.
    pub end: u64,
}

impl ByteRange {
    /// Range `start..end`; `end` is clamped to be at least `start`.
    #[must_use]
    pub fn new(start: u64, end: u64) -> Self {
        Self {
            start,
            end: end.max(start),
        }
    }

    /// Range of `len` bytes starting at `start` (saturating).
    #[must_use]
    pub fn at(start: u64, len: u64) -> Self {
        Self {
            start,
            end: start.saturating_add(len),
        }
    }

    /// Length in bytes.
    #[must_use]
    pub fn len(&self) -> u64 {
        self.end - self.start
    }

    /// True when the range holds no byte.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }

    /// True when `offset` lies inside the range.
    #[must_use]
    pub fn contains(&self, offset: u64) -> bool {
        offset >= self.start && offset < self.end
    }
}
