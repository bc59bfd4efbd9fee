//! Blocks and items of a map: sortable, filterable tables (virtual rows, so
//! maps with tens of thousands of blocks stay smooth) and a top-down plot of
//! their positions. Clicking a row selects the record's bytes for the hex
//! view. Everything is extracted once per document revision (the cache in
//! [`ContentsState`] is dropped by `GbxView::sync` after every edit), and
//! the shown rows are recomputed only when the filter or the sort changes.

use super::contents_plot;
use crate::command::Command;
use crate::gbx::doc::GbxDoc;
use crate::gbx::view::{CentralView, ContentsState, Extract, GbxView, PlotData, Shown, Table};
use crate::widgets::view_head::{self, PLOT_MIN_PX};
use std::collections::BTreeMap;
use std::rc::Rc;
use trackbench_core::bytes::ByteRange;
use trackbench_core::edit::{embedded_items, map_ops};
use trackbench_core::gbx::access::known_names::{self, NameKind};
use trackbench_core::gbx::access::map_contents::{BlockRef, Item, map_contents};
use trackbench_core::gbx::classes::challenge;

/// The extracted blocks and items of the document (extracted on first use).
pub fn extract(doc: &GbxDoc, s: &mut ContentsState) -> Option<Rc<Extract>> {
    if s.cache.is_none() {
        let x = map_contents(doc.gbx()).map(|contents| {
            let gbx = doc.gbx();
            let mut block_names: Vec<String> = contents
                .blocks()
                .filter(|b| !b.baked)
                .map(|b| b.name().to_owned())
                .collect();
            // The palette offers the environment's names (the data file's)
            // beside the map's own.
            block_names.extend(known_names::environment_blocks(gbx));
            block_names.sort();
            block_names.dedup();
            let mut item_names: Vec<String> = embedded_items::ident_ids(gbx)
                .unwrap_or_default()
                .into_iter()
                .flatten()
                .collect();
            // The map's game items (an item file's path must be embedded
            // to be placed: `map_ops::place_item`).
            let game_item = |n: &&str| !n.to_ascii_lowercase().ends_with(".item.gbx");
            item_names.extend(
                contents
                    .items
                    .iter()
                    .map(|i| &*i.name)
                    .filter(game_item)
                    .map(str::to_owned),
            );
            item_names.retain(|n| !n.is_empty());
            item_names.sort();
            item_names.dedup();
            let mut x = Extract {
                contents,
                plot: PlotData::default(),
                validation: map_ops::validation(gbx),
                colours: map_ops::colours(gbx),
                cars: known_names::offered(gbx, NameKind::Car),
                decorations: known_names::offered(gbx, NameKind::Decoration),
                block_names,
                item_names,
            };
            x.plot = PlotData::new(&x);
            Rc::new(x)
        });
        s.cache = Some(x);
    }
    s.cache.clone().flatten()
}

/// Whether the document holds anything for this view.
#[must_use]
pub fn available(doc: &GbxDoc, s: &ContentsState) -> bool {
    match &s.cache {
        Some(x) => x.is_some(),
        None => doc.gbx().main_node().is_some_and(|n| {
            n.class_id == challenge::CLASS_ID && n.chunks.iter().any(|c| is_block_chunk(c.id))
        }),
    }
}

fn is_block_chunk(id: u32) -> bool {
    matches!(
        id,
        challenge::CHUNK_BLOCKS_TM10 | challenge::CHUNK_BLOCKS_LEGACY | challenge::CHUNK_BLOCKS
    )
}

/// The filter box's narrowest width (points).
const FILTER_MIN_PX: f32 = 80.0;

