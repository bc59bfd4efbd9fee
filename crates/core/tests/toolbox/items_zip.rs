//! `toolbox::items_zip`: recompressing a map's embedded items ZIP keeps
//! every entry (names, order, bytes), shrinks the ZIP, and the map re-reads
//! complete with the new ZIP, its body smaller by exactly the bytes the ZIP
//! lost and every other chunk byte for byte. Zopfli takes seconds per
//! megabyte, so the ZIPs over 300 KB (three corpus maps, 1.0-1.3 MB, each
//! 2-5% smaller when measured by hand) are left to `cargo run --release
//! -- strip items-zip`.

use crate::name;
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::access::embedded::{zip_entries, zip_entry_bytes};
use trackbench_core::gbx::access::images::embedded_items_zip;
use trackbench_core::toolbox::strip::{StripKind, plan, strip};
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus_ending};

/// Every entry of `zip`: path and bytes, in order.
fn contents(zip: &[u8]) -> Vec<(String, Vec<u8>)> {
    zip_entries(zip)
        .unwrap()
        .into_iter()
        .enumerate()
        .map(|(i, e)| {
            let data = if e.is_dir {
                Vec::new()
            } else {
                zip_entry_bytes(zip, i).unwrap()
            };
            (e.path, data)
        })
        .collect()
}

#[test]
fn recompressed_items_zip_keeps_every_entry_and_re_reads_complete() {
    if corpus_dir_or_warn("toolbox recompress items zip").is_none() {
        return;
    }
    let (mut with_zip, mut shrunk) = (0, 0);
    for file in gbx_corpus_ending(".gbx") {
        let path = &file.path;
        let g = file.gbx();
        let Some(old_zip) = embedded_items_zip(g) else {
            assert!(plan(g, StripKind::ItemsZip).is_err());
            continue;
        };
        with_zip += 1;
        let n = name(path);
        if old_zip.len() > 300_000 {
            continue;
        }
        let p = match plan(g, StripKind::ItemsZip) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{n}: {e}");
                assert!(e.to_string().contains("already as small"), "{n}: {e}");
                continue;
            }
        };
        let out = strip(g, StripKind::ItemsZip).unwrap();
        let s = Gbx::parse(out).unwrap();
        assert!(s.summary().completeness.complete, "{n}: {:?}", s.problems);
        let new_zip = embedded_items_zip(&s).expect("ZIP kept");
        assert!(new_zip.len() < old_zip.len(), "{n}");
        assert_eq!(contents(new_zip), contents(old_zip), "{n}: same entries");
        let lost = (old_zip.len() - new_zip.len()) as u64;
        assert_eq!(p.body_bytes_removed, lost, "{n}");
        assert_eq!(s.body.len() as u64, g.body.len() as u64 - lost, "{n}");
        // Every other chunk of the main node is unchanged.
        let main = (g.main_node().unwrap(), s.main_node().unwrap());
        assert_eq!(main.0.chunks.len(), main.1.chunks.len(), "{n}");
        for (a, b) in main.0.chunks.iter().zip(&main.1.chunks) {
            if a.id != 0x0304_3054 {
                assert_eq!(
                    trackbench_core::gbx::slice(&g.body, a.range),
                    trackbench_core::gbx::slice(&s.body, b.range),
                    "{n}: chunk {:#010x}",
                    a.id
                );
            }
        }
        eprintln!("{n}: ZIP {} -> {} bytes", old_zip.len(), new_zip.len());
        shrunk += 1;
    }
    assert!(with_zip >= 4, "{with_zip} corpus maps with an items ZIP");
    assert_eq!(shrunk, 2, "both small ZIPs recompress smaller");
}
