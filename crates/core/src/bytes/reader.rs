//! [`ByteReader`]: the bounded cursor every format reads through.

pub use super::error::{ReadError, ReadErrorKind};
use super::tape::{NumKind, SharedTape, TapeItem};

/// Cursor over a byte slice whose first byte sits at absolute offset `origin`
/// of address space `space` ("file" or "body").
///
/// All reads are bounds-checked and return [`ReadError`] with the absolute
/// offset; [`ByteReader::sub`] gives a bounded child reader for a chunk.
///
/// In text mode ([`ByteReader::set_text`], GBX format byte 'T', seed 000
/// "Primitives" note) every number is one line of ASCII text ending in CR LF
/// and a length-prefixed string is one line; raw byte blocks stay bytes.
/// With a tape attached ([`ByteReader::with_tape`]) every primitive read is
/// recorded, which is how the text writer transcodes a binary file.
#[derive(Debug, Clone)]
pub struct ByteReader<'a> {
    buf: &'a [u8],
    /// The unread rest of `buf` (a suffix of it): the position is
    /// `buf.len() - rest.len()`, and a read of N bytes is one length check
    /// of `rest` (issue 32: one bounds check per read, not per byte).
    rest: &'a [u8],
    origin: u64,
    space: &'static str,
    text: bool,
    tape: Option<SharedTape>,
    /// Neither text mode nor a tape: numbers take the fast path.
    plain: bool,
}

macro_rules! read_num {
    ($name:ident, $ty:ty, $n:expr, $kind:ident, $doc:expr) => {
        #[doc = $doc]
        ///
        /// # Errors
        /// [`ReadErrorKind::UnexpectedEof`] when fewer bytes remain; in text
        /// mode [`ReadErrorKind::Invalid`] for a line that is not a number.
        #[inline]
        pub fn $name(&mut self) -> Result<$ty, ReadError> {
            if self.plain
                && let Some((b, rest)) = self.rest.split_first_chunk::<$n>()
            {
                self.rest = rest;
                return Ok(<$ty>::from_le_bytes(*b));
            }
            self.num_slow::<$n>(NumKind::$kind)
                .map(<$ty>::from_le_bytes)
        }
    };
}

impl<'a> ByteReader<'a> {
    /// Reader over `buf`, whose first byte is at `origin` in `space`.
    #[must_use]
    pub fn new(buf: &'a [u8], origin: u64, space: &'static str) -> Self {
        Self {
            buf,
            rest: buf,
            origin,
            space,
            text: false,
            tape: None,
            plain: true,
        }
    }

    /// Records every later primitive read (and those of sub-readers) on `tape`.
    #[must_use]
    pub fn with_tape(mut self, tape: SharedTape) -> Self {
        self.tape = Some(tape);
        self.plain = false;
        self
    }

    /// Stops recording.
    pub fn stop_tape(&mut self) {
        self.tape = None;
        self.plain = !self.text;
    }

    /// Switches text mode (numbers and strings as CR LF-terminated lines).
    pub fn set_text(&mut self, on: bool) {
        self.text = on;
        self.plain = !on && self.tape.is_none();
    }

    /// True in text mode.
    #[must_use]
    pub fn is_text(&self) -> bool {
        self.text
    }

    /// True when the reader neither reads text nor records a tape: reading
    /// the same bytes again has no effect beyond the values.
    #[must_use]
    pub fn is_plain(&self) -> bool {
        self.plain
    }

    /// Position relative to the start of this reader's slice.
    #[must_use]
    #[inline]
    pub fn pos(&self) -> usize {
        self.buf.len() - self.rest.len()
    }

    /// Absolute position in the reader's address space.
    #[must_use]
    #[inline]
    pub fn pos_abs(&self) -> u64 {
        self.origin + self.pos() as u64
    }

