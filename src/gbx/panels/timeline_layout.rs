//! Where the timeline draws things: one row per track under the ruler, one
//! bar per timed block, key ticks on bars, and hit testing. Pure geometry,
//! tested without egui (the panel converts [`Rect`] to `egui::Rect`).

use crate::gbx::view::time_axis::TimeAxis;
use std::ops::Range;

/// Narrowest bar drawn, pixels (so zero-length blocks stay clickable).
pub const MIN_BAR_PX: f32 = 4.0;
/// How far from a key tick a click still picks the key, pixels.
pub const KEY_HIT_PX: f32 = 5.0;

/// An axis-aligned rectangle in screen pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    /// Left.
    pub x0: f32,
    /// Top.
    pub y0: f32,
    /// Right.
    pub x1: f32,
    /// Bottom.
    pub y1: f32,
}

impl Rect {
    /// True when (x, y) is inside (edges included).
    #[must_use]
    pub fn contains(&self, x: f32, y: f32) -> bool {
        x >= self.x0 && x <= self.x1 && y >= self.y0 && y <= self.y1
    }

    /// Width.
    #[must_use]
    pub fn width(&self) -> f32 {
        self.x1 - self.x0
    }
}

/// Row geometry.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Layout {
    /// Width of the track-name column left of the bars.
    pub header_w: f32,
    /// Height of the time ruler above the rows.
    pub ruler_h: f32,
    /// Height of one track row.
    pub row_h: f32,
    /// Space above and below a bar inside its row.
    pub bar_pad: f32,
}

impl Default for Layout {
    fn default() -> Self {
        Self {
            header_w: 150.0,
            ruler_h: 24.0,
            row_h: 26.0,
            bar_pad: 3.0,
        }
    }
}

impl Layout {
    /// Top of row `row` when the rows start at `rows_top`.
    #[must_use]
    pub fn row_top(&self, rows_top: f32, row: usize) -> f32 {
        rows_top + row as f32 * self.row_h
    }

    /// Height of `rows` rows.
    #[must_use]
    pub fn rows_height(&self, rows: usize) -> f32 {
        rows as f32 * self.row_h
    }

    /// Rows at least partly visible when the view shows `view_top..view_bottom`
    /// and the rows start at `rows_top`.
    #[must_use]
    pub fn visible_rows(
        &self,
        rows_top: f32,
        view_top: f32,
        view_bottom: f32,
        rows: usize,
    ) -> Range<usize> {
        let first = ((view_top - rows_top) / self.row_h).floor().max(0.0) as usize;
        let last = ((view_bottom - rows_top) / self.row_h).ceil().max(0.0) as usize;
        first.min(rows)..last.min(rows)
    }

    /// The bar of a block spanning `start..end` seconds in row `row`.
    #[must_use]
    pub fn bar_rect(
        &self,
        axis: &TimeAxis,
        left: f32,
        rows_top: f32,
        row: usize,
        span: (f32, f32),
    ) -> Rect {
        let (a, b) = if span.0 <= span.1 {
            span
        } else {
            (span.1, span.0)
        };
        let x0 = axis.x(left, f64::from(a));
        let x1 = axis.x(left, f64::from(b)).max(x0 + MIN_BAR_PX);
        let top = self.row_top(rows_top, row);
        Rect {
            x0,
            y0: top + self.bar_pad,
            x1,
            y1: top + self.row_h - self.bar_pad,
        }
    }
}

/// A bar to draw: block `block` of track `track`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bar {
    /// Track (row) position.
    pub track: usize,
    /// Block position in the track.
    pub block: usize,
    /// Where the bar is.
    pub rect: Rect,
}

