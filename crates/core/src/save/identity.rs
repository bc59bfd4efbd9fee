//! The identity header of a hard-linked save's backup (issue 43, findings
//! 1 to 3): a backup is matched to its file by what it records, never by
//! its name. `.trackbench-old-NAME.X` (and the `.trackbench-copy-` it is
//! written as) starts with this header, then holds the old bytes:
//!
//! | bytes | what |
//! |---|---|
//! | 16 | magic `TRACKBENCH-OLD1\n` |
//! | 8 | the target's device id (`st_dev`), little-endian |
//! | 8 | its inode (`st_ino`) |
//! | 8 | its size in bytes before the save (the payload's length) |
//! | 8 + 4 | its modification time before the save: seconds and nanoseconds since 1970 |
//! | 32 | SHA-256 of the bytes the save replaces (= the payload, the backup's own content) |
//! | 8 | the new bytes' length |
//! | 32 | SHA-256 of the new bytes |
//! | 2 + n | the name of the temporary file holding the new bytes (UTF-8, n ≤ 1024) |
//! | 32 | SHA-256 of every header byte before it |
//!
//! A backup is restored only when its header is intact, its payload hashes
//! to the recorded hash, the target is the same file (device and inode),
//! the new bytes are still in the named temporary file (same hash) and the
//! target holds exactly a state the interrupted overwrite can leave: the
//! first `k` new bytes followed by the old bytes from `k` on
//! ([`TargetState::HalfWritten`]).

use sha2::{Digest, Sha256};
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::time::{Duration, SystemTime};

/// The header's first bytes.
const MAGIC: &[u8; 16] = b"TRACKBENCH-OLD1\n";
/// Longest temporary-file name recorded.
const MAX_NAME: usize = 1024;
/// Bytes before the name: magic, dev, ino, size, mtime, hash, new size, new hash, name length.
const FIXED: usize = 16 + 8 + 8 + 8 + 12 + 32 + 8 + 32 + 2;

/// What a backup records about its target and the save that made it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackupHeader {
    /// The target's device id.
    pub dev: u64,
    /// The target's inode.
    pub ino: u64,
    /// The target's size before the save (the payload's length), bytes.
    pub old_len: u64,
    /// The target's modification time before the save.
    pub old_modified: SystemTime,
    /// SHA-256 of the old bytes (the payload).
    pub old_sha256: [u8; 32],
    /// The new bytes' length.
    pub new_len: u64,
    /// SHA-256 of the new bytes.
    pub new_sha256: [u8; 32],
    /// The temporary file (same folder) holding the new bytes.
    pub new_name: String,
}

impl BackupHeader {
    /// The header's bytes (with its own hash at the end).
    ///
    /// # Errors
    /// A temporary-file name longer than 1024 bytes.
    pub fn encode(&self) -> std::io::Result<Vec<u8>> {
        let name = self.new_name.as_bytes();
        let name_len = u16::try_from(name.len())
            .ok()
            .filter(|&n| usize::from(n) <= MAX_NAME)
            .ok_or_else(|| std::io::Error::other("temporary-file name too long for a backup"))?;
        let since = self
            .old_modified
            .duration_since(SystemTime::UNIX_EPOCH)
            .unwrap_or_default();
        let mut out = Vec::with_capacity(FIXED + name.len() + 32);
        out.extend_from_slice(MAGIC);
        for v in [self.dev, self.ino, self.old_len, since.as_secs()] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&since.subsec_nanos().to_le_bytes());
        out.extend_from_slice(&self.old_sha256);
        out.extend_from_slice(&self.new_len.to_le_bytes());
        out.extend_from_slice(&self.new_sha256);
        out.extend_from_slice(&name_len.to_le_bytes());
        out.extend_from_slice(name);
        let own: [u8; 32] = Sha256::digest(&out).into();
        out.extend_from_slice(&own);
        Ok(out)
    }

    /// Reads a header from the start of `file`; returns it and its length
    /// in bytes.
    ///
    /// # Errors
    /// A sentence saying why this is not a backup trackbench made: no
    /// magic, cut short, a bad name, or a header hash that disagrees.
    pub fn read(file: &mut File) -> Result<(Self, u64), String> {
        let mut fixed = [0u8; FIXED];
        file.seek(SeekFrom::Start(0))
            .and_then(|_| file.read_exact(&mut fixed))
            .map_err(|_| "no backup header (too short; not made by trackbench)".to_owned())?;
        if &fixed[..16] != MAGIC {
            return Err("no backup header (not made by trackbench)".to_owned());
        }
        let u64_at = |at: usize| {
            let mut b = [0u8; 8];
            b.copy_from_slice(&fixed[at..at + 8]);
            u64::from_le_bytes(b)
        };
        let name_len = usize::from(u16::from_le_bytes([fixed[FIXED - 2], fixed[FIXED - 1]]));
        if name_len > MAX_NAME {
            return Err(format!(
                "backup header at byte {}: a name of {name_len} bytes",
                FIXED - 2
            ));
        }
        let mut rest = vec![0u8; name_len + 32];
        file.read_exact(&mut rest)
            .map_err(|_| "backup header cut short".to_owned())?;
        let (name, own) = rest.split_at(name_len);
        let mut hasher = Sha256::new();
        hasher.update(fixed);
        hasher.update(name);
        if hasher.finalize().as_slice() != own {
            return Err("backup header hash disagrees (damaged or forged)".to_owned());
        }
        let new_name = String::from_utf8(name.to_vec())
            .map_err(|_| "backup header: temporary-file name is not UTF-8".to_owned())?;
        let mut nanos = [0u8; 4];
        nanos.copy_from_slice(&fixed[48..52]);
        let header = Self {
            dev: u64_at(16),
            ino: u64_at(24),
            old_len: u64_at(32),
            old_modified: SystemTime::UNIX_EPOCH
                + Duration::new(u64_at(40), u32::from_le_bytes(nanos).min(999_999_999)),
            old_sha256: fixed[52..84].try_into().unwrap_or_default(),
            new_len: u64_at(84),
            new_sha256: fixed[92..124].try_into().unwrap_or_default(),
            new_name,
        };
        Ok((header, (FIXED + name_len + 32) as u64))
    }
}

