//! A block list as data (issue 45, "Block lists as data"): the JSON array
//! `trackbench export blocks` writes
//! ([`crate::toolbox::blocks_out::BlockRow`]), read back for
//! `trackbench blocks import`. The format and its schema are documented in
//! `docs/EDITING.md` and `docs/blocks.schema.json`.
//!
//! Required per row: `name`, `x`, `y`, `z`, `direction`. Optional: `flags`
//! (absent: as the file has it, or the default of a new block), and the
//! fields export writes for reading (`baked`, `free`, `decal`, `kind`,
//! `waypoint`, `position_m`, `yaw_pitch_roll_rad`): when given they must
//! agree with the file or name a change the import can make. An absent
//! field and a `null` differ for `decal`, `waypoint`, `position_m` and
//! `yaw_pitch_roll_rad`: absent is "as the file has it", `null` is "none".
//!
//! Refused with the row (0-based, as block indices are) and the line
//! (1-based): malformed JSON, an unknown field, a wrong type, a number that
//! is not finite once stored as f32 (`1e39`). A direction above 3 is
//! refused by the plan when it is a change (some corpus maps store 4:
//! an unchanged row keeps it).

use crate::edit::EditError;
use serde::{Deserialize, Deserializer};

/// A block's decal as listed (`Decal` of
/// [`crate::gbx::access::map_contents`]).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DecalRow {
    /// Decal id.
    pub id: String,
    /// Intensity.
    pub intensity: i32,
    /// Variant.
    pub variant: i32,
}

/// One row of a block list (the fields of
/// [`crate::toolbox::blocks_out::BlockRow`]; see the module docs for which
/// are required).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListRow {
    /// Block model name.
    pub name: String,
    /// Coordinate x, block units (as exported: version-6 lists minus 1).
    pub x: i32,
    /// Coordinate y (up), block units.
    pub y: i32,
    /// Coordinate z, block units (as exported).
    pub z: i32,
    /// 0 north, 1 east, 2 south, 3 west.
    pub direction: u8,
    /// Flags as stored; absent: unchanged (new rows: the default).
    #[serde(default)]
    pub flags: Option<u32>,
    /// Baked block (0x03043048): read-only.
    #[serde(default)]
    pub baked: bool,
    /// Free block: must agree with flag bit 29.
    #[serde(default)]
    pub free: Option<bool>,
    /// Decal (read-only): absent, or what the file has.
    #[serde(default, deserialize_with = "given")]
    pub decal: Option<Option<DecalRow>>,
    /// "start", "finish", "start/finish", "checkpoint" or "other": follows
    /// the name; checked only when the name is unchanged.
    #[serde(default)]
    pub kind: Option<String>,
    /// Waypoint tag (read-only): absent, or what the file has.
    #[serde(default, deserialize_with = "given")]
    pub waypoint: Option<Option<String>>,
    /// Free position in metres (x, y, z) of a free block.
    #[serde(default, deserialize_with = "given")]
    pub position_m: Option<Option<[f32; 3]>>,
    /// Free rotation yaw, pitch, roll in radians of a free block.
    #[serde(default, deserialize_with = "given")]
    pub yaw_pitch_roll_rad: Option<Option<[f32; 3]>>,
}

impl ListRow {
    /// The coordinate (x, y, z).
    #[must_use]
    pub fn coord(&self) -> [i32; 3] {
        [self.x, self.y, self.z]
    }
}

/// A present field, even `null` (absent stays `None` through `default`).
fn given<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(d).map(Some)
}

/// A parsed block list: its rows and the line (1-based) each starts on.
#[derive(Debug, Clone, PartialEq)]
pub struct BlockList {
    /// The rows, in list order.
    pub rows: Vec<ListRow>,
    /// Per row, the line of its opening brace.
    pub lines: Vec<usize>,
}

