//! `trackbench inspect FILE [--json]`: the structure of a .Gbx file
//! ([`trackbench_core::gbx::inspect`]), as text or JSON.

use std::path::Path;
use std::process::ExitCode;
use trackbench_core::gbx::inspect::{Inspection, hex_id, inspect, status_word};
use trackbench_core::gbx::{ChunkStatus, Gbx, class_label};

/// Reads `path` and prints its structure; exit 0 when it was read (even
/// partially), 2 with a one-line error when it cannot be read at all.
pub fn run(path: &Path, as_json: bool) -> anyhow::Result<ExitCode> {
    let data = std::fs::read(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let size = data.len();
    let gbx = Gbx::parse(data).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let doc = inspect(&gbx, &path.display().to_string(), size);
    if as_json {
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), "{}", doc.to_json_string()?);
    } else {
        print_text(&gbx, &doc);
    }
    Ok(ExitCode::SUCCESS)
}

/// `println!` that ignores a closed pipe (`inspect | head` must not panic).
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($arg)*);
    }};
}

fn print_text(gbx: &Gbx, doc: &Inspection) {
    let h = &gbx.header;
    outln!(
        "{}: GBX v{} {} ({} nodes)",
        doc.path,
        h.version,
        class_label(h.class_id),
        h.num_nodes
    );
    for c in &h.chunks {
        outln!(
            "  header chunk {} {:<12} {:>8} bytes{}{}",
            hex_id(c.id),
            c.name.unwrap_or(""),
            c.data_range.len(),
            if c.heavy { " heavy" } else { "" },
            if c.status == ChunkStatus::Decoded {
                ""
            } else {
                " (raw)"
            }
        );
    }
    for (i, n) in gbx.nodes.iter().enumerate() {
        outln!(
            "  node #{i} {} — {} chunks",
            class_label(n.class_id),
            n.chunks.len()
        );
        for c in &n.chunks {
            outln!(
                "    {} {:<24} @{:#x} {} bytes {}",
                hex_id(c.id),
                c.name.unwrap_or(""),
                c.range.start,
                c.range.len(),
                status_word(c.status)
            );
        }
    }
    let s = doc.summary;
    outln!(
        "summary: {} chunks, {} decoded, {} raw, {} unknown; main node {}",
        s.chunks,
        s.decoded,
        s.raw,
        s.unknown,
        if s.main_node_complete {
            "complete"
        } else {
            "stopped"
        }
    );
    for p in &gbx.problems {
        outln!("problem: {p}");
    }
}
