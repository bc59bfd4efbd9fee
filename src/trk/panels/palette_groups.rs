//! The palette's view of the element catalogue, tested without egui:
//! groups in palette order with their titles, and the search filter.

use trackbench_core::trk::elements::{catalogue, is_filler};
use trackbench_core::trk::{Element, ElementGroup};

/// Palette section title of a group.
#[must_use]
pub fn group_label(g: ElementGroup) -> &'static str {
    match g {
        ElementGroup::Blank => "Blank",
        ElementGroup::Roads => "Roads",
        ElementGroup::Corners => "Corners",
        ElementGroup::Splits => "Splits",
        ElementGroup::RampsAndBridges => "Ramps and bridges",
        ElementGroup::Stunts => "Stunts",
        ElementGroup::Scenery => "Scenery",
        ElementGroup::Fillers => "Fillers",
    }
}

/// Group order in the palette.
pub const GROUP_ORDER: [ElementGroup; 8] = [
    ElementGroup::Roads,
    ElementGroup::Corners,
    ElementGroup::Splits,
    ElementGroup::RampsAndBridges,
    ElementGroup::Stunts,
    ElementGroup::Scenery,
    ElementGroup::Blank,
    ElementGroup::Fillers,
];

/// True when every word of `query` occurs in `name` (case-insensitive).
#[must_use]
pub fn matches_search(name: &str, query: &str) -> bool {
    let name = name.to_lowercase();
    query
        .to_lowercase()
        .split_whitespace()
        .all(|w| name.contains(w))
}

/// Catalogue elements grouped for the palette, filtered by `query`; fillers
/// only when `with_fillers` (manual mode). Empty groups are left out.
#[must_use]
pub fn palette_groups(query: &str, with_fillers: bool) -> Vec<(ElementGroup, Vec<Element>)> {
    GROUP_ORDER
        .iter()
        .filter(|&&g| with_fillers || g != ElementGroup::Fillers)
        .map(|&g| {
            let items: Vec<Element> = catalogue()
                .iter()
                .filter(|e| e.kind.group() == g)
                .filter(|e| with_fillers || !is_filler(e.code))
                .filter(|e| matches_search(&e.display_name(), query))
                .copied()
                .collect();
            (g, items)
        })
        .filter(|(_, items)| !items.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palette_groups_search_and_hide_fillers() {
        let all = palette_groups("", false);
        assert!(all.iter().all(|(g, _)| *g != ElementGroup::Fillers));
        assert!(all.iter().any(|(g, _)| *g == ElementGroup::Roads));
        let with = palette_groups("", true);
        assert!(with.iter().any(|(g, _)| *g == ElementGroup::Fillers));
        let loops = palette_groups("LOOP", false);
        assert!(!loops.is_empty());
        for (_, items) in &loops {
            assert!(
                items
                    .iter()
                    .all(|e| e.display_name().to_lowercase().contains("loop"))
            );
        }
        assert!(palette_groups("no such piece xyz", false).is_empty());
        assert!(matches_search("Paved sharp corner (S-E)", "sharp paved"));
    }
}
