//! The NadeoPak header: magic, version, the encrypted v3 header (seed 004
//! "Header version 3", "Header MD5", "ivXor setup") with its folder tree and
//! file table.
//!
//! Offsets inside the decrypted header are reported in the "header
//! plaintext" address space: offset 0 is the first byte of the MD5 field,
//! which sits at file offset [`HEADER_CIPHERTEXT_START`].

use md5::{Digest, Md5};

use super::crypto::{BLOCK_LEN, CbcDecryptor, NadeoBlowfish, round_up};
use super::error::PakError;
use super::limits::PakLimits;
use crate::bytes::{ByteRange, ByteReader, ReadError, ReadErrorKind};

/// The 8 magic bytes at file offset 0.
pub const MAGIC: &[u8; 8] = b"NadeoPak";

/// File offset of the v3 encrypted header: magic (8) + version (4) + IV (8).
pub const HEADER_CIPHERTEXT_START: u64 = 20;

/// Address space name of offsets inside the decrypted header.
pub const HEADER_SPACE: &str = "header plaintext";

/// Plaintext offset of the MD5 field's end; the MD5 covers `0..plain_len`
/// with these first 16 bytes zeroed (seed 004 "Header MD5").
const MD5_LEN: usize = 16;

/// Smallest v3 header plaintext: md5, two offsets, two sizes, unused, flags,
/// two counts = 16 + 8 + 8 + 16 + 4 + 4 + 4.
const MIN_HEADER_PLAIN_LEN: u64 = 60;

/// How much is decrypted when `dataStart` does not fit the file.
const SUSPECT_HEADER_DECRYPT_LEN: u64 = 1 << 20;

/// One folder of the tree (seed 004 `FolderDesc`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Folder {
    /// Parent folder index, `None` for a root folder (stored as -1).
    pub parent: Option<u32>,
    /// Name as stored, normally ending with `\` (e.g. `Textures\`).
    pub name: String,
    /// Ancestors' names concatenated, then this name (`GameData\Textures\`).
    pub path: String,
    /// Where the entry sits in the header plaintext.
    pub range_in_header: ByteRange,
}

/// One file of the table (seed 004 `FileDesc`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileEntry {
    /// Folder index, `None` for a file in the root (stored as -1).
    pub folder: Option<u32>,
    /// File name as stored (e.g. `readme.txt`, or a hash for some files).
    pub name: String,
    /// Folder path + name with the stored `\` separators.
    pub path: String,
    /// The u32 after the name, meaning unknown (kept for the writer).
    pub unknown: u32,
    /// Size of the payload after decompression, bytes.
    pub uncompressed_size: u32,
    /// Size of the stored (possibly compressed) payload before its padding
    /// to 8 and without the 8-byte IV, bytes.
    pub compressed_size: u32,
    /// Offset of the IV + ciphertext relative to `data_start`.
    pub offset: u32,
    /// Class id of the file's type (seed 004; e.g. `0x24003000` challenge).
    pub class_id: u32,
    /// File flags: `0x7C` compression (seed 004 "Data"), bit 32
    /// `DontUseDummyWrite` (seed 004 `SFileDescFlags`).
    pub flags: u64,
    /// Where the entry sits in the header plaintext.
    pub range_in_header: ByteRange,
}

/// Compression bits of [`FileEntry::flags`]. Seed 004 "Data" says
/// `flags & 0x7C`; GBX.NET and the reference samples use the 4-bit
/// `Compression` field `0x3C` of `SFileDescFlags`. We follow the seed.
pub const FLAGS_COMPRESSED_MASK: u64 = 0x7C;

/// Bit 32 of [`FileEntry::flags`], `DontUseDummyWrite` (seed 004
/// `SFileDescFlags`): a .Gbx flagged so is decrypted as plain CBC, without
/// the per-node ivXor (README of `pak-synthetic`, GBX.NET).
pub const FLAG_DONT_USE_DUMMY_WRITE: u64 = 1 << 32;

