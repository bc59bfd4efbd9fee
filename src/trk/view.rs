//! The grid editor's view state for one open track, as plain data: zoom and
//! pan, the tool and current piece, palette search, hover and focus, the
//! selection and clipboard, the state of a drag, the colouring brush and
//! the metadata form being typed. Panels change it freely; the track itself
//! changes only through `TrkCommand`s.

use crate::trk::grid_view::GridView;
use std::sync::Arc;
use trackbench_core::trk::{
    Clip, ColourPart, MetaDraft, Route, TileColours, TilePos, TileRect, Track, element, trace,
};

/// Tiles per side of the grid and of the colouring image.
const SIDE: f32 = 30.0;

/// What a primary click or drag on the grid does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tool {
    /// Place the current piece (with its fillers).
    #[default]
    Place,
    /// Erase whole elements.
    Erase,
    /// Write single codes (fillers included) with no filler logic.
    Manual,
    /// Paint terrain.
    Terrain,
    /// Rectangle selection.
    Select,
}

impl Tool {
    /// Every tool, in toolbar order.
    pub const ALL: [Tool; 5] = [
        Self::Place,
        Self::Erase,
        Self::Manual,
        Self::Terrain,
        Self::Select,
    ];

    /// Toolbar label.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Place => "Place",
            Self::Erase => "Erase",
            Self::Manual => "Manual",
            Self::Terrain => "Terrain",
            Self::Select => "Select",
        }
    }
}

/// The colouring brush and the colouring editor's pointer state.
#[derive(Debug, Clone)]
pub struct ColrBrush {
    /// Colours a paint writes (RGB565; `0xF81F` = none).
    pub colours: TileColours,
    /// Which part of the tile a paint sets.
    pub part: ColourPart,
    /// True while a paint drag is open.
    pub stroking: bool,
    /// Last tile the drag painted.
    pub last: Option<TilePos>,
    /// Screen rectangle of the image last frame (`min`, `size`), for tests.
    pub image: Option<([f32; 2], [f32; 2])>,
    /// Draw the colouring over the track grid, half transparent.
    pub on_grid: bool,
}

impl Default for ColrBrush {
    fn default() -> Self {
        Self {
            // Black border, yellow background: visible on the checkerboard.
            colours: TileColours {
                border: 0x0000,
                background: 0xFFE0,
            },
            part: ColourPart::Background,
            stroking: false,
            last: None,
            image: None,
            on_grid: true,
        }
    }
}

impl ColrBrush {
    /// Screen centre of tile `pos` in last frame's image (for tests).
    #[must_use]
    pub fn tile_center(&self, pos: TilePos) -> Option<[f32; 2]> {
        let (min, size) = self.image?;
        let px = size[0] / SIDE;
        Some([
            min[0] + (f32::from(pos.x) + 0.5) * px,
            min[1] + (f32::from(pos.y) + 0.5) * px,
        ])
    }
}

/// The centre of a small track editor window: the grid, or a panel the
/// layout folded into a tab.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CentreTab {
    /// The grid.
    #[default]
    Grid,
    /// The piece palette (folded in a narrow window).
    Palette,
    /// The height profile (folded in a low window).
    Profile,
}

/// The route overlay and height profile: what is shown, the route of the
/// track's current revision (traced again when the revision changes), and
/// the profile's hover.
#[derive(Debug, Clone)]
pub struct RouteView {
    /// Draw the route on the grid.
    pub show: bool,
    /// Show the height profile under the grid.
    pub show_profile: bool,
    /// The traced route and the revision it belongs to.
    cache: Option<(u64, Arc<Route>)>,
    /// Times the route was traced (for tests).
    pub traces: u64,
    /// Tile under the pointer in the profile, highlighted on the grid.
    pub profile_hover: Option<TilePos>,
    /// Route segments drawn on the grid last frame (for tests).
    pub drawn_segments: usize,
}

impl Default for RouteView {
    fn default() -> Self {
        Self {
            show: true,
            show_profile: true,
            cache: None,
            traces: 0,
            profile_hover: None,
            drawn_segments: 0,
        }
    }
}

impl RouteView {
    /// The route of `track` at `revision`, traced again only when the
    /// revision differs from the cached one.
    pub fn route(&mut self, track: &Track, revision: u64) -> Arc<Route> {
        match &self.cache {
            Some((rev, route)) if *rev == revision => Arc::clone(route),
            _ => {
                let route = Arc::new(trace(track));
                self.traces += 1;
                self.cache = Some((revision, Arc::clone(&route)));
                route
            }
        }
    }
}

