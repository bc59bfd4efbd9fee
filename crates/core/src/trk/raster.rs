//! A small coverage rasterizer for render primitives (4 samples per pixel,
//! straight-alpha blending), so PNG export needs no GUI.

use super::primitives::{Point, Primitive, Rgba};
use image::RgbaImage;

const SAMPLES: [(f32, f32); 4] = [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)];

/// Draws one primitive, already in pixel units.
pub(super) fn draw(p: &Primitive, img: &mut RgbaImage) {
    match p {
        Primitive::Polygon { points, fill } => {
            fill_shape(img, bounds(points, 0.0), *fill, |q| {
                inside_polygon(points, q)
            });
        }
        Primitive::Line {
            points,
            width,
            color,
        } => {
            let r = width / 2.0;
            let segs: Vec<(Point, Point)> = if points.len() == 1 {
                vec![(points[0], points[0])]
            } else {
                points.windows(2).map(|w| (w[0], w[1])).collect()
            };
            fill_shape(img, bounds(points, r), *color, |q| {
                segs.iter()
                    .any(|&(a, b)| dist2_to_segment(q, a, b) <= r * r)
            });
        }
        Primitive::Circle {
            center,
            radius,
            fill,
        } => {
            let r2 = radius * radius;
            fill_shape(img, bounds(&[*center], *radius), *fill, |q| {
                let (dx, dy) = (q[0] - center[0], q[1] - center[1]);
                dx * dx + dy * dy <= r2
            });
        }
    }
}

/// Pixel bounds `(x0, y0, x1, y1)` (exclusive end) clipped to the image.
fn bounds(points: &[Point], pad: f32) -> (f32, f32, f32, f32) {
    let mut b = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for p in points {
        b = (b.0.min(p[0]), b.1.min(p[1]), b.2.max(p[0]), b.3.max(p[1]));
    }
    (b.0 - pad, b.1 - pad, b.2 + pad, b.3 + pad)
}

fn fill_shape(
    img: &mut RgbaImage,
    b: (f32, f32, f32, f32),
    color: Rgba,
    covers: impl Fn(Point) -> bool,
) {
    let (w, h) = (img.width() as f32, img.height() as f32);
    if !(b.0 < w && b.1 < h && b.2 >= 0.0 && b.3 >= 0.0) {
        return;
    }
    let (x0, y0) = (b.0.max(0.0).floor() as u32, b.1.max(0.0).floor() as u32);
    let (x1, y1) = (
        b.2.min(w - 1.0).ceil() as u32,
        b.3.min(h - 1.0).ceil() as u32,
    );
    for y in y0..=y1.min(img.height() - 1) {
        for x in x0..=x1.min(img.width() - 1) {
            let hits = SAMPLES
                .iter()
                .filter(|(sx, sy)| covers([x as f32 + sx, y as f32 + sy]))
                .count();
            if hits > 0 {
                blend(
                    img.get_pixel_mut(x, y),
                    color,
                    hits as f32 / SAMPLES.len() as f32,
                );
            }
        }
    }
}

fn blend(px: &mut image::Rgba<u8>, c: Rgba, coverage: f32) {
    let a = f32::from(c[3]) / 255.0 * coverage;
    for (dst, &src) in px.0.iter_mut().zip(&c).take(3) {
        let v = f32::from(*dst) * (1.0 - a) + f32::from(src) * a;
        *dst = v.round().clamp(0.0, 255.0) as u8;
    }
    px.0[3] = 255;
}

/// Even-odd rule, so any simple polygon works.
fn inside_polygon(points: &[Point], q: Point) -> bool {
    let mut inside = false;
    let n = points.len();
    for i in 0..n {
        let (a, b) = (points[i], points[(i + n - 1) % n]);
        if (a[1] > q[1]) != (b[1] > q[1]) {
            let x = a[0] + (q[1] - a[1]) / (b[1] - a[1]) * (b[0] - a[0]);
            if q[0] < x {
                inside = !inside;
            }
        }
    }
    inside
}

fn dist2_to_segment(q: Point, a: Point, b: Point) -> f32 {
    let (abx, aby) = (b[0] - a[0], b[1] - a[1]);
    let len2 = abx * abx + aby * aby;
    let t = if len2 == 0.0 {
        0.0
    } else {
        (((q[0] - a[0]) * abx + (q[1] - a[1]) * aby) / len2).clamp(0.0, 1.0)
    };
    let (dx, dy) = (a[0] + t * abx - q[0], a[1] + t * aby - q[1]);
    dx * dx + dy * dy
}
