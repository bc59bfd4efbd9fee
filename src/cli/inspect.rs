//! `trackbench inspect FILE [--json]`: the structure of a .Gbx file.

use serde_json::{Value as Json, json};
use std::path::Path;
use std::process::ExitCode;
use trackbench_core::gbx::{Chunk, ChunkStatus, Gbx, NodeEnd, class_label};

/// Reads `path` and prints its structure; exit 0 when it was read (even
/// partially), 2 with a one-line error when it cannot be read at all.
pub fn run(path: &Path, as_json: bool) -> anyhow::Result<ExitCode> {
    let data = std::fs::read(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let size = data.len();
    let gbx = Gbx::parse(data).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let doc = to_json(&gbx, path, size);
    if as_json {
        use std::io::Write as _;
        let _ = writeln!(
            std::io::stdout().lock(),
            "{}",
            serde_json::to_string_pretty(&doc)?
        );
    } else {
        print_text(&gbx, &doc);
    }
    Ok(ExitCode::SUCCESS)
}

fn hex(id: u32) -> String {
    format!("{id:#010x}")
}

fn status(s: ChunkStatus) -> &'static str {
    match s {
        ChunkStatus::Decoded => "decoded",
        ChunkStatus::Raw => "raw",
        ChunkStatus::Unknown => "unknown",
    }
}

fn chunk_name(c: &Chunk) -> Json {
    c.name.map_or(Json::Null, |n| json!(n))
}

/// The JSON document of `inspect --json` (shape documented in issue 2).
#[must_use]
pub fn to_json(gbx: &Gbx, path: &Path, size: usize) -> Json {
    let h = &gbx.header;
    let header_chunks: Vec<Json> = h
        .chunks
        .iter()
        .map(|c| {
            json!({ "id": hex(c.id), "name": chunk_name(c), "offset": c.data_range.start,
                    "size": c.data_range.len(), "heavy": c.heavy,
                    "decoded": c.status == ChunkStatus::Decoded, "note": c.note })
        })
        .collect();
    let ref_table = gbx.ref_table.as_ref().map(|t| {
        json!({ "num_external_nodes": t.num_external_nodes, "ancestor_level": t.ancestor_level,
                "folders": t.folders.iter().map(|f| f.path.clone()).collect::<Vec<_>>(),
                "external_nodes": t.external_nodes })
    });
    let body = gbx.body_info.as_ref().map(|b| {
        json!({ "offset": b.offset, "compressed_size": b.compressed_size,
                "uncompressed_size": b.uncompressed_size })
    });
    let nodes: Vec<Json> = gbx
        .nodes
        .iter()
        .enumerate()
        .map(|(i, n)| node_json(i, n))
        .collect();
    json!({
        "path": path.display().to_string(),
        "kind": "gbx",
        "size_bytes": size,
        "header": {
            "version": h.version,
            "format": match h.format { trackbench_core::gbx::Format::Binary => "binary", _ => "text" },
            "ref_table_compressed": h.ref_table_compressed,
            "body_compressed": h.body_compressed,
            "class_id": hex(h.class_id),
            "stored_class_id": h.stored_class_id.map(hex),
            "class_name": class_label(h.class_id),
            "num_nodes": h.num_nodes,
        },
        "header_chunks": header_chunks,
        "ref_table": ref_table,
        "body": body,
        "nodes": nodes,
        "tail": gbx.tail,
        "problems": gbx.problems,
        "summary": gbx.summary(),
    })
}

fn node_json(i: usize, n: &trackbench_core::gbx::Node) -> Json {
    let chunks: Vec<Json> = n
        .chunks
        .iter()
        .map(|c| {
            json!({ "id": hex(c.id), "name": chunk_name(c), "offset": c.range.start,
                    "size": c.range.len(), "skippable": c.skippable, "status": status(c.status),
                    "note": c.note })
        })
        .collect();
    let (end, at, reason) = match &n.end {
        NodeEnd::Facade => ("facade", None, None),
        NodeEnd::Stopped { at, reason } => ("stopped", Some(*at), Some(reason.clone())),
    };
    json!({ "index": i, "node_index": n.index, "class_id": hex(n.class_id),
            "class_name": class_label(n.class_id), "parent": n.parent, "chunks": chunks,
            "end": end, "stopped_at": at, "stop_reason": reason })
}

/// `println!` that ignores a closed pipe (`inspect | head` must not panic).
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($arg)*);
    }};
}

fn print_text(gbx: &Gbx, doc: &Json) {
    let h = &gbx.header;
    outln!(
        "{}: GBX v{} {} ({} nodes)",
        doc["path"].as_str().unwrap_or(""),
        h.version,
        class_label(h.class_id),
        h.num_nodes
    );
    for c in &h.chunks {
        outln!(
            "  header chunk {} {:<12} {:>8} bytes{}{}",
            hex(c.id),
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
                hex(c.id),
                c.name.unwrap_or(""),
                c.range.start,
                c.range.len(),
                status(c.status)
            );
        }
    }
    let s = gbx.summary();
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