    /// Address space name ("file" or "body").
    #[must_use]
    pub fn space(&self) -> &'static str {
        self.space
    }

    /// Bytes left.
    #[must_use]
    #[inline]
    pub fn remaining(&self) -> usize {
        self.rest.len()
    }

    /// How many numbers of `width` bytes the rest holds, when it is whole
    /// numbers: `remaining / width` in binary, the count of lines in text
    /// mode (for decoders that size a list by the bytes left).
    #[must_use]
    pub fn remaining_numbers(&self, width: usize) -> Option<usize> {
        if self.text {
            let rest = self.rest();
            let lines = rest.windows(2).filter(|w| w == b"\r\n").count();
            return (rest.is_empty() || rest.ends_with(b"\r\n")).then_some(lines);
        }
        let n = self.remaining();
        n.is_multiple_of(width.max(1)).then(|| n / width.max(1))
    }

    /// True when every byte was consumed.
    #[must_use]
    pub fn is_at_end(&self) -> bool {
        self.rest.is_empty()
    }

    /// The unread rest of the slice, without consuming it.
    #[must_use]
    pub fn rest(&self) -> &'a [u8] {
        self.rest
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
        let Some(rest) = self.buf.get(pos..) else {
            return Err(self.eof(pos as u64 - self.pos() as u64));
        };
        self.rest = rest;
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
    /// in what remains (and below `limit`), before anything is allocated. In
    /// text mode an item takes at least one byte whatever its binary size.
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
        let item_size = if self.text { 1 } else { item_size.max(1) };
        let fits = count
            .checked_mul(item_size)
            .is_some_and(|n| n <= self.remaining() as u64);
        if count > limit || !fits {
            let max_by_data = self.remaining() as u64 / item_size;
            return Err(self.error(ReadErrorKind::TooLarge {
                what,
                value: count,
                limit: limit.min(max_by_data),
            }));
        }
        usize::try_from(count).map_err(|_| self.invalid("count does not fit in memory"))
    }

    #[inline]
    fn take(&mut self, len: usize) -> Result<&'a [u8], ReadError> {
        let Some((s, rest)) = self.rest.split_at_checked(len) else {
            return Err(self.eof(len as u64));
        };
        self.rest = rest;
        Ok(s)
    }

    #[inline]
    fn take_array<const N: usize>(&mut self) -> Result<[u8; N], ReadError> {
        let Some((s, rest)) = self.rest.split_first_chunk::<N>() else {
            return Err(self.eof(N as u64));
        };
        self.rest = rest;
        Ok(*s)
    }

    /// A number of `N` bytes outside the fast path: a text line, a read
    /// recorded on the tape, or the end of data.
    #[cold]
    #[inline(never)]
    fn num_slow<const N: usize>(&mut self, kind: NumKind) -> Result<[u8; N], ReadError> {
        if self.text {
            // Integers wrap and floats keep their bits (`text_number`):
            // the low N bytes of the value's bits.
            let bits = self.text_number(kind)?.to_le_bytes();
            let mut out = [0u8; N];
            out.copy_from_slice(&bits[..N]);
            return Ok(out);
        }
        let at = self.pos_abs();
        let b = self.take_array::<N>()?;
        if self.tape.is_some() {
            self.record(TapeItem::Num {
                kind,
                at,
                len: N as u64,
                bits: kind.bits_of(&b),
            });
        }
        Ok(b)
    }

    #[cold]
    fn record(&self, item: TapeItem) {
        if let Some(t) = &self.tape {
            t.borrow_mut().items.push(item);
        }
    }

    /// Reads `len` raw bytes (raw in text mode too).
    ///
    /// # Errors
    /// [`ReadErrorKind::UnexpectedEof`] when fewer bytes remain.
    pub fn bytes(&mut self, len: usize) -> Result<&'a [u8], ReadError> {
        let at = self.pos_abs();
        let s = self.take(len)?;
        if self.tape.is_some() {
            self.record(TapeItem::Raw {
                at,
                len: len as u64,
            });
        }
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
        self.sub_sized(len, None)
    }

    /// [`Self::sub`] whose length was read from the u32 at absolute offset
    /// `size_at` (bit 31 of that u32 is a flag kept apart from the length);
    /// the text writer rewrites that number with the transcoded length.
    ///
    /// # Errors
    /// [`ReadErrorKind::UnexpectedEof`] when fewer bytes remain.
    pub fn sub_sized(
        &mut self,
        len: usize,
        size_at: Option<u64>,
    ) -> Result<ByteReader<'a>, ReadError> {
        let origin = self.pos_abs();
        let buf = self.take(len)?;
        if self.tape.is_some() {
            self.record(TapeItem::Sub {
                at: origin,
                len: len as u64,
                size_at,
            });
        }
        Ok(ByteReader {
            buf,
            rest: buf,
            origin,
            space: self.space,
            text: self.text,
            tape: self.tape.clone(),
            plain: self.plain,
        })
    }

    /// Reads a fixed-size array of raw bytes.
    ///
    /// # Errors
    /// [`ReadErrorKind::UnexpectedEof`] when fewer bytes remain.
    pub fn array<const N: usize>(&mut self) -> Result<[u8; N], ReadError> {
        let s = self.bytes(N)?;
        let mut out = [0u8; N];
        out.copy_from_slice(s);
        Ok(out)
    }

    /// Peeks a u32 without consuming it (a text line in text mode).
    ///
    /// # Errors
    /// [`ReadErrorKind::UnexpectedEof`] when fewer than 4 bytes remain.
    #[inline]
    pub fn peek_u32(&self) -> Result<u32, ReadError> {
        // In line: the chunk loop peeks once per chunk for "PIKS".
        if !self.text
            && let Some(b) = self.rest.first_chunk::<4>()
        {
            return Ok(u32::from_le_bytes(*b));
        }
        self.peek_u32_slow()
    }

    /// [`Self::peek_u32`] in text mode or near the end.
    #[cold]
    fn peek_u32_slow(&self) -> Result<u32, ReadError> {
        if self.text {
            let mut c = ByteReader {
                tape: None,
                plain: false,
                ..self.clone()
            };
            return c.u32();
        }
        match self.rest.first_chunk::<4>() {
            Some(b) => Ok(u32::from_le_bytes(*b)),
            None => Err(self.eof(4)),
        }
    }

    /// A string (seed 000 "string": u32 byte length, then the bytes; in
    /// text mode one line). Returns its bytes.
    ///
    /// # Errors
    /// When the length exceeds the data left, or a text line has no CR LF.
    pub fn string_bytes(&mut self) -> Result<&'a [u8], ReadError> {
        if self.text {
            return self.line();
        }
        let at = self.pos_abs();
        let len = u32::from_le_bytes(self.take_array::<4>()?);
        let n = self.check_count("string length", u64::from(len), 1, u64::from(u32::MAX))?;
        let s = self.take(n)?;
        if self.tape.is_some() {
            self.record(TapeItem::Str {
                at,
                len: 4 + n as u64,
            });
        }
        Ok(s)
    }

    /// The bytes up to the next CR LF, consuming both.
    fn line(&mut self) -> Result<&'a [u8], ReadError> {
        let rest = self.rest();
        let Some(end) = rest.windows(2).position(|w| w == b"\r\n") else {
            return Err(self.invalid("text-format line without its CR LF ending"));
        };
        let s = self.take(end)?;
        self.take(2)?;
        Ok(s)
    }

    /// A text-mode number line, as the bits of a `kind` value (integers
    /// wrap: "-1" read as u32 is 0xFFFFFFFF, as a peek and a later i32 read
    /// may see the same line).
    fn text_number(&mut self, kind: NumKind) -> Result<u64, ReadError> {
        let start = self.pos();
        let line = self.line()?;
        let parsed = std::str::from_utf8(line)
            .ok()
            .and_then(|s| kind.parse_text(s.trim()));
        parsed.ok_or_else(|| {
            let bad = String::from_utf8_lossy(line).into_owned();
            ReadError::invalid(
                format!("text-format line {bad:?} is not a {}", kind.name()),
                self.origin + start as u64,
                self.space,
            )
        })
    }

    read_num!(
        u8,
        u8,
        1,
        U8,
        "Reads one byte (a number line in text mode)."
    );
    read_num!(u16, u16, 2, U16, "Reads a little-endian u16.");
    read_num!(u32, u32, 4, U32, "Reads a little-endian u32.");
    read_num!(i32, i32, 4, I32, "Reads a little-endian i32.");
    read_num!(u64, u64, 8, U64, "Reads a little-endian u64.");

    /// Reads a little-endian IEEE-754 f32 (a decimal line in text mode).
    ///
    /// # Errors
    /// As [`Self::u32`].
    #[inline]
    pub fn f32(&mut self) -> Result<f32, ReadError> {
        if self.plain
            && let Some((b, rest)) = self.rest.split_first_chunk::<4>()
        {
            self.rest = rest;
            return Ok(f32::from_le_bytes(*b));
        }
        self.num_slow::<4>(NumKind::F32).map(f32::from_le_bytes)
    }
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
    fn text_mode_reads_numbers_and_strings_as_crlf_lines() {
        let data = b"12\r\n-1\r\n1.5\r\na\nb\r\n\x01\x02";
        let mut r = ByteReader::new(data, 0x10, "body");
        r.set_text(true);
        assert_eq!(r.peek_u32().unwrap(), 12);
        assert_eq!(r.u32().unwrap(), 12);
        assert_eq!(r.i32().unwrap(), -1);
        assert_eq!(r.f32().unwrap(), 1.5);
        // A single LF is part of a string (seed 000 "Primitives").
        assert_eq!(r.string_bytes().unwrap(), b"a\nb");
        assert_eq!(r.bytes(2).unwrap(), [1, 2]);
        let mut bad = ByteReader::new(b"x1\r\n7", 0, "file");
        bad.set_text(true);
        let e = bad.u32().unwrap_err();
        assert_eq!(e.offset(), 0);
        assert!(e.to_string().contains("\"x1\" is not a u32"), "{e}");
        assert!(bad.u32().is_err(), "a last line without CR LF is refused");
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
