//! `trackbench blocks add|delete|move|rotate|replace|colour|clear-validation
//! FILE … -o OUT` (and `import`, in `blocks_import.rs`):
//! the map operations of the Blocks & items view for scripts. INDEX is a
//! block's position in `export blocks` order. Each run goes through the
//! editing front (`edit_front`: refuses a partial file unless `--force`,
//! writes OUT atomically, OUT may be the input), applies one edit of
//! `trackbench_core::edit::map_ops` and prints what changed; a change that
//! invalidates a validated map says so on stderr. Block names are printed
//! with control characters escaped (`terminal_safe`; issue 43, finding 10).

use super::edit_front::EditFront;
use anyhow::{anyhow, bail};
use clap::{Args, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use trackbench_core::edit::map_ops::{
    self, Colour, NewBlock, Offset, Rotation, Selection, validation_effect,
};
use trackbench_core::edit::{Edit, EditError};
use trackbench_core::gbx::access::map_contents::{
    BlockRef, FreePlacement, MapContents, map_contents,
};
use trackbench_core::terminal::terminal_safe;

/// Arguments of `trackbench blocks`.
#[derive(Debug, Args)]
pub struct BlocksArgs {
    /// What to do.
    #[command(subcommand)]
    pub op: BlocksOp,
}

pub use super::edit_front::OutArgs;

/// One map operation.
#[derive(Debug, Subcommand)]
pub enum BlocksOp {
    /// Add a block that was not in the map (issue 45): a grid block at
    /// --at X,Y,Z (the coordinates of `export blocks`) facing --dir, or a
    /// free block (--free) at --pos X,Y,Z metres turned by --rot
    /// YAW,PITCH,ROLL degrees. A name unknown for the map's environment
    /// (its own blocks, the corpus's in data/known_names.tsv) needs --force.
    Add {
        /// The map.
        file: PathBuf,
        /// Block model name.
        name: String,
        /// Grid coordinate "X,Y,Z" (not used by a free block).
        #[arg(long, allow_hyphen_values = true, required_unless_present = "free")]
        at: Option<String>,
        /// Direction: 0 north, 1 east, 2 south, 3 west.
        #[arg(long, required_unless_present = "free")]
        dir: Option<u8>,
        /// A free block (ManiaPlanet/TM2020 maps with free-block chunk
        /// 0x0304305F): needs --pos.
        #[arg(long, requires = "pos")]
        free: bool,
        /// Free position "X,Y,Z" in metres.
        #[arg(long, allow_hyphen_values = true, requires = "free")]
        pos: Option<String>,
        /// Free rotation "YAW,PITCH,ROLL" in degrees (default 0,0,0).
        #[arg(long, allow_hyphen_values = true, requires = "free")]
        rot: Option<String>,
        /// Flags to store (e.g. 0x1000); default: ground at the map's
        /// ground height, else air (free: bit 29).
        #[arg(long)]
        flags: Option<String>,
        /// Export index the new block takes (default: after the last placed
        /// block).
        #[arg(long)]
        index: Option<usize>,
        #[command(flatten)]
        out: OutArgs,
    },
    /// Delete blocks (their records, the stored count and their entries in
    /// the TM2020 per-block chunks).
    Delete {
        /// The map.
        file: PathBuf,
        /// Block indices (`export blocks` order).
        #[arg(required = true)]
        indices: Vec<usize>,
        #[command(flatten)]
        out: OutArgs,
    },
    /// Replace the model OLD by NEW in every block and item of the map.
    Replace {
        /// The map.
        file: PathBuf,
        /// Model name to replace.
        old: String,
        /// Model name to put in its place.
        new: String,
        #[command(flatten)]
        out: OutArgs,
    },
    /// Move blocks by DX,DY,DZ block units (free blocks by as many metres:
    /// 32, 8, 32 a unit), or by metres with --metres (free blocks only,
    /// or whole blocks).
    Move {
        /// The map.
        file: PathBuf,
        /// Block indices (`export blocks` order).
        #[arg(required = true)]
        indices: Vec<usize>,
        /// Offset "DX,DY,DZ".
        #[arg(long, allow_hyphen_values = true)]
        by: String,
        /// Read --by in metres.
        #[arg(long)]
        metres: bool,
        #[command(flatten)]
        out: OutArgs,
    },
    /// Set the direction of grid blocks (0 north, 1 east, 2 south, 3 west)
    /// or the yaw of free blocks (--yaw degrees).
    Rotate {
        /// The map.
        file: PathBuf,
        /// Block indices.
        #[arg(required = true)]
        indices: Vec<usize>,
        /// Direction 0–3 of grid blocks.
        #[arg(long)]
        dir: Option<u8>,
        /// Yaw of free blocks, degrees.
        #[arg(long, allow_hyphen_values = true)]
        yaw: Option<f32>,
        #[command(flatten)]
        out: OutArgs,
    },
    /// Colour blocks with TM2020's palette (default, white, green, blue,
    /// red, black); no INDEX: every block and item.
    Colour {
        /// The map.
        file: PathBuf,
        /// Block indices (none: the whole map).
        indices: Vec<usize>,
        /// The colour.
        #[arg(long)]
        colour: String,
        #[command(flatten)]
        out: OutArgs,
    },
    /// Apply a block list in the `export blocks` JSON format as one edit:
    /// rows equal to the map's blocks are kept byte-for-byte, changed rows
    /// edited, missing rows deleted, new rows added (docs/EDITING.md).
    Import {
        /// The map.
        file: PathBuf,
        /// The block list (JSON).
        list: PathBuf,
        /// Output file (may be the input; written atomically).
        #[arg(short, long, required_unless_present = "dry_run")]
        output: Option<PathBuf>,
        /// Print the plan (kept, changed, added, deleted) and write nothing.
        #[arg(long)]
        dry_run: bool,
        /// Edit even a file that was not read completely.
        #[arg(long)]
        force: bool,
    },
    /// Clear the map's validation (author time -1) so the game asks for a
    /// new one.
    ClearValidation {
        /// The map.
        file: PathBuf,
        #[command(flatten)]
        out: OutArgs,
    },
}

/// Runs `trackbench blocks`.
///
/// # Errors
/// Unreadable or partial file, bad arguments, a refused edit, or a write
/// failure.
pub fn run(args: BlocksArgs) -> anyhow::Result<ExitCode> {
    match args.op {
        BlocksOp::Add {
            file,
            name,
            at,
            dir,
            free,
            pos,
            rot,
            flags,
            index,
            out,
        } => {
            let block = NewBlock {
                name,
                coord: match at {
                    Some(at) => parse_coord(&at)?,
                    None => [0; 3],
                },
                direction: dir.unwrap_or(0),
                flags: flags.as_deref().map(parse_flags).transpose()?,
                free: if free {
                    Some(free_placement(pos.as_deref(), rot.as_deref())?)
                } else {
                    None
                },
            };
            add(&file, &out, &block, index)
        }
        BlocksOp::Delete { file, indices, out } => {
            let sel = Selection::blocks(indices);
            // What is printed: the blocks as they were.
            edit_file(&file, &out, &Selection::default(), |g| {
                if let Some(c) = map_contents(g) {
                    for i in sel.sorted_blocks() {
                        if let Some(b) = c.block(i) {
                            let name = terminal_safe(b.name());
                            println!("deleted block #{i} {name}: {}", describe(b));
                        }
                    }
                }
                map_ops::delete_selection(g, &sel)
            })
        }
        BlocksOp::Replace {
            file,
            old,
            new,
            out,
        } => edit_file(&file, &out, &Selection::default(), |g| {
            if let Some(c) = map_contents(g) {
                let (b, i) = map_ops::count_replacements(&c, None, &old);
                let (o, n) = (terminal_safe(&old), terminal_safe(&new));
                println!("{o} -> {n}: {b} blocks, {i} items");
            }
            map_ops::replace_model(g, None, &old, &new)
        }),
        BlocksOp::Move {
            file,
            indices,
            by,
            metres,
            out,
        } => {
            let v = parse_triple(&by)?;
            let offset = if metres {
                Offset::Metres(v)
            } else {
                let whole = v.map(|x| x as i32);
                if whole.iter().zip(v).any(|(&w, x)| w as f32 != x) {
                    bail!("--by {by}: block units are whole numbers (use --metres for metres)");
                }
                Offset::Blocks(whole)
            };
            let sel = Selection::blocks(indices);
            // The core names the value as read (1e39 reads as inf); the
            // text typed is named here.
            edit_file(&file, &out, &sel, |g| {
                map_ops::move_selection(g, &sel, offset).map_err(|e| match e {
                    EditError::Invalid(why) => EditError::Invalid(format!("--by {by}: {why}")),
                    e => e,
                })
            })
        }
        BlocksOp::Rotate {
            file,
            indices,
            dir,
            yaw,
            out,
        } => {
            if dir.is_none() && yaw.is_none() {
                bail!("give --dir N (grid blocks) or --yaw DEGREES (free blocks)");
            }
            let sel = Selection::blocks(indices);
            let rot = Rotation {
                block_direction: dir,
                yaw_deg: yaw,
            };
            edit_file(&file, &out, &sel, |g| {
                map_ops::rotate_selection(g, &sel, rot)
            })
        }
        BlocksOp::Colour {
            file,
            indices,
            colour,
            out,
        } => {
            let c = Colour::parse(&colour).ok_or_else(|| {
                let names: Vec<_> = Colour::ALL.iter().map(|c| c.name()).collect();
                anyhow!("--colour {colour}: one of {} (or 0–5)", names.join(", "))
            })?;
            let whole = indices.is_empty();
            let mut sel = Selection::blocks(indices);
            edit_file(&file, &out, &sel.clone(), |g| {
                if whole {
                    sel = map_contents(g)
                        .map(|c| Selection::all(&c))
                        .unwrap_or_default();
                }
                map_ops::colour_selection(g, &sel, c)
            })
        }
        BlocksOp::Import {
            file,
            list,
            output,
            dry_run,
            force,
        } => super::blocks_import::run(&file, &list, output.as_ref(), dry_run, force),
        BlocksOp::ClearValidation { file, out } => edit_file(
            &file,
            &out,
            &Selection::default(),
            map_ops::clear_validation,
        ),
    }
}

/// "1,2,3" or "1.5,-2,0" as three numbers.
fn parse_triple(text: &str) -> anyhow::Result<[f32; 3]> {
    numbers(text).ok_or_else(|| anyhow!("--by {text}: not three numbers DX,DY,DZ"))
}

/// Three comma-separated numbers of type `T`.
fn numbers<T: std::str::FromStr + Copy>(text: &str) -> Option<[T; 3]> {
    let parts: Vec<T> = text
        .split(',')
        .map(|p| p.trim().parse::<T>())
        .collect::<Result<_, _>>()
        .ok()?;
    <[T; 3]>::try_from(parts).ok()
}

/// `--at X,Y,Z`: three whole numbers.
fn parse_coord(text: &str) -> anyhow::Result<[i32; 3]> {
    numbers(text).ok_or_else(|| anyhow!("--at {text}: not three whole numbers X,Y,Z"))
}

/// `--flags`: a number, decimal or 0x hex.
fn parse_flags(text: &str) -> anyhow::Result<u32> {
    let parsed = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => u32::from_str_radix(hex, 16),
        None => text.parse(),
    };
    parsed.map_err(|_| anyhow!("--flags {text}: not a 32-bit number (decimal or 0x hex)"))
}

