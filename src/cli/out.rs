//! Standard output for the CLI subcommands: a closed pipe (`… | head`) ends
//! the output quietly instead of panicking inside `println!`.

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
