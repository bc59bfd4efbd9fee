//! Unit tests of the connection rule table (checks against restunts' table).

use super::*;

/// A road as restunts lists it: entry point, exit point, entry type, exit
/// type.
type GameRoad = (u8, u8, u8, u8);

/// One road as restunts lists it: entry point, exit point, entry type,
/// exit type (points and types as in the module docs).
fn game(code: u8) -> Vec<GameRoad> {
    let point = |p: Port| match (p.quad, p.side) {
        (NW, N) => 1,
        (NW, S) => 2,
        (NW, E) => 3,
        (NW, W) => 4,
        (NE, N) => 5,
        (SW, W) => 6,
        (SW, E) => 7,
        (NE, E) => 8,
        (SE, E) => 9,
        (NE, S) => 10,
        (SW, S) => 11,
        (SE, S) => 12,
        _ => 0,
    };
    connections(code)
        .iter()
        .map(|r| {
            (
                point(r.a),
                point(r.b),
                r.a_level.game_type(),
                r.b_level.game_type(),
            )
        })
        .map(|(a, b, ta, tb)| {
            if a <= b {
                (a, b, ta, tb)
            } else {
                (b, a, tb, ta)
            }
        })
        .collect()
}

/// Prints the table in the order of the game's, for comparing by hand.
#[test]
#[ignore = "prints the whole table"]
fn print_table() {
    for code in 0..=0xB5u8 {
        let runway: Vec<bool> = connections(code).iter().map(|r| r.runway).collect();
        println!("{code:02X} {:?} {runway:?}", game(code));
    }
}

#[test]
fn every_road_family_in_every_orientation_matches_restunts() {
    // Spot checks of the game's table, one family per line, every column
    // of seed 002 (restunts dseg.asm shapeinfos).
    let cases: &[(u8, &[GameRoad])] = &[
        (0x01, &[(2, 1, 0, 0)]),
        (0xB3, &[(1, 2, 0, 0)]),
        (0xB4, &[(4, 3, 0, 0)]),
        (0xB5, &[(3, 4, 0, 0)]),
        (0x05, &[(3, 4, 0, 0)]),
        (0x4A, &[(1, 2, 0, 0), (3, 4, 0, 0)]),
        (0x09, &[(4, 1, 0, 0)]),
        (0x0B, &[(12, 4, 0, 0)]),
        (0x0C, &[(1, 9, 0, 0)]),
        (0x0D, &[(6, 5, 0, 0)]),
        (0x4C, &[(3, 4, 0, 0), (3, 2, 0, 0)]),
        (0x52, &[(4, 3, 0, 0), (4, 2, 0, 0)]),
        (0x5C, &[(9, 6, 0, 0), (9, 1, 0, 0)]),
        (0x5E, &[(4, 8, 0, 0), (4, 12, 0, 0)]),
        (0x59, &[(1, 11, 0, 0), (1, 9, 0, 0)]),
        (0x66, &[(3, 4, 1, 1), (1, 2, 0, 0)]),
        (0x6C, &[(6, 5, 1, 1)]),
        (0x24, &[(4, 3, 0, 1)]),
        (0x27, &[(1, 2, 0, 1)]),
        (0x76, &[(9, 6, 0, 1)]),
        (0x78, &[(4, 8, 0, 1)]),
        (0x7A, &[(8, 4, 0, 1)]),
        (0x7C, &[(6, 9, 0, 1)]),
        (0x41, &[(4, 8, 0, 0)]),
        (0x56, &[(4, 8, 0, 0)]),
        (0x45, &[(3, 4, 4, 4)]),
        (0x49, &[(4, 3, 0, 4)]),
        (0x72, &[(3, 4, 0, 5)]),
        (0x30, &[(1, 2, 3, 3)]),
        (0x31, &[(2, 1, 2, 2)]),
        (0x33, &[(4, 3, 3, 3)]),
        (0x35, &[(12, 4, 2, 2)]),
        (0x36, &[(1, 9, 3, 3)]),
        (0x37, &[(6, 5, 3, 2)]),
        (0x29, &[(4, 3, 0, 2)]),
        (0x2A, &[(1, 2, 0, 2)]),
        (0x2B, &[(3, 4, 0, 3)]),
        (0x2C, &[(2, 1, 0, 2)]),
        (0x2D, &[(4, 3, 0, 3)]),
        (0x2F, &[(3, 4, 0, 2)]),
        (0x3D, &[(6, 8, 0, 0)]),
        (0x3F, &[(4, 9, 0, 0)]),
    ];
    for (code, want) in cases {
        // Order within a road is the game's listing order; a road is
        // driven both ways, so compare its two ends unordered.
        let want: Vec<_> = want
            .iter()
            .map(|&(a, b, ta, tb)| {
                if a <= b {
                    (a, b, ta, tb)
                } else {
                    (b, a, tb, ta)
                }
            })
            .collect();
        assert_eq!(game(*code), want, "code {code:#04x}");
    }
}

