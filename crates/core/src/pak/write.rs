//! The v3 writer, mirror of [`super::header`] and [`super::entries`]: given
//! a key, folders, files and metadata it lays out
//!
//! ```text
//! "NadeoPak" u32 3, header IV, encrypted header (padded to 8)   -- dataStart
//! per file: IV + encrypted payload (zlib when flags & 0x7C, padded to 8)
//! metadata: IV + encrypted zlib((u32 index, gbx header)*, -1) padded to 0x100
//! ```
//!
//! with the header MD5 (seed 004 "Header MD5") and the header ivXor
//! (seed 004 "ivXor setup") as the reader expects them; the metadata's
//! padding to 0x100 follows seed 004 "Metadata" and the sizes follow the
//! `pak-synthetic` README (`gbxHeadersComprSize` unpadded).
//!
//! IVs are derived deterministically, MD5(key, stream label)[..8], so the
//! same input gives the same archive; the format only needs them to differ.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use flate2::Compression;
use flate2::write::ZlibEncoder;
use md5::{Digest, Md5};

use super::crypto::{BLOCK_LEN, CbcEncryptor, IV_XOR_PAGE_LEN, NadeoBlowfish, PakKey, round_up};
use super::error::PakError;
use super::header::{
    FLAG_DONT_USE_DUMMY_WRITE, FLAGS_COMPRESSED_MASK, HEADER_CIPHERTEXT_START, MAGIC, header_md5,
    iv_xor_input,
};
use crate::bytes::ByteWriter;
use crate::walk::Entry;

/// A folder to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewFolder {
    /// Parent index (must be lower than this folder's), `None` for a root.
    pub parent: Option<u32>,
    /// Name, by convention ending with `\` (`Textures\`).
    pub name: String,
}

/// A file to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewFile {
    /// Folder index, `None` for the root.
    pub folder: Option<u32>,
    /// File name.
    pub name: String,
    /// Class id of the file's type.
    pub class_id: u32,
    /// Flags; when `flags & 0x7C` is non-zero the payload is zlib-compressed.
    pub flags: u64,
    /// The u32 after the name (unknown meaning; 0 in the samples).
    pub unknown: u32,
    /// The payload, uncompressed.
    pub data: Vec<u8>,
}

/// A metadata entry to write: a dataless .Gbx header for a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMetadata {
    /// Index of the file it describes.
    pub file_index: u32,
    /// "GBX" through `numNodes`.
    pub gbx_header: Vec<u8>,
}

/// Everything a v3 pak holds.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PakContents {
    /// Folders in order.
    pub folders: Vec<NewFolder>,
    /// Files in order.
    pub files: Vec<NewFile>,
    /// Metadata entries in order.
    pub metadata: Vec<NewMetadata>,
    /// Header flags (0 in the samples).
    pub flags: u32,
}

fn derived_iv(key: &PakKey, label: &str) -> [u8; 8] {
    let digest: [u8; 16] = Md5::new()
        .chain_update(key.0)
        .chain_update(label)
        .finalize()
        .into();
    digest[..8].try_into().unwrap_or_default()
}

fn zlib(data: &[u8]) -> Vec<u8> {
    let mut enc = ZlibEncoder::new(Vec::new(), Compression::default());
    // Writing into a Vec cannot fail.
    let _ = enc.write_all(data);
    enc.finish().unwrap_or_default()
}

fn to_u32(value: usize, what: &str) -> Result<u32, PakError> {
    u32::try_from(value)
        .map_err(|_| PakError::Write(format!("{what} {value} does not fit in a u32")))
}

/// One encrypted stream: IV then ciphertext of `plain` zero-padded to `align`.
fn encrypted_stream(cipher: &NadeoBlowfish, iv: [u8; 8], plain: &[u8], align: u64) -> Vec<u8> {
    encrypted_stream_scheduled(cipher, iv, plain, align, &[])
}

/// [`encrypted_stream`] with CalcIVXor inputs mixed before given 0x100-byte
/// pages (`(page index, input)`, from [`gbx_schedule`]).
fn encrypted_stream_scheduled(
    cipher: &NadeoBlowfish,
    iv: [u8; 8],
    plain: &[u8],
    align: u64,
    schedule: &[(usize, Vec<u8>)],
) -> Vec<u8> {
    const PAGE: usize = IV_XOR_PAGE_LEN as usize;
    let padded = round_up(plain.len() as u64, align).unwrap_or(0) as usize;
    let mut out = Vec::with_capacity(8 + padded);
    out.extend_from_slice(&iv);
    out.extend_from_slice(plain);
    out.resize(8 + padded, 0);
    let mut enc = CbcEncryptor::new(cipher, iv);
    for (page, chunk) in out[8..].chunks_mut(PAGE).enumerate() {
        for (_, input) in schedule.iter().filter(|(p, _)| *p == page) {
            enc.mix_iv_xor(input);
        }
        enc.encrypt_blocks(chunk);
    }
    out
}

