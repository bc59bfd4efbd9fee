use super::*;
use crate::toolbox::runs_inputs::InputLanes;

fn run(source: &str, uid: &str, cps: &[u32], speed: f32) -> Run {
    // A straight path at `speed` m/s, sampled every 100 ms to the finish.
    let end = *cps.last().unwrap();
    let samples = (0..=end / 100)
        .map(|k| {
            let t = i64::from(k * 100);
            let d = speed * t as f32 / 1000.0;
            RunSample {
                time_ms: t,
                position: [d, 0.0, 0.0],
                speed: Some(speed),
                distance_m: d,
            }
        })
        .collect();
    Run {
        source: source.into(),
        player: source.into(),
        time_ms: Some(end),
        checkpoints_ms: cps.to_vec(),
        respawns: Some(0),
        inputs: Vec::new(),
        lanes: InputLanes::default(),
        game_version: None,
        car: None,
        map_uid: Some(uid.into()),
        samples,
        partial: None,
    }
}

#[test]
fn splits_deltas_and_best_sectors() {
    let runs = [
        run("a", "U", &[1000, 2500, 4000], 10.0),
        run("b", "U", &[900, 2600, 3900], 10.0),
        run("c", "V", &[1100, 2400, 4100], 10.0),
    ];
    let c = compare(&runs, None);
    assert_eq!(c.reference, 1, "fastest");
    assert_eq!(
        c.checkpoint_deltas_ms[0],
        [Some(100), Some(-100), Some(100)]
    );
    // Sectors: a 1000/1500/1500, b 900/1700/1300, c 1100/1300/1700; c is
    // of another map, so its 1300 is no best sector of map U.
    assert_eq!(c.best_sector, [Some(1), Some(0), Some(1)]);
    assert_eq!(c.map_uid.as_deref(), Some("U"));
    assert_eq!(c.warnings, ["c: driven on map V, not U: not compared"]);
    assert!(c.checkpoint_deltas_ms[2].is_empty(), "no delta across maps");
    let chosen = compare(&runs, Some(0));
    assert_eq!(
        chosen.checkpoint_deltas_ms[1],
        [Some(-100), Some(100), Some(-100)]
    );
}

#[test]
fn delta_and_position_along_the_path() {
    let fast = run("fast", "U", &[1000], 20.0);
    let slow = run("slow", "U", &[2000], 10.0);
    // At 10 m the slow run is at 1000 ms, the fast one at 500 ms.
    let d = delta_along_distance(&slow, &fast, 5.0);
    assert_eq!(d[2], [10.0, 500.0]);
    assert_eq!(slow.time_at_distance(15.0), Some(1500.0));
    assert_eq!(fast.position_at(250.0), Some([5.0, 0.0, 0.0]));
    assert_eq!(fast.position_at(1e9), Some([20.0, 0.0, 0.0]));
    assert_eq!(
        speed_along_distance(&fast)[1],
        [2.0, f64::from(20.0f32 * 3.6)]
    );
}

#[test]
fn two_maps_are_two_groups_compared_apart() {
    let runs = [
        run("v1", "V", &[1000, 2000], 10.0),
        run("u1", "U", &[1200, 2500], 10.0),
        run("u2", "U", &[1100, 2600], 10.0),
        run("v2", "V", &[900, 2100], 10.0),
        run("u3", "U", &[1300, 2400], 10.0),
    ];
    let c = compare(&runs, None);
    let uids: Vec<_> = c.groups.iter().map(|g| g.map_uid.as_deref()).collect();
    assert_eq!(uids, [Some("U"), Some("V")], "the larger group first");
    assert_eq!(c.groups[0].runs, [1, 2, 4]);
    assert_eq!(c.groups[1].runs, [0, 3]);
    assert_eq!(c.reference, 4, "u3 (2400 ms) is the fastest of map U");
    // Sectors of U: u1 1200/1300, u2 1100/1500, u3 1300/1100; v2's 900 is
    // faster but of map V.
    assert_eq!(c.best_sector, [Some(2), Some(4)]);
    assert_eq!(c.checkpoint_deltas_ms[1], [Some(-100), Some(100)]);
    assert!(c.checkpoint_deltas_ms[0].is_empty());
    assert!(c.checkpoint_deltas_ms[3].is_empty());
    assert!(c.is_compared(2) && !c.is_compared(3));
    let apart: Vec<usize> = c.apart().into_iter().map(|(i, _)| i).collect();
    assert_eq!(apart, [0, 3]);
    assert_eq!(c.warnings.len(), 2);

    // Choosing v1 as the reference compares map V instead.
    let v = compare(&runs, Some(0));
    assert_eq!(v.map_uid.as_deref(), Some("V"));
    assert_eq!(v.reference, 0);
    assert_eq!(v.checkpoint_deltas_ms[3], [Some(-100), Some(100)]);
    assert_eq!(v.best_sector, [Some(3), Some(0)]);
    assert!(v.checkpoint_deltas_ms[1].is_empty());
}
