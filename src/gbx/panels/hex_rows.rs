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
