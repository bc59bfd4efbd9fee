//! Embedded items of a map (issue 28): add an `.Item.Gbx` to the items ZIP
//! of chunk 0x03043054 at the path the game expects (`Items/…`), remove one,
//! replace one; the map's list of embedded item idents follows.
//!
//! Layout (seed 003 "0x054"; GBX.NET `CGameCtnChallenge.cs`
//! `Chunk03043054`): a version, then encapsulated data (a u32, its size,
//! the data): the item idents (a count, then per item three lookback
//! strings: id, collection, author, in the encapsulation's own lookback
//! scope, seed 000 "Encapsulation"), `zipSize` and the ZIP, and from
//! version 1 a texture list (kept as stored). GBX.NET rebuilds the ident
//! list from the ZIP on writing: an entry `Items/A/B.Item.Gbx` gets the
//! item's own ident (its header chunk 0x2E001003 "Desc") with the id
//! replaced by `A\B.Item.Gbx`; so does this module, for the entry it adds
//! or replaces, and it keeps the other idents as they are.
//!
//! The kept ZIP entries are copied raw (their compressed bytes, CRC and
//! times unchanged); a new entry is deflated. The chunk is rebuilt whole
//! and replaces the old one (a chunk slot); the ident list is re-encoded
//! with a fresh lookback scope (first occurrence of a text stored new,
//! later ones as back-references, as the game writes it), so removing the
//! item that introduced a string leaves no dangling reference.

use super::layout_write::LookbackText;
use super::target::Target;
use super::{Edit, EditError, FieldPatch};
use crate::bytes::ByteRange;
use crate::gbx::classes::challenge::{
    CHUNK_EMBEDDED_ITEMS, FIELD_EMBEDDED_ITEM, FIELD_EMBEDDED_ITEMS, FIELD_EMBEDDED_ZIP,
    FIELD_EMBEDDED_ZIP_SIZE,
};
use crate::gbx::classes::challenge_mp::FIELD_ENCAPSULATED_SIZE;
use crate::gbx::classes::collector::{
    CHUNK_HEADER_DESC, FIELD_IDENT, FIELD_IDENT_AUTHOR, FIELD_IDENT_COLLECTION,
};
use crate::gbx::read::field::{LookbackKind, Value};
use crate::gbx::{FieldRef, Gbx, slice};
use std::io::{Cursor, Write};
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipArchive, ZipWriter};

mod zip_name;
mod zip_splice;
use zip_name::shown;
pub use zip_name::{MAX_NAME_BYTES, default_path, normalise_path};

/// The ZIP folder items go in (GBX.NET `itemsPrefix`, with `/` as the
/// ZIP stores it).
pub const ITEMS_PREFIX: &str = "Items/";
/// The ZIP folder custom blocks go in (GBX.NET `blocksPrefix`).
pub const BLOCKS_PREFIX: &str = "Blocks/";
/// Class id of CGameItemModel (what [`add_item`] accepts).
const ITEM_MODEL_CLASS_ID: u32 = 0x2E00_2000;
/// The lookback flag of a string (seed 000 "lookbackstring"): with index 0
/// a new string follows, else a back-reference to entry `index` (1-based).
const LOOKBACK_STRING: u32 = 0x4000_0000;
/// The version written before a scope's first lookback value.
const LOOKBACK_VERSION: u32 = 3;

/// One lookback value of an ident, as decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Text(String),
    /// A number of the global id table (collections).
    Number(u32),
    /// Stored as -1: no value.
    None,
}

/// An embedded item ident: id (path after `Items/`), collection, author.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Ident([Token; 3]);

impl Ident {
    fn id(&self) -> Option<&str> {
        match &self.0[0] {
            Token::Text(t) => Some(t),
            _ => None,
        }
    }
}

/// The decoded 0x03043054 chunk, split where it is rebuilt.
struct ItemsChunk {
    /// Position of the chunk in the main node.
    index: usize,
    range: ByteRange,
    skippable: bool,
    data_start: u64,
    /// Start of the encapsulated size field (what precedes it is copied).
    size_at: u64,
    idents: Vec<Ident>,
    zip: Vec<u8>,
    /// The bytes after the ZIP to the end of the encapsulated data
    /// (textures, version 1+).
    tail: Vec<u8>,
}

