//! Script metadata edits (issue 28): add, change and remove the traits of a
//! map's CScriptTraitsMetadata node (chunk 0x03043044, its chunk 0x11002000
//! or 0x11001000).
//!
//! The traits chunk is re-encoded from its decoded parts: every trait keeps
//! its stored bytes except the one edited, so a file re-encoded without a
//! change is byte-identical. The layout is GBX.NET's
//! (`CScriptTraitsMetadata.cs` `WriteTraits`): below container version 3
//! (chunk version 5) each trait stores its name, type and value; from 3 a
//! list of types comes first and each trait names its type by index. A new
//! type goes at the end of that list, and a type no trait uses any more
//! after a change or removal leaves it, so adding then removing a trait
//! gives back the original bytes.
//!
//! The edit replaces the whole traits chunk (a chunk slot) and patches the
//! encapsulated size of 0x03043044; the writer fixes that skippable chunk's
//! size. Metadata strings are not lookback strings, so nothing else moves.
//! Arrays and structs are read-only (their elements would need an editor of
//! their own); only the scalar [`ScalarType`]s are written.

pub use super::metadata_value::{COMPACT_MAX_TEXT, ScalarType};
use super::metadata_value::{encode_compact, encode_count, encode_text};
use super::target::{FieldLoc, Target, find_field_loc};
use super::{Edit, EditError, FieldPatch};
use crate::bytes::ByteRange;
use crate::gbx::classes::challenge::{CHUNK_SCRIPT_METADATA, FIELD_SCRIPT_METADATA};
use crate::gbx::classes::challenge_mp::FIELD_ENCAPSULATED_SIZE;
use crate::gbx::classes::challenge_mp::metadata::{
    CHUNK_SCRIPT_TRAITS, CHUNK_SCRIPT_TRAITS_PERSISTENT, FIELD_TRAIT, FIELD_TRAIT_NAME,
    FIELD_TRAIT_TYPE, FIELD_TRAIT_TYPE_INDEX, FIELD_TRAITS, FIELD_TRAITS_VERSION, FIELD_TYPE,
    FIELD_TYPE_DESCRIPTION, FIELD_TYPES,
};
use crate::gbx::{ChunkRef, ChunkStatus, FieldRef, Gbx, slice};

/// One stored type of the type list (container version 3+).
#[derive(Debug, Clone, PartialEq)]
struct StoredType {
    bytes: Vec<u8>,
    description: String,
}

/// One stored trait.
#[derive(Debug, Clone, PartialEq)]
struct StoredTrait {
    name: String,
    /// The name as stored (kept for untouched traits).
    name_bytes: Vec<u8>,
    /// The inline type (container version below 3).
    type_bytes: Vec<u8>,
    /// Index into the type list (container version 3+).
    type_index: usize,
    description: String,
    value: Vec<u8>,
}

/// The decoded traits chunk of a map, ready to be re-encoded.
#[derive(Debug, Clone)]
struct Container {
    /// Node and position of the traits chunk.
    node: usize,
    index: usize,
    /// The chunk's bytes (body space) and where its data starts.
    range: ByteRange,
    data_start: u64,
    skippable: bool,
    /// The encapsulated size field of 0x03043044.
    encapsulated_size: FieldLoc,
    /// Chunk version; the container version is 2 less.
    version: u32,
    types: Vec<StoredType>,
    traits: Vec<StoredTrait>,
}

impl Container {
    fn container_version(&self) -> u32 {
        self.version - 2
    }

    fn has_type_list(&self) -> bool {
        self.container_version() >= 3
    }

    fn find(&self, name: &str) -> Option<usize> {
        self.traits.iter().position(|t| t.name == name)
    }

    /// The chunk's data as stored.
    fn encode(&self) -> Result<Vec<u8>, EditError> {
        let v = self.container_version();
        let mut out = self.version.to_le_bytes().to_vec();
        if self.has_type_list() {
            out.extend(encode_compact(self.types.len())?);
            for t in &self.types {
                out.extend(&t.bytes);
            }
            out.extend(encode_compact(self.traits.len())?);
            for t in &self.traits {
                out.extend(&t.name_bytes);
                out.extend(encode_compact(t.type_index)?);
                out.extend(&t.value);
            }
        } else {
            out.extend(encode_count(self.traits.len(), v)?);
            for t in &self.traits {
                out.extend(&t.name_bytes);
                out.extend(&t.type_bytes);
                out.extend(&t.value);
            }
        }
        Ok(out)
    }