/// Bars of the timed blocks of visible rows that overlap `x_range`
/// horizontally. `rows[track][block]` is the block's span, `None` when it
/// has none (it gets no bar).
#[must_use]
pub fn layout_bars(
    layout: &Layout,
    axis: &TimeAxis,
    left: f32,
    rows_top: f32,
    rows: &[Vec<Option<(f32, f32)>>],
    visible: Range<usize>,
    x_range: (f32, f32),
) -> Vec<Bar> {
    let mut out = Vec::new();
    for track in visible {
        let Some(blocks) = rows.get(track) else {
            continue;
        };
        for (block, span) in blocks.iter().enumerate() {
            let Some(span) = span else { continue };
            let rect = layout.bar_rect(axis, left, rows_top, track, *span);
            if rect.x1 >= x_range.0 && rect.x0 <= x_range.1 {
                out.push(Bar { track, block, rect });
            }
        }
    }
    out
}

/// The bar under (x, y): the last one drawn wins where bars overlap.
#[must_use]
pub fn hit_bar(bars: &[Bar], x: f32, y: f32) -> Option<(usize, usize)> {
    bars.iter()
        .rev()
        .find(|b| b.rect.contains(x, y))
        .map(|b| (b.track, b.block))
}

/// The key tick nearest to `x` within [`KEY_HIT_PX`], by position in `xs`.
#[must_use]
pub fn hit_key(xs: &[f32], x: f32) -> Option<usize> {
    xs.iter()
        .enumerate()
        .map(|(i, kx)| (i, (kx - x).abs()))
        .filter(|(_, d)| *d <= KEY_HIT_PX)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
}

/// Time of a dragged key: its start time moved by `dx` pixels, never below
/// zero, rounded to a millisecond.
#[must_use]
pub fn dragged_time(axis: &TimeAxis, start_s: f32, dx: f32) -> f32 {
    let t = f64::from(start_s) + f64::from(dx) / axis.px_per_s;
    ((t.max(0.0) * 1000.0).round() / 1000.0) as f32
}

