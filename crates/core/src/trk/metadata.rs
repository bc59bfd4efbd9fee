//! Bliss track metadata (seed 002 "Metadata"): the binary form (overlay
//! after the 1,802 track bytes, or a split `.smd` file), the text split form,
//! and the colouring RLE.
//!
//! Binary layout: `"smdf"`, four zero bytes, then chunks of a 4-byte
//! alphanumeric id, a little-endian u16 length and that many bytes. Chunks
//! are kept raw and in order, so unknown chunks survive and an untouched
//! file writes back byte-identical; typed accessors decode on demand.

use crate::bytes::{ByteReader, ByteWriter, ReadError};
use serde::Serialize;

/// Magic and padding that start the binary form.
pub const BINARY_MAGIC: &[u8; 8] = b"smdf\0\0\0\0";
/// First line of the text form.
pub const TEXT_MAGIC: &[u8; 6] = b"[smdf]";

/// Track title (UTF-8).
pub const TITL: [u8; 4] = *b"Titl";
/// Track author (UTF-8).
pub const AUTR: [u8; 4] = *b"Autr";
/// General comment (UTF-8).
pub const COMM: [u8; 4] = *b"Comm";
/// Tournament-related comment (UTF-8).
pub const CHMP: [u8; 4] = *b"Chmp";
/// Creation date: u16 year, u8 month, u8 day.
pub const DATE: [u8; 4] = *b"Date";
/// Tool: UTF-8 name then u32 version `xxyyzz`.
pub const TOOL: [u8; 4] = *b"Tool";
/// Editing time: u32 seconds.
pub const ETIM: [u8; 4] = *b"Etim";
/// Colouring: RLE, see [`Colouring`].
pub const COLR: [u8; 4] = *b"Colr";

/// One raw metadata chunk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MetaChunk {
    /// Four-byte id, e.g. `*b"Titl"`.
    pub id: [u8; 4],
    /// The value bytes (at most 65,535).
    pub data: Vec<u8>,
}

/// A creation date (chunk "Date").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct MetaDate {
    /// Year, e.g. 2024.
    pub year: u16,
    /// Month 1–12 (not checked: kept as stored).
    pub month: u8,
    /// Day 1–31 (not checked).
    pub day: u8,
}

/// The tool that made the track (chunk "Tool").
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct ToolInfo {
    /// Tool name.
    pub name: String,
    /// Version in decimal `xxyyzz` for `xx.yy.zz` (2.5.5 is 20505).
    pub version: u32,
}

impl ToolInfo {
    /// Version as "x.yy.zz".
    #[must_use]
    pub fn version_string(&self) -> String {
        let v = self.version;
        format!("{}.{:02}.{:02}", v / 10_000, v / 100 % 100, v % 100)
    }
}

/// Bliss metadata: the chunks in file order.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Metadata {
    /// Chunks in order, known and unknown alike.
    pub chunks: Vec<MetaChunk>,
}

impl Metadata {
    /// Parses the binary form (`smdf` + 4 zero bytes + chunks) from `data`,
    /// whose first byte is at `origin_in_file` (1,802 for an overlay, 0 for a
    /// split file), so errors name file offsets.
    ///
    /// # Errors
    /// Bad magic, or a chunk running past the end.
    pub fn parse_binary(data: &[u8], origin_in_file: u64) -> Result<Self, ReadError> {
        let mut r = ByteReader::new(data, origin_in_file, "file");
        let magic = r.array::<8>().map_err(|e| e.context("in smdf header"))?;
        if &magic != BINARY_MAGIC {
            return Err(ReadError::invalid(
                "not Bliss metadata: missing \"smdf\\0\\0\\0\\0\"",
                origin_in_file,
                "file",
            ));
        }
        let mut chunks = Vec::new();
        while !r.is_at_end() {
            let at = r.pos_abs();
            let frame = || format!("in metadata chunk at file offset {at:#x}");
            let id = r.array::<4>().map_err(|e| e.context(frame()))?;
            let len = r.u16().map_err(|e| e.context(frame()))?;
            let data = r.bytes(usize::from(len)).map_err(|e| e.context(frame()))?;
            chunks.push(MetaChunk {
                id,
                data: data.to_vec(),
            });
        }
        Ok(Self { chunks })
    }

    /// Writes the binary form.
    ///
    /// # Errors
    /// A chunk longer than 65,535 bytes (its length would not fit the u16).
    pub fn to_binary(&self) -> Result<Vec<u8>, MetadataError> {
        let mut w = ByteWriter::new();
        w.bytes(BINARY_MAGIC);
        for c in &self.chunks {
            let len = u16::try_from(c.data.len()).map_err(|_| MetadataError::ChunkTooLong {
                id: String::from_utf8_lossy(&c.id).into_owned(),
                len: c.data.len(),
            })?;
            w.bytes(&c.id);
            w.u16(len);
            w.bytes(&c.data);
        }
        Ok(w.into_inner())
    }