/// Options of [`write_pak_v3_with`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WriteOptions {
    /// Encrypt every .Gbx without flag bit 32 with the per-node ivXor, as
    /// the game reads it (seed 004 ".gbx files"; [`super::gbx_decode`]).
    /// Off by default: [`write_pak_v3`] writes plain CBC everywhere.
    pub gbx_node_iv_xor: bool,
}

/// Pages of a .Gbx payload's stored bytes (`stored`, zlib when
/// `compressed`) and the ivXor inputs the game's reader mixes before each,
/// found by running the reader's stream over the plaintext with the nodes
/// of `gbx` (the uncompressed file).
fn gbx_schedule(gbx: &[u8], stored: &[u8], compressed: bool) -> Vec<(usize, Vec<u8>)> {
    use super::gbx_decode::{drive, node_mixes};
    use super::gbx_stream::{GbxPakStream, ScheduleSource};
    let (mixes, _) = node_mixes(gbx);
    let mut stream = GbxPakStream::new(ScheduleSource::new(stored), compressed);
    // The data is our own zlib output: reading it cannot fail.
    let _ = drive(&mut stream, &mixes, gbx.len() as u64);
    stream.into_source().schedule
}

fn check_tree(contents: &PakContents) -> Result<(), PakError> {
    for (i, folder) in contents.folders.iter().enumerate() {
        if folder.parent.is_some_and(|p| p as usize >= i) {
            return Err(PakError::Write(format!(
                "folder {i}'s parent must come before it"
            )));
        }
    }
    for (i, file) in contents.files.iter().enumerate() {
        if file
            .folder
            .is_some_and(|f| f as usize >= contents.folders.len())
        {
            return Err(PakError::Write(format!(
                "file {i} names a folder that does not exist"
            )));
        }
    }
    if let Some(m) = contents
        .metadata
        .iter()
        .find(|m| m.file_index as usize >= contents.files.len())
    {
        return Err(PakError::Write(format!(
            "metadata for file {} which does not exist",
            m.file_index
        )));
    }
    Ok(())
}

fn write_string(w: &mut ByteWriter, s: &str) -> Result<(), PakError> {
    w.u32(to_u32(s.len(), "string length")?);
    w.bytes(s.as_bytes());
    Ok(())
}

/// Header plaintext (MD5 zeroed) and the plaintext offset where the folder
/// table ends; `sizes` = (gbxHeadersStart, dataStart, size, comprSize).
fn header_plain(
    contents: &PakContents,
    stored: &[(u32, u32, u32)],
    sizes: [u32; 4],
) -> Result<(Vec<u8>, usize), PakError> {
    let mut w = ByteWriter::new();
    w.bytes(&[0; 16]);
    sizes.iter().for_each(|&v| w.u32(v));
    w.bytes(&[0; 16]);
    w.u32(contents.flags);
    w.u32(to_u32(contents.folders.len(), "folder count")?);
    for folder in &contents.folders {
        w.u32(folder.parent.unwrap_or(u32::MAX));
        write_string(&mut w, &folder.name)?;
    }
    let folder_table_end = w.len();
    w.u32(to_u32(contents.files.len(), "file count")?);
    for (file, &(uncompressed, compressed, offset)) in contents.files.iter().zip(stored) {
        w.u32(file.folder.unwrap_or(u32::MAX));
        write_string(&mut w, &file.name)?;
        for v in [
            file.unknown,
            uncompressed,
            compressed,
            offset,
            file.class_id,
        ] {
            w.u32(v);
        }
        w.u64(file.flags);
    }
    Ok((w.into_inner(), folder_table_end))
}

