//! The library: one row of facts per file of a folder (maps, replays,
//! items, Stunts tracks, paks), read from each file's header only, for a
//! sortable, searchable table or gallery of thousands of files.
//!
//! - [`row`]: [`Row`] and [`read_row`] (one file: header-only for `.Gbx`
//!   through [`crate::gbx::header_scan`], the 1,802 track bytes and Bliss
//!   metadata for Stunts files, the plain prefix for a pak).
//! - [`scan`]: listing a folder ([`list_files`]) and [`Scan`], which reads
//!   the rows on a rayon pool and streams them through a channel, with a
//!   cancel flag.
//! - [`details`]: the facts that need the body (lightmaps, embedded
//!   items, pak file count), read lazily.
//! - [`batch`]: actions on a selection (thumbnails, item ZIPs, renames,
//!   the table) planned with their conflicts, then run on a rayon pool
//!   with progress and cancel; [`export`] writes rows as CSV or JSON,
//!   [`rename`] makes file names from map names.
//! - [`preview`](mod@preview): a card's picture (map thumbnail or Stunts mini-map).
//! - [`sort`]: [`SortKey`], [`compare`] and [`matches`](fn@matches) (search with `$`
//!   formatting codes ignored).

pub mod batch;
pub mod batch_extract;
pub mod details;
pub mod export;
pub mod preview;
pub mod rename;
pub mod row;
pub mod scan;
pub mod sort;

pub use details::read_details;
pub use preview::preview;
pub use row::{Details, Row, read_row, thumbnail_jpeg};
pub use scan::{
    Scan, ScanEvent, ScanItem, ScanOptions, is_library_file, list_files, scan_blocking, scan_row,
    start_scan,
};
pub use sort::{SortKey, compare, matches};