impl BlockList {
    /// Reads a block list from JSON text.
    ///
    /// # Errors
    /// [`EditError::Invalid`] naming the line, column and row of malformed
    /// JSON, an unknown field or a wrong type, and the row and line of a
    /// number that is not finite.
    pub fn parse(text: &str) -> Result<Self, EditError> {
        let lines = row_lines(text);
        let rows: Vec<ListRow> = serde_json::from_str(text).map_err(|e| {
            let row = lines.iter().rposition(|&l| l <= e.line());
            let row = row.map_or(String::new(), |r| format!(" (row #{r})"));
            EditError::Invalid(format!(
                "block list line {} column {}{row}: {e}",
                e.line(),
                e.column()
            ))
        })?;
        let list = Self { rows, lines };
        for i in 0..list.rows.len() {
            list.check_row(i)?;
        }
        Ok(list)
    }

    /// "row #3 (line 25)".
    #[must_use]
    pub fn at(&self, row: usize) -> String {
        match self.lines.get(row) {
            Some(l) => format!("row #{row} (line {l})"),
            None => format!("row #{row}"),
        }
    }

    fn check_row(&self, i: usize) -> Result<(), EditError> {
        let r = &self.rows[i];
        let fail = |why: String| Err(EditError::Invalid(format!("{}: {why}", self.at(i))));
        let floats = [
            ("position_m", r.position_m),
            ("yaw_pitch_roll_rad", r.yaw_pitch_roll_rad),
        ];
        for (what, v) in floats {
            if let Some(Some(v)) = v
                && let Some(x) = v.iter().find(|x| !x.is_finite())
            {
                return fail(format!(
                    "{what}: {x} is not a finite number (beyond f32's range of ±3.4e38); \
                     a position or angle must be finite"
                ));
            }
        }
        if r.position_m.is_some_and(|p| p.is_some())
            != r.yaw_pitch_roll_rad.is_some_and(|p| p.is_some())
        {
            return fail("position_m and yaw_pitch_roll_rad go together".into());
        }
        Ok(())
    }
}

/// The line (1-based) of the opening brace of each element of the
/// top-level array of `text` (strings and escapes skipped).
fn row_lines(text: &str) -> Vec<usize> {
    let (mut line, mut depth, mut in_string, mut escaped) = (1, 0usize, false, false);
    let mut out = Vec::new();
    for c in text.chars() {
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
        } else {
            match c {
                '"' => in_string = true,
                '{' | '[' => {
                    if depth == 1 && c == '{' {
                        out.push(line);
                    }
                    depth += 1;
                }
                '}' | ']' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        if c == '\n' {
            line += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROW: &str = r#"{"name": "A", "x": 1, "y": 2, "z": 3, "direction": 0}"#;

    #[test]
    fn rows_are_read_with_their_lines() {
        let text = format!("[\n  {ROW},\n  {ROW}\n]\n");
        let list = BlockList::parse(&text).unwrap();
        assert_eq!(list.lines, [2, 3]);
        assert_eq!(list.rows[1].coord(), [1, 2, 3]);
        assert_eq!(list.rows[0].flags, None);
        assert_eq!(list.rows[0].decal, None);
        let null = r#"[{"name": "A", "x": 1, "y": 2, "z": 3, "direction": 0, "decal": null}]"#;
        assert_eq!(BlockList::parse(null).unwrap().rows[0].decal, Some(None));
    }

    #[test]
    fn refusals_name_the_row_and_line() {
        let unknown = format!("[\n{ROW},\n{{\"name\": \"B\", \"colour\": 1}}\n]");
        let e = BlockList::parse(&unknown).unwrap_err().to_string();
        assert!(e.starts_with("block list line 3 column"), "{e}");
        assert!(e.contains("(row #1): unknown field `colour`"), "{e}");
        let e = BlockList::parse("[\n{\"name\": 1").unwrap_err().to_string();
        assert!(e.contains("line 2") && e.contains("(row #0)"), "{e}");
        let big = ROW.replace(
            '}',
            r#", "position_m": [1e39, 0, 0], "yaw_pitch_roll_rad": [0, 0, 0]}"#,
        );
        let e = BlockList::parse(&format!("[{ROW},\n{big}]"))
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("row #1 (line 2): position_m: inf is not a finite"),
            "{e}"
        );
        // JSON has no NaN: a malformed document.
        let nan = ROW.replace("\"x\": 1", "\"x\": NaN");
        assert!(BlockList::parse(&format!("[{nan}]")).is_err());
    }
}