/// Draws the view: its head (the table switch, the filter, the summary and
/// the selection toolbar; folded, then scrolled, when the body would get
/// less than its minimum), the selected record's line at the bottom (never
/// above the rows: a line appearing there moved every row under the
/// pointer, issue 44), and the table with the plot beside it, or in a
/// narrow view one of the two. A click on a row selects its record's chunk
/// and bytes.
pub fn ui(ui: &mut egui::Ui, doc: &GbxDoc, view: &mut GbxView, out: &mut Vec<Command>) {
    let Some(x) = extract(doc, &mut view.contents) else {
        ui.label("Nothing to show.");
        return;
    };
    let shown = shown_rows(&mut view.contents, &x);
    // Beside the table when there is room for both; in a narrow view the
    // plot takes the table's place, chosen in the top bar.
    let width = ui.available_width();
    let beside = width >= PLOT_BESIDE_MIN_PX;
    let s = &mut view.contents;
    if beside {
        s.narrow_plot = false;
    }
    s.table_rect = None;
    s.plot_rect = None;
    let spacing = ui.spacing().item_spacing.y;
    let line = ui.spacing().interact_size.y + spacing;
    // The body's floor: the plot alone with its legend row, or the table;
    // and the selected record's line under either.
    let mut body_px = if s.narrow_plot {
        PLOT_MIN_PX + super::block_palette::PLOT_AXES_PX + 2.0 * line
    } else {
        view_head::table_min_px(spacing)
    } + 2.0 * line;
    if s.placing.open && (s.narrow_plot || beside) {
        // The plot's column: its legend row, the palette, the plot.
        body_px = body_px.max(line + super::block_palette::column_min_px(line) + 2.0 * line);
    }
    let mut fold = s.head;
    view_head::head(ui, "contents_head", body_px, &mut fold, |ui, folded| {
        let summary = summary(s, &x, shown.rows.len());
        if folded {
            // The selection and its Actions menu first: a folded head
            // scrolls, and its first lines are the ones in view.
            super::contents_toolbar::ui(ui, doc, &x, &shown.rows, s, folded, out);
            top_bar(ui, s, &x, beside);
            crate::widgets::toolbar::cut_label(ui, summary);
        } else {
            top_bar(ui, s, &x, beside);
            ui.label(summary);
            super::contents_toolbar::ui(ui, doc, &x, &shown.rows, s, folded, out);
        }
        per_name(ui, &shown);
    });
    view.contents.head = fold;
    // The top bar may have switched tables or changed the filter: the rows
    // are those of the table drawn (the block rows of a map with fewer
    // items indexed past its items otherwise). Kept when nothing changed.
    view.contents.shown = Some(shown);
    let shown = shown_rows(&mut view.contents, &x);
    egui::Panel::bottom("contents_selected_line")
        .resizable(false)
        .frame(egui::Frame::NONE.inner_margin(egui::Margin::symmetric(0, 2)))
        .show(ui, |ui| selection_line(ui, view, &x));
    let s = &mut view.contents;
    if beside {
        egui::Panel::right("contents_plot_panel")
            .resizable(true)
            .default_size(width * 0.45)
            .min_size(200.0)
            .max_size(width - 300.0)
            .show(ui, |ui| contents_plot::ui(ui, doc.gbx(), &x, s, out));
    } else if s.narrow_plot {
        contents_plot::ui(ui, doc.gbx(), &x, s, out);
        s.shown = Some(shown);
        return;
    }
    // The sideways bar always shows: columns past the edge (Flags,
    // Attributes, Decal…) must not look like the end of the table.
    let table = egui::ScrollArea::horizontal()
        .id_salt("contents_table_h")
        .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysVisible)
        .show(ui, |ui| match s.table {
            Table::Blocks => super::contents_tables::blocks(ui, s, &x, &shown.rows, out),
            Table::Items => super::contents_tables::items(ui, s, &x, &shown.rows, out),
        });
    s.table_rect = Some(table.inner_rect);
    s.shown = Some(shown);
}

