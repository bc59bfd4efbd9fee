//! The block palette and placing mode of the Blocks & items top view
//! (issue 45). In items mode it lists the map's embedded item paths and
//! item names, and a click places an anchored item at the cell's centre
//! ([`GbxCommand::PlaceItem`], the core's `map_ops::place_item`). The
//! wheel over the plot changes the height while placing. For blocks the palette lists the names of the map's placed blocks and
//! the blocks the data file knows for its environment
//! ([`Extract::block_names`], `known_names::environment_blocks`) filtered by
//! a search field, and takes a typed name too; picking one turns placing mode on: the plot rings the cell
//! under the pointer, PageUp/PageDown change the height, R the direction,
//! Escape leaves (keys of the shortcut table, `PanelKey::Place*`). A click
//! places the block through the core's `map_ops::add_block`
//! ([`GbxCommand::PlaceBlock`], one undo step); a name neither the map nor
//! the data file knows asks first ([`Command::ConfirmUnknownName`], as the car list does).

use crate::command::gbx::UnknownName;
use crate::command::shortcut::PanelKey;
use crate::command::{Command, GbxCommand};
use crate::gbx::view::Extract;
use crate::gbx::view::placing::{DIRECTIONS, KEYS_HINT, PlacingState};
use crate::widgets::keys;
use crate::widgets::view_head::PLOT_MIN_PX;
use egui::Color32;
use egui_plot::{PlotPoint, PlotTransform, PlotUi, Polygon, Text};
use trackbench_core::edit::map_ops::{self, NewBlock, NewItem};
use trackbench_core::gbx::Gbx;

/// The palette's list is never lower than this, in points (two rows).
pub const LIST_MIN_PX: f32 = 40.0;

/// The height egui_plot's axes and their labels take from a plot's height,
/// in points (measured: a plot 150 high had an area 116 high).
pub const PLOT_AXES_PX: f32 = 40.0;

/// The height the palette (search row, list at its minimum, its two
/// lines) and a plot keeping [`PLOT_MIN_PX`] inside its axes need,
/// in points, for rows `line` high.
#[must_use]
pub fn column_min_px(line: f32) -> f32 {
    3.0 * line + LIST_MIN_PX + PLOT_MIN_PX + PLOT_AXES_PX
}

/// The palette's list is never higher than this, in points.
const LIST_MAX_PX: f32 = 140.0;

/// Draws the palette when it is open: the search field, the matching
/// names (`list_px` points high at most, clamped to 40..=140), the typed
/// name when no block of the map has it, and two lines: what a click
/// places, then the last answer of the core, or the keys ([`KEYS_HINT`])
/// once a key was pressed after it.
pub fn ui(ui: &mut egui::Ui, x: &Extract, p: &mut PlacingState, list_px: f32) {
    if !p.open {
        return;
    }
    let names = if p.items {
        &x.item_names
    } else {
        &x.block_names
    };
    crate::widgets::toolbar::row(ui, |ui| {
        if ui
            .add(egui::Button::selectable(!p.items, "Blocks"))
            .clicked()
        {
            p.set_items(false);
        }
        if ui
            .add(egui::Button::selectable(p.items, "Items"))
            .on_hover_text("Anchored items (ManiaPlanet and TM2020 maps): an embedded item's path or a game item's name")
            .clicked()
        {
            p.set_items(true);
        }
        let label = ui.label(if p.items { "Item:" } else { "Block:" });
        ui.add(
            egui::TextEdit::singleline(&mut p.search)
                .hint_text(if p.items {
                    "search item names"
                } else {
                    "search block names"
                })
                .desired_width(ui.available_width().clamp(80.0, 220.0)),
        )
        .labelled_by(label.id);
        let typed = p.search.trim().to_owned();
        if !typed.is_empty()
            && !names.contains(&typed)
            && ui
                .button("Use this name")
                .on_hover_text("A name the list does not have: a block name asks first; an item path must be embedded")
                .clicked()
        {
            p.pick(&typed, ground_height(x));
        }
        if p.picked.is_some() && ui.button("Stop placing").clicked() {
            p.leave();
        }
    });
    let needle = p.search.trim().to_lowercase();
    let height = list_px.clamp(LIST_MIN_PX, LIST_MAX_PX);
    egui::ScrollArea::vertical()
        .id_salt("block_palette_list")
        .max_height(height)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for name in names.iter().filter(|n| n.to_lowercase().contains(&needle)) {
                let on = p.picked.as_ref() == Some(name);
                if ui.add(egui::Button::selectable(on, name)).clicked() {
                    p.pick(name, ground_height(x));
                }
            }
        });
    let (line, keys) = match p.status() {
        Some(line) => (line, KEYS_HINT),
        None if p.items => (
            "Pick an item, then click a cell of the top view.".into(),
            "",
        ),
        None => (
            "Pick a block, then click a cell of the top view.".into(),
            "",
        ),
    };
    crate::widgets::toolbar::cut_label(ui, line);
    // The second line is always there (a space when empty: a line
    // appearing would move the plot under the pointer): the core's last
    // answer until a key is pressed, else the keys.
    let second = p.message.as_deref().unwrap_or(keys);
    crate::widgets::toolbar::cut_label(ui, if second.is_empty() { " " } else { second });
}

