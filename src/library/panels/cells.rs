//! The text of library cells: sizes, times, dates, the lazily read facts
//! (pure, no egui).

use crate::library::details::Fact;
use trackbench_core::library::Row;

/// `1,234,567` bytes as `1.2 MB`, under 1 kB as `532 B`.
#[must_use]
pub fn size_text(bytes: u64) -> String {
    #[allow(clippy::cast_precision_loss)] // a display rounded to one decimal
    let b = bytes as f64;
    match bytes {
        0..1_000 => format!("{bytes} B"),
        1_000..1_000_000 => format!("{:.1} kB", b / 1e3),
        1_000_000..1_000_000_000 => format!("{:.1} MB", b / 1e6),
        _ => format!("{:.1} GB", b / 1e9),
    }
}

/// A race time as `m:ss.mmm`, empty when absent, `-` when unset
/// (`u32::MAX`, as the game stores it).
#[must_use]
pub fn time_text(ms: Option<u32>) -> String {
    match ms {
        None => String::new(),
        Some(u32::MAX) => "-".into(),
        Some(ms) => format!("{}:{:02}.{:03}", ms / 60_000, (ms / 1000) % 60, ms % 1000),
    }
}

/// Seconds since the Unix epoch as `YYYY-MM-DD HH:MM` (UTC).
#[must_use]
pub fn date_text(unix_s: Option<i64>) -> String {
    let Some(s) = unix_s else {
        return String::new();
    };
    let (days, secs) = (s.div_euclid(86_400), s.rem_euclid(86_400));
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}",
        secs / 3600,
        secs % 3600 / 60
    )
}

/// Howard Hinnant's `civil_from_days`: days since 1970-01-01 to (year,
/// month, day) in the proleptic Gregorian calendar.
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// A short word for a class (`CGameCtnChallenge` → `Map`), else the class.
#[must_use]
pub fn class_word(class: &str) -> &str {
    match class {
        "CGameCtnChallenge" => "Map",
        "CGameCtnReplayRecord" => "Replay",
        "CGameCtnGhost" => "Ghost",
        "CGameItemModel" => "Item",
        "CGameCtnMacroBlockInfo" => "Macroblock",
        "CGameCtnMediaClip" => "Clip",
        other => other,
    }
}

/// The environment / collection cell (a Stunts row has none).
#[must_use]
pub fn collection_text(row: &Row) -> &str {
    row.collection.as_deref().unwrap_or("")
}

/// The text of the lazily read columns (lightmap, embedded items, pak
/// files): `…` while reading, empty when the file has none.
#[must_use]
pub fn details_text(fact: Fact) -> [String; 3] {
    match fact {
        Fact::Loading => ["…".into(), "…".into(), "…".into()],
        Fact::None => Default::default(),
        Fact::Ready(d) => [
            d.has_lightmap
                .map(|on| if on { "yes" } else { "no" }.to_owned())
                .unwrap_or_default(),
            d.embedded_items.map(|n| n.to_string()).unwrap_or_default(),
            d.pak_files.map(|n| n.to_string()).unwrap_or_default(),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_sizes_and_times_read_well() {
        assert_eq!(date_text(Some(0)), "1970-01-01 00:00");
        assert_eq!(date_text(Some(1_795_630_260)), "2026-11-25 18:11"); // date -u -d @1795630260
        assert_eq!(date_text(Some(951_782_400)), "2000-02-29 00:00");
        assert_eq!(date_text(None), "");
        assert_eq!(size_text(532), "532 B");
        assert_eq!(size_text(8_253), "8.3 kB");
        assert_eq!(size_text(2_141_094), "2.1 MB");
        assert_eq!(time_text(None), "");
        assert_eq!(time_text(Some(68_070)), "1:08.070");
        assert_eq!(time_text(Some(u32::MAX)), "-");
        assert_eq!(class_word("CGameCtnChallenge"), "Map");
        assert_eq!(class_word("Stunts track"), "Stunts track");
        let d = trackbench_core::library::Details {
            has_lightmap: Some(true),
            embedded_items: Some(3),
            pak_files: None,
        };
        assert_eq!(details_text(Fact::Ready(d)), ["yes", "3", ""]);
        assert_eq!(details_text(Fact::Loading)[0], "…");
    }
}
