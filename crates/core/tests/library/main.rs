//! The library scan over `../shared/corpus`: named facts of a few files
//! (class and size as `trackbench inspect --json` prints them; names and
//! times as the map's header holds them), header-only rows equal to the
//! facts of a full parse, unreadable files as rows, cancel.

mod batch;
mod batch_extract;

use std::path::Path;
use trackbench_core::gbx::access::map_info::{MapInfo, ReplayInfo};
use trackbench_core::library::row::kind_word;
use trackbench_core::library::{
    Row, ScanEvent, ScanOptions, SortKey, compare, matches, read_row, scan_blocking,
};
use trackbench_testkit::corpus_dir_or_warn;

fn row_of(rows: &[Row], file: &str) -> Row {
    rows.iter()
        .find(|r| r.path.file_name().is_some_and(|n| n == file))
        .unwrap_or_else(|| panic!("{file} listed"))
        .clone()
}

#[test]
fn corpus_rows_hold_the_named_facts() {
    let Some(corpus) = corpus_dir_or_warn("library rows") else {
        return;
    };
    let rows = scan_blocking(&corpus, ScanOptions::default());
    assert!(
        rows.iter().all(|r| r.error.is_none()),
        "every corpus file reads"
    );
    assert!(rows.windows(2).all(|w| w[0].path < w[1].path), "path order");

    let air = row_of(&rows, "AirControl.Challenge.Gbx");
    assert_eq!(kind_word(air.kind), "gbx");
    assert_eq!(air.class, "CGameCtnChallenge");
    assert_eq!(air.size_bytes, 8253);
    assert_eq!(air.name.as_deref(), Some("AirControl"));
    assert_eq!(air.author.as_deref(), Some("Nadeo"));
    assert_eq!(air.collection.as_deref(), Some("Island"));
    assert_eq!(air.medal_times_ms[3], Some(68_070));

    let kacky = row_of(&rows, "Kackiest_Kacky_27.Challenge.Gbx");
    assert_eq!(kacky.name_plain, "Kackiest Kacky #–27");
    assert_ne!(
        kacky.name.as_deref(),
        Some(kacky.name_plain.as_str()),
        "styled name keeps its codes"
    );

    let replay = row_of(&rows, "Bench.Replay.Gbx");
    assert_eq!(replay.class, "CGameCtnReplayRecord");
    assert_eq!(replay.author.as_deref(), Some("Nadeo"));
    assert_eq!(replay.size_bytes, 21_330);

    let trk = row_of(&rows, "DEFAULT.TRK");
    assert_eq!(
        (kind_word(trk.kind), trk.class.as_str(), trk.size_bytes),
        ("trk", "Stunts track", 1802)
    );
    let rpl = row_of(&rows, "DEFAULT.RPL");
    assert_eq!(
        (kind_word(rpl.kind), rpl.class.as_str()),
        ("rpl", "Stunts replay")
    );
    let pak = row_of(&rows, "synth_many.pak");
    assert_eq!(
        (kind_word(pak.kind), pak.class.as_str()),
        ("pak", "NadeoPak v3")
    );
}

/// The header-only row says what a full parse of the file says.
#[test]
fn header_only_rows_match_a_full_parse() {
    let Some(corpus) = corpus_dir_or_warn("library full parse") else {
        return;
    };
    let rows = scan_blocking(&corpus.join("gbx"), ScanOptions::default());
    let mut maps = 0;
    for row in rows.iter().filter(|r| r.size_bytes < 200_000) {
        let name = row.path.file_name().unwrap().to_string_lossy();
        let gbx = trackbench_testkit::gbx_named(&name)
            .unwrap_or_else(|| panic!("{name}: not in the shared parses"))
            .gbx();
        assert_eq!(
            row.class,
            trackbench_core::gbx::class_label(gbx.header.class_id)
        );
        if let Some(info) = MapInfo::read(gbx) {
            maps += 1;
            assert_eq!(row.name, info.name, "{}", row.path.display());
            assert_eq!(row.collection, info.environment, "{}", row.path.display());
            assert_eq!(
                row.medal_times_ms,
                info.medal_times_ms,
                "{}",
                row.path.display()
            );
            assert_eq!(row.map_type, info.map_type, "{}", row.path.display());
        }
        if let Some(info) = ReplayInfo::read(gbx) {
            assert_eq!(row.replay_time_ms, info.time_ms, "{}", row.path.display());
        }
    }
    assert!(maps > 20, "{maps} maps compared");
}