/// The grid editor's view and tool state.
#[derive(Debug, Clone)]
pub struct TrkView {
    /// Zoom and pan; `None` until fitted to the canvas.
    pub view: Option<GridView>,
    /// Canvas top-left and size on screen last frame (for tests and hit tests).
    pub canvas: Option<([f32; 2], [f32; 2])>,
    /// Active tool.
    pub tool: Tool,
    /// Current element code for Place.
    pub piece: u8,
    /// Current code for Manual.
    pub manual_code: u8,
    /// Current terrain code for the brush.
    pub terrain: u8,
    /// Palette search text.
    pub search: String,
    /// Tile under the pointer.
    pub hover: Option<TilePos>,
    /// Tile selected from the validation list.
    pub focus: Option<TilePos>,
    /// Rectangle selection.
    pub selection: Option<TileRect>,
    /// Where a selection drag started.
    pub select_anchor: Option<TilePos>,
    /// Last tile a stroke touched (a drag applies once per tile).
    pub stroke_last: Option<TilePos>,
    /// True while a paint stroke is open.
    pub stroking: bool,
    /// Tiles covered by pieces placed in the current stroke.
    pub stroke_covered: Vec<TilePos>,
    /// Copied tiles.
    pub clipboard: Option<Clip>,
    /// Paste terrain too.
    pub paste_terrain: bool,
    /// Metadata fields being edited (`None`: taken from the track on the
    /// next frame).
    pub meta_draft: Option<MetaDraft>,
    /// Bliss colouring brush and editor state.
    pub colr: ColrBrush,
    /// Route overlay, profile and the cached route.
    pub route: RouteView,
    /// Which side panel shows when the window is too narrow for both.
    pub narrow_side: crate::widgets::responsive::Side,
    /// Where the palette, the side panel and the grid were drawn last frame.
    pub panels: crate::widgets::responsive::PanelRects,
    /// The panel sizes and visibility the user chose (the layout policy's
    /// fractions of the window).
    pub sizes: crate::widgets::responsive::PanelSizes,
    /// What fills the centre when a small window folds the palette or the
    /// profile into tabs above it (the grid otherwise).
    pub centre_tab: CentreTab,
    /// The grid shows the compared track instead of this one (read-only).
    pub show_other: bool,
}

impl Default for TrkView {
    fn default() -> Self {
        Self {
            view: None,
            canvas: None,
            tool: Tool::Place,
            piece: 0x04, // paved road N-S
            manual_code: 0xFF,
            terrain: 0,
            search: String::new(),
            hover: None,
            focus: None,
            selection: None,
            select_anchor: None,
            stroke_last: None,
            stroking: false,
            stroke_covered: Vec::new(),
            clipboard: None,
            paste_terrain: true,
            meta_draft: None,
            colr: ColrBrush::default(),
            route: RouteView::default(),
            narrow_side: crate::widgets::responsive::Side::default(),
            panels: crate::widgets::responsive::PanelRects::default(),
            sizes: crate::widgets::responsive::PanelSizes::default(),
            centre_tab: CentreTab::Grid,
            show_other: false,
        }
    }
}

impl TrkView {
    /// Screen centre of `pos` in last frame's canvas (for tests).
    #[must_use]
    pub fn tile_center_on_screen(&self, pos: TilePos) -> Option<[f32; 2]> {
        let (origin, _) = self.canvas?;
        Some(self.view?.tile_center(origin, pos))
    }

    /// The code the current tool writes: the piece, or the manual code.
    #[must_use]
    pub fn current_code(&self) -> u8 {
        if self.tool == Tool::Manual {
            self.manual_code
        } else {
            self.piece
        }
    }

    fn current_code_mut(&mut self) -> &mut u8 {
        if self.tool == Tool::Manual {
            &mut self.manual_code
        } else {
            &mut self.piece
        }
    }

    /// Turns the current piece 90° clockwise (the R key).
    pub fn rotate_piece(&mut self) {
        let slot = self.current_code_mut();
        if let Some(e) = element(*slot).and_then(|e| e.rotated_cw()) {
            *slot = e.code;
        }
    }

    /// Mirrors the current piece east–west when Stunts has the mirror (F key).
    pub fn flip_piece(&mut self) {
        let slot = self.current_code_mut();
        if let Some(e) = element(*slot).and_then(|e| e.mirrored_ew()) {
            *slot = e.code;
        }
    }

    /// Makes `code` the current piece and switches to a placing tool
    /// (manual for fillers).
    pub fn pick_piece(&mut self, code: u8) {
        if self.tool == Tool::Manual {
            self.manual_code = code;
        } else if trackbench_core::trk::elements::is_filler(code) {
            self.manual_code = code;
            self.tool = Tool::Manual;
        } else {
            self.piece = code;
            self.tool = Tool::Place;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_route_is_traced_once_per_revision() {
        let mut v = RouteView::default();
        let track = Track::new();
        let a = v.route(&track, 3);
        let b = v.route(&track, 3);
        assert!(Arc::ptr_eq(&a, &b));
        assert_eq!(v.traces, 1);
        v.route(&track, 4);
        assert_eq!(v.traces, 2);
    }

    #[test]
    fn r_and_f_turn_the_piece_of_the_active_tool() {
        let mut v = TrkView::default();
        v.rotate_piece();
        assert_eq!(v.piece, 0x05, "N-S road turns E-W");
        v.pick_piece(0xFE);
        assert_eq!((v.tool, v.manual_code), (Tool::Manual, 0xFE));
        v.pick_piece(0x04);
        assert_eq!((v.tool, v.manual_code, v.piece), (Tool::Manual, 0x04, 0x05));
        assert_eq!(v.current_code(), 0x04);
    }
}
