//! NadeoPak archives (seed 004 "PAK"): TrackMania `.pak` files.
//!
//! - [`open()`] and [`OpenedPak`]: the one way in for every version (the
//!   key of a v3 pak, the unencrypted info and header key of a v6+ one).
//! - [`crypto`]: Nadeo Blowfish-CBC with the ivXor twist.
//! - [`packlist`]: `packlist.dat` names, keys and signature (TMF/TMU);
//!   [`KeySource`] and [`KeyInput`] say where a key comes from.
//! - [`header`]: the encrypted v3 header, folder tree and file table.
//! - [`header_v6`]: the unencrypted ManiaPlanet header (version 6+);
//!   [`header_v6_body`]: its folders and files.
//! - [`tree`]: the folder tree a browser shows, and the files under a folder.
//! - [`entries`]: file payloads (IV + ciphertext, zlib) and the metadata.
//! - [`gbx_stream`]: the game's node-by-node read path for embedded .Gbx.
//! - [`extract`]: extraction that no archive path can escape.
//! - [`mod@write`]: the v3 writer (tests, "create pak from folder").
//!
//! Typical use (a browser panel or the CLI):
//!
//! ```no_run
//! # use std::path::Path;
//! # use trackbench_core::pak::{self, KeySource, PakKey, PakLimits};
//! let key = KeySource::Key(PakKey::from_hex("d20eb515517a722636b48d3e052e6e88").unwrap());
//! let path = Path::new("synth_ivxor.pak");
//! let data = std::fs::read(path).unwrap();
//! let pak = pak::open(data, Some(&key), path, PakLimits::default())
//!     .and_then(pak::OpenedPak::into_pak)
//!     .unwrap();
//! for (index, file) in pak.files().iter().enumerate() {
//!     let bytes = pak.read_file(index).unwrap();
//!     println!("{} {} bytes", file.slash_path(), bytes.len());
//! }
//! ```

pub mod crypto;
pub mod entries;
mod error;
pub mod extract;
pub mod gbx_decode;
pub mod gbx_stream;
pub mod header;
pub mod header_v6;
pub mod header_v6_body;
mod keys;
mod limits;
pub mod node_classes;
mod open;
pub mod packlist;
pub mod packlist_search;
pub mod tree;
pub mod write;
pub mod zip_out;

use std::io::Read;
use std::path::Path;

pub use crypto::PakKey;
pub use entries::{Metadata, MetadataEntry};
pub use error::PakError;
pub use extract::ExtractProgress;
pub use gbx_decode::{GbxDecryption, GbxPayload, NodeMix};
pub use header::{FileEntry, Folder, PakHeader};
pub use header_v6::PakInfoV6;
pub use keys::{KeyInput, KeySource};
pub use limits::{MAX_PACKLIST_BYTES, MAX_PAK_BYTES, PakLimits};
pub use open::{FIRST_MANIAPLANET_VERSION, LockedPak, OpenedPak, PakV6, open};
pub use packlist::{Packlist, PacklistEntry};
pub use tree::{FolderTree, TreeNode};

use crypto::NadeoBlowfish;

/// Format version of a pak, read without a key (3 for TMF/TMU; 6 and more
/// for ManiaPlanet, whose unencrypted header [`header_v6::read_info_v6`]
/// reads).
///
/// # Errors
/// [`PakError::Read`] for a short file or wrong magic.
pub fn pak_version(data: &[u8]) -> Result<u32, PakError> {
    header::read_prefix(data).map(|(version, _)| version)
}

/// An opened v3 pak: the whole file in memory, its key schedule and header.
#[derive(Debug, Clone)]
pub struct Pak {
    data: Vec<u8>,
    cipher: NadeoBlowfish,
    key: PakKey,
    header: PakHeader,
    limits: PakLimits,
}

