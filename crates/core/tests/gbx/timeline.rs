//! Timeline model (issue 5) from ../shared/corpus/gbx: clips, tracks,
//! blocks and their spans equal what the decoded chunks hold. Every number
//! below was read from the `GBX_DUMP=1 gbxstat` dump of the file (key
//! `timeStamp`s, `start`/`end`, list counts).

use trackbench_core::gbx::access::mediatracker::{
    BlockKind, ClipInfo, SpanSource, clips, strip_formatting,
};
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus, gbx_named};

fn model(name: &str) -> Option<Vec<ClipInfo>> {
    corpus_dir_or_warn("gbx_timeline")?;
    let file = gbx_named(name).unwrap_or_else(|| panic!("{name}: not in the corpus"));
    Some(clips(file.gbx()))
}

/// (track name, block count) of every track.
fn shape(c: &ClipInfo) -> Vec<(&str, usize)> {
    c.tracks
        .iter()
        .map(|t| (t.name.as_str(), t.blocks.len()))
        .collect()
}

#[test]
fn tmf_clip_file_tracks_blocks_and_spans() {
    let Some(cs) = model("GBX-NET 2 CGameCtnMediaClip TMF 001.Clip.Gbx") else {
        return;
    };
    assert_eq!(cs.len(), 1);
    let c = &cs[0];
    assert_eq!(
        (c.role.as_str(), c.node, c.tracks.len(), c.block_count()),
        ("Clip file", 0, 14, 14)
    );
    assert_eq!(
        &shape(c)[..3],
        &[
            ("Triangles2D", 1),
            ("Camera Effect Shake", 1),
            ("Transition Fade", 1)
        ]
    );
    assert_eq!(c.span(), Some((0.0, 3.0)));
    let block = |t: usize| &c.tracks[t].blocks[0];
    // Node #4 CameraEffectShake 0x030A4000: keys at 0 and 3, intensity/speed 1.
    let shake = block(1);
    assert_eq!(
        (shake.node, shake.kind, shake.span, shake.span_source),
        (4, BlockKind::Camera, Some((0.0, 3.0)), SpanSource::Keys)
    );
    assert_eq!(
        shake.keys.iter().map(|k| k.time_s).collect::<Vec<_>>(),
        vec![0.0, 3.0]
    );
    assert_eq!(shake.keys[1].time_range.start, 0xda);
    let names: Vec<(&str, &str)> = shake.keys[0]
        .values
        .iter()
        .map(|v| (v.name.as_str(), v.value.as_str()))
        .collect();
    assert_eq!(names, vec![("intensity", "1"), ("speed", "1")]);
    // Node #8 Trails 0x030A9000: start 0, end 3.
    assert_eq!(
        (block(3).span, block(3).span_source),
        (Some((0.0, 3.0)), SpanSource::Explicit)
    );
    // Node #14 FxBloom: 4 keys; node #22 Time: keys 0 and 1.
    assert_eq!(block(6).keys.len(), 4);
    assert_eq!(
        (block(10).class_short.as_str(), block(10).span),
        ("Time", Some((0.0, 1.0)))
    );
    // Node #24 Text (empty text): keys 0 and 3 in its CControlEffectSimi node #25.
    let text = block(11);
    assert_eq!(
        (text.kind, text.text.as_deref(), text.span),
        (BlockKind::Text, Some(""), Some((0.0, 3.0)))
    );
    assert_eq!(text.keys[0].node, 25);
    assert_eq!(text.keys[0].values[0].name, "position");
}

