//! File payloads and the metadata section (seed 004 "Data", "Metadata").
//!
//! Every encrypted stream starts with its own 8-byte plaintext IV. A file's
//! stream sits at `dataStart + offset` and holds `compressedSize` bytes
//! padded to 8; when the flags say so the payload is zlib (with header).
//! The metadata section at `gbxHeadersStart` is one zlib stream of
//! `(u32 fileIndex, dataless .Gbx header)*, -1`, zero-padded to a multiple
//! of 0x100 before encryption (seed 004 "Metadata"; `gbxHeadersComprSize`
//! is the unpadded length, README of `pak-synthetic`).

use std::io::Read;

use flate2::read::ZlibDecoder;

use super::crypto::{BLOCK_LEN, CbcDecryptor, IV_XOR_PAGE_LEN, NadeoBlowfish, round_up};
use super::error::PakError;
use super::header::{FileEntry, PakHeader};
use super::limits::PakLimits;
use crate::bytes::{ByteRange, ByteReader, ReadError, ReadErrorKind};

/// Address space name of offsets inside the decompressed metadata section.
pub const METADATA_SPACE: &str = "metadata";

/// Plaintext of one encrypted stream, decrypted lazily one 0x100-byte page
/// at a time as it is read — the "decrypter" the game's inflater pulls
/// from (seed 004 "GBX compression intricacies").
///
/// For .Gbx files the game mixes a per-node ivXor through
/// [`Self::decryptor_mut`] between reads; it takes effect at the next page,
/// so such a caller must read at most one page ahead (the GBX reader will).
#[derive(Debug)]
pub struct DecryptingReader<'d, 'k> {
    ciphertext: &'d [u8],
    plain_left: usize,
    dec: CbcDecryptor<'k>,
    page: [u8; IV_XOR_PAGE_LEN as usize],
    page_len: usize,
    page_pos: usize,
}

impl<'d, 'k> DecryptingReader<'d, 'k> {
    /// Reader over `ciphertext` (without the IV, whole blocks) yielding its
    /// first `plain_len` plaintext bytes.
    #[must_use]
    pub fn new(
        cipher: &'k NadeoBlowfish,
        iv: [u8; 8],
        ciphertext: &'d [u8],
        plain_len: usize,
    ) -> Self {
        Self {
            ciphertext,
            plain_left: plain_len.min(ciphertext.len()),
            dec: CbcDecryptor::new(cipher, iv),
            page: [0; IV_XOR_PAGE_LEN as usize],
            page_len: 0,
            page_pos: 0,
        }
    }

    /// The decryptor, to mix an ivXor (GBX per-node) between reads.
    pub fn decryptor_mut(&mut self) -> &mut CbcDecryptor<'k> {
        &mut self.dec
    }

    fn next_page(&mut self) {
        let n = self.ciphertext.len().min(self.page.len());
        let (head, tail) = self.ciphertext.split_at(n);
        self.page[..n].copy_from_slice(head);
        self.dec.decrypt_blocks(&mut self.page[..n]);
        self.ciphertext = tail;
        self.page_len = n;
        self.page_pos = 0;
    }
}

impl Read for DecryptingReader<'_, '_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        if self.plain_left == 0 || out.is_empty() {
            return Ok(0);
        }
        if self.page_pos == self.page_len {
            self.next_page();
        }
        let n = out
            .len()
            .min(self.page_len - self.page_pos)
            .min(self.plain_left);
        out[..n].copy_from_slice(&self.page[self.page_pos..self.page_pos + n]);
        self.page_pos += n;
        self.plain_left -= n;
        Ok(n)
    }
}

/// IV and ciphertext of one stream at `start` holding `plain_len` bytes
/// (padded to 8), with the error naming `what` when the file is too short.
fn stream_at(data: &[u8], start: u64, plain_len: u64) -> Result<([u8; 8], &[u8]), ReadError> {
    let cipher_len = round_up(plain_len, BLOCK_LEN as u64);
    let end = cipher_len.and_then(|l| start.checked_add(8)?.checked_add(l));
    let Some(end) = end.filter(|&e| e <= data.len() as u64) else {
        let needed = cipher_len.unwrap_or(u64::MAX).saturating_add(8);
        let available = (data.len() as u64).saturating_sub(start);
        let kind = ReadErrorKind::UnexpectedEof { needed, available };
        return Err(ReadError::new(kind, start.min(data.len() as u64), "file"));
    };
    // Both bounds were checked against data.len() above.
    let (start, end) = (start as usize, end as usize);
    let iv = data[start..start + 8].try_into().unwrap_or_default();
    Ok((iv, &data[start + 8..end]))
}