impl Pak {
    /// Decrypts and checks the header of `data` (the whole .pak file).
    ///
    /// # Errors
    /// [`PakError::HeaderUnreadable`] for a wrong key,
    /// [`PakError::CorruptHeader`] for a damaged header (the heuristic is in
    /// [`header::read_header_v3`]), [`PakError::Read`] for a truncated or
    /// malformed file.
    pub fn open(data: Vec<u8>, key: &PakKey) -> Result<Self, PakError> {
        Self::open_with_limits(data, key, PakLimits::default())
    }

    /// [`Self::open`] with explicit limits.
    ///
    /// # Errors
    /// As [`Self::open`].
    pub fn open_with_limits(
        data: Vec<u8>,
        key: &PakKey,
        limits: PakLimits,
    ) -> Result<Self, PakError> {
        let cipher = NadeoBlowfish::new(key);
        let (version, _) = header::read_prefix(&data)?;
        if !(1..=3).contains(&version) {
            return Err(open::not_version_1_to_3(version));
        }
        let header = header::read_header_v3(&data, &cipher, &limits)?;
        Ok(Self {
            data,
            cipher,
            key: *key,
            header,
            limits,
        })
    }

    /// Reads the file at `path` (at most [`MAX_PAK_BYTES`]) and
    /// opens it with the key from `keys`.
    ///
    /// # Errors
    /// [`PakError::Io`] (also a FIFO or device, or a file above the limit),
    /// [`PakError::NoKeyForPack`] or as [`Self::open`].
    pub fn open_path(path: &Path, keys: &KeySource) -> Result<Self, PakError> {
        let key = keys.key_for(path)?;
        let data = limits::read_capped(path, limits::MAX_PAK_BYTES, "pak")?;
        Self::open(data, &key)
    }

    /// The decoded header.
    #[must_use]
    pub fn header(&self) -> &PakHeader {
        &self.header
    }

    /// The key the pak was opened with.
    #[must_use]
    pub fn key(&self) -> &PakKey {
        &self.key
    }

    /// The folder tree in stored order ([`Folder::parent`] links).
    #[must_use]
    pub fn folders(&self) -> &[Folder] {
        &self.header.folders
    }

    /// The file table in stored order.
    #[must_use]
    pub fn files(&self) -> &[FileEntry] {
        &self.header.files
    }

    /// The folder tree a browser shows ([`FolderTree::build`]).
    #[must_use]
    pub fn folder_tree(&self) -> FolderTree {
        FolderTree::build(self.folders(), self.files())
    }

    /// The raw archive bytes.
    #[must_use]
    pub fn data(&self) -> &[u8] {
        &self.data
    }

    /// The files whose stored bytes (IV + padded ciphertext at `dataStart +
    /// offset`) run past the end of the archive, with where they end: a
    /// cut pak (issue 30: its header still reads and its MD5 still
    /// matches, since the MD5 covers the header only).
    #[must_use]
    pub fn files_past_end(&self) -> Vec<(usize, u64)> {
        let len = self.data.len() as u64;
        self.header
            .files
            .iter()
            .enumerate()
            .filter_map(|(i, f)| {
                let end = entries::file_stream_range(&self.header, f).end;
                (end > len).then_some((i, end))
            })
            .collect()
    }

    /// Index of the file whose path (with `\` or `/` separators) is `path`.
    #[must_use]
    pub fn find(&self, path: &str) -> Option<usize> {
        let wanted = path.replace('/', "\\");
        self.header.files.iter().position(|f| f.path == wanted)
    }

    /// The decrypted (and decompressed) payload of file `index`, checked
    /// against its declared size, with plain CBC (no per-node ivXor: see
    /// [`Self::read_gbx`] and [`Self::copy_file`] for .Gbx files).
    ///
    /// # Errors
    /// [`PakError::Read`] naming the file and offset (truncated archive,
    /// lying sizes, corrupt zlib data).
    pub fn read_file(&self, index: usize) -> Result<Vec<u8>, PakError> {
        entries::read_file(&self.data, &self.cipher, &self.header, index, &self.limits)
    }

