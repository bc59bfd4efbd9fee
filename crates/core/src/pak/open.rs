//! One entry point for every pak version: [`open()`] reads what the file
//! and the key given so far allow, and [`OpenedPak`] goes on from there
//! (a key for a locked v3 pak, a header key for a ManiaPlanet pak). The
//! app's browser and the command line both open paks through here.
//!
//! Seed 004 "File structure": the magic `NadeoPak` and the version are
//! plain; what follows depends on the version.
//! - Versions 1 to 3 (TMF/TMU; "Header version 3"): an 8-byte plaintext
//!   IV, then the header is Blowfish-CBC encrypted with the pak's own
//!   16-byte key ("Encryption"), which `packlist.dat` gives by the pak's
//!   name. Without a key the pak is [`OpenedPak::Locked`].
//! - Versions 6 and later (ManiaPlanet; "Header versions 6+"): an
//!   unencrypted part that needs no key ([`PakInfoV6`]), then the folders
//!   and files, plain when `SHeaderFlagsUncrypt & 3 == 0`, else encrypted
//!   with a key the user supplies ([`HeaderV6Body`]). File contents are
//!   not read.
//! - Versions 4 and 5 are not known; they are treated as version 3 and
//!   refused when a key is given.

use std::path::Path;
use std::sync::Arc;

use super::crypto::PakKey;
use super::error::PakError;
use super::header_v6::{PakInfoV6, read_info_v6};
use super::header_v6_body::{HeaderV6Body, read_header_v6_body};
use super::keys::KeySource;
use super::limits::PakLimits;
use super::{Pak, pak_version};
use crate::bytes::ReadError;

/// First version of the ManiaPlanet layout (seed 004 "Header versions 6+").
pub const FIRST_MANIAPLANET_VERSION: u32 = 6;

/// A pak read as far as its key allows; see [`open()`].
#[derive(Debug)]
pub enum OpenedPak {
    /// Version 1–3 (TMF/TMU) whose header waits for its key
    /// ([`OpenedPak::unlock`]).
    Locked(LockedPak),
    /// Version 1–3 with its header decrypted and MD5-checked. Shared, so a
    /// worker thread (extraction) can read it while a view shows it.
    Unlocked(Arc<Pak>),
    /// Version 6+ (ManiaPlanet): the unencrypted header and, when readable,
    /// the folders and files.
    ManiaPlanet(Box<PakV6>),
}

/// The bytes of a version 1–3 pak whose key is not known yet.
#[derive(Debug, Clone)]
pub struct LockedPak {
    data: Vec<u8>,
    version: u32,
    limits: PakLimits,
}

impl LockedPak {
    /// Format version from the plain prefix.
    #[must_use]
    pub fn version(&self) -> u32 {
        self.version
    }

    /// The archive bytes.
    #[must_use]
    pub fn data(&self) -> &[u8] {
        &self.data
    }
}

/// What a ManiaPlanet (v6+) pak shows without its data key.
#[derive(Debug)]
pub struct PakV6 {
    data: Vec<u8>,
    version: u32,
    limits: PakLimits,
    info: Result<PakInfoV6, PakError>,
    header: Option<Result<HeaderV6Body, PakError>>,
}

impl PakV6 {
    fn read(data: Vec<u8>, version: u32, key: Option<&PakKey>, limits: PakLimits) -> Self {
        let info = read_info_v6(&data, &limits);
        let header = info
            .as_ref()
            .ok()
            .map(|info| read_header_v6_body(&data, info, key, &limits));
        Self {
            data,
            version,
            limits,
            info,
            header,
        }
    }

    /// Format version (6 or more).
    #[must_use]
    pub fn version(&self) -> u32 {
        self.version
    }

    /// The archive bytes.
    #[must_use]
    pub fn data(&self) -> &[u8] {
        &self.data
    }

    /// The unencrypted header, or why it could not be read.
    ///
    /// # Errors
    /// A truncated or malformed unencrypted header.
    pub fn info(&self) -> Result<&PakInfoV6, &PakError> {
        self.info.as_ref()
    }

    /// The folders and files: `None` when the unencrypted header before
    /// them could not be read, else the part or why it could not be
    /// decoded (a private header, a missing or wrong key, a malformed
    /// table; see [`read_header_v6_body`]).
    #[must_use]
    pub fn header(&self) -> Option<Result<&HeaderV6Body, &PakError>> {
        self.header.as_ref().map(Result::as_ref)
    }

    /// Decodes the folders and files again with `key` (the game's default
    /// header key, or a private pack's own key). Nothing happens when the
    /// unencrypted header is unreadable.
    pub fn decode_header(&mut self, key: &PakKey) {
        if let Ok(info) = &self.info {
            self.header = Some(read_header_v6_body(
                &self.data,
                info,
                Some(key),
                &self.limits,
            ));
        }
    }
}

