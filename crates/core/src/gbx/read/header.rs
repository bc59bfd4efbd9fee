//! The GBX header (seed 000 "Header"): magic, version, format bytes, class id,
//! user data with the header chunk table, and the node count.

use super::archive::{Archive, Decoders};
use super::class_ids;
use super::field::Value;
use super::node::{Chunk, ChunkStatus};
use super::table::{FieldSpan, FieldTable};
use crate::bytes::{ByteRange, ByteReader, ReadError};
use serde::Serialize;
use std::collections::HashMap;

/// Binary or text serialization (the format byte 'B' / 'T').
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// 'B': little-endian binary.
    Binary,
    /// 'T': every number and string on its own CRLF-terminated line.
    Text,
}

/// The header of a GBX file. Offsets are file offsets.
#[derive(Debug, Clone, Serialize)]
pub struct Header {
    /// Header version (3–6 are read; 6 is current).
    pub version: u16,
    /// 'B' or 'T'.
    pub format: Format,
    /// Reference table compression byte is 'C' (unused in practice).
    pub ref_table_compressed: bool,
    /// Body compression byte is 'C' (LZO).
    pub body_compressed: bool,
    /// The fourth format byte ('R' or 'E'), from version 4.
    pub unknown_byte: Option<u8>,
    /// Class id of the main node, remapped to the current ids.
    pub class_id: u32,
    /// Class id as stored, when it differs from `class_id`.
    pub stored_class_id: Option<u32>,
    /// Bytes of the user data (size field excluded), version 6.
    pub user_data: Option<ByteRange>,
    /// Header chunks in table order; `range`/`data_range` are file offsets.
    pub chunks: Vec<Chunk>,
    /// Total number of nodes (numNodes).
    pub num_nodes: u32,
    /// Where the header's own fields (magic, version, …, the header chunk
    /// table) are in the document's field table; read them with
    /// [`Gbx::header_fields`](crate::gbx::Gbx::header_fields).
    pub fields: FieldSpan,
    /// File offset where the reference table starts.
    pub end: u64,
}

/// Reads the header from the start of `file`, decoding its header chunks
/// with `decoders` (`classes::decoders()`; `gbx::header_scan::read_header`
/// passes them).
///
/// # Errors
/// Bad magic, unsupported version, truncated data, or a header chunk table
/// whose sizes exceed the user data; offsets are file offsets.
pub fn read_header(file: &[u8], decoders: &'static Decoders) -> Result<Header, ReadError> {
    read_header_from(ByteReader::new(file, 0, "file"), decoders).map(|(h, _)| h)
}

/// [`read_header`] through a reader over the whole file (which may record
/// a tape for the text writer), also returning the table of the header's
/// fields (the header's own and those of its chunks; their ranges are file
/// offsets, so read them with the file as the bytes).
///
/// # Errors
/// As [`read_header`].
pub(crate) fn read_header_from(
    r: ByteReader<'_>,
    decoders: &'static Decoders,
) -> Result<(Header, FieldTable), ReadError> {
    let mut a = Archive::new(r, HashMap::new(), decoders);
    let start = a.r.pos_abs();
    let magic = a.r.array::<3>()?;
    if &magic != b"GBX" {
        return Err(ReadError::invalid(
            format!("not a GBX file: magic is {magic:02x?}, expected \"GBX\""),
            0,
            "file",
        ));
    }
    a.record("magic", Value::Str("GBX".into()), start);
    let version = a.u16("version")?;
    if !(3..=6).contains(&version) {
        return Err(ReadError::invalid(
            format!("GBX header version {version} is not supported (3 to 6 are)"),
            3,
            "file",
        ));
    }
    let format = match a.u8("format")? {
        b'B' => Format::Binary,
        b'T' => Format::Text,
        b => {
            return Err(a
                .r
                .invalid(format!("format byte {b:#04x} is neither 'B' nor 'T'")));
        }
    };
    let ref_table_compressed = compression_byte(&mut a, "refTableCompression")?;
    let body_compressed = compression_byte(&mut a, "bodyCompression")?;
    let unknown_byte = if version >= 4 {
        Some(a.u8("unknownByte")?)
    } else {
        None
    };
    // After the format bytes a text file holds numbers and strings as CR
    // LF-terminated lines (seed 000 "Primitives", note on 'T').
    a.r.set_text(format == Format::Text);
    let stored_class_id = a.hex("classId")?;
    let class_id = class_ids::remap_class_id(stored_class_id);
    let mut header = Header {
        version,
        format,
        ref_table_compressed,
        body_compressed,
        unknown_byte,
        class_id,
        stored_class_id: (stored_class_id != class_id).then_some(stored_class_id),
        user_data: None,
        chunks: Vec::new(),
        num_nodes: 0,
        fields: FieldSpan::default(),
        end: 0,
    };
    // Header chunks record into `table`; the header's own fields are added
    // after them.
    let mut table = FieldTable::default();
    if version >= 6 {
        let size_at = a.r.pos_abs();
        let user_data_size = a.u32("userDataSize")?;
        let len =
            a.r.check_count("user data size", u64::from(user_data_size), 1, u64::MAX)?;
        let user = a.r.sub_sized(len, Some(size_at))?;
        header.user_data = Some(ByteRange::at(user.pos_abs(), u64::from(user_data_size)));
        let mut ua = Archive::new(user, HashMap::new(), a.decoders());
        let chunks = read_header_chunks(&mut ua, class_id, &mut table);
        a.append(ua.take_table());
        header.chunks = chunks?;
    }
    header.num_nodes = a.u32("numNodes")?;
    header.end = a.r.pos_abs();
    header.fields = table.append(a.take_table());
    table.end_header();
    Ok((header, table))
}

