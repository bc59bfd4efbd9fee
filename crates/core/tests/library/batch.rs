//! Library columns that need more than the header ([`read_details`]),
//! Stunts and pak columns, and the batch actions over corpus files copied
//! into a temporary folder at test time: thumbnails, item ZIPs, the table,
//! renames, with their conflicts.

use std::path::{Path, PathBuf};
use trackbench_core::gbx::{Gbx, access::images};
use trackbench_core::library::batch::{
    BatchAction, Outcome, TableFormat, ThumbFormat, plan, run_blocking,
};
use trackbench_core::library::{Row, read_details, read_row};
use trackbench_testkit::corpus_dir_or_warn;

/// Copies corpus files (relative paths) into a new temporary folder.
fn copied(corpus: &Path, files: &[&str]) -> (tempfile::TempDir, Vec<PathBuf>) {
    let tmp = tempfile::tempdir().unwrap();
    let paths = files
        .iter()
        .map(|f| {
            let to = tmp.path().join(Path::new(f).file_name().unwrap());
            std::fs::copy(corpus.join(f), &to).unwrap();
            to
        })
        .collect();
    (tmp, paths)
}

const ODYSSEY: &str = "gbx/CCP#04 - ODYSSEY.Map.Gbx";
const SNOW: &str = "gbx/snowC5.Challenge.Gbx";

/// The shared parse (`trackbench_testkit::gbx_named`) of the corpus file at
/// `path` (`gbx/<name>`).
fn shared(path: &str) -> &'static Gbx {
    let name = path.trim_start_matches("gbx/");
    trackbench_testkit::gbx_named(name)
        .unwrap_or_else(|| panic!("{name}: not in the corpus"))
        .gbx()
}
const AIR: &str = "gbx/AirControl.Challenge.Gbx";

#[test]
fn stunts_and_pak_rows_hold_their_columns() {
    let Some(corpus) = corpus_dir_or_warn("library stunts columns") else {
        return;
    };
    // Byte 900 is the horizon (3: City); 138 of the first 900 bytes are
    // neither blank (0) nor fillers (0xFD-0xFF), counted with Python.
    let trk = read_row(&corpus.join("trk/DEFAULT.TRK"));
    assert_eq!(trk.horizon.as_deref(), Some("City"));
    assert_eq!(trk.elements, Some(138));
    assert_eq!(trk.validation.as_deref(), Some("ok"));
    let cherry = read_row(&corpus.join("trk/cherry.trk"));
    assert_eq!(cherry.horizon.as_deref(), Some("Tropical"));
    assert_eq!(cherry.elements, Some(228));

    // synth_many.pak.json lists 300 files; its key is in the packlist.dat
    // beside it.
    let pak = read_row(&corpus.join("pak-synthetic/synth_many.pak"));
    assert_eq!(pak.pak_version, Some(3));
    assert_eq!(read_details(&pak).unwrap().pak_files, Some(300));
    let tmp = tempfile::tempdir().unwrap();
    let lone = tmp.path().join("synth_many.pak");
    std::fs::copy(corpus.join("pak-synthetic/synth_many.pak"), &lone).unwrap();
    let locked = read_details(&read_row(&lone)).unwrap();
    assert_eq!(
        locked.pak_files, None,
        "no packlist.dat: the count is unknown"
    );
}

#[test]
fn map_details_count_lightmaps_and_embedded_items() {
    let Some(corpus) = corpus_dir_or_warn("library details") else {
        return;
    };
    let odyssey = read_details(&read_row(&corpus.join(ODYSSEY))).unwrap();
    let gbx = shared(ODYSSEY);
    let zip = images::embedded_items_zip(gbx).expect("an embedded ZIP");
    let gbx_entries = trackbench_core::gbx::access::embedded::zip_entries(zip)
        .unwrap()
        .iter()
        .filter(|e| e.path.to_ascii_lowercase().ends_with(".gbx"))
        .count();
    assert_eq!(odyssey.embedded_items, Some(EXPECTED_ODYSSEY_ITEMS));
    assert_eq!(gbx_entries, EXPECTED_ODYSSEY_ITEMS as usize);
    assert_eq!(odyssey.has_lightmap, Some(EXPECTED_ODYSSEY_LIGHTMAP));
    let air = read_details(&read_row(&corpus.join(AIR))).unwrap();
    assert_eq!(
        (air.has_lightmap, air.embedded_items),
        (Some(false), Some(0))
    );
    let replay = read_details(&read_row(&corpus.join("gbx/Bench.Replay.Gbx"))).unwrap();
    assert_eq!(replay.embedded_items, None, "only maps have items");
}

