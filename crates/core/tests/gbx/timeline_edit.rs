//! Dragging MediaTracker keys and blocks (issue 5) on corpus files: the
//! edit is one undo step; the saved file differs from the original only in
//! the 4 bytes of each moved f32 time (decompressed bodies compared byte by
//! byte and field by field, header bytes identical); it parses back with
//! the new times; undo gives back the original file bytes exactly.
//! Times and nodes below are from the `GBX_DUMP=1 gbxstat` dumps, as in
//! `gbx_timeline.rs`.

use trackbench_core::bytes::ByteRange;
use trackbench_core::edit::timeline::{clamp_block_shift, clamp_key_time, move_key, shift_block};
use trackbench_core::edit::{Edit, EditError, GbxDocument};
use trackbench_core::gbx::access::mediatracker::{BlockInfo, ClipInfo, clips};
use trackbench_core::gbx::{FieldList, Gbx, slice};
use trackbench_core::save;
use trackbench_testkit::{corpus_dir_or_warn, gbx_named};

/// A document over a copy of the shared parse of the corpus file `name`.
fn open(name: &str) -> Option<GbxDocument> {
    corpus_dir_or_warn("gbx_timeline_edit")?;
    let file = gbx_named(name).unwrap_or_else(|| panic!("{name}: not in the corpus"));
    Some(GbxDocument::from_gbx(file.gbx().clone()))
}

fn block(cs: &[ClipInfo], clip: usize, track: usize, block: usize) -> BlockInfo {
    cs[clip].tracks[track].blocks[block].clone()
}

/// Every byte range at which `a` and `b` differ.
fn diff_runs(a: &[u8], b: &[u8]) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        if x != y {
            match out.last_mut() {
                Some(r) if r.1 == i => r.1 = i + 1,
                _ => out.push((i, i + 1)),
            }
        }
    }
    out
}

/// Walks two parses' fields in step: same names and ranges everywhere,
/// bytes identical except in `moved`; returns how many moved fields it met.
fn compare_fields(
    a: &Gbx,
    b: &Gbx,
    fa: FieldList<'_>,
    fb: FieldList<'_>,
    moved: &[ByteRange],
) -> usize {
    assert_eq!(fa.len(), fb.len(), "field count");
    let mut n = 0;
    for (x, y) in fa.iter().zip(fb) {
        assert_eq!((x.name(), x.range()), (y.name(), y.range()), "field shape");
        let (bx, by) = (slice(&a.body, x.range()), slice(&b.body, y.range()));
        if moved.contains(&x.range()) {
            assert_ne!(bx, by, "{} at {:?} should have moved", x.name(), x.range());
            n += 1;
        } else if x.children().is_empty() {
            assert_eq!(bx, by, "{} at {:?} changed", x.name(), x.range());
        }
        n += compare_fields(a, b, x.children(), y.children(), moved);
    }
    n
}

