//! Damage that must never look like success (issue 16, finding 3a): a
//! compressed entry whose zlib Adler-32 fails names the entry; stored
//! entries are extracted with a note that they cannot be verified.

use trackbench_core::pak::crypto::{BLOCK_LEN, CbcDecryptor, CbcEncryptor, NadeoBlowfish};
use trackbench_core::pak::entries::file_stream_range;
use trackbench_core::pak::extract::extract_simple;
use trackbench_core::pak::write::{NewFile, PakContents, write_pak_v3};
use trackbench_core::pak::{Pak, PakKey};

const KEY: PakKey = PakKey(*b"trackbench-dmg!!");

fn contents() -> PakContents {
    let file = |name: &str, flags: u64| NewFile {
        folder: None,
        name: name.into(),
        class_id: 0x0904_1000,
        flags,
        unknown: 0,
        data: b"hello trackbench ".repeat(40),
    };
    PakContents {
        folders: Vec::new(),
        files: vec![file("packed.txt", 0x04), file("stored.txt", 0)],
        metadata: Vec::new(),
        flags: 0,
    }
}

/// `bytes` with byte `at` of file `index`'s plaintext stream flipped, the
/// stream re-encrypted with the same key and IV (our own writer's output,
/// damaged the way a bad disk would after decryption).
fn flip_plain_byte(bytes: &[u8], index: usize, at: usize) -> Vec<u8> {
    let pak = Pak::open(bytes.to_vec(), &KEY).unwrap();
    let file = &pak.files()[index];
    let range = file_stream_range(pak.header(), file);
    let start = range.start as usize;
    let iv: [u8; BLOCK_LEN] = bytes[start..start + 8].try_into().unwrap();
    let mut stream = bytes[start + 8..range.end as usize].to_vec();
    let cipher = NadeoBlowfish::new(&KEY);
    CbcDecryptor::new(&cipher, iv).decrypt_blocks(&mut stream);
    stream[at] ^= 0x01;
    CbcEncryptor::new(&cipher, iv).encrypt_blocks(&mut stream);
    let mut out = bytes.to_vec();
    out[start + 8..range.end as usize].copy_from_slice(&stream);
    out
}

#[test]
fn a_compressed_entry_whose_adler32_fails_is_reported_with_its_name() {
    let bytes = write_pak_v3(&KEY, &contents()).unwrap();
    let pak = Pak::open(bytes.clone(), &KEY).unwrap();
    assert!(pak.files()[0].is_compressed());
    let last = pak.files()[0].compressed_size as usize - 1;
    let damaged = Pak::open(flip_plain_byte(&bytes, 0, last), &KEY).unwrap();
    let err = damaged.read_file(0).unwrap_err().to_string();
    assert!(err.contains("Adler-32"), "{err}");
    assert!(err.contains("packed.txt"), "{err}");
    assert!(damaged.read_file(1).is_ok());
}

#[test]
fn stored_entries_are_extracted_with_a_note_that_they_cannot_be_verified() {
    let bytes = write_pak_v3(&KEY, &contents()).unwrap();
    // A flipped byte in the stored entry goes through: nothing to check it.
    let damaged = Pak::open(flip_plain_byte(&bytes, 1, 3), &KEY).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let done = extract_simple(&damaged, tmp.path(), &[0, 1]).unwrap();
    assert_eq!(done.unverified, vec!["stored.txt".to_owned()]);
    let note = done.unverified_note().unwrap();
    assert!(
        note.contains("1 stored (uncompressed) files could not be verified"),
        "{note}"
    );
    assert!(note.contains("stored.txt"), "{note}");
}
