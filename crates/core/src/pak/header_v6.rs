//! The unencrypted part of ManiaPlanet headers, version 6 and later
//! (seed 004 "Header versions 6+"; field order confirmed against GBX.NET's
//! `Pak6` reader). It needs no key: checksum, flags, author, URLs, dates,
//! comment and included packs. The part that follows is read by
//! [`super::header_v6_body`]; [`super::open()`] sequences both.

use super::error::PakError;
use super::header::{read_prefix, read_string};
use super::limits::PakLimits;
use crate::bytes::{ByteReader, ReadError};

/// `SAuthorInfo` (seed 004).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AuthorInfo {
    /// Structure version.
    pub version: u32,
    /// Account login.
    pub login: String,
    /// Display name (may hold $-formatting codes).
    pub nick: String,
    /// Zone path (`World|Europe|…`).
    pub zone: String,
    /// Extra information.
    pub extra: String,
}

/// `SIncludedPacksHeaders` (seed 004, version >= 10).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct IncludedPack {
    /// SHA-256 of the included pack's contents.
    pub contents_checksum: [u8; 32],
    /// First name field.
    pub name: String,
    /// Author of the included pack.
    pub author: AuthorInfo,
    /// Info manialink URL.
    pub info_manialink_url: String,
    /// Creation date, Win32 FILETIME (100 ns ticks since 1601-01-01 UTC).
    pub creation_date: u64,
    /// Second name field (the seed lists `Name` twice).
    pub name2: String,
    /// Include depth (version >= 11).
    pub include_depth: Option<u32>,
}

/// The unencrypted header of a version 6+ pak.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PakInfoV6 {
    /// Format version (6 or more).
    pub version: u32,
    /// SHA-256 of the pack contents starting at the next byte.
    pub contents_checksum: [u8; 32],
    /// `SHeaderFlagsUncrypt`: bit 0 header private, bit 1 default header
    /// key, bit 2 data private, bit 3 impostor.
    pub header_flags: u32,
    /// Header size class (version >= 15): 0x4000, 0x100000 or 0x1000000;
    /// also where the data starts.
    pub header_max_size: Option<u32>,
    /// Author (version >= 7).
    pub author: Option<AuthorInfo>,
    /// Comment (version >= 7).
    pub comment: String,
    /// The 16 unknown bytes (version >= 7).
    pub unused: Option<[u8; 16]>,
    /// Build that created the pack (version >= 8).
    pub creation_build_info: String,
    /// Author URL (version 8 only).
    pub author_url: String,
    /// Manialink URL (version >= 9).
    pub manialink_url: String,
    /// Download URL (version >= 13).
    pub download_url: String,
    /// Creation date, Win32 FILETIME (version >= 9).
    pub creation_date: Option<u64>,
    /// XML description (version >= 12).
    pub xml: String,
    /// Title id (version >= 12).
    pub title_id: String,
    /// Kind of pack, as a sub-folder name (version >= 9).
    pub usage_sub_dir: String,
    /// Included packs (version >= 10).
    pub included_packs: Vec<IncludedPack>,
    /// File offset where the (possibly encrypted) header part begins.
    pub encrypted_part_offset: u64,
}

impl PakInfoV6 {
    /// True when the rest of the header is Blowfish-encrypted
    /// (`flags & 3 != 0`, seed 004).
    #[must_use]
    pub fn is_header_encrypted(&self) -> bool {
        self.header_flags & 0x3 != 0
    }

    /// `IsHeaderPrivate`: the header key is not public.
    #[must_use]
    pub fn is_header_private(&self) -> bool {
        self.header_flags & 0x1 != 0
    }

    /// `IsDataPrivate`.
    #[must_use]
    pub fn is_data_private(&self) -> bool {
        self.header_flags & 0x4 != 0
    }

    /// [`Self::creation_date`] as UTC text ([`filetime_utc`]).
    #[must_use]
    pub fn creation_date_utc(&self) -> Option<String> {
        self.creation_date.map(filetime_utc)
    }
}

/// A Win32 FILETIME (100 ns ticks since 1601-01-01 UTC; the dates of seed
/// 004 `CreationDate`) as `YYYY-MM-DD hh:mm:ss` UTC; `FILETIME n` (the raw
/// value) when before 1970.
#[must_use]
pub fn filetime_utc(filetime: u64) -> String {
    const UNIX_EPOCH_SECS: u64 = 11_644_473_600;
    let Some(secs) = (filetime / 10_000_000).checked_sub(UNIX_EPOCH_SECS) else {
        return format!("FILETIME {filetime}");
    };
    let (days, rest) = (secs / 86_400, secs % 86_400);
    // Howard Hinnant's civil_from_days, for days >= 0.
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02}",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