impl FileEntry {
    /// True when the payload is zlib-compressed.
    #[must_use]
    pub fn is_compressed(&self) -> bool {
        self.flags & FLAGS_COMPRESSED_MASK != 0
    }

    /// True when bit 32 (`DontUseDummyWrite`) is set.
    #[must_use]
    pub fn dont_use_dummy_write(&self) -> bool {
        self.flags & FLAG_DONT_USE_DUMMY_WRITE != 0
    }

    /// The path with `/` separators (`GameData/Textures/grass.dds`).
    #[must_use]
    pub fn slash_path(&self) -> String {
        self.path.replace('\\', "/")
    }

    /// True when the name ends in `.gbx`, any case
    /// ([`crate::file_kinds::is_gbx_name`]).
    #[must_use]
    pub fn has_gbx_name(&self) -> bool {
        crate::file_kinds::is_gbx_name(&self.name)
    }
}

/// Where the header's ivXor came from and where it took effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeaderIvXor {
    /// The value after CalcIVXor over UTF-16 chars 2 and 3 of folder 2.
    pub value: u64,
    /// The 4 bytes it was computed from (UTF-16LE).
    pub mixed_bytes: [u8; 4],
    /// Plaintext offset of the folder table's end, where it was set up.
    pub mixed_after_plain_offset: u64,
    /// First page boundary after that: where the value is XORed into the IV.
    pub applied_before_plain_offset: u64,
}

/// The decoded v3 header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PakHeader {
    /// Format version (1..=3 use this layout).
    pub version: u32,
    /// Plaintext IV of the encrypted header.
    pub header_iv: [u8; 8],
    /// MD5 stored in the header.
    pub md5: [u8; 16],
    /// MD5 computed over the plaintext with the field zeroed.
    pub computed_md5: [u8; 16],
    /// File offset of the metadata section (`gbxHeadersStart`).
    pub gbx_headers_start: u32,
    /// File offset the file offsets are relative to (`dataStart`).
    pub data_start: u32,
    /// Decompressed metadata size in bytes (version >= 2).
    pub gbx_headers_size: u32,
    /// Compressed metadata size in bytes, before padding (version >= 2).
    pub gbx_headers_compr_size: u32,
    /// The 16 bytes after the sizes (version >= 3), meaning unknown.
    pub unused: [u8; 16],
    /// Header flags, meaning unknown in v3.
    pub flags: u32,
    /// Folder tree in stored order.
    pub folders: Vec<Folder>,
    /// File table in stored order.
    pub files: Vec<FileEntry>,
    /// The ivXor set up from folder 2, if its conditions held.
    pub iv_xor: Option<HeaderIvXor>,
    /// Plaintext bytes from the MD5 field to the end of the file table.
    pub plain_len: u64,
    /// Those bytes padded to whole blocks, as stored.
    pub encrypted_len: u64,
    /// Plaintext offset where the folder table ends.
    pub folder_table_end: u64,
}

impl PakHeader {
    /// True when the stored and computed MD5 agree (the key is right).
    #[must_use]
    pub fn md5_ok(&self) -> bool {
        self.md5 == self.computed_md5
    }
}

/// Magic, version and (for v3) the header IV: the plain prefix of a pak.
///
/// # Errors
/// [`PakError::Read`] for a short file or wrong magic.
pub fn read_prefix(data: &[u8]) -> Result<(u32, ByteReader<'_>), PakError> {
    let mut r = ByteReader::new(data, 0, "file");
    let magic = r.array::<8>().map_err(|e| e.context("in the pak magic"))?;
    if &magic != MAGIC {
        let err = ReadError::invalid(
            format!("not a NadeoPak archive (magic {magic:02x?})"),
            0,
            "file",
        );
        return Err(err.into());
    }
    let version = r.u32().map_err(|e| e.context("in the pak version"))?;
    Ok((version, r))
}