/// Encrypts the header plaintext, mixing the ivXor after the folder table.
fn encrypt_header(
    cipher: &NadeoBlowfish,
    iv: [u8; 8],
    plain: &[u8],
    folder_end: usize,
    third: Option<&str>,
) -> Vec<u8> {
    let mut buf = plain.to_vec();
    buf.resize(
        round_up(plain.len() as u64, BLOCK_LEN as u64).unwrap_or(0) as usize,
        0,
    );
    let split =
        (round_up(folder_end as u64, BLOCK_LEN as u64).unwrap_or(0) as usize).min(buf.len());
    let mut enc = CbcEncryptor::new(cipher, iv);
    enc.encrypt_blocks(&mut buf[..split]);
    if let Some(input) = third.and_then(iv_xor_input) {
        enc.mix_iv_xor(&input);
    }
    enc.encrypt_blocks(&mut buf[split..]);
    buf
}

/// Writes a v3 pak holding `contents`, encrypted with `key`.
///
/// # Errors
/// [`PakError::Write`] for a broken tree (parent after child, missing
/// folder) or sizes beyond the format's u32 fields.
pub fn write_pak_v3(key: &PakKey, contents: &PakContents) -> Result<Vec<u8>, PakError> {
    write_pak_v3_with(key, contents, WriteOptions::default())
}

/// [`write_pak_v3`] with [`WriteOptions`].
///
/// # Errors
/// As [`write_pak_v3`].
pub fn write_pak_v3_with(
    key: &PakKey,
    contents: &PakContents,
    options: WriteOptions,
) -> Result<Vec<u8>, PakError> {
    check_tree(contents)?;
    let cipher = NadeoBlowfish::new(key);
    let mut data_blob = Vec::new();
    let mut stored = Vec::with_capacity(contents.files.len());
    for (i, file) in contents.files.iter().enumerate() {
        let compressed = file.flags & FLAGS_COMPRESSED_MASK != 0;
        let payload = if compressed {
            zlib(&file.data)
        } else {
            file.data.clone()
        };
        let offset = to_u32(data_blob.len(), "file offset")?;
        stored.push((
            to_u32(file.data.len(), "file size")?,
            to_u32(payload.len(), "file size")?,
            offset,
        ));
        let per_node = options.gbx_node_iv_xor
            && file.flags & FLAG_DONT_USE_DUMMY_WRITE == 0
            && gbx_class_id(&file.data).is_some();
        let schedule = if per_node {
            gbx_schedule(&file.data, &payload, compressed)
        } else {
            Vec::new()
        };
        let stream = encrypted_stream_scheduled(
            &cipher,
            derived_iv(key, &format!("file {i}")),
            &payload,
            BLOCK_LEN as u64,
            &schedule,
        );
        data_blob.extend_from_slice(&stream);
    }
    let mut meta = ByteWriter::new();
    for m in &contents.metadata {
        meta.u32(m.file_index);
        meta.bytes(&m.gbx_header);
    }
    meta.i32(-1);
    let meta_plain = meta.into_inner();
    let meta_zlib = zlib(&meta_plain);
    // Header length does not depend on the values, only on the names.
    let (probe, _) = header_plain(contents, &stored, [0; 4])?;
    let data_start =
        HEADER_CIPHERTEXT_START + round_up(probe.len() as u64, BLOCK_LEN as u64).unwrap_or(0);
    let data_start = to_u32(data_start as usize, "data start")?;
    let gbx_start = to_u32(data_start as usize + data_blob.len(), "metadata offset")?;
    let sizes = [
        gbx_start,
        data_start,
        to_u32(meta_plain.len(), "metadata size")?,
        to_u32(meta_zlib.len(), "metadata size")?,
    ];
    let (mut plain, folder_end) = header_plain(contents, &stored, sizes)?;
    let md5 = header_md5(&plain);
    plain[..16].copy_from_slice(&md5);
    let header_iv = derived_iv(key, "header");
    let third = contents.folders.get(2).map(|f| f.name.as_str());
    let mut out = Vec::with_capacity(gbx_start as usize + meta_zlib.len() + 0x108);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&3u32.to_le_bytes());
    out.extend_from_slice(&header_iv);
    out.extend_from_slice(&encrypt_header(
        &cipher, header_iv, &plain, folder_end, third,
    ));
    out.extend_from_slice(&data_blob);
    out.extend_from_slice(&encrypted_stream(
        &cipher,
        derived_iv(key, "metadata"),
        &meta_zlib,
        IV_XOR_PAGE_LEN,
    ));
    Ok(out)
}

/// Class id of a .Gbx file from its header ("GBX", u16 version, format
/// bytes for version >= 3 and >= 4, then the class id), else `None`.
#[must_use]
pub fn gbx_class_id(data: &[u8]) -> Option<u32> {
    let mut r = crate::bytes::ByteReader::new(data, 0, "file");
    if r.array::<3>().ok()? != *b"GBX" {
        return None;
    }
    let version = r.u16().ok()?;
    r.skip(usize::from(version >= 3) * 3 + usize::from(version >= 4))
        .ok()?;
    r.u32().ok()
}