pub(super) fn read_author(
    r: &mut ByteReader<'_>,
    limits: &PakLimits,
) -> Result<AuthorInfo, ReadError> {
    Ok(AuthorInfo {
        version: r.u32()?,
        login: read_string(r, "login length", limits)?,
        nick: read_string(r, "nick length", limits)?,
        zone: read_string(r, "zone length", limits)?,
        extra: read_string(r, "extra info length", limits)?,
    })
}

fn included_pack(
    r: &mut ByteReader<'_>,
    version: u32,
    limits: &PakLimits,
) -> Result<IncludedPack, ReadError> {
    Ok(IncludedPack {
        contents_checksum: r.array()?,
        name: read_string(r, "name length", limits)?,
        author: read_author(r, limits)?,
        info_manialink_url: read_string(r, "URL length", limits)?,
        creation_date: r.u64()?,
        name2: read_string(r, "name length", limits)?,
        include_depth: if version >= 11 { Some(r.u32()?) } else { None },
    })
}

/// Reads the unencrypted header of a version 6+ pak (no key needed).
///
/// # Errors
/// [`PakError::Read`] for a short or malformed header, or a version below 6.
pub fn read_info_v6(data: &[u8], limits: &PakLimits) -> Result<PakInfoV6, PakError> {
    let (version, mut r) = read_prefix(data)?;
    if version < 6 {
        return Err(
            ReadError::invalid(format!("version {version} has no v6+ header"), 8, "file").into(),
        );
    }
    read_fields(&mut r, version, limits).map_err(|e| {
        e.context(format!("in the v{version} unencrypted header"))
            .into()
    })
}

fn read_fields(
    r: &mut ByteReader<'_>,
    version: u32,
    limits: &PakLimits,
) -> Result<PakInfoV6, ReadError> {
    let mut info = PakInfoV6 {
        version,
        contents_checksum: r.array()?,
        header_flags: r.u32()?,
        ..PakInfoV6::default()
    };
    if version >= 15 {
        info.header_max_size = Some(r.u32()?);
    }
    if version >= 7 {
        info.author = Some(read_author(r, limits)?);
        if version < 9 {
            info.comment = read_string(r, "comment length", limits)?;
            info.unused = Some(r.array()?);
            if version == 8 {
                info.creation_build_info = read_string(r, "build info length", limits)?;
                info.author_url = read_string(r, "URL length", limits)?;
            }
        } else {
            read_v9_fields(r, &mut info, limits)?;
        }
    }
    info.encrypted_part_offset = r.pos_abs();
    Ok(info)
}

fn read_v9_fields(
    r: &mut ByteReader<'_>,
    info: &mut PakInfoV6,
    limits: &PakLimits,
) -> Result<(), ReadError> {
    let version = info.version;
    info.manialink_url = read_string(r, "URL length", limits)?;
    if version >= 13 {
        info.download_url = read_string(r, "URL length", limits)?;
    }
    info.creation_date = Some(r.u64()?);
    // Comments and XML can be long; they get the header limit, not the name limit.
    let long = PakLimits {
        max_name_len: u32::try_from(limits.max_header_len).unwrap_or(u32::MAX),
        ..*limits
    };
    info.comment = read_string(r, "comment length", &long)?;
    if version >= 12 {
        info.xml = read_string(r, "XML length", &long)?;
        info.title_id = read_string(r, "title id length", limits)?;
    }
    info.usage_sub_dir = read_string(r, "usage sub dir length", limits)?;
    info.creation_build_info = read_string(r, "build info length", limits)?;
    info.unused = Some(r.array()?);
    if version >= 10 {
        // An included pack is at least 32 + 4×7 + 8 bytes.
        let count = r.u32()?;
        let count = r.check_count(
            "included pack count",
            count.into(),
            68,
            limits.max_files.into(),
        )?;
        info.included_packs = (0..count)
            .map(|i| {
                included_pack(r, version, limits)
                    .map_err(|e| e.context(format!("in included pack {i}")))
            })
            .collect::<Result<_, _>>()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::filetime_utc;

    #[test]
    fn filetimes_read_as_utc() {
        // 2013-01-01 00:00:00 UTC = unix 1356998400.
        let ft = (1_356_998_400 + 11_644_473_600) * 10_000_000;
        assert_eq!(filetime_utc(ft), "2013-01-01 00:00:00");
        assert_eq!(
            filetime_utc(ft + 86_399 * 10_000_000),
            "2013-01-01 23:59:59"
        );
        assert_eq!(filetime_utc(0), "FILETIME 0");
    }
}
