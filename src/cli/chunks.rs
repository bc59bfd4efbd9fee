//! `trackbench chunks [CLASS] [--json|--markdown]`: every decoded chunk
//! (the core's `gbx::tools::chunks`, read from the decoder registry) with
//! its part, label, decoder and source; a declared chunk with its fields,
//! types, roles and gates. `--markdown` writes `docs/CHUNKS.md`:
//! regenerate it with [`REGENERATE`].

use crate::cli::out::print_out;
use clap::Args;
use std::fmt::Write as _;
use std::process::ExitCode;
use trackbench_core::gbx::tools::chunks::{ChunkInfo, ClassChunks, all_chunks, find_class};

/// The one command that writes `docs/CHUNKS.md` (from the repository root).
pub const REGENERATE: &str = "cargo run -- chunks --markdown > docs/CHUNKS.md";

/// The folder of the decoder files, left out of the paths the Markdown
/// prints.
const CLASSES_DIR: &str = "crates/core/src/gbx/classes/";

/// Arguments of `trackbench chunks`.
#[derive(Debug, Args)]
pub struct ChunksArgs {
    /// A class name (case-insensitive, e.g. CGameCtnChallenge) or a hex
    /// class id (0x03043000); every class when left out.
    pub class: Option<String>,
    /// Print JSON for scripts.
    #[arg(long, conflicts_with = "markdown")]
    pub json: bool,
    /// Print Markdown, as docs/CHUNKS.md.
    #[arg(long)]
    pub markdown: bool,
}

/// Runs `trackbench chunks`: exit 0, 1 when the class has no decoded
/// chunk.
///
/// # Errors
/// An unknown class (with the closest names), or stdout failing.
pub fn run(args: &ChunksArgs) -> anyhow::Result<ExitCode> {
    let mut classes = all_chunks();
    if let Some(query) = &args.class {
        let ids = find_class(query)?;
        classes.retain(|c| ids.contains(&c.class_id));
        if classes.is_empty() {
            eprintln!("trackbench: class {query} has no decoded chunk");
            return Ok(ExitCode::from(1));
        }
    }
    let out = if args.json {
        format!("{}\n", serde_json::to_string_pretty(&classes)?)
    } else if args.markdown {
        markdown(&classes)
    } else {
        text(&classes)
    };
    print_out(&out)?;
    Ok(ExitCode::SUCCESS)
}

fn heading(c: &ClassChunks) -> String {
    match c.class_name {
        Some(name) => format!("{name} ({:#010x})", c.class_id),
        None => format!("{:#010x} (no class name)", c.class_id),
    }
}

/// The decoder column: "declared (SOURCE)" or "hand-written".
fn decoder(c: &ChunkInfo) -> String {
    let kind = match c.layout_source {
        Some(source) => format!("declared ({source})"),
        None => "hand-written".to_owned(),
    };
    if c.encapsulated {
        format!("{kind}, encapsulated")
    } else {
        kind
    }
}

fn text(classes: &[ClassChunks]) -> String {
    let mut out = String::new();
    for class in classes {
        let _ = writeln!(out, "{}", heading(class));
        for c in &class.chunks {
            let label = c.label.map_or_else(String::new, |l| format!(" {l}"));
            let _ = writeln!(
                out,
                "  {} {:#010x}{label}: {} ({}:{})",
                c.part.name(),
                c.chunk_id,
                decoder(c),
                c.file,
                c.line
            );
            let name_width = c.fields.iter().map(|f| f.name.len()).max().unwrap_or(0);
            let ty_width = c.fields.iter().map(|f| f.ty.len()).max().unwrap_or(0);
            for f in &c.fields {
                let gate = f
                    .gate
                    .as_deref()
                    .map_or_else(String::new, |g| format!("  if {g}"));
                let line = format!(
                    "    {:name_width$}  {:ty_width$}  {}{gate}",
                    f.name, f.ty, f.role
                );
                let _ = writeln!(out, "{}", line.trim_end());
            }
        }
    }
    out
}

/// `docs/CHUNKS.md`: a contents list, then one section per class with a
/// table of its chunks and a table of fields per declared chunk.
fn markdown(classes: &[ClassChunks]) -> String {
    let all: Vec<&ChunkInfo> = classes.iter().flat_map(|c| &c.chunks).collect();
    let declared = all.iter().filter(|c| c.declared).count();
    let mut out = format!(
        "# Decoded chunks\n\n\
         Generated from the decoder registry by `{REGENERATE}`; do not edit \
         by hand (`tests/cli/chunks.rs` fails when it is stale). {} classes, \
         {} chunks: {declared} declared with `layout!` \
         (`crates/core/src/gbx/classes/decl.rs`), {} hand-written. Files \
         are under `{CLASSES_DIR}`. A field's gate says when it is stored \
         (by the chunk's version or a bit of its flags field).\n\n",
        classes.len(),
        all.len(),
        all.len() - declared,
    );
    for class in classes {
        let h = heading(class);
        let _ = writeln!(out, "- [{h}](#{})", anchor(&h));
    }
    for class in classes {
        let _ = write!(out, "\n## {}\n\n", heading(class));
        out.push_str("| chunk | part | label | decoder | file |\n|:--|:--|:--|:--|:--|\n");
        for c in &class.chunks {
            let _ = writeln!(
                out,
                "| {:#010x} | {} | {} | {} | {} |",
                c.chunk_id,
                c.part.name(),
                cell(c.label.unwrap_or("")),
                cell(&decoder(c)),
                cell(c.file.strip_prefix(CLASSES_DIR).unwrap_or(&c.file)),
            );
        }
        for c in class.chunks.iter().filter(|c| c.declared) {
            fields_table(&mut out, c);
        }
    }
    out
}

fn fields_table(out: &mut String, c: &ChunkInfo) {
    let label = c
        .label
        .map_or_else(String::new, |l| format!(" {}", cell(l)));
    let _ = write!(
        out,
        "\n### {:#010x}{label} ({})\n\n{}\n\n",
        c.chunk_id,
        c.part.name(),
        cell(c.layout_source.unwrap_or("")),
    );
    out.push_str("| field | type | role | stored |\n|:--|:--|:--|:--|\n");
    for f in &c.fields {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} |",
            cell(&f.name),
            cell(&f.ty),
            f.role,
            f.gate.as_deref().unwrap_or("always"),
        );
    }
}

/// A table cell: `|` escaped, line breaks as spaces.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace(['\n', '\r'], " ")
}

/// GitHub's anchor of a heading: lower case, spaces as `-`, other
/// punctuation left out.
fn anchor(heading: &str) -> String {
    heading
        .chars()
        .filter_map(|ch| match ch {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c.to_ascii_lowercase()),
            _ => None,
        })
        .collect()
}