/// `--pos X,Y,Z` metres and `--rot YAW,PITCH,ROLL` degrees (0,0,0 when
/// absent) as a free placement in radians; the core refuses what is not
/// finite.
fn free_placement(pos: Option<&str>, rot: Option<&str>) -> anyhow::Result<FreePlacement> {
    let pos = pos.ok_or_else(|| anyhow!("--free needs --pos X,Y,Z (metres)"))?;
    let position_m =
        numbers(pos).ok_or_else(|| anyhow!("--pos {pos}: not three numbers X,Y,Z (metres)"))?;
    let deg: [f32; 3] = match rot {
        Some(r) => numbers(r)
            .ok_or_else(|| anyhow!("--rot {r}: not three numbers YAW,PITCH,ROLL (degrees)"))?,
        None => [0.0; 3],
    };
    Ok(FreePlacement {
        position_m,
        yaw_pitch_roll_rad: deg.map(f32::to_radians),
    })
}

/// `blocks add`: a name unknown for the map's environment is refused unless
/// `--force` (as `set map.car=`); prints the block as added.
fn add(
    file: &Path,
    out: &OutArgs,
    block: &NewBlock,
    at: Option<usize>,
) -> anyhow::Result<ExitCode> {
    let mut front = EditFront::open(file, out.force)?;
    let name = terminal_safe(&block.name);
    if let Some(why) = map_ops::add::unknown_name(&front.doc.gbx, &block.name) {
        if !front.forced() {
            bail!("{}: {why}; --force adds it anyway", file.display());
        }
        eprintln!("warning: {why}; adding it (--force)");
    }
    let placed = |g: &trackbench_core::gbx::Gbx| {
        map_contents(g).map_or(0, |c| c.blocks.iter().filter(|b| !b.baked).count())
    };
    let index = at.unwrap_or_else(|| placed(&front.doc.gbx));
    let edit = map_ops::add_block(&front.doc.gbx, block, at)
        .map_err(|e| anyhow!("{}: {e}", file.display()))?;
    let label = edit.label.clone();
    let warning = validation_effect(&front.doc.gbx, &edit);
    front.apply(&file.display().to_string(), edit, label)?;
    if let Some(c) = map_contents(&front.doc.gbx)
        && let Some(b) = c.block(index)
    {
        println!("added block #{index} {name}: {}", describe(b));
    }
    let code = front.save(&out.output)?;
    if let Some(w) = warning {
        eprintln!("trackbench: warning: {w} (trackbench blocks clear-validation)");
    }
    Ok(code)
}

