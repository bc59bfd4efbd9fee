//! `gbx_bench --mode floor` (issue 46): the decompression a full decode of
//! a file requires, and nothing else. That is LZO of the top-level body
//! (when stored compressed) plus the inflate of every ghost sample buffer
//! the full decode opens: the `compressedData` of CGameGhost 0x0303F005 /
//! 0x0303F006 (`classes/game_ghost.rs`, which inflates them with libdeflate
//! during the parse). Buffers a full decode keeps compressed (the
//! CPlugEntRecordData of 0x0911F000, a replay's embedded map) are not
//! counted: the parse does not open them either.
//!
//! The streams are found by one untimed full parse per file ([`prepare`]),
//! and cut out into buffers of their own; the timed call ([`run`]) only
//! decompresses them, with the same codecs the parse uses (minilzo through
//! `read::body::decompress`, libdeflate's zlib for the ghost buffers).

use trackbench_core::gbx::classes::game_ghost::{
    CHUNK_DATA, CHUNK_DATA_REPLAYING, FIELD_COMPRESSED_DATA, FIELD_UNCOMPRESSED_SIZE,
};
use trackbench_core::gbx::read::body::decompress;
use trackbench_core::gbx::{Gbx, slice};

/// What one file's full decode must decompress.
pub struct Floor {
    /// The compressed top-level body and its declared size in bytes; None
    /// when the body is stored uncompressed.
    body: Option<(Vec<u8>, usize)>,
    /// Each ghost sample buffer (zlib stream) and its declared inflated
    /// size in bytes.
    ghosts: Vec<(Vec<u8>, usize)>,
}

impl Floor {
    /// Ghost buffers of this file, and their compressed bytes.
    pub fn ghost_streams(&self) -> (usize, usize) {
        (
            self.ghosts.len(),
            self.ghosts.iter().map(|(z, _)| z.len()).sum(),
        )
    }
}

/// The streams of `file`, from one full parse.
///
/// # Errors
/// The parse's error, as text.
pub fn prepare(file: &[u8]) -> Result<Floor, String> {
    let gbx = Gbx::parse(file.to_vec()).map_err(|e| e.to_string())?;
    let body = gbx.body_info.as_ref().and_then(|info| {
        info.compressed_size?;
        let size = usize::try_from(info.uncompressed_size).ok()?;
        Some((slice(&gbx.file, info.data_range).to_vec(), size))
    });
    let mut ghosts = Vec::new();
    let ghost_chunks = gbx
        .nodes
        .iter()
        .flat_map(|n| &n.chunks)
        .filter(|c| c.id == CHUNK_DATA || c.id == CHUNK_DATA_REPLAYING);
    for c in ghost_chunks {
        let size = gbx
            .chunk_field(c, FIELD_UNCOMPRESSED_SIZE)
            .and_then(|f| f.int())
            .and_then(|v| usize::try_from(v).ok());
        let data = gbx.chunk_field(c, FIELD_COMPRESSED_DATA);
        if let (Some(size), Some(data)) = (size, data)
            && size > 0
        {
            ghosts.push((slice(&gbx.body, data.range()).to_vec(), size));
        }
    }
    Ok(Floor { body, ghosts })
}

thread_local! {
    static INFLATE: std::cell::RefCell<libdeflater::Decompressor> =
        std::cell::RefCell::new(libdeflater::Decompressor::new());
}

/// Decompresses everything `floor` holds; the total output in bytes.
///
/// # Errors
/// A stream that does not decompress to its declared size.
pub fn run(floor: &Floor) -> Result<usize, String> {
    let mut total = 0;
    if let Some((packed, size)) = &floor.body {
        let out = decompress(packed, *size)?;
        total += std::hint::black_box(out).len();
    }
    for (z, size) in &floor.ghosts {
        let mut out = vec![0u8; *size];
        let len = INFLATE
            .with_borrow_mut(|d| d.zlib_decompress(z, &mut out))
            .map_err(|e| format!("ghost buffer: zlib: {e}"))?;
        if len != *size {
            return Err(format!("ghost buffer: {len} bytes, {size} declared"));
        }
        total += std::hint::black_box(out).len();
    }
    Ok(total)
}
