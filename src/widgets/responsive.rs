//! The layout policy of every document (issues 17 and 31), in one place:
//! what each panel needs (a floor in points, a preferred and a largest
//! share of the window), which panels give way first when the window is
//! small (the secondary ones: tree, inspector, palette, timeline, profile)
//! and the sizes the user chose, kept as fractions of the window so a panel
//! grows back when the window does ([`PanelSizes`]).
//!
//! The math ([`fit_sides`], [`fit_bottom`]) is pure and tested without
//! egui; `side_panel` and `bottom_panel` draw a panel at the size the
//! policy gives with a resize handle of the policy's own (egui's panels
//! keep a dragged width in memory by id and never let it grow back).

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

/// What a panel needs: a floor in points (narrower, it is hidden instead)
/// and shares of the window's width (side panels) or height (bottom).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SideNeed {
    /// Narrower than this, the panel is useless: it is hidden instead.
    pub min_px: f32,
    /// The share of the window it opens with when there is room (0..1).
    pub want_frac: f32,
    /// The largest share of the window it may be dragged to (0..1).
    pub max_frac: f32,
}

impl SideNeed {
    /// The width (height) wanted in a window of `window_px`, following the
    /// user's fraction `user_frac` when there is one: the share clamped to
    /// the floor and the largest share.
    #[must_use]
    pub fn wanted_px(&self, window_px: f32, user_frac: Option<f32>) -> f32 {
        let frac = user_frac.unwrap_or(self.want_frac).min(self.max_frac);
        (frac * window_px).max(self.min_px)
    }
}

/// The panel sizes and visibility the user chose for one document, as the
/// policy keeps them: fractions of the window (so panels follow it when it
/// grows) and show/hide choices (`None`: the policy decides).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct PanelSizes {
    /// The left panel's dragged width, as a share of the window width.
    pub left_frac: Option<f32>,
    /// The right panel's dragged width, as a share of the window width.
    pub right_frac: Option<f32>,
    /// The bottom panel's dragged height, as a share of the window height.
    pub bottom_frac: Option<f32>,
    /// The left panel shown (`Some(true)`) or hidden by the user.
    pub left_shown: Option<bool>,
    /// The right panel shown (`Some(true)`) or hidden by the user.
    pub right_shown: Option<bool>,
    /// The bottom panel (timeline, profile) shown or hidden by the user;
    /// `None`: shown small when there is room.
    pub bottom_shown: Option<bool>,
}

impl PanelSizes {
    /// Flips the user's choice for a side panel, from what was `shown` on
    /// screen last frame.
    pub fn toggle_side(&mut self, side: Side, shown: bool) {
        match side {
            Side::Left => self.left_shown = Some(!shown),
            Side::Right => self.right_shown = Some(!shown),
        }
    }

    /// Flips the user's choice for the bottom panel, from what was `shown`.
    pub fn toggle_bottom(&mut self, shown: bool) {
        self.bottom_shown = Some(!shown);
    }
}

/// The widths the side panels take this frame: `None` hides the panel.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SideFit {
    /// Width of the left panel, or `None` when it is hidden.
    pub left_px: Option<f32>,
    /// Width of the right panel, or `None` when it is hidden.
    pub right_px: Option<f32>,
    /// True when a panel the user did not hide gave way for lack of room
    /// (the centre then shows the toggle that swaps the two).
    pub collapsed: bool,
}

