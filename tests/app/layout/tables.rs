//! The tables' columns and the diff list's share (the polish of issues 29
//! and 31): checked by `every_view_fits_every_window_size` on the library
//! and diff rows of [`super::VIEWS`] at every size, and by the metadata
//! form's case.

use super::*;

/// The width of `text` in egui's button font (points).
fn text_px(h: &Harness<'_, TrackbenchApp>, text: &str, style: egui::TextStyle) -> f32 {
    let font = style.resolve(&h.ctx.global_style());
    h.ctx.fonts_mut(|f| {
        f.layout_no_wrap(text.to_owned(), font, egui::Color32::WHITE)
            .size()
            .x
    })
}

/// The library table (issue 31's polish): every column title is whole
/// (at 1920×1080 "Author time" was cut), and in a window wider than the
/// columns the Name and File columns take the spare width, so the table
/// reaches the window's right (150 points were left unused at 1920).
pub fn check_library(h: &Harness<'_, TrackbenchApp>, size: [f32; 2]) {
    use trackbench::library::panels::table::COLUMNS;
    let padding = h.ctx.global_style().spacing.button_padding.x;
    // The header row: where the one "Author time" is (a "File" menu is
    // above it).
    let row_y = h.get_by_label("Author time").rect().center().y;
    let header = |title: &str| {
        h.query_all_by_label(title)
            .map(|n| n.rect())
            .find(|r| (r.center().y - row_y).abs() < 4.0)
            .unwrap_or_else(|| panic!("{title:?} header not drawn at {size:?}"))
    };
    for (title, key, _) in COLUMNS {
        let r = header(title);
        let need = text_px(h, title, egui::TextStyle::Button)
            + if key.is_some() { 2.0 * padding } else { 0.0 };
        assert!(
            r.width() + 0.5 >= need,
            "{title:?} header cut at {size:?}: {} of {need} points",
            r.width()
        );
    }
    let status = header("Status");
    if size[0] >= 1280.0 {
        // The last column (60 points) ends at the window's right, less the
        // scroll bar and margins.
        assert!(
            status.left() >= size[0] - 120.0,
            "the table stops short of the window's right at {size:?}: Status at {status:?}"
        );
        // The spare width went to the text columns: Name, the first
        // column, has its title at its right (no sort arrow: the table
        // sorts on File), so its right edge less the table's left margin
        // (the panel's 8 points; the window's root has none) is its width.
        let name_px = header("Name").right() - 8.0;
        let least = COLUMNS[0].2;
        assert!(
            name_px >= least - 1.0 && (size[0] < 1900.0 || name_px > least + 10.0),
            "Name {name_px} wide at {size:?} (at least {least}, more at 1920)"
        );
    }
}

/// The Diff view's list (issue 31's polish): at 1024×700 it shows
/// [`LIST_ROWS`] whole rows when there are that many differences (about 4
/// before), and at every size the hex panes keep rows of their own.
pub fn check_diff(h: &Harness<'_, TrackbenchApp>, size: [f32; 2]) {
    use trackbench::gbx::panels::diff_view::LIST_ROWS;
    let view = h.state().gbx_view().expect("a .Gbx tab");
    let Some(list) = view.diff.list_rect else {
        // The list beside the panes (wide enough): its own full height.
        return;
    };
    let rows = h
        .query_all_by(|n| {
            super::text_of(n).is_some_and(|l| ["~ ", "+ ", "- "].iter().any(|m| l.starts_with(m)))
        })
        .map(|n| n.rect())
        // Whole rows: their height inside the list's viewport (a row's
        // width is the list's, give or take its scroll bar).
        .filter(|r| {
            r.top() >= list.top() - 0.5
                && r.bottom() <= list.bottom() + 0.5
                && r.x_range().intersects(list.x_range())
        })
        .count();
    let differences = match &h.state().doc {
        Some(OpenDoc::Gbx(doc, _)) => doc.compare.as_ref().map_or(0, |c| c.differences.len()),
        _ => 0,
    };
    eprintln!("diff at {size:?}: {rows} list rows of {differences} in {list:?}");
    if size == [1024.0, 700.0] {
        assert!(
            rows >= LIST_ROWS.min(differences),
            "{rows} rows of the diff list at 1024×700 ({differences} differences)"
        );
    }
    // Both panes keep several hex rows under the list.
    let hex = super::hex_rows_shown(h);
    eprintln!("diff at {size:?}: {hex} hex rows in the panes");
    assert!(hex >= 10, "{hex} hex rows in the diff panes at {size:?}");
}

/// The metadata table (issue 28's view): at 1280×800 and wider every
/// trait's name shows whole ("LibMapType_M…" was cut at 1280 while the
/// Value column had hundreds of points to spare); in smaller windows every
/// name under 45 % of the centre's width.
pub fn check_metadata_names(h: &Harness<'_, TrackbenchApp>, size: [f32; 2]) {
    let Some(OpenDoc::Gbx(doc, _)) = &h.state().doc else {
        panic!("not a .Gbx tab");
    };
    let rows = trackbench_core::gbx::access::script_metadata::script_metadata(doc.gbx())
        .expect("the map's script metadata");
    let centre = gbx_panels(h).centre.expect("a centre");
    let mut checked = 0;
    for row in rows.iter().filter(|r| r.depth == 0) {
        for node in h.query_all_by_label(&row.name) {
            let r = node.rect();
            if !centre.contains_rect(r) {
                continue;
            }
            let need = text_px(h, &row.name, egui::TextStyle::Body);
            // Under 1280 wide, whole where the name takes under 45 % of
            // the centre (the column gives names at most half); a longer
            // one is cut, but keeps those 45 % (at 800×500 with both side
            // panels every name of the map is longer).
            let share = centre.width() * 0.45;
            if size[0] < 1280.0 && need > share {
                assert!(
                    r.width() + 1.0 >= share,
                    "{:?} cut to {} points at {size:?}, under 45 % of the centre",
                    row.name,
                    r.width()
                );
                checked += 1;
                continue;
            }
            assert!(
                r.width() + 0.5 >= need,
                "{:?} cut at {size:?}: {} of {need} points",
                row.name,
                r.width()
            );
            checked += 1;
        }
    }
    assert!(checked >= 3, "{checked} trait names found at {size:?}");
}