#[test]
fn every_element_with_a_road_has_a_rule_and_nothing_else_does() {
    for e in catalogue() {
        let has = !connections(e.code).is_empty();
        assert_eq!(has, !roadless(e.kind), "{}", e.display_name());
        assert_eq!(rule_for(e.code).is_some(), has);
    }
    assert!(connections(0xB6).is_empty());
    assert_eq!(effective_code(0xB6), 0x04);
    assert_eq!(effective_code(0xFD), 0xFD);
}

#[test]
fn runway_marks_straight_pieces_only() {
    assert!(connections(0x04)[0].runway);
    assert!(connections(0x26)[0].runway);
    assert!(!connections(0x06)[0].runway, "corner");
    assert!(!connections(0x42)[0].runway, "tunnel: si_opp3 = 0xFF");
    assert!(!connections(0x3C)[0].runway, "chicane");
    let split = connections(0x4B);
    assert!(split[0].runway && !split[1].runway);
}

#[test]
fn fillers_lead_to_the_element_or_report_its_inside() {
    let p = |q, s| FillerEntry::Port(port(q, s));
    assert_eq!(filler_entry(SE, N), p(SE, S));
    assert_eq!(filler_entry(SE, W), p(SE, E));
    assert_eq!(filler_entry(SE, E), FillerEntry::Interior);
    assert_eq!(filler_entry(SE, S), FillerEntry::Interior);
    assert_eq!(filler_entry(SW, E), p(SW, W));
    assert_eq!(filler_entry(SW, W), p(SW, E));
    assert_eq!(filler_entry(SW, S), FillerEntry::Interior);
    assert_eq!(filler_entry(NE, S), p(NE, N));
    assert_eq!(filler_entry(NE, E), FillerEntry::Interior);
}

#[test]
fn slopes_keep_roads_along_them_and_ramps_pointing_down() {
    let el = |c| super::super::elements::element(c).unwrap();
    assert!(drives_on_straight_slope(&el(0x04), N));
    assert!(!drives_on_straight_slope(&el(0x05), N));
    assert!(
        drives_on_straight_slope(&el(0x27), N),
        "ramp up towards the south"
    );
    assert!(!drives_on_straight_slope(&el(0x26), N));
    assert!(drives_on_straight_slope(&el(0x5F), W));
    assert!(!drives_on_straight_slope(&el(0x01), N), "s/f line");
}

#[test]
fn slopes_keep_exactly_the_codes_of_restunts_subst_hillroad_track() {
    use super::super::terrain::{TerrainKind, terrain};
    // restunts `subst_hillroad_track` (src/restunts/asm/seg004.asm): per
    // straight slope terrain, the codes that keep their roads (they become
    // 0xB6–0xC5); every other code becomes blank.
    let game: &[(u8, &[u8])] = &[
        (0x07, &[0x04, 0x0E, 0x18, 0x27, 0x3B, 0x62]),
        (0x08, &[0x05, 0x0F, 0x19, 0x24, 0x38, 0x5F]),
        (0x09, &[0x04, 0x0E, 0x18, 0x26, 0x3A, 0x61]),
        (0x0A, &[0x05, 0x0F, 0x19, 0x25, 0x39, 0x60]),
    ];
    for &(code, keeps) in game {
        let Some(TerrainKind::Slope(up)) = terrain(code).map(|t| t.kind) else {
            panic!("terrain {code:#04x} is a straight slope");
        };
        let mut ours: Vec<u8> = catalogue()
            .iter()
            .filter(|e| drives_on_straight_slope(e, up))
            .map(|e| e.code)
            .collect();
        ours.sort_unstable();
        assert_eq!(ours, keeps, "terrain {code:#04x}");
    }
}