fn refuse(why: impl Into<String>) -> EditError {
    EditError::Invalid(why.into())
}

fn token(f: FieldRef<'_>) -> Result<Token, EditError> {
    match f.value() {
        Value::Lookback {
            text: Some(t),
            kind: LookbackKind::New | LookbackKind::Ref(_),
        } => Ok(Token::Text(t)),
        Value::Lookback {
            kind: LookbackKind::Number(n),
            ..
        } => Ok(Token::Number(n)),
        Value::Lookback {
            kind: LookbackKind::MinusOne,
            ..
        } => Ok(Token::None),
        other => Err(refuse(format!(
            "ident field {} holds {} (a dangling lookback string?)",
            f.name(),
            other.display()
        ))),
    }
}

/// The three lookback values of an ident group.
fn ident(group: FieldRef<'_>) -> Result<Ident, EditError> {
    let fields: Vec<FieldRef<'_>> = group
        .children()
        .iter()
        .filter(|f| f.name() != crate::gbx::read::lookback::FIELD_LOOKBACK_VERSION)
        .collect();
    let [a, b, c] = fields.as_slice() else {
        return Err(refuse("an embedded item ident without three values"));
    };
    Ok(Ident([token(*a)?, token(*b)?, token(*c)?]))
}

/// Whether the map can embed items: it has a decoded chunk 0x03043054
/// (cheap: nothing is copied; the app asks every frame).
///
/// # Errors
/// [`EditError::Invalid`] saying why not.
pub fn check_can_embed(gbx: &Gbx) -> Result<(), EditError> {
    items_chunk(gbx).map(|_| ())
}

/// The main node's 0x03043054 chunk and its position, decoded.
fn items_chunk(gbx: &Gbx) -> Result<(usize, &crate::gbx::Chunk), EditError> {
    let main = gbx
        .main_node()
        .ok_or_else(|| refuse("the file has no main node"))?;
    let (index, c) = main
        .chunks
        .iter()
        .enumerate()
        .find(|(_, c)| c.id == CHUNK_EMBEDDED_ITEMS)
        .ok_or_else(|| {
            refuse("the map has no embedded items chunk (0x03043054): maps before ManiaPlanet cannot embed items")
        })?;
    if c.status != crate::gbx::ChunkStatus::Decoded {
        return Err(refuse("chunk 0x03043054 was not decoded"));
    }
    Ok((index, c))
}

fn load(gbx: &Gbx) -> Result<ItemsChunk, EditError> {
    let (index, c) = items_chunk(gbx)?;
    let fields = gbx.chunk_fields(c);
    let lacks = |what: &str| refuse(format!("chunk 0x03043054 lacks its {what}"));
    let size = fields
        .find(FIELD_ENCAPSULATED_SIZE)
        .ok_or_else(|| lacks("encapsulated size"))?;
    let zip_size = fields
        .find(FIELD_EMBEDDED_ZIP_SIZE)
        .ok_or_else(|| lacks("ZIP size"))?;
    let list = fields
        .find(FIELD_EMBEDDED_ITEMS)
        .ok_or_else(|| lacks("item list"))?;
    let mut idents = Vec::new();
    for item in list
        .children()
        .iter()
        .filter(|f| f.name() == FIELD_EMBEDDED_ITEM)
    {
        let group = item.children().first().ok_or_else(|| lacks("ident"))?;
        idents.push(ident(group)?);
    }
    let zip = fields.find(FIELD_EMBEDDED_ZIP);
    let zip_end = zip.map_or(zip_size.range().end, |z| z.range().end);
    // The encapsulated data ends where its size says.
    let declared = u32::from_le_bytes(
        slice(&gbx.body, size.range())
            .try_into()
            .map_err(|_| lacks("encapsulated size"))?,
    );
    let data_end = size.range().end + u64::from(declared);
    Ok(ItemsChunk {
        index,
        range: c.range,
        skippable: c.skippable,
        data_start: c.data_range.start,
        size_at: size.range().start,
        idents,
        zip: zip
            .map(|z| slice(&gbx.body, z.range()).to_vec())
            .unwrap_or_default(),
        tail: slice(&gbx.body, ByteRange::new(zip_end, data_end)).to_vec(),
    })
}

