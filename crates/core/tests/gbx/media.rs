//! MediaTracker facts from ../shared/corpus/gbx: the two corpus clips, maps
//! holding clips through CGameCtnChallenge 0x03043049 (ManiaPlanet/TM2020)
//! and 0x03043021 (TMF), and no corpus file stopping inside a MediaTracker
//! class. Every expected value below was checked against the file bytes
//! (decompressed body offsets in the comments).

use trackbench_core::gbx::{
    Chunk, ChunkStatus, FieldList, FieldRef, Gbx, Node, NodeEnd, Value, class_label,
};
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus, gbx_named};

/// The shared parse of the corpus file `name`; `None` without the corpus.
fn parse(name: &str) -> Option<&'static Gbx> {
    corpus_dir_or_warn("gbx_media")?;
    let file = gbx_named(name).unwrap_or_else(|| panic!("{name}: not in the corpus"));
    Some(file.gbx())
}

fn chunk(node: &Node, id: u32) -> &Chunk {
    node.chunks
        .iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("no chunk {id:#010x} in {}", class_label(node.class_id)))
}

fn field<'a>(fields: FieldList<'a>, name: &str) -> FieldRef<'a> {
    fields
        .find(name)
        .unwrap_or_else(|| panic!("no field {name}"))
}

/// Node position a noderef field points at (`None` for null).
fn node_ref(f: FieldRef<'_>) -> Option<usize> {
    match f.value() {
        Value::NodeRef { node, .. } => node,
        v => panic!("{} is not a noderef: {v:?}", f.name()),
    }
}

fn text(f: FieldRef<'_>) -> String {
    match f.value() {
        Value::Str(s) => s,
        v => panic!("{} is not a string: {v:?}", f.name()),
    }
}

fn float(f: FieldRef<'_>) -> f32 {
    match f.value() {
        Value::F32(v) => v,
        ref v => panic!("{} is not a float: {v:?}", f.name()),
    }
}

fn count(f: FieldRef<'_>) -> u32 {
    match field(f.children(), "count").value() {
        Value::U32(n) => n,
        ref v => panic!("count of {} is {v:?}", f.name()),
    }
}

/// The nodes an array of noderefs (`array`, items named `item`) points at.
fn refs(fields: FieldList<'_>, array: &str, item: &str) -> Vec<usize> {
    let arr = field(fields, array);
    arr.children()
        .iter()
        .filter(|c| c.name() == item)
        .map(|c| node_ref(field(c.children(), item)).expect("non-null noderef"))
        .collect()
}

/// (track name, class ids of its blocks) of every track of clip node `clip`.
fn tracks(g: &Gbx, clip: usize) -> Vec<(String, Vec<u32>)> {
    let node = &g.nodes[clip];
    assert_eq!(node.class_id, 0x0307_9000, "clip node");
    assert!(node.is_complete(), "clip #{clip} ends with 0xFACADE01");
    let tracks_chunk = node
        .chunks
        .iter()
        .find(|c| g.chunk_fields(c).find("tracks").is_some())
        .expect("a chunk with the tracks");
    refs(g.chunk_fields(tracks_chunk), "tracks", "mediaTrack")
        .into_iter()
        .map(|t| {
            let track = &g.nodes[t];
            assert_eq!(track.class_id, 0x0307_8000);
            assert!(track.is_complete());
            let c = chunk(track, 0x0307_8001);
            let name = text(field(g.chunk_fields(c), "name")).to_string();
            let blocks = refs(g.chunk_fields(c), "blocks", "mediaBlock")
                .into_iter()
                .map(|b| {
                    assert!(g.nodes[b].is_complete(), "block #{b} complete");
                    g.nodes[b].class_id
                })
                .collect();
            (name, blocks)
        })
        .collect()
}

fn key_values(keys: FieldRef<'_>, names: &[&str]) -> Vec<Vec<f32>> {
    keys.children()
        .iter()
        .filter(|k| k.name() == "key")
        .map(|k| {
            names
                .iter()
                .map(|n| float(field(k.children(), n)))
                .collect()
        })
        .collect()
}

