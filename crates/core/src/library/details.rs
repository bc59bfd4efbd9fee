//! The facts of a library row that the header does not hold, read lazily:
//! whether a map stores lightmaps (body chunk 0x0304303D), how many items
//! it embeds (the ZIP of body chunk 0x03043054, seed 003 "0x054"), how many
//! files a pak holds (its header, encrypted in version 1–3).
//!
//! These need the whole file (a map's body is LZO-compressed and its chunks
//! are walked in order, so a late chunk cannot be found without reading
//! the ones before it), which costs 10–100× a header read. A map is read by
//! a narrow parse (issue 46, [`Gbx::parse_narrow`]): the skippable chunks
//! other than [`DETAIL_CHUNKS`] are stepped over by their size, not
//! decoded, and the non-skippable ones (the block list 0x0304301F…) are
//! walked to their end recording nothing. The scan leaves details out unless asked
//! ([`super::ScanOptions::details`], `trackbench scan --details`); the app
//! reads them for the rows on screen only.

use super::row::{Details, Row, fill_gbx_from, finish_names, parse_row_gbx};
use crate::gbx::classes::challenge::{CHUNK_EMBEDDED_ITEMS, CHUNK_LIGHTMAPS};
use crate::gbx::read::body::Limits;
use crate::gbx::{
    Gbx, Narrow, Skippable, access::embedded, access::images, class_label, header_scan,
};
use crate::pak::{self, KeySource, OpenedPak, Packlist, PakLimits};
use crate::sniff::{FileKind, file_kind};
use std::io::Read;
use std::path::Path;

/// Largest file read whole for its details (maps with lightmaps and items
/// reach tens of MB; paks hundreds).
pub const MAX_DETAIL_BYTES: u64 = 1 << 30;

/// The chunks a map's details need decoded (both skippable): the lightmaps
/// and the embedded items ZIP.
pub static DETAIL_CHUNKS: Narrow = Narrow {
    consumer: "library details",
    chunks: &[CHUNK_LIGHTMAPS, CHUNK_EMBEDDED_ITEMS],
    // Neither reads a lookback string of another chunk.
    skippable: Skippable::Step,
    // Nothing recorded holds a deferred list.
    defer: true,
    walk_plain: true,
    typed: false,
    // Reads no damage note: the ghost buffers met in walks and the
    // lightmap cache are not inflated.
    checks: false,
};

/// The class (as `class_label` names it) whose rows have a body to read
/// details from.
const MAP_CLASS: &str = "CGameCtnChallenge";

/// Puts `details` on `row`, or their error as the row's ("reading the
/// body: …"), as every reader of details does.
pub(crate) fn set_details(row: &mut Row, details: Result<Details, String>) {
    match details {
        Ok(d) => row.details = Some(d),
        Err(e) => row.error = Some(format!("reading the body: {e}")),
    }
}

/// Reads the details of `row`'s file (all `None` for kinds without any).
///
/// # Errors
/// When the file cannot be read or parsed (a pak whose key is unknown is
/// not an error: its file count stays `None`).
pub fn read_details(row: &Row) -> Result<Details, String> {
    match row.kind {
        Some(FileKind::Gbx) if row.class == MAP_CLASS => map_details(&row.path),
        Some(FileKind::Pak) => pak_details(&row.path),
        _ => Ok(Details::default()),
    }
}

/// The largest file [`read_gbx_row_once`] makes room for at once (bytes):
/// a larger one grows as it is read.
const WHOLE_AT_ONCE: u64 = 64 << 20;

