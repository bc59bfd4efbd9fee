//! Semantic edits of maps (and generic field edits) that keep repeated
//! values consistent: the map name lives in header chunk 0x03043003, the
//! header XML 0x03043005 and body chunk 0x0304301F; medal times in 0x03043002,
//! the XML and CGameCtnChallengeParameters 0x0305B004/0x0305B00A (seed 000
//! "CGameCtnChallenge", "CGameCtnChallengeParameters").

use super::header_xml::set_xml_attr;
use super::target::{FieldLoc, Target, field_at, find_field_loc};
use super::{Edit, EditError, FieldPatch};
pub use crate::gbx::access::map_info::Medal;
use crate::gbx::classes::challenge::{
    CHUNK_BLOCKS, CHUNK_BLOCKS_LEGACY, CHUNK_COMMENTS, CHUNK_HEADER_AUTHOR, CHUNK_HEADER_COMMON,
    CHUNK_HEADER_COMMUNITY, CHUNK_HEADER_DESC, CHUNK_HEADER_THUMBNAIL, CHUNK_MAP_NAME_TM10,
    CHUNK_PASSWORD, CHUNK_PASSWORD_LEGACY, FIELD_AUTHOR_NICK, FIELD_COMMENTS, FIELD_MAP_NAME,
    FIELD_MAP_STYLE, FIELD_MAP_TYPE, FIELD_PASSWORD, FIELD_THUMBNAIL, FIELD_THUMBNAIL_SIZE,
    FIELD_XML,
};
use crate::gbx::classes::challenge_parameters::{
    CHUNK_MAP_TYPE, CHUNK_MEDAL_TIMES, CHUNK_MEDAL_TIMES_OLD,
};
use crate::gbx::read::field::Value;
use crate::gbx::{ChunkRef, FieldRef, Gbx, slice};

/// Which of a map's text fields [`set_map_type`] sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MapTypeField {
    /// The map type, e.g. `TrackMania\TM_Race`.
    Type,
    /// The map style.
    Style,
}

impl MapTypeField {
    /// The decoded field's name (header 0x03043003 and parameters 0x0305B00E).
    #[must_use]
    pub fn field(self) -> &'static str {
        match self {
            Self::Type => FIELD_MAP_TYPE,
            Self::Style => FIELD_MAP_STYLE,
        }
    }
}

/// The attribute of the XML `<times>` element holding `medal`.
fn xml_attr(medal: Medal) -> &'static str {
    match medal {
        Medal::Bronze => "bronze",
        Medal::Silver => "silver",
        Medal::Gold => "gold",
        Medal::Author => "authortime",
    }
}

fn encode_string(s: &str) -> Vec<u8> {
    let mut v = (s.len() as u32).to_le_bytes().to_vec();
    v.extend_from_slice(s.as_bytes());
    v
}

fn current_bytes(gbx: &Gbx, loc: &FieldLoc) -> Option<Vec<u8>> {
    let f = field_at(gbx, loc)?;
    let data = match loc.chunk {
        ChunkRef::Header(_) => &gbx.file,
        ChunkRef::Body { .. } => &gbx.body,
    };
    Some(slice(data, f.range()).to_vec())
}

fn patch(gbx: &Gbx, loc: FieldLoc, new: Vec<u8>) -> Option<FieldPatch> {
    let old = current_bytes(gbx, &loc)?;
    (old != new).then_some(FieldPatch {
        target: Target::Field(loc),
        old,
        new,
    })
}

/// The patches of one semantic edit, and how many places store the value
/// (so "already this value" and "nowhere to put it" are told apart).
#[derive(Default)]
struct Patches {
    found: usize,
    patches: Vec<FieldPatch>,
}

impl Patches {
    /// Sets the field at `loc` to `new` (counted as found when it exists).
    fn set(&mut self, gbx: &Gbx, loc: FieldLoc, new: Vec<u8>) {
        let Some(old) = current_bytes(gbx, &loc) else {
            return;
        };
        self.found += 1;
        if old != new {
            self.patches.push(FieldPatch {
                target: Target::Field(loc),
                old,
                new,
            });
        }
    }
}

/// Header chunks with id `id`, as locations.
fn header_locs(gbx: &Gbx, id: u32) -> impl Iterator<Item = ChunkRef> + '_ {
    gbx.header
        .chunks
        .iter()
        .enumerate()
        .filter(move |(_, c)| c.id == id)
        .map(|(i, _)| ChunkRef::Header(i))
}

