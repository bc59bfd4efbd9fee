//! `inspect` and `export thumbnail|icon` over several files and folders:
//! path order, one line (or JSON object) per file, exit 2 naming the files
//! that could not be read.

use crate::trackbench;
use std::path::Path;
use std::process::Output;
use trackbench_testkit::corpus_dir_or_warn;

/// A folder with two maps (one nested, its extension upper-case), a
/// replay, a text file and a broken .Gbx.
fn folder(corpus: &Path) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let sub = tmp.path().join("sub");
    std::fs::create_dir(&sub).unwrap();
    let copy = |name: &str, to: &Path| std::fs::copy(corpus.join("gbx").join(name), to).unwrap();
    copy(
        "E02-Endurance.Challenge.Gbx",
        &tmp.path().join("b.Challenge.Gbx"),
    );
    copy("example_challenge (2).Gbx", &sub.join("a.Challenge.GBX"));
    copy(
        "GBX-NET 2 CGameCtnGhost TM2020 001.Ghost.Gbx",
        &tmp.path().join("c.Ghost.gbx"),
    );
    std::fs::write(tmp.path().join("notes.txt"), b"not a gbx").unwrap();
    tmp
}

#[test]
fn inspect_a_folder_prints_one_line_per_file_in_path_order() {
    let Some(corpus) = corpus_dir_or_warn("cli inspect folder") else {
        return;
    };
    let tmp = folder(&corpus);
    let dir = tmp.path().to_str().unwrap();
    let out = trackbench(&["inspect", dir, "--jobs", "2"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(
        lines[0].contains("b.Challenge.Gbx: GBX v6 CGameCtnChallenge"),
        "{text}"
    );
    assert!(
        lines[1].contains("c.Ghost.gbx: GBX v6 CGameCtnGhost"),
        "{text}"
    );
    assert!(lines[2].contains("a.Challenge.GBX"), "{text}");
    assert!(lines[0].ends_with("main node complete"), "{text}");

    // Add a broken file: listed in order, named on stderr, exit 2.
    std::fs::write(tmp.path().join("bad.Gbx"), b"GBX\x09\x00BUCR").unwrap();
    let out = trackbench(&["inspect", "--json", dir]);
    assert_eq!(out.status.code(), Some(2));
    let docs: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let docs = docs.as_array().unwrap();
    assert_eq!(docs.len(), 4);
    assert!(
        docs[0]["path"]
            .as_str()
            .unwrap()
            .ends_with("b.Challenge.Gbx")
    );
    assert!(docs[1]["path"].as_str().unwrap().ends_with("bad.Gbx"));
    assert!(docs[1]["error"].as_str().unwrap().contains("version 9"));
    assert_eq!(docs[2]["header"]["class_name"], "CGameCtnGhost");
    assert_eq!(docs[3]["summary"]["main_node_complete"], true);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("bad.Gbx") && err.contains("1 of 4 files"),
        "{err}"
    );
}

/// The three `.Gbx` files of [`folder`], in path order.
fn sorted_gbx(tmp: &Path) -> [std::path::PathBuf; 3] {
    [
        tmp.join("b.Challenge.Gbx"),
        tmp.join("c.Ghost.gbx"),
        tmp.join("sub").join("a.Challenge.GBX"),
    ]
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!("{e}: {}", String::from_utf8_lossy(&out.stdout));
    })
}