const EXPECTED_ODYSSEY_ITEMS: u32 = 60;
const EXPECTED_ODYSSEY_LIGHTMAP: bool = true;

fn rows(paths: &[PathBuf]) -> Vec<Row> {
    paths.iter().map(|p| read_row(p)).collect()
}

#[test]
fn thumbnails_export_upright_and_never_overwrite_unasked() {
    let Some(corpus) = corpus_dir_or_warn("library batch thumbnails") else {
        return;
    };
    let (_src, paths) = copied(&corpus, &[SNOW, AIR, "trk/DEFAULT.TRK"]);
    let out = tempfile::tempdir().unwrap();
    let rows = rows(&paths);
    let first = plan(BatchAction::Thumbnails(ThumbFormat::Png), &rows, out.path());
    // AirControl (TM Sunrise) stores no thumbnail.
    assert_eq!(first.tasks.len(), 2);
    assert_eq!(first.not_applicable.len(), 1);
    assert!(first.conflicts().is_empty());
    let results = run_blocking(first);
    assert!(results.iter().all(|r| matches!(r, Ok(Outcome::Written(_)))));
    let png = image::open(out.path().join("snowC5.png")).unwrap();
    let gbx = shared(SNOW);
    let stored = trackbench_core::gbx::access::thumbnail::thumbnail_jpeg(gbx).unwrap();
    let upright = trackbench_core::gbx::access::thumbnail::decode_upright(stored).unwrap();
    assert_eq!(png.to_rgba8(), upright, "the PNG is the upright thumbnail");
    assert!(
        out.path().join("DEFAULT.png").is_file(),
        "a Stunts mini-map"
    );

    // The same export again: both targets exist, nothing is overwritten
    // until the user says so.
    std::fs::write(out.path().join("snowC5.png"), b"mine").unwrap();
    let mut again = plan(BatchAction::Thumbnails(ThumbFormat::Png), &rows, out.path());
    assert_eq!(again.conflicts(), vec![0, 1]);
    let skipped = run_blocking(again.clone());
    assert!(skipped.iter().all(|r| matches!(r, Ok(Outcome::Skipped(_)))));
    assert_eq!(
        std::fs::read(out.path().join("snowC5.png")).unwrap(),
        b"mine"
    );
    again.tasks[0].overwrite = true;
    let _ = run_blocking(again);
    assert_eq!(
        image::open(out.path().join("snowC5.png"))
            .unwrap()
            .to_rgba8(),
        upright
    );

    let jpeg = plan(
        BatchAction::Thumbnails(ThumbFormat::Jpeg),
        &rows[..1],
        out.path(),
    );
    assert!(matches!(run_blocking(jpeg)[0], Ok(Outcome::Written(_))));
    let jpg = image::open(out.path().join("snowC5.jpg")).unwrap();
    assert_eq!(jpg.width(), upright.width());
}

#[test]
fn item_zips_are_the_stored_bytes() {
    let Some(corpus) = corpus_dir_or_warn("library batch zips") else {
        return;
    };
    let (_src, paths) = copied(&corpus, &[ODYSSEY, AIR]);
    let out = tempfile::tempdir().unwrap();
    let results = run_blocking(plan(BatchAction::ItemZips, &rows(&paths), out.path()));
    assert!(matches!(results[0], Ok(Outcome::Written(_))));
    assert!(
        matches!(results[1], Ok(Outcome::Skipped(_))),
        "AirControl has none"
    );
    let gbx = shared(ODYSSEY);
    let zip = images::embedded_items_zip(gbx).unwrap();
    let written = std::fs::read(out.path().join("CCP#04 - ODYSSEY.items.zip")).unwrap();
    assert_eq!(written, zip);
}