/// Appends a u32-length string.
fn push_string(out: &mut Vec<u8>, text: &str) -> Result<(), EditError> {
    let len = u32::try_from(text.len()).map_err(|_| refuse("ident longer than 4 GiB"))?;
    out.extend(len.to_le_bytes());
    out.extend(text.as_bytes());
    Ok(())
}

/// The ident list in a fresh lookback scope: a u32 count, the version 3
/// before the first value, then each text new on its first occurrence and
/// a back-reference after.
fn encode_idents(idents: &[Ident]) -> Result<Vec<u8>, EditError> {
    let count = u32::try_from(idents.len()).map_err(|_| refuse("too many items"))?;
    let mut out = count.to_le_bytes().to_vec();
    if idents.is_empty() {
        return Ok(out);
    }
    out.extend(LOOKBACK_VERSION.to_le_bytes());
    let mut seen: Vec<&str> = Vec::new();
    for t in idents.iter().flat_map(|i| i.0.iter()) {
        match t {
            Token::Text(text) => {
                if let Some(i) = seen.iter().position(|s| s == text) {
                    let index = u32::try_from(i + 1).map_err(|_| refuse("too many idents"))?;
                    out.extend((LOOKBACK_STRING | index).to_le_bytes());
                } else {
                    out.extend(LOOKBACK_STRING.to_le_bytes());
                    push_string(&mut out, text)?;
                    seen.push(text);
                }
            }
            Token::Number(n) => out.extend(n.to_le_bytes()),
            Token::None => out.extend(u32::MAX.to_le_bytes()),
        }
    }
    Ok(out)
}

impl ItemsChunk {
    /// The edit replacing the stored chunk with this one's encoding.
    fn edit(&self, gbx: &Gbx, label: String) -> Result<Edit, EditError> {
        let mut data = encode_idents(&self.idents)?;
        let zip_len = u32::try_from(self.zip.len()).map_err(|_| refuse("ZIP larger than 4 GiB"))?;
        data.extend(zip_len.to_le_bytes());
        data.extend(&self.zip);
        data.extend(&self.tail);
        let data_len = u32::try_from(data.len()).map_err(|_| refuse("chunk larger than 4 GiB"))?;
        let old = slice(&gbx.body, self.range).to_vec();
        let mut new = slice(&gbx.body, ByteRange::new(self.range.start, self.size_at)).to_vec();
        new.extend(data_len.to_le_bytes());
        new.extend(data);
        if self.skippable {
            // id, "PIKS", size: the chunk size is the header's third u32.
            let size =
                u64::try_from(new.len()).unwrap_or(u64::MAX) - (self.data_start - self.range.start);
            let size = u32::try_from(size).map_err(|_| refuse("chunk larger than 4 GiB"))?;
            if let Some(at) = new.get_mut(8..12) {
                at.copy_from_slice(&size.to_le_bytes());
            }
        }
        if new == old {
            return Err(EditError::Unchanged(label));
        }
        Ok(Edit {
            label,
            patches: vec![FieldPatch {
                target: Target::ChunkSlot {
                    node: 0,
                    index: self.index,
                },
                old,
                new,
            }],
            merge_key: None,
        })
    }

    /// Position of the ident whose id is `id` (ASCII case ignored, as
    /// Windows paths are).
    fn ident_of(&self, id: &str) -> Option<usize> {
        self.idents
            .iter()
            .position(|i| i.id().is_some_and(|s| s.eq_ignore_ascii_case(id)))
    }
}

/// The ident id of ZIP path `path`: the path after `Items/` or `Blocks/`,
/// with backslashes (GBX.NET `Chunk03043054.Write`).
pub(crate) fn ident_id(path: &str) -> String {
    path.strip_prefix(ITEMS_PREFIX)
        .or_else(|| path.strip_prefix(BLOCKS_PREFIX))
        .unwrap_or(path)
        .replace('/', "\\")
}

