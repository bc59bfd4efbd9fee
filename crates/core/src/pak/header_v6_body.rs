//! The second part of a ManiaPlanet (version 6+) header: sizes, folder tree
//! and file table (seed 004 "Header versions 6+", the block after the
//! unencrypted fields; read by [`read_header_v6_body`]).
//!
//! - Plain when `SHeaderFlagsUncrypt & 3 == 0`; else Blowfish-CBC like v3
//!   (an 8-byte plaintext IV first, the same Nadeo cipher and the folder
//!   ivXor; GBX.NET `Pak.ReadHeader` reads the IV and runs the same header
//!   code for every version).
//! - Key (GBX.NET `Pak.ReadHeader`): with only `UseDefaultHeaderKey` the
//!   key is the game's default header key, which this program does not
//!   ship: the user gives it (hex) like a pak key. With only
//!   `IsHeaderPrivate` it is the pack's own key (from the master server's
//!   key and the contents checksum: [`PakKey::from_master_server`]), also
//!   given by the user. GBX.NET XORs the two when both bits are set; that
//!   case is not decoded.
//! - Layout (seed 004): checksum u128, gbxHeadersStart, \[v<15 dataStart\],
//!   gbxHeadersSize, gbxHeadersComprSize, \[v>=14 16 unused, \[v>=16 u32
//!   fileSize\]\], 16 unused, \[v==6 SAuthorInfo\], flags, folders, files with
//!   \[v>=17 u32 size\] and \[v>=14 u128 checksum\] before the u64 flags.
//!
//! Whether the v6+ checksum is the MD5 of this plaintext like v3's is not
//! known: [`HeaderV6Body::checksum_is_md5`] says whether it is.

use super::crypto::{BLOCK_LEN, CbcDecryptor, NadeoBlowfish, PakKey, round_up};
use super::error::PakError;
use super::header::{
    FileEntry, Folder, HEADER_SPACE, HeaderIvXor, header_iv_xor, header_md5, read_folders,
    read_index, read_string,
};
use super::header_v6::{AuthorInfo, PakInfoV6};
use super::limits::PakLimits;
use crate::bytes::{ByteRange, ByteReader, ReadError};

/// Ciphertext decrypted when neither dataStart nor HeaderMaxSize bounds
/// the header.
const UNBOUNDED_HEADER_LEN: u64 = 1 << 20;

/// One v6+ file entry: the v3 fields plus the version-dependent ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileEntryV6 {
    /// The fields shared with v3 (`flags` is the `SFileDescFlags` u64).
    pub entry: FileEntry,
    /// `Size` (version >= 17), meaning unknown.
    pub size: Option<u32>,
    /// Per-file checksum (version >= 14).
    pub checksum: Option<[u8; 16]>,
}

/// The decoded second part of a v6+ header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeaderV6Body {
    /// False when the part is stored plainly (`flags & 3 == 0`).
    pub encrypted: bool,
    /// Plaintext IV before the ciphertext, when encrypted.
    pub iv: Option<[u8; 8]>,
    /// The u128 checksum field.
    pub checksum: [u8; 16],
    /// MD5 of the plaintext with that field zeroed (as v3 computes it).
    pub computed_md5: [u8; 16],
    /// File offset of the metadata section.
    pub gbx_headers_start: u32,
    /// Data offset (version < 15; from 15 on it is `HeaderMaxSize`).
    pub data_start: Option<u32>,
    /// Decompressed metadata size, bytes.
    pub gbx_headers_size: u32,
    /// Compressed metadata size, bytes.
    pub gbx_headers_compr_size: u32,
    /// `FileSize` (version >= 16), bytes.
    pub file_size: Option<u32>,
    /// The author repeated here (version 6 only).
    pub author: Option<AuthorInfo>,
    /// Header flags.
    pub flags: u32,
    /// Folder tree in stored order.
    pub folders: Vec<Folder>,
    /// File table in stored order.
    pub files: Vec<FileEntryV6>,
    /// The folder ivXor, when its conditions held.
    pub iv_xor: Option<HeaderIvXor>,
    /// Plaintext length of the part, bytes.
    pub plain_len: u64,
}