#[test]
fn inspect_a_folder_equals_three_single_runs_whatever_the_thread_count() {
    let Some(corpus) = corpus_dir_or_warn("cli inspect folder vs single") else {
        return;
    };
    let tmp = folder(&corpus);
    let dir = tmp.path().to_str().unwrap();
    let singles: Vec<serde_json::Value> = sorted_gbx(tmp.path())
        .iter()
        .map(|p| {
            let out = trackbench(&["inspect", "--json", p.to_str().unwrap()]);
            assert!(out.status.success(), "{}", p.display());
            json(&out)
        })
        .collect();
    let mut texts = Vec::new();
    for jobs in ["1", "2", "3"] {
        let out = trackbench(&["inspect", "--json", "--jobs", jobs, dir]);
        assert_eq!(out.status.code(), Some(0), "--jobs {jobs}");
        assert_eq!(
            json(&out).as_array().unwrap(),
            &singles,
            "--jobs {jobs}: the batch array is the three single-file objects, in path order"
        );
        let out = trackbench(&["inspect", "--jobs", jobs, dir]);
        assert_eq!(out.status.code(), Some(0), "--jobs {jobs}");
        texts.push(String::from_utf8(out.stdout).unwrap());
    }
    assert!(
        texts.iter().all(|t| *t == texts[0]),
        "stable text: {texts:?}"
    );

    // Each text line says what the single run says about that file.
    let lines: Vec<&str> = texts[0].lines().collect();
    assert_eq!(lines.len(), 3, "{}", texts[0]);
    for ((line, doc), path) in lines.iter().zip(&singles).zip(sorted_gbx(tmp.path())) {
        let single = trackbench(&["inspect", path.to_str().unwrap()]);
        let single = String::from_utf8(single.stdout).unwrap();
        // "PATH: GBX vN CLASS (N nodes)" alone, "PATH: GBX vN CLASS, …" in a batch.
        let head = single.lines().next().unwrap();
        let (head, _) = head.rsplit_once(" (").unwrap();
        assert!(line.starts_with(&format!("{head}, ")), "{line} / {head}");
        let s = &doc["summary"];
        let main = if s["main_node_complete"] == true {
            "complete"
        } else {
            "stopped"
        };
        let counts = format!(
            "{} chunks ({} decoded, {} raw, {} unknown), main node {main}",
            s["chunks"], s["decoded"], s["raw"], s["unknown"]
        );
        assert!(line.contains(&counts), "{line} / {counts}");
        assert_eq!(doc["path"], path.display().to_string());
    }
}

