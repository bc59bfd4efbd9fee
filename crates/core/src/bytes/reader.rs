use std::fmt;

/// What went wrong while reading; see [`ReadError`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReadErrorKind {
    /// The data ended before a value could be read.
    UnexpectedEof {
        /// Bytes the value needed.
        needed: u64,
        /// Bytes that were left.
        available: u64,
    },
    /// A declared count or size exceeds what the data or the limits allow.
    TooLarge {
        /// Which count or size (e.g. "string length").
        what: &'static str,
        /// The declared value.
        value: u64,
        /// The largest value accepted here.
        limit: u64,
    },
    /// A value that the format does not allow (bad magic, bad enum value…).
    Invalid(String),
}

impl fmt::Display for ReadErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnexpectedEof { needed, available } => write!(
                f,
                "unexpected end of data: needed {needed} bytes, {available} left"
            ),
            Self::TooLarge { what, value, limit } => {
                write!(f, "{what} {value} is too large (at most {limit} here)")
            }
            Self::Invalid(msg) => f.write_str(msg),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Inner {
    kind: ReadErrorKind,
    offset: u64,
    space: &'static str,
    context: Vec<String>,
}

/// A read failure: what ([`ReadErrorKind`]), where (absolute byte offset and
/// its address space, "file" or "body") and in which chunk/node (context
/// frames, innermost first).
///
/// Display reads e.g. "unexpected end of data: needed 4 bytes, 2 left (at body
/// offset 0x1a4) in chunk 0x03043011 in node 0 CGameCtnChallenge".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError(Box<Inner>);

impl ReadError {
    /// New error of `kind` at absolute `offset` in address space `space`.
    #[cold]
    #[must_use]
    pub fn new(kind: ReadErrorKind, offset: u64, space: &'static str) -> Self {
        Self(Box::new(Inner {
            kind,
            offset,
            space,
            context: Vec::new(),
        }))
    }

    /// Shorthand for [`ReadErrorKind::Invalid`].
    #[cold]
    #[must_use]
    pub fn invalid(msg: impl Into<String>, offset: u64, space: &'static str) -> Self {
        Self::new(ReadErrorKind::Invalid(msg.into()), offset, space)
    }

    /// Adds an outer context frame such as "in chunk 0x03043011".
    #[cold]
    #[must_use]
    pub fn context(mut self, frame: impl Into<String>) -> Self {
        self.0.context.push(frame.into());
        self
    }

    /// What went wrong.
    #[must_use]
    pub fn kind(&self) -> &ReadErrorKind {
        &self.0.kind
    }

    /// Absolute byte offset of the failure in [`Self::space`].
    #[must_use]
    pub fn offset(&self) -> u64 {
        self.0.offset
    }