/// SHA-256 of `file` from `from` to its end, and that length.
///
/// # Errors
/// An I/O error reading.
pub fn sha256_from(file: &mut File, from: u64) -> std::io::Result<([u8; 32], u64)> {
    file.seek(SeekFrom::Start(from))?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 1 << 16];
    let mut len = 0u64;
    loop {
        let n = file.read(&mut buf)?;
        if n == 0 {
            return Ok((hasher.finalize().into(), len));
        }
        hasher.update(&buf[..n]);
        len += n as u64;
    }
}

/// What the target holds, against a backup's old bytes and its save's new
/// bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetState {
    /// Exactly the old bytes: the overwrite had not begun.
    Old,
    /// Exactly the new bytes: the overwrite finished.
    New,
    /// The first `k` new bytes, then the old bytes from `k` on, cut at
    /// `max(old length, k)`: what the overwrite leaves when it stops.
    HalfWritten,
    /// Anything else (written since, or another file): never overwritten.
    Other,
}

/// A file read from an offset, as one of the three compared streams.
pub struct Stream<'a> {
    /// The open file.
    pub file: &'a mut File,
    /// Where its bytes start (the header's length for a backup).
    pub start: u64,
    /// How many bytes it holds from there.
    pub len: u64,
}

/// Compares the target with the old and new bytes block by block (no
/// whole-file read) and says which state it is in.
///
/// # Errors
/// An I/O error reading one of the three.
pub fn classify(
    target: Stream<'_>,
    old: Stream<'_>,
    new: Stream<'_>,
) -> std::io::Result<TargetState> {
    if target.len > old.len.max(new.len) {
        return Ok(TargetState::Other);
    }
    for s in [&mut *target.file, &mut *old.file, &mut *new.file]
        .into_iter()
        .zip([target.start, old.start, new.start])
    {
        s.0.seek(SeekFrom::Start(s.1))?;
    }
    let (mut eq_old, mut eq_new, mut mix_ok) = (true, true, true);
    let mut prefix_len: Option<u64> = None;
    let mut bufs = [vec![0u8; 1 << 16], vec![0u8; 1 << 16], vec![0u8; 1 << 16]];
    let mut pos = 0u64;
    while pos < target.len {
        let step = (target.len - pos).min(1 << 16);
        let t = read_up_to(target.file, &mut bufs[0], step)?;
        let o = read_up_to(
            old.file,
            &mut bufs[1],
            step.min(old.len.saturating_sub(pos)),
        )?;
        let n = read_up_to(
            new.file,
            &mut bufs[2],
            step.min(new.len.saturating_sub(pos)),
        )?;
        let [tb, ob, nb] = &bufs;
        for i in 0..t {
            let byte = tb[i];
            let (ob, nb) = ((i < o).then(|| ob[i]), (i < n).then(|| nb[i]));
            eq_old &= ob == Some(byte);
            eq_new &= nb == Some(byte);
            if prefix_len.is_none() && nb != Some(byte) {
                prefix_len = Some(pos + i as u64);
            }
            if prefix_len.is_some() {
                mix_ok &= ob == Some(byte);
            }
        }
        if t == 0 {
            break; // the file shrank while read
        }
        pos += t as u64;
    }
    let k = prefix_len.unwrap_or(pos);
    Ok(if pos != target.len {
        TargetState::Other
    } else if eq_old && target.len == old.len {
        TargetState::Old
    } else if eq_new && target.len == new.len {
        TargetState::New
    } else if mix_ok && target.len == old.len.max(k) {
        TargetState::HalfWritten
    } else {
        TargetState::Other
    })
}

fn read_up_to(f: &mut File, buf: &mut [u8], want: u64) -> std::io::Result<usize> {
    let want = usize::try_from(want).unwrap_or(buf.len()).min(buf.len());
    let mut filled = 0;
    while filled < want {
        match f.read(&mut buf[filled..want])? {
            0 => break,
            n => filled += n,
        }
    }
    Ok(filled)
}