impl HeaderV6Body {
    /// True when the checksum field is the v3-style MD5 of the plaintext.
    #[must_use]
    pub fn checksum_is_md5(&self) -> bool {
        self.checksum == self.computed_md5
    }
}

fn invalid(msg: impl Into<String>, at: u64) -> PakError {
    ReadError::invalid(msg, at, "file")
        .context("in the v6+ header after the unencrypted part")
        .into()
}

/// Decodes the part of a v6+ header that follows `info`: plainly, or with
/// `key` when it is encrypted with the default header key.
///
/// # Errors
/// A private header or a missing key (a message saying so), a wrong key
/// ([`PakError::HeaderUnreadable`]), or a truncated or malformed header.
pub fn read_header_v6_body(
    data: &[u8],
    info: &PakInfoV6,
    key: Option<&PakKey>,
    limits: &PakLimits,
) -> Result<HeaderV6Body, PakError> {
    let at = info.encrypted_part_offset;
    if info.header_flags & 0x3 == 0x3 {
        return Err(invalid(
            "the header is private and uses the default header key (flags 3): the \
             combined key is not handled",
            at,
        ));
    }
    let start = usize::try_from(at).unwrap_or(usize::MAX).min(data.len());
    if !info.is_header_encrypted() {
        let mut r = ByteReader::new(&data[start..], at, "file");
        let mut body = parse(&mut r, info.version, limits).map_err(header_error)?;
        body.iv_xor = None; // nothing to apply it to
        body.computed_md5 = header_md5(&data[start..start + body.plain_len as usize]);
        return Ok(body);
    }
    let key = key.ok_or_else(|| {
        let msg = if info.is_header_private() {
            "the header is private: give the pack's key (32 hex digits; from the master \
             server's key and the contents checksum)"
        } else {
            "the header is encrypted with the game's default header key: give it (32 hex digits)"
        };
        invalid(msg, at)
    })?;
    let cipher = NadeoBlowfish::new(key);
    let iv: [u8; 8] = data
        .get(start..start + 8)
        .and_then(|b| b.try_into().ok())
        .ok_or_else(|| invalid("file ends before the header IV", at))?;
    let ciphertext = &data[start + 8..];
    let end = header_end(info, ciphertext, &cipher, iv, at + 8, limits);
    let ciphertext = &ciphertext[..end];
    let mut plain = ciphertext.to_vec();
    CbcDecryptor::new(&cipher, iv).decrypt_blocks(&mut plain);
    let mut r = ByteReader::new(&plain, 0, HEADER_SPACE);
    let first = parse(&mut r, info.version, limits).map_err(unreadable);
    // With a folder ivXor the file table after the next page changes:
    // decrypt again with it mixed after the folder table (as v3).
    let body = match first.as_ref().ok().and_then(|b| b.iv_xor) {
        Some(ivx) => {
            let split = round_up(ivx.mixed_after_plain_offset, BLOCK_LEN as u64)
                .and_then(|s| usize::try_from(s).ok())
                .unwrap_or(usize::MAX)
                .min(ciphertext.len());
            let mut buf = ciphertext.to_vec();
            let mut dec = CbcDecryptor::new(&cipher, iv);
            dec.decrypt_blocks(&mut buf[..split]);
            dec.mix_iv_xor(&ivx.mixed_bytes);
            dec.decrypt_blocks(&mut buf[split..]);
            plain = buf;
            parse(
                &mut ByteReader::new(&plain, 0, HEADER_SPACE),
                info.version,
                limits,
            )
            .map_err(unreadable)
        }
        None => first,
    };
    let mut body = body?;
    body.encrypted = true;
    body.iv = Some(iv);
    body.computed_md5 = header_md5(&plain[..body.plain_len as usize]);
    Ok(body)
}

fn header_error(e: ReadError) -> PakError {
    e.context("in the v6+ header after the unencrypted part")
        .into()
}

fn unreadable(cause: ReadError) -> PakError {
    PakError::HeaderUnreadable { cause }
}

