//! `packlist.dat` of TrackMania Forever / United: pack names and keys.
//!
//! Layout and derivations from the Mania Tech Wiki "packlist.dat" page (the
//! PAK seed 004 links to it; confirmed by `pak-synthetic/VECTORS.md` §5):
//!
//! ```text
//! u8 version (1), u8 numPacks, u32 crc32 (0), u32 salt
//! numPacks × { u8 flags, u8 nameLength (< 32), u8 encName[nameLength], u8 encKeyString[0x20] }
//! u8 signature[16] = HMAC-MD5(MD5(SIG_SALT + str(salt)), everything before it)
//! name[i]      = encName[i] ^ MD5(NAME_SALT + str(salt))[i % 16]
//! keyString[i] = encKeyString[i] ^ MD5(name + str(salt) + KEYSTR_SALT)[i % 16]
//! key          = MD5(keyString + "NadeoPak")
//! ```
//!
//! Pack flag bit 0 ([`FLAG_PRODUCT_KEY`]) selects another key-string key,
//! MD5(lower(name) + str(salt) + PRODUCT_SALT + lower(product)), per a
//! single witness (tmuf_physics and ForeverValidator, as quoted in
//! `pak-synthetic/VECTORS.md` §5; no sample uses it). The product is the
//! game's ("tmforever" for TMF, [`DEFAULT_PRODUCT`]).

use std::path::Path;

use hmac::{Hmac, KeyInit, Mac};
use md5::{Digest, Md5};

use super::crypto::PakKey;
use super::error::PakError;
use crate::bytes::{ByteRange, ByteReader};

/// Salt of the name XOR key (wiki "packlist.dat").
const NAME_SALT: &[u8] = b"6611992868945B0B59536FC3226F3FD0";
/// Salt of the key-string XOR key (wiki "packlist.dat").
const KEY_STRING_SALT: &[u8] = b"B97C1205648A66E04F86A1B5D5AF9862";
/// Salt of the HMAC key (wiki "packlist.dat", "Signature verification").
const SIGNATURE_SALT: &[u8] = b"E3554B5828AF14F11AA42A5EAF0AEFC8";
/// Encrypted key string length in bytes.
const KEY_STRING_LEN: usize = 0x20;
/// Longest pack name the game accepts (wiki: "must be < 32").
const MAX_NAME_LEN: u8 = 31;
/// Signature length in bytes.
const SIGNATURE_LEN: usize = 16;
/// Salt of the product-dependent key-string key (pack flag bit 0).
const PRODUCT_KEY_SALT: &[u8] = b"1FCF6EFCF41CAAAD0B810C656DF2DE33";
/// Pack flag bit 0: the key-string key depends on the product.
pub const FLAG_PRODUCT_KEY: u8 = 0x01;
/// Product name used for [`FLAG_PRODUCT_KEY`] packs unless told otherwise
/// (TrackMania Forever; VECTORS.md §5 example).
pub const DEFAULT_PRODUCT: &str = "tmforever";

/// How a pack's key-string XOR key was derived (from its flags).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyStringDerivation {
    /// Flag bit 0 clear: MD5(name + str(salt) + KEYSTR_SALT).
    Standard,
    /// Flag bit 0 set: MD5(lower(name) + str(salt) + PRODUCT_SALT +
    /// lower(product)), with this product.
    Product(String),
}

impl KeyStringDerivation {
    /// Short text for tables and JSON: `standard` or `product:NAME`.
    #[must_use]
    pub fn label(&self) -> String {
        match self {
            Self::Standard => "standard".into(),
            Self::Product(p) => format!("product:{p}"),
        }
    }
}

/// The key-string XOR key of a pack (see the module docs).
fn key_string_key(name: &[u8], salt_text: &str, flags: u8, product: &str) -> [u8; 16] {
    if flags & FLAG_PRODUCT_KEY == 0 {
        return md5_concat(&[name, salt_text.as_bytes(), KEY_STRING_SALT]);
    }
    let name = name.to_ascii_lowercase();
    let product = product.to_ascii_lowercase();
    md5_concat(&[
        &name,
        salt_text.as_bytes(),
        PRODUCT_KEY_SALT,
        product.as_bytes(),
    ])
}

/// One pack of a `packlist.dat`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PacklistEntry {
    /// Pack flags. Bit 0 ([`FLAG_PRODUCT_KEY`]) selects the
    /// product-dependent key-string key ([`Self::derivation`]).
    pub flags: u8,
    /// How [`Self::key_string_key`] was derived (from bit 0 of the flags).
    pub derivation: KeyStringDerivation,
    /// Pack name: the .pak file name without extension (lossy UTF-8).
    pub name: String,
    /// XOR key of the key string (see [`Self::derivation`]).
    pub key_string_key: [u8; 16],
    /// Decrypted key string (32 ASCII hex digits in game files).
    pub key_string: Vec<u8>,
    /// The pak key: MD5(keyString + "NadeoPak").
    pub key: PakKey,
    /// Where the entry sits in the file.
    pub range_in_file: ByteRange,
}

