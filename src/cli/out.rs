//! Standard output for the CLI subcommands: a closed pipe (`… | head`) ends
//! the output quietly instead of panicking inside `println!`.

use trackbench_core::terminal::terminal_safe;

/// Writes text for people to stdout: each line's control characters and
/// bidi controls escaped ([`terminal_safe`]; the line breaks stay), since
/// the text quotes names and values from files (issue 43, finding 10).
/// JSON goes through [`print_out`] (it escapes control characters itself).
///
/// # Errors
/// As [`print_out`].
pub fn print_text(text: &str) -> anyhow::Result<()> {
    print_out(&text_safe(text))
}

/// `text` with each line made [`terminal_safe`], the `\n`s kept.
#[must_use]
pub fn text_safe(text: &str) -> String {
    text.split('\n')
        .map(|line| terminal_safe(line))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Writes `text` to stdout; a closed pipe is not an error.
///
/// # Errors
/// Any other write error of stdout.
pub fn print_out(text: &str) -> anyhow::Result<()> {
    use std::io::Write;
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}
