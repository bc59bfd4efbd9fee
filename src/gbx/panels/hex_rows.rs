//! Pure helpers of the hex view: row layout and offset parsing.

/// Bytes shown per row.
pub const BYTES_PER_ROW: usize = 16;

/// Number of rows needed for `len` bytes (at least one).
#[must_use]
pub fn row_count(len: usize) -> usize {
    len.div_ceil(BYTES_PER_ROW).max(1)
}

/// Row holding `offset`.
#[must_use]
pub fn row_of(offset: u64) -> usize {
    usize::try_from(offset / BYTES_PER_ROW as u64).unwrap_or(usize::MAX)
}

/// The bytes of row `row` (fewer on the last row, empty past the end).
#[must_use]
pub fn row_bytes(data: &[u8], row: usize) -> &[u8] {
    let start = row.saturating_mul(BYTES_PER_ROW).min(data.len());
    let end = start.saturating_add(BYTES_PER_ROW).min(data.len());
    &data[start..end]
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
        assert_eq!(row_count(0), 1);
        assert_eq!(row_count(16), 1);
        assert_eq!(row_count(17), 2);
        let data: Vec<u8> = (0..20).collect();
        assert_eq!(row_bytes(&data, 1), &[16, 17, 18, 19]);
        assert!(row_bytes(&data, 5).is_empty());
        assert_eq!(row_of(0x1a4), 0x1a);
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
