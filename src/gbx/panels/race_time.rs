//! Race times as players read them: `m:ss.mmm`.

/// `m:ss.mmm` of a time in ms (negative times get a minus sign).
#[must_use]
pub fn format_time(ms: i64) -> String {
    let sign = if ms < 0 { "-" } else { "" };
    let ms = ms.unsigned_abs();
    format!(
        "{sign}{}:{:02}.{:03}",
        ms / 60_000,
        ms / 1000 % 60,
        ms % 1000
    )
}

#[cfg(test)]
mod tests {
    use super::format_time;

    #[test]
    fn times_are_minutes_seconds_millis() {
        assert_eq!(format_time(9690), "0:09.690");
        assert_eq!(format_time(81_270), "1:21.270");
        assert_eq!(format_time(-120), "-0:00.120");
    }
}
