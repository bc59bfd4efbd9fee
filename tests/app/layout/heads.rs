//! The editing views at every window size with both side panels as the
//! layout policy shows them (issue 44): Blocks & items (both tables and the
//! top view) and Ghosts keep a table of
//! [`TABLE_MIN_ROWS`](trackbench::widgets::view_head::TABLE_MIN_ROWS) whole
//! rows and plots of [`PLOT_MIN_PX`] on screen, their heads folding first;
//! the Edit map form keeps Apply on screen and its labels whole; the
//! MediaTracker key form's labels are whole and distinct.

use super::*;
use egui_kittest::kittest::NodeT;
use trackbench::gbx::view::{CentralView, GhostTab, Table};
use trackbench::widgets::view_head::{PLOT_MIN_PX, TABLE_MIN_ROWS, table_min_px};

/// Rows drawn whole inside `table` (below its header row): the distinct
/// tops of the labels wholly inside it.
fn whole_rows(h: &Harness<'_, TrackbenchApp>, table: Rect) -> usize {
    let header_bottom = table.top() + trackbench::widgets::view_head::TABLE_HEADER_PX;
    let mut tops: Vec<i32> = h
        .query_all_by(|n| n.role() == egui::accesskit::Role::Label)
        .map(|n| n.rect())
        .filter(|r| r.top() >= header_bottom - 0.5 && table.expand(0.5).contains_rect(*r))
        .map(|r| r.top().round() as i32)
        .collect();
    tops.sort_unstable();
    tops.dedup();
    tops.len()
}

fn contents<'a>(h: &'a Harness<'_, TrackbenchApp>) -> &'a trackbench::gbx::view::ContentsState {
    &h.state().gbx_view().expect("a .Gbx tab").contents
}

fn inside(what: &str, r: Rect, area: Rect, size: [f32; 2]) {
    assert!(
        area.expand(1.0).contains_rect(r) && window(size).expand(0.5).contains_rect(r),
        "{what} {r:?} leaves {area:?} at {size:?}"
    );
}

/// Blocks & items of map2 (3749 blocks, 605 items; validated, so its
/// warning is in the head): each table shows six whole rows and the top
/// view a plot of 150 points, inside the centre, at every size.
#[test]
fn blocks_and_items_keep_rows_and_plot_at_every_size() {
    let Some(dir) = corpus_dir_or_warn("layout") else {
        return;
    };
    for size in SIZES {
        let mut h = harness(dir.join("gbx/map2.Map.Gbx"), size);
        h.get_by_label("Blocks & items").click();
        h.run();
        h.run();
        let centre = gbx_panels(&h).centre.expect("a centre");
        for (table, label) in [
            (Table::Blocks, "Blocks (3749)"),
            (Table::Items, "Items (605)"),
        ] {
            h.get_by_label(label).click();
            h.run();
            h.run();
            assert_eq!(contents(&h).table, table);
            let r = contents(&h).table_rect.expect("a table drawn");
            inside(label, r, centre, size);
            let rows = whole_rows(&h, r);
            eprintln!("{label} at {size:?}: {rows} rows in {r:?}");
            assert!(
                rows >= TABLE_MIN_ROWS,
                "{label}: {rows} whole rows at {size:?} in {r:?}"
            );
            snapshot(&mut h, &format!("blocks_{label}"), size);
        }
        if contents(&h).plot_rect.is_none() {
            h.get_by_label("Top view").click();
            h.run();
            h.run();
        }
        let plot = contents(&h).plot_rect.expect("the top view drawn");
        inside("top view", plot, centre, size);
        assert!(
            plot.height() >= PLOT_MIN_PX,
            "top view {plot:?} at {size:?}"
        );
    }
}

/// The Ghosts view of a replay: both plots at least 150 points high, the
/// first whole in the window, and each table tab with room for six rows,
/// at every size.
#[test]
fn the_ghosts_view_keeps_its_plots_and_tables_at_every_size() {
    let Some(dir) = corpus_dir_or_warn("layout") else {
        return;
    };
    for size in SIZES {
        let mut h = harness(dir.join("gbx/Bench.Replay.Gbx"), size);
        h.state_mut().gbx_view_mut().unwrap().central = CentralView::Ghosts;
        h.run();
        h.run();
        let centre = gbx_panels(&h).centre.expect("a centre");
        let ghosts = |h: &Harness<'_, TrackbenchApp>| {
            let st = &h.state().gbx_view().unwrap().ghosts;
            (st.plot_rects.clone(), st.body_rect)
        };
        let (plots, _) = ghosts(&h);
        assert_eq!(plots.len(), 2, "speed and path at {size:?}");
        for p in &plots {
            assert!(p.height() >= PLOT_MIN_PX, "plot {p:?} at {size:?}");
        }
        inside("first plot", plots[0], centre, size);
        let spacing = h.ctx.global_style().spacing.item_spacing.y;
        for (tab, label) in [
            (GhostTab::Checkpoints, "Checkpoint table"),
            (GhostTab::Samples, "Sample table"),
        ] {
            h.get_by_label(label).click();
            h.run();
            h.run();
            assert_eq!(h.state().gbx_view().unwrap().ghosts.tab, tab);
            // Whole in the centre (a short table), or six rows' room.
            let body = ghosts(&h).1.expect("the tab's body drawn");
            let visible = body.intersect(centre);
            assert!(
                centre.expand(0.5).contains_rect(body) || visible.height() >= table_min_px(spacing),
                "{label}: {visible:?} of {body:?} at {size:?}"
            );
        }
    }
}

