//! The one list of corpus .Gbx files that do not yet read to their end
//! marker, with the chunk they stop at and why. Every other corpus file must
//! complete its main node with no unknown chunk; every listed file must
//! still stop where listed (so the list stays true as coverage grows).

use trackbench_core::gbx::Gbx;
use trackbench_testkit::{corpus_dir_or_warn, corpus_files};

/// Why files stop, by the chunk id where reading stops.
const REASONS: &[(&str, &str)] = &[
    (
        "0x09003003",
        "CPlugCrystal mesh inside the item's entity model: no complete public layout (GBX.NET's reader is incomplete)",
    ),
    (
        "0x09051000",
        "plug model node of the item (engine 09): class outside the seeds, no public layout",
    ),
    (
        "0x0a005001",
        "scene/control class (CSceneMobil / CControlList, engine 0A): outside the seeds",
    ),
    (
        "0x0000000b",
        "CPlugPrefab body does not start with a chunk id: a different body form, not understood yet",
    ),
    ("0x09005000", "CPlugSolid: class outside the seeds"),
    ("0x090bb000", "CPlugSolid2Model: class outside the seeds"),
    (
        "0x0911c000",
        "CPlugTrainWagonModel: class outside the seeds",
    ),
    ("0x0917a000", "CPlugSpawnModel: class outside the seeds"),
];

/// Files that stop, with the chunk id they stop at.
const KNOWN_STOPS: &[(&str, &str)] = &[
    ("Air_0_0.Item.Gbx", "0x09003003"),
    ("Base.Item.Gbx", "0x09003003"),
    ("BayBridgeSusp.TMEDClassic.Gbx", "0x0a005001"),
    ("Bench.Replay.Gbx", "0x0a005001"),
    ("DesertHiddenGate.Block.Gbx", "0x09003003"),
    (
        "GBX-NET 2 CGameCtnBlockInfo TMF 001.TMEDClassic.Gbx",
        "0x0a005001",
    ),
    ("GBX-NET 2 CGameItemModel MP4 001.Item.Gbx", "0x09051000"),
    ("GBX-NET 2 CGameItemModel MP4 002.Item.Gbx", "0x09051000"),
    ("GBX-NET 2 CGameItemModel TM2020 001.Item.Gbx", "0x09051000"),
    ("GBX-NET 2 CGameItemModel TM2020 002.Item.Gbx", "0x09003003"),
    ("GBX-NET 2 CGameItemModel TM2020 005.Item.Gbx", "0x09003003"),
    ("GBX-NET 2 CGameSpawnModel TMT 001.Spawn.Gbx", "0x0917a000"),
    ("GBX-NET 2 CPlugPrefab TM2020 001.Prefab.Gbx", "0x0000000b"),
    ("GBX-NET 2 CPlugSolid MP4 001.Solid.Gbx", "0x09005000"),
    ("GBX-NET 2 CPlugSolid TM10 001.Solid.Gbx", "0x09005000"),
    ("GBX-NET 2 CPlugSolid TMSX 001.Solid.Gbx", "0x09005000"),
    ("GBX-NET 2 CPlugSolid TMT 001.Solid.Gbx", "0x09005000"),
    ("GBX-NET 2 CPlugSolid2Model MP4 001.Mesh.Gbx", "0x090bb000"),
    (
        "GBX-NET 2 CPlugTrainWagonModel MP4 001.Wagon.Gbx",
        "0x0911c000",
    ),
    ("Ground.Solid.Gbx", "0x09005000"),
    ("Ground_0_0.Item.Gbx", "0x09003003"),
    (
        "IDX_StadiumFabricPillarAirScreen_noSign.Item.Gbx",
        "0x09051000",
    ),
    (
        "IDX_StadiumFabricPillarScreenSmall_Ground_Up.Item.Gbx",
        "0x09051000",
    ),
    ("IslandSeaWaySupport.TMEDRoad.Gbx", "0x0a005001"),
    ("MainRotor.Item.Gbx", "0x0000000b"),
    ("RallyHiddenGate.Block.Gbx", "0x09003003"),
    ("SnowHiddenGate.Block.Gbx", "0x09003003"),
    (
        "TM2_iNDEX_StadiumFabricCornerIn_Ground.Item.Gbx",
        "0x09051000",
    ),
    ("Void.Block.Gbx", "0x09003003"),
    ("WallRideCurve4.Item.Gbx", "0x09051000"),
    ("nc-1c85b5f-Air_0_0.Item.Gbx", "0x09003003"),
    ("nc-29236ea-Ground_0_0.Item.Gbx", "0x09003003"),
    ("nc-4a8bd0f-Air_0_0.Item.Gbx", "0x09003003"),
    ("nc-945d3c2-Air_0_0.Item.Gbx", "0x09003003"),
    ("nc-9ef483e-Air_0_0.Item.Gbx", "0x09003003"),
    ("nc-Air_0_0.Item.Gbx", "0x09003003"),
    ("nc-Ground_0_0.Item.Gbx", "0x09003003"),
    ("nc-RallyHiddenGate.Block.Gbx", "0x09003003"),
];

#[test]
fn every_reason_is_given_once() {
    for (_, id) in KNOWN_STOPS {
        assert!(REASONS.iter().any(|(r, _)| r == id), "no reason for {id}");
    }
}

#[test]
fn every_other_corpus_file_completes_and_listed_ones_stop_where_listed() {
    if corpus_dir_or_warn("gbx_known_stops").is_none() {
        return;
    }
    let mut wrong = Vec::new();
    for path in corpus_files("gbx", ".gbx") {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let gbx = Gbx::parse(std::fs::read(&path).unwrap()).unwrap();
        let s = gbx.summary();
        match KNOWN_STOPS.iter().find(|(n, _)| *n == name) {
            None if !(s.main_node_complete && s.unknown == 0) => {
                wrong.push(format!(
                    "{name}: stops ({:?}) but is not listed",
                    gbx.problems.first()
                ));
            }
            Some((_, id)) => {
                let reason = gbx
                    .tail
                    .as_ref()
                    .map(|t| t.reason.clone())
                    .unwrap_or_default();
                if s.main_node_complete || !reason.contains(&format!("unknown chunk {id}")) {
                    wrong.push(format!("{name}: listed at {id}, now: {reason:?}"));
                }
            }
            None => {}
        }
    }
    assert!(
        wrong.is_empty(),
        "update KNOWN_STOPS:\n{}",
        wrong.join("\n")
    );
}
