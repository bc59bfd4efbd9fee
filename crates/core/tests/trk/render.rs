//! Rendering: image size, colours where we know what is drawn, and that
//! every code (valid or not) produces primitives without panicking.

use trackbench_core::trk::render::{self, Primitive};
use trackbench_core::trk::{TilePos, Track};
use trackbench_testkit::{corpus_dir_or_warn, corpus_files};

fn at(x: i32, y: i32) -> TilePos {
    TilePos::new(x, y).unwrap()
}

#[test]
fn trk_render_size_and_known_pixels() {
    let mut t = Track::new();
    t.set_terrain_code(at(0, 0), 0x01); // water at the top-left
    t.set_track_code(at(3, 0), 0x04); // N-S paved road
    let img = render::render_track(&t, 10);
    assert_eq!(img.dimensions(), (300, 300));
    let water = img.get_pixel(5, 5).0;
    assert!(
        water[2] > water[1] && water[2] > water[0],
        "water is blue: {water:?}"
    );
    let grass = img.get_pixel(15, 5).0;
    assert!(
        grass[1] > grass[0] && grass[1] > grass[2],
        "grass is green: {grass:?}"
    );
    let road = img.get_pixel(35, 5).0;
    assert!(
        road[0].abs_diff(road[2]) < 20 && road[1] < 150,
        "road is grey: {road:?}"
    );
}

#[test]
fn trk_render_every_code_is_drawable_and_bounded() {
    for code in 0..=255u8 {
        let prims = render::element_primitives(code);
        if code != 0 {
            assert!(!prims.is_empty(), "code {code:#04x} draws nothing");
        }
        for p in prims {
            let pts = match &p {
                Primitive::Polygon { points, .. } | Primitive::Line { points, .. } => {
                    points.clone()
                }
                Primitive::Circle { center, .. } => vec![*center],
            };
            for [x, y] in pts {
                assert!(
                    (-0.01..=2.01).contains(&x) && (-0.01..=2.01).contains(&y),
                    "{code:#04x}: {x},{y}"
                );
            }
        }
    }
    for code in 0..=255u8 {
        assert!(!render::terrain_primitives(code).is_empty());
    }
}

#[test]
fn trk_render_corpus_tracks() {
    let Some(_) = corpus_dir_or_warn("trk_render_corpus_tracks") else {
        return;
    };
    let out = std::env::var_os("TRK_RENDER_OUT");
    for path in corpus_files("trk", ".trk") {
        let t = Track::parse(&std::fs::read(&path).unwrap()).unwrap();
        let img = render::render_track(&t, 8);
        assert_eq!(img.dimensions(), (240, 240));
        if let Some(dir) = &out {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            let big = render::render_track(&t, 24);
            big.save(std::path::Path::new(dir).join(format!("{name}.png")))
                .unwrap();
        }
    }
}