#[test]
fn the_table_exports_as_csv_and_json() {
    let Some(corpus) = corpus_dir_or_warn("library batch table") else {
        return;
    };
    let rows: Vec<Row> = [SNOW, AIR, "trk/DEFAULT.TRK"]
        .iter()
        .map(|f| read_row(&corpus.join(f)))
        .collect();
    let out = tempfile::tempdir().unwrap();
    let csv = out.path().join("maps.csv");
    let p = plan(BatchAction::Table(TableFormat::Csv), &rows, &csv);
    assert_eq!(p.tasks.len(), 1);
    let _ = run_blocking(p);
    let text = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(text.lines().count(), 4);
    assert!(
        text.lines()
            .any(|l| l.contains("snowC5") && l.contains("Alpine"))
    );
    let json = out.path().join("maps.json");
    let _ = run_blocking(plan(BatchAction::Table(TableFormat::Json), &rows, &json));
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 3);
    assert_eq!(v[2]["horizon"], "City");
    // Exporting again asks first.
    assert_eq!(
        plan(BatchAction::Table(TableFormat::Csv), &rows, &csv).conflicts(),
        vec![0]
    );
}

#[test]
fn renames_use_the_plain_map_name_and_show_conflicts() {
    let Some(corpus) = corpus_dir_or_warn("library batch rename") else {
        return;
    };
    let kacky = "gbx/Kackiest_Kacky_27.Challenge.Gbx";
    let (src, paths) = copied(&corpus, &[kacky, SNOW, AIR, "trk/DEFAULT.TRK"]);
    let rows = rows(&paths);
    let p = plan(BatchAction::Rename, &rows, src.path());
    // AirControl is already so named; DEFAULT.TRK is a Stunts file.
    assert_eq!(p.not_applicable.len(), 2, "{:?}", p.not_applicable);
    let targets: Vec<String> = p
        .tasks
        .iter()
        .map(|t| t.target.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        targets,
        ["Kackiest Kacky #–27.Challenge.Gbx", "SnowC5.Challenge.Gbx"]
    );
    assert!(p.conflicts().is_empty());
    let results = run_blocking(p);
    assert!(
        results.iter().all(|r| matches!(r, Ok(Outcome::Written(_)))),
        "{results:?}"
    );
    assert!(
        src.path()
            .join("Kackiest Kacky #–27.Challenge.Gbx")
            .is_file()
    );
    assert!(!src.path().join("Kackiest_Kacky_27.Challenge.Gbx").exists());

    // Two files with the same map name: the second gets " (2)"; a file
    // already there is a conflict, skipped unless overwritten.
    let (dup, paths) = copied(&corpus, &[SNOW]);
    let second = dup.path().join("copy.Challenge.Gbx");
    std::fs::copy(&paths[0], &second).unwrap();
    std::fs::write(dup.path().join("SnowC5.Challenge.Gbx"), b"in the way").unwrap();
    let p = plan(
        BatchAction::Rename,
        &rows_of(&[paths[0].clone(), second]),
        dup.path(),
    );
    let names: Vec<_> = p
        .tasks
        .iter()
        .map(|t| t.target.file_name().unwrap().to_owned())
        .collect();
    assert_eq!(names, ["SnowC5.Challenge.Gbx", "SnowC5 (2).Challenge.Gbx"]);
    assert_eq!(p.conflicts(), vec![0]);
    let results = run_blocking(p);
    assert!(matches!(results[0], Ok(Outcome::Skipped(_))));
    assert!(matches!(results[1], Ok(Outcome::Written(_))));
    assert_eq!(
        std::fs::read(dup.path().join("SnowC5.Challenge.Gbx")).unwrap(),
        b"in the way"
    );
}

fn rows_of(paths: &[PathBuf]) -> Vec<Row> {
    rows(paths)
}
