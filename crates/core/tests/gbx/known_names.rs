//! The car and decoration names the game knows (issue 44), collected from
//! the corpus's maps: `data/known_names.tsv` must be exactly what the
//! corpus gives today. `UPDATE_EXPECT=1 cargo test -p trackbench-core
//! --test gbx known_names` writes it again.

use std::collections::BTreeMap;
use trackbench_core::gbx::access::known_names::{
    BLOCK_KEY, KNOWN_NAMES_TSV, MapIdents, NameKind, is_known, is_known_block, known, known_blocks,
    offered, seen_block_names, seen_names,
};
use trackbench_testkit::parsed::gbx_corpus;

/// (kind, environment, name) → the corpus files it was seen in.
type Seen = BTreeMap<(NameKind, String, String), Vec<String>>;

fn collect() -> Seen {
    let mut seen = Seen::new();
    for f in gbx_corpus() {
        let Ok(gbx) = &f.parse else { continue };
        for key in seen_names(gbx) {
            seen.entry(key).or_default().push(f.name.clone());
        }
    }
    seen
}

fn render(seen: &Seen) -> String {
    let mut out = String::from(
        "# The car, decoration (mood) and block names seen in the corpus, by the environment of\n\
         # the map (issue 44). Source: the files of ../shared/corpus/gbx (its SOURCES.md says\n\
         # where each comes from), named per row in the last column; car: a map's body chunk\n\
         # 0x0304300D or a ghost's player model (a map's validation ghost, a replay's runs\n\
         # under its embedded map), decoration: header chunk 0x03043003, block: the block\n\
         # records of a map (0x013/0x01F/0x048; the first file and how many more). Written by\n\
         # UPDATE_EXPECT=1 cargo test -p trackbench-core --test gbx known_names\n\
         kind\tenvironment\tname\tfiles\n",
    );
    for ((kind, env, name), files) in seen {
        out.push_str(&format!(
            "{}\t{env}\t{name}\t{}\n",
            kind.key(),
            files.join("; ")
        ));
    }
    // Block rows (issue 45): the first file and how many more hold it.
    let mut blocks: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
    for f in gbx_corpus() {
        let Ok(gbx) = &f.parse else { continue };
        for key in seen_block_names(gbx) {
            blocks.entry(key).or_default().push(f.name.clone());
        }
    }
    for ((env, name), mut files) in blocks {
        files.sort();
        let more = match files.len() - 1 {
            0 => String::new(),
            n => format!(" (+{n} more)"),
        };
        out.push_str(&format!("{BLOCK_KEY}\t{env}\t{name}\t{}{more}\n", files[0]));
    }
    out
}

#[test]
fn known_names_are_what_the_corpus_holds() {
    if gbx_corpus().is_empty() {
        return;
    }
    let expected = render(&collect());
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/known_names.tsv");
        std::fs::write(path, &expected).unwrap();
        return;
    }
    assert_eq!(KNOWN_NAMES_TSV, expected, "run again with UPDATE_EXPECT=1");
}

/// The facts the forms rely on: TM2020 Stadium offers the car its ghosts
/// drove and the moods its maps use; a TMF map offers its own decoration.
#[test]
fn a_tm2020_map_is_offered_its_environments_names() {
    let Some(f) = trackbench_testkit::parsed::gbx_named("Fall 2021 - 16.Map.Gbx") else {
        return;
    };
    let gbx = f.gbx();
    let ids = MapIdents::read(gbx).unwrap();
    assert_eq!(ids.environment.as_deref(), Some("Stadium (id 26)"));
    assert_eq!(
        ids.car, None,
        "TM2020 maps store the default car as an empty id"
    );
    assert_eq!(ids.decoration.as_deref(), Some("48x48Sunset"));
    assert_eq!(known(NameKind::Car, Some("Stadium (id 26)")), ["CarSport"]);
    assert_eq!(
        offered(gbx, NameKind::Decoration),
        ["48x48Day", "48x48Sunrise", "48x48Sunset"]
    );
    assert!(is_known(gbx, NameKind::Car, "CarSport"));
    assert!(!is_known(gbx, NameKind::Car, "CarSn"));
    assert!(!is_known(gbx, NameKind::Decoration, "Day"), "a TMF mood");
}

/// Issue 45: a TMF Stadium map knows the Stadium blocks of other corpus
/// maps, not a TM2020 name nor a made-up one.
#[test]
fn block_names_are_known_by_environment() {
    let Some(f) = trackbench_testkit::parsed::gbx_named("StarStadiumE.Challenge.Gbx") else {
        return;
    };
    let gbx = f.gbx();
    let stadium = known_blocks(Some("Stadium"));
    assert!(
        stadium.iter().any(|n| n == "StadiumRoadMain"),
        "{}",
        stadium.len()
    );
    assert!(is_known_block(gbx, "StadiumRoadMain"));
    assert!(!is_known_block(gbx, "RoadTechStraight"), "a TM2020 block");
    assert!(!is_known_block(gbx, "StadiumRoadMainX"));
}
