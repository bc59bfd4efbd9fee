//! `trackbench export thumbnail|icon FILE|DIR… -o DIR`: the pictures of many
//! files at once, decoded in parallel ([`crate::cli::batch`]), written into
//! the output folder under each file's path relative to the folder it was
//! found in (its name alone for a file named on the command line), with
//! `.Gbx` replaced by `.jpg` or `.png`. Files without the picture are
//! skipped; the report lists every file in path order.

use crate::cli::batch::{Done, Input, collect_inputs, report_outputs, run_to_outputs};
use anyhow::{Context, anyhow};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use trackbench_core::gbx::{Gbx, access::images, access::thumbnail};
use trackbench_core::save::output::{write_below, write_png_below};

/// Which picture to export.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Picture {
    /// The map thumbnail: the stored JPEG, or the upright image as PNG.
    Thumbnail {
        /// Write PNG (decoded, upright) instead of the stored JPEG.
        png: bool,
    },
    /// The collector icon as PNG (upright).
    Icon,
}

impl Picture {
    fn extension(self) -> &'static str {
        match self {
            Self::Thumbnail { png: false } => "jpg",
            _ => "png",
        }
    }

    fn what(self) -> &'static str {
        match self {
            Self::Thumbnail { .. } => "thumbnail",
            Self::Icon => "icon",
        }
    }
}

/// Where `input`'s output goes under `out_dir` (its path relative to the
/// folder it was found in, `.Gbx` replaced by `.ext`).
pub(crate) fn output_path(input: &Input, out_dir: &Path, ext: &str) -> PathBuf {
    let rel = input
        .root
        .as_ref()
        .and_then(|root| input.path.strip_prefix(root).ok())
        .map_or_else(
            || PathBuf::from(input.path.file_name().unwrap_or_default()),
            Path::to_path_buf,
        );
    let name = rel.file_name().and_then(|n| n.to_str()).unwrap_or("file");
    let stem = if crate::cli::batch::is_gbx_name(&rel) {
        &name[..name.len() - 4]
    } else {
        name
    };
    out_dir.join(rel.with_file_name(format!("{stem}.{ext}")))
}

fn export_one(input: &Input, out_dir: &Path, out: &Path, what: Picture) -> anyhow::Result<Done> {
    if let Some(e) = &input.error {
        return Err(anyhow!("{e}"));
    }
    let bytes = trackbench_core::sniff::input::read_for(
        &input.path,
        trackbench_core::sniff::FileKind::Gbx,
    )?;
    let gbx = Gbx::parse(bytes)?;
    let writing = || format!("writing {}", out.display());
    let img = match what {
        Picture::Thumbnail { png } => {
            let Some(jpeg) = thumbnail::thumbnail_jpeg(&gbx) else {
                return Ok(Done::Skipped(format!("no {}", what.what())));
            };
            if !png {
                write_below(out_dir, out, jpeg).with_context(writing)?;
                return Ok(wrote(format!("{} bytes", jpeg.len())));
            }
            thumbnail::decode_upright(jpeg).map_err(|e| anyhow!(e))?
        }
        Picture::Icon => {
            let Some(icon) = images::icon(&gbx) else {
                return Ok(Done::Skipped(format!("no {}", what.what())));
            };
            images::decode_icon(icon).map_err(|e| anyhow!(e))?
        }
    };
    // Inside the folder the user chose: no link there is written
    // through (issue 43, finding 4).
    write_png_below(out_dir, out, &img).with_context(writing)?;
    Ok(wrote(format!("{}×{}", img.width(), img.height())))
}

fn wrote(detail: String) -> Done {
    Done::Wrote { files: 1, detail }
}

/// Exports `what` of every file of `paths` (folders walked for `.Gbx`
/// files) into `out_dir` on `jobs` threads (0: one per core). Exit 0 when
/// every file was read (files without the picture are skipped), 2 when
/// one was not or could not be written (each named on stderr).
///
/// # Errors
/// When the thread pool cannot start.
pub fn run(
    paths: &[PathBuf],
    out_dir: &Path,
    what: Picture,
    jobs: usize,
) -> anyhow::Result<ExitCode> {
    let inputs = collect_inputs(paths);
    let outs: Vec<PathBuf> = inputs
        .iter()
        .map(|i| output_path(i, out_dir, what.extension()))
        .collect();
    let results = run_to_outputs(&inputs, &outs, jobs, false, |i, o| {
        export_one(i, out_dir, o, what)
    })?;
    let t = report_outputs(&inputs, &outs, &results);
    println!(
        "{} written, {} without a {}, {} failed",
        t.wrote,
        t.skipped,
        what.what(),
        t.failed
    );
    Ok(t.exit_code())
}
