//! Grid view layout math: clicking a validation issue pans the grid so the
//! tile (with one tile around it) is on screen.

use trackbench::trk::grid_view::{GridView, LABEL_MARGIN};
use trackbench_core::trk::TilePos;

const O: [f32; 2] = [0.0, 0.0];

fn on_screen(v: &GridView, size: [f32; 2], pos: TilePos) -> bool {
    let c = v.tile_center(O, pos);
    let half = v.tile_px * 1.5;
    c[0] - half >= LABEL_MARGIN - 1e-3
        && c[1] - half >= LABEL_MARGIN - 1e-3
        && c[0] + half <= size[0] + 1e-3
        && c[1] + half <= size[1] + 1e-3
}

#[test]
fn a_tile_already_visible_does_not_move_the_view() {
    let size = [800.0, 600.0];
    let mut v = GridView::fit(size);
    let before = v;
    assert!(!v.ensure_visible(size, TilePos { x: 15, y: 15 }));
    assert_eq!(v, before);
}

#[test]
fn zoomed_in_the_view_pans_the_least_to_show_each_corner() {
    let size = [800.0, 600.0];
    for pos in [
        TilePos { x: 0, y: 0 },
        TilePos { x: 29, y: 29 },
        TilePos { x: 29, y: 0 },
        TilePos { x: 3, y: 27 },
    ] {
        let mut v = GridView {
            tile_px: 80.0,
            pan: [LABEL_MARGIN - 80.0 * 12.0, LABEL_MARGIN - 80.0 * 12.0],
        };
        assert!(!on_screen(&v, size, pos), "{pos} starts off screen");
        assert!(v.ensure_visible(size, pos));
        assert!(on_screen(&v, size, pos), "{pos} on screen after");
        assert_eq!(v.tile_px, 80.0, "zoom kept");
        // Minimal: the tile's margin touches the canvas edge it came from.
        let c = v.tile_center(O, pos);
        let near_edge = [
            (c[0] - 120.0 - LABEL_MARGIN).abs(),
            (c[0] + 120.0 - size[0]).abs(),
        ];
        assert!(near_edge.iter().any(|d| *d < 1e-3), "{pos}: {c:?}");
        assert!(!v.ensure_visible(size, pos), "second call is a no-op");
    }
}

#[test]
fn a_canvas_smaller_than_three_tiles_centres_the_tile() {
    let size = [200.0, 200.0];
    let mut v = GridView {
        tile_px: 100.0,
        pan: [0.0, 0.0],
    };
    let pos = TilePos { x: 20, y: 5 };
    v.ensure_visible(size, pos);
    let c = v.tile_center(O, pos);
    let mid = f32::midpoint(LABEL_MARGIN, 200.0);
    assert!(
        (c[0] - mid).abs() < 1e-3 && (c[1] - mid).abs() < 1e-3,
        "{c:?}"
    );
}
