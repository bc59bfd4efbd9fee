//! Nadeo's Blowfish-CBC with the ivXor twist (seed 004 "Encryption", "ivXor
//! setup"; proven against `pak-synthetic/VECTORS.md` §2–§4).
//!
//! Nadeo's Blowfish differs from the textbook (big-endian) form only in byte
//! order: the 16 key bytes are packed little-endian into the 32-bit words that
//! are XORed into the P-array, and each 8-byte block is read and written as
//! two little-endian u32 halves. VECTORS.md §2 states it as
//! `NadeoLE(key, blk) == swap32(StdBE(swap32(key), swap32(blk)))`. The
//! `blowfish` crate's `BlowfishLE` already does the block half; its key
//! schedule consumes key bytes big-endian, so we hand it the key with every
//! 4-byte group reversed (a 16-byte key is a whole number of words, so the
//! cyclic key wrap stays aligned).

use std::fmt;

use blowfish::BlowfishLE;
use blowfish::cipher::{Block, BlockCipherDecrypt, BlockCipherEncrypt, KeyInit};
use md5::{Digest, Md5};

/// Blowfish block length in bytes.
pub const BLOCK_LEN: usize = 8;

/// Plaintext page length after which the pending ivXor is applied
/// (seed 004 "Encryption": "on the first read and after every 256 bytes").
pub const IV_XOR_PAGE_LEN: u64 = 0x100;

/// A 16-byte pak key (seed 004 "Encryption"; for TMF/TMU derived from
/// `packlist.dat`, see [`PakKey::from_key_string`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PakKey(pub [u8; 16]);

impl PakKey {
    /// Parses 32 hex digits (either case, optional `0x` prefix, spaces ignored).
    ///
    /// # Errors
    /// A message naming the problem when the text is not 16 bytes of hex.
    pub fn from_hex(text: &str) -> Result<Self, String> {
        let cleaned: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let digits = cleaned.strip_prefix("0x").unwrap_or(&cleaned);
        let bytes = hex_decode(digits)?;
        let key: [u8; 16] = bytes.try_into().map_err(|b: Vec<u8>| {
            format!("a pak key is 16 bytes (32 hex digits), got {}", b.len())
        })?;
        Ok(Self(key))
    }

    /// Key of a pack from its `packlist.dat` key string:
    /// MD5(keyString + "NadeoPak") (seed 004 "packlist.dat"; VECTORS.md §5).
    #[must_use]
    pub fn from_key_string(key_string: &[u8]) -> Self {
        let mut md5 = Md5::new();
        md5.update(key_string);
        md5.update(b"NadeoPak");
        Self(md5.finalize().into())
    }

    /// Key of a ManiaPlanet (v6+) pak from the key the master server hands
    /// out and the pak's 32-byte contents checksum (GBX.NET
    /// `Pak.ComputeKeyFromMasterServer`; its test vector is in VECTORS.md
    /// §5): byte `i` of the first half is `ms[15 - i] ^ checksum[i]`, of the
    /// second half `ms[7 - i] ^ checksum[16 + i]`.
    #[must_use]
    pub fn from_master_server(ms_key: &PakKey, contents_checksum: &[u8; 32]) -> Self {
        let mut key = [0u8; 16];
        for i in 0..8 {
            key[i] = ms_key.0[15 - i] ^ contents_checksum[i];
            key[i + 8] = ms_key.0[7 - i] ^ contents_checksum[i + 16];
        }
        Self(key)
    }

    /// Lower-case hex of the 16 bytes.
    #[must_use]
    pub fn to_hex(&self) -> String {
        hex_encode(&self.0)
    }
}

impl fmt::Debug for PakKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PakKey({})", self.to_hex())
    }
}

impl fmt::Display for PakKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_hex())
    }
}

