//! Pak browser UI tests (issue 7) driven by egui_kittest on the synthetic
//! pak corpus: key prompt, wrong key, file table, search, extraction and
//! opening a contained .Gbx in a new tab. Actions go through
//! `PakCommand`s, as the panels send them.

use std::path::{Path, PathBuf};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use serde_json::Value;
use trackbench::app::{OpenDoc, TrackbenchApp};
use trackbench::command::{Command, PakCommand};
use trackbench::pak::doc::PakDoc;
use trackbench::pak::panels::browser::UNLOCK;
use trackbench::pak::panels::v6_view::{V6_DECODE, V6_KEY_LABEL};
use trackbench::pak::view::PakView;
use trackbench::settings::Settings;
use trackbench::widgets::numbers::group_digits;
use trackbench_core::pak::KeyInput;
use trackbench_testkit::corpus_dir_or_warn;

fn corpus(test: &str) -> Option<PathBuf> {
    corpus_dir_or_warn(test).map(|d| d.join("pak-synthetic"))
}

fn sidecar(dir: &Path, pak: &str) -> Value {
    let text = std::fs::read_to_string(dir.join(format!("{pak}.json"))).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn harness(app: TrackbenchApp) -> Harness<'static, TrackbenchApp> {
    Harness::builder()
        .with_max_steps(crate::SETTLE_STEPS)
        .with_size(egui::vec2(1400.0, 900.0))
        .build_ui_state(|ui, app: &mut TrackbenchApp| app.draw(ui), app)
}

fn pak_tab(app: &mut TrackbenchApp) -> (&mut PakDoc, &mut PakView) {
    match app.doc.as_mut() {
        Some(OpenDoc::Pak(doc, view)) => (doc, view),
        _ => panic!("the active tab is not a pak"),
    }
}

fn pak_doc(app: &mut TrackbenchApp) -> &mut PakDoc {
    pak_tab(app).0
}

fn pak_view(app: &mut TrackbenchApp) -> &mut PakView {
    pak_tab(app).1
}

/// A pak of the corpus opened outside the app and unlocked with `key`
/// through the command the key prompt sends.
fn unlocked_doc(dir: &Path, pak: &str, key: &str) -> (PakDoc, PakView) {
    let bytes = std::fs::read(dir.join(pak)).unwrap();
    let mut doc = PakDoc::open(bytes, pak.into(), None).unwrap();
    let mut view = PakView::default();
    let follow = doc.apply(&mut view, PakCommand::Unlock(KeyInput::parse(key)));
    assert!(follow.is_empty());
    assert!(doc.is_unlocked(), "{:?}", doc.key_error);
    (doc, view)
}

