//! Library rows as a table file: CSV (RFC 4180, one header line) or JSON
//! (an array of [`Row`]s with every field), for `trackbench scan --csv /
//! --json` and the app's "Export table" batch action.

use super::row::Row;

/// The CSV header line; the columns of [`csv_line`] in this order.
pub const CSV_HEADER: &str = "path,kind,class,name,name_plain,author,author_plain,collection,\
bronze_ms,silver_ms,gold_ms,author_ms,replay_time_ms,map_type,has_thumbnail,size_bytes,\
modified_unix_s,horizon,elements,validation,pak_version,has_lightmap,embedded_items,pak_files,\
error";

/// The rows as CSV: [`CSV_HEADER`], then one line per row, each ending in
/// `\n`.
#[must_use]
pub fn to_csv(rows: &[Row]) -> String {
    let mut out = String::with_capacity(64 + rows.len() * 160);
    out.push_str(CSV_HEADER);
    out.push('\n');
    for r in rows {
        out.push_str(&csv_line(r));
        out.push('\n');
    }
    out
}

/// The rows as CSV for a terminal (`trackbench scan --csv` prints it):
/// as [`to_csv`], with every field's control characters (C0 including
/// ESC, BEL, CR, LF and tab, DEL, C1) and bidirectional controls written as
/// visible escapes by [`crate::terminal::terminal_safe`] (issue 43,
/// finding 10). CSV quoting alone would pass them through; escaping them
/// also keeps one row per line. A backslash is not escaped, so `\x1b` in a
/// field is either the escape or that text: a file keeps the exact bytes
/// ([`to_csv`], the app's "Export table").
#[must_use]
pub fn to_csv_for_terminal(rows: &[Row]) -> String {
    let mut out = String::with_capacity(64 + rows.len() * 160);
    out.push_str(CSV_HEADER);
    out.push('\n');
    for r in rows {
        let fields = fields(r).map(|f| crate::terminal::terminal_safe(&f).into_owned());
        out.push_str(&crate::csv_out::csv_line(&fields));
        out.push('\n');
    }
    out
}

/// The rows as a pretty-printed JSON array.
///
/// # Errors
/// Never in practice (every field serialises); kept for the serde API.
pub fn to_json(rows: &[Row]) -> Result<String, serde_json::Error> {
    serde_json::to_string_pretty(rows)
}

fn num(v: Option<impl ToString>) -> String {
    v.map(|v| v.to_string()).unwrap_or_default()
}

/// One CSV line (no line break) with the columns of [`CSV_HEADER`].
#[must_use]
pub fn csv_line(r: &Row) -> String {
    crate::csv_out::csv_line(fields(r))
}

/// The fields of `r`, in the columns of [`CSV_HEADER`].
fn fields(r: &Row) -> [String; 25] {
    let details = r.details.unwrap_or_default();
    [
        r.path.display().to_string(),
        super::row::kind_word(r.kind).to_owned(),
        r.class.clone(),
        r.name.clone().unwrap_or_default(),
        r.name_plain.clone(),
        r.author.clone().unwrap_or_default(),
        r.author_plain.clone(),
        r.collection.clone().unwrap_or_default(),
        num(r.medal_times_ms[0]),
        num(r.medal_times_ms[1]),
        num(r.medal_times_ms[2]),
        num(r.medal_times_ms[3]),
        num(r.replay_time_ms),
        r.map_type.clone().unwrap_or_default(),
        r.has_thumbnail.to_string(),
        r.size_bytes.to_string(),
        num(r.modified_unix_s),
        r.horizon.clone().unwrap_or_default(),
        num(r.elements),
        r.validation.clone().unwrap_or_default(),
        num(r.pak_version),
        num(details.has_lightmap),
        num(details.embedded_items),
        num(details.pak_files),
        r.error.clone().unwrap_or_default(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_has_the_header_s_columns() {
        let row = Row {
            name: Some("a, \"b\"".into()),
            ..Row::default()
        };
        let csv = to_csv(&[row]);
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines.len(), 2);
        let columns = CSV_HEADER.split(',').count();
        // The quoted name holds one comma of its own.
        assert_eq!(lines[1].split(',').count(), columns + 1);
    }
}