    /// The index of scalar type `ty` in the type list, appended if absent.
    fn type_index(&mut self, ty: ScalarType) -> usize {
        let bytes = ty.encode_type(self.container_version());
        if let Some(i) = self.types.iter().position(|t| t.bytes == bytes) {
            return i;
        }
        self.types.push(StoredType {
            bytes,
            description: ty.name().to_string(),
        });
        self.types.len() - 1
    }

    /// Drops type `index` when no trait uses it any more, renumbering the
    /// traits' indices above it.
    fn drop_type_if_unused(&mut self, index: usize) {
        if !self.has_type_list()
            || index >= self.types.len()
            || self.traits.iter().any(|t| t.type_index == index)
        {
            return;
        }
        self.types.remove(index);
        for t in &mut self.traits {
            if t.type_index > index {
                t.type_index -= 1;
            }
        }
    }

    /// The edit turning the stored chunk into this container's encoding.
    fn edit(&self, gbx: &Gbx, label: String) -> Result<Edit, EditError> {
        let data = self.encode()?;
        let old = slice(&gbx.body, self.range).to_vec();
        let mut new = slice(&gbx.body, ByteRange::new(self.range.start, self.data_start)).to_vec();
        if self.skippable {
            // id, "PIKS", size: the size is the chunk header's last u32.
            let size = u32::try_from(data.len())
                .map_err(|_| EditError::Invalid("metadata larger than 4 GiB".into()))?;
            let at = new.len().saturating_sub(4);
            new.truncate(at);
            new.extend(size.to_le_bytes());
        }
        new.extend(data);
        if new == old {
            return Err(EditError::Unchanged(label));
        }
        let size_field = super::target::field_at(gbx, &self.encapsulated_size)
            .ok_or_else(|| EditError::NotFound("encapsulated size of 0x03043044".into()))?;
        let size_old = slice(&gbx.body, size_field.range()).to_vec();
        let size = u32::from_le_bytes(size_old.as_slice().try_into().map_err(|_| {
            EditError::Invalid("the encapsulated size of 0x03043044 is not a u32".into())
        })?);
        let delta = new.len() as i64 - old.len() as i64;
        let size_new = u32::try_from(i64::from(size) + delta).map_err(|_| {
            EditError::Invalid("the metadata does not fit the encapsulated size".into())
        })?;
        Ok(Edit {
            label,
            patches: vec![
                FieldPatch {
                    target: Target::ChunkSlot {
                        node: self.node,
                        index: self.index,
                    },
                    old,
                    new,
                },
                FieldPatch {
                    target: Target::Field(self.encapsulated_size.clone()),
                    old: size_old,
                    new: size_new.to_le_bytes().to_vec(),
                },
            ],
            merge_key: None,
        })
    }
}

fn refuse(why: impl Into<String>) -> EditError {
    EditError::Invalid(why.into())
}