/// Opens the pak `data` (the whole file) with `key`, if one is given.
///
/// - Version 1–3 without a key: [`OpenedPak::Locked`]; with one, the key
///   (a raw key, or the `packlist.dat` entry named after `pak_path`'s file
///   stem) decrypts the header and checks its MD5 ([`Pak::open`]).
/// - Version 6+: the unencrypted header, then the folders and files,
///   decoded with the key when it is a raw key (a packlist only holds keys
///   of version 1–3 packs). Either part failing is kept in the
///   [`PakV6`], not returned as an error.
///
/// # Errors
/// [`PakError::Read`] when the magic or version is missing; with a key for
/// a version 1–3 pak, [`PakError::NoKeyForPack`], [`PakError::CorruptHeader`],
/// [`PakError::HeaderUnreadable`] or [`PakError::Read`] as [`Pak::open`].
pub fn open(
    data: Vec<u8>,
    key: Option<&KeySource>,
    pak_path: &Path,
    limits: PakLimits,
) -> Result<OpenedPak, PakError> {
    let version = pak_version(&data)?;
    if version >= FIRST_MANIAPLANET_VERSION {
        let key = key.and_then(KeySource::raw_key);
        let v6 = PakV6::read(data, version, key, limits);
        return Ok(OpenedPak::ManiaPlanet(Box::new(v6)));
    }
    match key {
        None => Ok(OpenedPak::Locked(LockedPak {
            data,
            version,
            limits,
        })),
        Some(source) => {
            let key = source.key_for(pak_path)?;
            let pak = Pak::open_with_limits(data, &key, limits)?;
            Ok(OpenedPak::Unlocked(Arc::new(pak)))
        }
    }
}

impl OpenedPak {
    /// Format version from the plain prefix.
    #[must_use]
    pub fn version(&self) -> u32 {
        match self {
            Self::Locked(locked) => locked.version,
            Self::Unlocked(pak) => pak.header().version,
            Self::ManiaPlanet(v6) => v6.version,
        }
    }

    /// The opened version 1–3 pak, once a key was accepted.
    #[must_use]
    pub fn pak(&self) -> Option<&Arc<Pak>> {
        match self {
            Self::Unlocked(pak) => Some(pak),
            _ => None,
        }
    }

    /// The ManiaPlanet parts, for a version 6+ pak.
    #[must_use]
    pub fn v6(&self) -> Option<&PakV6> {
        match self {
            Self::ManiaPlanet(v6) => Some(v6),
            _ => None,
        }
    }

    /// The ManiaPlanet parts, mutably ([`PakV6::decode_header`]).
    pub fn v6_mut(&mut self) -> Option<&mut PakV6> {
        match self {
            Self::ManiaPlanet(v6) => Some(v6),
            _ => None,
        }
    }

    /// Decrypts a locked pak with the key from `keys` (looked up by
    /// `pak_path`'s file stem in a packlist); it stays locked when that
    /// fails. An unlocked pak stays as it is.
    ///
    /// # Errors
    /// As [`open()`] with a key; for a version 6+ pak, [`PakError::Read`]
    /// (only versions 1–3 have a data key here).
    pub fn unlock(&mut self, keys: &KeySource, pak_path: &Path) -> Result<(), PakError> {
        match self {
            Self::Locked(locked) => {
                let key = keys.key_for(pak_path)?;
                let pak = Pak::open_with_limits(locked.data.clone(), &key, locked.limits)?;
                *self = Self::Unlocked(Arc::new(pak));
                Ok(())
            }
            Self::Unlocked(_) => Ok(()),
            Self::ManiaPlanet(v6) => Err(not_version_1_to_3(v6.version)),
        }
    }

    /// The opened version 1–3 pak.
    ///
    /// # Errors
    /// [`PakError::NeedsKey`] while locked; [`PakError::Read`] for a
    /// version 6+ pak.
    pub fn into_pak(self) -> Result<Arc<Pak>, PakError> {
        match self {
            Self::Unlocked(pak) => Ok(pak),
            Self::Locked(_) => Err(PakError::NeedsKey),
            Self::ManiaPlanet(v6) => Err(not_version_1_to_3(v6.version)),
        }
    }
}

/// The error for decrypting a pak whose version has no v3 header.
#[cold]
pub(super) fn not_version_1_to_3(version: u32) -> PakError {
    let msg = format!(
        "pak version {version}: only versions 1 to 3 are decrypted here \
         (for 6+, the unencrypted header is read by header_v6::read_info_v6)"
    );
    ReadError::invalid(msg, 8, "file").into()
}