/// A parsed `packlist.dat`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Packlist {
    /// Format version (1 in TMF).
    pub version: u8,
    /// The crc32 field (0 in game files).
    pub crc32: u32,
    /// Salt that all XOR keys depend on.
    pub salt: u32,
    /// The packs, in file order.
    pub packs: Vec<PacklistEntry>,
    /// XOR key of the names: MD5(NAME_SALT + str(salt)).
    pub name_key: [u8; 16],
    /// HMAC key: MD5(SIG_SALT + str(salt)).
    pub signature_key: [u8; 16],
    /// Signature stored at the end of the file.
    pub signature: [u8; 16],
    /// HMAC-MD5 computed over the file without its signature.
    pub computed_signature: [u8; 16],
}

fn md5_concat(parts: &[&[u8]]) -> [u8; 16] {
    let mut md5 = Md5::new();
    for part in parts {
        md5.update(part);
    }
    md5.finalize().into()
}

fn xor_with(data: &[u8], key: &[u8; 16]) -> Vec<u8> {
    data.iter()
        .zip(key.iter().cycle())
        .map(|(d, k)| d ^ k)
        .collect()
}

/// HMAC-MD5 of `data` under `key`.
#[must_use]
pub fn hmac_md5(key: &[u8], data: &[u8]) -> [u8; 16] {
    // HMAC accepts keys of any length; this cannot fail.
    let mut mac = <Hmac<Md5> as KeyInit>::new_from_slice(key).expect("HMAC takes any key length");
    mac.update(data);
    mac.finalize().into_bytes().into()
}

impl Packlist {
    /// Parses a `packlist.dat`. A signature mismatch is not an error here;
    /// check [`Self::signature_ok`] (the CLI and app report it).
    ///
    /// # Errors
    /// [`PakError::Read`] when the file is truncated or a name is too long.
    pub fn parse(data: &[u8]) -> Result<Self, PakError> {
        Self::parse_for_product(data, DEFAULT_PRODUCT)
    }

    /// [`Self::parse`] with the product name used for packs with flag bit 0.
    ///
    /// # Errors
    /// As [`Self::parse`].
    pub fn parse_for_product(data: &[u8], product: &str) -> Result<Self, PakError> {
        let body_len = data.len().checked_sub(SIGNATURE_LEN).ok_or_else(|| {
            ByteReader::new(data, 0, "file")
                .invalid(format!(
                    "packlist.dat is {} bytes, shorter than its signature",
                    data.len()
                ))
                .context("in packlist.dat")
        })?;
        let (body, signature) = data.split_at(body_len);
        let mut r = ByteReader::new(body, 0, "file");
        let ctx = |e: crate::bytes::ReadError| e.context("in packlist.dat");
        let version = r.u8().map_err(ctx)?;
        let num_packs = r.u8().map_err(ctx)?;
        let crc32 = r.u32().map_err(ctx)?;
        let salt = r.u32().map_err(ctx)?;
        let salt_text = salt.to_string();
        let name_key = md5_concat(&[NAME_SALT, salt_text.as_bytes()]);
        let signature_key = md5_concat(&[SIGNATURE_SALT, salt_text.as_bytes()]);
        let mut packs = Vec::with_capacity(usize::from(num_packs));
        for index in 0..num_packs {
            let entry = read_entry(&mut r, &name_key, &salt_text, product)
                .map_err(|e| e.context(format!("in pack entry {index}")))
                .map_err(ctx)?;
            packs.push(entry);
        }
        if !r.is_at_end() {
            return Err(ctx(r.invalid(format!(
                "{} unexpected bytes after the {num_packs} pack entries",
                r.remaining()
            )))
            .into());
        }
        Ok(Self {
            version,
            crc32,
            salt,
            packs,
            name_key,
            signature_key,
            signature: signature.try_into().unwrap_or_default(),
            computed_signature: hmac_md5(&signature_key, body),
        })
    }

    /// Reads (at most [`super::MAX_PACKLIST_BYTES`]: a larger file is
    /// refused from its length, issue 43 finding 6) and parses a
    /// `packlist.dat` file.
    ///
    /// # Errors
    /// [`PakError::Io`] (also a FIFO or device, or a file above the limit)
    /// or a parse error.
    pub fn open(path: &Path) -> Result<Self, PakError> {
        let data =
            super::limits::read_capped(path, super::limits::MAX_PACKLIST_BYTES, "packlist.dat")?;
        Self::parse(&data)
    }

