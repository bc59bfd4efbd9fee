//! State of the top view's block palette and placing mode (issue 45): the
//! search text, the block picked, its height and direction, and the last
//! answer of the core. Plain view state; a placement is a command.

/// The palette and placing mode of the Blocks & items top view.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlacingState {
    /// Whether the palette is shown.
    pub open: bool,
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
pub const KEYS_HINT: &str = "Click places · PageUp/PageDown: height · R: rotate · Escape: stop";

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

    /// The line saying what a click places, where and facing where.
    #[must_use]
    pub fn status(&self) -> Option<String> {
        let name = self.picked.as_deref()?;
        let cell = match self.hover {
            Some([x, z]) => format!("cell ({x}, {}, {z})", self.height),
            None => format!("height {}", self.height),
        };
        let facing = DIRECTIONS[usize::from(self.direction % 4)];
        Some(format!("Placing {name}: {cell}, facing {facing}"))
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
}
