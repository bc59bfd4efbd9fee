//! A view's head over its body (issue 44): the toolbars, facts and
//! warnings of an editing view (Blocks & items, Ghosts) above the table or
//! plot they act on. The body keeps its minimum (a table
//! [`TABLE_MIN_ROWS`] rows high, a plot [`PLOT_MIN_PX`] high): the head
//! folds (its buttons into a menu, its long lines into one) when its whole
//! height leaves the body less, and scrolls when even folded it does not
//! fit. At 800×500 the head had filled the height and the table showed only
//! its header.

/// Rows a table keeps visible under its head.
pub const TABLE_MIN_ROWS: usize = 6;

/// The height a plot keeps under its head, in points.
pub const PLOT_MIN_PX: f32 = 150.0;

/// The height of a table's header row, in points (the sortable tables').
pub const TABLE_HEADER_PX: f32 = 22.0;

/// The height of a table's row, in points (the sortable tables').
pub const TABLE_ROW_PX: f32 = 18.0;

/// The height of a sideways scroll bar under a table, with its margins.
const SCROLL_BAR_PX: f32 = 14.0;

/// The height (points) a table of [`TABLE_MIN_ROWS`] rows takes with its
/// header, the spacing between them and its sideways scroll bar.
#[must_use]
pub fn table_min_px(item_spacing_y: f32) -> f32 {
    TABLE_HEADER_PX + item_spacing_y + TABLE_MIN_ROWS as f32 * TABLE_ROW_PX + SCROLL_BAR_PX
}

/// Whether a view's head is folded, from the height its unfolded form took
/// the last time it was drawn (kept per view, between frames).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct HeadFold {
    /// (width, height) in points of the unfolded head the last time it was
    /// drawn; `None` before.
    pub unfolded_px: Option<(f32, f32)>,
}

impl HeadFold {
    /// True when the unfolded head, as last measured at this `width`, is
    /// taller than `room` (points). At another width (the head wraps
    /// differently) it is drawn unfolded once to be measured again.
    #[must_use]
    pub fn folded(&self, width: f32, room: f32) -> bool {
        match self.unfolded_px {
            Some((w, h)) if (w - width).abs() < 1.0 => h > room + 0.5,
            _ => false,
        }
    }
}

/// Draws the head of a view: `add(ui, folded)` in a vertical scroll area
/// that leaves `body_px` points of the available height below it (the body
/// is drawn by the caller afterwards). `fold` decides `folded` and is
/// updated with the head's height when it is drawn unfolded; a change of
/// decision asks for another frame.
pub fn head<R>(
    ui: &mut egui::Ui,
    id_salt: &str,
    body_px: f32,
    fold: &mut HeadFold,
    add: impl FnOnce(&mut egui::Ui, bool) -> R,
) -> R {
    let width = ui.available_width();
    // The head always gets two lines (a view in a very low window scrolls
    // its head rather than lose it).
    let room = (ui.available_height() - body_px).max(2.0 * ui.spacing().interact_size.y);
    let folded = fold.folded(width, room);
    let out = egui::ScrollArea::vertical()
        .id_salt(id_salt)
        .max_height(room)
        .auto_shrink([false, true])
        .show(ui, |ui| add(ui, folded));
    if !folded {
        fold.unfolded_px = Some((width, out.content_size.y));
        if fold.folded(width, room) {
            ui.ctx().request_repaint();
        }
    }
    out.inner
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_head_folds_only_when_measured_too_tall_at_its_width() {
        let mut f = HeadFold::default();
        assert!(!f.folded(340.0, 100.0), "unmeasured: drawn unfolded");
        f.unfolded_px = Some((340.0, 180.0));
        assert!(f.folded(340.0, 100.0));
        assert!(!f.folded(340.0, 200.0), "room enough");
        assert!(!f.folded(600.0, 100.0), "another width: measured again");
    }

    #[test]
    fn six_rows_need_their_header_and_scroll_bar() {
        assert_eq!(table_min_px(4.0), 22.0 + 4.0 + 6.0 * 18.0 + 14.0);
    }
}
