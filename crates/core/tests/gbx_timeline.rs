//! Timeline model (issue 5) from the corpus: clips, tracks, blocks, spans.

use trackbench_core::corpus::corpus_dir_or_warn;
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::mediatracker::{ClipInfo, clips};

fn model(name: &str) -> Option<Vec<ClipInfo>> {
    let dir = corpus_dir_or_warn("gbx_timeline")?;
    let path = dir.join("gbx").join(name);
    let data = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Some(clips(
        &Gbx::parse(data).unwrap_or_else(|e| panic!("{name}: {e}")),
    ))
}

#[test]
fn print_summary() {
    for name in std::env::var("TL_FILES")
        .unwrap_or_default()
        .split('|')
        .filter(|s| !s.is_empty())
    {
        let Some(cs) = model(name) else { return };
        println!("== {name}: {} clips", cs.len());
        for c in &cs {
            println!(
                "clip {} node {} tracks {} blocks {} span {:?} trig {:?}",
                c.title(),
                c.node,
                c.tracks.len(),
                c.block_count(),
                c.span(),
                c.trigger.as_ref().map(|t| (t.describe(), t.coords.len()))
            );
            for t in &c.tracks {
                println!("  track {:?} node {}", t.name, t.node);
                for b in &t.blocks {
                    println!(
                        "    block {} {:?} {:?} {:?} keys {} chunk {} off {:?}",
                        b.label(),
                        b.kind,
                        b.span,
                        b.span_source,
                        b.keys.len(),
                        b.chunk,
                        b.start_offset
                    );
                }
            }
        }
    }
}