/// Body chunks with one of `ids` in any node, as locations.
fn body_locs<'a>(gbx: &'a Gbx, ids: &'a [u32]) -> impl Iterator<Item = ChunkRef> + 'a {
    gbx.nodes.iter().enumerate().flat_map(move |(n, node)| {
        node.chunks
            .iter()
            .enumerate()
            .filter(move |(_, c)| ids.contains(&c.id))
            .map(move |(i, _)| ChunkRef::Body { node: n, chunk: i })
    })
}

/// Patches setting every top-level string field `name` in the given chunks.
fn string_patches(gbx: &Gbx, chunks: Vec<ChunkRef>, name: &str, value: &str) -> Patches {
    let mut p = Patches::default();
    for l in chunks
        .into_iter()
        .filter_map(|c| find_field_loc(gbx, c, name))
    {
        if matches!(field_at(gbx, &l).map(FieldRef::value), Some(Value::Str(_))) {
            p.set(gbx, l, encode_string(value));
        }
    }
    p
}

/// Adds the patch of the header XML (0x03043005) with `f` applied (`f`
/// gives `None` when the XML has no place for the value).
fn xml_patch(gbx: &Gbx, p: &mut Patches, f: impl Fn(&str) -> Option<String>) {
    let Some(chunk) = header_locs(gbx, CHUNK_HEADER_COMMUNITY).next() else {
        return;
    };
    let Some(loc) = find_field_loc(gbx, chunk, FIELD_XML) else {
        return;
    };
    let Some(Value::Str(xml)) = field_at(gbx, &loc).map(FieldRef::value) else {
        return;
    };
    if let Some(new) = f(&xml) {
        p.set(gbx, loc, encode_string(&new));
    }
}

/// The edit, or why there is none: the file is not a map, the map already
/// has the value, or the map stores the value nowhere (`missing` says where
/// it would be).
fn finish(
    gbx: &Gbx,
    label: &str,
    key: Option<&str>,
    p: Patches,
    missing: &str,
) -> Result<Edit, EditError> {
    if p.patches.is_empty() {
        if gbx.header.class_id != crate::gbx::classes::challenge::CLASS_ID {
            return Err(EditError::Invalid(format!(
                "{label}: not a map (this file is a {})",
                crate::gbx::class_label(gbx.header.class_id)
            )));
        }
        if p.found > 0 {
            return Err(EditError::Unchanged(label.to_string()));
        }
        return Err(EditError::Invalid(format!("{label}: {missing}")));
    }
    Ok(Edit {
        label: label.to_string(),
        patches: p.patches,
        merge_key: key.map(str::to_string),
    })
}

/// Renames the map everywhere its name is stored.
///
/// # Errors
/// When the file holds no map name, or the name is not different.
pub fn rename_map(gbx: &Gbx, name: &str) -> Result<Edit, EditError> {
    let mut chunks: Vec<ChunkRef> = header_locs(gbx, CHUNK_HEADER_COMMON).collect();
    chunks.extend(header_locs(gbx, CHUNK_HEADER_DESC));
    chunks.extend(body_locs(
        gbx,
        &[CHUNK_BLOCKS, CHUNK_BLOCKS_LEGACY, CHUNK_MAP_NAME_TM10],
    ));
    let mut p = string_patches(gbx, chunks, FIELD_MAP_NAME, name);
    xml_patch(gbx, &mut p, |x| set_xml_attr(x, "ident", "name", name));
    let missing = "the map stores no name (header chunk 0x03043003, body chunk 0x0304301F)";
    finish(gbx, "rename map", Some("map.name"), p, missing)
}

/// Sets a medal time (ms) in the header, the XML and the parameters node.
///
/// # Errors
/// When the file holds no such time.
pub fn set_medal_time(gbx: &Gbx, medal: Medal, ms: u32) -> Result<Edit, EditError> {
    let mut chunks: Vec<ChunkRef> = header_locs(gbx, CHUNK_HEADER_DESC).collect();
    chunks.extend(body_locs(gbx, &[CHUNK_MEDAL_TIMES_OLD, CHUNK_MEDAL_TIMES]));
    let mut p = Patches::default();
    for l in chunks
        .into_iter()
        .filter_map(|c| find_field_loc(gbx, c, medal.field()))
    {
        p.set(gbx, l, ms.to_le_bytes().to_vec());
    }
    xml_patch(gbx, &mut p, |x| {
        set_xml_attr(x, "times", xml_attr(medal), &ms.to_string())
    });
    let missing = "the map stores no medal times (header chunk 0x03043002, \
                   parameters chunks 0x0305B004/0x0305B00A, header XML)";
    finish(
        gbx,
        &format!("set {} time", xml_attr(medal)),
        Some(medal.field()),
        p,
        missing,
    )
}