/// Decrypts and parses the v3 header of `data` (the whole .pak file).
///
/// **Corrupt header or wrong key.** The v3 format stores only an MD5 of the
/// header plaintext (seed 004 "Header MD5"), which fails the same way for
/// both, so the decrypted structure decides. Blowfish-CBC with a wrong key
/// gives random plaintext: the chance that it reads as a whole header (a
/// block-aligned `dataStart` inside the file, metadata after it, a small
/// folder count, then folder and file tables whose every index and name
/// length fits) is negligible. So:
/// - the whole header reads but the MD5 fails → [`PakError::CorruptHeader`]
///   (the key is right, some byte changed);
/// - the fixed fields before the tables are plausible (the test in
///   `unreadable`, passed by random data about once in a million) but the
///   tables do not read → [`PakError::CorruptHeader`] with where they stopped;
/// - nothing plausible → [`PakError::HeaderUnreadable`], a wrong key (a
///   damaged first block looks the same and is named as possible).
///
/// # Errors
/// As above, and [`PakError::Read`] for a truncated file or a header over
/// the limits.
pub fn read_header_v3(
    data: &[u8],
    cipher: &NadeoBlowfish,
    limits: &PakLimits,
) -> Result<PakHeader, PakError> {
    let (version, mut r) = read_prefix(data)?;
    let header_iv = r.array::<8>().map_err(|e| e.context("in the header IV"))?;
    let ciphertext = header_ciphertext(data, cipher, header_iv, limits)?;
    let mut plain = ciphertext.to_vec();
    CbcDecryptor::new(cipher, header_iv).decrypt_blocks(&mut plain);
    let parsed = parse_header(&plain, ciphertext, cipher, header_iv, version, limits);
    let mut header = match parsed {
        Ok(h) => h,
        Err(source) => return Err(unreadable(source, data.len(), version, &plain, limits)),
    };
    header.header_iv = header_iv;
    if !header.md5_ok() {
        return Err(PakError::CorruptHeader {
            detail: format!(
                "the header MD5 check failed (stored {}, computed {}) over header plaintext \
                 0..{:#x} (file offsets {HEADER_CIPHERTEXT_START}..{})",
                super::crypto::hex_encode(&header.md5),
                super::crypto::hex_encode(&header.computed_md5),
                header.plain_len,
                HEADER_CIPHERTEXT_START + header.encrypted_len,
            ),
        });
    }
    Ok(header)
}

fn le_u32_at(plain: &[u8], pos: usize) -> u32 {
    plain
        .get(pos..pos + 4)
        .and_then(|b| b.try_into().ok())
        .map_or(0, u32::from_le_bytes)
}

/// The header ciphertext: whole blocks from file offset 20 up to the claimed
/// `dataStart` (decrypted from the first block), the file end, or the limit.
fn header_ciphertext<'d>(
    data: &'d [u8],
    cipher: &NadeoBlowfish,
    header_iv: [u8; 8],
    limits: &PakLimits,
) -> Result<&'d [u8], PakError> {
    let start = HEADER_CIPHERTEXT_START as usize;
    let available = data.len().saturating_sub(start);
    if (available as u64) < MIN_HEADER_PLAIN_LEN {
        let err = ReadError::new(
            ReadErrorKind::UnexpectedEof {
                needed: MIN_HEADER_PLAIN_LEN,
                available: available as u64,
            },
            HEADER_CIPHERTEXT_START,
            "file",
        );
        return Err(err
            .context("in the encrypted header (archive truncated)")
            .into());
    }
    let mut first = data[start..start + 24].to_vec();
    CbcDecryptor::new(cipher, header_iv).decrypt_blocks(&mut first);
    let claimed_end = u64::from(le_u32_at(&first, 20));
    let len = if claimed_end > HEADER_CIPHERTEXT_START + MIN_HEADER_PLAIN_LEN
        && claimed_end <= data.len() as u64
    {
        claimed_end - HEADER_CIPHERTEXT_START
    } else {
        // Truncated file or wrong key: enough to parse a typical header and
        // tell the two apart, without decrypting a whole large archive.
        (available as u64).min(SUSPECT_HEADER_DECRYPT_LEN)
    };
    let len = len.min(limits.max_header_len);
    let len = (len as usize) / BLOCK_LEN * BLOCK_LEN;
    Ok(&data[start..start + len])
}