/// The ident of the item in `item` (a CGameItemModel file) for ZIP path
/// `path`: its Desc ident with the id replaced by the path after `Items/`
/// in backslash form (GBX.NET `Chunk03043054.Write`).
fn item_ident(item: &[u8], path: &str) -> Result<Ident, EditError> {
    let gbx = Gbx::parse(item.to_vec())
        .map_err(|e| refuse(format!("the item file cannot be read: {e}")))?;
    // The whole item must read to its end (issue 43, finding 11: a
    // truncated item was embedded silently, and the game would meet it).
    if let Some(why) = gbx.partial_reason() {
        return Err(refuse(format!(
            "the item file is damaged or truncated ({why}): not embedded"
        )));
    }
    if gbx.header.class_id != ITEM_MODEL_CLASS_ID {
        return Err(refuse(format!(
            "the file is a {} (class {:#010x}), not an item (CGameItemModel)",
            crate::gbx::read::class_ids::class_name(gbx.header.class_id).unwrap_or("?"),
            gbx.header.class_id
        )));
    }
    let desc = gbx
        .header_chunk(CHUNK_HEADER_DESC)
        .and_then(|c| gbx.chunk_field(c, FIELD_IDENT))
        .ok_or_else(|| refuse("the item has no Desc header chunk (0x2E001003) with its ident"))?;
    let field = |name: &str| {
        desc.child(name)
            .ok_or_else(|| refuse(format!("the item's ident lacks its {name}")))
            .and_then(token)
    };
    let id = ident_id(path);
    Ok(Ident([
        Token::Text(id),
        field(FIELD_IDENT_COLLECTION)?,
        field(FIELD_IDENT_AUTHOR)?,
    ]))
}

/// Rewrites `zip`: entries kept raw, except `path`, which is dropped
/// (`new` = `None`), or given `new` bytes in its place or at the end. A
/// plain ZIP keeps every other entry byte for byte ([`splice_zip`]);
/// another (ZIP64, several disks, none yet) is written anew by the zip
/// crate, its entries' data copied raw.
fn rewrite_zip(zip: &[u8], path: &str, new: Option<&[u8]>) -> Result<Vec<u8>, EditError> {
    if let Some(spliced) = splice_zip(zip, path, new)? {
        return Ok(spliced);
    }
    let zip_err = |e: zip::result::ZipError| refuse(format!("embedded items ZIP: {e}"));
    let mut out = ZipWriter::new(Cursor::new(Vec::with_capacity(zip.len() + 4096)));
    let options = new_entry_options();
    let mut written = false;
    let add = |out: &mut ZipWriter<Cursor<Vec<u8>>>, data: &[u8]| {
        out.start_file(path, options).map_err(zip_err)?;
        out.write_all(data)
            .map_err(|e| refuse(format!("embedded items ZIP: {e}")))
    };
    if !zip.is_empty() {
        let mut archive = ZipArchive::new(Cursor::new(zip)).map_err(zip_err)?;
        for i in 0..archive.len() {
            let entry = archive.by_index_raw(i).map_err(zip_err)?;
            if entry.name() == path {
                if let Some(data) = new {
                    drop(entry);
                    add(&mut out, data)?;
                    written = true;
                }
                continue;
            }
            out.raw_copy_file(entry).map_err(zip_err)?;
        }
    }
    if let (Some(data), false) = (new, written) {
        add(&mut out, data)?;
    }
    Ok(out.finish().map_err(zip_err)?.into_inner())
}

/// The deflate options of a new entry.
fn new_entry_options() -> SimpleFileOptions {
    SimpleFileOptions::default().compression_method(CompressionMethod::Deflated)
}