#[test]
fn tmf_clip_tracks_and_blocks() {
    let Some(g) = parse("GBX-NET 2 CGameCtnMediaClip TMF 001.Clip.Gbx") else {
        return;
    };
    assert!(g.summary().main_node_complete);
    let clip = &g.nodes[0];
    let ids: Vec<u32> = clip.chunks.iter().map(|c| c.id).collect();
    // 0x00: 0x03079004 + noderef -1; 0x08: 0x03079005, list version 10,
    // 14 tracks; the clip ends with 0x03079007.
    assert_eq!(ids, [0x0307_9004, 0x0307_9005, 0x0307_9007]);
    assert_eq!(
        node_ref(field(g.chunk_fields(chunk(clip, 0x0307_9004)), "scene")),
        None
    );
    let c005 = chunk(clip, 0x0307_9005);
    assert_eq!(
        field(g.chunk_fields(c005), "listVersion").value(),
        Value::U32(10)
    );
    assert_eq!(count(field(g.chunk_fields(c005), "tracks")), 14);
    assert_eq!(text(field(g.chunk_fields(c005), "name")), "");
    let tracks = tracks(g, 0);
    let expected: [(&str, u32); 14] = [
        ("Triangles2D", 0x0304_B000),
        ("Camera Effect Shake", 0x030A_4000),
        ("Transition Fade", 0x030A_B000),
        ("Trails", 0x030A_9000),
        ("Camera Custom", 0x030A_2000),
        ("Fx Motion Blur", 0x0308_2000),
        ("Fx Bloom", 0x0308_3000),
        ("Fx Colours", 0x0308_0000),
        ("3dStereo", 0x0302_4000),
        ("Music Volume", 0x030A_6000),
        ("Time", 0x0308_5000),
        ("Text", 0x030A_8000),
        ("Image", 0x030A_5000),
        ("Sound", 0x030A_7000),
    ];
    assert_eq!(tracks.len(), expected.len());
    for ((name, blocks), (want_name, want_class)) in tracks.iter().zip(expected) {
        assert_eq!(name, want_name);
        assert_eq!(blocks, &[want_class], "blocks of track {name}");
    }
    // Transition fade (chunk at 0x12d): keys (0 s, 1.0) and (3 s, 0.0),
    // black, then 1.0.
    let fade = g
        .nodes
        .iter()
        .find(|n| n.class_id == 0x030A_B000)
        .expect("fade block");
    let c = chunk(fade, 0x030A_B000);
    let keys = field(g.chunk_fields(c), "keys");
    assert_eq!(
        key_values(keys, &["timeStamp", "opacity"]),
        [vec![0.0, 1.0], vec![3.0, 0.0]]
    );
    assert_eq!(
        field(g.chunk_fields(c), "color").value(),
        Value::Vec3([0.0; 3])
    );
    assert_eq!(float(field(g.chunk_fields(c), "u01")), 1.0);
    // The text and image blocks each hold a CControlEffectSimi.
    let effects = g.nodes.iter().filter(|n| n.class_id == 0x0701_0000).count();
    assert_eq!(effects, 2);
}