/// The height a picked block starts at: the most common grid height of the
/// map's placed grid blocks (its ground level on most maps), else 1.
#[must_use]
pub fn ground_height(x: &Extract) -> i32 {
    let mut counts = std::collections::BTreeMap::<i32, usize>::new();
    for b in x
        .contents
        .blocks
        .iter()
        .filter(|b| !b.baked && !b.is_free())
    {
        *counts.entry(b.coord[1]).or_default() += 1;
    }
    counts
        .into_iter()
        .max_by_key(|&(y, n)| (n, std::cmp::Reverse(y)))
        .map_or(1, |(y, _)| y)
}

/// The grid cell (x, z) of a plot point in block units.
#[must_use]
pub fn cell_of(p: PlotPoint) -> [i32; 2] {
    // Saturating float-to-int casts: a point far off the map gives a cell
    // the core refuses as outside the map.
    #[allow(clippy::cast_possible_truncation)]
    let f = |v: f64| v.floor() as i32;
    [f(p.x), f(p.y)]
}

/// Draws the cell under the pointer, outlined, with the picked block's
/// direction as a letter.
pub fn draw_cell(plot: &mut PlotUi<'_>, p: &PlacingState) {
    let (Some(_), Some([cx, cz])) = (&p.picked, p.hover) else {
        return;
    };
    let (x0, z0) = (f64::from(cx), f64::from(cz));
    let corners = vec![
        [x0, z0],
        [x0 + 1.0, z0],
        [x0 + 1.0, z0 + 1.0],
        [x0, z0 + 1.0],
    ];
    let colour = Color32::from_rgb(0, 200, 220);
    plot.polygon(
        Polygon::new("placing cell", corners)
            .fill_color(Color32::from_rgba_unmultiplied(0, 200, 220, 60))
            .stroke(egui::Stroke::new(2.0, colour)),
    );
    let facing = DIRECTIONS[usize::from(p.direction % 4)];
    let letter = facing[..1].to_uppercase();
    plot.text(Text::new(
        "placing direction",
        PlotPoint::new(x0 + 0.5, z0 + 0.5),
        egui::RichText::new(letter).color(colour).strong(),
    ));
}