/// Lower-case hex of `bytes`.
#[must_use]
pub fn hex_encode(bytes: &[u8]) -> String {
    use fmt::Write;
    bytes
        .iter()
        .fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

/// Decodes an even number of hex digits.
///
/// # Errors
/// A message when a character is not a hex digit or the count is odd.
pub fn hex_decode(digits: &str) -> Result<Vec<u8>, String> {
    if !digits.len().is_multiple_of(2) {
        return Err(format!("odd number of hex digits ({})", digits.len()));
    }
    digits
        .as_bytes()
        .chunks(2)
        .map(|pair| {
            let s = std::str::from_utf8(pair).map_err(|_| "not hex".to_string())?;
            u8::from_str_radix(s, 16).map_err(|_| format!("not a hex byte: {s:?}"))
        })
        .collect()
}

/// Blowfish in Nadeo's little-endian form, keyed with a [`PakKey`].
#[derive(Clone)]
pub struct NadeoBlowfish {
    inner: BlowfishLE,
}

impl fmt::Debug for NadeoBlowfish {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("NadeoBlowfish { .. }")
    }
}

impl NadeoBlowfish {
    /// Key schedule for `key`.
    #[must_use]
    pub fn new(key: &PakKey) -> Self {
        let mut swapped = key.0;
        for word in swapped.chunks_exact_mut(4) {
            word.reverse();
        }
        // 16 bytes is within Blowfish's 4..=56 byte key range.
        let inner = BlowfishLE::new_from_slice(&swapped).expect("16-byte key is valid");
        Self { inner }
    }

    /// Encrypts one 8-byte block (ECB, no chaining).
    #[must_use]
    pub fn encrypt_block(&self, block: [u8; BLOCK_LEN]) -> [u8; BLOCK_LEN] {
        let mut b = Block::<BlowfishLE>::from(block);
        self.inner.encrypt_block(&mut b);
        b.into()
    }

    /// Decrypts one 8-byte block (ECB, no chaining).
    #[must_use]
    pub fn decrypt_block(&self, block: [u8; BLOCK_LEN]) -> [u8; BLOCK_LEN] {
        let mut b = Block::<BlowfishLE>::from(block);
        self.inner.decrypt_block(&mut b);
        b.into()
    }
}

/// One CalcIVXor step sequence (seed 004 "ivXor setup"): for each input byte
/// `b`, `x = rotl64(x, 13) ^ (b | 0xAA)` (VECTORS.md §3 shows this equals the
/// seed's lo/hi formulation).
#[must_use]
pub fn calc_iv_xor(mut iv_xor: u64, input: &[u8]) -> u64 {
    for &b in input {
        iv_xor = iv_xor.rotate_left(13) ^ u64::from(b | 0xAA);
    }
    iv_xor
}

/// Chaining state shared by [`CbcDecryptor`] and [`CbcEncryptor`]: the IV (as
/// a little-endian u64, which is how ivXor is XORed into it, VECTORS.md §4),
/// the pending ivXor and the plaintext position in this stream.
#[derive(Debug, Clone, Copy)]
struct Chain {
    iv: u64,
    iv_xor: u64,
    plain_pos: u64,
}

impl Chain {
    /// IV to use for the block at `plain_pos`: on the first block of every
    /// 0x100-byte page the pending ivXor is XORed in and reset to zero
    /// (seed 004 "Encryption").
    fn iv_for_next_block(&mut self) -> u64 {
        if self.plain_pos.is_multiple_of(IV_XOR_PAGE_LEN) {
            self.iv ^= self.iv_xor;
            self.iv_xor = 0;
        }
        self.plain_pos += BLOCK_LEN as u64;
        self.iv
    }
}

/// Streaming Nadeo CBC decryption of one encrypted stream (header, one file,
/// or the metadata section), which starts with its own 8-byte plaintext IV.
///
/// Feed whole 8-byte blocks with [`Self::decrypt_blocks`]; between calls the
/// owner may [`Self::mix_iv_xor`] (header: after the folder table; embedded
/// .Gbx: at every node), which takes effect at the next page boundary.
#[derive(Debug, Clone)]
pub struct CbcDecryptor<'k> {
    cipher: &'k NadeoBlowfish,
    chain: Chain,
}