/// A .Gbx file's row with its details from one read of the file (`scan
/// --details`, issue 46): the header is read from the open file; a map's
/// other bytes follow from the same handle and one narrow parse
/// ([`DETAIL_CHUNKS`]) gives both the row's header facts and the details;
/// another .Gbx gets its row from that header and has no details to read.
/// The row equals [`super::read_row`] followed by [`read_details`] (test
/// `one_read_rows_are_the_rows_read_apart`), without the second and third
/// open and header parse: the header's bytes are collected without
/// decoding ([`header_scan::read_header_bytes_into`]) and decoded once, by
/// the parse. `None` when the file is not a .Gbx whose header
/// and body read within [`MAX_DETAIL_BYTES`]: the caller reads it the usual
/// way, whose row then says what failed.
#[must_use]
pub fn read_gbx_row_once(path: &Path) -> Option<Row> {
    let mut row = super::row::with_metadata(path);
    if row.error.is_some() || row.size_bytes > MAX_DETAIL_BYTES {
        return None;
    }
    let mut file = crate::sniff::input::open_regular(path).ok()?;
    // The header is read into a buffer the size of the file (up to
    // WHOLE_AT_ONCE), so a map's other bytes follow it without a copy.
    let mut bytes = Vec::with_capacity(usize::try_from(row.size_bytes.min(WHOLE_AT_ONCE)).ok()?);
    // Collected, not decoded: the one parse below decodes the header.
    let header = header_scan::read_header_bytes_into(&mut file, &mut bytes).ok()?;
    let head = &bytes[..bytes.len().min(12)];
    if file_kind(&path.to_string_lossy(), head) != FileKind::Gbx {
        return None;
    }
    if class_label(header.class_id) == MAP_CLASS {
        let rest = MAX_DETAIL_BYTES.saturating_sub(bytes.len() as u64);
        file.take(rest).read_to_end(&mut bytes).ok()?;
        let gbx = Gbx::parse_narrow(bytes, Limits::default(), &DETAIL_CHUNKS).ok()?;
        fill_gbx_from(&mut row, &gbx);
        set_details(&mut row, map_details_of(&gbx));
        gbx.recycle();
    } else {
        let gbx = parse_row_gbx(file, bytes, header.class_id, row.size_bytes).ok()?;
        fill_gbx_from(&mut row, &gbx);
        // Not a map: nothing to read (`read_details` says so without I/O).
        let details = read_details(&row);
        set_details(&mut row, details);
    }
    finish_names(&mut row);
    Some(row)
}

fn read_limited(path: &Path) -> Result<Vec<u8>, String> {
    let size = std::fs::metadata(path).map_err(|e| e.to_string())?.len();
    if size > MAX_DETAIL_BYTES {
        return Err(format!(
            "{size} bytes: larger than the {MAX_DETAIL_BYTES}-byte details limit"
        ));
    }
    crate::sniff::input::read_regular(path).map_err(|e| e.to_string())
}

fn map_details(path: &Path) -> Result<Details, String> {
    let gbx = Gbx::parse_narrow(read_limited(path)?, Limits::default(), &DETAIL_CHUNKS)
        .map_err(|e| e.to_string())?;
    let details = map_details_of(&gbx);
    // The details of many rows are read one after another on each worker:
    // keep the table storage for the next one (issue 32).
    gbx.recycle();
    details
}

/// The details of a parsed map: from a narrow parse that decoded
/// [`DETAIL_CHUNKS`] (as the library reads them) or from a full parse
/// (the same values: test `narrow_details_are_the_details_of_a_full_parse`).
///
/// # Errors
/// An embedded items ZIP whose directory cannot be read.
pub fn map_details_of(gbx: &Gbx) -> Result<Details, String> {
    let has_lightmap =
        gbx.main_chunk(CHUNK_LIGHTMAPS).is_some() && !images::lightmap_frames(gbx).is_empty();
    let embedded_items = match images::embedded_items_zip(gbx) {
        None => 0,
        Some(zip) => {
            let entries = embedded::zip_entries(zip).map_err(|e| e.to_string())?;
            let items = entries
                .iter()
                .filter(|e| !e.is_dir && crate::file_kinds::is_gbx_name(&e.path))
                .count();
            u32::try_from(items).unwrap_or(u32::MAX)
        }
    };
    Ok(Details {
        has_lightmap: Some(has_lightmap),
        embedded_items: Some(embedded_items),
        pak_files: None,
    })
}

fn pak_details(path: &Path) -> Result<Details, String> {
    let data = read_limited(path)?;
    // Version 1-3 keys come from the game's packlist.dat; the library looks
    // where the app and the CLI do: beside the pak, then in the game's
    // folders above it (the one search, `packlist_candidates`).
    let key = crate::pak::packlist_search::packlist_candidates(path)
        .first()
        .and_then(|p| Packlist::open(p).ok())
        .map(KeySource::Packlist);
    let opened = match pak::open(data, key.as_ref(), path, PakLimits::default()) {
        Ok(o) => o,
        // No entry for this pack, or a corrupt header: the count is unknown.
        Err(_) if key.is_some() => return Ok(Details::default()),
        Err(e) => return Err(e.to_string()),
    };
    let files = match &opened {
        OpenedPak::Locked(_) => None,
        OpenedPak::Unlocked(p) => Some(p.files().len()),
        OpenedPak::ManiaPlanet(v6) => v6.header().and_then(Result::ok).map(|h| h.files.len()),
    };
    Ok(Details {
        pak_files: files.map(|n| u32::try_from(n).unwrap_or(u32::MAX)),
        ..Details::default()
    })
}
