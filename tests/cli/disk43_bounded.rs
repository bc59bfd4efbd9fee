//! Issue 43, finding 6 (bounded reads), the inputs the first round left:
//! the thumbnail argument of `set`, `--packlist`, paks and folder batches.
//! Each gets a valid start followed by a huge sparse tail
//! (`File::set_len`: no disk used) and is refused from its length or read
//! no further than its declared end, under a 2 GiB address-space limit
//! where reading it whole would fail. The app's open path reads through
//! the same `sniff::input::read_sniffed` (its test is in the core's
//! `sniff/bounded.rs`).

use std::path::{Path, PathBuf};
use trackbench_testkit::corpus_dir_or_warn;

fn text(out: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// `bytes` written to `dir/name`, then grown to `len` bytes (sparse).
fn with_tail(dir: &Path, name: &str, bytes: &[u8], len: u64) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    let f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    f.set_len(len).unwrap();
    path
}

/// Runs the binary with `args` (each quoted for `sh`) under a 2 GiB
/// address-space limit.
fn limited(args: &[&str]) -> std::process::Output {
    let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
    std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v 2097152; exec \"$0\" {}",
            quoted.join(" ")
        ))
        .arg(env!("CARGO_BIN_EXE_trackbench"))
        .output()
        .unwrap()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `set map.thumbnail=PICTURE`: a picture above 16 MiB is refused from its
/// length (it was read whole).
#[cfg(unix)]
#[test]
fn finding_6_a_huge_thumbnail_argument_is_refused_from_its_length() {
    let tmp = tempfile::tempdir().unwrap();
    let map = tmp.path().join("m.Map.Gbx");
    std::fs::write(&map, trackbench_core::gbx::tools::sample::sample_map()).unwrap();
    let jpeg = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16, b'J', b'F', b'I', b'F', 0];
    let picture = with_tail(tmp.path(), "huge.jpg", &jpeg, 1_500_000_000);
    let out = tmp.path().join("out.Map.Gbx");
    let thumb = format!("map.thumbnail={}", s(&picture));
    let o = limited(&["set", s(&map), &thumb, "-o", s(&out)]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("1500000000 bytes, more than the 16777216 bytes a thumbnail may have"),
        "{}",
        text(&o)
    );
    assert!(!out.exists());
}

/// `--packlist` and a pak: a packlist.dat above 1 MiB and a pak above
/// 4 GiB are refused from their lengths (both were read whole).
#[cfg(unix)]
#[test]
fn finding_6_a_huge_packlist_or_pak_is_refused_from_its_length() {
    let Some(corpus) = corpus_dir_or_warn("finding_6 pak") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let synth = corpus.join("pak-synthetic");
    let real_list = std::fs::read(synth.join("packlist.dat")).unwrap();
    let list = with_tail(tmp.path(), "packlist.dat", &real_list, 1_500_000_000);
    let pak = synth.join("synth_many.pak");
    let o = limited(&["pak", "list", s(&pak), "--packlist", s(&list)]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("1500000000 bytes, more than the 1048576 bytes a packlist.dat may have"),
        "{}",
        text(&o)
    );
    let real_pak = std::fs::read(&pak).unwrap();
    let huge = with_tail(tmp.path(), "huge.pak", &real_pak, 5 << 30);
    let o = limited(&[
        "pak",
        "list",
        s(&huge),
        "--packlist",
        s(&synth.join("packlist.dat")),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("5368709120 bytes, more than the 4294967296 bytes a pak may have"),
        "{}",
        text(&o)
    );
}

/// Folder batches (`inspect DIR`, `export thumbnail DIR`): a map with a
/// 1.5 GB tail in the folder is read to its declared end, named partial
/// with the count of bytes after it, and the batch goes on.
#[cfg(unix)]
#[test]
fn finding_6_folder_batches_read_each_file_to_its_declared_end() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("maps");
    std::fs::create_dir(&dir).unwrap();
    let map = trackbench_core::gbx::tools::sample::sample_map();
    std::fs::write(dir.join("a.Map.Gbx"), &map).unwrap();
    with_tail(&dir, "b.Map.Gbx", &map, map.len() as u64 + 1_500_000_000);
    let o = limited(&["inspect", s(&dir)]);
    assert!(o.status.success(), "{}", text(&o));
    let lines: Vec<&str> = std::str::from_utf8(&o.stdout).unwrap().lines().collect();
    assert_eq!(lines.len(), 2, "{}", text(&o));
    assert!(
        lines[0].ends_with("main node complete") && lines[1].ends_with(", 1 problems"),
        "{}",
        text(&o)
    );
    let out = tmp.path().join("thumbs");
    let o = limited(&["export", "thumbnail", s(&dir), "-o", s(&out)]);
    assert!(
        text(&o).contains("b.Map.Gbx: partial file, read as far as it goes: 1500000000 bytes"),
        "{}",
        text(&o)
    );
    assert!(!text(&o).contains("a.Map.Gbx: partial"), "{}", text(&o));
}
