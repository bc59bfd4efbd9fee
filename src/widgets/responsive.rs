//! Layout math for windows of any size (issue 17): how wide the side panels
//! of a document may be so that the centre keeps a usable width, and which
//! side panel gives way when both do not fit. Pure functions, tested
//! without egui; the panels apply them with `max_size` and record where
//! they went ([`PanelRects`]).

/// The smallest window the app asks for, in points: one side panel and a
/// usable centre fit at this width (every layout below is checked at it).
pub const MIN_WINDOW: [f32; 2] = [640.0, 420.0];

/// Which side panel of a document.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Side {
    /// The panel on the left (the node tree, the track palette).
    #[default]
    Left,
    /// The panel on the right (preview and inspector, track checks).
    Right,
}

/// What a side panel needs, in points.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SideNeed {
    /// Narrower than this, the panel is useless: it is hidden instead.
    pub min_px: f32,
    /// The width it opens with when there is room.
    pub want_px: f32,
}

/// The widths the side panels may take this frame: `None` hides the panel
/// (a toggle in the centre brings it back in place of the other one).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SideFit {
    /// Largest width of the left panel, or `None` when it is hidden.
    pub left_max_px: Option<f32>,
    /// Largest width of the right panel, or `None` when it is hidden.
    pub right_max_px: Option<f32>,
}

impl SideFit {
    /// True when a panel is hidden for lack of room (the centre then shows
    /// the toggle that swaps the two).
    #[must_use]
    pub fn collapsed(&self) -> bool {
        self.left_max_px.is_none() || self.right_max_px.is_none()
    }
}

/// Where a document's panels were drawn last frame (screen points; `None`
/// when hidden): for tests and for the layout's own checks.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct PanelRects {
    /// The left side panel.
    pub left: Option<egui::Rect>,
    /// The right side panel.
    pub right: Option<egui::Rect>,
    /// The centre.
    pub centre: Option<egui::Rect>,
    /// The bottom panel (a .Gbx timeline), when shown.
    pub bottom: Option<egui::Rect>,
}

/// Fits two side panels into `available_px` so that the centre keeps
/// `centre_min_px`: both when their minimums fit (sharing the room in
/// proportion to what they want), else only `prefer`, else neither.
#[must_use]
pub fn fit_sides(
    available_px: f32,
    left: SideNeed,
    right: SideNeed,
    centre_min_px: f32,
    prefer: Side,
) -> SideFit {
    let room = (available_px - centre_min_px).max(0.0);
    if room >= left.min_px + right.min_px {
        let share = |need: SideNeed, other: SideNeed| {
            let wanted = need.want_px + other.want_px;
            let px = if room >= wanted {
                // Room to spare: a panel may grow into it (dragged wider).
                room - other.min_px
            } else {
                (room * need.want_px / wanted).max(need.min_px)
            };
            px.min(room - other.min_px)
        };
        return SideFit {
            left_max_px: Some(share(left, right)),
            right_max_px: Some(share(right, left)),
        };
    }
    let (keep, need) = match prefer {
        Side::Left => (Side::Left, left),
        Side::Right => (Side::Right, right),
    };
    let width = (room >= need.min_px).then_some(room);
    match keep {
        Side::Left => SideFit {
            left_max_px: width,
            right_max_px: None,
        },
        Side::Right => SideFit {
            left_max_px: None,
            right_max_px: width,
        },
    }
}

/// Bytes per hex row that fit `width_px` for a monospace glyph `char_px`
/// wide: 16, 8 or 4 (4 even when that overflows: the view scrolls
/// sideways rather than wrap).
#[must_use]
pub fn hex_bytes_per_row(width_px: f32, char_px: f32) -> usize {
    [16, 8, 4]
        .into_iter()
        .find(|&n| hex_row_chars(n) as f32 * char_px <= width_px)
        .unwrap_or(4)
}

/// Characters in a hex row of `n` bytes: 8-digit offset and two spaces,
/// `n` bytes as "xx " with one more space after each group of 8, a space,
/// then `n` ASCII characters.
#[must_use]
pub fn hex_row_chars(n: usize) -> usize {
    10 + n * 3 + n / 8 + 1 + n
}

#[cfg(test)]
mod tests {
    use super::*;

    const TREE: SideNeed = SideNeed {
        min_px: 180.0,
        want_px: 340.0,
    };
    const INSPECTOR: SideNeed = SideNeed {
        min_px: 220.0,
        want_px: 380.0,
    };

    #[test]
    fn both_panels_fit_a_large_window_and_share_a_small_one() {
        let wide = fit_sides(1920.0, TREE, INSPECTOR, 360.0, Side::Left);
        assert!(!wide.collapsed());
        assert_eq!(wide.left_max_px, Some(1920.0 - 360.0 - 220.0));
        // 800 px: 440 px of room, shared 340:380 (more than each minimum).
        let fit = fit_sides(800.0, TREE, INSPECTOR, 360.0, Side::Left);
        let (l, r) = (fit.left_max_px.unwrap(), fit.right_max_px.unwrap());
        assert!((l + r - 440.0).abs() < 0.01, "{l} + {r}");
        assert!(l >= TREE.min_px && r >= INSPECTOR.min_px);
    }

    #[test]
    fn the_preferred_panel_stays_when_only_one_fits() {
        let fit = fit_sides(640.0, TREE, INSPECTOR, 360.0, Side::Right);
        assert_eq!(fit.left_max_px, None);
        assert_eq!(fit.right_max_px, Some(280.0));
        let fit = fit_sides(640.0, TREE, INSPECTOR, 360.0, Side::Left);
        assert_eq!((fit.left_max_px, fit.right_max_px), (Some(280.0), None));
        let none = fit_sides(400.0, TREE, INSPECTOR, 360.0, Side::Left);
        assert_eq!((none.left_max_px, none.right_max_px), (None, None));
    }

    #[test]
    fn hex_rows_narrow_to_8_and_4_bytes() {
        assert_eq!(hex_row_chars(16), 77);
        assert_eq!(hex_bytes_per_row(77.0 * 8.0, 8.0), 16);
        assert_eq!(hex_bytes_per_row(76.0 * 8.0, 8.0), 8);
        assert_eq!(hex_bytes_per_row(hex_row_chars(8) as f32 * 8.0, 8.0), 8);
        assert_eq!(hex_bytes_per_row(100.0, 8.0), 4);
    }
}
