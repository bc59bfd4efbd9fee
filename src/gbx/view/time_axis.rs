//! Time axis of the MediaTracker timeline (the view's zoom and pan):
//! seconds ↔ pixels, zoom at a point, pan, fit. Pure code, tested without
//! egui; the ruler's ticks are `gbx::panels::time_ruler`.

/// Zoom limits in pixels per second (a minute-long clip on a laptop screen
/// up to single frames at 60 fps).
pub const MIN_PX_PER_S: f64 = 0.05;
/// See [`MIN_PX_PER_S`].
pub const MAX_PX_PER_S: f64 = 50_000.0;

/// Maps seconds to screen x: `x = left + (t - origin) * px_per_s`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimeAxis {
    /// Time (s) at the left edge of the track area.
    pub origin_s: f64,
    /// Zoom: pixels per second.
    pub px_per_s: f64,
}

impl Default for TimeAxis {
    fn default() -> Self {
        Self {
            origin_s: 0.0,
            px_per_s: 100.0,
        }
    }
}

impl TimeAxis {
    /// Screen x of time `t`, relative to the area's left edge `left`.
    #[must_use]
    pub fn x(&self, left: f32, t: f64) -> f32 {
        left + ((t - self.origin_s) * self.px_per_s) as f32
    }

    /// Time at screen x.
    #[must_use]
    pub fn t(&self, left: f32, x: f32) -> f64 {
        self.origin_s + f64::from(x - left) / self.px_per_s
    }

    /// Multiplies the zoom by `factor` keeping the time under `x` in place;
    /// the zoom stays within [`MIN_PX_PER_S`]..[`MAX_PX_PER_S`].
    pub fn zoom_at(&mut self, left: f32, x: f32, factor: f64) {
        let under = self.t(left, x);
        self.px_per_s = (self.px_per_s * factor).clamp(MIN_PX_PER_S, MAX_PX_PER_S);
        self.origin_s = under - f64::from(x - left) / self.px_per_s;
    }

    /// Moves the view by `dx` pixels (positive drags content right, so
    /// earlier times come into view).
    pub fn pan_px(&mut self, dx: f32) {
        self.origin_s -= f64::from(dx) / self.px_per_s;
    }

    /// A view showing `start..end` across `width` pixels with `margin`
    /// pixels free on both sides; empty spans show one second.
    #[must_use]
    pub fn fit(start: f64, end: f64, width: f32, margin: f32) -> Self {
        let len = if end > start { end - start } else { 1.0 };
        let usable = f64::from((width - 2.0 * margin).max(10.0));
        let px_per_s = (usable / len).clamp(MIN_PX_PER_S, MAX_PX_PER_S);
        Self {
            origin_s: start - f64::from(margin) / px_per_s,
            px_per_s,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_pixel_round_trip() {
        let a = TimeAxis {
            origin_s: 2.0,
            px_per_s: 50.0,
        };
        assert_eq!(a.x(100.0, 2.0), 100.0);
        assert_eq!(a.x(100.0, 4.0), 200.0);
        assert!((a.t(100.0, 200.0) - 4.0).abs() < 1e-9);
        assert!((a.t(100.0, a.x(100.0, 7.25)) - 7.25).abs() < 1e-6);
    }

    #[test]
    fn zoom_at_cursor_keeps_the_time_under_it() {
        let mut a = TimeAxis {
            origin_s: 1.0,
            px_per_s: 80.0,
        };
        let before = a.t(10.0, 250.0);
        a.zoom_at(10.0, 250.0, 1.7);
        assert!((a.t(10.0, 250.0) - before).abs() < 1e-9);
        assert!((a.px_per_s - 136.0).abs() < 1e-9);
        a.zoom_at(10.0, 250.0, 1e-9);
        assert_eq!(a.px_per_s, MIN_PX_PER_S);
        assert!((a.t(10.0, 250.0) - before).abs() < 1e-6);
    }

    #[test]
    fn pan_and_fit() {
        let mut a = TimeAxis {
            origin_s: 0.0,
            px_per_s: 100.0,
        };
        a.pan_px(50.0);
        assert!((a.origin_s + 0.5).abs() < 1e-9);
        let f = TimeAxis::fit(2.0, 12.0, 1020.0, 10.0);
        assert!((f.px_per_s - 100.0).abs() < 1e-9);
        assert!((f.x(0.0, 2.0) - 10.0).abs() < 1e-4);
        assert!((f.x(0.0, 12.0) - 1010.0).abs() < 1e-3);
        let empty = TimeAxis::fit(3.0, 3.0, 120.0, 10.0);
        assert!((empty.px_per_s - 100.0).abs() < 1e-9);
    }
}