/// The shown records' names with their counts, folded by default.
fn per_name(ui: &mut egui::Ui, shown: &Shown) {
    egui::CollapsingHeader::new(format!("Counts per name ({} names)", shown.per_name.len()))
        .id_salt("per_name")
        .show(ui, |ui| {
            egui::ScrollArea::vertical()
                .max_height(160.0)
                .show(ui, |ui| {
                    egui::Grid::new("per_name_grid")
                        .striped(true)
                        .show(ui, |ui| {
                            for (name, n) in &shown.per_name {
                                ui.label(name);
                                ui.label(n.to_string());
                                ui.end_row();
                            }
                        });
                });
        });
}

/// The narrowest view that shows the plot beside the table (300 px of
/// table, 200 of plot and the panels' margins); narrower, it goes under it.
const PLOT_BESIDE_MIN_PX: f32 = 640.0;

/// The table switch (and, in a narrow view, the top view as a third
/// choice) and the filter; wraps in a narrow view.
fn top_bar(ui: &mut egui::Ui, s: &mut ContentsState, x: &Extract, beside: bool) {
    crate::widgets::toolbar::row(ui, |ui| {
        let blocks = x.contents.blocks.iter().filter(|b| !b.baked).count();
        let items = x.contents.items.len();
        for (table, label) in [
            (Table::Blocks, format!("Blocks ({blocks})")),
            (Table::Items, format!("Items ({items})")),
        ] {
            let on = s.table == table && !s.narrow_plot;
            if ui.add(egui::Button::selectable(on, label)).clicked() {
                s.table = table;
                s.narrow_plot = false;
            }
        }
        if !beside
            && ui
                .add(egui::Button::selectable(s.narrow_plot, "Top view"))
                .on_hover_text("The plot from above instead of the table (the view is narrow)")
                .clicked()
        {
            s.narrow_plot = true;
        }
        place_button(ui, s, beside);
        ui.separator();
        // The caption and a usable box move to the next line together,
        // rather than the box being squeezed to "…" at the end of this one.
        let caption = crate::widgets::text_size::text_px(ui, "Filter:", egui::TextStyle::Body);
        let room = ui.available_size_before_wrap().x;
        if room < caption + FILTER_MIN_PX + 2.0 * ui.spacing().item_spacing.x {
            ui.end_row();
        }
        crate::widgets::toolbar::group(ui, |ui| {
            let label = ui.label("Filter:");
            ui.add(
                egui::TextEdit::singleline(&mut s.filter)
                    .hint_text("name, kind or waypoint")
                    .desired_width(ui.available_width().clamp(FILTER_MIN_PX, 220.0)),
            )
            .labelled_by(label.id);
        });
        if ui.button("Clear").clicked() {
            s.filter.clear();
        }
        let baked = x.contents.blocks.len() - blocks;
        if baked > 0 {
            ui.checkbox(&mut s.show_baked, format!("baked blocks ({baked})"));
        }
    });
}

/// Opens or closes the top view's block palette (issue 45); in a narrow
/// view it shows the top view too.
fn place_button(ui: &mut egui::Ui, s: &mut ContentsState, beside: bool) {
    let open = s.placing.open;
    if ui
        .add(egui::Button::selectable(open, "Place a block"))
        .on_hover_text("The block palette on the top view: pick a block, then click a cell")
        .clicked()
    {
        s.placing.open = !open;
        if open {
            s.placing.leave();
        } else if !beside {
            s.narrow_plot = true;
        }
    }
}

fn summary(s: &ContentsState, x: &Extract, shown: usize) -> String {
    let c = &x.contents;
    match s.table {
        Table::Blocks => {
            let total = c.blocks.iter().filter(|b| s.show_baked || !b.baked).count();
            let mut t = format!("{shown} of {total} blocks shown");
            if let Some(d) = c.declared_blocks {
                t += &format!("; stored count {d}");
            }
            if c.placeholders > 0 {
                t += &format!(
                    "; {} records with flags 0xFFFFFFFF (no block) not listed",
                    c.placeholders
                );
            }
            if c.extra_records > 0 {
                t += &format!(
                    "; {} records after the stored count not listed (see Problems)",
                    c.extra_records
                );
            }
            t
        }
        Table::Items => format!("{shown} of {} items shown", c.items.len()),
    }
}