/// Sets the map comments (header 0x03043007 and body 0x03043028).
///
/// # Errors
/// When the file holds no comments field.
pub fn set_comments(gbx: &Gbx, text: &str) -> Result<Edit, EditError> {
    let mut chunks: Vec<ChunkRef> = header_locs(gbx, CHUNK_HEADER_THUMBNAIL).collect();
    chunks.extend(body_locs(gbx, &[CHUNK_COMMENTS]));
    finish(
        gbx,
        "edit comments",
        Some("map.comments"),
        string_patches(gbx, chunks, FIELD_COMMENTS, text),
        "the map stores no comments (header chunk 0x03043007, body chunk 0x03043028)",
    )
}

/// Sets the author's display name (header 0x03043008).
///
/// # Errors
/// When the file has no author chunk.
pub fn set_author_nick(gbx: &Gbx, nick: &str) -> Result<Edit, EditError> {
    let chunks = header_locs(gbx, CHUNK_HEADER_AUTHOR).collect();
    finish(
        gbx,
        "set author name",
        Some("map.author_nick"),
        string_patches(gbx, chunks, FIELD_AUTHOR_NICK, nick),
        "the map stores no author name (header chunk 0x03043008)",
    )
}

/// Sets the map type or style (header 0x03043003, parameters 0x0305B00E).
///
/// # Errors
/// When the file holds no such field.
pub fn set_map_type(gbx: &Gbx, which: MapTypeField, value: &str) -> Result<Edit, EditError> {
    let field = which.field();
    let mut chunks: Vec<ChunkRef> = header_locs(gbx, CHUNK_HEADER_COMMON).collect();
    chunks.extend(body_locs(gbx, &[CHUNK_MAP_TYPE]));
    finish(
        gbx,
        &format!("set {field}"),
        Some(field),
        string_patches(gbx, chunks, field, value),
        "the map stores no such field (header chunk 0x03043003, parameters chunk 0x0305B00E)",
    )
}

/// Removes the map password: the old-style strings in 0x03043003 and
/// 0x03043014 are emptied and the hashed password chunk 0x03043029 is
/// removed (seed 003: "you can just remove this chunk").
///
/// # Errors
/// When the map has no password.
pub fn remove_password(gbx: &Gbx) -> Result<Edit, EditError> {
    let mut chunks: Vec<ChunkRef> = header_locs(gbx, CHUNK_HEADER_COMMON).collect();
    chunks.extend(body_locs(gbx, &[CHUNK_PASSWORD_LEGACY]));
    let mut p = string_patches(gbx, chunks, FIELD_PASSWORD, "");
    for (n, node) in gbx.nodes.iter().enumerate() {
        for (i, c) in node
            .chunks
            .iter()
            .enumerate()
            .filter(|(_, c)| c.id == CHUNK_PASSWORD)
        {
            let old = slice(&gbx.body, c.range).to_vec();
            p.found += 1;
            p.patches.push(FieldPatch {
                target: Target::ChunkSlot { node: n, index: i },
                old,
                new: Vec::new(),
            });
        }
    }
    // An empty password string is "no password": nothing to remove.
    if p.patches.is_empty() && p.found > 0 {
        return Err(EditError::Invalid(
            "remove password: the map has no password".into(),
        ));
    }
    let missing = "the map has no password";
    finish(gbx, "remove password", None, p, missing)
}