#[test]
fn tm2020_clip_tracks_and_blocks() {
    let Some(g) = parse("GBX-NET 2 CGameCtnMediaClip TM2020 001.Clip.Gbx") else {
        return;
    };
    assert!(g.summary().main_node_complete);
    let clip = &g.nodes[0];
    // 0x00: 0x0307900D, version 1, list version 10, 29 tracks (0x1d).
    let c = chunk(clip, 0x0307_900D);
    assert_eq!(field(g.chunk_fields(c), "version").value(), Value::U32(1));
    assert_eq!(count(field(g.chunk_fields(c), "tracks")), 29);
    assert_eq!(float(field(g.chunk_fields(c), "stereoSepMax")), 0.2);
    assert_eq!(
        field(g.chunk_fields(c), "localPlayerClipEntIndex").value(),
        Value::I32(-1)
    );
    assert_eq!(chunk(clip, 0x0307_900E).status, ChunkStatus::Decoded);
    let tracks = tracks(g, 0);
    assert_eq!(tracks.len(), 29);
    // 0x1c: "\xEF\xBB\xBFČas" (Czech "Time", with a byte-order mark).
    assert_eq!(tracks[0].0, "\u{feff}Čas");
    assert_eq!(tracks[0].1, [0x0308_5000]);
    assert!(
        tracks.iter().all(|(_, b)| b.len() == 1),
        "one block per track"
    );
    let classes: Vec<u32> = tracks.iter().map(|(_, b)| b[0]).collect();
    for class in [
        0x0314_5000, // Shoot
        0x030A_2000, // CameraCustom
        0x030A_0000, // CameraOrbital
        0x030A_1000, // CameraPath
        0x0308_4000, // CameraGame
        0x0312_8000, // BloomHdr
        0x0304_B000, // Triangles2D
        0x0304_C000, // Triangles3D
        0x0318_6000, // ColorGrading
        0x0312_6000, // DOF
        0x0316_5000, // DirtyLens
        0x0319_9000, // Fog
        0x0316_6000, // CameraEffectInertialTracking
        0x0319_5000, // Interface
        0x0312_A000, // Manialink
        0x030E_B000, // Spectators
        0x0312_9000, // TimeSpeed
        0x0312_7000, // ToneMapping
        0x0313_3000, // VehicleLight
    ] {
        assert!(classes.contains(&class), "a {} block", class_label(class));
    }
    assert_eq!(tracks[28].1, [0x0313_3000], "last track: vehicle light");
    // Time block keys (0x3b): (0, 0, 1) and (3, 3, 1).
    let time = &g.nodes[2];
    assert_eq!(time.class_id, 0x0308_5000);
    let keys = field(g.chunk_fields(chunk(time, 0x0308_5000)), "keys");
    assert_eq!(
        key_values(keys, &["timeStamp", "timeValue", "tangent"]),
        [vec![0.0, 0.0, 1.0], vec![3.0, 3.0, 1.0]]
    );
}

#[test]
fn mp_map_0x049_holds_intro_ingame_and_ambiance() {
    let Some(g) = parse("Alive.Map.Gbx") else {
        return;
    };
    assert!(g.summary().main_node_complete);
    // 0x96a2e: 0x03043049, version 2, clipIntro node index 0x9c.
    let c = chunk(&g.nodes[0], 0x0304_3049);
    assert_eq!(c.status, ChunkStatus::Decoded);
    assert!(!c.skippable);
    assert_eq!(field(g.chunk_fields(c), "version").value(), Value::U32(2));
    let intro = node_ref(field(g.chunk_fields(c), "clipIntro")).expect("intro clip");
    assert_eq!(node_ref(field(g.chunk_fields(c), "clipPodium")), None);
    let in_game = node_ref(field(g.chunk_fields(c), "clipGroupInGame")).expect("in-game clips");
    assert_eq!(node_ref(field(g.chunk_fields(c), "clipGroupEndRace")), None);
    let ambiance = node_ref(field(g.chunk_fields(c), "clipAmbiance")).expect("ambiance clip");
    assert!(g.chunk_fields(c).find("clipTriggerSize").is_some());
    assert_eq!(g.nodes[intro].index, Some(0x9c));
    assert_eq!(g.nodes[intro].class_id, 0x0307_9000);
    assert_eq!(g.nodes[in_game].class_id, 0x0307_A000);
    assert_eq!(g.nodes[ambiance].class_id, 0x0307_9000);
    let intro_clip = chunk(&g.nodes[intro], 0x0307_900D);
    assert_eq!(
        field(g.chunk_fields(intro_clip), "version").value(),
        Value::U32(0)
    );
    assert!(!tracks(g, intro).is_empty());
    // Every clip of the in-game group has one trigger.
    let group = g.nodes[in_game]
        .chunks
        .iter()
        .find(|c| c.id == 0x0307_A003)
        .expect("0x0307A003");
    let clips = refs(g.chunk_fields(group), "clips", "clip");
    assert_eq!(
        count(field(g.chunk_fields(group), "triggers")) as usize,
        clips.len()
    );
    for clip in clips {
        tracks(g, clip);
    }
}

