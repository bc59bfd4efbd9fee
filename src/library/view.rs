//! What the library view remembers between frames: search text, class
//! and environment filters, sort column and direction, table or grid, the
//! selected rows (click, Ctrl+click, Shift+click), the order of the visible
//! rows (rebuilt only when one of those or the rows change), the thumbnail
//! cache and the cache of body facts.

use super::details::DetailsCache;
use super::doc::LibraryDoc;
use super::thumbs::ThumbCache;
use std::collections::BTreeSet;
use std::path::PathBuf;
use trackbench_core::library::Row;
use trackbench_core::library::{SortKey, compare, matches};

/// Table or thumbnail grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LibraryMode {
    /// One line per file.
    #[default]
    Table,
    /// A card with a thumbnail per file.
    Grid,
}

/// How a row was clicked (from the keyboard modifiers held).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Click {
    /// A plain click: this row alone.
    Only,
    /// Ctrl (Cmd) + click: add or remove this row.
    Toggle,
    /// Shift + click: every visible row from the last clicked one to this.
    Range,
}

impl Click {
    /// The click meant by the modifiers held.
    #[must_use]
    pub fn from_modifiers(command: bool, shift: bool) -> Self {
        match (command, shift) {
            (_, true) => Self::Range,
            (true, false) => Self::Toggle,
            _ => Self::Only,
        }
    }
}

/// What decides the visible order; the order is rebuilt when it changes.
#[derive(Debug, Clone, PartialEq)]
struct OrderKey {
    generation: u64,
    query: String,
    class: Option<String>,
    collection: Option<String>,
    sort: SortKey,
    ascending: bool,
}

/// View state of a library tab.
pub struct LibraryView {
    /// Table or grid.
    pub mode: LibraryMode,
    /// Search text (name, author or file name; `$` codes ignored).
    pub query: String,
    /// Only rows of this class, when set.
    pub class_filter: Option<String>,
    /// Only rows of this environment / collection, when set.
    pub collection_filter: Option<String>,
    /// Sort column.
    pub sort: SortKey,
    /// Sort direction.
    pub ascending: bool,
    /// The file clicked last (opened by Enter and "Open selected"; the
    /// anchor of a Shift+click range).
    pub selected: Option<PathBuf>,
    /// Every selected file (batch actions run on these).
    pub picked: BTreeSet<PathBuf>,
    /// Decoded thumbnails of visible cards.
    pub thumbs: ThumbCache,
    /// Body facts of the rows on screen, read lazily.
    pub details: DetailsCache,
    /// The table's width last frame (points): a new one lays the
    /// columns out again for it.
    pub table_width: Option<f32>,
    order: Vec<usize>,
    order_key: Option<OrderKey>,
}

impl Default for LibraryView {
    fn default() -> Self {
        Self {
            mode: LibraryMode::Table,
            query: String::new(),
            class_filter: None,
            collection_filter: None,
            sort: SortKey::FileName,
            ascending: true,
            selected: None,
            picked: BTreeSet::new(),
            thumbs: ThumbCache::default(),
            details: DetailsCache::default(),
            table_width: None,
            order: Vec::new(),
            order_key: None,
        }
    }
}

impl LibraryView {
    /// Sorts on `key`; the same key again flips the direction.
    pub fn sort_by(&mut self, key: SortKey) {
        if self.sort == key {
            self.ascending = !self.ascending;
        } else {
            self.sort = key;
            self.ascending = true;
        }
    }

    /// Applies a click on the row of `path`; `shown` is the visible order
    /// (for a range).
    pub fn click(&mut self, path: PathBuf, click: Click, shown: &[&PathBuf]) {
        match click {
            Click::Only => {
                self.picked.clear();
                self.picked.insert(path.clone());
            }
            Click::Toggle => {
                if !self.picked.remove(&path) {
                    self.picked.insert(path.clone());
                }
            }
            Click::Range => {
                let at = |p: &PathBuf| shown.iter().position(|s| *s == p);
                let end = at(&path);
                let start = self.selected.as_ref().and_then(at).or(end);
                if let (Some(a), Some(b)) = (start, end) {
                    let (a, b) = (a.min(b), a.max(b));
                    self.picked = shown[a..=b].iter().map(|p| (*p).clone()).collect();
                }
                if self.selected.is_some() {
                    // The anchor stays for the next Shift+click.
                    return;
                }
            }
        }
        self.selected = Some(path);
    }