/// When a compressed entry's zlib stream failed, tells whether only its
/// Adler-32 trailer (RFC 1950: big-endian, after the deflate data) disagrees
/// with the inflated bytes: inflates the raw deflate data after the 2-byte
/// zlib header (at most `uncompressedSize` bytes) and compares. `None` when
/// the deflate data itself is damaged, or the sums agree.
fn adler_mismatch(
    data: &[u8],
    cipher: &NadeoBlowfish,
    header: &PakHeader,
    index: usize,
    limits: &PakLimits,
) -> Option<(u32, u32)> {
    let expected = u64::from(header.files.get(index)?.uncompressed_size);
    let mut plain =
        std::io::BufReader::new(file_decrypter(data, cipher, header, index, limits).ok()?);
    let mut zlib_header = [0u8; 2];
    plain.read_exact(&mut zlib_header).ok()?;
    let mut inflate = flate2::bufread::DeflateDecoder::new(plain);
    let (mut a, mut b) = (1u32, 0u32);
    let mut buf = vec![0u8; 64 * 1024];
    let mut total = 0u64;
    loop {
        let n = inflate.read(&mut buf).ok()?;
        if n == 0 {
            break;
        }
        total += n as u64;
        if total > expected {
            return None;
        }
        for &byte in &buf[..n] {
            a = (a + u32::from(byte)) % 65_521;
            b = (b + a) % 65_521;
        }
    }
    let mut trailer = [0u8; 4];
    inflate.into_inner().read_exact(&mut trailer).ok()?;
    let (stored, computed) = (u32::from_be_bytes(trailer), (b << 16) | a);
    (total == expected && stored != computed).then_some((stored, computed))
}

/// File range of a file's IV + padded ciphertext: `dataStart + offset`,
/// `8 + compressedSize` rounded up to 8 bytes (u64, so it cannot overflow).
pub fn file_stream_range(header: &PakHeader, file: &FileEntry) -> ByteRange {
    let start = u64::from(header.data_start) + u64::from(file.offset);
    let len = round_up(file.compressed_size.into(), BLOCK_LEN as u64).unwrap_or(0) + 8;
    ByteRange::at(start, len)
}

fn entry_context(index: usize, file: &FileEntry) -> String {
    format!("in file {index} {:?}", file.path)
}

/// The decrypter of file `index`'s stored bytes (IV + ciphertext at
/// `dataStart + offset`), after checking its sizes against the limits and
/// the file.
///
/// # Errors
/// [`PakError::NoSuchFile`]; [`PakError::Read`] when the stream lies
/// outside the file or the declared size exceeds the limits.
pub fn file_decrypter<'d, 'k>(
    data: &'d [u8],
    cipher: &'k NadeoBlowfish,
    header: &PakHeader,
    index: usize,
    limits: &PakLimits,
) -> Result<DecryptingReader<'d, 'k>, PakError> {
    let count = header.files.len();
    let file = header
        .files
        .get(index)
        .ok_or(PakError::NoSuchFile { index, count })?;
    let ctx = |e: ReadError| e.context(entry_context(index, file));
    let size = u64::from(file.uncompressed_size);
    if size > limits.max_file_size {
        let kind = ReadErrorKind::TooLarge {
            what: "uncompressed size",
            value: size,
            limit: limits.max_file_size,
        };
        let at = file.range_in_header.start;
        return Err(ctx(ReadError::new(kind, at, super::header::HEADER_SPACE)).into());
    }
    let range = file_stream_range(header, file);
    let (iv, ciphertext) =
        stream_at(data, range.start, file.compressed_size.into()).map_err(ctx)?;
    Ok(DecryptingReader::new(
        cipher,
        iv,
        ciphertext,
        file.compressed_size as usize,
    ))
}