    /// True for a file the game decrypts with the per-node ivXor: a .Gbx
    /// (name ending in `.gbx`, any case, or a payload starting with "GBX",
    /// as hashed names have no extension) without flag bit 32 (seed 004
    /// ".gbx files"; GBX.NET `Pak.OpenGbxFile`). The first bytes are never
    /// touched by a node's ivXor (the first node comes after the header).
    #[must_use]
    pub fn is_node_encrypted_gbx(&self, index: usize) -> bool {
        let Some(f) = self.header.files.get(index) else {
            return false;
        };
        if f.dont_use_dummy_write() {
            return false;
        }
        if f.has_gbx_name() {
            return true;
        }
        let mut magic = [0u8; 3];
        entries::file_reader(&self.data, &self.cipher, &self.header, index, &self.limits)
            .and_then(|r| {
                let mut r = r.take(3);
                std::io::Read::read_exact(&mut r, &mut magic).map_err(|e| PakError::Io {
                    context: "reading the first bytes".into(),
                    error: e,
                })
            })
            .is_ok_and(|()| magic == *b"GBX")
    }

    /// Streams the payload of file `index` into `sink` as the game reads
    /// it (a .Gbx through [`Self::read_gbx`], anything else plain CBC);
    /// returns its length. Used by extraction and hashing.
    ///
    /// # Errors
    /// As [`Self::read_file`], or [`PakError::Io`] when writing fails.
    pub fn copy_file(&self, index: usize, sink: &mut dyn std::io::Write) -> Result<u64, PakError> {
        if self.is_node_encrypted_gbx(index) {
            let bytes = self.read_gbx(index)?.bytes;
            sink.write_all(&bytes).map_err(|e| PakError::Io {
                context: format!("writing {:?}", self.header.files[index].path),
                error: e,
            })?;
            return Ok(bytes.len() as u64);
        }
        entries::copy_file(
            &self.data,
            &self.cipher,
            &self.header,
            index,
            &self.limits,
            sink,
        )
    }

    /// File `index` read the way the game reads an embedded .Gbx (0x100-byte
    /// decrypted blocks inflated into a 0x400 buffer), for the GBX reader to
    /// drive with [`gbx_stream::GbxPakStream::enter_node`].
    ///
    /// # Errors
    /// As [`Self::read_file`].
    pub fn gbx_stream(
        &self,
        index: usize,
    ) -> Result<gbx_stream::GbxPakStream<entries::DecryptingReader<'_, '_>>, PakError> {
        let decrypter =
            entries::file_decrypter(&self.data, &self.cipher, &self.header, index, &self.limits)?;
        Ok(gbx_stream::GbxPakStream::new(
            decrypter,
            self.header.files[index].is_compressed(),
        ))
    }

    /// SHA-256 of the payload of file `index` (streamed, not kept).
    ///
    /// # Errors
    /// As [`Self::read_file`].
    pub fn file_sha256(&self, index: usize) -> Result<[u8; 32], PakError> {
        struct Hasher(sha2::Sha256);
        impl std::io::Write for Hasher {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                sha2::Digest::update(&mut self.0, buf);
                Ok(buf.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let mut hasher = Hasher(sha2::Digest::new());
        self.copy_file(index, &mut hasher)?;
        Ok(sha2::Digest::finalize(hasher.0).into())
    }

    /// The decrypted header plaintext, block padding included (hex view).
    #[must_use]
    pub fn header_plaintext(&self) -> Vec<u8> {
        header::decrypt_plaintext(&self.data, &self.cipher, &self.header)
    }

    /// The metadata section (dataless .Gbx headers per file).
    ///
    /// # Errors
    /// [`PakError::Read`] when the section is missing, truncated or corrupt.
    pub fn metadata(&self) -> Result<Metadata, PakError> {
        entries::read_metadata(&self.data, &self.cipher, &self.header, &self.limits)
    }
}
