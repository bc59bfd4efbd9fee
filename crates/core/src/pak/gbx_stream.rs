//! The game's read path for .Gbx files inside a pak, which the GBX reader
//! drives node by node (seed 004 ".gbx files" in "ivXor setup", "GBX
//! compression intricacies").
//!
//! - The decrypter hands out 0x100-byte pages; a pending ivXor is XORed into
//!   the IV at the first block of the next page ([`DecryptingReader`]).
//! - The inflater asks the decrypter for 0x100 bytes at a time and inflates
//!   into a 0x400-byte buffer until the buffer is full; the parser reads
//!   from that buffer, and only when it is empty is more decrypted — so an
//!   ivXor mixed while parsing takes effect a buffer later.
//! - Every `ReadNode` mixes the specific class id of the node class's
//!   parent, as 4 little-endian bytes; `0x07031000` (CControlText) mixes
//!   `0x07001000` (CControlBase) instead.
//!
//! Status: the mechanism is here and equals plain decryption when no node
//! is entered (tested on the corpus); the seed warns that the exact amounts
//! zlib consumes and returns matter, and no sample exercises it, so the
//! per-node path is unverified until the GBX reader uses it on game packs.

use std::io::Read;

use flate2::{Decompress, FlushDecompress, Status};

use super::entries::DecryptingReader;

/// Compressed bytes the inflater requests from the decrypter at once.
const INFLATE_INPUT_LEN: usize = 0x100;
/// The inflater's output buffer.
const INFLATE_BUFFER_LEN: usize = 0x400;

/// Class id the game mixes for a node whose parent's specific class id is
/// `parent_class_id` (seed 004: the CControlText exception).
#[must_use]
pub fn node_iv_xor_class(parent_class_id: u32) -> u32 {
    if parent_class_id == 0x0703_1000 {
        0x0700_1000
    } else {
        parent_class_id
    }
}

/// A .Gbx payload read as the game reads it, for the GBX body parser.
#[derive(Debug)]
pub struct GbxPakStream<'d, 'k> {
    decrypter: DecryptingReader<'d, 'k>,
    /// `None` for a stored (uncompressed) file: reads go to the decrypter.
    inflater: Option<Decompress>,
    input: [u8; INFLATE_INPUT_LEN],
    input_len: usize,
    input_pos: usize,
    output: Box<[u8; INFLATE_BUFFER_LEN]>,
    output_len: usize,
    output_pos: usize,
    finished: bool,
}

impl<'d, 'k> GbxPakStream<'d, 'k> {
    /// Stream over a file's decrypter; `compressed` as the file's flags say.
    #[must_use]
    pub fn new(decrypter: DecryptingReader<'d, 'k>, compressed: bool) -> Self {
        Self {
            decrypter,
            inflater: compressed.then(|| Decompress::new(true)),
            input: [0; INFLATE_INPUT_LEN],
            input_len: 0,
            input_pos: 0,
            output: Box::new([0; INFLATE_BUFFER_LEN]),
            output_len: 0,
            output_pos: 0,
            finished: false,
        }
    }

    /// Called by the GBX reader at every `ReadNode` with the specific class
    /// id of the node class's parent.
    pub fn enter_node(&mut self, parent_class_id: u32) {
        let id = node_iv_xor_class(parent_class_id);
        self.decrypter.decryptor_mut().mix_iv_xor(&id.to_le_bytes());
    }

    /// Refills the 0x400 buffer, pulling 0x100-byte blocks as needed.
    fn refill(&mut self) -> std::io::Result<()> {
        let Some(inflater) = self.inflater.as_mut() else {
            return Ok(());
        };
        self.output_len = 0;
        self.output_pos = 0;
        while self.output_len < INFLATE_BUFFER_LEN && !self.finished {
            let mut input_ended = false;
            if self.input_pos == self.input_len {
                self.input_len = read_block(&mut self.decrypter, &mut self.input)?;
                self.input_pos = 0;
                // No input left: zlib may still hold output for us.
                input_ended = self.input_len == 0;
            }
            let (in_before, out_before) = (inflater.total_in(), inflater.total_out());
            let status = inflater
                .decompress(
                    &self.input[self.input_pos..self.input_len],
                    &mut self.output[self.output_len..],
                    FlushDecompress::None,
                )
                .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))?;
            let produced = usize::try_from(inflater.total_out() - out_before).unwrap_or(0);
            self.input_pos += usize::try_from(inflater.total_in() - in_before).unwrap_or(0);
            self.output_len += produced;
            self.finished = status == Status::StreamEnd;
            if input_ended && produced == 0 {
                break;
            }
        }
        Ok(())
    }
}

/// Reads up to one full block (the decrypter returns at most a page).
fn read_block(
    decrypter: &mut DecryptingReader<'_, '_>,
    block: &mut [u8],
) -> std::io::Result<usize> {
    let mut filled = 0;
    while filled < block.len() {
        let n = decrypter.read(&mut block[filled..])?;
        if n == 0 {
            break;
        }
        filled += n;
    }
    Ok(filled)
}

impl Read for GbxPakStream<'_, '_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        if self.inflater.is_none() {
            return self.decrypter.read(out);
        }
        if self.output_pos == self.output_len {
            self.refill()?;
        }
        let n = out.len().min(self.output_len - self.output_pos);
        out[..n].copy_from_slice(&self.output[self.output_pos..self.output_pos + n]);
        self.output_pos += n;
        Ok(n)
    }
}