#[test]
fn unreadable_files_are_rows_with_their_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("broken.Map.Gbx"), b"GBX\x06\x00BUCR").unwrap();
    std::fs::write(dir.path().join("notes.txt"), b"ignored").unwrap();
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    std::fs::write(dir.path().join("sub/empty.Gbx"), b"").unwrap();
    let rows = scan_blocking(dir.path(), ScanOptions::default());
    assert_eq!(rows.len(), 2);
    assert!(rows.iter().all(|r| r.error.is_some()), "{rows:?}");
    let flat = scan_blocking(
        dir.path(),
        ScanOptions {
            recursive: false,
            jobs: 1,
            details: false,
        },
    );
    assert_eq!(flat.len(), 1);
    let missing = read_row(Path::new("/nonexistent/x.Map.Gbx"));
    assert!(missing.error.is_some());
}

#[test]
fn a_cancelled_scan_finishes_early() {
    let Some(corpus) = corpus_dir_or_warn("library cancel") else {
        return;
    };
    let mut scan = trackbench_core::library::start_scan(
        corpus,
        ScanOptions {
            recursive: true,
            jobs: 1,
            details: false,
        },
        || {},
    );
    scan.cancel();
    let mut rows = 0;
    let mut total = 0;
    let mut cancelled = None;
    while let Some(event) = scan.next_event() {
        match event {
            ScanEvent::Listed { total: t, .. } => total = t,
            ScanEvent::Done { .. } => rows += 1,
            ScanEvent::Finished { cancelled: c } => {
                cancelled = Some(c);
                break;
            }
        }
    }
    assert_eq!(cancelled, Some(true));
    assert!(rows < total, "{rows} of {total}");
}

#[test]
fn search_and_sort_over_the_corpus() {
    let Some(corpus) = corpus_dir_or_warn("library search") else {
        return;
    };
    let mut rows = scan_blocking(&corpus.join("gbx"), ScanOptions::default());
    let found: Vec<_> = rows.iter().filter(|r| matches(r, "kackiest")).collect();
    assert_eq!(found.len(), 1);
    rows.sort_by(|a, b| compare(a, b, SortKey::Size));
    assert!(rows.windows(2).all(|w| w[0].size_bytes <= w[1].size_bytes));
    rows.sort_by(|a, b| compare(a, b, SortKey::Medal(3)));
    let timed: Vec<_> = rows.iter().map_while(|r| r.medal_times_ms[3]).collect();
    assert!(timed.windows(2).all(|w| w[0] <= w[1]) && timed.len() > 20);
}

#[test]
fn previews_are_thumbnails_and_minimaps_within_the_size() {
    let Some(corpus) = corpus_dir_or_warn("library preview") else {
        return;
    };
    let map = read_row(&corpus.join("gbx/E02.Map.Gbx"));
    assert!(map.has_thumbnail);
    let img = trackbench_core::library::preview(&map, 128)
        .unwrap()
        .expect("a thumbnail");
    assert!(img.width() <= 128 && img.height() <= 128 && img.width() > 64);
    let trk = read_row(&corpus.join("trk/DEFAULT.TRK"));
    let img = trackbench_core::library::preview(&trk, 96)
        .unwrap()
        .expect("a mini-map");
    assert_eq!(img.dimensions(), (96, 96));
    let item = read_row(&corpus.join("gbx/Base.Item.Gbx"));
    assert!(
        trackbench_core::library::preview(&item, 96)
            .unwrap()
            .is_none()
    );
}

/// Issue 44 (finding 12): a standalone ghost's row shows its player and
/// race time, which the ghost keeps in its body, not its header.
#[test]
fn ghost_rows_show_their_player_and_time() {
    let Some(corpus) = corpus_dir_or_warn("library ghost rows") else {
        return;
    };
    let path = corpus.join("gbx/KEYBOARD_51062.Ghost.Gbx");
    let row = read_row(&path);
    assert_eq!(row.error, None);
    assert_eq!(row.replay_time_ms, Some(51_062));
    let gbx = trackbench_core::gbx::Gbx::parse(std::fs::read(&path).unwrap()).unwrap();
    let g = &trackbench_core::gbx::ghosts(&gbx)[0];
    assert_eq!(row.author, g.nickname.clone().or(g.login.clone()));
    assert!(!row.author_plain.is_empty(), "a player is shown");
}

