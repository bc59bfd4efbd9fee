//! `trackbench scan DIR [--json|--csv] [--no-recursive] [--jobs N]`: the
//! library rows of a folder ([`trackbench_core::library`]), read from each
//! file's header only on a rayon pool, printed in path order as a text
//! table, a JSON array or CSV.

use std::io::Write as _;
use std::path::Path;
use std::process::ExitCode;
use trackbench_core::library::{Row, ScanOptions, scan_blocking};

/// Output format of `scan`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScanFormat {
    /// One line per file.
    Text,
    /// A JSON array of rows (the fields of [`Row`]).
    Json,
    /// CSV with a header line.
    Csv,
}

/// Scans `dir` and prints its rows; exit 0 when every file was read, 1
/// when some could not be (each row then carries its error), 2 when `dir`
/// is not a folder.
///
/// # Errors
/// When `dir` is not a folder or stdout fails.
pub fn run(
    dir: &Path,
    format: ScanFormat,
    recursive: bool,
    jobs: usize,
) -> anyhow::Result<ExitCode> {
    if !dir.is_dir() {
        anyhow::bail!("{}: not a folder", dir.display());
    }
    let rows = scan_blocking(dir, ScanOptions { recursive, jobs });
    let mut out = std::io::stdout().lock();
    let written = match format {
        ScanFormat::Json => writeln!(out, "{}", serde_json::to_string_pretty(&rows)?),
        ScanFormat::Csv => write_csv(&mut out, &rows),
        ScanFormat::Text => rows
            .iter()
            .try_for_each(|r| writeln!(out, "{}", text_line(r))),
    };
    // A closed pipe (`scan | head`) is not an error.
    if let Err(e) = written
        && e.kind() != std::io::ErrorKind::BrokenPipe
    {
        return Err(e.into());
    }
    let failed = rows.iter().filter(|r| r.error.is_some()).count();
    if failed > 0 {
        eprintln!(
            "trackbench: {failed} of {} files could not be read",
            rows.len()
        );
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

fn text_line(r: &Row) -> String {
    match &r.error {
        Some(e) => format!("{}: error: {e}", r.path.display()),
        None => format!(
            "{}: {} \"{}\" by \"{}\" {} {} bytes",
            r.path.display(),
            r.class,
            r.name_plain,
            r.author_plain,
            r.collection.as_deref().unwrap_or("-"),
            r.size_bytes
        ),
    }
}

const CSV_HEADER: &str = "path,kind,class,name,name_plain,author,author_plain,collection,\
bronze_ms,silver_ms,gold_ms,author_ms,replay_time_ms,map_type,has_thumbnail,size_bytes,\
modified_unix_s,error";

fn write_csv(out: &mut impl std::io::Write, rows: &[Row]) -> std::io::Result<()> {
    writeln!(out, "{CSV_HEADER}")?;
    for r in rows {
        let num = |v: Option<u32>| v.map(|v| v.to_string()).unwrap_or_default();
        let fields = [
            r.path.display().to_string(),
            r.kind.to_owned(),
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
            r.modified_unix_s.map(|v| v.to_string()).unwrap_or_default(),
            r.error.clone().unwrap_or_default(),
        ];
        let line: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
        writeln!(out, "{}", line.join(","))?;
    }
    Ok(())
}

/// RFC 4180 quoting: a field with a comma, quote or line break is quoted,
/// its quotes doubled.
pub(crate) fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_are_quoted_when_needed() {
        assert_eq!(csv_field("plain"), "plain");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
    }
}