/// [`rewrite_zip`] by [`zip_splice`]: the other entries' local and central
/// records copied as stored (issue 43, finding 11), the new entry made by
/// the zip crate. `Ok(None)` when `zip` is not a plain ZIP or the result
/// does not read back with the same entries.
fn splice_zip(zip: &[u8], path: &str, new: Option<&[u8]>) -> Result<Option<Vec<u8>>, EditError> {
    let zip_err = |e: zip::result::ZipError| refuse(format!("embedded items ZIP: {e}"));
    let Some(parts) = zip_splice::split(zip) else {
        return Ok(None);
    };
    // Matched by position with the names as the zip crate decodes them
    // (the names `entry_paths` gave the caller).
    let names = entry_paths(zip)?;
    if names.len() != parts.entries.len() {
        return Ok(None);
    }
    let one = match new {
        Some(data) => {
            let mut w = ZipWriter::new(Cursor::new(Vec::new()));
            w.start_file(path, new_entry_options()).map_err(zip_err)?;
            w.write_all(data)
                .map_err(|e| refuse(format!("embedded items ZIP: {e}")))?;
            w.finish().map_err(zip_err)?.into_inner()
        }
        None => Vec::new(),
    };
    let added = match new {
        Some(_) => zip_splice::split(&one).and_then(|p| p.entries.into_iter().next()),
        None => None,
    };
    if new.is_some() && added.is_none() {
        return Ok(None);
    }
    let mut entries = Vec::with_capacity(parts.entries.len() + 1);
    let mut placed = false;
    for (e, name) in parts.entries.iter().zip(&names) {
        if name != path {
            entries.push(e.clone());
        } else if let (Some(a), false) = (&added, placed) {
            entries.push(a.clone());
            placed = true;
        }
    }
    if let (Some(a), false) = (added, placed) {
        entries.push(a);
    }
    let Some(out) = zip_splice::join(&entries, parts.eocd) else {
        return Ok(None);
    };
    let reads_back = entry_paths(&out).is_ok_and(|p| p.len() == entries.len());
    Ok(reads_back.then_some(out))
}

/// The paths of the ZIP's entries.
fn entry_paths(zip: &[u8]) -> Result<Vec<String>, EditError> {
    if zip.is_empty() {
        return Ok(Vec::new());
    }
    crate::gbx::access::embedded::zip_entries(zip)
        .map(|e| e.into_iter().map(|e| e.path).collect())
        .map_err(|e| refuse(format!("embedded items ZIP: {e}")))
}

/// Reads the item file at `path` to embed it: no further than the end its
/// header declares (`sniff::input::read_gbx`); a file with bytes after
/// that end is refused, since they would not be embedded (issue 43,
/// findings 6 and 11). Whether the item reads to its end is checked by
/// [`add_item`] and [`replace_item`].
///
/// # Errors
/// As `read_gbx`, and `InvalidData` for bytes after the end.
pub fn read_item(path: &std::path::Path) -> std::io::Result<Vec<u8>> {
    let read = crate::sniff::input::read_gbx(path)?;
    if read.after_end > 0 {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "{}: {} bytes after the end of the item's body: not embedded (the file is \
                 damaged)",
                path.display(),
                read.after_end
            ),
        ));
    }
    Ok(read.bytes)
}

/// The most bytes of embedded items a map may hold for the game (5 MB, the
/// map limit the issue 43 report names); a larger items ZIP is embedded,
/// with a warning ([`size_warning`]).
pub const MAX_MAP_ITEMS_BYTES: usize = 5 * 1024 * 1024;

/// The warning for a map whose items ZIP is larger than
/// [`MAX_MAP_ITEMS_BYTES`] ("the embedded items take N bytes, more than
/// …"); `None` within the limit or without chunk 0x03043054 (issue 43,
/// finding 11: a 200 MB item was embedded with no word).
#[must_use]
pub fn size_warning(gbx: &Gbx) -> Option<String> {
    zip_size_warning(load(gbx).ok()?.zip.len())
}

/// [`size_warning`] for an items ZIP of `len` bytes.
fn zip_size_warning(len: usize) -> Option<String> {
    (len > MAX_MAP_ITEMS_BYTES).then(|| {
        format!(
            "the embedded items take {len} bytes, more than the {MAX_MAP_ITEMS_BYTES} bytes \
             a map may hold: the game may refuse the map"
        )
    })
}