    /// Address space of [`Self::offset`]: "file" or "body".
    #[must_use]
    pub fn space(&self) -> &'static str {
        self.0.space
    }

    /// Context frames, innermost first.
    #[must_use]
    pub fn frames(&self) -> &[String] {
        &self.0.context
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (at {} offset {:#x})",
            self.0.kind, self.0.space, self.0.offset
        )?;
        for frame in &self.0.context {
            write!(f, " {frame}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ReadError {}

/// Cursor over a byte slice whose first byte sits at absolute offset `origin`
/// of address space `space` ("file" or "body").
///
/// All reads are bounds-checked and return [`ReadError`] with the absolute
/// offset; [`ByteReader::sub`] gives a bounded child reader for a chunk.
#[derive(Debug, Clone)]
pub struct ByteReader<'a> {
    buf: &'a [u8],
    pos: usize,
    origin: u64,
    space: &'static str,
}

macro_rules! read_le {
    ($name:ident, $ty:ty, $n:expr, $doc:expr) => {
        #[doc = $doc]
        ///
        /// # Errors
        /// [`ReadErrorKind::UnexpectedEof`] when fewer bytes remain.
        pub fn $name(&mut self) -> Result<$ty, ReadError> {
            let b = self.array::<$n>()?;
            Ok(<$ty>::from_le_bytes(b))
        }
    };
}

impl<'a> ByteReader<'a> {
    /// Reader over `buf`, whose first byte is at `origin` in `space`.
    #[must_use]
    pub fn new(buf: &'a [u8], origin: u64, space: &'static str) -> Self {
        Self {
            buf,
            pos: 0,
            origin,
            space,
        }
    }

    /// Position relative to the start of this reader's slice.
    #[must_use]
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Absolute position in the reader's address space.
    #[must_use]
    pub fn pos_abs(&self) -> u64 {
        self.origin + self.pos as u64
    }

    /// Address space name ("file" or "body").
    #[must_use]
    pub fn space(&self) -> &'static str {
        self.space
    }

    /// Bytes left.
    #[must_use]
    pub fn remaining(&self) -> usize {
        self.buf.len() - self.pos
    }

    /// True when every byte was consumed.
    #[must_use]
    pub fn is_at_end(&self) -> bool {
        self.pos >= self.buf.len()
    }

    /// The unread rest of the slice, without consuming it.
    #[must_use]
    pub fn rest(&self) -> &'a [u8] {
        &self.buf[self.pos..]
    }

    /// The whole underlying slice.
    #[must_use]
    pub fn data(&self) -> &'a [u8] {
        self.buf
    }

    /// Moves to `pos` relative to the slice start.
    ///
    /// # Errors
    /// [`ReadErrorKind::UnexpectedEof`] when `pos` is past the end.
    pub fn seek(&mut self, pos: usize) -> Result<(), ReadError> {
        if pos > self.buf.len() {
            return Err(self.eof(pos as u64 - self.pos as u64));
        }
        self.pos = pos;
        Ok(())
    }

    /// Error at the current position.
    #[cold]
    #[must_use]
    pub fn error(&self, kind: ReadErrorKind) -> ReadError {
        ReadError::new(kind, self.pos_abs(), self.space)
    }

    /// [`ReadErrorKind::Invalid`] at the current position.
    #[cold]
    #[must_use]
    pub fn invalid(&self, msg: impl Into<String>) -> ReadError {
        self.error(ReadErrorKind::Invalid(msg.into()))
    }

    #[cold]
    fn eof(&self, needed: u64) -> ReadError {
        self.error(ReadErrorKind::UnexpectedEof {
            needed,
            available: self.remaining() as u64,
        })
    }

    /// Checks that a declared `count` of items of `item_size` bytes each fits
    /// in what remains (and below `limit`), before anything is allocated.
    ///
    /// # Errors
    /// [`ReadErrorKind::TooLarge`] naming `what`.
    pub fn check_count(
        &self,
        what: &'static str,
        count: u64,
        item_size: u64,
        limit: u64,
    ) -> Result<usize, ReadError> {
        let fits = count
            .checked_mul(item_size.max(1))
            .is_some_and(|n| n <= self.remaining() as u64);
        if count > limit || !fits {
            let max_by_data = self.remaining() as u64 / item_size.max(1);
            return Err(self.error(ReadErrorKind::TooLarge {
                what,
                value: count,
                limit: limit.min(max_by_data),
            }));
        }
        usize::try_from(count).map_err(|_| self.invalid("count does not fit in memory"))
    }

    /// Reads `len` bytes.
    ///
    /// # Errors
    /// [`ReadErrorKind::UnexpectedEof`] when fewer bytes remain.
    pub fn bytes(&mut self, len: usize) -> Result<&'a [u8], ReadError> {
        if len > self.remaining() {
            return Err(self.eof(len as u64));
        }
        let s = &self.buf[self.pos..self.pos + len];
        self.pos += len;
        Ok(s)
    }

    /// Skips `len` bytes.
    ///
    /// # Errors
    /// [`ReadErrorKind::UnexpectedEof`] when fewer bytes remain.
    pub fn skip(&mut self, len: usize) -> Result<(), ReadError> {
        self.bytes(len).map(|_| ())
    }

    /// Bounded child reader over the next `len` bytes, advancing past them.
    ///
    /// # Errors
    /// [`ReadErrorKind::UnexpectedEof`] when fewer bytes remain.
    pub fn sub(&mut self, len: usize) -> Result<ByteReader<'a>, ReadError> {
        let origin = self.pos_abs();
        let buf = self.bytes(len)?;
        Ok(ByteReader {
            buf,
            pos: 0,
            origin,
            space: self.space,
        })
    }

    /// Reads a fixed-size array.
    ///
    /// # Errors
    /// [`ReadErrorKind::UnexpectedEof`] when fewer bytes remain.
    pub fn array<const N: usize>(&mut self) -> Result<[u8; N], ReadError> {
        let s = self.bytes(N)?;
        let mut out = [0u8; N];
        out.copy_from_slice(s);
        Ok(out)
    }

    /// Peeks a little-endian u32 without consuming it.
    ///
    /// # Errors
    /// [`ReadErrorKind::UnexpectedEof`] when fewer than 4 bytes remain.
    pub fn peek_u32(&self) -> Result<u32, ReadError> {
        self.clone().u32()
    }

    read_le!(u8, u8, 1, "Reads one byte.");
    read_le!(u16, u16, 2, "Reads a little-endian u16.");
    read_le!(u32, u32, 4, "Reads a little-endian u32.");
    read_le!(i32, i32, 4, "Reads a little-endian i32.");
    read_le!(u64, u64, 8, "Reads a little-endian u64.");
    read_le!(f32, f32, 4, "Reads a little-endian IEEE-754 f32.");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_little_endian_and_reports_absolute_offsets() {
        let data = [1, 0, 0, 0, 0xff, 0xff];
        let mut r = ByteReader::new(&data, 0x100, "body");
        assert_eq!(r.u32().unwrap(), 1);
        assert_eq!(r.pos_abs(), 0x104);
        let err = r.u32().unwrap_err();
        assert_eq!(err.offset(), 0x104);
        assert_eq!(
            err.context("in chunk 0x03043011").to_string(),
            "unexpected end of data: needed 4 bytes, 2 left (at body offset 0x104) in chunk 0x03043011"
        );
    }

    #[test]
    fn sub_reader_keeps_origin_and_bounds() {
        let data = [0u8; 10];
        let mut r = ByteReader::new(&data, 0, "file");
        r.skip(2).unwrap();
        let mut child = r.sub(4).unwrap();
        assert_eq!(child.pos_abs(), 2);
        assert!(child.bytes(5).is_err());
        assert_eq!(r.pos(), 6);
    }

    #[test]
    fn check_count_refuses_counts_larger_than_the_data() {
        let data = [0u8; 8];
        let r = ByteReader::new(&data, 0, "file");
        assert_eq!(r.check_count("items", 2, 4, 100).unwrap(), 2);
        assert!(r.check_count("items", 3, 4, 100).is_err());
        assert!(r.check_count("items", u64::MAX, 4, u64::MAX).is_err());
        assert!(r.check_count("items", 5, 1, 4).is_err());
    }
}
