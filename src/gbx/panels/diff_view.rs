//! The Diff view: this file (A) against another .Gbx (B). The differences
//! (nodes, chunks and fields matched structurally by the core's
//! `toolbox::diff`) are listed on the left; the two hex views show A and B
//! side by side with every difference marked and the current one
//! highlighted. Filters: all, header only, body only; ignore lightmaps and
//! thumbnails. Previous/next step through the list.

use super::diff_hex::{self, Pane};
use super::diff_list::{entry_text, merged_ranges, side, step, visible};
use crate::command::{Command, GbxCommand};
use crate::gbx::doc::{Compare, GbxDoc};
use crate::gbx::view::{DiffScope, DiffState};
use trackbench_core::bytes::Space;
use trackbench_core::toolbox::diff::{DiffKind, Difference};

/// Width of the list of differences (points).
const LIST_WIDTH: f32 = 330.0;

/// Narrowest central area that shows the list beside both hex panes.
const MIN_SIDE_BY_SIDE: f32 = 1000.0;

/// Narrowest central area that shows the two hex panes side by side (the
/// list above them).
const MIN_PANES_SIDE_BY_SIDE: f32 = 560.0;

/// Lowest central area that stacks the list and both hex panes.
const MIN_STACKED_HEIGHT: f32 = 240.0;

/// Draws the view; without a comparison, offers to start one.
pub fn ui(ui: &mut egui::Ui, doc: &GbxDoc, view: &mut DiffState, out: &mut Vec<Command>) {
    let Some(c) = &doc.compare else {
        ui.add_space(12.0);
        ui.label(
            "Compare this file with another .Gbx (another version of it, say): nodes, chunks \
             and fields are matched by what they are, and every difference is listed and \
             marked in both hex views.",
        );
        if ui.button(Command::PickCompareFile.label()).clicked() {
            out.push(Command::PickCompareFile);
        }
        return;
    };
    let shown = visible(&c.differences, view.scope, view.ignore_heavy);
    if view.current.is_some_and(|i| i >= shown.len()) {
        view.current = None;
    }
    toolbar(ui, doc, c, view, &shown, out);
    ui.separator();
    // Too narrow for a list beside two hex panes: the list above the two
    // panes, one under the other; too low for that too, the list alone
    // (egui panics on a negative size).
    if ui.available_width() < MIN_SIDE_BY_SIDE {
        if ui.available_height() < MIN_STACKED_HEIGHT {
            list(ui, &c.differences, &shown, view, true);
        } else {
            let panes_beside = ui.available_width() >= MIN_PANES_SIDE_BY_SIDE;
            stacked(ui, doc, c, &shown, view, panes_beside);
        }
        return;
    }
    egui::Panel::left("diff_list")
        .resizable(true)
        .default_size(LIST_WIDTH)
        .show(ui, |ui| list(ui, &c.differences, &shown, view, true));
    let current = view.current.map(|k| &c.differences[shown[k]]);
    ui.columns(2, |cols| {
        for (b, col) in cols.iter_mut().enumerate() {
            pane(col, doc, c, &shown, current, view, b == 1);
        }
    });
}

/// The narrower layouts: the list on top (a third of the height,
/// resizable), then panes A and B side by side (`panes_beside`), or A above
/// B, each as wide as the view.
fn stacked(
    ui: &mut egui::Ui,
    doc: &GbxDoc,
    c: &Compare,
    shown: &[usize],
    view: &mut DiffState,
    panes_beside: bool,
) {
    let h = ui.available_height();
    let (least, default, most) = list_heights(ui, h, shown.len());
    egui::Panel::top("diff_list_top")
        .resizable(true)
        .default_size(default)
        .size_range(least..=most)
        .show(ui, |ui| list(ui, &c.differences, shown, view, false));
    let current = view.current.map(|k| &c.differences[shown[k]]);
    if panes_beside {
        ui.columns(2, |cols| {
            for (b, col) in cols.iter_mut().enumerate() {
                pane(col, doc, c, shown, current, view, b == 1);
            }
        });
        return;
    }
    let each = (ui.available_height() / 2.0 - ui.spacing().item_spacing.y).max(40.0);
    for is_b in [false, true] {
        let size = egui::vec2(ui.available_width(), each);
        ui.allocate_ui(size, |ui| pane(ui, doc, c, shown, current, view, is_b));
    }
}

/// Rows the stacked list shows when there are that many differences.
pub const LIST_ROWS: usize = 10;

/// What the hex panes keep under a stacked list (points, and a share of
/// the height when that is more): their A/B row and about 6 rows each.
const PANES_MIN_PX: f32 = 130.0;
/// See [`PANES_MIN_PX`].
const PANES_SHARE: f32 = 0.35;

/// The stacked list's height (points) in a view `h` tall: by default
/// [`LIST_ROWS`] rows (fewer when there are fewer differences; about 4
/// showed at 1024×700 when it was a third), at most what leaves the hex
/// panes [`PANES_MIN_PX`]. Returns (least, default, most); the user drags
/// between.
fn list_heights(ui: &egui::Ui, h: f32, rows: usize) -> (f32, f32, f32) {
    let pitch = list_row_height(ui) + ui.spacing().item_spacing.y;
    // The panel's margins and the scroll area's rounding.
    let slack = 6.0;
    let rows_px = |n: usize| slack + pitch * n as f32;
    let most = (h - PANES_MIN_PX.max(h * PANES_SHARE)).max(rows_px(1));
    let want = rows_px(rows.clamp(1, LIST_ROWS));
    (rows_px(1).min(most), want.min(most), most)
}