/// Reads the map's traits chunk into a [`Container`].
fn load(gbx: &Gbx) -> Result<Container, EditError> {
    let main = gbx
        .main_node()
        .ok_or_else(|| refuse("the file has no main node"))?;
    let outer_index = main
        .chunks
        .iter()
        .position(|c| c.id == CHUNK_SCRIPT_METADATA)
        .ok_or_else(|| {
            refuse(
                "the map has no script metadata chunk (0x03043044): maps before ManiaPlanet store none",
            )
        })?;
    let outer = ChunkRef::Body {
        node: 0,
        chunk: outer_index,
    };
    let outer_chunk = &main.chunks[outer_index];
    let node = gbx
        .chunk_fields(outer_chunk)
        .find(FIELD_SCRIPT_METADATA)
        .and_then(FieldRef::node)
        .ok_or_else(|| refuse("chunk 0x03043044 was not decoded"))?;
    let encapsulated_size = find_field_loc(gbx, outer, FIELD_ENCAPSULATED_SIZE)
        .ok_or_else(|| refuse("chunk 0x03043044 lacks its encapsulated size"))?;
    let inner = gbx
        .nodes
        .get(node)
        .ok_or_else(|| refuse("the metadata node is missing"))?;
    if !inner.is_complete() {
        return Err(refuse(
            "the metadata node (CScriptTraitsMetadata) was not read to its end: it cannot be re-encoded",
        ));
    }
    let (index, chunk) = inner
        .chunks
        .iter()
        .enumerate()
        .rfind(|(_, c)| c.id == CHUNK_SCRIPT_TRAITS || c.id == CHUNK_SCRIPT_TRAITS_PERSISTENT)
        .ok_or_else(|| refuse("the metadata node has no traits chunk (0x11002000)"))?;
    if chunk.status != ChunkStatus::Decoded {
        return Err(refuse(format!(
            "metadata chunk {:#010x} was not decoded",
            chunk.id
        )));
    }
    let fields = gbx.chunk_fields(chunk);
    let version = fields
        .find(FIELD_TRAITS_VERSION)
        .and_then(FieldRef::int)
        .and_then(|v| u32::try_from(v).ok())
        .ok_or_else(|| refuse("metadata chunk without a version"))?;
    if version < 2 {
        return Err(refuse(format!(
            "metadata version {version} holds no traits"
        )));
    }
    let body = &gbx.body;
    let types = fields
        .child(FIELD_TYPES)
        .map(|g| {
            g.children()
                .iter()
                .filter(|t| t.name() == FIELD_TYPE)
                .map(|t| StoredType {
                    bytes: slice(body, t.range()).to_vec(),
                    description: t
                        .child(FIELD_TYPE_DESCRIPTION)
                        .and_then(FieldRef::text)
                        .unwrap_or_default(),
                })
                .collect()
        })
        .unwrap_or_default();
    let mut traits = Vec::new();
    if let Some(list) = fields.child(FIELD_TRAITS) {
        for t in list.children().iter().filter(|t| t.name() == FIELD_TRAIT) {
            traits.push(stored_trait(body, t)?);
        }
    }
    Ok(Container {
        node,
        index,
        range: chunk.range,
        data_start: chunk.data_range.start,
        skippable: chunk.skippable,
        encapsulated_size,
        version,
        types,
        traits,
    })
}

/// One decoded trait's parts: name bytes, inline type bytes (up to the
/// zero-length `type` record), type index, value bytes (to the trait's end).
fn stored_trait(body: &[u8], t: FieldRef<'_>) -> Result<StoredTrait, EditError> {
    let broken = || refuse("a metadata trait lacks its name or type");
    let name = t.child(FIELD_TRAIT_NAME).ok_or_else(broken)?;
    let ty = t.child(FIELD_TRAIT_TYPE).ok_or_else(broken)?;
    let index = t.child(FIELD_TRAIT_TYPE_INDEX);
    // Inline types (below container version 3) sit between name and record.
    let type_range = match index {
        Some(_) => ByteRange::at(ty.range().start, 0),
        None => ByteRange::new(name.range().end, ty.range().start),
    };
    Ok(StoredTrait {
        name: name.text().unwrap_or_default(),
        name_bytes: slice(body, name.range()).to_vec(),
        type_bytes: slice(body, type_range).to_vec(),
        type_index: index
            .and_then(FieldRef::int)
            .and_then(|i| usize::try_from(i).ok())
            .unwrap_or(0),
        description: ty.text().unwrap_or_default(),
        value: slice(body, ByteRange::new(ty.range().start, t.range().end)).to_vec(),
    })
}

/// Whether the map's metadata can be edited; the reason when not (no
/// 0x03043044 chunk, a node not read to its end, a version without traits).
///
/// # Errors
/// [`EditError::Invalid`] with the reason.
pub fn check_editable(gbx: &Gbx) -> Result<(), EditError> {
    load(gbx).map(|_| ())
}