/// The tree under `dir` as pak contents ("create pak from folder"): one
/// folder per directory (name + `\`), files sorted by name, the tree as
/// the core's one walker lists it ([`crate::walk::entries`]); payloads are
/// compressed (flags 0x04) when that makes them smaller; a .Gbx file gets
/// the class id from its header and flag bit 32 (`DontUseDummyWrite`, plain
/// CBC), other files class id 0 (their ids in game packs are not
/// documented). Symlinks, FIFOs, sockets and devices are skipped.
///
/// # Errors
/// [`PakError::Io`] when a folder, an entry or a file cannot be read.
pub fn contents_from_dir(dir: &Path) -> Result<PakContents, PakError> {
    let mut contents = PakContents::default();
    let mut folder_of: HashMap<PathBuf, u32> = HashMap::new();
    for entry in crate::walk::entries(dir, true) {
        match entry {
            Entry::Folder(path) => {
                let index = to_u32(contents.folders.len(), "folder count")?;
                contents.folders.push(NewFolder {
                    parent: parent_folder(&folder_of, &path),
                    name: format!("{}\\", file_name(&path)),
                });
                folder_of.insert(path, index);
            }
            Entry::File {
                path,
                linked: false,
            } => {
                let folder = parent_folder(&folder_of, &path);
                contents.files.push(new_file(&path, folder)?);
            }
            Entry::File { linked: true, .. } | Entry::LeftOut(..) => {}
            Entry::Unreadable(path, why) => {
                return Err(PakError::io("reading", path, std::io::Error::other(why)));
            }
        }
    }
    Ok(contents)
}

/// The pak folder a walked path sits in (`None`: the top).
fn parent_folder(folder_of: &HashMap<PathBuf, u32>, path: &Path) -> Option<u32> {
    folder_of.get(path.parent()?).copied()
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned()
}

/// The pak file of the file at `path` in pak folder `folder`.
fn new_file(path: &Path, folder: Option<u32>) -> Result<NewFile, PakError> {
    let data = super::limits::read_capped(path, super::limits::MAX_PAK_BYTES, "pak's file")?;
    let mut flags = if zlib(&data).len() < data.len() {
        0x04
    } else {
        0
    };
    let class_id = gbx_class_id(&data);
    if class_id.is_some() {
        // Plain CBC for .Gbx: the writer does not do the game's per-node
        // ivXor, and this flag tells readers so (as the reference samples
        // do).
        flags |= FLAG_DONT_USE_DUMMY_WRITE;
    }
    Ok(NewFile {
        folder,
        name: file_name(path),
        class_id: class_id.unwrap_or(0),
        flags,
        unknown: 0,
        data,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_folder_becomes_folders_and_files_in_name_order_links_skipped() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::create_dir_all(d.join("B/C")).unwrap();
        std::fs::create_dir(d.join("A")).unwrap();
        for (p, bytes) in [("z.txt", &b"z"[..]), ("B/x.txt", b"x"), ("B/C/y.txt", b"y")] {
            std::fs::write(d.join(p), bytes).unwrap();
        }
        std::os::unix::fs::symlink(d.join("z.txt"), d.join("B/link.txt")).unwrap();
        let c = contents_from_dir(d).unwrap();
        let folders: Vec<(Option<u32>, &str)> = c
            .folders
            .iter()
            .map(|f| (f.parent, f.name.as_str()))
            .collect();
        assert_eq!(folders, [(None, "A\\"), (None, "B\\"), (Some(1), "C\\")]);
        let files: Vec<(Option<u32>, &str, &[u8])> = c
            .files
            .iter()
            .map(|f| (f.folder, f.name.as_str(), f.data.as_slice()))
            .collect();
        assert_eq!(
            files,
            [
                (Some(2), "y.txt", &b"y"[..]),
                (Some(1), "x.txt", b"x"),
                (None, "z.txt", b"z"),
            ]
        );
    }

    #[test]
    fn a_missing_folder_is_an_io_error_naming_it() {
        let err = contents_from_dir(Path::new("/nonexistent/trackbench-pak")).unwrap_err();
        let text = err.to_string();
        assert!(text.contains("/nonexistent/trackbench-pak"), "{text}");
        assert!(text.contains("cannot list the folder"), "{text}");
    }
}