/// Replaces the thumbnail with `image` (JPEG or PNG bytes): resized to the
/// current thumbnail's size (256×256 when absent), stored bottom-up as the
/// game does, JPEG-encoded.
///
/// # Errors
/// When the image cannot be decoded or the map has no thumbnail chunk.
pub fn replace_thumbnail(gbx: &Gbx, image_bytes: &[u8]) -> Result<Edit, EditError> {
    let chunk = header_locs(gbx, CHUNK_HEADER_THUMBNAIL)
        .next()
        .ok_or_else(|| EditError::Invalid("no thumbnail chunk".into()))?;
    let (w, h) = crate::gbx::access::thumbnail::thumbnail_jpeg(gbx)
        .and_then(|j| image::load_from_memory(j).ok())
        .map_or((256, 256), |i| (i.width(), i.height()));
    let img = image::load_from_memory(image_bytes)
        .map_err(|e| EditError::Invalid(format!("image: {e}")))?;
    let img = img
        .resize_exact(w, h, image::imageops::FilterType::Lanczos3)
        .to_rgb8();
    let stored = image::imageops::flip_vertical(&img);
    let mut jpeg = Vec::new();
    let enc = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 90);
    stored
        .write_with_encoder(enc)
        .map_err(|e| EditError::Invalid(format!("JPEG: {e}")))?;
    let size_loc = find_field_loc(gbx, chunk, FIELD_THUMBNAIL_SIZE)
        .ok_or_else(|| EditError::Invalid("empty thumbnail chunk".into()))?;
    let data_loc = find_field_loc(gbx, chunk, FIELD_THUMBNAIL)
        .ok_or_else(|| EditError::Invalid("empty thumbnail chunk".into()))?;
    let mut p = Patches::default();
    p.set(gbx, size_loc, (jpeg.len() as u32).to_le_bytes().to_vec());
    p.set(gbx, data_loc, jpeg);
    finish(
        gbx,
        "replace thumbnail",
        None,
        p,
        "the map has no thumbnail",
    )
}

/// Sets one decoded field from text, keeping its width: integers, times (ms),
/// floats, booleans, vectors ("x, y, z") and strings. Lookback strings, ids
/// shared by reference and opaque bytes are refused.
///
/// # Errors
/// [`EditError::Invalid`] with the reason when the text does not fit.
pub fn set_field(gbx: &Gbx, loc: &FieldLoc, text: &str) -> Result<Edit, EditError> {
    let f = field_at(gbx, loc).ok_or_else(|| EditError::NotFound(format!("{loc:?}")))?;
    let bad = |what: &str| EditError::Invalid(format!("{text:?} is not {what}"));
    let t = text.trim();
    let value = f.value();
    let new: Vec<u8> = match &value {
        Value::U8(_) => vec![t.parse::<u8>().map_err(|_| bad("a byte (0–255)"))?],
        Value::U16(_) => t
            .parse::<u16>()
            .map_err(|_| bad("a 16-bit number"))?
            .to_le_bytes()
            .to_vec(),
        Value::U32(_) | Value::TimeMs(_) => t
            .parse::<u32>()
            .map_err(|_| bad("a 32-bit unsigned number"))?
            .to_le_bytes()
            .to_vec(),
        Value::I32(_) => t
            .parse::<i32>()
            .map_err(|_| bad("a 32-bit number"))?
            .to_le_bytes()
            .to_vec(),
        Value::Hex(_) => u32::from_str_radix(t.trim_start_matches("0x"), 16)
            .map_err(|_| bad("a hex number"))?
            .to_le_bytes()
            .to_vec(),
        Value::Bool(_) => u32::from(matches!(t, "true" | "1")).to_le_bytes().to_vec(),
        Value::F32(_) => t
            .parse::<f32>()
            .map_err(|_| bad("a number"))?
            .to_le_bytes()
            .to_vec(),
        Value::Vec2(_) | Value::Vec3(_) => {
            let n = if matches!(value, Value::Vec2(_)) {
                2
            } else {
                3
            };
            let parts: Vec<f32> = t
                .trim_matches(|c| c == '(' || c == ')')
                .split(',')
                .map(|p| p.trim().parse::<f32>())
                .collect::<Result<_, _>>()
                .map_err(|_| bad("a vector"))?;
            if parts.len() != n {
                return Err(bad(if n == 2 {
                    "two numbers"
                } else {
                    "three numbers"
                }));
            }
            parts.iter().flat_map(|v| v.to_le_bytes()).collect()
        }
        Value::Str(_) => encode_string(text),
        _ => {
            return Err(EditError::Invalid(format!(
                "{} cannot be edited here",
                f.name()
            )));
        }
    };
    let label = format!("edit {}", f.name());
    let Some(patch) = patch(gbx, loc.clone(), new) else {
        return Err(EditError::Unchanged(label));
    };
    Ok(Edit {
        label,
        patches: vec![patch],
        merge_key: Some(format!("{loc:?}")),
    })
}