impl SideFit {
    /// True when a panel is hidden for lack of room.
    #[must_use]
    pub fn collapsed(&self) -> bool {
        self.collapsed
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
    /// The bottom panel (a .Gbx timeline, a track's profile), when shown.
    pub bottom: Option<egui::Rect>,
}

/// Fits two side panels into `available_px` so that the centre keeps
/// `centre_min_px`. Each wants its share of the window (or the user's);
/// when both do not fit they shrink in proportion down to their floors;
/// below that only `prefer` stays, and below its floor neither. A panel the
/// user hid leaves its room to the other.
#[must_use]
pub fn fit_sides(
    available_px: f32,
    left: SideNeed,
    right: SideNeed,
    centre_min_px: f32,
    prefer: Side,
    sizes: &PanelSizes,
) -> SideFit {
    let room = (available_px - centre_min_px).max(0.0);
    let want_l = left.wanted_px(available_px, sizes.left_frac);
    let want_r = right.wanted_px(available_px, sizes.right_frac);
    let (on_l, on_r) = (
        sizes.left_shown.unwrap_or(true),
        sizes.right_shown.unwrap_or(true),
    );
    let one = |need: SideNeed, want: f32| (room >= need.min_px).then(|| want.min(room));
    match (on_l, on_r) {
        (false, false) => SideFit {
            left_px: None,
            right_px: None,
            collapsed: false,
        },
        (true, false) => SideFit {
            left_px: one(left, want_l),
            right_px: None,
            collapsed: room < left.min_px,
        },
        (false, true) => SideFit {
            left_px: None,
            right_px: one(right, want_r),
            collapsed: room < right.min_px,
        },
        (true, true) if room >= left.min_px + right.min_px => {
            let (l, r) = if want_l + want_r <= room {
                (want_l, want_r)
            } else {
                let l = (room * want_l / (want_l + want_r)).max(left.min_px);
                let r = (room - l).max(right.min_px);
                (room - r, r)
            };
            SideFit {
                left_px: Some(l),
                right_px: Some(r),
                collapsed: false,
            }
        }
        // One side at a time: the preferred one when each fits alone (the
        // strip swaps them), else the one that fits, else none and no strip
        // (issue 44: the Diff view at 800×500 offered a "Node tree" that
        // showed nothing).
        (true, true) => {
            let (fits_l, fits_r) = (room >= left.min_px, room >= right.min_px);
            let side = match (fits_l, fits_r) {
                (true, true) => prefer,
                (true, false) => Side::Left,
                (false, true) => Side::Right,
                (false, false) => {
                    return SideFit {
                        left_px: None,
                        right_px: None,
                        collapsed: false,
                    };
                }
            };
            match side {
                Side::Left => SideFit {
                    left_px: one(left, want_l),
                    right_px: None,
                    collapsed: fits_r,
                },
                Side::Right => SideFit {
                    left_px: None,
                    right_px: one(right, want_r),
                    collapsed: fits_l,
                },
            }
        }
    }
}

/// The bottom panel's height in a document area `available_px` high, or
/// `None` when it is hidden: the user's choice first; left to the policy,
/// it shows at its preferred (small) share only when the centre keeps
/// `centre_min_px` above it. Shown by the user, it still leaves the centre
/// its minimum when it can (never below the panel's own floor).
#[must_use]
pub fn fit_bottom(
    available_px: f32,
    need: SideNeed,
    centre_min_px: f32,
    sizes: &PanelSizes,
) -> Option<f32> {
    let want = need.wanted_px(available_px, sizes.bottom_frac);
    let room = available_px - centre_min_px;
    match sizes.bottom_shown {
        Some(false) => None,
        Some(true) => Some(want.min(room).max(need.min_px).min(available_px)),
        None => (room >= need.min_px).then(|| want.min(room)),
    }
}

/// Bytes per hex row that fit `width_px` for a monospace glyph `char_px`
/// wide: 32 on a wide centre, else 24 (a 1920-point window's centre, which
/// 16 left 440 points blank; issue 31), 16, 8 or 4 (4 even when that
/// overflows: the view scrolls sideways rather than wrap).
#[must_use]
pub fn hex_bytes_per_row(width_px: f32, char_px: f32) -> usize {
    [32, 24, 16, 8, 4]
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

/// Which edge a policy-sized panel sits on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edge {
    /// Left side panel.
    Left,
    /// Right side panel.
    Right,
    /// Bottom panel.
    Bottom,
}

/// Draws a panel on `edge` exactly `size_px` wide (high), with a resize
/// handle on its inner edge: a drag stores the new size in `user_frac` as
/// a share of `window_px` (so it follows the window), a double-click gives
/// the size back to the policy. Returns the panel's rect.
pub fn policy_panel(
    ui: &mut egui::Ui,
    id: &str,
    edge: Edge,
    size_px: f32,
    window_px: f32,
    user_frac: &mut Option<f32>,
    add: impl FnOnce(&mut egui::Ui),
) -> egui::Rect {
    let panel = match edge {
        Edge::Left => egui::Panel::left(id),
        Edge::Right => egui::Panel::right(id),
        Edge::Bottom => egui::Panel::bottom(id),
    };
    let rect = panel
        .resizable(false)
        .exact_size(size_px.round())
        .show(ui, add)
        .response
        .rect;
    let grip = 3.0;
    let (handle, cursor) = match edge {
        Edge::Left => (
            egui::Rect::from_x_y_ranges(rect.right() - grip..=rect.right() + grip, rect.y_range()),
            egui::CursorIcon::ResizeHorizontal,
        ),
        Edge::Right => (
            egui::Rect::from_x_y_ranges(rect.left() - grip..=rect.left() + grip, rect.y_range()),
            egui::CursorIcon::ResizeHorizontal,
        ),
        Edge::Bottom => (
            egui::Rect::from_x_y_ranges(rect.x_range(), rect.top() - grip..=rect.top() + grip),
            egui::CursorIcon::ResizeVertical,
        ),
    };
    let resp = ui.interact(
        handle,
        egui::Id::unique(("policy_resize", id)),
        egui::Sense::drag(),
    );
    if resp.hovered() || resp.dragged() {
        ui.ctx().set_cursor_icon(cursor);
    }
    if resp.dragged() && window_px > 0.0 {
        let d = resp.drag_delta();
        let grow = match edge {
            Edge::Left => d.x,
            Edge::Right => -d.x,
            Edge::Bottom => -d.y,
        };
        let current = user_frac.map_or(size_px, |f| f * window_px);
        *user_frac = Some(((current + grow) / window_px).clamp(0.02, 0.9));
    }
    if resp.double_clicked() {
        *user_frac = None;
    }
    rect
}

#[cfg(test)]
mod tests {
    use super::*;

