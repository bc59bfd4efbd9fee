//! `trackbench decompress FILE -o OUT` and `trackbench compress FILE -o OUT`:
//! the body stored plain or LZO-compressed; everything else byte for byte.
//! Like the editing commands (`cli::edit_front`), the file is read no
//! further than the end its header declares and a partial file is refused
//! unless `--force` (issue 43: re-encoding a damaged body would write the
//! damage out as a new, plausible file).

use anyhow::{Context, anyhow, bail};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use trackbench_core::terminal::{terminal_safe, terminal_safe_path};
use trackbench_core::toolbox::convert::{compress_file, decompress_file};

/// Arguments of `decompress` and `compress`.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The .Gbx file.
    pub file: PathBuf,
    /// Output file (may be the input; written atomically).
    #[arg(short, long)]
    pub output: PathBuf,
    /// Convert even a file that was not read completely; also overwrites a
    /// read-only output.
    #[arg(long)]
    pub force: bool,
}

/// Runs `decompress` (`compress` false) or `compress`.
///
/// # Errors
/// Unreadable file, a partial file without `--force`, a body already
/// stored that way, or a write failure.
pub fn run(args: &ConvertArgs, compress: bool) -> anyhow::Result<ExitCode> {
    let gbx = trackbench_core::sniff::input::read_gbx(&args.file)
        .with_context(|| args.file.display().to_string())?
        .parse()
        .map_err(|e| anyhow!("{}: {e}", args.file.display()))?;
    if let Some(why) = gbx.partial_reason() {
        let file = terminal_safe_path(&args.file);
        let why = terminal_safe(&why);
        if !args.force {
            bail!(
                "{file}: the file is damaged or not fully understood ({why}); it is not \
                 converted, because the result could not be checked by reading it back \
                 completely (--force converts it anyway)"
            );
        }
        eprintln!("warning: {file}: {why}; converting anyway (--force)");
    }
    let out = if compress {
        compress_file(&gbx)
    } else {
        decompress_file(&gbx)
    }
    .map_err(|e| anyhow!("{}: {e}", args.file.display()))?;
    super::saves::save_output(&args.output, &out, args.force)?;
    println!("wrote {} ({} bytes)", args.output.display(), out.len());
    Ok(ExitCode::SUCCESS)
}
