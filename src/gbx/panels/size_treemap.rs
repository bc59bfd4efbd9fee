//! Pure layout of the Size view's treemap: squarified rectangles
//! (Bruls, Huizing, van Wijk, "Squarified Treemaps", 2000), tested without
//! egui.

/// A rectangle in points: left, top, width, height.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Tile {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

/// The worst aspect ratio of a row of `areas` laid along a side of `side`.
fn worst(areas: &[f64], side: f64) -> f64 {
    let s: f64 = areas.iter().sum();
    if s <= 0.0 || side <= 0.0 {
        return f64::INFINITY;
    }
    areas
        .iter()
        .map(|&a| {
            let r = side * side * a / (s * s);
            r.max(1.0 / r)
        })
        .fold(0.0, f64::max)
}

/// Places one row (or column) of `items` (index, area) along the shorter
/// side of `r`; returns what is left of `r`. A tall rectangle is laid out
/// as its transpose (x and y, w and h swapped), then swapped back.
fn place(items: &[(usize, f64)], r: Tile, out: &mut [Tile]) -> Tile {
    if r.w < r.h {
        let rest = place_column(items, r.transposed(), out);
        for &(i, _) in items {
            out[i] = out[i].transposed();
        }
        return rest.transposed();
    }
    place_column(items, r, out)
}

/// One column of `items` at the left of `r` (as wide as their total area
/// needs at `r`'s height), stacked top to bottom; returns the rest of `r`.
fn place_column(items: &[(usize, f64)], r: Tile, out: &mut [Tile]) -> Tile {
    let s: f64 = items.iter().map(|(_, a)| a).sum();
    let width = if r.h > 0.0 {
        (s / f64::from(r.h)) as f32
    } else {
        0.0
    };
    let mut y = r.y;
    for &(i, a) in items {
        let h = if width > 0.0 {
            (a / f64::from(width)) as f32
        } else {
            0.0
        };
        out[i] = Tile {
            x: r.x,
            y,
            w: width,
            h,
        };
        y += h;
    }
    Tile {
        x: r.x + width,
        w: (r.w - width).max(0.0),
        ..r
    }
}

impl Tile {
    /// The same rectangle with x and y, width and height swapped.
    fn transposed(self) -> Self {
        Self {
            x: self.y,
            y: self.x,
            w: self.h,
            h: self.w,
        }
    }
}

/// One tile per weight, in the same order, filling `rect` with areas
/// proportional to the weights (zero and negative weights get an empty
/// tile).
#[must_use]
pub fn squarify(weights: &[f64], rect: Tile) -> Vec<Tile> {
    let mut out = vec![
        Tile {
            w: 0.0,
            h: 0.0,
            ..rect
        };
        weights.len()
    ];
    let total: f64 = weights.iter().filter(|w| **w > 0.0).sum();
    if total <= 0.0 {
        return out;
    }
    let scale = f64::from(rect.w) * f64::from(rect.h) / total;
    let mut order: Vec<(usize, f64)> = weights
        .iter()
        .enumerate()
        .filter(|(_, w)| **w > 0.0)
        .map(|(i, w)| (i, w * scale))
        .collect();
    order.sort_by(|a, b| b.1.total_cmp(&a.1));
    let mut r = rect;
    let mut row: Vec<(usize, f64)> = Vec::new();
    let mut k = 0;
    while k < order.len() {
        let side = f64::from(r.w.min(r.h));
        let areas: Vec<f64> = row.iter().map(|x| x.1).collect();
        let mut with = areas.clone();
        with.push(order[k].1);
        if row.is_empty() || worst(&with, side) <= worst(&areas, side) {
            row.push(order[k]);
            k += 1;
        } else {
            r = place(&row, r, &mut out);
            row.clear();
        }
    }
    if !row.is_empty() {
        place(&row, r, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_fill_the_rectangle_in_proportion() {
        let rect = Tile {
            x: 10.0,
            y: 20.0,
            w: 600.0,
            h: 400.0,
        };
        let weights = [6.0, 6.0, 4.0, 3.0, 2.0, 2.0, 1.0, 0.0];
        let tiles = squarify(&weights, rect);
        let total: f64 = weights.iter().sum();
        for (t, w) in tiles.iter().zip(weights) {
            let want = 240_000.0 * w / total;
            assert!((f64::from(t.w * t.h) - want).abs() < 1.0, "{t:?} {want}");
            assert!(t.x >= 10.0 - 0.01 && t.y >= 20.0 - 0.01);
            assert!(t.x + t.w <= 610.01 && t.y + t.h <= 420.01, "{t:?}");
        }
        assert_eq!(tiles[7].w * tiles[7].h, 0.0);
    }

    #[test]
    fn no_weight_gives_empty_tiles() {
        let t = squarify(
            &[0.0, 0.0],
            Tile {
                x: 0.0,
                y: 0.0,
                w: 10.0,
                h: 10.0,
            },
        );
        assert!(t.iter().all(|t| t.w == 0.0));
    }

    #[test]
    fn a_tall_rectangle_gets_rows_that_neither_overlap_nor_leave_it() {
        let rect = Tile {
            x: 5.0,
            y: 0.0,
            w: 200.0,
            h: 700.0,
        };
        let weights = [5.0, 4.0, 3.0, 2.0, 1.0];
        let tiles = squarify(&weights, rect);
        let total: f64 = weights.iter().sum();
        for (i, (t, w)) in tiles.iter().zip(weights).enumerate() {
            let want = 140_000.0 * w / total;
            assert!((f64::from(t.w * t.h) - want).abs() < 1.0, "{t:?} {want}");
            assert!(
                t.x >= 4.99 && t.x + t.w <= 205.01 && t.y + t.h <= 700.01,
                "{t:?}"
            );
            for u in &tiles[i + 1..] {
                let apart = t.x + t.w <= u.x + 0.01
                    || u.x + u.w <= t.x + 0.01
                    || t.y + t.h <= u.y + 0.01
                    || u.y + u.h <= t.y + 0.01;
                assert!(apart, "{t:?} overlaps {u:?}");
            }
        }
        // The first (largest) tile spans the width: a row along the short side.
        assert!((tiles[0].w - 200.0).abs() < 0.01, "{:?}", tiles[0]);
    }
}