fn compression_byte(a: &mut Archive<'_>, name: &'static str) -> Result<bool, ReadError> {
    match a.u8(name)? {
        b'C' => Ok(true),
        b'U' => Ok(false),
        b => Err(a
            .r
            .invalid(format!("{name} byte {b:#04x} is neither 'C' nor 'U'"))),
    }
}

/// Reads the header chunk table and decodes each chunk with a fresh
/// lookback state (seed 000 Note: reset after each header chunk).
fn read_header_chunks(
    a: &mut Archive<'_>,
    class_id: u32,
    table: &mut FieldTable,
) -> Result<Vec<Chunk>, ReadError> {
    if a.r.remaining() == 0 {
        return Ok(Vec::new());
    }
    let count = a.u32("numHeaderChunks")?;
    let count =
        a.r.check_count("header chunk count", u64::from(count), 8, 10_000)?;
    let mut entries = Vec::with_capacity(count);
    a.group("headerChunkTable", None, |a| {
        for i in 0..count {
            a.group("entry", u32::try_from(i).ok(), |a| {
                let at = a.r.pos_abs();
                let id = a.hex("chunkId")?;
                let size_at = a.r.pos_abs();
                let size = a.hex("chunkSize")?;
                entries.push((id, size, at, size_at));
                Ok(())
            })?;
        }
        Ok(())
    })?;
    let mut chunks = Vec::with_capacity(count);
    for (stored_id, size_field, entry_pos, size_at) in entries {
        let size = size_field & 0x7FFF_FFFF;
        let len =
            a.r.check_count("header chunk size", u64::from(size), 1, u64::MAX)
                .map_err(|e| {
                    e.context(format!(
                        "in header chunk {stored_id:#010x} (table entry at {entry_pos:#x})"
                    ))
                })?;
        let data = a.r.sub_sized(len, Some(size_at))?;
        chunks.push(decode_header_chunk(
            data,
            a.decoders(),
            stored_id,
            size_field >> 31 == 1,
            class_id,
            table,
        ));
    }
    Ok(chunks)
}

/// Decodes one header chunk; `heavy` is bit 31 of its table size.
fn decode_header_chunk(
    data: ByteReader<'_>,
    decoders: &'static Decoders,
    stored_id: u32,
    heavy: bool,
    class_id: u32,
    table: &mut FieldTable,
) -> Chunk {
    let id = class_ids::remap_chunk_id(stored_id);
    let data_range = ByteRange::at(data.pos_abs(), data.remaining() as u64);
    let def = decoders.header_chunk(id, class_id);
    let mut chunk = Chunk {
        id,
        stored_id: (stored_id != id).then_some(stored_id),
        name: def.and_then(|d| d.name),
        range: data_range,
        data_range,
        skippable: true,
        status: ChunkStatus::Raw,
        fields: FieldSpan::default(),
        heavy,
        note: None,
    };
    let Some(def) = def else { return chunk };
    let mut a = Archive::with_table(data, HashMap::new(), std::mem::take(table), decoders);
    a.chunk_id = id;
    let mark = a.mark();
    let result = (def.read)(&mut a);
    chunk.fields = a.span_since(mark);
    *table = a.take_table();
    match result {
        Ok(()) if a.r.is_at_end() => chunk.status = ChunkStatus::Decoded,
        Ok(()) => {
            chunk.note = Some(format!(
                "decoder stopped {} bytes before the end (at file offset {:#x})",
                a.r.remaining(),
                a.r.pos_abs()
            ));
        }
        Err(e) => chunk.note = Some(e.context(format!("in header chunk {id:#010x}")).to_string()),
    }
    chunk
}
