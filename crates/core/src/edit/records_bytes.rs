//! The bytes of a record as a caller inserts them: every lookback string
//! written as a new string, scope versions dropped (shared by `records` and
//! `records_parallel`, so neither imports the other).

use super::engine::encode_lookback_new;
use super::lookback_fix::{Enc, Scan};
use crate::bytes::{ByteRange, Space};
use crate::gbx::{Gbx, slice};

/// The bytes of `r` with every lookback string written as a new string
/// (numbers and -1 kept) and any scope version dropped: what a caller
/// inserts ([`Splice`]).
pub(super) fn reencode(gbx: &Gbx, scan: &Scan, space: Space, r: ByteRange) -> Vec<u8> {
    let data = super::lookback_fix::data(gbx, space);
    let mut out = Vec::with_capacity(usize::try_from(r.len()).unwrap_or(0));
    let mut pos = r.start;
    // `scan.fields` is sorted by (space, start): find the range's fields by
    // binary search, not by a walk over all of them (called once per
    // record, a walk made deleting a block of a 20,000-block map take
    // minutes).
    let key = |s: Space, at: u64| (s == Space::Body, at);
    let first = scan
        .fields
        .partition_point(|f| key(f.space, f.start) < key(space, r.start));
    let mut edits: Vec<(u64, u64, Vec<u8>)> = scan.fields[first..]
        .iter()
        .take_while(|f| f.space == space && f.start < r.end)
        .filter(|f| f.start + f.len <= r.end)
        .filter_map(|f| {
            let text = match &f.enc {
                Enc::New(t) => t,
                Enc::Ref { text: Some(t), .. } => t,
                _ => return None,
            };
            let text = String::from_utf8_lossy(text);
            Some((f.start, f.start + f.len, encode_lookback_new(&text)))
        })
        .collect();
    edits.extend(
        scan.versions
            .iter()
            .filter(|v| v.0 == space && v.1 >= r.start && v.1 + 4 <= r.end)
            .map(|v| (v.1, v.1 + 4, Vec::new())),
    );
    edits.sort_by_key(|e| e.0);
    for (s, e, bytes) in edits {
        out.extend_from_slice(slice(data, ByteRange::new(pos, s)));
        out.extend(bytes);
        pos = e;
    }
    out.extend_from_slice(slice(data, ByteRange::new(pos, r.end)));
    out
}