#[test]
fn unreadable_files_get_an_error_line_and_the_run_goes_on() {
    let Some(corpus) = corpus_dir_or_warn("cli inspect errors") else {
        return;
    };
    let tmp = folder(&corpus);
    // Sorted between b.Challenge.Gbx and c.Ghost.gbx; an empty file, too.
    std::fs::write(tmp.path().join("bad.Gbx"), b"GBX\x09\x00BUCR").unwrap();
    std::fs::write(tmp.path().join("sub").join("empty.gbx"), b"").unwrap();
    let missing = tmp.path().join("missing.Gbx");
    let dir = tmp.path().to_str().unwrap();
    let out = trackbench(&["inspect", "--jobs", "2", dir, missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "non-zero at the end");
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let [p, bad, c, miss, a, empty] = [
        "b.Challenge.Gbx",
        "bad.Gbx",
        "c.Ghost.gbx",
        "missing.Gbx",
        "sub/a.Challenge.GBX",
        "sub/empty.gbx",
    ]
    .map(|n| tmp.path().join(n).display().to_string());
    assert_eq!(lines.len(), 6, "{text}");
    assert!(
        lines[0].starts_with(&format!("{p}: GBX v6 CGameCtnChallenge")),
        "{text}"
    );
    assert!(lines[1].starts_with(&format!("{bad}: error: ")), "{text}");
    assert!(lines[1].contains("version 9"), "{text}");
    assert!(
        lines[2].starts_with(&format!("{c}: GBX v6 CGameCtnGhost")),
        "{text}"
    );
    assert!(lines[3].starts_with(&format!("{miss}: error: ")), "{text}");
    assert!(
        lines[4].starts_with(&format!("{a}: GBX v6 CGameCtnChallenge")),
        "{text}"
    );
    assert!(lines[4].ends_with("main node complete"), "{text}");
    assert!(lines[5].starts_with(&format!("{empty}: error: ")), "{text}");
    let err = String::from_utf8_lossy(&out.stderr);
    for name in [&bad, &miss, &empty] {
        assert!(err.contains(&format!("trackbench: {name}: ")), "{err}");
    }
    assert!(err.contains("3 of 6 files could not be read"), "{err}");
}

#[test]
fn inspect_several_files_matches_single_file_json() {
    let Some(corpus) = corpus_dir_or_warn("cli inspect files") else {
        return;
    };
    let a = corpus.join("gbx/E02-Endurance.Challenge.Gbx");
    let b = corpus.join("gbx/example_challenge (2).Gbx");
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    let both = trackbench(&["inspect", "--json", b, a, b]);
    assert!(both.status.success());
    let both: serde_json::Value = serde_json::from_slice(&both.stdout).unwrap();
    let one: serde_json::Value =
        serde_json::from_slice(&trackbench(&["inspect", "--json", a]).stdout).unwrap();
    assert_eq!(both.as_array().unwrap().len(), 2, "duplicates removed");
    assert_eq!(both[0], one, "sorted by path, same object as alone");
}

#[test]
fn export_thumbnails_of_a_folder_mirror_its_layout() {
    let Some(corpus) = corpus_dir_or_warn("cli export thumbnail folder") else {
        return;
    };
    let tmp = folder(&corpus);
    let out_dir = tmp.path().join("thumbs");
    let dir = tmp.path().to_str().unwrap();
    let out = trackbench(&["export", "thumbnail", dir, "-o", out_dir.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("c.Ghost.gbx: no thumbnail, skipped"),
        "{text}"
    );
    assert!(
        text.ends_with("2 written, 1 without a thumbnail, 0 failed\n"),
        "{text}"
    );
    let jpeg = std::fs::read(out_dir.join("sub/a.Challenge.jpg")).unwrap();
    assert!(jpeg.starts_with(&[0xFF, 0xD8]));
    assert!(out_dir.join("b.Challenge.jpg").is_file());

    let png_dir = tmp.path().join("png");
    let b = tmp.path().join("b.Challenge.Gbx");
    let out = trackbench(&[
        "export",
        "thumbnail",
        b.to_str().unwrap(),
        b.to_str().unwrap(),
        "--png",
        "-o",
        png_dir.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let img = image::open(png_dir.join("b.Challenge.png")).unwrap();
    assert_eq!((img.width(), img.height()), (256, 256));

    // A broken file: an error line naming it, the others still written, exit 2.
    std::fs::write(tmp.path().join("bad.Gbx"), b"GBX\x09\x00BUCR").unwrap();
    let again = tmp.path().join("again");
    let out = trackbench(&["export", "thumbnail", dir, "-o", again.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8(out.stdout).unwrap();
    let bad = tmp.path().join("bad.Gbx").display().to_string();
    assert!(text.contains(&format!("{bad}: error: ")), "{text}");
    assert!(
        text.ends_with("2 written, 1 without a thumbnail, 1 failed\n"),
        "{text}"
    );
    assert!(again.join("sub/a.Challenge.jpg").is_file());
    assert!(String::from_utf8_lossy(&out.stderr).contains(&bad));
}

#[test]
fn export_of_two_folders_with_the_same_names_writes_each_output_once() {
    let Some(corpus) = corpus_dir_or_warn("cli export clash") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let (one, two) = (tmp.path().join("one"), tmp.path().join("two"));
    for d in [&one, &two] {
        std::fs::create_dir(d).unwrap();
        std::fs::copy(
            corpus.join("gbx/E02-Endurance.Challenge.Gbx"),
            d.join("m.Challenge.Gbx"),
        )
        .unwrap();
    }
    let out_dir = tmp.path().join("out");
    let out = trackbench(&[
        "export",
        "thumbnail",
        two.to_str().unwrap(),
        one.to_str().unwrap(),
        "-o",
        out_dir.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8(out.stdout).unwrap();
    let second = two.join("m.Challenge.Gbx").display().to_string();
    let first = one.join("m.Challenge.Gbx").display().to_string();
    assert!(
        text.contains(&format!("{second}: error: "))
            && text.contains(&format!("output of {first}")),
        "the first in path order writes it: {text}"
    );
    assert!(
        text.ends_with("1 written, 0 without a thumbnail, 1 failed\n"),
        "{text}"
    );
    assert!(out_dir.join("m.Challenge.jpg").is_file());
}