/// Adds `item` (the bytes of an `.Item.Gbx`) to the map's items ZIP as
/// `path` (`Items/…`), and its ident to the list.
///
/// # Errors
/// [`EditError::Invalid`] for a path outside `Items/`, an entry already
/// there (replace it instead), a file that is not an item, a map without
/// chunk 0x03043054, or an unreadable ZIP.
pub fn add_item(gbx: &Gbx, item: &[u8], path: &str) -> Result<Edit, EditError> {
    let path = normalise_path(path)?;
    let mut c = load(gbx)?;
    if entry_paths(&c.zip)?
        .iter()
        .any(|p| p.eq_ignore_ascii_case(&path))
    {
        return Err(refuse(format!(
            "{} is already embedded: replace it or remove it first",
            shown(&path)
        )));
    }
    let ident = item_ident(item, &path)?;
    c.zip = rewrite_zip(&c.zip, &path, Some(item))?;
    if let Some(id) = ident.id().and_then(|id| c.ident_of(id)) {
        c.idents[id] = ident;
    } else {
        c.idents.push(ident);
    }
    c.edit(gbx, format!("embed {path}"))
}

/// Replaces the embedded entry `path` with `item`; its ident follows.
///
/// # Errors
/// As [`add_item`], and when the ZIP has no entry `path`.
pub fn replace_item(gbx: &Gbx, item: &[u8], path: &str) -> Result<Edit, EditError> {
    let path = normalise_path(path)?;
    let mut c = load(gbx)?;
    if !entry_paths(&c.zip)?.contains(&path) {
        return Err(EditError::NotFound(format!("embedded item {path}")));
    }
    let ident = item_ident(item, &path)?;
    c.zip = rewrite_zip(&c.zip, &path, Some(item))?;
    match ident.id().and_then(|id| c.ident_of(id)) {
        Some(i) => c.idents[i] = ident,
        None => c.idents.push(ident),
    }
    c.edit(gbx, format!("replace embedded {path}"))
}

/// Removes the embedded entry `path` and its ident. Any entry the ZIP
/// holds is removable, whatever its name (a real map holds `E:/…`
/// entries, which [`normalise_path`] would refuse for a new one): `path`
/// is matched as stored, else with `\` read as `/` and spaces trimmed.
///
/// # Errors
/// [`EditError::NotFound`] when the ZIP has no entry `path`;
/// [`EditError::Invalid`] as [`add_item`].
pub fn remove_item(gbx: &Gbx, path: &str) -> Result<Edit, EditError> {
    let mut c = load(gbx)?;
    let entries = entry_paths(&c.zip)?;
    let loose = path.trim().replace('\\', "/");
    let Some(path) = entries
        .iter()
        .find(|e| *e == path)
        .or_else(|| entries.iter().find(|e| **e == loose))
        .cloned()
    else {
        return Err(EditError::NotFound(format!(
            "embedded item {}",
            shown(path)
        )));
    };
    let remaining = rewrite_zip(&c.zip, &path, None)?;
    c.zip = if entry_paths(&remaining)?.is_empty() {
        Vec::new()
    } else {
        remaining
    };
    if let Some(i) = c.ident_of(&ident_id(&path)) {
        c.idents.remove(i);
    }
    c.edit(gbx, format!("remove embedded {path}"))
}

/// The ids of the map's embedded item idents (paths after `Items/`, with
/// backslashes), in stored order; numbers and empty values as `None`.
///
/// # Errors
/// As [`add_item`] for a map whose chunk cannot be read.
pub fn ident_ids(gbx: &Gbx) -> Result<Vec<Option<String>>, EditError> {
    Ok(load(gbx)?
        .idents
        .iter()
        .map(|i| i.id().map(str::to_string))
        .collect())
}

/// The map's embedded item idents (id, collection, author), in stored
/// order: what an item placed from the ZIP takes as its model
/// ([`super::map_ops::place`]).
///
/// # Errors
/// As [`add_item`] for a map whose chunk cannot be read.
pub fn item_idents(gbx: &Gbx) -> Result<Vec<[LookbackText; 3]>, EditError> {
    let text = |t: &Token| match t {
        Token::Text(s) => LookbackText::Text(s.clone()),
        Token::Number(n) => LookbackText::Number(*n),
        Token::None => LookbackText::Empty,
    };
    Ok(load(gbx)?
        .idents
        .iter()
        .map(|i| [text(&i.0[0]), text(&i.0[1]), text(&i.0[2])])
        .collect())
}

#[cfg(test)]
mod tests;
