//! Prints one JSON object per .Gbx file (one per line) with the facts that
//! `tools/crosscheck` compares against pygbx and gbx-ts: class, map uid,
//! name, author, environment, medal values as stored, play mode, block and
//! item counts, replay time, and per ghost its race time, checkpoint
//! times and respawns. Usage:
//! `cargo run --release -p trackbench-core --example facts_json -- FILES…`
use serde_json::{Value, json};
use trackbench_core::gbx::access::map_contents::map_contents;
use trackbench_core::gbx::access::map_info::{MapInfo, ReplayInfo};
use trackbench_core::gbx::{Gbx, class_label, ghosts};

fn facts(gbx: &Gbx) -> Value {
    let map = MapInfo::read(gbx).map(|m| {
        json!({
            "uid": m.uid,
            "name": m.name,
            "author_login": m.author_login,
            "environment": m.environment,
            "medals": m.medal_times_ms,
            "play_mode": m.play_mode,
        })
    });
    let contents = map_contents(gbx).map(|c| {
        json!({
            "block_records": c.records,
            "blocks": c.blocks().filter(|b| !b.baked).count(),
            "baked_blocks": c.blocks().filter(|b| b.baked).count(),
            "decals": c.blocks().filter(|b| b.decal().is_some()).count(),
            "items": c.items.len(),
        })
    });
    // The file's own ghosts: the main node, or read by one of its chunks
    // (a replay's ghost list); not the ghosts of MediaTracker ghost blocks.
    let own = |node: usize| node == 0 || gbx.nodes[node].parent.is_some_and(|(p, _)| p == 0);
    let ghosts: Vec<Value> = ghosts(gbx)
        .iter()
        .filter(|g| own(g.node))
        .map(|g| {
            json!({
                "race_time_ms": g.race_time_ms,
                "checkpoints_ms": g.checkpoints.iter().map(|c| c.time_ms).collect::<Vec<_>>(),
                "respawns": g.respawns,
                "login": g.login,
            })
        })
        .collect();
    json!({
        "class": class_label(gbx.header.class_id),
        "class_id": gbx.header.class_id,
        "map": map,
        "contents": contents,
        "replay_time_ms": ReplayInfo::read(gbx).and_then(|r| r.time_ms),
        "ghosts": ghosts,
    })
}

fn main() {
    for path in std::env::args().skip(1) {
        let out = match std::fs::read(&path)
            .map_err(|e| e.to_string())
            .and_then(|d| Gbx::parse(d).map_err(|e| e.to_string()))
        {
            Ok(g) => {
                let mut v = facts(&g);
                v["file"] = json!(path);
                v
            }
            Err(e) => json!({"file": path, "error": e}),
        };
        println!("{out}");
    }
}
