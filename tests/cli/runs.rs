//! `trackbench runs` and `trackbench export samples` on corpus ghosts
//! (issue 29): the splits printed are the checkpoint times the files store,
//! a ghost of another map is warned about, and the samples CSV has one row
//! per decoded sample.

use crate::trackbench;
use trackbench_testkit::corpus_dir_or_warn;

#[test]
fn runs_json_checks_splits_and_warns_of_another_map() {
    let Some(dir) = corpus_dir_or_warn("cli runs") else {
        return;
    };
    let g = dir.join("gbx");
    let files = [
        g.join("KEYBOARD_51062.Ghost.Gbx"),
        g.join("HUMANPLUS7_51575.Ghost.Gbx"),
        g.join("GBX-NET 2 CGameCtnGhost TM2020 001.Ghost.Gbx"),
    ];
    let mut args = vec!["runs", "--json"];
    args.extend(files.iter().map(|p| p.to_str().unwrap()));
    let out = trackbench(&args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("warning: GBX-NET 2 CGameCtnGhost TM2020 001.Ghost.Gbx: driven on map"),
        "{stderr}"
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // Paths sorted: GBX-NET…, HUMANPLUS7…, KEYBOARD….
    let runs = v["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 3);
    assert_eq!(
        v["reference"], 2,
        "KEYBOARD_51062 is the fastest of the shared map"
    );
    let human = &runs[1];
    assert_eq!(human["race_time_ms"], 51_575);
    let cps: Vec<u64> = human["checkpoints_ms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(
        cps,
        [
            4230, 11146, 17128, 24045, 29988, 32181, 35068, 38050, 40748, 51575
        ]
    );
    assert_eq!(human["splits_ms"][1], 11146 - 4230);
    assert_eq!(human["deltas_ms"][9], 51_575 - 51_062);
    // Both TAS ghosts share the first nine splits, so the best of each is
    // the first run listed with it; the last split is KEYBOARD's.
    assert_eq!(
        runs[2]["best_splits"].as_array().unwrap().last().unwrap(),
        9
    );

    let text = trackbench(&[
        "runs",
        files[0].to_str().unwrap(),
        files[1].to_str().unwrap(),
    ]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("0:51.062") && text.contains("+0.513"),
        "{text}"
    );
}

/// Issue 44: ghosts of two maps (the TAS ghosts of one, the GBX.NET
/// sample ghost of another) are grouped by map uid; the other map's run is
/// listed apart and gets no delta and no best split.
#[test]
fn runs_of_two_maps_are_grouped_and_never_compared_across() {
    let Some(dir) = corpus_dir_or_warn("cli runs") else {
        return;
    };
    let g = dir.join("gbx");
    let files = [
        g.join("KEYBOARD_51062.Ghost.Gbx"),
        g.join("HUMANPLUS7_51575.Ghost.Gbx"),
        g.join("GBX-NET 2 CGameCtnGhost TM2020 001.Ghost.Gbx"),
    ];
    let paths: Vec<&str> = files.iter().map(|p| p.to_str().unwrap()).collect();
    let mut args = vec!["runs", "--json"];
    args.extend(&paths);
    let out = trackbench(&args);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // Paths sorted: GBX-NET… (0), HUMANPLUS7… (1), KEYBOARD… (2).
    let groups = v["groups"].as_array().unwrap();
    assert_eq!(groups.len(), 2);
    assert_eq!(groups[0]["runs"], serde_json::json!([1, 2]));
    assert_eq!(groups[1]["runs"], serde_json::json!([0]));
    assert_eq!(groups[0]["map_uid"], v["map_uid"]);
    assert_ne!(groups[1]["map_uid"], v["map_uid"]);
    let stranger = &v["runs"][0];
    assert_eq!(stranger["compared"], false);
    assert_eq!(stranger["deltas_ms"], serde_json::json!([]));
    assert_eq!(stranger["best_splits"], serde_json::json!([]));
    assert_eq!(v["runs"][1]["compared"], true);

    let mut args = vec!["runs"];
    args.extend(&paths);
    let out = trackbench(&args);
    let text = String::from_utf8_lossy(&out.stdout);
    let apart_at = text
        .find(": listed apart, driven on another map")
        .expect(&text);
    let stranger_line = text
        .lines()
        .find(|l| l.ends_with("GBX-NET 2 CGameCtnGhost TM2020 001.Ghost.Gbx "))
        .expect(&text);
    assert!(
        text.find(stranger_line).unwrap() > apart_at,
        "the stranger is listed in the other map's part:\n{text}"
    );
    // Run 1's checkpoints: no delta ("-") and no best-split star.
    let run1: Vec<&str> = text
        .split("run 1 checkpoints:\n")
        .nth(1)
        .unwrap()
        .lines()
        .take_while(|l| l.starts_with("  cp"))
        .collect();
    assert!(!run1.is_empty(), "{text}");
    assert!(
        run1.iter().all(|l| l.ends_with(" -") && !l.contains('*')),
        "{run1:?}"
    );
}

#[test]
fn export_samples_writes_one_row_per_sample() {
    let Some(dir) = corpus_dir_or_warn("cli export samples") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let out_csv = tmp.path().join("s.csv");
    let file = dir.join("gbx").join("KEYBOARD_23ev_6323.Ghost.Gbx");
    let out = trackbench(&[
        "export",
        "samples",
        file.to_str().unwrap(),
        "-o",
        out_csv.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&out_csv).unwrap();
    let mut lines = text.lines();
    let head = lines.next().unwrap();
    assert!(
        head.starts_with("time_ms,x,y,z,speed_kmh,") && head.contains(",steer,gas,brake,gear,")
    );
    // 127 samples (the facts snapshot), the last at the race time or after.
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 127);
    let last_t: i64 = rows[126].split(',').next().unwrap().parse().unwrap();
    assert!(last_t + 50 >= 6323, "{last_t}");
}