/// The label node showing exactly `text` (a label's text is its value).
fn label_rect(h: &Harness<'_, TrackbenchApp>, text: &str, size: [f32; 2]) -> Rect {
    h.query_all_by(|n| {
        n.role() == egui::accesskit::Role::Label && n.value().as_deref() == Some(text)
    })
    .next()
    .unwrap_or_else(|| panic!("{text:?} not drawn whole at {size:?}"))
    .rect()
}

/// Text width of `text` in the body font.
fn body_px(h: &Harness<'_, TrackbenchApp>, text: &str) -> f32 {
    let font = egui::TextStyle::Body.resolve(&h.ctx.global_style());
    h.ctx.fonts_mut(|f| {
        f.layout_no_wrap(text.to_owned(), font, egui::Color32::WHITE)
            .size()
            .x
    })
}

/// The Edit map form opened in the side panel (issue 44, finding 3): its
/// buttons inside the panel and the window, and every label whole, at
/// every size; Apply and Reset in the footer under the preview's scroll
/// area, so the preview scrolled to its end leaves them where they were
/// (at 800×500 Apply was reached only by scrolling).
#[test]
fn the_edit_map_form_fits_every_window_size() {
    let Some(dir) = corpus_dir_or_warn("layout") else {
        return;
    };
    use trackbench::gbx::panels::map_form::FOOTER_BUTTONS;
    for size in SIZES {
        let mut h = harness(dir.join("gbx/example_challenge (2).Gbx"), size);
        if gbx_panels(&h).right.is_none() {
            h.get_by_label("Preview & inspector").click();
            h.run();
        }
        h.get_by_label("Edit map").click();
        h.run();
        h.run();
        snapshot(&mut h, "edit_map", size);
        let side = gbx_panels(&h).right.expect("the side panel");
        for button in ["Apply", "Reset", "Remove password", "Replace thumbnail…"] {
            inside(button, h.get_by_label(button).rect(), side, size);
        }
        let footer = FOOTER_BUTTONS.map(|b| h.get_by_label(b).rect());
        let header = h.get_by_label("Edit map").rect();
        // The wheel over the thumbnail, first in the preview: to its end.
        let at = side.center_top() + egui::vec2(0.0, 40.0);
        let (page, down) = (egui::MouseWheelUnit::Page, egui::vec2(0.0, -10.0));
        crate::wheel(&mut h, at, page, down, egui::Modifiers::NONE, 30);
        if size == [800.0, 500.0] {
            // The preview does not fit there: it scrolled.
            let moved = h.get_by_label("Edit map").rect();
            assert!(moved.top() < header.top() - 20.0, "{header:?} → {moved:?}");
        }
        for (button, before) in FOOTER_BUTTONS.iter().zip(footer) {
            let r = h.get_by_label(button).rect();
            inside(button, r, side, size);
            assert!(
                (r.top() - before.top()).abs() < 0.5,
                "{button} moved with the preview at {size:?}: {before:?} → {r:?}"
            );
        }
        for label in [
            "Name",
            "Author name",
            "Bronze (ms)",
            "Silver (ms)",
            "Gold (ms)",
            "Author (ms)",
        ] {
            let need = body_px(&h, label);
            // Whole; the form scrolls with the preview, so a label may be
            // under the fold.
            let r = label_rect(&h, label, size);
            assert!(
                r.width() + 0.5 >= need,
                "{label:?} cut at {size:?}: {} of {need}",
                r.width()
            );
        }
    }
}