/// Classifies a header that did not parse: truncated file, corrupt header
/// (plausible fixed fields) or wrong key.
fn unreadable(
    source: ReadError,
    file_len: usize,
    version: u32,
    plain: &[u8],
    limits: &PakLimits,
) -> PakError {
    let data_start = u64::from(le_u32_at(plain, 20));
    let gbx_start = u64::from(le_u32_at(plain, 16));
    let folder_count_at = 28 + if version >= 2 { 8 } else { 0 } + if version >= 3 { 16 } else { 0 };
    // With the right key, dataStart follows the block-padded header and
    // precedes the metadata, and the folder count is small; random values
    // (wrong key) pass all three about once in a million.
    let plausible = data_start > HEADER_CIPHERTEXT_START
        && (data_start - HEADER_CIPHERTEXT_START).is_multiple_of(BLOCK_LEN as u64)
        && gbx_start >= data_start
        && le_u32_at(plain, folder_count_at) <= limits.max_folders;
    if plausible && data_start > file_len as u64 {
        let kind = ReadErrorKind::UnexpectedEof {
            needed: data_start - HEADER_CIPHERTEXT_START,
            available: (file_len as u64).saturating_sub(HEADER_CIPHERTEXT_START),
        };
        let err = ReadError::new(kind, file_len as u64, "file")
            .context(format!(
                "in the encrypted header, which ends at {data_start}: archive truncated"
            ))
            .context(format!("(reading stopped with: {source})"));
        return PakError::Read(err);
    }
    if plausible {
        return PakError::CorruptHeader {
            detail: format!(
                "its fixed fields are plausible (dataStart {data_start}, gbxHeadersStart \
                 {gbx_start}) but its tables do not read: {source}"
            ),
        };
    }
    PakError::HeaderUnreadable { cause: source }
}

/// Parses the plaintext; re-decrypts `ciphertext` with the header ivXor
/// once the folder table is known.
fn parse_header(
    plain: &[u8],
    ciphertext: &[u8],
    cipher: &NadeoBlowfish,
    header_iv: [u8; 8],
    version: u32,
    limits: &PakLimits,
) -> Result<PakHeader, ReadError> {
    let redecrypted: Vec<u8>;
    let mut r = ByteReader::new(plain, 0, HEADER_SPACE);
    let mut header = read_fixed_fields(&mut r, version)?;
    header.folders = read_folders(&mut r, limits).map_err(|e| e.context("in the folder table"))?;
    header.folder_table_end = r.pos_abs();
    // ivXor is zero until here and only touches blocks after the next page
    // boundary, so the plain decryption above is exact up to this point.
    header.iv_xor = header_iv_xor(&header.folders, header.folder_table_end);
    if let Some(ivx) = header.iv_xor {
        let split = round_up(header.folder_table_end, BLOCK_LEN as u64).unwrap_or(u64::MAX);
        let split = usize::try_from(split)
            .unwrap_or(usize::MAX)
            .min(ciphertext.len());
        let mut buf = ciphertext.to_vec();
        let mut dec = CbcDecryptor::new(cipher, header_iv);
        dec.decrypt_blocks(&mut buf[..split]);
        dec.mix_iv_xor(&ivx.mixed_bytes);
        dec.decrypt_blocks(&mut buf[split..]);
        redecrypted = buf;
        let pos = r.pos();
        r = ByteReader::new(&redecrypted, 0, HEADER_SPACE);
        r.seek(pos)?;
    }
    header.files =
        read_files(&mut r, &header.folders, limits).map_err(|e| e.context("in the file table"))?;
    header.plain_len = r.pos_abs();
    header.encrypted_len = round_up(header.plain_len, BLOCK_LEN as u64).unwrap_or(u64::MAX);
    header.computed_md5 = header_md5(&r.data()[..r.pos()]);
    Ok(header)
}

