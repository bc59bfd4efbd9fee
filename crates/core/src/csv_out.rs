//! CSV text for every table the tools write (library rows, a map's blocks,
//! a ghost's input events): RFC 4180 quoting done by the `csv` crate (a
//! field with a comma, a quote or a line break is quoted, its quotes
//! doubled), one `\n` after each line.

use csv::{QuoteStyle, Terminator, Writer, WriterBuilder};

/// A CSV table being written into memory.
pub struct CsvText {
    writer: Writer<Vec<u8>>,
}

impl Default for CsvText {
    fn default() -> Self {
        Self::new()
    }
}

impl CsvText {
    /// An empty table.
    #[must_use]
    pub fn new() -> Self {
        let writer = WriterBuilder::new()
            .terminator(Terminator::Any(b'\n'))
            .quote_style(QuoteStyle::Necessary)
            .flexible(true)
            .from_writer(Vec::new());
        Self { writer }
    }

    /// Appends one line of fields.
    pub fn row<I, T>(&mut self, fields: I)
    where
        I: IntoIterator<Item = T>,
        T: AsRef<[u8]>,
    {
        // The writer fills a Vec: csv's errors are those of an I/O writer,
        // or of rows of unequal length, which `flexible` allows.
        let written = self.writer.write_record(fields);
        debug_assert!(written.is_ok(), "CSV into memory: {written:?}");
    }

    /// The text written so far.
    #[must_use]
    pub fn finish(self) -> String {
        let bytes = match self.writer.into_inner() {
            Ok(bytes) => bytes,
            // Flushing into a Vec cannot fail; keep what was written.
            Err(e) => e.into_inner().get_ref().clone(),
        };
        String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    }
}

/// One line (no line break) of `fields`, quoted as [`CsvText`] does.
#[must_use]
pub fn csv_line<I, T>(fields: I) -> String
where
    I: IntoIterator<Item = T>,
    T: AsRef<[u8]>,
{
    let mut t = CsvText::new();
    t.row(fields);
    let mut s = t.finish();
    s.pop();
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_quoted_only_when_needed() {
        assert_eq!(
            csv_line(["plain", "a,b", "say \"hi\"", "two\nlines", ""]),
            "plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\","
        );
        assert_eq!(csv_line(["cr\r"]), "\"cr\r\"");
    }

    #[test]
    fn rows_end_in_a_line_feed() {
        let mut t = CsvText::new();
        t.row(["time_ms", "action", "value"]);
        t.row(["10", "Steer", "-65536"]);
        assert_eq!(t.finish(), "time_ms,action,value\n10,Steer,-65536\n");
    }
}
