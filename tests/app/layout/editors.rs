//! The layout test's cases for the editors' and the Runs view's panels
//! (issues 28 and 29): each at the four window sizes of `SIZES`.

use super::*;

/// The Runs view (issue 29) of three TM2020 ghosts: the plot tabs and the
/// table's toggle stay in the window at every size, the table's first
/// column too when the table is shown, and the plot keeps
/// `runs_view::PLOT_MIN_PX` (the table folds where it would not: at
/// 800×500 the plots were about 70 points tall); unfolded by the user, the
/// table's first column is on screen.
#[test]
fn a_runs_view_fits_every_window_size() {
    use trackbench::runs::panels::runs_view::{PLOT_MIN_PX, REFERENCE, TABLE_TOGGLE};
    let Some(dir) = corpus_dir_or_warn("layout") else {
        return;
    };
    let files = crate::runs_view::tm2020_ghosts(&dir);
    let runs_view = |h: &Harness<'_, TrackbenchApp>| match &h.state().doc {
        Some(OpenDoc::Runs(_, v)) => v.as_ref().clone(),
        _ => panic!("not a Runs tab"),
    };
    for size in SIZES {
        let mut app = TrackbenchApp::new(Settings::default(), &[]);
        crate::runs_view::compare_and_wait(&mut app, files.clone());
        let mut h = super::harness_for(app, size);
        let folded = runs_view(&h).table_folded;
        let labels = [TABLE_TOGGLE, "Paths", "Input statistics"];
        for label in labels
            .iter()
            .chain(if folded { &[][..] } else { &[REFERENCE] })
        {
            let r = h.get_by_label(label).rect();
            assert!(
                window(size).contains_rect(r),
                "{label} {r:?} off the {size:?} window"
            );
        }
        snapshot(&mut h, "runs", size);
        if !folded {
            rows_whole(&mut h, size);
        }
        for tab in ["Speed", "Paths", "Input lanes", "Input statistics", "Delta"] {
            h.get_by_label(tab).click();
            h.run();
            let plot = runs_view(&h).plot_rect.expect("a plot drawn");
            assert!(
                plot.height() >= PLOT_MIN_PX && window(size).contains_rect(plot),
                "{tab}: plot {plot:?} lower than {PLOT_MIN_PX} or off the {size:?} window"
            );
            match tab {
                "Paths" => snapshot(&mut h, "runs_paths", size),
                "Input lanes" => snapshot(&mut h, "runs_lanes", size),
                _ => {}
            }
        }
        if folded {
            h.get_by_label(TABLE_TOGGLE).click();
            h.run();
            snapshot(&mut h, "runs_unfolded", size);
            let r = h.get_by_label(REFERENCE).rect();
            assert!(window(size).contains_rect(r), "{REFERENCE} {r:?} unfolded");
            rows_whole(&mut h, size);
        }
    }
}

/// No row of the split table is cut at the bottom of its viewport, at the
/// top of its scroll and at its end (at 800×500 the third row was half
/// under the sideways scroll bar); each run's row is on screen at one of
/// the two.
fn rows_whole(h: &mut Harness<'_, TrackbenchApp>, size: [f32; 2]) {
    let rows_rect = |h: &Harness<'_, TrackbenchApp>| match &h.state().doc {
        Some(OpenDoc::Runs(_, v)) => v.table_rows_rect.expect("the table's rows drawn"),
        _ => panic!("not a Runs tab"),
    };
    let runs = 3;
    let mut seen = [false; 3];
    for at_end in [false, true] {
        if at_end {
            let at = rows_rect(h).center();
            let (page, down) = (egui::MouseWheelUnit::Page, egui::vec2(0.0, -5.0));
            crate::wheel(h, at, page, down, egui::Modifiers::NONE, 30);
        }
        let viewport = rows_rect(h);
        for (k, seen) in seen.iter_mut().enumerate().take(runs) {
            // The run's colour swatch in its Player cell ("■ 2").
            let swatch = format!("■ {}", k + 1);
            for node in h.query_all_by_label(&swatch) {
                let r = node.rect();
                if !r.intersects(viewport.shrink(0.5)) {
                    continue;
                }
                assert!(
                    viewport.expand(0.5).contains_rect(r),
                    "row {} cut at {size:?} (scrolled to the end: {at_end}): {r:?} in {viewport:?}",
                    k + 1
                );
                *seen = true;
            }
        }
    }
    assert_eq!(seen, [true; 3], "every row shown whole at {size:?}");
}

/// The script metadata view with its edit form (issue 28): the form's
/// fields and buttons stay inside the centre at every size.
#[test]
fn a_maps_metadata_form_fits_every_window_size() {
    let Some(dir) = corpus_dir_or_warn("layout") else {
        return;
    };
    for size in SIZES {
        let mut h = harness(dir.join("gbx/Summer 2020 - 11.Map.Gbx"), size);
        let v = h.state_mut().gbx_view_mut().unwrap();
        v.central = trackbench::gbx::view::CentralView::Metadata;
        v.metadata.selected = Some(0);
        h.run();
        snapshot(&mut h, "metadata", size);
        super::tables::check_metadata_names(&h, size);
        let centre = gbx_panels(&h).centre;
        assert_usable("centre", centre, size, 340.0);
        for label in ["Value:", "Set", "Remove trait", "New trait:", "Add trait"] {
            let r = h.get_by_label(label).rect();
            assert!(
                centre.unwrap().expand(0.5).contains_rect(r),
                "{label} {r:?} outside the centre at {size:?}"
            );
        }
    }
}

