//! `toolbox::convert`: decompress → compress gives back a file our reader
//! decodes to the same fields, and decompressing that gives the same bytes
//! again.

use crate::name;
use trackbench_core::gbx::Gbx;
use trackbench_core::toolbox::convert::{compress_file, decompress_file};
use trackbench_core::toolbox::diff::{DiffOptions, diff};
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus_ending};

#[test]
fn decompress_then_compress_keeps_every_field() {
    if corpus_dir_or_warn("toolbox convert").is_none() {
        return;
    }
    let (mut checked, mut identical) = (0, 0);
    for file in gbx_corpus_ending(".gbx") {
        let path = &file.path;
        let bytes = file.bytes();
        let g = file.gbx();
        let Ok(plain) = decompress_file(g) else {
            continue;
        };
        let n = name(path);
        let pg = Gbx::parse(plain.clone()).unwrap();
        assert!(!pg.header.body_compressed, "{n}");
        assert_eq!(pg.body, g.body, "{n}: stored body");
        // Only the body compression byte of the header differs.
        let d = diff(g, &pg, DiffOptions::default());
        assert_eq!(d.len(), 1, "{n}: {d:#?}");
        assert_eq!(d[0].field, Some("bodyCompression"), "{n}");
        let packed = compress_file(&pg).unwrap();
        let cg = Gbx::parse(packed.clone()).unwrap();
        assert!(cg.header.body_compressed, "{n}");
        assert!(
            diff(g, &cg, DiffOptions::default()).is_empty(),
            "{n}: fields after compress"
        );
        assert_eq!(cg.nodes.len(), g.nodes.len(), "{n}");
        assert_eq!(decompress_file(&cg).unwrap(), plain, "{n}: byte-exact back");
        identical += usize::from(packed == bytes);
        checked += 1;
    }
    assert!(checked >= 20, "{checked}");
    // The game's own compressor is LZO1X too; report how often ours gives
    // the same bytes (not required: any valid stream reads the same).
    eprintln!("{identical} of {checked} recompressed files are byte-identical to the original");
}

#[test]
fn converting_the_wrong_way_is_refused() {
    let Some(g) = crate::corpus_gbx("AirControl.Challenge.Gbx") else {
        return;
    };
    assert!(compress_file(g).is_err(), "already compressed");
    let plain = Gbx::parse(decompress_file(g).unwrap()).unwrap();
    assert!(decompress_file(&plain).is_err(), "already stored");
}