#[test]
fn tm2020_clip_file_has_29_single_block_tracks() {
    let Some(cs) = model("GBX-NET 2 CGameCtnMediaClip TM2020 001.Clip.Gbx") else {
        return;
    };
    assert_eq!(cs.len(), 1);
    let c = &cs[0];
    assert_eq!(
        (c.tracks.len(), c.block_count(), c.span()),
        (29, 29, Some((0.0, 3.0)))
    );
    // Names are stored with a leading byte-order mark, dropped here.
    assert_eq!(c.tracks[0].name, "Čas");
    assert!(
        c.tracks
            .iter()
            .all(|t| t.blocks.len() == 1 && t.blocks[0].span == Some((0.0, 3.0)))
    );
    // Node #24 ColorGrading 0x03186001: keys at 0, 0.75, 2.25, 3.
    let grading = &c.tracks[11].blocks[0];
    assert_eq!(grading.class_short, "ColorGrading");
    assert_eq!(
        grading.keys.iter().map(|k| k.time_s).collect::<Vec<_>>(),
        vec![0.0, 0.75, 2.25, 3.0]
    );
    assert_eq!(grading.chunk, 1, "the keys chunk, after the image chunk");
}

#[test]
fn tmf_map_intro_and_end_race_group_with_triggers() {
    let Some(cs) = model("E02-Endurance.Challenge.Gbx") else {
        return;
    };
    // 0x03043021: clipIntro node #56, clipGroupInGame null, clipGroupEndRace
    // node #66 holding 76 clips and 76 triggers (0x0307A003).
    assert_eq!(cs.len(), 77);
    let intro = &cs[0];
    assert_eq!(
        (
            intro.role.as_str(),
            intro.node,
            intro.tracks.len(),
            intro.block_count()
        ),
        ("Intro", 56, 2, 7)
    );
    assert_eq!(intro.span(), Some((0.0, 9.638_243)));
    let end: Vec<&ClipInfo> = cs.iter().filter(|c| c.group == Some(66)).collect();
    assert_eq!(end.len(), 76);
    assert_eq!((end[0].role.as_str(), end[0].node), ("End race 1", 67));
    assert!(
        end.iter()
            .all(|c| c.tracks.len() == 1 && c.block_count() == 1)
    );
    let t = end[0].trigger.as_ref().expect("trigger");
    assert_eq!(
        (t.condition, t.coords.len(), t.describe()),
        (0, 2, "None".to_string())
    );
    assert_eq!(end[4].trigger.as_ref().map(|t| t.coords.len()), Some(7));
    assert_eq!(end[0].span(), Some((0.0, 4.784_359)));
}

#[test]
fn tm2020_map_intro_in_game_group_and_ambiance() {
    let Some(cs) = model("Alive.Map.Gbx") else {
        return;
    };
    // 0x03043049: intro, in-game group of 6 clips, ambiance.
    let roles: Vec<&str> = cs.iter().map(|c| c.role.as_str()).collect();
    assert_eq!(
        roles,
        [
            "Intro",
            "In-game 1",
            "In-game 2",
            "In-game 3",
            "In-game 4",
            "In-game 5",
            "In-game 6",
            "Ambiance"
        ]
    );
    let intro = &cs[0];
    assert_eq!(
        (intro.tracks.len(), intro.block_count(), intro.span()),
        (9, 19, Some((0.0, 32.0)))
    );
    // Custom camera: six blocks of key pairs 0-5, 5-10 … 25-32.
    let cams: Vec<_> = intro.tracks[0]
        .blocks
        .iter()
        .map(|b| b.span.unwrap())
        .collect();
    assert_eq!(
        cams,
        vec![
            (0.0, 5.0),
            (5.0, 10.0),
            (10.0, 15.0),
            (15.0, 20.0),
            (20.0, 25.0),
            (25.0, 32.0)
        ]
    );
    // Fading transition keys 30.000002 and 32; text keys 25, 30.000002, 32.
    assert_eq!(intro.tracks[4].blocks[0].span, Some((30.000_002, 32.0)));
    let text = &intro.tracks[5].blocks[0];
    assert_eq!(text.text.as_deref(), Some("$i$s$396A$275l$253i$122v$000e"));
    assert_eq!(
        (text.label(), text.keys.len(), text.span),
        ("\"Alive\"".to_string(), 3, Some((25.0, 32.0)))
    );
    assert_eq!(cs[1].name, "Trigger 1");
    assert_eq!(cs[1].trigger.as_ref().map(|t| t.coords.len()), Some(32));
    let gps = &cs[6];
    assert_eq!(
        (gps.name.as_str(), gps.tracks.len(), gps.block_count()),
        ("GPS", 6, 7)
    );
    let entity = &gps.tracks[5].blocks[0];
    assert_eq!(
        (entity.kind, entity.start_offset),
        (BlockKind::Ghost, Some(0.080_000_006))
    );
    assert_eq!(cs[7].tracks[0].name, "Color grading");
}

