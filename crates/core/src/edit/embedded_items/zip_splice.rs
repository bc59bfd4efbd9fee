//! Rewriting a map's items ZIP so the entries left alone stay byte for
//! byte what they were (issue 43, finding 11: adding then removing an item
//! changed an untouched entry's "version made by", because the zip crate
//! wrote every kept entry's headers anew). Each kept entry's local header,
//! data and data descriptor are copied as they are, and its central
//! directory record too, with only its local header offset moved; the
//! end record keeps its comment. The layout is PKWARE's APPNOTE.TXT
//! (sections 4.3.7 local file header, 4.3.12 central directory header,
//! 4.3.16 end of central directory record).
//!
//! Only a plain ZIP is spliced: one disk, no ZIP64 records, entries whose
//! local headers lie in order before the central directory. Anything else
//! gives `None` and the caller rewrites the archive with the zip crate.

use crate::bytes::ByteReader;

/// "PK\x05\x06": end of central directory record.
const EOCD_SIG: u32 = 0x0605_4b50;
/// "PK\x01\x02": central directory header.
const CENTRAL_SIG: u32 = 0x0201_4b50;
/// Fixed part of a central directory header, before name, extra, comment.
const CENTRAL_FIXED: usize = 46;
/// Fixed part of the end record, before its comment.
const EOCD_FIXED: usize = 22;
/// Where a central header holds its local header offset.
const LOCAL_OFFSET_AT: usize = 42;

/// One entry of a ZIP: the bytes from its local header to the next
/// entry's (header, data, descriptor), and its central directory record.
#[derive(Debug, Clone)]
pub(super) struct Entry<'z> {
    /// Local header, data and descriptor, as stored.
    pub local: &'z [u8],
    /// The central directory record, as stored.
    pub central: &'z [u8],
}

/// A plain ZIP cut into its entries, and its end record's comment.
#[derive(Debug, Clone)]
pub(super) struct Parts<'z> {
    /// The entries in central directory order.
    pub entries: Vec<Entry<'z>>,
    /// The end record (fixed part and comment), as stored.
    pub eocd: &'z [u8],
}

/// The entries of `zip`, or `None` when it is not a plain ZIP (see the
/// module docs).
pub(super) fn split(zip: &[u8]) -> Option<Parts<'_>> {
    let eocd_at = find_eocd(zip)?;
    let eocd = zip.get(eocd_at..)?;
    let mut r = ByteReader::new(eocd, 0, "zip");
    r.skip(4).ok()?;
    let (disk, cd_disk) = (r.u16().ok()?, r.u16().ok()?);
    let (on_disk, count) = (r.u16().ok()?, r.u16().ok()?);
    let (cd_size, cd_at) = (r.u32().ok()? as usize, r.u32().ok()? as usize);
    if disk != 0 || cd_disk != 0 || on_disk != count || count == u16::MAX {
        return None;
    }
    if cd_at.checked_add(cd_size)? != eocd_at || cd_at == u32::MAX as usize {
        return None;
    }
    let mut centrals = Vec::with_capacity(usize::from(count));
    let mut pos = cd_at;
    for _ in 0..count {
        let (central, local_at) = central_record(zip, pos)?;
        pos += central.len();
        centrals.push((central, local_at));
    }
    if pos != eocd_at {
        return None;
    }
    // Each entry runs from its local header to the next one's, the last to
    // the central directory: they must lie in order from offset 0.
    let mut starts: Vec<usize> = centrals.iter().map(|c| c.1).collect();
    starts.push(cd_at);
    if starts.first() != Some(&0) || starts.windows(2).any(|w| w[0] >= w[1]) {
        return None;
    }
    let entries = centrals
        .iter()
        .zip(starts.windows(2))
        .map(|((central, _), w)| {
            Some(Entry {
                local: zip.get(w[0]..w[1])?,
                central,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Parts { entries, eocd })
}

/// The central record at `pos`: its bytes and its local header offset.
fn central_record(zip: &[u8], pos: usize) -> Option<(&[u8], usize)> {
    let fixed = zip.get(pos..pos.checked_add(CENTRAL_FIXED)?)?;
    let mut r = ByteReader::new(fixed, 0, "zip");
    if r.u32().ok()? != CENTRAL_SIG {
        return None;
    }
    r.seek(28).ok()?;
    let name_len = usize::from(r.u16().ok()?);
    let extra_len = usize::from(r.u16().ok()?);
    let comment_len = usize::from(r.u16().ok()?);
    r.seek(LOCAL_OFFSET_AT).ok()?;
    let local_at = r.u32().ok()?;
    if local_at == u32::MAX {
        return None; // ZIP64
    }
    let len = CENTRAL_FIXED + name_len + extra_len + comment_len;
    let central = zip.get(pos..pos.checked_add(len)?)?;
    Some((central, local_at as usize))
}

/// Where the end record starts: the last signature whose comment length
/// reaches exactly the end of the data.
fn find_eocd(zip: &[u8]) -> Option<usize> {
    let last = zip.len().checked_sub(EOCD_FIXED)?;
    let first = last.saturating_sub(usize::from(u16::MAX));
    (first..=last).rev().find(|&at| {
        let sig = zip
            .get(at..at + 4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
        let comment = zip
            .get(at + 20..at + 22)
            .map(|b| usize::from(u16::from_le_bytes([b[0], b[1]])));
        sig == Some(EOCD_SIG) && comment == Some(zip.len() - at - EOCD_FIXED)
    })
}

/// Joins `entries` into a ZIP: each local part copied, each central record
/// copied with its local offset set to where the part now starts, then
/// `eocd` with its counts, size and offset set (its comment kept). `None`
/// when the result does not fit the plain format (more than 65,534 entries
/// or 4 GiB).
pub(super) fn join(entries: &[Entry<'_>], eocd: &[u8]) -> Option<Vec<u8>> {
    let count = u16::try_from(entries.len())
        .ok()
        .filter(|c| *c < u16::MAX)?;
    let total: usize = entries
        .iter()
        .map(|e| e.local.len() + e.central.len())
        .sum::<usize>()
        + eocd.len();
    let mut out = Vec::with_capacity(total);
    let mut offsets = Vec::with_capacity(entries.len());
    for e in entries {
        offsets.push(u32::try_from(out.len()).ok()?);
        out.extend_from_slice(e.local);
    }
    let cd_at = u32::try_from(out.len()).ok()?;
    for (e, at) in entries.iter().zip(offsets) {
        let start = out.len();
        out.extend_from_slice(e.central);
        out.get_mut(start + LOCAL_OFFSET_AT..start + LOCAL_OFFSET_AT + 4)?
            .copy_from_slice(&at.to_le_bytes());
    }
    let cd_size = u32::try_from(out.len()).ok()? - cd_at;
    let start = out.len();
    out.extend_from_slice(eocd);
    let end = out.get_mut(start..start + EOCD_FIXED)?;
    end[8..10].copy_from_slice(&count.to_le_bytes());
    end[10..12].copy_from_slice(&count.to_le_bytes());
    end[12..16].copy_from_slice(&cd_size.to_le_bytes());
    end[16..20].copy_from_slice(&cd_at.to_le_bytes());
    u32::try_from(out.len()).ok()?;
    Some(out)
}
