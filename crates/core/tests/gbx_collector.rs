//! Collector family facts from ../shared/corpus/gbx (items, macroblocks,
//! block infos, decorations).

use trackbench_core::corpus::corpus_dir_or_warn;
use trackbench_core::gbx::Gbx;

/// Writes every decompressed body to $GBX_BODY_DIR (debugging aid).
#[test]
#[ignore = "debugging aid: set GBX_BODY_DIR"]
fn dump_bodies() {
    let Some(out) = std::env::var_os("GBX_BODY_DIR") else { return };
    let Some(dir) = corpus_dir_or_warn("gbx_collector") else { return };
    for e in std::fs::read_dir(dir.join("gbx")).unwrap() {
        let p = e.unwrap().path();
        let Ok(g) = Gbx::parse(std::fs::read(&p).unwrap()) else { continue };
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        std::fs::write(std::path::Path::new(&out).join(name + ".body"), &g.body).unwrap();
    }
}
