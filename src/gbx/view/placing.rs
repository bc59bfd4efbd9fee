//! State of the top view's block palette and placing mode (issue 45): what
//! is placed (blocks or anchored items), the search text, the name picked,
//! its height and direction, and the last answer of the core. Plain view
//! state; a placement is a command.

use trackbench_core::gbx::access::map_contents::BLOCK_SIZE_M;

/// The palette and placing mode of the Blocks & items top view.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlacingState {
    /// Whether the palette is shown.
    pub open: bool,
    /// Items mode: the palette lists item paths and names, and a click
    /// places an anchored item (ManiaPlanet and TM2020 maps); else blocks.
    pub items: bool,
    /// Search text (case-insensitive, part of a name).
    pub search: String,
    /// The block picked: placing mode is on while it is `Some`.
    pub picked: Option<String>,
    /// The height (grid y) a click places at.
    pub height: i32,
    /// The direction a click places in: 0 north, 1 east, 2 south, 3 west
    /// (the core's `NewBlock::direction`).
    pub direction: u8,
    /// The cell under the pointer last frame (grid x, z), `None` when the
    /// pointer is off the plot.
    pub hover: Option<[i32; 2]>,
    /// The last placement's message (done, or the core's refusal).
    pub message: Option<String>,
}

/// The keys of placing mode, as the palette's second line says them (the
/// shortcut table's `PanelKey::Place*`).
pub const KEYS_HINT: &str =
    "Click places · wheel or PageUp/PageDown: height · R: rotate · Escape: stop";

/// The directions' names, by the core's direction number.
pub const DIRECTIONS: [&str; 4] = ["north", "east", "south", "west"];

impl PlacingState {
    /// Picks `name` at `height` (the palette's click): placing mode on,
    /// facing north.
    pub fn pick(&mut self, name: &str, height: i32) {
        self.picked = Some(name.to_owned());
        self.height = height;
        self.direction = 0;
        self.message = None;
    }

    /// Leaves placing mode (Escape, or the palette's button).
    pub fn leave(&mut self) {
        self.picked = None;
        self.hover = None;
        self.message = None;
    }

    /// Turns the block a quarter clockwise (R).
    pub fn rotate(&mut self) {
        self.direction = (self.direction + 1) % 4;
    }

    /// Switches between blocks and items (the palette's two buttons):
    /// placing stops, the search stays.
    pub fn set_items(&mut self, items: bool) {
        if self.items != items {
            self.items = items;
            self.leave();
        }
    }

    /// An item's position for the cell (x, z) at the current height, in
    /// metres: the cell's centre, its floor (a cell is
    /// `map_contents::BLOCK_SIZE_M`, 32 × 8 × 32 m), so the core's block
    /// unit of the item is the cell.
    #[must_use]
    pub fn item_position_m(&self, [x, z]: [i32; 2]) -> [f32; 3] {
        let [w, h, d] = BLOCK_SIZE_M;
        // Cells of a map are below 2^24, where i32 → f32 is exact.
        #[allow(clippy::cast_precision_loss)]
        let f = |v: i32| v as f32;
        [(f(x) + 0.5) * w, f(self.height) * h, (f(z) + 0.5) * d]
    }

    /// An item's yaw for the direction, in degrees: a quarter turn per
    /// direction (0 north: 0°, 1 east: 90° …).
    #[must_use]
    pub fn item_yaw_deg(&self) -> f32 {
        f32::from(self.direction % 4) * 90.0
    }

    /// The line saying what a click places, where and facing where.
    #[must_use]
    pub fn status(&self) -> Option<String> {
        let name = self.picked.as_deref()?;
        let cell = match self.hover {
            Some([x, z]) => format!("cell ({x}, {}, {z})", self.height),
            None => format!("height {}", self.height),
        };
        let facing = DIRECTIONS[usize::from(self.direction % 4)];
        let what = if self.items { "item " } else { "" };
        Some(format!("Placing {what}{name}: {cell}, facing {facing}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotating_four_times_comes_back_north() {
        let mut s = PlacingState::default();
        s.pick("StadiumRoadMain", 9);
        for want in [1, 2, 3, 0] {
            s.rotate();
            assert_eq!(s.direction, want);
        }
        s.hover = Some([3, 4]);
        assert_eq!(
            s.status().unwrap(),
            "Placing StadiumRoadMain: cell (3, 9, 4), facing north"
        );
        s.leave();
        assert_eq!(s.status(), None);
    }

    #[test]
    fn an_item_goes_to_the_centre_of_the_cell_at_the_height() {
        let mut s = PlacingState::default();
        s.set_items(true);
        s.pick("Flag8m", 9);
        s.rotate();
        assert_eq!(s.item_position_m([3, -1]), [112.0, 72.0, -16.0]);
        assert_eq!(s.item_yaw_deg(), 90.0);
        s.hover = Some([3, 4]);
        assert_eq!(
            s.status().unwrap(),
            "Placing item Flag8m: cell (3, 9, 4), facing east"
        );
    }
}