/// A streaming reader of file `index`'s payload, decompressed when the
/// flags say so. Plain CBC: no ivXor is mixed (right for every file but a
/// .Gbx without `DontUseDummyWrite`, which the game decrypts node by node,
/// see [`super::gbx_stream`]).
///
/// # Errors
/// As [`file_decrypter`].
pub fn file_reader<'d, 'k>(
    data: &'d [u8],
    cipher: &'k NadeoBlowfish,
    header: &PakHeader,
    index: usize,
    limits: &PakLimits,
) -> Result<Box<dyn Read + 'd>, PakError>
where
    'k: 'd,
{
    let plain = file_decrypter(data, cipher, header, index, limits)?;
    if header.files[index].is_compressed() {
        Ok(Box::new(ZlibDecoder::new(plain)))
    } else {
        Ok(Box::new(plain))
    }
}

/// Reads and checks the whole payload of file `index`.
///
/// # Errors
/// As [`file_reader`], plus corrupt zlib data or a payload whose length
/// differs from `uncompressedSize` (a lying size or a wrong key).
pub fn read_file(
    data: &[u8],
    cipher: &NadeoBlowfish,
    header: &PakHeader,
    index: usize,
    limits: &PakLimits,
) -> Result<Vec<u8>, PakError> {
    let mut out = Vec::new();
    copy_file(data, cipher, header, index, limits, &mut out)?;
    Ok(out)
}

/// Streams the payload of file `index` into `sink`; returns its length.
///
/// # Errors
/// As [`read_file`]; [`PakError::Io`] when writing to `sink` fails.
pub fn copy_file(
    data: &[u8],
    cipher: &NadeoBlowfish,
    header: &PakHeader,
    index: usize,
    limits: &PakLimits,
    sink: &mut dyn std::io::Write,
) -> Result<u64, PakError> {
    let reader = file_reader(data, cipher, header, index, limits)?;
    let file = &header.files[index];
    let expected = u64::from(file.uncompressed_size);
    let stream_start = file_stream_range(header, file).start + 8;
    let invalid = |msg: String| {
        ReadError::invalid(msg, stream_start, "file").context(entry_context(index, file))
    };
    // Read one byte more than declared so a longer payload is caught without
    // inflating an unbounded amount.
    let mut limited = reader.take(expected + 1);
    let mut buf = vec![0u8; 64 * 1024];
    let mut total = 0u64;
    loop {
        let n = match limited.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) => {
                if let Some((stored, computed)) =
                    adler_mismatch(data, cipher, header, index, limits)
                {
                    return Err(invalid(format!(
                        "zlib checksum (Adler-32) mismatch: stored {stored:#010x}, computed \
                         {computed:#010x} over the {expected} inflated bytes: the entry is damaged"
                    ))
                    .into());
                }
                return Err(invalid(format!("corrupt zlib data after {total} bytes: {e}")).into());
            }
        };
        total += n as u64;
        if total > expected {
            return Err(invalid(format!(
                "payload is longer than its uncompressed size {expected}"
            ))
            .into());
        }
        sink.write_all(&buf[..n]).map_err(|e| PakError::Io {
            context: format!("writing {:?}", file.path),
            error: e,
        })?;
    }
    if total != expected {
        return Err(invalid(format!(
            "payload is {total} bytes, but its uncompressed size says {expected}"
        ))
        .into());
    }
    Ok(total)
}

/// One dataless .Gbx header of the metadata section (seed 004 "Metadata").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MetadataEntry {
    /// Index into the file table of the file it describes.
    pub file_index: u32,
    /// Class id read from the .Gbx header.
    pub class_id: u32,
    /// GBX version of the header.
    pub gbx_version: u16,
    /// The header bytes, "GBX" through `numNodes` (for the GBX header reader).
    pub gbx_header: Vec<u8>,
    /// Where the header sits in the decompressed metadata.
    pub range_in_metadata: ByteRange,
}

/// The decoded metadata section.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Metadata {
    /// Plaintext IV of the section.
    pub iv: [u8; 8],
    /// The entries in stored order.
    pub entries: Vec<MetadataEntry>,
}