/// Issue 46: a ghost's row reads its body from the handle that read its
/// header (one open: `row::parse_row_gbx`, for `read_row` and for
/// `read_gbx_row_once` of `scan --details`), in the runs' narrow form. On every corpus ghost both
/// rows show the player and time of a full parse's first ghost.
#[test]
fn every_ghost_row_shows_the_player_and_time_of_a_full_parse() {
    use trackbench_core::library::details::read_gbx_row_once;
    if corpus_dir_or_warn("library ghost rows").is_none() {
        return;
    }
    let mut checked = 0;
    for path in trackbench_testkit::corpus_files("gbx", ".ghost.gbx") {
        let gbx = trackbench_core::gbx::Gbx::parse(std::fs::read(&path).unwrap()).unwrap();
        let g = &trackbench_core::gbx::ghosts(&gbx)[0];
        let want = (g.nickname.clone().or(g.login.clone()), g.race_time_ms);
        let row = read_row(&path);
        assert_eq!(row.error, None, "{}", path.display());
        assert_eq!(
            (row.author.clone(), row.replay_time_ms),
            want,
            "{}",
            path.display()
        );
        let once = read_gbx_row_once(&path).unwrap();
        assert_eq!(once.author, row.author, "{}", path.display());
        assert_eq!(
            once.replay_time_ms,
            row.replay_time_ms,
            "{}",
            path.display()
        );
        checked += 1;
    }
    // The corpus's 22 standalone ghosts (SOURCES.md).
    assert_eq!(checked, 22, "corpus ghosts");
}

/// Issue 46: the library's details come from a narrow parse (only the
/// lightmap and embedded-items chunks decoded, the other non-skippable
/// chunks walked recording nothing); on every corpus map they equal the
/// details of a full parse, and the narrow parse reads the same nodes and
/// chunks to the same ends (`trackbench_testkit::narrow`).
#[test]
fn narrow_details_are_the_details_of_a_full_parse() {
    use trackbench_core::gbx::{Gbx, read::body::Limits};
    use trackbench_core::library::details::{DETAIL_CHUNKS, map_details_of};
    if corpus_dir_or_warn("narrow details").is_none() {
        return;
    }
    let (mut maps, mut lightmaps, mut items, mut walked) = (0, 0, 0, 0);
    for path in trackbench_testkit::corpus_files("gbx", ".gbx") {
        let bytes = std::fs::read(&path).unwrap();
        let Ok(full) = Gbx::parse(bytes.clone()) else {
            continue;
        };
        if trackbench_core::gbx::class_label(full.header.class_id) != "CGameCtnChallenge" {
            continue;
        }
        let narrow = Gbx::parse_narrow(bytes, Limits::default(), &DETAIL_CHUNKS).unwrap();
        let name = path.display().to_string();
        assert!(narrow.is_narrow() && !full.is_narrow());
        let details = map_details_of(&narrow).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(Ok(details), map_details_of(&full), "{name}");
        let counts = trackbench_testkit::narrow::assert_reads_like_full(&narrow, &full, &name);
        walked += usize::from(counts.walked > 0);
        maps += 1;
        lightmaps += usize::from(details.has_lightmap == Some(true));
        items += usize::from(details.embedded_items.is_some_and(|n| n > 0));
    }
    eprintln!(
        "narrow details: {maps} maps, {lightmaps} with lightmaps, {items} with items, \
         {walked} with walked chunks"
    );
    // 118 maps, 16 with lightmaps, 5 with embedded items (2026-11-29).
    assert!(
        maps >= 118 && lightmaps >= 16 && items >= 5 && walked == maps,
        "of {maps} maps (118 expected): {lightmaps} with lightmaps (16), {items} with \
         embedded items (5), {walked} with walked chunks (all)"
    );
}

/// `scan --details` reads a .Gbx once for its row and details
/// (`read_gbx_row_once`, issue 46): on every corpus .Gbx the row is the one
/// read apart (`read_row`, then `read_details`), to every field.
#[test]
fn one_read_rows_are_the_rows_read_apart() {
    use trackbench_core::library::details::{read_details, read_gbx_row_once};
    if corpus_dir_or_warn("one-read rows").is_none() {
        return;
    }
    let (mut files, mut once, mut maps) = (0, 0, 0);
    for path in trackbench_testkit::corpus_files("gbx", ".gbx") {
        files += 1;
        let Some(row) = read_gbx_row_once(&path) else {
            continue;
        };
        let mut apart = read_row(&path);
        assert!(
            apart.error.is_none(),
            "{}: {:?}",
            path.display(),
            apart.error
        );
        match read_details(&apart) {
            Ok(d) => apart.details = Some(d),
            Err(e) => apart.error = Some(format!("reading the body: {e}")),
        }
        assert_eq!(row, apart, "{}", path.display());
        once += 1;
        maps += usize::from(row.class == "CGameCtnChallenge");
    }
    eprintln!("one-read rows: {files} files, {once} read once, {maps} maps");
    // 229 files, all read once; 118 maps (2026-11-30).
    assert!(
        files >= 229 && once == files && maps >= 118,
        "{files} files (229), {once} read once (all), {maps} maps (118)"
    );
}
