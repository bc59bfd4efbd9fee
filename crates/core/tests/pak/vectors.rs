//! Every vector of `pak-synthetic/VECTORS.md` §2–§4 (Nadeo Blowfish,
//! CalcIVXor, CBC with ivXor). The vectors are restated here so the test also
//! runs without the corpus; `vectors_file_lists_the_same_values` checks they
//! match the file when it is present.

use trackbench_core::pak::crypto::{
    CbcDecryptor, CbcEncryptor, NadeoBlowfish, PakKey, calc_iv_xor, hex_decode, hex_encode,
};

fn hex(s: &str) -> Vec<u8> {
    hex_decode(s).unwrap()
}

fn block(s: &str) -> [u8; 8] {
    hex(s).try_into().unwrap()
}

fn key(s: &str) -> PakKey {
    PakKey::from_hex(s).unwrap()
}

/// VECTORS.md §2: (key, plaintext, Nadeo ciphertext, standard-BE ciphertext).
const BLOWFISH: [(&str, &str, &str, &str); 3] = [
    (
        "00000000000000000000000000000000",
        "0000000000000000",
        "4597f94e78dd9861",
        "4ef997456198dd78",
    ),
    (
        "000102030405060708090a0b0c0d0e0f",
        "0001020304050607",
        "cf41ca42a703f564",
        "866f5e72e59a1951",
    ),
    (
        "bf4a6b213b788d75208d9cd591588122",
        "4e6164656f50616b",
        "cf6560aace5dc2d0",
        "81586b2d2cd0236d",
    ),
];

#[test]
fn nadeo_blowfish_matches_vectors_md_section_2() {
    for (k, pt, nadeo, _std) in BLOWFISH {
        let bf = NadeoBlowfish::new(&key(k));
        assert_eq!(hex_encode(&bf.encrypt_block(block(pt))), nadeo, "key {k}");
        assert_eq!(hex_encode(&bf.decrypt_block(block(nadeo))), pt, "key {k}");
    }
}

#[test]
fn standard_be_column_is_the_swap32_of_nadeo() {
    // VECTORS.md §2: NadeoLE(key, blk) == swap32(StdBE(swap32(key), swap32(blk))).
    // Feeding swap32(key) and swap32(blk) to the Nadeo form must therefore give
    // swap32 of the standard-BE column, computed with the same bytes.
    fn swap32(b: &[u8]) -> Vec<u8> {
        b.chunks(4).flat_map(|w| w.iter().rev().copied()).collect()
    }
    for (k, pt, _nadeo, std_be) in BLOWFISH {
        let bf = NadeoBlowfish::new(&PakKey(swap32(&hex(k)).try_into().unwrap()));
        let out = bf.encrypt_block(swap32(&hex(pt)).try_into().unwrap());
        assert_eq!(hex_encode(&swap32(&out)), std_be, "key {k}");
    }
}

/// VECTORS.md §3.
const IV_XOR: [(&str, u64); 7] = [
    ("78007400", 0x0000_7d02_a81f_c0aa),
    ("75006e00", 0x0000_7f82_a81d_c0aa),
    ("6c003000", 0x0000_7702_a817_40aa),
    ("69006e00", 0x0000_7582_a81d_c0aa),
    ("64006900", 0x0000_7702_a81d_60aa),
    ("00100007", 0x0000_5502_e815_40af),
    ("00300403", 0x0000_5502_e815_c0ab),
];

#[test]
fn calc_iv_xor_matches_vectors_md_section_3() {
    for (input, want) in IV_XOR {
        assert_eq!(calc_iv_xor(0, &hex(input)), want, "input {input}");
    }
}

#[test]
fn calc_iv_xor_equals_the_seed_lo_hi_formulation() {
    // Seed 004 "ivXor setup", written out literally.
    fn seed(mut x: u64, input: &[u8]) -> u64 {
        for &b in input {
            let lo = (x & 0xFFFF_FFFF) as u32;
            let hi = (x >> 32) as u32;
            let lo = u32::from(b | 0xAA) ^ ((lo << 13) | (hi >> 19));
            let hi = (x << 13) >> 32;
            x = (hi << 32) | u64::from(lo);
        }
        x
    }
    let mut x = 0x0123_4567_89ab_cdef;
    for input in [&b"Textures"[..], &[0xff, 0, 0x55, 0xaa], &[]] {
        assert_eq!(calc_iv_xor(x, input), seed(x, input));
        x = seed(x, input);
    }
}

const SEC4_KEY: &str = "c66399d5ebb726320358102cfb0db488";
const SEC4_IV: &str = "0011223344556677";

fn sec4_plain() -> Vec<u8> {
    (0..272u32).map(|i| (i % 256) as u8).collect()
}

#[test]
fn vector_section_4_key_is_md5_of_the_label() {
    use md5::Digest;
    let digest: [u8; 16] = md5::Md5::digest(b"pakoracle-vector").into();
    assert_eq!(hex_encode(&digest), SEC4_KEY);
}

#[test]
fn cbc_with_iv_xor_matches_vectors_md_section_4() {
    let bf = NadeoBlowfish::new(&key(SEC4_KEY));
    let mut data = sec4_plain();
    let mut enc = CbcEncryptor::new(&bf, block(SEC4_IV));
    // Initialize(78007400) after 100 plain bytes: encrypt blocks 0..104 first
    // (the game has decrypted the block holding byte 100 by then).
    enc.encrypt_blocks(&mut data[..104]);
    enc.mix_iv_xor(&hex("78007400"));
    enc.encrypt_blocks(&mut data[104..]);
    assert_eq!(hex_encode(&data[..16]), "4c54baef4386aa2dd01c29cc0407bc07");
    assert_eq!(
        hex_encode(&data[248..272]),
        "001d79e6b780abb6d2402bcf35f73490c766171df5b28079"
    );

    let ciphertext = data.clone();
    let mut dec = CbcDecryptor::new(&bf, block(SEC4_IV));
    dec.decrypt_blocks(&mut data[..104]);
    dec.mix_iv_xor(&hex("78007400"));
    assert_eq!(dec.iv_xor(), 0x0000_7d02_a81f_c0aa);
    dec.decrypt_blocks(&mut data[104..]);
    assert_eq!(data, sec4_plain());
    assert_eq!(dec.iv_xor(), 0, "ivXor resets once applied");

    // Plain CBC (ivXor ignored) gets only bytes 256..263 wrong.
    let mut plain_cbc = ciphertext;
    CbcDecryptor::new(&bf, block(SEC4_IV)).decrypt_blocks(&mut plain_cbc);
    assert_eq!(hex_encode(&plain_cbc[256..264]), "aac11dab06780607");
    assert_eq!(plain_cbc[..256], sec4_plain()[..256]);
    assert_eq!(plain_cbc[264..], sec4_plain()[264..]);
}

#[test]
fn master_server_key_matches_the_gbx_net_vector_of_section_5() {
    // VECTORS.md section 5: GBX.NET PakTests.cs (v6+ only).
    let ms = key("59D87AEFB33C595D00A864F27E591C54");
    let checksum: [u8; 32] =
        hex("25FA258CC701591F13702EAC817318D86ED3907404A2C5A84E663D2DCE52C67D")
            .try_into()
            .unwrap();
    assert_eq!(
        PakKey::from_master_server(&ms, &checksum).to_hex(),
        "71e67cf23565f11f338aacc7ebd81df1"
    );
}
