//! Issue 30, findings 2, 6 and 7, for every command that takes a path: a
//! FIFO named as an input (or as a `KEY=VALUE` value) is refused at once
//! with a message instead of blocking; the editing commands (`set`,
//! `blocks`, `metadata`, `items`) refuse a read-only `-o` and a partly read
//! file (without `--force`) without writing. Each child is killed after
//! 60 s, so a hang fails the test instead of stalling it.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};
use trackbench_core::gbx::tools::sample::sample_map;

/// Runs the binary with `args`; `None` when it had to be killed.
fn run_bounded(args: &[String]) -> Option<Output> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_trackbench"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Some(child.wait_with_output().unwrap())
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// `line` with `{trk}`, `{fifo}`, `{map}` and `{out}` replaced by paths in
/// `d`, one argument at a time (a path never goes through a second
/// replacement).
fn args(line: &str, d: &Path) -> Vec<String> {
    let names = [
        ("{trk}", "fifo.trk"),
        ("{fifo}", "fifo.Gbx"),
        ("{map}", "m.Map.Gbx"),
        ("{out}", "out.Map.Gbx"),
    ];
    line.split(' ')
        .map(|a| {
            names.iter().find(|(k, _)| a.contains(k)).map_or_else(
                || a.to_owned(),
                |(k, v)| a.replace(k, &d.join(v).display().to_string()),
            )
        })
        .collect()
}

#[cfg(unix)]
#[test]
fn every_command_refuses_a_fifo_before_opening_it() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    for name in ["fifo.Gbx", "fifo.trk"] {
        let made = Command::new("mkfifo").arg(d.join(name)).status().unwrap();
        assert!(made.success());
    }
    std::fs::write(d.join("m.Map.Gbx"), sample_map()).unwrap();
    let lines = [
        "set {fifo} map.name=x -o {out}",
        "set {map} map.thumbnail={fifo} -o {out}",
        "blocks delete {fifo} 0 -o {out}",
        "metadata set {fifo} A=1 -o {out}",
        "items add {map} {fifo} -o {out}",
        "items remove {fifo} Items/a.Item.Gbx -o {out}",
        "inspect {fifo}",
        "dump {fifo}",
        "size {fifo}",
        "diff {fifo} {map}",
        "diff {map} {fifo}",
        "strip lightmaps {fifo} -o {out}",
        "decompress {fifo} -o {out}",
        "compress {fifo} -o {out}",
        "runs {fifo}",
        "roundtrip {fifo}",
        "export thumbnail {fifo} -o {out}",
        "export items-folder {fifo} -o {out}",
        "pak list --key 00112233445566778899aabbccddeeff {fifo}",
        "trk info {trk}",
        "roundtrip {trk}",
        "decompress {map} -o {fifo}",
    ];
    for line in lines {
        let a = args(line, d);
        let out = run_bounded(&a).unwrap_or_else(|| panic!("{line}: blocked on the FIFO"));
        assert_eq!(out.status.code(), Some(2), "{line}: {}", text(&out));
        assert!(
            text(&out).contains("a FIFO, not a regular file"),
            "{line}: {}",
            text(&out)
        );
        assert!(!d.join("out.Map.Gbx").exists(), "{line}: nothing written");
    }
}

#[cfg(unix)]
#[test]
fn editing_commands_refuse_a_read_only_output() {
    use std::os::unix::fs::PermissionsExt;
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    std::fs::write(d.join("m.Map.Gbx"), sample_map()).unwrap();
    let out_path = d.join("out.Map.Gbx");
    std::fs::write(&out_path, b"keep me").unwrap();
    std::fs::set_permissions(&out_path, std::fs::Permissions::from_mode(0o444)).unwrap();
    for line in [
        "set {map} map.name=x -o {out}",
        "blocks delete {map} 0 -o {out}",
        "metadata set {map} A=1 -o {out}",
        "items remove {map} Items/none.Item.Gbx -o {out}",
    ] {
        let out = run_bounded(&args(line, d)).expect("finishes");
        assert!(!out.status.success(), "{line}: {}", text(&out));
        assert_eq!(std::fs::read(&out_path).unwrap(), b"keep me", "{line}");
        let names = std::fs::read_dir(d).unwrap().count();
        assert_eq!(names, 2, "{line}: no temporary file left");
    }
    // The one that reaches the save names the refusal.
    let out = run_bounded(&args("set {map} map.name=x -o {out}", d)).unwrap();
    assert!(
        text(&out).contains("is read-only (mode 0444): not overwritten"),
        "{}",
        text(&out)
    );
}

/// Finding 7 ("set edits a partial map"): every editing command refuses a
/// file that did not read completely unless `--force`, and names it.
#[test]
fn editing_commands_refuse_a_partial_file_without_force() {
    use trackbench_core::gbx::tools::sample::sample_map_with_stopped_metadata;
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    std::fs::write(d.join("m.Map.Gbx"), sample_map_with_stopped_metadata()).unwrap();
    for line in [
        "set {map} map.name=x -o {out}",
        "blocks delete {map} 0 -o {out}",
        "metadata set {map} A=1 -o {out}",
        "items remove {map} Items/none.Item.Gbx -o {out}",
    ] {
        let out = run_bounded(&args(line, d)).expect("finishes");
        assert_eq!(out.status.code(), Some(2), "{line}: {}", text(&out));
        assert!(text(&out).contains("--force"), "{line}: {}", text(&out));
        assert!(!d.join("out.Map.Gbx").exists(), "{line}: nothing written");
    }
}