#[test]
fn replay_clip_with_ghost_block() {
    let Some(cs) = model("Gosu_B13-Obstacle_WR.Replay.Gbx") else {
        return;
    };
    // CGameCtnReplayRecord 0x03093015 `clip` → node #2.
    assert_eq!(cs.len(), 1);
    let c = &cs[0];
    assert_eq!(
        (c.role.as_str(), c.node, c.tracks.len(), c.block_count()),
        ("Replay clip", 2, 8, 3)
    );
    let ghost = &c.tracks[7].blocks[0];
    assert_eq!(
        (ghost.kind, ghost.span, ghost.span_source),
        (
            BlockKind::Ghost,
            Some((0.0, 25.000_002)),
            SpanSource::Explicit
        )
    );
    assert_eq!(ghost.start_offset, Some(0.0));
}

#[test]
fn every_corpus_clip_yields_a_model_without_panicking() {
    if corpus_dir_or_warn("gbx_timeline").is_none() {
        return;
    }
    let mut total = 0;
    for file in gbx_corpus() {
        let Ok(gbx) = &file.parse else {
            continue;
        };
        let cs = clips(gbx);
        let nodes = gbx
            .nodes
            .iter()
            .filter(|n| n.class_id == 0x0307_9000)
            .count();
        assert_eq!(
            cs.len(),
            nodes,
            "{}: every clip node listed once",
            file.path.display()
        );
        total += cs.len();
    }
    assert!(total >= 528, "{total} clips (528 when written)");
}

#[test]
fn formatting_codes_are_stripped() {
    assert_eq!(strip_formatting("$i$s$fffB Y $$5 $oK"), "B Y $5 K");
}

#[test]
fn tm2020_map_podium_and_trigger_conditions() {
    let Some(cs) = model("Tiger Blood.Map.Gbx") else {
        return;
    };
    // 0x03043049: clipIntro #1086, clipPodium #1107, clipGroupInGame #1112
    // (6 clips), clipGroupEndRace #1148 (8 clips), clipAmbiance null;
    // 0x03043026 clipGlobal null.
    let roles: Vec<(&str, usize)> = cs.iter().map(|c| (c.role.as_str(), c.node)).collect();
    assert_eq!(
        &roles[..3],
        &[("Intro", 1086), ("Podium", 1107), ("In-game 1", 1113)]
    );
    assert_eq!(cs.len(), 2 + 6 + 8);
    assert_eq!(cs.iter().filter(|c| c.group == Some(1112)).count(), 6);
    assert_eq!(cs.iter().filter(|c| c.group == Some(1148)).count(), 8);
    assert_eq!(
        (cs[1].tracks.len(), cs[1].span()),
        (2, Some((0.0, 20.0))),
        "podium"
    );
    // In-game 5 "CP1+2 Text Restart": triggered below 1 km/h on 3 blocks.
    let t = cs[6].trigger.as_ref().expect("trigger");
    assert_eq!(cs[6].name, "CP1+2 Text Restart");
    assert_eq!(
        (t.condition, t.argument, t.coords.len(), t.describe()),
        (4, 1.0, 3, "SpeedLessThan 1 km/h".to_string())
    );
    // In-game 2 "Cam Stop" has no track at all: listed, without a span.
    assert_eq!(
        (cs[3].name.as_str(), cs[3].tracks.len(), cs[3].span()),
        ("Cam Stop", 0, None)
    );
}
