//! `trackbench export thumbnail|icon FILE|DIR… -o DIR`: the pictures of many
//! files at once, decoded in parallel ([`crate::cli::batch`]), written into
//! the output folder under each file's path relative to the folder it was
//! found in (its name alone for a file named on the command line), with
//! `.Gbx` replaced by `.jpg` or `.png`. Files without the picture are
//! skipped; the report lists every file in path order.

use crate::cli::batch::{Done, FolderBatch};
use anyhow::{Context, anyhow};
use std::path::Path;
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

fn export_one(gbx: &Gbx, out_dir: &Path, out: &Path, what: Picture) -> anyhow::Result<Done> {
    let writing = || format!("writing {}", out.display());
    let img = match what {
        Picture::Thumbnail { png } => {
            let Some(jpeg) = thumbnail::thumbnail_jpeg(gbx) else {
                return Ok(Done::Skipped(format!("no {}", what.what())));
            };
            if !png {
                write_below(out_dir, out, jpeg).with_context(writing)?;
                return Ok(wrote(out, format!("{} bytes", jpeg.len())));
            }
            thumbnail::decode_upright(jpeg).map_err(|e| anyhow!(e))?
        }
        Picture::Icon => {
            let Some(icon) = images::icon(gbx) else {
                return Ok(Done::Skipped(format!("no {}", what.what())));
            };
            images::decode_icon(icon).map_err(|e| anyhow!(e))?
        }
    };
    // Inside the folder the user chose: no link there is written
    // through (issue 43, finding 4).
    write_png_below(out_dir, out, &img).with_context(writing)?;
    Ok(wrote(out, format!("{}×{}", img.width(), img.height())))
}

fn wrote(out: &Path, detail: String) -> Done {
    Done::Wrote {
        files: vec![out.to_path_buf()],
        detail,
    }
}

/// Exports `what` of every file of the batch (folders walked for `.Gbx`
/// files) into its output folder. Exit 0 when every file was read (files
/// without the picture are skipped), 2 when one was not or could not be
/// written (each named on stderr).
///
/// # Errors
/// When the thread pool cannot start.
pub fn run(batch: &FolderBatch<'_>, what: Picture) -> anyhow::Result<ExitCode> {
    let (_, t) = batch.run(what.extension(), false, |g, o| {
        export_one(g, batch.out_dir, o, what)
    })?;
    let (written, skipped, failed) = (t.wrote, t.skipped, t.failed);
    let name = what.what();
    println!("{written} written, {skipped} without a {name}, {failed} failed");
    Ok(t.exit_code())
}