/// Loads `file` through the editing front (which refuses a partial file
/// without `--force`), applies the edit `make` builds, writes `out.output`
/// and prints what changed for the blocks of `sel`.
fn edit_file(
    file: &Path,
    out: &OutArgs,
    sel: &Selection,
    make: impl FnOnce(&trackbench_core::gbx::Gbx) -> Result<Edit, EditError>,
) -> anyhow::Result<ExitCode> {
    let mut front = EditFront::open(file, out.force)?;
    let before = map_contents(&front.doc.gbx).unwrap_or_default();
    let edit = make(&front.doc.gbx).map_err(|e| anyhow!("{}: {e}", file.display()))?;
    let label = edit.label.clone();
    let warning = validation_effect(&front.doc.gbx, &edit);
    front.apply(&file.display().to_string(), edit, label)?;
    let after = map_contents(&front.doc.gbx).unwrap_or_default();
    // One edit, one change (its label, printed by the front); the blocks
    // it changed are listed first.
    for line in changes(&before, &after, sel) {
        println!("{line}");
    }
    let code = front.save(&out.output)?;
    if let Some(w) = warning {
        eprintln!("trackbench: warning: {w} (trackbench blocks clear-validation)");
    }
    Ok(code)
}

/// "block #12 StadiumRoadMain: (3, 1, 5) N -> (4, 1, 7) N" for each
/// selected block that changed.
fn changes(before: &MapContents, after: &MapContents, sel: &Selection) -> Vec<String> {
    sel.sorted_blocks()
        .into_iter()
        .filter_map(|i| {
            let (b, a) = (before.block(i)?, after.block(i)?);
            let name = terminal_safe(b.name());
            (b != a).then(|| format!("block #{i} {name}: {} -> {}", describe(b), describe(a)))
        })
        .collect()
}

fn describe(b: BlockRef<'_>) -> String {
    let [x, y, z] = b.coord;
    let mut s = format!("({x}, {y}, {z}) {}", b.direction_label());
    if let Some(f) = b.free() {
        let [px, py, pz] = f.position_m;
        s += &format!(
            " at ({px:.2}, {py:.2}, {pz:.2}) m yaw {:.1} deg",
            f.yaw_pitch_roll_rad[0].to_degrees()
        );
    }
    s
}