/// The MediaTracker key form beside the timeline (issue 28), with a
/// custom camera key selected: it stays inside the window.
#[test]
fn the_timeline_key_form_fits_every_window_size() {
    let Some(dir) = corpus_dir_or_warn("layout") else {
        return;
    };
    for size in SIZES {
        let mut h = harness(dir.join("gbx/StarStadiumE.Challenge.Gbx"), size);
        // The first block of the shown clip that has keys.
        let gbx = h.state().gbx_doc().unwrap().gbx().clone();
        let v = h.state_mut().gbx_view_mut().unwrap();
        let clip = &trackbench_core::gbx::access::mediatracker::clips(&gbx)[v.timeline.clip];
        let at = clip
            .tracks
            .iter()
            .enumerate()
            .find_map(|(t, tr)| {
                let b = tr.blocks.iter().position(|b| !b.keys.is_empty())?;
                Some((t, b))
            })
            .expect("a block with keys");
        v.timeline.selected = Some(at);
        v.timeline.selected_key = Some(0);
        h.run();
        // Below its threshold the layout policy folds the timeline to a
        // "Show timeline" button (issue 31): ask for it as a user would.
        if gbx_panels(&h).bottom.is_none()
            && let Some(show) = h.query_by_label("Show timeline")
        {
            show.click();
            h.run();
        }
        snapshot(&mut h, "timeline_key_form", size);
        let Some(bottom) = gbx_panels(&h).bottom else {
            eprintln!("the timeline stays folded at {size:?}: the key form is not shown there");
            continue;
        };
        use trackbench::gbx::panels::timeline_key_form::KEY_TIME_LABEL;
        assert!(
            h.query_by_label(KEY_TIME_LABEL).is_some(),
            "the key form at {size:?}"
        );
        // The form scrolls with the details column: its fields fit the
        // column's width, inside the timeline panel's.
        let r = h.get_by_label(KEY_TIME_LABEL).rect();
        assert!(
            r.left() >= bottom.left() - 0.5 && r.right() <= bottom.right() + 0.5,
            "key form {r:?} wider than the timeline {bottom:?} at {size:?}"
        );
    }
}

/// The Blocks & items view with a box selection on its top-down plot and
/// the selection toolbar (issue 28): the toolbar's buttons and the plot are
/// on screen at every size. Snapshot: `blocks_selection_<w>x<h>.png`.
#[test]
fn the_blocks_view_with_a_box_selection_fits_every_window_size() {
    use trackbench::gbx::panels::contents_select;
    use trackbench::gbx::view::contents_ops::BoxDrag;
    let Some(dir) = corpus_dir_or_warn("layout") else {
        return;
    };
    for size in SIZES {
        let mut h = harness(dir.join("gbx").join("map2.Map.Gbx"), size);
        h.get_by_label("Blocks & items").click();
        h.run();
        {
            let v = h.state_mut().gbx_view_mut().unwrap();
            let s = &mut v.contents;
            let x = s.cache.clone().flatten().expect("blocks extracted");
            // A box around the first block, 6 units each way.
            let [bx, bz] = contents_select::block_point(x.contents.block(0).unwrap());
            let (from, to) = ([bx - 6.0, bz - 6.0], [bx + 6.0, bz + 6.0]);
            s.selection = contents_select::in_box(&x, s.show_baked, from, to);
            s.box_drag = Some(BoxDrag { from, to });
            // At 800×500 the plot is behind a switch.
            s.narrow_plot = size[0] < 900.0;
        }
        h.run();
        let n = h
            .state()
            .gbx_view()
            .unwrap()
            .contents
            .selection
            .blocks
            .len();
        assert!(n >= 1, "the box selects blocks at {size:?}");
        snapshot(&mut h, "blocks_selection", size);
        let said = h.state().gbx_view().unwrap().contents.acting().describe();
        assert!(h.query_by_label(&said).is_some(), "{said:?} shown");
        let centre = gbx_panels(&h).centre.expect("centre");
        // A folded head (a low window) has them in its Actions menu.
        let folded = h.query_by_label("Actions").is_some();
        if folded {
            h.get_by_label("Actions").click();
            h.run();
        }
        for label in ["Delete", "Move…", "Rotate…", "Replace…", "Colour…"] {
            let r = h.get_by_label(label).rect();
            assert!(
                (folded || centre.expand(1.0).contains_rect(r)) && window(size).contains_rect(r),
                "{label} {r:?} outside the centre {centre:?} at {size:?}"
            );
        }
    }
}