    const TREE: SideNeed = SideNeed {
        min_px: 180.0,
        want_frac: 0.2,
        max_frac: 0.45,
    };
    const INSPECTOR: SideNeed = SideNeed {
        min_px: 220.0,
        want_frac: 0.25,
        max_frac: 0.5,
    };
    const NONE: PanelSizes = PanelSizes {
        left_frac: None,
        right_frac: None,
        bottom_frac: None,
        left_shown: None,
        right_shown: None,
        bottom_shown: None,
    };

    #[test]
    fn both_panels_take_their_share_of_a_large_window_and_share_a_small_one() {
        let wide = fit_sides(1920.0, TREE, INSPECTOR, 360.0, Side::Left, &NONE);
        assert!(!wide.collapsed());
        assert_eq!(wide.left_px, Some(384.0));
        assert_eq!(wide.right_px, Some(480.0));
        // 800 px: 440 px of room for 180 + 220 wanted (floors): both fit.
        let fit = fit_sides(800.0, TREE, INSPECTOR, 360.0, Side::Left, &NONE);
        let (l, r) = (fit.left_px.unwrap(), fit.right_px.unwrap());
        assert!(l + r <= 440.0 + 0.01, "{l} + {r}");
        assert!(l >= TREE.min_px && r >= INSPECTOR.min_px);
    }