/// Shift of a dragged block: `dx` pixels in seconds, rounded to a
/// millisecond (the caller clamps it so no time goes below zero).
#[must_use]
pub fn dragged_shift(axis: &TimeAxis, dx: f32) -> f32 {
    ((f64::from(dx) / axis.px_per_s * 1000.0).round() / 1000.0) as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn axis() -> TimeAxis {
        TimeAxis {
            origin_s: 0.0,
            px_per_s: 100.0,
        }
    }

    #[test]
    fn rows_stack_under_the_ruler() {
        let l = Layout::default();
        assert_eq!(l.row_top(50.0, 0), 50.0);
        assert_eq!(l.row_top(50.0, 3), 50.0 + 3.0 * 26.0);
        assert_eq!(l.rows_height(4), 104.0);
        assert_eq!(l.visible_rows(0.0, 30.0, 80.0, 10), 1..4);
        assert_eq!(l.visible_rows(0.0, -100.0, 1000.0, 10), 0..10);
        assert_eq!(l.visible_rows(0.0, 500.0, 900.0, 10), 10..10);
    }

    #[test]
    fn bars_follow_spans_and_keep_a_minimum_width() {
        let l = Layout::default();
        let r = l.bar_rect(&axis(), 200.0, 40.0, 2, (1.0, 3.5));
        assert_eq!(
            r,
            Rect {
                x0: 300.0,
                y0: 40.0 + 52.0 + 3.0,
                x1: 550.0,
                y1: 40.0 + 78.0 - 3.0
            }
        );
        let zero = l.bar_rect(&axis(), 200.0, 40.0, 0, (2.0, 2.0));
        assert_eq!(zero.width(), MIN_BAR_PX);
        let reversed = l.bar_rect(&axis(), 0.0, 0.0, 0, (3.0, 1.0));
        assert_eq!((reversed.x0, reversed.x1), (100.0, 300.0));
    }

    #[test]
    fn layout_culls_untimed_hidden_and_offscreen_blocks() {
        let l = Layout::default();
        let rows = vec![
            vec![Some((0.0, 1.0)), None, Some((20.0, 30.0))],
            vec![Some((0.5, 2.0))],
            vec![Some((0.0, 9.0))],
        ];
        let bars = layout_bars(&l, &axis(), 0.0, 0.0, &rows, 0..2, (0.0, 800.0));
        let ids: Vec<(usize, usize)> = bars.iter().map(|b| (b.track, b.block)).collect();
        assert_eq!(ids, vec![(0, 0), (1, 0)]);
        assert_eq!(hit_bar(&bars, 50.0, 10.0), Some((0, 0)));
        assert_eq!(hit_bar(&bars, 150.0, 26.0 + 10.0), Some((1, 0)));
        assert_eq!(hit_bar(&bars, 150.0, 10.0), None);
    }

    /// Issue 5 asks for smooth zoom and pan with hundreds of blocks; the
    /// corpus has at most 36 in a clip (CCP#04 - ODYSSEY.Map.Gbx), so this
    /// synthetic clip has 300 tracks of 300 blocks (90,000). Only the rows
    /// in view are visited and only the bars overlapping the view are
    /// returned for drawing, whatever the zoom.
    #[test]
    fn only_bars_in_view_are_laid_out_among_90000_blocks() {
        let l = Layout::default();
        let rows: Vec<Vec<Option<(f32, f32)>>> = (0..300)
            .map(|_| {
                (0..300)
                    .map(|i| Some((i as f32 * 2.0, i as f32 * 2.0 + 1.5)))
                    .collect()
            })
            .collect();
        // 520 px of rows (20 rows of 26 px), 1000 px = 10 s at 100 px/s.
        let visible = l.visible_rows(0.0, 0.0, 520.0, rows.len());
        assert_eq!(visible, 0..20);
        let bars = layout_bars(&l, &axis(), 0.0, 0.0, &rows, visible, (0.0, 1000.0));
        // Blocks 0..=5 start at or before 10 s: 6 per row.
        assert_eq!(bars.len(), 20 * 6);
        assert!(bars.iter().all(|b| b.rect.x1 >= 0.0 && b.rect.x0 <= 1000.0));
        // Scrolled down 100 rows and panned to 300 s: rows 100..120, blocks
        // 150 (300-301.5 s) to 155 (310-311.5 s); 149 ends at 299.5 s.
        let panned = TimeAxis {
            origin_s: 300.0,
            px_per_s: 100.0,
        };
        let top = -l.rows_height(100);
        let visible = l.visible_rows(top, 0.0, 520.0, rows.len());
        assert_eq!(visible, 100..120);
        let bars = layout_bars(&l, &panned, 0.0, top, &rows, visible, (0.0, 1000.0));
        assert_eq!(bars.len(), 20 * 6);
        assert_eq!(
            (bars[0].track, bars[0].block, bars[5].block),
            (100, 150, 155)
        );
        // Zoomed out to the whole 600 s: every block of the 20 rows, at
        // least MIN_BAR_PX wide.
        let out = TimeAxis {
            origin_s: 0.0,
            px_per_s: 1000.0 / 600.0,
        };
        let bars = layout_bars(&l, &out, 0.0, 0.0, &rows, 0..20, (0.0, 1000.0));
        assert_eq!(bars.len(), 20 * 300);
        assert!(bars.iter().all(|b| b.rect.width() >= MIN_BAR_PX - 1e-3));
    }

    #[test]
    fn keys_are_hit_near_their_tick_and_dragged_in_time() {
        let xs = [100.0, 104.0, 300.0];
        assert_eq!(hit_key(&xs, 103.5), Some(1));
        assert_eq!(hit_key(&xs, 97.0), Some(0));
        assert_eq!(hit_key(&xs, 200.0), None);
        assert_eq!(dragged_time(&axis(), 1.0, 25.0), 1.25);
        assert_eq!(dragged_time(&axis(), 1.0, -500.0), 0.0);
        assert_eq!(dragged_time(&axis(), 0.0, 12.3456), 0.123);
        assert_eq!(dragged_shift(&axis(), -25.0), -0.25);
        assert_eq!(dragged_shift(&axis(), 12.3456), 0.123);
    }
}