    /// Reads a split `.smd` file in either form (text when it starts with
    /// `[smdf]` and a line break, binary otherwise).
    ///
    /// # Errors
    /// Neither form's header, or a truncated chunk.
    pub fn parse_smd(data: &[u8]) -> Result<Self, ReadError> {
        if is_text_form(data) {
            Self::parse_text(data)
        } else {
            Self::parse_binary(data, 0)
        }
    }

    /// The raw bytes of chunk `id` (the first one, if repeated).
    #[must_use]
    pub fn get(&self, id: [u8; 4]) -> Option<&[u8]> {
        self.chunks
            .iter()
            .find(|c| c.id == id)
            .map(|c| c.data.as_slice())
    }

    /// Replaces chunk `id` in place, appends it if absent, or removes it
    /// when `data` is `None`.
    pub fn set(&mut self, id: [u8; 4], data: Option<Vec<u8>>) {
        match (self.chunks.iter().position(|c| c.id == id), data) {
            (Some(i), Some(d)) => self.chunks[i].data = d,
            (Some(i), None) => {
                self.chunks.remove(i);
            }
            (None, Some(d)) => self.chunks.push(MetaChunk { id, data: d }),
            (None, None) => {}
        }
    }

    /// A UTF-8 chunk (Titl, Autr, Comm, Chmp) as text (lossy).
    #[must_use]
    pub fn text(&self, id: [u8; 4]) -> Option<String> {
        self.get(id)
            .map(|d| String::from_utf8_lossy(d).into_owned())
    }

    /// Sets or removes a UTF-8 chunk.
    pub fn set_text(&mut self, id: [u8; 4], value: Option<&str>) {
        self.set(id, value.map(|v| v.as_bytes().to_vec()));
    }

    /// Creation date, when the Date chunk holds exactly 4 bytes.
    #[must_use]
    pub fn date(&self) -> Option<MetaDate> {
        let d: [u8; 4] = self.get(DATE)?.try_into().ok()?;
        Some(MetaDate {
            year: u16::from_le_bytes([d[0], d[1]]),
            month: d[2],
            day: d[3],
        })
    }

    /// Sets or removes the creation date.
    pub fn set_date(&mut self, date: Option<MetaDate>) {
        self.set(
            DATE,
            date.map(|d| {
                let y = d.year.to_le_bytes();
                vec![y[0], y[1], d.month, d.day]
            }),
        );
    }

    /// Tool name and version, when the Tool chunk holds at least 4 bytes.
    #[must_use]
    pub fn tool(&self) -> Option<ToolInfo> {
        let d = self.get(TOOL)?;
        let split = d.len().checked_sub(4)?;
        let (name, ver) = d.split_at(split);
        let version = u32::from_le_bytes(ver.try_into().ok()?);
        Some(ToolInfo {
            name: String::from_utf8_lossy(name).into_owned(),
            version,
        })
    }

    /// Sets or removes the tool.
    pub fn set_tool(&mut self, tool: Option<&ToolInfo>) {
        self.set(
            TOOL,
            tool.map(|t| {
                let mut d = t.name.as_bytes().to_vec();
                d.extend_from_slice(&t.version.to_le_bytes());
                d
            }),
        );
    }

    /// Editing time in seconds, when the Etim chunk holds exactly 4 bytes.
    #[must_use]
    pub fn editing_time_s(&self) -> Option<u32> {
        Some(u32::from_le_bytes(self.get(ETIM)?.try_into().ok()?))
    }

    /// Sets or removes the editing time.
    pub fn set_editing_time_s(&mut self, seconds: Option<u32>) {
        self.set(ETIM, seconds.map(|s| s.to_le_bytes().to_vec()));
    }

    /// The decoded colouring, if a Colr chunk is present.
    #[must_use]
    pub fn colouring(&self) -> Option<Result<Colouring, ReadError>> {
        self.get(COLR).map(Colouring::decode)
    }

    /// Sets or removes the colouring.
    pub fn set_colouring(&mut self, colouring: Option<&Colouring>) {
        self.set(COLR, colouring.map(Colouring::encode));
    }