    #[test]
    fn a_dragged_width_is_a_share_that_follows_the_window() {
        let sizes = PanelSizes {
            right_frac: Some(0.3),
            ..NONE
        };
        let small = fit_sides(1024.0, TREE, INSPECTOR, 360.0, Side::Left, &sizes);
        let big = fit_sides(1920.0, TREE, INSPECTOR, 360.0, Side::Left, &sizes);
        assert!(small.right_px.unwrap() < big.right_px.unwrap());
        assert_eq!(big.right_px, Some(576.0));
    }

    #[test]
    fn the_preferred_panel_stays_when_only_one_fits() {
        let fit = fit_sides(640.0, TREE, INSPECTOR, 360.0, Side::Right, &NONE);
        assert_eq!(fit.left_px, None);
        assert_eq!(fit.right_px, Some(220.0));
        assert!(fit.collapsed());
        let fit = fit_sides(640.0, TREE, INSPECTOR, 360.0, Side::Left, &NONE);
        assert_eq!((fit.left_px, fit.right_px), (Some(180.0), None));
        let none = fit_sides(400.0, TREE, INSPECTOR, 360.0, Side::Left, &NONE);
        assert_eq!((none.left_px, none.right_px), (None, None));
        assert!(
            !none.collapsed(),
            "no strip offering a side that cannot show"
        );
        // Issue 44: the Diff view (centre 640) at 800: 160 px of room, no
        // side fits; at 830 (190 px) only the tree does, whatever the
        // preference.
        let diff = fit_sides(800.0, TREE, INSPECTOR, 640.0, Side::Left, &NONE);
        assert_eq!((diff.left_px, diff.right_px), (None, None));
        assert!(!diff.collapsed());
        let tree = fit_sides(830.0, TREE, INSPECTOR, 640.0, Side::Right, &NONE);
        assert_eq!((tree.left_px, tree.right_px), (Some(180.0), None));
        assert!(
            !tree.collapsed(),
            "the inspector cannot show: nothing to swap"
        );
    }

    #[test]
    fn a_hidden_panel_leaves_its_room() {
        let sizes = PanelSizes {
            left_shown: Some(false),
            ..NONE
        };
        let fit = fit_sides(640.0, TREE, INSPECTOR, 360.0, Side::Left, &sizes);
        assert_eq!((fit.left_px, fit.right_px), (None, Some(220.0)));
        assert!(!fit.collapsed());
    }

    #[test]
    fn the_bottom_panel_opens_small_and_gives_way_first() {
        let need = SideNeed {
            min_px: 90.0,
            want_frac: 0.2,
            max_frac: 0.5,
        };
        assert_eq!(fit_bottom(600.0, need, 300.0, &NONE), Some(120.0));
        // 380 px: the centre keeps 300, 80 are left, under the floor: hidden.
        assert_eq!(fit_bottom(380.0, need, 300.0, &NONE), None);
        let asked = PanelSizes {
            bottom_shown: Some(true),
            ..NONE
        };
        assert_eq!(fit_bottom(380.0, need, 300.0, &asked), Some(90.0));
        let hidden = PanelSizes {
            bottom_shown: Some(false),
            ..NONE
        };
        assert_eq!(fit_bottom(1000.0, need, 300.0, &hidden), None);
    }

    #[test]
    fn hex_rows_narrow_to_8_and_4_bytes() {
        assert_eq!(hex_row_chars(16), 77);
        assert_eq!(hex_bytes_per_row(77.0 * 8.0, 8.0), 16);
        assert_eq!(hex_bytes_per_row(76.0 * 8.0, 8.0), 8);
        assert_eq!(hex_bytes_per_row(hex_row_chars(8) as f32 * 8.0, 8.0), 8);
        assert_eq!(hex_bytes_per_row(100.0, 8.0), 4);
        assert_eq!(hex_bytes_per_row(200.0 * 8.0, 8.0), 32);
        assert_eq!(hex_row_chars(24), 110);
        assert_eq!(hex_bytes_per_row(142.0 * 8.0, 8.0), 24);
        assert_eq!(hex_bytes_per_row(109.0 * 8.0, 8.0), 16);
    }
}