/// The inspector's editor open on the map name (issue 28): the side panel
/// keeps its size, and the editor's text box and its "Set" button are on
/// screen inside it (in a narrow window once the strip shows the side).
#[test]
fn a_map_with_the_inspector_editor_open_fits_every_window_size() {
    use trackbench::command::{Command, GbxCommand};
    let Some(dir) = corpus_dir_or_warn("layout") else {
        return;
    };
    for size in SIZES {
        let mut h = harness(dir.join("gbx/example_challenge (2).Gbx"), size);
        let chunk = trackbench_core::gbx::ChunkRef::Header(1);
        h.state_mut()
            .push(Command::Gbx(GbxCommand::SelectChunk(chunk)));
        h.run();
        if gbx_panels(&h).right.is_none() {
            h.get_by_label("Preview & inspector").click();
            h.run();
        }
        let gbx = h.state().gbx_doc().unwrap().gbx();
        let loc = trackbench_core::edit::find_field_loc(gbx, chunk, "mapName").unwrap();
        h.state_mut()
            .push(Command::Gbx(GbxCommand::SelectFieldAt(loc.clone())));
        let view = h.state_mut().gbx_view_mut().unwrap();
        view.editing.open(loc, "SA5 - Badasia".into());
        h.run();
        h.run();
        snapshot(&mut h, "inspector_editor", size);
        let p = gbx_panels(&h);
        assert_usable("inspector", p.right, size, 220.0);
        assert_usable("centre", p.centre, size, 340.0);
        let side = p.right.unwrap().expand(1.0);
        for label in ["mapName =", "Set", "Cancel"] {
            let r = h.get_by_label(label).rect();
            assert!(
                side.contains_rect(r),
                "{label} {r:?} outside the side panel {side:?} at {size:?}"
            );
        }
    }
}

/// The top view's block palette open and placing mode on (issue 45): the
/// palette's search field, its first name and the placing line are inside
/// the window, and the plot keeps [`PLOT_MIN_PX`] in it, at every size.
/// Snapshot: `blocks_placing_<w>x<h>.png`.
#[test]
fn the_block_palette_and_placing_mode_fit_every_window_size() {
    palette_fits(false);
}

/// The same in items mode (the palette's Items list, an item picked).
/// Snapshot: `items_placing_<w>x<h>.png`.
#[test]
fn the_item_palette_and_placing_mode_fit_every_window_size() {
    palette_fits(true);
}

fn palette_fits(items: bool) {
    use trackbench::widgets::view_head::PLOT_MIN_PX;
    let Some(dir) = corpus_dir_or_warn("layout") else {
        return;
    };
    for size in SIZES {
        let mut h = harness(dir.join("gbx").join("map2.Map.Gbx"), size);
        h.get_by_label("Blocks & items").click();
        h.run();
        let first = {
            let v = h.state_mut().gbx_view_mut().unwrap();
            let s = &mut v.contents;
            let x = s.cache.clone().flatten().expect("blocks extracted");
            s.placing.open = true;
            s.placing.set_items(items);
            let names = if items { &x.item_names } else { &x.block_names };
            s.placing.pick(&names[0], 9);
            names[0].clone()
        };
        h.run();
        if h.state().gbx_view().unwrap().contents.plot_rect.is_none() {
            // Too narrow for the plot beside the table: its switch.
            h.get_by_label("Top view").click();
            h.run();
        }
        let plot = h.state().gbx_view().unwrap().contents.plot_rect;
        let plot = plot.unwrap_or_else(|| panic!("no top view at {size:?}"));
        h.hover_at(plot.center());
        h.run();
        h.run();
        snapshot(
            &mut h,
            if items {
                "items_placing"
            } else {
                "blocks_placing"
            },
            size,
        );
        let s = &h.state().gbx_view().unwrap().contents;
        let plot = s.plot_rect.expect("the top view drawn");
        assert!(
            plot.height() >= PLOT_MIN_PX && window(size).contains_rect(plot),
            "plot {plot:?} lower than {PLOT_MIN_PX} or off the {size:?} window"
        );
        let status = s.placing.status().expect("placing");
        assert!(s.placing.hover.is_some(), "the cell under the pointer");
        // Above the plot, in its column (its y axis is left of the plot
        // rect), inside the window (the first
        // name is also a table row's at the wide sizes).
        let keys = trackbench::gbx::view::placing::KEYS_HINT;
        for label in [
            if items { "Item:" } else { "Block:" },
            "Items",
            "Stop placing",
            status.as_str(),
            keys,
            first.as_str(),
        ] {
            let fits = |r: Rect| {
                window(size).contains_rect(r)
                    && r.bottom() <= plot.top() + 0.5
                    && r.left() >= plot.left() - 64.0
            };
            let rects: Vec<Rect> = h.get_all_by_label(label).map(|n| n.rect()).collect();
            assert!(
                rects.iter().any(|&r| fits(r)),
                "{label} {rects:?} not above the plot {plot:?} in the {size:?} window"
            );
        }
    }
}
