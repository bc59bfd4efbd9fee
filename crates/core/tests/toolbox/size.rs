//! `toolbox::size`: the top-level parts tile the file; the body's nodes
//! and chunks count its uncompressed bytes.

use trackbench_core::toolbox::size::{SizeKind, size_report};
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus_ending};

#[test]
fn parts_add_up_to_the_file_size_and_chunks_to_their_node() {
    if corpus_dir_or_warn("toolbox size").is_none() {
        return;
    }
    for file in gbx_corpus_ending(".gbx").take(40) {
        let path = &file.path;
        let len = file.bytes().len() as u64;
        let g = file.gbx();
        let r = size_report(g);
        let n = crate::name(path);
        assert_eq!(r.total_bytes, len, "{n}");
        assert_eq!(r.parts.iter().map(|p| p.bytes).sum::<u64>(), len, "{n}");
        let header = &r.parts[0];
        assert_eq!(header.kind, SizeKind::Header);
        assert_eq!(
            header.children.iter().map(|c| c.bytes).sum::<u64>(),
            header.bytes,
            "{n}: header"
        );
        let Some(body) = r.parts.iter().find(|p| p.kind == SizeKind::Body) else {
            continue;
        };
        assert_eq!(
            body.children.iter().map(|c| c.bytes).sum::<u64>(),
            g.body.len() as u64,
            "{n}: body"
        );
        for node in body.children.iter().filter(|c| c.kind == SizeKind::Node) {
            let chunks: u64 = node.children.iter().map(|c| c.bytes).sum();
            // The node's range also holds the 4-byte end marker.
            assert!(
                chunks <= node.bytes && node.bytes - chunks <= 8,
                "{n}: {} {chunks}",
                node.bytes
            );
            assert!(node.compressed_estimate.is_some(), "{n}");
        }
    }
}