    /// Selects every visible row.
    pub fn pick_all(&mut self, doc: &LibraryDoc) {
        let order = self.visible(doc).to_vec();
        self.picked = order.iter().map(|&i| doc.rows[i].path.clone()).collect();
    }

    /// The selected rows in visible order.
    pub fn picked_rows(&mut self, doc: &LibraryDoc) -> Vec<Row> {
        let order = self.visible(doc).to_vec();
        order
            .iter()
            .map(|&i| &doc.rows[i])
            .filter(|r| self.picked.contains(&r.path))
            .cloned()
            .collect()
    }

    /// The visible rows, in order.
    pub fn visible_rows(&mut self, doc: &LibraryDoc) -> Vec<Row> {
        let order = self.visible(doc).to_vec();
        order.iter().map(|&i| doc.rows[i].clone()).collect()
    }

    /// Indices into `doc.rows` of the rows shown, in display order.
    pub fn visible(&mut self, doc: &LibraryDoc) -> &[usize] {
        let key = OrderKey {
            generation: doc.generation,
            query: self.query.trim().to_lowercase(),
            class: self.class_filter.clone(),
            collection: self.collection_filter.clone(),
            sort: self.sort,
            ascending: self.ascending,
        };
        if self.order_key.as_ref() != Some(&key) {
            let rows = &doc.rows;
            let mut order: Vec<usize> = (0..rows.len())
                .filter(|&i| {
                    matches(&rows[i], &key.query)
                        && key.class.as_ref().is_none_or(|c| &rows[i].class == c)
                        && key
                            .collection
                            .as_ref()
                            .is_none_or(|c| rows[i].collection.as_ref() == Some(c))
                })
                .collect();
            order.sort_by(|&a, &b| {
                let o = compare(&rows[a], &rows[b], key.sort);
                if key.ascending { o } else { o.reverse() }
            });
            self.order = order;
            self.order_key = Some(key);
        }
        &self.order
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paths(names: &[&str]) -> Vec<PathBuf> {
        names.iter().map(PathBuf::from).collect()
    }

    #[test]
    fn clicks_select_one_toggle_and_extend_a_range() {
        let all = paths(&["a", "b", "c", "d", "e"]);
        let shown: Vec<&PathBuf> = all.iter().collect();
        let mut v = LibraryView::default();
        v.click(all[1].clone(), Click::Only, &shown);
        assert_eq!(v.picked, paths(&["b"]).into_iter().collect());
        // Ctrl+click adds c and e, then removes c again.
        v.click(all[2].clone(), Click::Toggle, &shown);
        v.click(all[4].clone(), Click::Toggle, &shown);
        assert_eq!(v.picked, paths(&["b", "c", "e"]).into_iter().collect());
        v.click(all[2].clone(), Click::Toggle, &shown);
        assert_eq!(v.picked, paths(&["b", "e"]).into_iter().collect());
        // Shift+click: from the last clicked row (c) to a, anchor kept.
        v.click(all[0].clone(), Click::Range, &shown);
        assert_eq!(v.picked, paths(&["a", "b", "c"]).into_iter().collect());
        v.click(all[3].clone(), Click::Range, &shown);
        assert_eq!(v.picked, paths(&["c", "d"]).into_iter().collect());
        assert_eq!(v.selected, Some(all[2].clone()));
        // A plain click starts over.
        v.click(all[4].clone(), Click::Only, &shown);
        assert_eq!(v.picked, paths(&["e"]).into_iter().collect());
        assert_eq!(Click::from_modifiers(true, false), Click::Toggle);
        assert_eq!(Click::from_modifiers(false, true), Click::Range);
        assert_eq!(Click::from_modifiers(false, false), Click::Only);
    }
}