/// The height of a row of the list (points): a selectable button's, its
/// text and padding or egui's interact height (`show_rows` must be told
/// the real one: with the text's height plus 4 the rows drifted 1 point
/// each from where the scroll area placed them).
fn list_row_height(ui: &egui::Ui) -> f32 {
    let text = ui.text_style_height(&egui::TextStyle::Body);
    let spacing = ui.spacing();
    spacing
        .interact_size
        .y
        .max(text + 2.0 * spacing.button_padding.y)
}

fn toolbar(
    ui: &mut egui::Ui,
    doc: &GbxDoc,
    c: &Compare,
    view: &mut DiffState,
    shown: &[usize],
    out: &mut Vec<Command>,
) {
    crate::widgets::toolbar::row(ui, |ui| {
        ui.label(format!(
            "A: {}   B: {}",
            doc.title,
            crate::document::title_of(&c.path)
        ));
        if ui.button("Compare with…").clicked() {
            out.push(Command::PickCompareFile);
        }
        if ui.button("Stop comparing").clicked() {
            out.push(Command::Gbx(GbxCommand::CloseCompare));
        }
    });
    crate::widgets::toolbar::row(ui, |ui| {
        ui.selectable_value(&mut view.scope, DiffScope::All, "All");
        ui.selectable_value(&mut view.scope, DiffScope::HeaderOnly, "Header only");
        ui.selectable_value(&mut view.scope, DiffScope::BodyOnly, "Body only");
        ui.checkbox(&mut view.ignore_heavy, "Ignore lightmaps and thumbnails");
        ui.separator();
        let go = |view: &mut DiffState, forward| {
            view.current = step(view.current, shown.len(), forward);
            if let Some(k) = view.current {
                reveal(&c.differences[shown[k]], view);
            }
        };
        if ui
            .add_enabled(!shown.is_empty(), egui::Button::new("< Previous"))
            .clicked()
        {
            go(view, false);
        }
        if ui
            .add_enabled(!shown.is_empty(), egui::Button::new("Next difference >"))
            .clicked()
        {
            go(view, true);
        }
        let pos = view
            .current
            .map_or_else(|| "-".to_owned(), |k| (k + 1).to_string());
        ui.label(match shown.len() {
            0 => "no differences".to_owned(),
            n => format!(
                "{pos} of {n} difference(s) ({} in all)",
                c.differences.len()
            ),
        });
    });
}

/// Shows `d` in both panes: their spaces, scrolled to its bytes.
fn reveal(d: &Difference, view: &mut DiffState) {
    for (k, s) in [d.a, d.b].into_iter().enumerate() {
        if let Some(s) = s {
            view.spaces[k] = s.space;
            view.scroll_to[k] = Some(s.range.start);
        }
    }
    view.reveal_row = true;
}

/// The entry's row: mark, the field with old → new, then where it is
/// (cut at the end with "…"; the whole path on hover).
fn row_text(d: &Difference) -> (String, String) {
    let mark = match d.kind {
        DiffKind::Changed => "~",
        DiffKind::OnlyInA => "-",
        DiffKind::OnlyInB => "+",
    };
    let (headline, context) = entry_text(d);
    let row = if context.is_empty() {
        format!("{mark} {headline}")
    } else {
        format!("{mark} {headline}   · {context}")
    };
    (row, format!("{}\n{headline}", d.path))
}

/// The list of differences, under a heading when `heading` (stacked
/// above the panes it goes: the toolbar counts them, and every row counts).
fn list(
    ui: &mut egui::Ui,
    diffs: &[Difference],
    shown: &[usize],
    view: &mut DiffState,
    heading: bool,
) {
    if heading {
        ui.heading("Differences");
    }
    let row_height = list_row_height(ui);
    let mut area = egui::ScrollArea::both()
        .auto_shrink([false, false])
        .id_salt("diff_rows");
    if std::mem::take(&mut view.reveal_row)
        && let Some(k) = view.current
    {
        area = area.vertical_scroll_offset((k.saturating_sub(3)) as f32 * row_height);
    }
    view.list_rect = None;
    area.show_rows(ui, row_height, shown.len(), |ui, rows| {
        view.list_rect = Some(ui.clip_rect());
        for k in rows {
            let d = &diffs[shown[k]];
            let selected = view.current == Some(k);
            let (row, full) = row_text(d);
            let r = ui
                .add(egui::Button::selectable(selected, row).truncate())
                .on_hover_text(full);
            if r.clicked() {
                view.current = Some(k);
                reveal(d, view);
                view.reveal_row = false;
            }
        }
    });
}

fn pane(
    ui: &mut egui::Ui,
    doc: &GbxDoc,
    c: &Compare,
    shown: &[usize],
    current: Option<&Difference>,
    view: &mut DiffState,
    is_b: bool,
) {
    let k = usize::from(is_b);
    ui.horizontal(|ui| {
        ui.strong(if is_b { "B" } else { "A" });
        ui.selectable_value(&mut view.spaces[k], Space::File, "File");
        ui.selectable_value(&mut view.spaces[k], Space::Body, "Body");
    });
    let space = view.spaces[k];
    let data = if is_b {
        c.bytes(space)
    } else {
        doc.bytes(space)
    };
    let marked = merged_ranges(&c.differences, shown, is_b, space);
    let cur = current
        .and_then(|d| side(d, is_b))
        .filter(|s| s.space == space)
        .map(|s| s.range);
    let id = if is_b { "diff_hex_b" } else { "diff_hex_a" };
    let p = Pane {
        id,
        data,
        marked: &marked,
        current: cur,
    };
    diff_hex::ui(ui, &p, view.scroll_to[k].take());
}