#[test]
fn tmf_map_0x021_clip_group() {
    let Some(g) = parse("%Arczi%Descent_into_Madness%08-23_17§06%.Challenge.Gbx") else {
        return;
    };
    assert!(g.summary().main_node_complete);
    // 0x6e3: 0x03043021 holds a null intro, an in-game group, a null end race.
    let c = chunk(&g.nodes[0], 0x0304_3021);
    assert_eq!(node_ref(field(g.chunk_fields(c), "clipIntro")), None);
    let group = node_ref(field(g.chunk_fields(c), "clipGroupInGame")).expect("in-game group");
    assert_eq!(node_ref(field(g.chunk_fields(c), "clipGroupEndRace")), None);
    let gc = chunk(&g.nodes[group], 0x0307_A003);
    // 0x6f3: list version 10, 2 clips; 0x5e55: 2 triggers, no condition,
    // one coordinate each, reference frame NaN.
    let clips = refs(g.chunk_fields(gc), "clips", "clip");
    assert_eq!(clips.len(), 2);
    let triggers = field(g.chunk_fields(gc), "triggers");
    assert_eq!(count(triggers), 2);
    for t in triggers.children().iter().filter(|t| t.name() == "trigger") {
        assert_eq!(
            field(t.children(), "triggerCondition").value(),
            Value::U32(0)
        );
        assert_eq!(count(field(t.children(), "coords")), 1);
        match field(t.children(), "referenceFramePosition").value() {
            Value::Vec3(v) => assert!(v.iter().all(|x| x.is_nan())),
            ref v => panic!("{v:?}"),
        }
    }
    // 0x70f: the first clip, "Klip", has 17 tracks.
    let first = chunk(&g.nodes[clips[0]], 0x0307_9005);
    assert_eq!(count(field(g.chunk_fields(first), "tracks")), 17);
    assert_eq!(text(field(g.chunk_fields(first), "name")), "Klip");
    assert_eq!(tracks(g, clips[0]).len(), 17);
}

fn is_media_class(class_id: u32) -> bool {
    let name = class_label(class_id);
    class_id == 0x0701_0000
        || name.starts_with("CGameCtnMedia")
        || name.starts_with("CCtnMedia")
        || name.starts_with("CGameControlCamera")
}

/// No corpus file stops inside a MediaTracker class or at 0x03043049: the
/// innermost stopped node (the last one read) is never a media class, and
/// every 0x03043049 chunk is decoded.
#[test]
fn no_corpus_file_stops_in_mediatracker() {
    if corpus_dir_or_warn("gbx_media").is_none() {
        return;
    }
    let mut with_049 = 0;
    let mut media_nodes = 0;
    for file in gbx_corpus() {
        let name = file.name.clone();
        let Ok(g) = &file.parse else {
            continue;
        };
        for n in &g.nodes {
            for c in n.chunks.iter().filter(|c| c.id == 0x0304_3049) {
                assert_eq!(c.status, ChunkStatus::Decoded, "{name}: 0x03043049");
                with_049 += 1;
            }
            if is_media_class(n.class_id) {
                media_nodes += 1;
            }
        }
        let innermost = g
            .nodes
            .iter()
            .rev()
            .find(|n| matches!(n.end, NodeEnd::Stopped { .. }));
        if let Some(n) = innermost {
            assert!(
                !is_media_class(n.class_id),
                "{name}: stops in {}: {:?}",
                class_label(n.class_id),
                n.end
            );
        }
    }
    assert!(with_049 >= 30, "{with_049} maps with 0x03043049");
    assert!(media_nodes >= 2_000, "{media_nodes} MediaTracker nodes");
}