/// Applies `edit`, saves, and checks the saved file against the original;
/// then undoes and checks the original bytes are back. Returns the
/// re-parsed saved file.
fn apply_save_undo(doc: &mut GbxDocument, edit: Edit, moved: &[ByteRange]) -> Gbx {
    let original = doc.bytes().to_vec();
    let before = doc.gbx.clone();
    let undo_before = doc.history().undo_len();
    doc.apply(edit).expect("edit applies");
    assert_eq!(doc.history().undo_len(), undo_before + 1, "one undo step");
    let dir = std::env::temp_dir().join(format!("tb-timeline-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("saved-{}.Gbx", moved[0].start));
    save::save_atomic(&path, doc.bytes(), false).unwrap();
    let saved = Gbx::parse(std::fs::read(&path).unwrap()).expect("saved file parses");
    std::fs::remove_file(&path).unwrap();
    // Header bytes (everything before the body) are untouched.
    let off = usize::try_from(before.body_info.as_ref().unwrap().offset).unwrap();
    assert_eq!(&saved.file[..off], &before.file[..off], "header bytes");
    // Decompressed bodies: same length, differing only in the moved floats.
    assert_eq!(saved.body.len(), before.body.len());
    let runs = diff_runs(&before.body, &saved.body);
    for (s, e) in &runs {
        assert!(
            moved
                .iter()
                .any(|r| r.start as usize <= *s && *e <= r.end as usize),
            "bytes {s:#x}..{e:#x} changed outside the moved floats"
        );
    }
    assert!(moved.iter().all(|r| r.end - r.start == 4));
    // Field by field: same tree, only the moved floats differ.
    assert_eq!(saved.nodes.len(), before.nodes.len());
    let mut met = 0;
    for (na, nb) in before.nodes.iter().zip(&saved.nodes) {
        assert_eq!(na.chunks.len(), nb.chunks.len());
        for (ca, cb) in na.chunks.iter().zip(&nb.chunks) {
            assert_eq!((ca.id, ca.range), (cb.id, cb.range));
            met += compare_fields(
                &before,
                &saved,
                before.chunk_fields(ca),
                saved.chunk_fields(cb),
                moved,
            );
        }
    }
    assert_eq!(met, moved.len(), "every moved float found once");
    assert_eq!(saved.problems, before.problems);
    // Undo: the original file, byte for byte.
    doc.undo().expect("undo");
    assert!(doc.bytes() == original.as_slice(), "undo restores the file");
    assert_eq!(doc.history().undo_len(), undo_before);
    saved
}

#[test]
fn key_drag_of_a_tmf_clip_moves_one_float() {
    let Some(mut doc) = open("GBX-NET 2 CGameCtnMediaClip TMF 001.Clip.Gbx") else {
        return;
    };
    let cs = clips(&doc.gbx);
    // Track 1, node #4 CameraEffectShake: keys at 0 and 3 s.
    let shake = block(&cs, 0, 1, 0);
    assert_eq!(shake.node, 4);
    // Keys stay in order: key 1 cannot go before key 0, nor key 0 after key 1.
    assert_eq!(clamp_key_time(&shake, 1, -2.0), 0.0);
    assert_eq!(clamp_key_time(&shake, 0, 5.0), 3.0);
    assert_eq!(clamp_key_time(&shake, 1, 9.5), 9.5);
    assert!(matches!(
        move_key(&doc.gbx, &shake, 0, -1.0),
        Err(EditError::Invalid(_))
    ));
    let edit = move_key(&doc.gbx, &shake, 1, 2.5).unwrap();
    assert_eq!(edit.patches.len(), 1);
    let saved = apply_save_undo(&mut doc, edit, &[shake.keys[1].time_range]);
    let re = block(&clips(&saved), 0, 1, 0);
    assert_eq!(
        re.keys.iter().map(|k| k.time_s).collect::<Vec<_>>(),
        vec![0.0, 2.5]
    );
    assert_eq!(re.span, Some((0.0, 2.5)));
    // The key's other values are unchanged.
    assert_eq!(re.keys[1].values, shake.keys[1].values);
}

#[test]
fn block_drags_of_a_tmf_clip_shift_keys_and_explicit_spans() {
    let Some(mut doc) = open("GBX-NET 2 CGameCtnMediaClip TMF 001.Clip.Gbx") else {
        return;
    };
    let cs = clips(&doc.gbx);
    // Keys 0 and 3 (node #4): +0.5 s moves both.
    let shake = block(&cs, 0, 1, 0);
    let d = clamp_block_shift(&shake, -1.0);
    assert!(d == 0.0 && d.is_sign_positive(), "earliest key is at 0");
    assert!(
        shift_block(&doc.gbx, &shake, -1.0).is_err(),
        "nothing moves"
    );
    let edit = shift_block(&doc.gbx, &shake, 0.5).unwrap();
    assert_eq!(edit.patches.len(), 2);
    let moved: Vec<ByteRange> = shake.keys.iter().map(|k| k.time_range).collect();
    let saved = apply_save_undo(&mut doc, edit, &moved);
    let re = block(&clips(&saved), 0, 1, 0);
    assert_eq!(
        re.keys.iter().map(|k| k.time_s).collect::<Vec<_>>(),
        vec![0.5, 3.5]
    );
    // Node #8 Trails: start 0, end 3, no keys.
    let trails = block(&cs, 0, 3, 0);
    assert_eq!((trails.keys.len(), trails.clip_times.len()), (0, 2));
    let moved: Vec<ByteRange> = trails.clip_times.iter().map(|f| f.range).collect();
    let edit = shift_block(&doc.gbx, &trails, 1.25).unwrap();
    let saved = apply_save_undo(&mut doc, edit, &moved);
    assert_eq!(block(&clips(&saved), 0, 3, 0).span, Some((1.25, 4.25)));
    // Node #24 Text: its keys (0 and 3) are in effect node #25.
    let text = block(&cs, 0, 11, 0);
    assert!(text.keys.iter().all(|k| k.node == 25));
    let moved: Vec<ByteRange> = text.keys.iter().map(|k| k.time_range).collect();
    let edit = shift_block(&doc.gbx, &text, 0.75).unwrap();
    let saved = apply_save_undo(&mut doc, edit, &moved);
    assert_eq!(block(&clips(&saved), 0, 11, 0).span, Some((0.75, 3.75)));
}

#[test]
fn block_drag_in_a_tm2020_map_intro_keeps_every_other_byte() {
    let Some(mut doc) = open("Alive.Map.Gbx") else {
        return;
    };
    let cs = clips(&doc.gbx);
    // Intro, custom camera track: second block spans 5..10 s.
    let cam = block(&cs, 0, 0, 1);
    assert_eq!(cam.span, Some((5.0, 10.0)));
    // Dragging 7 s left stops at 0: the shift is -5 s.
    assert_eq!(clamp_block_shift(&cam, -7.0), -5.0);
    let edit = shift_block(&doc.gbx, &cam, -7.0).unwrap();
    let moved: Vec<ByteRange> = cam.keys.iter().map(|k| k.time_range).collect();
    assert_eq!(edit.patches.len(), moved.len());
    let saved = apply_save_undo(&mut doc, edit, &moved);
    let re = clips(&saved);
    assert_eq!(block(&re, 0, 0, 1).span, Some((0.0, 5.0)));
    assert_eq!(block(&re, 0, 0, 0).span, Some((0.0, 5.0)), "neighbour kept");
    // Key drag of the in-game text key in the same map (key 1 of 3).
    let text = block(&cs, 0, 5, 0);
    let t1 = text.keys[1].time_s;
    let edit = move_key(&doc.gbx, &text, 1, t1 - 1.0).unwrap();
    let saved = apply_save_undo(&mut doc, edit, &[text.keys[1].time_range]);
    assert_eq!(block(&clips(&saved), 0, 5, 0).keys[1].time_s, t1 - 1.0);
}

#[test]
fn block_drag_of_a_replay_ghost_moves_its_span_not_its_start_offset() {
    let Some(mut doc) = open("Gosu_B13-Obstacle_WR.Replay.Gbx") else {
        return;
    };
    let cs = clips(&doc.gbx);
    let ghost = block(&cs, 0, 7, 0);
    assert_eq!(ghost.span, Some((0.0, 25.000_002)));
    let moved: Vec<ByteRange> = ghost.clip_times.iter().map(|f| f.range).collect();
    assert_eq!(moved.len(), 2);
    let edit = shift_block(&doc.gbx, &ghost, 2.0).unwrap();
    let saved = apply_save_undo(&mut doc, edit, &moved);
    let re = block(&clips(&saved), 0, 7, 0);
    assert_eq!(re.span, Some((2.0, 27.000_002)));
    assert_eq!(re.start_offset, Some(0.0));
}

#[test]
fn tmf_map_end_race_clip_block_drag() {
    let Some(mut doc) = open("E02-Endurance.Challenge.Gbx") else {
        return;
    };
    let cs = clips(&doc.gbx);
    // End race 1 (node #67): one block over 0..4.784359 s.
    let b = block(&cs, 1, 0, 0);
    let (s, e) = b.span.unwrap();
    assert_eq!((s, e), (0.0, 4.784_359));
    let moved: Vec<ByteRange> = b
        .keys
        .iter()
        .map(|k| k.time_range)
        .chain(b.clip_times.iter().map(|f| f.range))
        .collect();
    let edit = shift_block(&doc.gbx, &b, 1.0).unwrap();
    let saved = apply_save_undo(&mut doc, edit, &moved);
    assert_eq!(block(&clips(&saved), 1, 0, 0).span, Some((1.0, e + 1.0)));
}
