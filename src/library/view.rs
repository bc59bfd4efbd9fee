//! What the library view remembers between frames: search text, class
//! and environment filters, sort column and direction, table or grid, the selected row, the
//! order of the visible rows (rebuilt only when one of those or the rows
//! change) and the thumbnail cache.

use super::doc::LibraryDoc;
use super::thumbs::ThumbCache;
use std::path::PathBuf;
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
    /// The selected file.
    pub selected: Option<PathBuf>,
    /// Decoded thumbnails of visible cards.
    pub thumbs: ThumbCache,
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
            thumbs: ThumbCache::default(),
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