/// MD5 of the header plaintext with its MD5 field zeroed (seed 004).
#[must_use]
pub fn header_md5(plain: &[u8]) -> [u8; 16] {
    let mut md5 = Md5::new();
    md5.update([0u8; MD5_LEN]);
    md5.update(plain.get(MD5_LEN..).unwrap_or_default());
    md5.finalize().into()
}

fn read_fixed_fields(r: &mut ByteReader<'_>, version: u32) -> Result<PakHeader, ReadError> {
    let md5 = r.array::<16>()?;
    let gbx_headers_start = r.u32()?;
    let data_start = r.u32()?;
    let (mut gbx_headers_size, mut gbx_headers_compr_size) = (0, 0);
    if version >= 2 {
        gbx_headers_size = r.u32()?;
        gbx_headers_compr_size = r.u32()?;
    }
    let unused = if version >= 3 {
        r.array::<16>()?
    } else {
        [0; 16]
    };
    let flags = r.u32()?;
    Ok(PakHeader {
        version,
        header_iv: [0; 8],
        md5,
        computed_md5: [0; 16],
        gbx_headers_start,
        data_start,
        gbx_headers_size,
        gbx_headers_compr_size,
        unused,
        flags,
        folders: Vec::new(),
        files: Vec::new(),
        iv_xor: None,
        plain_len: 0,
        encrypted_len: 0,
        folder_table_end: 0,
    })
}

/// A u32-length-prefixed string (seed 004 via the GBX primitives). Strict
/// UTF-8, else each byte as the Latin-1 character (game files are ANSI at
/// worst; the MD5 covers the raw bytes either way).
pub(crate) fn read_string(
    r: &mut ByteReader<'_>,
    what: &'static str,
    limits: &PakLimits,
) -> Result<String, ReadError> {
    let len = u64::from(r.u32()?);
    let len = r.check_count(what, len, 1, u64::from(limits.max_name_len))?;
    let bytes = r.bytes(len)?;
    Ok(match std::str::from_utf8(bytes) {
        Ok(s) => s.to_owned(),
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    })
}

/// Parent/folder index: -1 means none, anything else must name an earlier
/// (for folders) or existing (for files) folder.
pub(super) fn read_index(
    r: &mut ByteReader<'_>,
    what: &str,
    bound: usize,
) -> Result<Option<u32>, ReadError> {
    let pos = r.pos_abs();
    let raw = r.u32()?;
    if raw == u32::MAX {
        return Ok(None);
    }
    if raw as usize >= bound {
        let msg = format!("{what} {raw} does not name one of the {bound} folders before it");
        return Err(ReadError::invalid(msg, pos, r.space()));
    }
    Ok(Some(raw))
}

pub(super) fn read_folders(
    r: &mut ByteReader<'_>,
    limits: &PakLimits,
) -> Result<Vec<Folder>, ReadError> {
    // Each folder is at least a 4-byte parent and a 4-byte string length.
    let count = r.u32()?;
    let count = r.check_count("folder count", count.into(), 8, limits.max_folders.into())?;
    let mut folders: Vec<Folder> = Vec::with_capacity(count);
    for index in 0..count {
        let start = r.pos_abs();
        let ctx = |e: ReadError| e.context(format!("in folder {index}"));
        // A folder's parent must come before it, which also rules out cycles.
        let parent = read_index(r, "parent folder index", index).map_err(ctx)?;
        let name = read_string(r, "folder name length", limits).map_err(ctx)?;
        let mut path = parent
            .map(|p| folders[p as usize].path.clone())
            .unwrap_or_default();
        if path.len().saturating_add(name.len()) > limits.max_path_len {
            return Err(ctx(r.invalid(format!(
                "folder path longer than {} bytes",
                limits.max_path_len
            ))));
        }
        path.push_str(&name);
        folders.push(Folder {
            parent,
            name,
            path,
            range_in_header: ByteRange::new(start, r.pos_abs()),
        });
    }
    Ok(folders)
}

