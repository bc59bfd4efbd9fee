//! Prints a one-line summary per GBX file: class, chunk counts and where
//! reading stopped. Usage: `cargo run -p trackbench-core --example gbxstat -- FILES…`
//! (`GBX_DUMP=1`: every node, chunk and field; `GBX_TABLE=1`: the size of
//! the field table against the body's).
use trackbench_core::gbx::{Gbx, class_label};

fn main() {
    for path in std::env::args().skip(1) {
        let data = match std::fs::read(&path) {
            Ok(d) => d,
            Err(e) => {
                println!("{path}: {e}");
                continue;
            }
        };
        let name = path.rsplit('/').next().unwrap_or(&path).to_string();
        match Gbx::parse(data) {
            Err(e) => println!("ERR {name}: {e}"),
            Ok(g) => {
                let s = g.summary();
                let status = if s.main_node_complete { "OK " } else { "STOP" };
                println!(
                    "{status} {name}: {} chunks={} dec={} raw={} unk={} nodes={}",
                    class_label(g.header.class_id),
                    s.chunks,
                    s.decoded,
                    s.raw,
                    s.unknown,
                    g.nodes.len()
                );
                if std::env::var_os("GBX_DUMP").is_some() {
                    dump(&g);
                }
                if std::env::var_os("GBX_TABLE").is_some() {
                    println!(
                        "     table: {} records, {} bytes held; body {} bytes",
                        g.table().len(),
                        g.table().heap_bytes(),
                        g.body.len()
                    );
                }
                if let (Some(t), Some(_)) = (&g.tail, std::env::var_os("GBX_RAW")) {
                    let from = usize::try_from(t.offset.get()).unwrap_or(usize::MAX);
                    let bytes = g.body.get(from.saturating_sub(16)..).unwrap_or_default();
                    let hex: Vec<String> =
                        bytes.iter().take(160).map(|b| format!("{b:02x}")).collect();
                    println!(
                        "     tail from body {:#x} - 16: {}",
                        t.offset,
                        hex.join(" ")
                    );
                }
                for p in &g.problems {
                    println!("     {p}");
                }
            }
        }
    }
}

/// Debug dump of nodes, chunks and fields (env GBX_DUMP=1).
pub fn dump(g: &Gbx) {
    for (i, n) in g.nodes.iter().enumerate() {
        println!(
            "node #{i} {} {:?} parent={:?} end={:?}",
            class_label(n.class_id),
            n.range,
            n.parent,
            n.end
        );
        for c in &n.chunks {
            println!(
                "  chunk {:#010x} {:?} {:?} skip={} {:?}",
                c.id, c.range, c.status, c.skippable, c.note
            );
            for f in g.chunk_fields(c) {
                dump_field(f, 4);
            }
            if c.status == trackbench_core::gbx::ChunkStatus::Raw {
                raw_hex(g, c);
            }
        }
    }
}

/// First bytes of a raw chunk's data (env GBX_RAW=1 with GBX_DUMP=1).
fn raw_hex(g: &Gbx, c: &trackbench_core::gbx::Chunk) {
    if std::env::var_os("GBX_RAW").is_none() {
        return;
    }
    let (s, e) = (c.data_range.start as usize, c.data_range.end as usize);
    let Some(data) = g.body.get(s..e) else { return };
    let hex: Vec<String> = data.iter().take(64).map(|b| format!("{b:02x}")).collect();
    println!("    raw {} bytes: {}", data.len(), hex.join(" "));
}

fn dump_field(f: trackbench_core::gbx::FieldRef<'_>, depth: usize) {
    if depth > 12 {
        return;
    }
    let range = f.range();
    println!(
        "{:depth$}{}{} = {} @{:#x}..{:#x}",
        "",
        f.name(),
        f.index().map(|i| format!("[{i}]")).unwrap_or_default(),
        f.value().display(),
        range.start,
        range.end
    );
    for c in f.children().iter().take(20) {
        dump_field(c, depth + 2);
    }
}
