//! Pure helpers of the hex view: row layout and offset parsing. A row
//! holds `per_row` bytes (16, 8 or 4, chosen from the view's width by
//! [`crate::widgets::responsive::hex_bytes_per_row`]; never 0).

/// Number of rows needed for `len` bytes at `per_row` bytes a row (at
/// least one).
#[must_use]
pub fn row_count(len: usize, per_row: usize) -> usize {
    len.div_ceil(per_row.max(1)).max(1)
}

/// Row holding `offset` at `per_row` bytes a row.
#[must_use]
pub fn row_of(offset: u64, per_row: usize) -> usize {
    usize::try_from(offset / per_row.max(1) as u64).unwrap_or(usize::MAX)
}

/// The bytes of row `row` (fewer on the last row, empty past the end).
#[must_use]
pub fn row_bytes(data: &[u8], row: usize, per_row: usize) -> &[u8] {
    let start = row.saturating_mul(per_row).min(data.len());
    let end = start.saturating_add(per_row).min(data.len());
    &data[start..end]
}

/// Characters before a row's first byte: the offset (8 hex digits) and
/// two spaces.
pub const OFFSET_CHARS: usize = 10;

/// The column (in characters) where byte `i` of a row starts: after the
/// offset, 3 characters a byte ("xx "), and one more space after every 8.
#[must_use]
pub fn byte_column(i: usize) -> usize {
    OFFSET_CHARS + 3 * i + i / 8
}

/// Which byte of a row of `per_row` bytes a click at character column
/// `col` falls on: its hex digits and the space after them, or its ASCII
/// character on the right; `None` for the offset and the gaps.
#[must_use]
pub fn byte_at_column(col: f32, per_row: usize) -> Option<usize> {
    if col < OFFSET_CHARS as f32 {
        return None;
    }
    // The hex part ends with the last byte's separator, then one space.
    let ascii_start = byte_column(per_row) + 1;
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let c = col.floor() as usize;
    if c >= ascii_start {
        let i = c - ascii_start;
        return (i < per_row).then_some(i);
    }
    (0..per_row).find(|&i| c >= byte_column(i) && c < byte_column(i) + 3)
}

/// The value of a hex digit typed ('0'–'9', 'a'–'f', 'A'–'F').
#[must_use]
pub fn hex_digit(c: char) -> Option<u8> {
    c.to_digit(16).and_then(|d| u8::try_from(d).ok())
}

/// Printable ASCII for the right-hand column ('.' for the rest).
#[must_use]
pub fn ascii(byte: u8) -> char {
    if byte.is_ascii_graphic() || byte == b' ' {
        byte as char
    } else {
        '.'
    }
}

/// Parses an offset typed by the user: `0x1a4`, `1a4h`, `$1a4` (hex) or
/// `420` (decimal).
#[must_use]
pub fn parse_offset(text: &str) -> Option<u64> {
    let t = text.trim().replace('_', "");
    if let Some(h) = t
        .strip_prefix("0x")
        .or_else(|| t.strip_prefix("0X"))
        .or_else(|| t.strip_prefix('$'))
    {
        return u64::from_str_radix(h, 16).ok();
    }
    if let Some(h) = t.strip_suffix('h').or_else(|| t.strip_suffix('H')) {
        return u64::from_str_radix(h, 16).ok();
    }
    t.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_cover_the_data() {
        assert_eq!(row_count(0, 16), 1);
        assert_eq!(row_count(16, 16), 1);
        assert_eq!(row_count(17, 16), 2);
        assert_eq!(row_count(17, 4), 5);
        let data: Vec<u8> = (0..20).collect();
        assert_eq!(row_bytes(&data, 1, 16), &[16, 17, 18, 19]);
        assert_eq!(row_bytes(&data, 1, 8), &[8, 9, 10, 11, 12, 13, 14, 15]);
        assert!(row_bytes(&data, 5, 16).is_empty());
        assert_eq!(row_of(0x1a4, 16), 0x1a);
        assert_eq!(row_of(0x1a4, 4), 0x69);
    }

    #[test]
    fn a_click_finds_its_byte() {
        // "00000010  00 01 02 03 04 05 06 07  08 … 0f   ................"
        assert_eq!(byte_at_column(3.0, 16), None, "the offset");
        assert_eq!(byte_at_column(10.0, 16), Some(0));
        assert_eq!(byte_at_column(12.5, 16), Some(0), "the space after it");
        assert_eq!(byte_at_column(13.0, 16), Some(1));
        assert_eq!(byte_at_column(31.0, 16), Some(7));
        assert_eq!(byte_at_column(34.0, 16), None, "the gap after 8 bytes");
        assert_eq!(byte_at_column(35.0, 16), Some(8));
        assert_eq!(byte_at_column(58.0, 16), Some(15));
        assert_eq!(byte_at_column(59.0, 16), None, "the gap after 16");
        // ASCII: after 16 × 3 + 2 gaps = 50 characters and one space.
        assert_eq!(byte_at_column(61.0, 16), Some(0));
        assert_eq!(byte_at_column(76.0, 16), Some(15));
        assert_eq!(byte_at_column(77.0, 16), None);
        // 4 bytes a row: "xx xx xx xx " then a space, then ASCII.
        assert_eq!(byte_at_column(19.0, 4), Some(3));
        assert_eq!(byte_at_column(23.0, 4), Some(0));
        assert_eq!(hex_digit('F'), Some(15));
        assert_eq!(hex_digit('g'), None);
    }

    #[test]
    fn offsets_parse_in_hex_and_decimal() {
        assert_eq!(parse_offset("0x1a4"), Some(0x1a4));
        assert_eq!(parse_offset(" 1A4h "), Some(0x1a4));
        assert_eq!(parse_offset("$ff"), Some(255));
        assert_eq!(parse_offset("420"), Some(420));
        assert_eq!(parse_offset("zz"), None);
        assert_eq!(ascii(b'G'), 'G');
        assert_eq!(ascii(0), '.');
    }
}