    /// Every chunk as a `(name, value)` pair for display: known chunks
    /// decoded, unknown ones as hex.
    #[must_use]
    pub fn fields(&self) -> Vec<(String, String)> {
        self.chunks
            .iter()
            .map(|c| {
                (
                    String::from_utf8_lossy(&c.id).into_owned(),
                    self.describe(c),
                )
            })
            .collect()
    }

    fn describe(&self, c: &MetaChunk) -> String {
        match &c.id {
            b"Titl" | b"Autr" | b"Comm" | b"Chmp" => String::from_utf8_lossy(&c.data).into_owned(),
            b"Date" => self.date().map_or_else(
                || hex(&c.data),
                |d| format!("{:04}-{:02}-{:02}", d.year, d.month, d.day),
            ),
            b"Tool" => self.tool().map_or_else(
                || hex(&c.data),
                |t| format!("{} {}", t.name, t.version_string()),
            ),
            b"Etim" => self
                .editing_time_s()
                .map_or_else(|| hex(&c.data), |s| s.to_string()),
            b"Colr" => match Colouring::decode(&c.data) {
                Ok(col) => format!("{} coloured tiles", col.coloured_count()),
                Err(e) => format!("invalid: {e}"),
            },
            _ => hex(&c.data),
        }
    }
}

fn hex(data: &[u8]) -> String {
    data.iter().map(|b| format!("{b:02x}")).collect()
}

/// True when `data` starts with `[smdf]` and a line break (seed 002).
#[must_use]
pub fn is_text_form(data: &[u8]) -> bool {
    data.starts_with(TEXT_MAGIC) && matches!(data.get(6), Some(b'\n' | b'\r'))
}

/// Metadata that cannot be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MetadataError {
    /// A chunk exceeds the u16 length field.
    #[error("metadata chunk {id} is {len} bytes; at most 65,535 fit")]
    ChunkTooLong {
        /// Chunk id.
        id: String,
        /// Its length.
        len: usize,
    },
}

/// Number of tiles the colouring covers.
pub const COLOURED_TILES: usize = 900;
/// RGB565 value meaning "no colour" (seed 002).
pub const TRANSPARENT: u16 = 0xF81F;

/// Colours of one tile, RGB565 (RRRRRGGGGGGBBBBB); [`TRANSPARENT`] = none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct TileColours {
    /// Border colour.
    pub border: u16,
    /// Background colour.
    pub background: u16,
}

impl TileColours {
    /// Both colours transparent.
    pub const NONE: Self = Self {
        border: TRANSPARENT,
        background: TRANSPARENT,
    };
}

/// Bliss grid colouring: 900 tiles, left to right, rows from the top.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Colouring {
    /// Tile colours in row-major order, top row first (index `y * 30 + x`).
    pub tiles: Vec<TileColours>,
}

impl Default for Colouring {
    fn default() -> Self {
        Self {
            tiles: vec![TileColours::NONE; COLOURED_TILES],
        }
    }
}

impl Colouring {
    /// Decodes the RLE: repeated `u8 count, u16 border, u16 background`
    /// until 900 tiles are covered. Tiles left uncovered stay transparent.
    ///
    /// # Errors
    /// A run truncated mid-record or covering more than 900 tiles (offsets
    /// are relative to the chunk data).
    pub fn decode(data: &[u8]) -> Result<Self, ReadError> {
        let mut r = ByteReader::new(data, 0, "Colr chunk");
        let mut tiles = Vec::with_capacity(COLOURED_TILES);
        while !r.is_at_end() {
            let count = usize::from(r.u8()?);
            let colours = TileColours {
                border: r.u16()?,
                background: r.u16()?,
            };
            if tiles.len() + count > COLOURED_TILES {
                return Err(r.invalid(format!("colouring covers more than {COLOURED_TILES} tiles")));
            }
            tiles.extend(std::iter::repeat_n(colours, count));
        }
        tiles.resize(COLOURED_TILES, TileColours::NONE);
        Ok(Self { tiles })
    }

    /// Encodes as RLE with runs of at most 255 tiles.
    #[must_use]
    pub fn encode(&self) -> Vec<u8> {
        let mut w = ByteWriter::new();
        let mut i = 0;
        while i < self.tiles.len() {
            let c = self.tiles[i];
            let run = self.tiles[i..]
                .iter()
                .take(255)
                .take_while(|&&t| t == c)
                .count();
            w.u8(u8::try_from(run).unwrap_or(u8::MAX));
            w.u16(c.border);
            w.u16(c.background);
            i += run;
        }
        w.into_inner()
    }

    /// Tiles with at least one colour.
    #[must_use]
    pub fn coloured_count(&self) -> usize {
        self.tiles
            .iter()
            .filter(|t| **t != TileColours::NONE)
            .count()
    }
}