/// Whole blocks of ciphertext to decrypt: up to HeaderMaxSize (v>=15) or
/// the dataStart of the first blocks (v<15) when plausible, else 1 MiB.
fn header_end(
    info: &PakInfoV6,
    ciphertext: &[u8],
    cipher: &NadeoBlowfish,
    iv: [u8; 8],
    ciphertext_at: u64,
    limits: &PakLimits,
) -> usize {
    let claimed = match info.header_max_size {
        Some(max) => Some(u64::from(max)),
        None if ciphertext.len() >= 24 => {
            let mut first = ciphertext[..24].to_vec();
            CbcDecryptor::new(cipher, iv).decrypt_blocks(&mut first);
            Some(u64::from(u32::from_le_bytes([
                first[20], first[21], first[22], first[23],
            ])))
        }
        None => None,
    };
    let len = claimed
        .filter(|&end| end > ciphertext_at)
        .map_or(UNBOUNDED_HEADER_LEN, |end| end - ciphertext_at)
        .min(limits.max_header_len)
        .min(ciphertext.len() as u64);
    usize::try_from(len).unwrap_or(0) / BLOCK_LEN * BLOCK_LEN
}

fn parse(
    r: &mut ByteReader<'_>,
    version: u32,
    limits: &PakLimits,
) -> Result<HeaderV6Body, ReadError> {
    let mut body = HeaderV6Body {
        encrypted: false,
        iv: None,
        checksum: r.array()?,
        computed_md5: [0; 16],
        gbx_headers_start: r.u32()?,
        data_start: None,
        gbx_headers_size: 0,
        gbx_headers_compr_size: 0,
        file_size: None,
        author: None,
        flags: 0,
        folders: Vec::new(),
        files: Vec::new(),
        iv_xor: None,
        plain_len: 0,
    };
    if version < 15 {
        body.data_start = Some(r.u32()?);
    }
    body.gbx_headers_size = r.u32()?;
    body.gbx_headers_compr_size = r.u32()?;
    if version >= 14 {
        r.skip(16)?;
        if version >= 16 {
            body.file_size = Some(r.u32()?);
        }
    }
    r.skip(16)?;
    if version == 6 {
        body.author = Some(super::header_v6::read_author(r, limits)?);
    }
    body.flags = r.u32()?;
    body.folders = read_folders(r, limits).map_err(|e| e.context("in the folder table"))?;
    body.iv_xor = header_iv_xor(&body.folders, r.pos() as u64);
    body.files = read_files(r, version, &body.folders, limits)
        .map_err(|e| e.context("in the file table"))?;
    body.plain_len = r.pos() as u64;
    Ok(body)
}

fn read_files(
    r: &mut ByteReader<'_>,
    version: u32,
    folders: &[Folder],
    limits: &PakLimits,
) -> Result<Vec<FileEntryV6>, ReadError> {
    let count = r.u32()?;
    let count = r.check_count("file count", count.into(), 36, limits.max_files.into())?;
    (0..count)
        .map(|index| {
            read_file(r, version, folders, limits)
                .map_err(|e| e.context(format!("in file entry {index}")))
        })
        .collect()
}

fn read_file(
    r: &mut ByteReader<'_>,
    version: u32,
    folders: &[Folder],
    limits: &PakLimits,
) -> Result<FileEntryV6, ReadError> {
    let start = r.pos_abs();
    let folder = read_index(r, "folder index", folders.len())?;
    let name = read_string(r, "file name length", limits)?;
    let folder_path = folder.map_or("", |f| folders[f as usize].path.as_str());
    let path = format!("{folder_path}{name}");
    let [
        unknown,
        uncompressed_size,
        compressed_size,
        offset,
        class_id,
    ] = [r.u32()?, r.u32()?, r.u32()?, r.u32()?, r.u32()?];
    let size = if version >= 17 { Some(r.u32()?) } else { None };
    let checksum = if version >= 14 {
        Some(r.array()?)
    } else {
        None
    };
    let flags = r.u64()?;
    Ok(FileEntryV6 {
        entry: FileEntry {
            folder,
            name,
            path,
            unknown,
            uncompressed_size,
            compressed_size,
            offset,
            class_id,
            flags,
            range_in_header: ByteRange::new(start, r.pos_abs()),
        },
        size,
        checksum,
    })
}