/// Opens a copy of `pak` of the corpus (in a folder without the corpus's
/// packlist.dat, which the app would find by itself), types `key` and
/// clicks Unlock.
fn open_and_unlock(dir: &Path, pak: &str, key: &str) -> Harness<'static, TrackbenchApp> {
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let alone = std::env::temp_dir().join(format!("trackbench-pak-ui-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&alone).unwrap();
    std::fs::copy(dir.join(pak), alone.join(pak)).unwrap();
    let app = TrackbenchApp::new(Settings::default(), &[alone.join(pak)]);
    let mut h = harness(app);
    h.run();
    assert!(!pak_doc(h.state_mut()).is_unlocked());
    pak_view(h.state_mut()).key_text = key.to_owned();
    h.get_by_label(UNLOCK).click();
    h.run();
    h
}

#[test]
fn the_key_unlocks_synth_many_and_the_table_lists_its_files() {
    let Some(dir) = corpus("pak_ui") else { return };
    let want = sidecar(&dir, "synth_many.pak");
    let mut h = open_and_unlock(&dir, "synth_many.pak", want["key_hex"].as_str().unwrap());
    let doc = pak_doc(h.state_mut());
    assert!(doc.is_unlocked(), "{:?}", doc.key_error);
    let files = want["files"].as_array().unwrap();
    assert_eq!(doc.files().len(), files.len());
    assert!(h.query_by_label_contains("300 files shown").is_some());
    // The first rows are on screen with their sizes.
    for f in &files[..4] {
        let name = f["name"].as_str().unwrap();
        assert!(h.query_by_label(name).is_some(), "{name} listed");
        let size = group_digits(f["uncompressed_size"].as_u64().unwrap());
        assert!(
            h.query_all_by_label(&size).next().is_some(),
            "{name} size {size}"
        );
    }
    // Search by name narrows the table to one file, further down the list.
    let last = files.last().unwrap();
    let last_name = last["name"].as_str().unwrap();
    pak_view(h.state_mut()).search = last_name.to_uppercase();
    h.run();
    assert!(h.query_by_label(last_name).is_some(), "{last_name} found");
    assert!(
        h.query_by_label(files[0]["name"].as_str().unwrap())
            .is_none()
    );
    assert!(h.query_by_label_contains("1 files shown").is_some());
    let class = last["class_id"].as_str().unwrap();
    assert!(
        h.query_all_by_label(class).next().is_some(),
        "class id {class}"
    );
}

#[test]
fn a_folder_click_filters_the_table() {
    let Some(dir) = corpus("pak_ui") else { return };
    let want = sidecar(&dir, "synth_many.pak");
    let mut h = open_and_unlock(&dir, "synth_many.pak", want["key_hex"].as_str().unwrap());
    let in_music = want["files"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| {
            f["folder_path"]
                .as_str()
                .unwrap()
                .starts_with("Data\\Sounds\\Music\\")
        })
        .count();
    h.get_by_label_contains("Music (").click();
    h.run();
    let (doc, view) = pak_tab(h.state_mut());
    assert_eq!(view.visible(doc.tree(), doc.files()).len(), in_music);
    assert_eq!(view.folder_files(doc.tree(), doc.files()).len(), in_music);
    assert!(
        h.query_by_label_contains(&format!("{in_music} files shown"))
            .is_some()
    );
}

#[test]
fn a_wrong_key_is_reported_and_a_packlist_path_unlocks() {
    let Some(dir) = corpus("pak_ui") else { return };
    let mut h = open_and_unlock(&dir, "synth_many.pak", "00112233445566778899aabbccddeeff");
    assert!(!pak_doc(h.state_mut()).is_unlocked());
    assert!(
        h.query_by_label_contains("Wrong key for this pak")
            .is_some(),
        "{:?}",
        pak_doc(h.state_mut()).key_error
    );
    // Another pak's key is just as wrong.
    let other = sidecar(&dir, "synth_meta.pak");
    pak_view(h.state_mut()).key_text = other["key_hex"].as_str().unwrap().to_owned();
    h.get_by_label(UNLOCK).click();
    h.run();
    assert!(
        h.query_by_label_contains("Wrong key for this pak")
            .is_some()
    );
    // The packlist finds the key by the pak's name and is remembered.
    let packlist = dir.join("packlist.dat");
    pak_view(h.state_mut()).key_text = packlist.display().to_string();
    h.get_by_label(UNLOCK).click();
    h.run();
    let doc = pak_doc(h.state_mut());
    assert!(doc.is_unlocked(), "{:?}", doc.key_error);
    assert_eq!(doc.last_packlist.as_deref(), Some(packlist.as_path()));
    assert_eq!(
        h.state().settings.last_packlist.as_deref(),
        Some(packlist.as_path()),
        "the settings remember the packlist that unlocked a pak"
    );
    assert!(h.query_by_label_contains("Wrong key").is_none());
    // The packlist entry that gave the key is shown with its flags (bit 0
    // selects the product key-string key; 0 in the corpus sidecar).
    assert!(
        h.query_by_label_contains("pack \"synth_many\", flags 0x00 (standard key-string key)")
            .is_some()
    );
}

#[test]
fn extracting_a_file_writes_the_sidecar_bytes() {
    let Some(dir) = corpus("pak_ui") else { return };
    let want = sidecar(&dir, "synth_many.pak");
    let key = want["key_hex"].as_str().unwrap();
    let (mut doc, mut view) = unlocked_doc(&dir, "synth_many.pak", key);
    let tmp = tempfile::tempdir().unwrap();
    let f = &want["files"][2];
    let index = usize::try_from(f["index"].as_u64().unwrap()).unwrap();
    let dest = tmp.path().to_path_buf();
    let files = vec![index];
    doc.apply(&mut view, PakCommand::Extract { files, dest });
    let message = doc.wait_job().to_owned();
    assert!(message.starts_with("extracted 1 files ("), "{message}");
    let rel = f["path"].as_str().unwrap().replace('\\', "/");
    let got = std::fs::read(tmp.path().join(&rel)).unwrap();
    assert_eq!(hex(&sha256(&got)), f["sha256"].as_str().unwrap(), "{rel}");
}

#[test]
fn extracting_everything_on_the_worker_thread_reports_the_outcome() {
    let Some(dir) = corpus("pak_ui") else { return };
    let want = sidecar(&dir, "synth_ivxor.pak");
    let key = want["key_hex"].as_str().unwrap();
    let (mut doc, mut view) = unlocked_doc(&dir, "synth_ivxor.pak", key);
    let tmp = tempfile::tempdir().unwrap();
    let other = tempfile::tempdir().unwrap();
    let all: Vec<usize> = (0..doc.files().len()).collect();
    let (files, dest) = (all.clone(), tmp.path().to_path_buf());
    doc.apply(&mut view, PakCommand::Extract { files, dest });
    assert!(doc.job.is_some(), "the job started");
    let (files, dest) = (all, other.path().to_path_buf());
    doc.apply(&mut view, PakCommand::Extract { files, dest });
    assert_eq!(
        doc.job.as_ref().map(|j| j.dest.as_path()),
        Some(tmp.path()),
        "one job at a time"
    );
    let message = doc.wait_job().to_owned();
    assert!(message.starts_with("extracted 9 files"), "{message}");
    for f in want["files"].as_array().unwrap() {
        let rel = f["path"].as_str().unwrap().replace('\\', "/");
        let got = std::fs::read(tmp.path().join(&rel)).unwrap();
        assert_eq!(hex(&sha256(&got)), f["sha256"].as_str().unwrap(), "{rel}");
    }
    // A job cancelled at once stops before its end (or had already finished).
    let tmp2 = tempfile::tempdir().unwrap();
    let (files, dest) = ((0..9).collect(), tmp2.path().to_path_buf());
    doc.apply(&mut view, PakCommand::Extract { files, dest });
    assert!(doc.job.is_some(), "the job started");
    doc.apply(&mut view, PakCommand::CancelExtraction);
    assert!(doc.job.as_ref().unwrap().is_cancelling());
    let message = doc.wait_job().to_owned();
    assert!(
        message.starts_with("extraction cancelled") || message.starts_with("extracted 9"),
        "{message}"
    );
}

#[test]
fn a_contained_gbx_opens_in_a_new_tab() {
    let Some(dir) = corpus("pak_ui") else { return };
    let want = sidecar(&dir, "synth_ivxor.pak");
    let mut h = open_and_unlock(&dir, "synth_ivxor.pak", want["key_hex"].as_str().unwrap());
    h.get_by_label("Tiny.SystemConfig.Gbx").click();
    h.run();
    assert_eq!(pak_view(h.state_mut()).selected.len(), 1);
    h.get_by_label("Open in new tab").click();
    h.run();
    let app = h.state();
    assert_eq!(app.others.len(), 1, "the pak stays open in another tab");
    assert!(
        app.message.contains("Tiny.SystemConfig.Gbx"),
        "{}",
        app.message
    );
    assert!(matches!(app.doc, Some(OpenDoc::Gbx(..))), "{}", app.message);
    // The tab names the pak and the file's folder path.
    let title = app.doc.as_ref().unwrap().title();
    assert_eq!(title, "synth_ivxor.pak: GameData/Tiny.SystemConfig.Gbx");
    assert!(
        h.query_by_label("synth_ivxor.pak: GameData/Tiny.SystemConfig.Gbx")
            .is_some()
    );
}

#[test]
fn the_metadata_headers_are_listed_and_open_in_a_tab() {
    let Some(dir) = corpus("pak_ui") else { return };
    let want = sidecar(&dir, "synth_meta.pak");
    let mut h = open_and_unlock(&dir, "synth_meta.pak", want["key_hex"].as_str().unwrap());
    let entries = want["metadata"]["entries"].as_array().unwrap();
    h.get_by_label(&format!(
        "Metadata: {} dataless .Gbx headers",
        entries.len()
    ))
    .click();
    h.run();
    // Row 0: the file the sidecar names, its header length.
    let first = &want["files"][entries[0]["file_index"].as_u64().unwrap() as usize];
    let path = first["path"].as_str().unwrap().replace('\\', "/");
    assert!(h.query_by_label(&path).is_some(), "{path}");
    let len = entries[0]["gbx_len"].as_u64().unwrap().to_string();
    assert!(h.query_by_label(&len).is_some());
    h.query_all_by_label(trackbench::pak::panels::meta_view::OPEN_HEADER)
        .next()
        .unwrap()
        .click();
    h.run();
    let app = h.state();
    let Some(doc) = app.gbx_doc() else {
        panic!("{}", app.message)
    };
    assert_eq!(doc.gbx().file.len().to_string(), len);
    assert_eq!(doc.gbx().header.class_id, 0x0304_3000, "a challenge header");
    assert_eq!(
        app.doc.as_ref().unwrap().title(),
        format!("synth_meta.pak: {path} (header)")
    );
}

#[test]
fn contained_titles_are_ascii() {
    assert_eq!(
        trackbench::pak::doc::contained_title("p\u{e9}.pak", "Skin_\u{e9}t\u{e9}/a.Gbx"),
        "p?.pak: Skin_?t?/a.Gbx"
    );
}

#[test]
fn a_maniaplanet_v6_header_shows_its_unencrypted_info() {
    let mut bytes = b"NadeoPak".to_vec();
    bytes.extend_from_slice(&6u32.to_le_bytes());
    bytes.extend_from_slice(&[0xAB; 32]);
    bytes.extend_from_slice(&2u32.to_le_bytes());
    bytes.extend_from_slice(&[0; 64]);
    let mut app = TrackbenchApp::new(Settings::default(), &[]);
    assert!(app.open_bytes("mp.pak".into(), bytes, None));
    let mut h = harness(app);
    h.run();
    assert!(
        h.query_by_label_contains("NadeoPak v6 (ManiaPlanet)")
            .is_some()
    );
    assert!(
        h.query_by_label(&"ab".repeat(32)).is_some(),
        "contents checksum"
    );
    assert!(
        h.query_by_label_contains("header encrypted, default key")
            .is_some()
    );
    assert!(h.query_by_label(UNLOCK).is_none(), "no key prompt for v6+");
    // The second header part needs the default header key: asked for, and
    // a key that does not decode it is reported as wrong.
    assert!(
        h.query_by_label_contains("default header key: give it")
            .is_some()
    );
    assert!(h.query_by_label(V6_KEY_LABEL).is_some());
    pak_view(h.state_mut()).key_text = "00112233445566778899aabbccddeeff".into();
    h.get_by_label(V6_DECODE).click();
    h.run();
    let shown = format!("{:?}", pak_doc(h.state_mut()).v6_header_error());
    assert!(
        h.query_by_label_contains("wrong key for this header")
            .is_some(),
        "{shown}"
    );
}

#[test]
fn a_plain_v6_header_lists_its_files() {
    // Version 6, SHeaderFlagsUncrypt 0: the second part is plain (seed 004).
    let mut w = Vec::new();
    let s = |w: &mut Vec<u8>, t: &str| {
        w.extend_from_slice(&(t.len() as u32).to_le_bytes());
        w.extend_from_slice(t.as_bytes());
    };
    w.extend_from_slice(b"NadeoPak");
    w.extend_from_slice(&6u32.to_le_bytes());
    w.extend_from_slice(&[0xCD; 32]);
    w.extend_from_slice(&0u32.to_le_bytes());
    w.extend_from_slice(&[0; 16]);
    for v in [900u32, 300, 4, 12] {
        w.extend_from_slice(&v.to_le_bytes());
    }
    w.extend_from_slice(&[0; 16]);
    w.extend_from_slice(&0u32.to_le_bytes());
    for t in ["login", "nick", "zone", ""] {
        s(&mut w, t);
    }
    w.extend_from_slice(&[0, 0, 0, 0, 1, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF]);
    s(&mut w, "Skins\\");
    w.extend_from_slice(&[1, 0, 0, 0, 0, 0, 0, 0]);
    s(&mut w, "grass.dds");
    for v in [0u32, 1234, 10, 0, 0x0902_4000] {
        w.extend_from_slice(&v.to_le_bytes());
    }
    w.extend_from_slice(&(1u64 << 50).to_le_bytes());
    let mut app = TrackbenchApp::new(Settings::default(), &[]);
    assert!(app.open_bytes("plain6.pak".into(), w, None));
    let mut h = harness(app);
    h.run();
    assert!(
        h.query_by_label_contains("Header part (plain): 1 folders, 1 files")
            .is_some()
    );
    assert!(h.query_by_label("Skins/grass.dds").is_some());
    assert!(h.query_by_label("1 234").is_some());
}

#[test]
fn a_remembered_packlist_unlocks_a_pak_on_open() {
    let Some(dir) = corpus("pak_ui") else { return };
    let packlist = dir.join("packlist.dat");
    let settings = Settings {
        last_packlist: Some(packlist.clone()),
        ..Settings::default()
    };
    let mut app = TrackbenchApp::new(settings, &[dir.join("synth_meta.pak")]);
    let (doc, view) = pak_tab(&mut app);
    assert!(doc.is_unlocked(), "{:?}", doc.key_error);
    assert_eq!(view.key_text, packlist.display().to_string());
    // A ManiaPlanet pak has no packlist key: its header key field stays empty.
    let mut bytes = b"NadeoPak".to_vec();
    bytes.extend_from_slice(&6u32.to_le_bytes());
    bytes.extend_from_slice(&[0xAB; 32]);
    bytes.extend_from_slice(&2u32.to_le_bytes());
    bytes.extend_from_slice(&[0; 64]);
    assert!(app.open_bytes("mp.pak".into(), bytes, None));
    let (doc, view) = pak_tab(&mut app);
    assert!(view.key_text.is_empty());
    assert!(doc.key_error.is_none());
}

#[test]
fn an_extraction_sent_to_the_app_is_collected_by_the_browser() {
    let Some(dir) = corpus("pak_ui") else { return };
    let want = sidecar(&dir, "synth_many.pak");
    let mut h = open_and_unlock(&dir, "synth_many.pak", want["key_hex"].as_str().unwrap());
    let tmp = tempfile::tempdir().unwrap();
    let (files, dest) = ((0..300).collect(), tmp.path().to_path_buf());
    h.state_mut()
        .push(Command::Pak(PakCommand::Extract { files, dest }));
    for _ in 0..500 {
        h.step();
        if pak_doc(h.state_mut()).job.is_none() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    h.run();
    let message = pak_doc(h.state_mut()).message.clone();
    assert!(message.starts_with("extracted 300 files"), "{message}");
    assert!(
        h.query_all_by_label_contains("extracted 300 files")
            .next()
            .is_some(),
        "the outcome is shown"
    );
    for f in want["files"].as_array().unwrap() {
        let rel = f["path"].as_str().unwrap().replace('\\', "/");
        let got = std::fs::read(tmp.path().join(&rel)).unwrap();
        assert_eq!(hex(&sha256(&got)), f["sha256"].as_str().unwrap(), "{rel}");
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// SHA-256 (FIPS 180-4), small and slow: the app crate has no sha2 dependency.
fn sha256(data: &[u8]) -> [u8; 32] {
    const K: [u32; 64] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
        0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
        0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
        0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
        0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
        0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
        0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
        0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
        0xc67178f2,
    ];
    let mut h: [u32; 8] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
        0x5be0cd19,
    ];
    let mut msg = data.to_vec();
    msg.push(0x80);
    while msg.len() % 64 != 56 {
        msg.push(0);
    }
    msg.extend_from_slice(&(data.len() as u64 * 8).to_be_bytes());
    for block in msg.chunks(64) {
        let mut w = [0u32; 64];
        for (i, word) in block.chunks(4).enumerate() {
            w[i] = u32::from_be_bytes(word.try_into().unwrap());
        }
        for i in 16..64 {
            let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
            let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16]
                .wrapping_add(s0)
                .wrapping_add(w[i - 7])
                .wrapping_add(s1);
        }
        let mut v = h;
        for i in 0..64 {
            let s1 = v[4].rotate_right(6) ^ v[4].rotate_right(11) ^ v[4].rotate_right(25);
            let ch = (v[4] & v[5]) ^ (!v[4] & v[6]);
            let t1 = v[7]
                .wrapping_add(s1)
                .wrapping_add(ch)
                .wrapping_add(K[i])
                .wrapping_add(w[i]);
            let s0 = v[0].rotate_right(2) ^ v[0].rotate_right(13) ^ v[0].rotate_right(22);
            let maj = (v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]);
            let t2 = s0.wrapping_add(maj);
            v = [
                t1.wrapping_add(t2),
                v[0],
                v[1],
                v[2],
                v[3].wrapping_add(t1),
                v[4],
                v[5],
                v[6],
            ];
        }
        for (x, y) in h.iter_mut().zip(v) {
            *x = x.wrapping_add(y);
        }
    }
    let mut out = [0u8; 32];
    for (chunk, word) in out.chunks_mut(4).zip(h) {
        chunk.copy_from_slice(&word.to_be_bytes());
    }
    out
}

#[test]
fn the_test_sha256_matches_a_known_vector() {
    assert_eq!(
        hex(&sha256(b"abc")),
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    );
}
