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
//! The stream is generic over its [`BlockSource`]: the reader's source is
//! the [`DecryptingReader`]; the writer's is [`ScheduleSource`], which hands
//! out plaintext pages and records which ivXor input was pending before
//! each page, so the writer encrypts exactly what this reader will decrypt.
//! [`super::gbx_decode`] decides where the nodes are.
//!
//! Zlib: the seed asks for the zlib library because the number of
//! compressed bytes consumed before the 0x400 buffer is full decides which
//! page a mix lands on. In this model a new page is only requested when the
//! previous one is used up and the buffer is not full yet, so any inflater
//! that returns all the output its consumed input defines (zlib and
//! miniz_oxide both do) requests the same pages; unverified against the
//! game, as no third-party sample with per-node ivXor exists.

use std::io::Read;

use flate2::{Decompress, FlushDecompress, Status};

use super::crypto::IV_XOR_PAGE_LEN;
use super::entries::DecryptingReader;

/// Where [`GbxPakStream`] gets its compressed (or stored) bytes from: a
/// reader handing out at most one 0x100-byte page per call, and the ivXor
/// input that takes effect at its next page.
pub trait BlockSource: Read {
    /// Runs CalcIVXor over `input`; applied at the next page (seed 004).
    fn mix(&mut self, input: &[u8]);
}

impl BlockSource for DecryptingReader<'_, '_> {
    fn mix(&mut self, input: &[u8]) {
        self.decryptor_mut().mix_iv_xor(input);
    }
}

/// The writer's [`BlockSource`]: plaintext handed out page by page; for
/// every page, the ivXor input pending when it was first read.
#[derive(Debug)]
pub struct ScheduleSource<'a> {
    plain: &'a [u8],
    pos: usize,
    pending: Vec<u8>,
    /// `(page index, CalcIVXor input mixed before that page)`, for pages
    /// that had any.
    pub schedule: Vec<(usize, Vec<u8>)>,
}

impl<'a> ScheduleSource<'a> {
    /// Source over the stored (possibly zlib) bytes of one file.
    #[must_use]
    pub fn new(plain: &'a [u8]) -> Self {
        Self {
            plain,
            pos: 0,
            pending: Vec::new(),
            schedule: Vec::new(),
        }
    }
}

impl Read for ScheduleSource<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        const PAGE: usize = IV_XOR_PAGE_LEN as usize;
        if self.pos >= self.plain.len() || out.is_empty() {
            return Ok(0);
        }
        if self.pos.is_multiple_of(PAGE) && !self.pending.is_empty() {
            let input = std::mem::take(&mut self.pending);
            self.schedule.push((self.pos / PAGE, input));
        }
        let page_end = (self.pos / PAGE + 1) * PAGE;
        let n = out.len().min(page_end.min(self.plain.len()) - self.pos);
        out[..n].copy_from_slice(&self.plain[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

impl BlockSource for ScheduleSource<'_> {
    fn mix(&mut self, input: &[u8]) {
        self.pending.extend_from_slice(input);
    }
}

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
pub struct GbxPakStream<S> {
    decrypter: S,
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

impl<S: BlockSource> GbxPakStream<S> {
    /// Stream over a file's decrypter; `compressed` as the file's flags say.
    #[must_use]
    pub fn new(decrypter: S, compressed: bool) -> Self {
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
        self.decrypter.mix(&id.to_le_bytes());
    }

    /// The source (the writer takes its schedule from it).
    pub fn into_source(self) -> S {
        self.decrypter
    }

    /// Reads exactly `len` bytes (fewer at the end of the stream) into
    /// `sink`, as the GBX parser would between two nodes.
    ///
    /// # Errors
    /// Corrupt zlib data or a source error.
    pub fn read_into(&mut self, len: u64, sink: &mut Vec<u8>) -> std::io::Result<u64> {
        let mut buf = [0u8; INFLATE_BUFFER_LEN];
        let mut done = 0u64;
        while done < len {
            let want = usize::try_from(len - done)
                .unwrap_or(usize::MAX)
                .min(buf.len());
            let n = self.read(&mut buf[..want])?;
            if n == 0 {
                break;
            }
            sink.extend_from_slice(&buf[..n]);
            done += n as u64;
        }
        Ok(done)
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
fn read_block<S: Read>(decrypter: &mut S, block: &mut [u8]) -> std::io::Result<usize> {
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

impl<S: BlockSource> Read for GbxPakStream<S> {
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