    /// True when the stored signature equals the computed HMAC-MD5.
    #[must_use]
    pub fn signature_ok(&self) -> bool {
        self.signature == self.computed_signature
    }

    /// The entry named `pack_name`: exact match first, then ASCII
    /// case-insensitive (the game runs on case-insensitive Windows paths).
    #[must_use]
    pub fn find(&self, pack_name: &str) -> Option<&PacklistEntry> {
        self.packs.iter().find(|p| p.name == pack_name).or_else(|| {
            self.packs
                .iter()
                .find(|p| p.name.eq_ignore_ascii_case(pack_name))
        })
    }

    /// Key for the pak at `pak_path`, looked up by its file name without the
    /// `.pak` extension, as the game does (wiki "packlist.dat": the name "of
    /// a .pak file, without the extension").
    ///
    /// # Errors
    /// [`PakError::NoKeyForPack`] naming the packs the list does hold.
    pub fn key_for_pak_path(&self, pak_path: &Path) -> Result<PakKey, PakError> {
        let name = pak_path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        self.find(&name)
            .map(|e| e.key)
            .ok_or_else(|| PakError::NoKeyForPack {
                name,
                known: self
                    .packs
                    .iter()
                    .map(|p| p.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }
}

fn read_entry(
    r: &mut ByteReader<'_>,
    name_key: &[u8; 16],
    salt_text: &str,
    product: &str,
) -> Result<PacklistEntry, crate::bytes::ReadError> {
    let start = r.pos_abs();
    let flags = r.u8()?;
    let name_len_pos = r.pos_abs();
    let name_len = r.u8()?;
    if name_len > MAX_NAME_LEN {
        let msg = format!("pack name length {name_len} is not below 32");
        return Err(crate::bytes::ReadError::invalid(
            msg,
            name_len_pos,
            r.space(),
        ));
    }
    let name_bytes = xor_with(r.bytes(usize::from(name_len))?, name_key);
    let key_string_key = key_string_key(&name_bytes, salt_text, flags, product);
    let key_string = xor_with(r.bytes(KEY_STRING_LEN)?, &key_string_key);
    let derivation = if flags & FLAG_PRODUCT_KEY == 0 {
        KeyStringDerivation::Standard
    } else {
        KeyStringDerivation::Product(product.to_ascii_lowercase())
    };
    Ok(PacklistEntry {
        flags,
        derivation,
        name: String::from_utf8_lossy(&name_bytes).into_owned(),
        key_string_key,
        key: PakKey::from_key_string(&key_string),
        key_string,
        range_in_file: ByteRange::new(start, r.pos_abs()),
    })
}

/// Writes a `packlist.dat` (version 1, crc32 0) for `packs` given as (name,
/// flags, 32-byte key string), signed; the mirror of [`Packlist::parse`],
/// used by tests and by "create pak".
///
/// # Errors
/// [`PakError::Write`] when a name is 32 bytes or longer, a key string is
/// not 32 bytes, or there are more than 255 packs.
pub fn write_packlist(salt: u32, packs: &[(&str, u8, &[u8])]) -> Result<Vec<u8>, PakError> {
    write_packlist_for_product(salt, packs, DEFAULT_PRODUCT)
}

/// [`write_packlist`] with the product used for packs with flag bit 0.
///
/// # Errors
/// As [`write_packlist`].
pub fn write_packlist_for_product(
    salt: u32,
    packs: &[(&str, u8, &[u8])],
    product: &str,
) -> Result<Vec<u8>, PakError> {
    let count =
        u8::try_from(packs.len()).map_err(|_| PakError::Write("more than 255 packs".into()))?;
    let salt_text = salt.to_string();
    let name_key = md5_concat(&[NAME_SALT, salt_text.as_bytes()]);
    let mut w = crate::bytes::ByteWriter::new();
    w.u8(1);
    w.u8(count);
    w.u32(0);
    w.u32(salt);
    for (name, flags, key_string) in packs {
        let len = u8::try_from(name.len()).ok().filter(|&l| l <= MAX_NAME_LEN);
        let len = len.ok_or_else(|| PakError::Write(format!("pack name {name:?} is too long")))?;
        if key_string.len() != KEY_STRING_LEN {
            return Err(PakError::Write("a key string is 32 bytes".into()));
        }
        w.u8(*flags);
        w.u8(len);
        w.bytes(&xor_with(name.as_bytes(), &name_key));
        let ks_key = key_string_key(name.as_bytes(), &salt_text, *flags, product);
        w.bytes(&xor_with(key_string, &ks_key));
    }
    let mut out = w.into_inner();
    let signature_key = md5_concat(&[SIGNATURE_SALT, salt_text.as_bytes()]);
    let signature = hmac_md5(&signature_key, &out);
    out.extend_from_slice(&signature);
    Ok(out)
}
