//! `trackbench export thumbnail|icon|items|items-folder|map|text|lightmaps|ghosts|inputs|mesh|blocks FILE -o OUT`
//! (ghosts and inputs: [`crate::cli::export_ghost`]; blocks: [`crate::cli::export_blocks`]);
//! `thumbnail` and `icon` also over several files and folders
//! ([`crate::cli::export_batch`]), `ghosts`, `inputs` and `blocks` too
//! ([`crate::cli::extract_batch`]).

use crate::cli::batch::FolderBatch;
use crate::cli::export_batch::{self, Picture};
use crate::cli::extract_batch::{self, Extraction};
use anyhow::{Context, anyhow, bail};
use clap::Subcommand;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use trackbench_core::gbx::{Gbx, access::images, access::thumbnail};
use trackbench_core::save::{save_atomic, save_png};

/// What to export.
#[derive(Debug, Subcommand)]
pub enum ExportCommand {
    /// The map thumbnail: `.jpg` writes the stored JPEG unchanged, `.png` the
    /// upright image. Several files or folders: one picture per file into the
    /// folder OUT (decoded in parallel; files without one are skipped).
    Thumbnail {
        /// The map(s), or folders searched for .Gbx files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// OUT.jpg or OUT.png; a folder for several files.
        #[arg(short, long)]
        output: PathBuf,
        /// Several files: write upright PNGs instead of the stored JPEGs.
        #[arg(long)]
        png: bool,
        /// Threads for several files (0: one per core).
        #[arg(short, long, default_value_t = 0)]
        jobs: usize,
    },
    /// The icon of an item, block or macroblock as PNG (upright). Several
    /// files or folders: one PNG per file into the folder OUT.
    Icon {
        /// The collector file(s), or folders searched for .Gbx files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// OUT.png; a folder for several files.
        #[arg(short, long)]
        output: PathBuf,
        /// Threads for several files (0: one per core).
        #[arg(short, long, default_value_t = 0)]
        jobs: usize,
    },
    /// The embedded items ZIP of a map, unchanged.
    Items {
        /// The map.
        file: PathBuf,
        /// OUT.zip.
        #[arg(short, long)]
        output: PathBuf,
    },
    /// The embedded items ZIP's entries, extracted into a folder (refused,
    /// writing nothing, when an entry's path would leave it).
    ItemsFolder {
        /// The map.
        file: PathBuf,
        /// Output folder (created).
        #[arg(short, long)]
        output: PathBuf,
    },
    /// The map a replay was driven on (body chunk 0x03093002), unchanged.
    Map {
        /// The replay.
        file: PathBuf,
        /// OUT.Map.Gbx.
        #[arg(short, long)]
        output: PathBuf,
    },
    /// The whole file in the text format ('T': numbers and strings as CR
    /// LF-terminated lines), readable by `inspect` and the viewer.
    Text {
        /// A binary .Gbx that reads completely.
        file: PathBuf,
        /// OUT.Gbx.
        #[arg(short, long)]
        output: PathBuf,
    },
    /// The lightmap frame images of a map, into a folder: as stored (JPEG or
    /// WebP), or decoded to PNG with `--png`.
    Lightmaps {
        /// The map.
        file: PathBuf,
        /// Output folder (created).
        #[arg(short, long)]
        output: PathBuf,
        /// Write each frame as PNG.
        #[arg(long)]
        png: bool,
    },
    /// Every ghost of a replay (or a map's validation ghost) as a
    /// standalone .Ghost.Gbx in the folder OUT, its lookback strings and
    /// node references re-encoded for the new file. Several files or
    /// folders: a folder NAME.ghosts per file under OUT (in parallel,
    /// progress on stderr, files without a ghost skipped, exit 2 when one
    /// failed).
    Ghosts {
        /// The replay(s) or map(s), or folders searched for .Gbx files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Output folder (created).
        #[arg(short, long)]
        output: PathBuf,
        /// Threads for several files (0: one per core).
        #[arg(short, long, default_value_t = 0)]
        jobs: usize,
    },
    /// A ghost's input events: OUT.csv (time_ms,action,value, one row per
    /// event) or OUT.txt (a TMInterface-style script, one line per event).
    /// Several files or folders: NAME.csv (or NAME.txt with `--txt`) per
    /// file into the folder OUT.
    Inputs {
        /// The replay(s) or ghost(s), or folders searched for .Gbx files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// OUT.csv or OUT.txt; a folder for several files.
        #[arg(short, long)]
        output: PathBuf,
        /// Which ghost (from 1); default: the first with input events.
        #[arg(long)]
        ghost: Option<usize>,
        /// Several files: write TMInterface scripts instead of CSV.
        #[arg(long)]
        txt: bool,
        /// Threads for several files (0: one per core).
        #[arg(short, long, default_value_t = 0)]
        jobs: usize,
    },
    /// A ghost's decoded samples as CSV: time_ms, x, y, z, speed_kmh, the
    /// rotation quaternion and velocity, and for TM2020 ghosts the car
    /// state (steer, gas, brake, gear, rpm, side speed, turbo, ground
    /// contact, each wheel's material, slipping and rotation, wetness).
    Samples {
        /// The replay, ghost or map.
        file: PathBuf,
        /// OUT.csv.
        #[arg(short, long)]
        output: PathBuf,
        /// Which ghost (from 1); default: the first with samples.
        #[arg(long)]
        ghost: Option<usize>,
    },
    /// The 3D model of an item, block, mesh, solid or prefab as binary
    /// glTF (`.glb`) or OBJ (`.obj`, with its `.mtl` beside it); metres,
    /// Y up. For a map, `--item` picks an embedded item by its path in the
    /// items ZIP (or its number, from 1).
    Mesh {
        /// The file.
        file: PathBuf,
        /// OUT.glb or OUT.obj.
        #[arg(short, long)]
        output: PathBuf,
        /// Embedded item of a map: its path in the items ZIP, or a number.
        #[arg(long)]
        item: Option<String>,
    },
    /// The blocks of a map as JSON (an array) or CSV, by extension: name,
    /// x, y, z, direction, flags, baked, free, decal (null or {id,
    /// intensity, variant}), kind, waypoint and the free placement. The
    /// non-baked entries are the stored 0x03043013/0x0304301F records.
    /// Several files or folders: NAME.json (or NAME.csv with `--csv`) per
    /// map into the folder OUT.
    Blocks {
        /// The map(s), or folders searched for .Gbx files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// OUT.json or OUT.csv; a folder for several files.
        #[arg(short, long)]
        output: PathBuf,
        /// Several files: write CSV instead of JSON.
        #[arg(long)]
        csv: bool,
        /// Threads for several files (0: one per core).
        #[arg(short, long, default_value_t = 0)]
        jobs: usize,
    },
}

