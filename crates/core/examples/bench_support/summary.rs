//! `gbx_bench --mode summary` (issue 46): the blocks-and-items summary, what
//! jussyDr/gbx reads of a map. A narrow parse with
//! `access::map_contents::SUMMARY_CHUNKS` (the block lists, the items, the
//! free blocks' placements recorded; the other chunks walked), then the
//! blocks and items (`map_contents`) and the header's map info
//! (`MapInfo::read`), as a viewer of a map's contents reads them.

use trackbench_core::gbx::access::map_contents::{SUMMARY_CHUNKS, map_contents};
use trackbench_core::gbx::{Gbx, MapInfo, Node, read::body::Limits};

/// Parses `file` in the summary form and reads its blocks, items and map
/// info; `Ok` when the main node reached 0xFACADE01 and the map holds a
/// block chunk; the error is the first problem, or why not.
pub fn run(file: Vec<u8>) -> Result<(), String> {
    let g =
        Gbx::parse_narrow(file, Limits::default(), &SUMMARY_CHUNKS).map_err(|e| e.to_string())?;
    let complete = g.main_node().is_some_and(Node::is_complete);
    let contents = map_contents(&g);
    let info = MapInfo::read(&g);
    let read = match (&contents, complete) {
        (Some(_), true) => Ok(()),
        (None, true) => Err("no block chunk in the main node".to_string()),
        (_, false) => Err(g
            .problems
            .first()
            .cloned()
            .or_else(|| g.tail.as_ref().map(|t| t.reason.clone()))
            .unwrap_or_else(|| "main node did not reach 0xFACADE01".into())),
    };
    std::hint::black_box((&contents, &info));
    // Dropped keeping the table storage for the next parse (issue 32).
    g.recycle();
    read
}
