//! Prints a one-line summary per GBX file: class, chunk counts and where
//! reading stopped. Usage: `cargo run -p trackbench-core --example gbxstat -- FILES…`
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
            for f in &c.fields {
                dump_field(f, 4);
            }
        }
    }
}

fn dump_field(f: &trackbench_core::gbx::Field, depth: usize) {
    if depth > 12 {
        return;
    }
    println!(
        "{:depth$}{}{} = {} @{:#x}..{:#x}",
        "",
        f.name,
        f.index.map(|i| format!("[{i}]")).unwrap_or_default(),
        f.value.display(),
        f.range.start,
        f.range.end
    );
    for c in f.children.iter().take(20) {
        dump_field(c, depth + 2);
    }
}
