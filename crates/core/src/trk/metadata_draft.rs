//! The Bliss metadata fields as text, the way an editor form holds them
//! while they are typed, and the rules that turn them back into chunks
//! (seed 002 "Metadata"): an empty field removes its chunk, the date is
//! `YYYY-MM-DD`, the tool version is decimal `xxyyzz`, the editing time is
//! seconds. Chunks the draft does not cover (colouring, unknown) are kept.

use super::metadata::{
    AUTR, CHMP, COLR, COMM, DATE, ETIM, MetaDate, Metadata, TITL, TOOL, ToolInfo,
};

/// Text fields being edited, applied together.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MetaDraft {
    /// Titl.
    pub title: String,
    /// Autr.
    pub author: String,
    /// Comm.
    pub comment: String,
    /// Chmp.
    pub championship: String,
    /// Date as `YYYY-MM-DD`.
    pub date: String,
    /// Tool name.
    pub tool_name: String,
    /// Tool version, decimal `xxyyzz`.
    pub tool_version: String,
    /// Etim, seconds.
    pub editing_time: String,
}

impl MetaDraft {
    /// The draft of `m`'s fields (empty strings for absent chunks).
    #[must_use]
    pub fn from_metadata(m: &Metadata) -> Self {
        let text = |id| m.text(id).unwrap_or_default();
        let tool = m.tool();
        Self {
            title: text(TITL),
            author: text(AUTR),
            comment: text(COMM),
            championship: text(CHMP),
            date: m.date().map_or_else(String::new, |d| {
                format!("{:04}-{:02}-{:02}", d.year, d.month, d.day)
            }),
            tool_name: tool.as_ref().map_or_else(String::new, |t| t.name.clone()),
            tool_version: tool.map_or_else(String::new, |t| t.version.to_string()),
            editing_time: m
                .editing_time_s()
                .map_or_else(String::new, |s| s.to_string()),
        }
    }

    /// Writes the draft into `m` (empty fields remove their chunk); other
    /// chunks (colouring, unknown) are kept.
    ///
    /// # Errors
    /// A date or editing time that does not parse, as a message.
    pub fn apply_to(&self, m: &mut Metadata) -> Result<(), String> {
        let opt = |s: &str| (!s.trim().is_empty()).then(|| s.to_string());
        m.set_text(TITL, opt(&self.title).as_deref());
        m.set_text(AUTR, opt(&self.author).as_deref());
        m.set_text(COMM, opt(&self.comment).as_deref());
        m.set_text(CHMP, opt(&self.championship).as_deref());
        m.set_date(opt(&self.date).map(|d| parse_date(&d)).transpose()?);
        let tool = match opt(&self.tool_name) {
            Some(name) => {
                let version = self.tool_version.trim().parse::<u32>().unwrap_or(0);
                Some(ToolInfo { name, version })
            }
            None => None,
        };
        m.set_tool(tool.as_ref());
        let etim = opt(&self.editing_time)
            .map(|s| {
                s.trim()
                    .parse::<u32>()
                    .map_err(|_| format!("editing time {s:?} is not a number of seconds"))
            })
            .transpose()?;
        m.set_editing_time_s(etim);
        Ok(())
    }
}

/// The chunks the draft covers, and the colouring (which has its own
/// editor).
pub const EDITED_CHUNKS: [[u8; 4]; 8] = [TITL, AUTR, COMM, CHMP, DATE, TOOL, ETIM, COLR];

/// The chunks of `m` no editor covers, as `(name, value)` for display
/// ([`Metadata::fields`]); they are kept when the draft is applied.
#[must_use]
pub fn other_fields(m: &Metadata) -> Vec<(String, String)> {
    m.chunks
        .iter()
        .zip(m.fields())
        .filter(|(c, _)| !EDITED_CHUNKS.contains(&c.id))
        .map(|(_, f)| f)
        .collect()
}

/// Parses `YYYY-MM-DD`.
///
/// # Errors
/// Anything else, as a message.
pub fn parse_date(s: &str) -> Result<MetaDate, String> {
    let bad = || format!("date {s:?} is not YYYY-MM-DD");
    let mut it = s.trim().split('-');
    let mut next = || it.next().ok_or_else(bad);
    let year = next()?.parse().map_err(|_| bad())?;
    let month = next()?.parse().map_err(|_| bad())?;
    let day = next()?.parse().map_err(|_| bad())?;
    Ok(MetaDate { year, month, day })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draft_round_trips_every_field() {
        let d = MetaDraft {
            title: "Loop land".into(),
            author: "Me".into(),
            comment: "two\nlines".into(),
            championship: "ZCT".into(),
            date: "2024-05-17".into(),
            tool_name: "trackbench".into(),
            tool_version: "100".into(),
            editing_time: "3600".into(),
        };
        let mut m = Metadata::default();
        d.apply_to(&mut m).unwrap();
        let back = Metadata::parse_binary(&m.to_binary().unwrap(), 0).unwrap();
        assert_eq!(MetaDraft::from_metadata(&back), d);
        assert!(other_fields(&m).is_empty());
        m.set(*b"Xtra", Some(vec![0xAB]));
        assert_eq!(other_fields(&m), vec![("Xtra".into(), "ab".into())]);
        MetaDraft::default().apply_to(&mut m).unwrap();
        assert_eq!(m.chunks.len(), 1, "only the unknown chunk is left");
    }

    #[test]
    fn bad_dates_are_reported() {
        assert!(parse_date("17/05/2024").is_err());
        assert_eq!(parse_date("2024-5-7").unwrap().day, 7);
    }
}