/// Decrypts, inflates and splits the metadata section.
///
/// # Errors
/// [`PakError::Read`] for a section outside the file, corrupt zlib data, a
/// size that lies, a file index out of range or a malformed .Gbx header.
pub fn read_metadata(
    data: &[u8],
    cipher: &NadeoBlowfish,
    header: &PakHeader,
    limits: &PakLimits,
) -> Result<Metadata, PakError> {
    let ctx = |e: ReadError| e.context("in the metadata section");
    if header.gbx_headers_compr_size == 0 {
        return Ok(Metadata::default());
    }
    let size = u64::from(header.gbx_headers_size);
    if size > limits.max_metadata_size {
        let kind = ReadErrorKind::TooLarge {
            what: "metadata size",
            value: size,
            limit: limits.max_metadata_size,
        };
        return Err(ctx(ReadError::new(kind, 24, super::header::HEADER_SPACE)).into());
    }
    let start = u64::from(header.gbx_headers_start);
    let compr = header.gbx_headers_compr_size;
    let (iv, ciphertext) = stream_at(data, start, compr.into()).map_err(ctx)?;
    let plain = DecryptingReader::new(cipher, iv, ciphertext, compr as usize);
    let mut inflated = Vec::new();
    let read = ZlibDecoder::new(plain)
        .take(size + 1)
        .read_to_end(&mut inflated);
    let at = |msg: String| ctx(ReadError::invalid(msg, start + 8, "file"));
    read.map_err(|e| at(format!("corrupt zlib data: {e}")))?;
    if inflated.len() as u64 != size {
        return Err(at(format!(
            "inflates to {} bytes, but gbxHeadersSize says {size}",
            inflated.len()
        ))
        .into());
    }
    let entries = split_metadata(&inflated, header.files.len()).map_err(ctx)?;
    Ok(Metadata { iv, entries })
}

fn split_metadata(plain: &[u8], num_files: usize) -> Result<Vec<MetadataEntry>, ReadError> {
    let mut r = ByteReader::new(plain, 0, METADATA_SPACE);
    let mut entries = Vec::new();
    loop {
        let pos = r.pos_abs();
        let index = r.u32()?;
        if index == u32::MAX {
            break;
        }
        if index as usize >= num_files {
            let msg = format!("file index {index} out of range ({num_files} files)");
            return Err(ReadError::invalid(msg, pos, METADATA_SPACE));
        }
        let entry = read_gbx_header(&mut r, index)
            .map_err(|e| e.context(format!("in the header of file {index}")))?;
        entries.push(entry);
    }
    if !r.is_at_end() {
        return Err(r.invalid(format!("{} bytes after the -1 terminator", r.remaining())));
    }
    Ok(entries)
}

/// Measures a dataless .Gbx header ("GBX", version, format bytes, class id,
/// user data, numNodes — GBX seed "Header"; seed 004 "Metadata").
fn read_gbx_header(r: &mut ByteReader<'_>, file_index: u32) -> Result<MetadataEntry, ReadError> {
    let start = r.pos();
    let start_abs = r.pos_abs();
    if r.array::<3>()? != *b"GBX" {
        return Err(ReadError::invalid(
            "expected a .Gbx header (\"GBX\")",
            start_abs,
            METADATA_SPACE,
        ));
    }
    let gbx_version = r.u16()?;
    if gbx_version >= 3 {
        r.skip(3)?; // format, ref table and body compression
    }
    if gbx_version >= 4 {
        r.skip(1)?; // 'R' or 'E'
    }
    let class_id = r.u32()?;
    if gbx_version >= 6 {
        let user_data_len = r.u32()?;
        let len = r.check_count("user data size", user_data_len.into(), 1, u64::MAX)?;
        r.skip(len)?;
    }
    let _num_nodes = r.u32()?;
    let end = r.pos();
    Ok(MetadataEntry {
        file_index,
        class_id,
        gbx_version,
        gbx_header: r.data()[start..end].to_vec(),
        range_in_metadata: ByteRange::new(start_abs, r.pos_abs()),
    })
}