/// Reads `path` no further than its declared end (issue 43, finding 6).
fn open(path: &Path) -> anyhow::Result<Gbx> {
    trackbench_core::sniff::input::read_gbx(path)
        .with_context(|| path.display().to_string())?
        .parse()
        .map_err(|e| anyhow!("{}: {e}", path.display()))
}

/// Writes `data` to `path` with the core's atomic writer and says so.
fn write(path: &Path, data: &[u8]) -> anyhow::Result<()> {
    save_atomic(path, data, false).with_context(|| format!("writing {}", path.display()))?;
    println!("wrote {} ({} bytes)", path.display(), data.len());
    Ok(())
}

/// Writes `img` as PNG with the core's atomic writer and says so.
fn write_png(img: &image::RgbaImage, path: &Path) -> anyhow::Result<()> {
    save_png(path, img).with_context(|| format!("writing {}", path.display()))?;
    println!(
        "wrote {} ({}×{})",
        path.display(),
        img.width(),
        img.height()
    );
    Ok(())
}

/// The map's embedded items ZIP, or an error naming the file.
fn items_zip<'a>(gbx: &'a Gbx, file: &Path) -> anyhow::Result<&'a [u8]> {
    images::embedded_items_zip(gbx)
        .ok_or_else(|| anyhow!("{}: no embedded items (chunk 0x03043054)", file.display()))
}

fn is_png(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("png"))
}

fn thumbnail_one(file: &Path, output: &Path) -> anyhow::Result<()> {
    let gbx = open(file)?;
    let jpeg = thumbnail::thumbnail_jpeg(&gbx)
        .ok_or_else(|| anyhow!("{}: no thumbnail", file.display()))?;
    if is_png(output) {
        let img = thumbnail::decode_upright(jpeg).map_err(|e| anyhow!(e))?;
        write_png(&img, output)
    } else {
        write(output, jpeg)
    }
}

fn icon_one(file: &Path, output: &Path) -> anyhow::Result<()> {
    let gbx = open(file)?;
    let icon = images::icon(&gbx).ok_or_else(|| anyhow!("{}: no icon", file.display()))?;
    let img = images::decode_icon(icon).map_err(|e| anyhow!(e))?;
    write_png(&img, output)
}

/// The batch of `files` into folder `output` on `jobs` threads.
fn batch<'a>(files: &'a [PathBuf], output: &'a Path, jobs: usize) -> FolderBatch<'a> {
    FolderBatch {
        paths: files,
        out_dir: output,
        jobs,
    }
}

