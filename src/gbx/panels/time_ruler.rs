//! The ruler of the MediaTracker timeline: tick steps, ticks over the view
//! of a [`TimeAxis`] and their labels. Pure code, tested without egui.

use crate::gbx::view::time_axis::TimeAxis;

/// Fewest pixels between two labelled ticks.
pub const MIN_LABEL_PX: f64 = 70.0;

/// Seconds between labelled ticks: the smallest of 1, 2, 5 × 10ⁿ (and 10,
/// 15, 30 s, 1, 2, 5, 10, 15, 30 min… above 5 s) that leaves at least
/// `min_px` pixels between ticks.
#[must_use]
pub fn tick_step(px_per_s: f64, min_px: f64) -> f64 {
    let min_s = min_px / px_per_s;
    if min_s > 5.0 {
        const NICE: [f64; 11] = [
            10.0, 15.0, 30.0, 60.0, 120.0, 300.0, 600.0, 900.0, 1800.0, 3600.0, 7200.0,
        ];
        if let Some(s) = NICE.iter().find(|&&s| s >= min_s) {
            return *s;
        }
        return (min_s / 3600.0).ceil() * 3600.0;
    }
    let mut p = 10f64.powf(min_s.log10().floor());
    loop {
        for m in [1.0, 2.0, 5.0] {
            if m * p >= min_s * (1.0 - 1e-9) {
                return m * p;
            }
        }
        p *= 10.0;
    }
}

/// Minor ticks per labelled step.
#[must_use]
pub fn minor_divisions(step: f64) -> u32 {
    if step > 5.0 {
        // 10 s → 2 s, 15 s → 5 s, 30 s → 10 s, 1 min → 15 s, 2 min → 30 s…
        let table: [(f64, u32); 11] = [
            (10.0, 5),
            (15.0, 3),
            (30.0, 3),
            (60.0, 4),
            (120.0, 4),
            (300.0, 5),
            (600.0, 5),
            (900.0, 3),
            (1800.0, 3),
            (3600.0, 4),
            (7200.0, 4),
        ];
        return table
            .iter()
            .find(|(s, _)| (s - step).abs() < 1e-9)
            .map_or(4, |(_, d)| *d);
    }
    let lead = step / 10f64.powf(step.log10().floor());
    if (lead - 2.0).abs() < 1e-6 { 4 } else { 5 }
}

/// A ruler tick.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tick {
    /// Time, seconds.
    pub t: f64,
    /// Screen x.
    pub x: f32,
    /// Labelled tick (minor ticks are unlabelled).
    pub major: bool,
}

/// Ticks over `left..left + width`, labelled every [`tick_step`].
#[must_use]
pub fn ticks(axis: &TimeAxis, left: f32, width: f32) -> Vec<Tick> {
    let step = tick_step(axis.px_per_s, MIN_LABEL_PX);
    let div = minor_divisions(step);
    let minor = step / f64::from(div);
    let t0 = axis.t(left, left);
    let t1 = axis.t(left, left + width);
    let first = (t0 / minor).floor() as i64;
    let last = (t1 / minor).ceil() as i64;
    (first..=last)
        .map(|i| {
            let t = i as f64 * minor;
            Tick {
                t,
                x: axis.x(left, t),
                major: i.rem_euclid(i64::from(div)) == 0,
            }
        })
        .filter(|k| k.x >= left - 0.5 && k.x <= left + width + 0.5)
        .collect()
}

/// Label of a tick at `t` when ticks are `step` apart: "1:05" from a
/// minute up, otherwise seconds with as many decimals as the step needs
/// ("2 s", "0.5 s", "0.25 s").
#[must_use]
pub fn format_tick(t: f64, step: f64) -> String {
    let decimals = decimals_for(step);
    if step >= 1.0 && t.abs() >= 60.0 {
        let sign = if t < 0.0 { "-" } else { "" };
        let a = t.abs().round() as i64;
        return format!("{sign}{}:{:02}", a / 60, a % 60);
    }
    let v = if t.abs() < step * 1e-6 { 0.0 } else { t };
    format!("{v:.decimals$} s")
}

/// Decimals needed to tell ticks `step` apart.
fn decimals_for(step: f64) -> usize {
    let mut d = 0;
    let mut s = step;
    while d < 6 && (s - s.round()).abs() > 1e-6 {
        s *= 10.0;
        d += 1;
    }
    d
}

/// A time for the key list and tooltips: seconds with three decimals.
#[must_use]
pub fn format_seconds(t: f64) -> String {
    format!("{t:.3} s")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tick_steps_are_nice_at_every_zoom() {
        assert_eq!(tick_step(100.0, 70.0), 1.0);
        assert_eq!(tick_step(1000.0, 70.0), 0.1);
        assert_eq!(tick_step(300.0, 70.0), 0.5);
        assert_eq!(tick_step(40.0, 70.0), 2.0);
        assert_eq!(tick_step(10.0, 70.0), 10.0);
        assert_eq!(tick_step(3.0, 70.0), 30.0);
        assert_eq!(tick_step(0.5, 70.0), 300.0);
        assert_eq!(tick_step(50_000.0, 70.0), 0.002);
        for z in [0.05, 0.3, 1.0, 7.0, 33.0, 120.0, 999.0, 12_345.0, 50_000.0] {
            let s = tick_step(z, 70.0);
            let px = s * z;
            assert!(px >= 70.0 - 1e-6, "zoom {z}: step {s} only {px} px");
            assert!(px <= 70.0 * 5.0, "zoom {z}: step {s} too sparse ({px} px)");
        }
    }

    #[test]
    fn ticks_cover_the_view_and_label_steps() {
        let a = TimeAxis {
            origin_s: -0.5,
            px_per_s: 100.0,
        };
        let t = ticks(&a, 0.0, 400.0);
        let majors: Vec<f64> = t.iter().filter(|k| k.major).map(|k| k.t).collect();
        assert_eq!(majors, vec![0.0, 1.0, 2.0, 3.0]);
        assert_eq!(t.iter().filter(|k| !k.major).count(), 2 + 4 * 3 + 2);
        assert!(t.iter().all(|k| k.x >= -0.5 && k.x <= 400.5));
    }

    #[test]
    fn tick_labels() {
        assert_eq!(format_tick(2.0, 1.0), "2 s");
        assert_eq!(format_tick(0.5, 0.5), "0.5 s");
        assert_eq!(format_tick(0.25, 0.05), "0.25 s");
        assert_eq!(format_tick(1e-12, 0.1), "0.0 s");
        assert_eq!(format_tick(65.0, 5.0), "1:05");
        assert_eq!(format_tick(-120.0, 60.0), "-2:00");
        assert_eq!(format_seconds(1.23456), "1.235 s");
    }
}
