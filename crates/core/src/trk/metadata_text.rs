//! The Bliss text split form (seed 002 "Bliss text-based split metadata
//! format"): a first line `[smdf]`, then `name = value` lines; any run of CR
//! and LF ends a line, lines without `=` are comments, names are ASCII
//! case-insensitive with aliases. The text form has no colouring.

use super::metadata::{AUTR, CHMP, COMM, MetaDate, Metadata, TITL, ToolInfo, is_text_form};
use crate::bytes::ReadError;

impl Metadata {
    /// Parses the text form.
    ///
    /// # Errors
    /// Missing `[smdf]` line, or a date, version or editing time that does
    /// not parse (at the file offset of its line).
    pub fn parse_text(data: &[u8]) -> Result<Self, ReadError> {
        if !is_text_form(data) {
            return Err(ReadError::invalid(
                "not Bliss text metadata: first line is not [smdf]",
                0,
                "file",
            ));
        }
        let mut meta = Metadata::default();
        let mut tool: Option<ToolInfo> = None;
        for (line_at, line) in lines(data) {
            let Some(eq) = line.iter().position(|&b| b == b'=') else {
                continue;
            };
            let name = String::from_utf8_lossy(&line[..eq])
                .trim_end()
                .to_ascii_lowercase();
            let value = String::from_utf8_lossy(&line[eq + 1..])
                .trim_start()
                .to_string();
            let bad = |what: &str| {
                ReadError::invalid(
                    format!("bad {what} {value:?} in text metadata"),
                    line_at as u64,
                    "file",
                )
            };
            match name.as_str() {
                "title" | "titl" => meta.set_text(TITL, Some(&value)),
                "author" | "autr" => meta.set_text(AUTR, Some(&value)),
                "comment" | "comm" => meta.set_text(COMM, Some(&value)),
                "tour_info" | "chmp" => meta.set_text(CHMP, Some(&value)),
                "creation_date" | "date" => {
                    meta.set_date(Some(parse_date(&value).ok_or_else(|| bad("date"))?))
                }
                "editing_time" | "etim" => {
                    meta.set_editing_time_s(Some(
                        value.trim().parse().map_err(|_| bad("editing time"))?,
                    ));
                }
                "tool" => {
                    let t = tool.get_or_insert_with(ToolInfo::default);
                    t.name = value;
                    meta.set_tool(Some(t));
                }
                "tool_version" => {
                    let t = tool.get_or_insert_with(ToolInfo::default);
                    t.version = parse_version(&value).ok_or_else(|| bad("tool version"))?;
                    meta.set_tool(Some(t));
                }
                _ => {}
            }
        }
        Ok(meta)
    }

    /// Writes the text form with CR LF line ends, as Bliss does. Line breaks
    /// inside values become spaces; Colr and unknown chunks are not written
    /// (the text form cannot hold them).
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = String::from("[smdf]\r\n");
        let mut line = |name: &str, value: String| {
            let value = value.replace(['\r', '\n'], " ");
            out.push_str(&format!("{name} = {value}\r\n"));
        };
        for chunk in &self.chunks {
            match &chunk.id {
                b"Titl" => line("title", self.text(TITL).unwrap_or_default()),
                b"Autr" => line("author", self.text(AUTR).unwrap_or_default()),
                b"Comm" => line("comment", self.text(COMM).unwrap_or_default()),
                b"Chmp" => line("tour_info", self.text(CHMP).unwrap_or_default()),
                b"Date" => {
                    if let Some(d) = self.date() {
                        line(
                            "creation_date",
                            format!("{:04}-{:02}-{:02}", d.year, d.month, d.day),
                        );
                    }
                }
                b"Tool" => {
                    if let Some(t) = self.tool() {
                        line("tool", t.name.clone());
                        line("tool_version", t.version_string());
                    }
                }
                b"Etim" => {
                    if let Some(s) = self.editing_time_s() {
                        line("editing_time", s.to_string());
                    }
                }
                _ => {}
            }
        }
        out
    }
}

/// Lines after the first, with the file offset of each; runs of CR/LF are
/// one break, so there are no empty lines.
fn lines(data: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    let mut at = 0usize;
    data.split(|&b| b == b'\n' || b == b'\r')
        .map(move |l| {
            let start = at;
            at += l.len() + 1;
            (start, l)
        })
        .filter(|(_, l)| !l.is_empty())
        .skip(1)
}

fn parse_date(v: &str) -> Option<MetaDate> {
    let mut parts = v.trim().splitn(3, '-');
    let year = parts.next()?.parse().ok()?;
    let month = parts.next()?.parse().ok()?;
    let day = parts.next()?.parse().ok()?;
    Some(MetaDate { year, month, day })
}

/// "v.s.d" or "v.ss.dd" → decimal `xxyyzz`.
fn parse_version(v: &str) -> Option<u32> {
    let parts: Vec<u32> = v
        .trim()
        .split('.')
        .map(|p| p.parse().ok())
        .collect::<Option<_>>()?;
    let [major, minor, patch] = parts[..] else {
        return None;
    };
    (major < 100 && minor < 100 && patch < 100).then_some(major * 10_000 + minor * 100 + patch)
}