/// Runs an export.
pub fn run(cmd: ExportCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        ExportCommand::Thumbnail {
            files,
            output,
            png,
            jobs,
        } => match files.as_slice() {
            [file] if !file.is_dir() => thumbnail_one(file, &output)?,
            _ => {
                return export_batch::run(
                    &batch(&files, &output, jobs),
                    Picture::Thumbnail { png },
                );
            }
        },
        ExportCommand::Icon {
            files,
            output,
            jobs,
        } => match files.as_slice() {
            [file] if !file.is_dir() => icon_one(file, &output)?,
            _ => return export_batch::run(&batch(&files, &output, jobs), Picture::Icon),
        },
        ExportCommand::Items { file, output } => {
            let gbx = open(&file)?;
            let zip = items_zip(&gbx, &file)?;
            write(&output, zip)?;
        }
        ExportCommand::ItemsFolder { file, output } => {
            let gbx = open(&file)?;
            let zip = items_zip(&gbx, &file)?;
            let done = trackbench_core::gbx::access::embedded::extract_zip_report(zip, &output)
                .map_err(|e| anyhow!("{}: {e}", file.display()))?;
            for m in &done.mapped {
                println!("{}", trackbench_core::terminal::terminal_safe(m));
            }
            println!("extracted {} files into {}", done.files, output.display());
        }
        ExportCommand::Map { file, output } => {
            let gbx = open(&file)?;
            let (_, map) =
                trackbench_core::gbx::access::embedded::embedded_map(&gbx).ok_or_else(|| {
                    anyhow!(
                        "{}: no embedded map (body chunk 0x03093002)",
                        file.display()
                    )
                })?;
            write(&output, map)?;
        }
        ExportCommand::Text { file, output } => {
            let bytes = trackbench_core::sniff::input::read_gbx(&file)
                .with_context(|| file.display().to_string())?
                .bytes;
            let text = trackbench_core::gbx::text::to_text(&bytes)
                .map_err(|e| anyhow!("{}: {e}", file.display()))?;
            write(&output, &text)?;
        }
        ExportCommand::Lightmaps { file, output, png } => {
            let gbx = open(&file)?;
            let frames = images::lightmap_frames(&gbx);
            if frames.is_empty() {
                bail!("{}: no lightmap frames (chunk 0x0304303D)", file.display());
            }
            std::fs::create_dir_all(&output).with_context(|| output.display().to_string())?;
            for (name, data) in frames {
                if png {
                    let img = images::decode_frame(data).map_err(|e| anyhow!("{name}: {e}"))?;
                    let stem = name.rsplit_once('.').map_or(name.as_str(), |(s, _)| s);
                    let path = output.join(format!("{stem}.png"));
                    write_png(&img, &path)?;
                } else {
                    write(&output.join(name), data)?;
                }
            }
        }
        ExportCommand::Ghosts {
            files,
            output,
            jobs,
        } => {
            return match files.as_slice() {
                [file] if !file.is_dir() => super::export_ghost::run_ghosts(file, &output),
                _ => extract_batch::run(&batch(&files, &output, jobs), Extraction::Ghosts),
            };
        }
        ExportCommand::Inputs {
            files,
            output,
            ghost,
            txt,
            jobs,
        } => {
            return match files.as_slice() {
                [file] if !file.is_dir() => super::export_ghost::run_inputs(file, &output, ghost),
                _ => {
                    let ext = if txt { "txt" } else { "csv" };
                    extract_batch::run(
                        &batch(&files, &output, jobs),
                        Extraction::Inputs { ext, ghost },
                    )
                }
            };
        }
        ExportCommand::Samples {
            file,
            output,
            ghost,
        } => return super::export_ghost::run_samples(&file, &output, ghost),
        ExportCommand::Mesh { file, output, item } => export_mesh(&file, &output, item.as_deref())?,
        ExportCommand::Blocks {
            files,
            output,
            csv,
            jobs,
        } => {
            return match files.as_slice() {
                [file] if !file.is_dir() => crate::cli::export_blocks::run(file, &output),
                _ => {
                    let ext = if csv { "csv" } else { "json" };
                    extract_batch::run(&batch(&files, &output, jobs), Extraction::Blocks { ext })
                }
            };
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `export mesh`: the file's model, or an embedded item's; each file the
/// core asks for (the .glb, or .obj and .mtl) written atomically.
fn export_mesh(file: &Path, output: &Path, item: Option<&str>) -> anyhow::Result<()> {
    use trackbench_core::gbx::access::mesh::{Model, export};
    let gbx = open(file)?;
    let embedded = export::embedded_meshes(&gbx).map_err(|e| anyhow!("{}: {e}", file.display()))?;
    let model = match item {
        Some(wanted) => {
            let pick = wanted
                .parse::<usize>()
                .ok()
                .and_then(|n| embedded.get(n.checked_sub(1)?))
                .or_else(|| embedded.iter().find(|e| e.path == wanted))
                .ok_or_else(|| anyhow!("{}: no embedded item {wanted:?}", file.display()))?;
            export::embedded_model(&gbx, pick.index).map_err(|e| anyhow!("{}: {e}", pick.path))?
        }
        None => Model::from_gbx(&gbx),
    };
    if model.is_empty() && item.is_none() && !embedded.is_empty() {
        let list: Vec<String> = embedded
            .iter()
            .enumerate()
            .map(|(i, e)| format!("  {}: {}", i + 1, e.path))
            .collect();
        bail!(
            "{}: no geometry of its own; pick an embedded item with --item:\n{}",
            file.display(),
            list.join("\n")
        );
    }
    let files =
        export::export_files(&model, output).map_err(|e| anyhow!("{}: {e}", file.display()))?;
    for (path, data) in files {
        write(&path, &data)?;
    }
    println!(
        "{} objects, {} vertices, {} triangles, {} materials",
        model.objects.len(),
        model.vertex_count(),
        model.triangle_count(),
        model.materials.len()
    );
    Ok(())
}