impl<'k> CbcDecryptor<'k> {
    /// Decryptor starting at plaintext offset 0 with the stream's `iv` bytes.
    #[must_use]
    pub fn new(cipher: &'k NadeoBlowfish, iv: [u8; BLOCK_LEN]) -> Self {
        let chain = Chain {
            iv: u64::from_le_bytes(iv),
            iv_xor: 0,
            plain_pos: 0,
        };
        Self { cipher, chain }
    }

    /// Runs CalcIVXor over `input`, updating the pending ivXor.
    pub fn mix_iv_xor(&mut self, input: &[u8]) {
        self.chain.iv_xor = calc_iv_xor(self.chain.iv_xor, input);
    }

    /// The pending ivXor (zero once applied).
    #[must_use]
    pub fn iv_xor(&self) -> u64 {
        self.chain.iv_xor
    }

    /// Plaintext bytes decrypted so far in this stream.
    #[must_use]
    pub fn plain_pos(&self) -> u64 {
        self.chain.plain_pos
    }

    /// Decrypts `data` in place, one 8-byte block at a time. A trailing
    /// partial block (`data.len() % 8` bytes) is left untouched: callers
    /// pass whole blocks, as every Nadeo stream is padded to 8.
    pub fn decrypt_blocks(&mut self, data: &mut [u8]) {
        for block in data.chunks_exact_mut(BLOCK_LEN) {
            let cipher_block: [u8; BLOCK_LEN] = (&*block).try_into().unwrap_or_default();
            let iv = self.chain.iv_for_next_block();
            let plain = u64::from_le_bytes(self.cipher.decrypt_block(cipher_block)) ^ iv;
            block.copy_from_slice(&plain.to_le_bytes());
            self.chain.iv = u64::from_le_bytes(cipher_block);
        }
    }
}

/// Mirror of [`CbcDecryptor`] for the writer.
#[derive(Debug, Clone)]
pub struct CbcEncryptor<'k> {
    cipher: &'k NadeoBlowfish,
    chain: Chain,
}

impl<'k> CbcEncryptor<'k> {
    /// Encryptor starting at plaintext offset 0 with the stream's `iv` bytes.
    #[must_use]
    pub fn new(cipher: &'k NadeoBlowfish, iv: [u8; BLOCK_LEN]) -> Self {
        let chain = Chain {
            iv: u64::from_le_bytes(iv),
            iv_xor: 0,
            plain_pos: 0,
        };
        Self { cipher, chain }
    }

    /// Runs CalcIVXor over `input`, updating the pending ivXor.
    pub fn mix_iv_xor(&mut self, input: &[u8]) {
        self.chain.iv_xor = calc_iv_xor(self.chain.iv_xor, input);
    }

    /// Encrypts `data` in place (whole blocks; a partial tail is untouched).
    pub fn encrypt_blocks(&mut self, data: &mut [u8]) {
        for block in data.chunks_exact_mut(BLOCK_LEN) {
            let iv = self.chain.iv_for_next_block();
            let plain = u64::from_le_bytes((&*block).try_into().unwrap_or_default()) ^ iv;
            let cipher_block = self.cipher.encrypt_block(plain.to_le_bytes());
            block.copy_from_slice(&cipher_block);
            self.chain.iv = u64::from_le_bytes(cipher_block);
        }
    }
}

/// `len` rounded up to a multiple of `align` (a power of two), or `None` on
/// overflow.
#[must_use]
pub fn round_up(len: u64, align: u64) -> Option<u64> {
    len.checked_add(align - 1).map(|n| n & !(align - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_hex_round_trips() {
        let key = PakKey::from_hex("000102030405060708090A0B0C0D0E0F").unwrap();
        assert_eq!(key.to_hex(), "000102030405060708090a0b0c0d0e0f");
        assert!(PakKey::from_hex("0011").is_err());
        assert!(PakKey::from_hex("zz0102030405060708090a0b0c0d0e0f").is_err());
    }

    #[test]
    fn round_up_handles_overflow() {
        assert_eq!(round_up(0, 8), Some(0));
        assert_eq!(round_up(602, 8), Some(608));
        assert_eq!(round_up(422, 0x100), Some(512));
        assert_eq!(round_up(u64::MAX, 8), None);
    }
}