/// Seed 004 "ivXor setup": with three or more folders whose third name is at
/// least 4 UTF-16 chars long, CalcIVXor runs over chars 2 and 3 (UTF-16LE).
pub(super) fn header_iv_xor(folders: &[Folder], folder_table_end: u64) -> Option<HeaderIvXor> {
    let mixed_bytes = iv_xor_input(&folders.get(2)?.name)?;
    let page = super::crypto::IV_XOR_PAGE_LEN;
    Some(HeaderIvXor {
        value: super::crypto::calc_iv_xor(0, &mixed_bytes),
        mixed_bytes,
        mixed_after_plain_offset: folder_table_end,
        applied_before_plain_offset: round_up(folder_table_end, page).unwrap_or(u64::MAX),
    })
}

/// UTF-16LE bytes of chars 2 and 3 of the third folder's name, when it has
/// at least 4 UTF-16 chars (seed 004 "ivXor setup": `CalcIVXor(&wszName[2], 4)`).
#[must_use]
pub fn iv_xor_input(third_folder_name: &str) -> Option<[u8; 4]> {
    let utf16: Vec<u16> = third_folder_name.encode_utf16().take(4).collect();
    let [_, _, c2, c3] = utf16[..] else {
        return None;
    };
    let [a, b] = c2.to_le_bytes();
    let [c, d] = c3.to_le_bytes();
    Some([a, b, c, d])
}

/// Smallest file entry: folder, name length, 5 u32 and the u64 flags.
const MIN_FILE_ENTRY_LEN: u64 = 4 + 4 + 5 * 4 + 8;

fn read_files(
    r: &mut ByteReader<'_>,
    folders: &[Folder],
    limits: &PakLimits,
) -> Result<Vec<FileEntry>, ReadError> {
    let count = r.u32()?;
    let count = r.check_count(
        "file count",
        count.into(),
        MIN_FILE_ENTRY_LEN,
        limits.max_files.into(),
    )?;
    let mut files = Vec::with_capacity(count);
    for index in 0..count {
        let ctx = |e: ReadError| e.context(format!("in file entry {index}"));
        files.push(read_file_entry(r, folders, limits).map_err(ctx)?);
    }
    Ok(files)
}

fn read_file_entry(
    r: &mut ByteReader<'_>,
    folders: &[Folder],
    limits: &PakLimits,
) -> Result<FileEntry, ReadError> {
    let start = r.pos_abs();
    let folder = read_index(r, "folder index", folders.len())?;
    let name = read_string(r, "file name length", limits)?;
    let folder_path = folder.map_or("", |f| folders[f as usize].path.as_str());
    Ok(FileEntry {
        folder,
        path: format!("{folder_path}{name}"),
        name,
        unknown: r.u32()?,
        uncompressed_size: r.u32()?,
        compressed_size: r.u32()?,
        offset: r.u32()?,
        class_id: r.u32()?,
        flags: r.u64()?,
        range_in_header: ByteRange::new(start, r.pos_abs()),
    })
}

/// The decrypted header plaintext (`encrypted_len` bytes, padding included)
/// with the header ivXor applied where the game applies it; for hex views
/// and tests.
#[must_use]
pub fn decrypt_plaintext(data: &[u8], cipher: &NadeoBlowfish, header: &PakHeader) -> Vec<u8> {
    let start = HEADER_CIPHERTEXT_START as usize;
    let end = usize::try_from(header.encrypted_len)
        .map_or(data.len(), |l| start.saturating_add(l).min(data.len()));
    let mut buf = data.get(start..end).unwrap_or_default().to_vec();
    let split =
        usize::try_from(round_up(header.folder_table_end, BLOCK_LEN as u64).unwrap_or(u64::MAX))
            .unwrap_or(usize::MAX)
            .min(buf.len());
    let mut dec = CbcDecryptor::new(cipher, header.header_iv);
    dec.decrypt_blocks(&mut buf[..split]);
    if let Some(ivx) = header.iv_xor {
        dec.mix_iv_xor(&ivx.mixed_bytes);
    }
    dec.decrypt_blocks(&mut buf[split..]);
    buf
}