/// Placing mode's input on the plot: the keys (when no text field has the
/// keyboard), the cell under the pointer, and a click, which places the
/// block. True when placing mode is on (the click is then not a
/// selection).
pub fn interact(
    ui: &egui::Ui,
    gbx: &Gbx,
    x: &Extract,
    p: &mut PlacingState,
    r: &egui::Response,
    t: &PlotTransform,
    out: &mut Vec<Command>,
) -> bool {
    let Some(name) = p.picked.clone() else {
        return false;
    };
    if !ui.ctx().egui_wants_keyboard_input() {
        if keys::pressed(ui, PanelKey::PlaceLeave) {
            p.leave();
            return false;
        }
        let before = (p.direction, p.height);
        if keys::pressed(ui, PanelKey::PlaceRotate) {
            p.rotate();
        }
        if keys::pressed(ui, PanelKey::PlaceHigher) {
            p.height = p.height.saturating_add(1);
        }
        if keys::pressed(ui, PanelKey::PlaceLower) {
            p.height = p.height.saturating_sub(1);
        }
        if before != (p.direction, p.height) {
            // The keys' line comes back.
            p.message = None;
        }
    }
    if r.hovered() {
        let steps = wheel_steps(ui);
        if steps != 0 {
            p.height = p.height.saturating_add(steps);
            p.message = None;
        }
    }
    p.hover = r.hover_pos().map(|pos| cell_of(t.value_from_position(pos)));
    if r.clicked()
        && let Some(pos) = r.interact_pointer_pos()
    {
        let [cx, cz] = cell_of(t.value_from_position(pos));
        if p.items {
            let item = NewItem {
                path: name,
                position_m: p.item_position_m([cx, cz]),
                yaw_pitch_roll_deg: [p.item_yaw_deg(), 0.0, 0.0],
            };
            out.push(Command::Gbx(GbxCommand::PlaceItem(item)));
            return true;
        }
        let block = NewBlock {
            name: name.clone(),
            coord: [cx, p.height, cz],
            direction: p.direction % 4,
            flags: None,
            free: None,
        };
        place(gbx, x, p, block, out);
    }
    true
}

/// The wheel's turns this frame over the plot in placing mode, as height
/// steps (up: higher), taken from the input so the plot and the panels
/// around it do not scroll (when not placing, the wheel scrolls as before).
fn wheel_steps(ui: &egui::Ui) -> i32 {
    let dy: f32 = ui.ctx().input_mut(|i| {
        // The smoothed delta goes on for a few frames: taken every frame.
        i.smooth_scroll_delta = egui::Vec2::ZERO;
        i.events
            .iter()
            .filter_map(|e| match e {
                egui::Event::MouseWheel { delta, .. } => Some(delta.y),
                _ => None,
            })
            .sum()
    });
    match dy {
        d if d > 0.0 => 1,
        d if d < 0.0 => -1,
        _ => 0,
    }
}

/// Pushes the placement, or the question first when no block of the map
/// has the name (the core's `map_ops::unknown_name`).
fn place(gbx: &Gbx, x: &Extract, p: &mut PlacingState, block: NewBlock, out: &mut Vec<Command>) {
    if map_ops::add::unknown_name(gbx, &block.name).is_none() {
        out.push(Command::Gbx(GbxCommand::PlaceBlock(block)));
        return;
    }
    match map_ops::add_block(gbx, &block, None) {
        Ok(edit) => out.push(Command::ConfirmUnknownName(UnknownName {
            what: "block",
            known: nearest(&x.block_names, &block.name),
            name: block.name,
            edit,
        })),
        Err(e) => {
            p.message = Some(format!(
                "{} at {:?} not placed: {e}",
                block.name, block.coord
            ));
        }
    }
}

/// The question's list: the map's block names sharing the longest start
/// with `name` (at most 8; the whole list of a big map would fill the
/// window).
pub(crate) fn nearest(names: &[String], name: &str) -> Vec<String> {
    let shared = |n: &String| {
        n.chars()
            .zip(name.chars())
            .take_while(|(a, b)| a.eq_ignore_ascii_case(b))
            .count()
    };
    let mut ranked: Vec<&String> = names.iter().collect();
    ranked.sort_by_key(|n| std::cmp::Reverse(shared(n)));
    ranked.into_iter().take(8).cloned().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_falls_in_the_cell_below_and_left_of_it() {
        assert_eq!(cell_of(PlotPoint::new(3.99, 0.0)), [3, 0]);
        assert_eq!(cell_of(PlotPoint::new(-0.5, 7.2)), [-1, 7]);
        assert_eq!(cell_of(PlotPoint::new(1e12, -1e12)), [i32::MAX, i32::MIN]);
    }

    #[test]
    fn the_question_lists_the_names_sharing_the_longest_start() {
        let names: Vec<String> = ["RoadMain", "StadiumRoadMain", "StadiumRoadMainCurve"]
            .map(String::from)
            .to_vec();
        let near = nearest(&names, "StadiumRoadMian");
        assert_eq!(near[..2], ["StadiumRoadMain", "StadiumRoadMainCurve"]);
    }
}
