//! Text-format ('T') GBX: no real sample exists, so corpus files are
//! transcoded to text by our writer (`gbx::text::to_text`) and read back;
//! every header chunk, node, chunk and field must carry the same values as
//! in the binary original (only offsets differ).

use trackbench_core::gbx::text::{TextError, to_text};
use trackbench_core::gbx::tools::describe::{Offsets, describe, first_difference};
use trackbench_core::gbx::{Format, Gbx};
use trackbench_testkit::{corpus_dir_or_warn, corpus_files};

#[test]
fn corpus_files_transcode_to_text_and_read_back_to_the_same_values() {
    let Some(_) = corpus_dir_or_warn("gbx_text") else {
        return;
    };
    let (mut done, mut refused, mut text_bytes, mut lines) = (0, Vec::new(), 0usize, 0usize);
    for path in corpus_files("gbx", ".gbx") {
        let bin = std::fs::read(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let original = Gbx::parse(bin.clone()).unwrap();
        let complete = original.tail.is_none() && original.problems.is_empty();
        let text = match to_text(&bin) {
            Ok(t) => t,
            Err(TextError::Unsupported(why)) if !complete => {
                refused.push(format!("{name}: {why}"));
                continue;
            }
            Err(e) => panic!("{name} reads completely but does not transcode: {e}"),
        };
        let back = Gbx::parse(text.clone()).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(back.header.format, Format::Text, "{name}");
        assert!(back.problems.is_empty(), "{name}: {:?}", back.problems);
        assert!(
            back.tail.is_none(),
            "{name}: text body stops early: {:?}",
            back.tail
        );
        if let Some((i, a, b)) = first_difference(
            &describe(&original, Offsets::Leave),
            &describe(&back, Offsets::Leave),
        ) {
            panic!("{name}: line {i} differs\n binary: {a}\n   text: {b}");
        }
        text_bytes += text.len();
        lines += text.windows(2).filter(|w| w == b"\r\n").count();
        done += 1;
    }
    println!("{done} files transcoded ({text_bytes} bytes, {lines} lines); refused:");
    for r in &refused {
        println!("  {r}");
    }
    // Files that stop in binary are the known stops (tests/gbx/known_stops.rs).
    assert_eq!(
        refused.len(),
        crate::known_stops::KNOWN_STOPS.len(),
        "{refused:#?}"
    );
    assert_eq!(done + refused.len(), 229);
}

#[test]
fn truncated_and_mutated_text_files_never_panic() {
    let Some(dir) = corpus_dir_or_warn("gbx_text truncation") else {
        return;
    };
    let bin = std::fs::read(dir.join("gbx/example_challenge (2).Gbx")).unwrap();
    let text = to_text(&bin).unwrap();
    for len in (0..text.len()).step_by(97) {
        let _ = Gbx::parse(text[..len].to_vec());
    }
    let mut seed = 0x2545_f491_u32;
    for _ in 0..300 {
        let mut t = text.clone();
        for _ in 0..4 {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            let i = seed as usize % t.len();
            t[i] = (seed >> 24) as u8;
        }
        let _ = Gbx::parse(t);
    }
}