/// The selected record's bytes and a button to see them in the hex view:
/// one line under the table, the same height with or without a selection
/// (the rows never move).
fn selection_line(ui: &mut egui::Ui, view: &mut GbxView, x: &Extract) {
    ui.horizontal(|ui| {
        ui.set_min_height(ui.spacing().interact_size.y);
        let selected = view.contents.selected.and_then(|(t, i)| record(x, t, i));
        let Some((what, range)) = selected else {
            ui.weak("Click a row to select its bytes.");
            return;
        };
        if ui.button("Show in hex").clicked() {
            view.central = CentralView::Hex;
        }
        // Cut to the line (the whole text on hover): a long block name
        // must not widen the view past its panel.
        crate::widgets::toolbar::cut_label(
            ui,
            format!(
                "Selected {what}: body bytes {:#x}..{:#x} ({} bytes)",
                range.start,
                range.end,
                range.end - range.start
            ),
        );
    });
}

fn record(x: &Extract, t: Table, i: usize) -> Option<(String, ByteRange)> {
    match t {
        Table::Blocks => x
            .contents
            .block(i)
            .map(|b| (format!("block #{i} {}", b.name()), b.range())),
        Table::Items => x
            .contents
            .items
            .get(i)
            .map(|it| (format!("item #{i} {}", it.name), it.range)),
    }
}

/// The rows to show, recomputed only when the setting changed.
fn shown_rows(s: &mut ContentsState, x: &Extract) -> Shown {
    let key = (s.table, s.filter.clone(), s.sort.0, s.sort.1, s.show_baked);
    if let Some(shown) = s.shown.take()
        && shown.key == key
    {
        return shown;
    }
    let needle = s.filter.to_lowercase();
    let mut rows: Vec<usize> = match s.table {
        Table::Blocks => (0..x.contents.blocks.len())
            .filter(|&i| {
                x.contents
                    .block(i)
                    .is_some_and(|b| (s.show_baked || !b.baked) && block_matches(b, &needle))
            })
            .collect(),
        Table::Items => (0..x.contents.items.len())
            .filter(|&i| item_matches(&x.contents.items[i], &needle))
            .collect(),
    };
    match s.table {
        Table::Blocks => super::contents_tables::sort_blocks(&mut rows, &x.contents, s.sort),
        Table::Items => super::contents_tables::sort_items(&mut rows, &x.contents.items, s.sort),
    }
    let mut per_name: BTreeMap<&str, usize> = BTreeMap::new();
    for &i in &rows {
        let name = match s.table {
            Table::Blocks => x.contents.block(i).map_or("", |b| b.name()),
            Table::Items => &x.contents.items[i].name,
        };
        *per_name.entry(name).or_default() += 1;
    }
    let mut per_name: Vec<(String, usize)> = per_name
        .into_iter()
        .map(|(n, c)| (n.to_owned(), c))
        .collect();
    per_name.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    Shown {
        key,
        rows,
        per_name,
    }
}

fn block_matches(b: BlockRef<'_>, needle: &str) -> bool {
    needle.is_empty()
        || b.name().to_lowercase().contains(needle)
        || b.kind.label().contains(needle)
        || b.waypoint()
            .is_some_and(|w| w.to_lowercase().contains(needle))
}

fn item_matches(it: &Item, needle: &str) -> bool {
    needle.is_empty()
        || it.name.to_lowercase().contains(needle)
        || it.collection.to_lowercase().contains(needle)
        || it.author.to_lowercase().contains(needle)
        || it.kind.label().contains(needle)
        || it
            .waypoint
            .as_ref()
            .is_some_and(|w| w.to_lowercase().contains(needle))
}