/// The scalar type of a trait whose type is described as `description`
/// (the decoder's text: "Integer", "Text\[Void\]", "struct Foo"), or why it
/// is read-only.
///
/// # Errors
/// The reason as text, for the table's tooltip.
pub fn trait_type(description: &str) -> Result<ScalarType, String> {
    ScalarType::from_description(description).ok_or_else(|| {
        if description.starts_with("struct ") {
            format!("{description}: structs are read-only here")
        } else if description.contains('[') {
            format!("{description}: arrays are read-only here")
        } else {
            format!("{description}: metadata of this type is read-only here")
        }
    })
}

/// Sets trait `name` to `text`, adding it when the map has no such trait.
/// `ty` names the type: required to change an existing trait's type,
/// otherwise an existing trait keeps its type and a new one takes
/// [`ScalarType::infer`]'s.
///
/// # Errors
/// [`EditError::Invalid`] for a value not of the type, an array or struct
/// trait, a bad name or a map whose metadata cannot be edited
/// ([`check_editable`]); [`EditError::Unchanged`] when the trait already
/// has this value and type.
pub fn set_trait(
    gbx: &Gbx,
    name: &str,
    text: &str,
    ty: Option<ScalarType>,
) -> Result<Edit, EditError> {
    let mut c = load(gbx)?;
    let v = c.container_version();
    match c.find(name) {
        Some(i) => {
            let current = trait_type(&c.traits[i].description).map_err(refuse)?;
            let ty = ty.unwrap_or(current);
            let value = ty.encode_value(text, v)?;
            let old_index = c.traits[i].type_index;
            if ty != current {
                if c.has_type_list() {
                    let index = c.type_index(ty);
                    c.traits[i].type_index = index;
                } else {
                    c.traits[i].type_bytes = ty.encode_type(v);
                }
                ty.name().clone_into(&mut c.traits[i].description);
            }
            c.traits[i].value = value;
            c.drop_type_if_unused(old_index);
            c.edit(gbx, format!("set metadata {name}"))
        }
        None => {
            check_name(name)?;
            let ty = ty.unwrap_or_else(|| ScalarType::infer(text));
            let value = ty.encode_value(text, v)?;
            let type_index = if c.has_type_list() {
                c.type_index(ty)
            } else {
                0
            };
            c.traits.push(StoredTrait {
                name: name.to_string(),
                name_bytes: encode_text(name, v)?,
                type_bytes: if c.has_type_list() {
                    Vec::new()
                } else {
                    ty.encode_type(v)
                },
                type_index,
                description: ty.name().to_string(),
                value,
            });
            c.edit(gbx, format!("add metadata {name}"))
        }
    }
}

/// Removes trait `name` (of any type, arrays and structs included).
///
/// # Errors
/// [`EditError::NotFound`] when there is no such trait; [`EditError::Invalid`]
/// when the metadata cannot be edited ([`check_editable`]).
pub fn remove_trait(gbx: &Gbx, name: &str) -> Result<Edit, EditError> {
    let mut c = load(gbx)?;
    let i = c
        .find(name)
        .ok_or_else(|| EditError::NotFound(format!("metadata trait {name:?}")))?;
    let removed = c.traits.remove(i);
    c.drop_type_if_unused(removed.type_index);
    c.edit(gbx, format!("remove metadata {name}"))
}

/// The names of the map's traits, in stored order.
///
/// # Errors
/// As [`check_editable`].
pub fn trait_names(gbx: &Gbx) -> Result<Vec<String>, EditError> {
    Ok(load(gbx)?.traits.into_iter().map(|t| t.name).collect())
}

/// A trait name: not empty, no control characters, at most
/// [`COMPACT_MAX_TEXT`] bytes.
fn check_name(name: &str) -> Result<(), EditError> {
    if name.is_empty() {
        return Err(refuse("a metadata trait needs a name"));
    }
    if name.chars().any(char::is_control) {
        return Err(refuse(format!(
            "metadata name {name:?} holds a control character"
        )));
    }
    if name.len() > COMPACT_MAX_TEXT {
        return Err(refuse("metadata name too long"));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