/// Enter in a field of the Edit map form applies it (issue 44: it did
/// nothing).
#[test]
fn enter_in_the_edit_map_form_applies() {
    let Some(dir) = corpus_dir_or_warn("layout") else {
        return;
    };
    let mut h = harness(dir.join("gbx/example_challenge (2).Gbx"), [1024.0, 700.0]);
    h.get_by_label("Edit map").click();
    h.run();
    // Typed over (the draft), then Enter in the field.
    let v = h.state_mut().gbx_view_mut().unwrap();
    v.map_form.as_mut().expect("the form's draft").name = "Laptop".into();
    h.run();
    h.query_all_by_label("Name")
        .find(|n| n.accesskit_node().role() == egui::accesskit::Role::TextInput)
        .expect("the Name field")
        .focus();
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    h.run();
    let gbx = h.state().gbx_doc().unwrap().gbx();
    let info = trackbench_core::gbx::MapInfo::read(gbx).unwrap();
    assert_eq!(info.name.as_deref(), Some("Laptop"));
}

/// The key form of a Time block (issue 44, finding 8): the key's time and
/// the key's `timeValue` have whole, distinct labels (both read "time…").
#[test]
fn the_key_form_labels_are_whole_and_distinct() {
    use trackbench::gbx::panels::timeline_key_form::KEY_TIME_LABEL;
    let Some(dir) = corpus_dir_or_warn("layout") else {
        return;
    };
    for size in SIZES {
        let mut h = harness(
            dir.join("gbx/GBX-NET 2 CGameCtnMediaClip TMF 001.Clip.Gbx"),
            size,
        );
        let gbx = h.state().gbx_doc().unwrap().gbx().clone();
        let clips = trackbench_core::gbx::access::mediatracker::clips(&gbx);
        let at = clips[0]
            .tracks
            .iter()
            .enumerate()
            .find_map(|(t, tr)| {
                let b = tr
                    .blocks
                    .iter()
                    .position(|b| b.class_short.contains("Time") && !b.keys.is_empty())?;
                Some((t, b))
            })
            .expect("a Time block with keys");
        let v = h.state_mut().gbx_view_mut().unwrap();
        v.sizes.bottom_shown = Some(true);
        v.timeline.selected = Some(at);
        v.timeline.selected_key = Some(0);
        h.run();
        h.run();
        let labels = [KEY_TIME_LABEL, "timeValue"];
        assert_ne!(labels[0], labels[1]);
        for label in labels {
            let need = body_px(&h, label);
            let r = label_rect(&h, label, size);
            assert!(
                r.width() + 0.5 >= need,
                "{label:?} cut at {size:?}: {} of {need}",
                r.width()
            );
        }
    }
}

/// The Metadata view of Summer 2020 - 11 with a trait selected (its edit
/// form open above the table): the table has room for
/// [`TABLE_MIN_ROWS`](trackbench::widgets::view_head::TABLE_MIN_ROWS) rows
/// under its header inside the centre, and shows the map's 6 rows whole,
/// at every size (issue 44's requirement for Metadata; no corpus map has
/// more than 6 metadata rows, so the room is what is measured).
#[test]
fn the_metadata_table_keeps_its_rows_at_every_size() {
    use trackbench::widgets::view_head::{TABLE_HEADER_PX, TABLE_ROW_PX};
    let Some(dir) = corpus_dir_or_warn("layout") else {
        return;
    };
    for size in SIZES {
        let mut h = harness(dir.join("gbx/Summer 2020 - 11.Map.Gbx"), size);
        let v = h.state_mut().gbx_view_mut().unwrap();
        v.central = CentralView::Metadata;
        v.metadata.selected = Some(0);
        h.run();
        h.run();
        assert!(h.query_by_label("Remove trait").is_some(), "the form open");
        let centre = gbx_panels(&h).centre.expect("a centre");
        let total = {
            let gbx = h.state().gbx_doc().unwrap().gbx().clone();
            trackbench_core::gbx::access::script_metadata::script_metadata(&gbx)
                .expect("the map's script metadata")
                .len()
        };
        assert_eq!(total, 6, "Summer 2020 - 11's metadata rows");
        // The table: from its "#" header to the bottom of the centre.
        let header = h
            .query_all_by(|n| {
                // "#", with the sort mark when sorted by it.
                n.role() == egui::accesskit::Role::Button
                    && n.label().is_some_and(|l| l == "#" || l.starts_with("# "))
            })
            .next()
            .unwrap_or_else(|| panic!("the table's header at {size:?}"))
            .rect();
        let table = Rect::from_min_max(header.left_top(), centre.right_bottom());
        let room = table.height() - TABLE_HEADER_PX;
        let rows = whole_rows(&h, table);
        eprintln!("metadata at {size:?}: {rows} of {total} rows, {room} points in {table:?}");
        assert!(
            room >= TABLE_MIN_ROWS as f32 * TABLE_ROW_PX && rows == total,
            "{rows} whole rows of {total}, {room} points under the header at {size:?}"
        );
    }
}
