//! A map's validation: the author time the author drove (header chunk
//! 0x03043002, the parameters node's 0x0305B004/0x0305B00A, the header
//! XML's `<times authortime=…>`), with the validation ghost of the
//! parameters node (0x0305B00D, TM2020 0x0305B00F). Changing the blocks,
//! items or car of a validated map makes that time a lie.
//!
//! What the game checks: a map is validated when its author time is set;
//! GBX.NET writes the header XML's `validated` attribute as
//! `AuthorTime.HasValue` (`CGameCtnChallenge.cs`, the XML writer) and reads
//! a stored -1 (0xFFFFFFFF) as no time (`timeint?` in
//! `CGameCtnChallenge.chunkl` 0x002 and `CGameCtnChallengeParameters.chunkl`
//! 0x004/0x00A); its EnvimixForTM2020 sample, which changes a map's car,
//! resets the times in both places. [`clear_validation`] stores -1 as the
//! author time everywhere and sets `validated="0"`, so the game asks for a
//! new validation. The ghost node stays: removing the chunk would drop its
//! nodes, and the game replaces it at the next validation.

use super::transform::finish;
use crate::edit::header_xml::{set_xml_attr, xml_attr};
use crate::edit::target::{field_at, find_field_loc};
use crate::edit::{Edit, EditError, FieldLoc, FieldPatch, Target};
use crate::gbx::classes::challenge::{
    CHUNK_HEADER_COMMUNITY, CHUNK_HEADER_DESC, CHUNK_PARAMETERS, CLASS_ID, FIELD_AUTHOR_TIME,
    FIELD_XML,
};
use crate::gbx::classes::challenge_parameters::{
    CHUNK_MEDAL_TIMES, CHUNK_MEDAL_TIMES_OLD, FIELD_RACE_VALIDATE_GHOST,
};
use crate::gbx::read::field::Value;
use crate::gbx::{ChunkRef, FieldRef, Gbx, slice};

/// No time: what `timeint?` stores for null.
const NO_TIME: u32 = u32::MAX;

/// A map's validation as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Validation {
    /// The author time in ms (first place it is stored that holds one).
    pub author_time_ms: Option<u32>,
    /// True when the parameters node holds a validation ghost.
    pub has_ghost: bool,
}

impl Validation {
    /// True when the map counts as validated (an author time is set).
    #[must_use]
    pub fn is_validated(&self) -> bool {
        self.author_time_ms.is_some()
    }
}

/// Every stored author time: header 0x03043002, then 0x0305B004/0x0305B00A
/// of any node.
fn author_time_locs(gbx: &Gbx) -> Vec<FieldLoc> {
    let header = gbx
        .header
        .chunks
        .iter()
        .enumerate()
        .filter(|(_, c)| c.id == CHUNK_HEADER_DESC)
        .map(|(i, _)| ChunkRef::Header(i));
    let body = gbx.nodes.iter().enumerate().flat_map(|(n, node)| {
        node.chunks
            .iter()
            .enumerate()
            .filter(|(_, c)| c.id == CHUNK_MEDAL_TIMES || c.id == CHUNK_MEDAL_TIMES_OLD)
            .map(move |(i, _)| ChunkRef::Body { node: n, chunk: i })
    });
    header
        .chain(body)
        .filter_map(|c| find_field_loc(gbx, c, FIELD_AUTHOR_TIME))
        .collect()
}

/// The map's validation; `None` when `gbx` is not a map.
#[must_use]
pub fn validation(gbx: &Gbx) -> Option<Validation> {
    if gbx.header.class_id != CLASS_ID {
        return None;
    }
    let author_time_ms = author_time_locs(gbx)
        .iter()
        .filter_map(|l| field_at(gbx, l).and_then(FieldRef::time_ms))
        .find(|&t| t != NO_TIME);
    let has_ghost = gbx.nodes.iter().any(|n| {
        n.chunks.iter().any(|c| {
            gbx.chunk_fields(c)
                .find(FIELD_RACE_VALIDATE_GHOST)
                .is_some_and(|g| !g.is_null_ref())
        })
    });
    Some(Validation {
        author_time_ms,
        has_ghost,
    })
}

/// What `edit` does to the validation of the map `gbx` (before the edit):
/// a sentence for the user when the map is validated and the edit changes
/// what was driven (anything in the body other than the parameters node:
/// blocks, items, colours, the car…), else `None`.
#[must_use]
pub fn validation_effect(gbx: &Gbx, edit: &Edit) -> Option<String> {
    let v = validation(gbx)?;
    let time = v.author_time_ms?;
    let params = parameters_node(gbx);
    let touches = edit.patches.iter().any(|p| match &p.target {
        Target::Field(FieldLoc {
            chunk: ChunkRef::Header(_),
            ..
        }) => false,
        Target::Field(FieldLoc {
            chunk: ChunkRef::Body { node, .. },
            ..
        }) => Some(*node) != params,
        // Structural changes (records, chunks) change the map.
        _ => true,
    });
    touches.then(|| {
        format!(
            "the map is validated (author time {}{}): this change makes it invalid; \
             clear the validation so the game asks for a new one",
            crate::gbx::read::field::format_time_ms(time),
            if v.has_ghost {
                ", with a validation ghost"
            } else {
                ""
            }
        )
    })
}

/// The node of the map's CGameCtnChallengeParameters (from 0x03043011).
fn parameters_node(gbx: &Gbx) -> Option<usize> {
    let main = gbx.main_node()?;
    let c = main.chunks.iter().find(|c| c.id == CHUNK_PARAMETERS)?;
    gbx.chunk_fields(c)
        .iter()
        .filter_map(FieldRef::node)
        .find(|&n| {
            gbx.nodes
                .get(n)
                .is_some_and(|n| n.class_id == crate::gbx::classes::challenge_parameters::CLASS_ID)
        })
}

/// The edit that clears the validation: every stored author time becomes
/// -1 (no time) and the header XML says `validated="0"` and
/// `authortime="-1"`.
///
/// # Errors
/// Not a map, or a map that is not validated (nothing to change).
pub fn clear_validation(gbx: &Gbx) -> Result<Edit, EditError> {
    if gbx.header.class_id != CLASS_ID {
        return Err(EditError::Invalid(format!(
            "clear validation: not a map (this file is a {})",
            crate::gbx::class_label(gbx.header.class_id)
        )));
    }
    let mut patches = Vec::new();
    for loc in author_time_locs(gbx) {
        let Some(f) = field_at(gbx, &loc) else {
            continue;
        };
        let old = slice(data(gbx, &loc), f.range()).to_vec();
        let new = NO_TIME.to_le_bytes().to_vec();
        if old.len() == 4 && old != new {
            patches.push(FieldPatch {
                target: Target::Field(loc),
                old,
                new,
            });
        }
    }
    patches.extend(xml_patch(gbx));
    finish("clear validation".into(), patches)
}

fn data<'g>(gbx: &'g Gbx, loc: &FieldLoc) -> &'g [u8] {
    match loc.chunk {
        ChunkRef::Header(_) => &gbx.file,
        ChunkRef::Body { .. } => &gbx.body,
    }
}

/// The header XML with `validated="0"` and `authortime="-1"`.
fn xml_patch(gbx: &Gbx) -> Option<FieldPatch> {
    let i = gbx
        .header
        .chunks
        .iter()
        .position(|c| c.id == CHUNK_HEADER_COMMUNITY)?;
    let loc = find_field_loc(gbx, ChunkRef::Header(i), FIELD_XML)?;
    let f = field_at(gbx, &loc)?;
    let Value::Str(xml) = f.value() else {
        return None;
    };
    let mut new = xml.clone();
    if xml_attr(&new, "desc", "validated").is_some() {
        new = set_xml_attr(&new, "desc", "validated", "0")?;
    }
    if xml_attr(&new, "times", "authortime").is_some() {
        new = set_xml_attr(&new, "times", "authortime", "-1")?;
    }
    if new == xml {
        return None;
    }
    let mut bytes = u32::try_from(new.len()).ok()?.to_le_bytes().to_vec();
    bytes.extend_from_slice(new.as_bytes());
    Some(FieldPatch {
        target: Target::Field(loc.clone()),
        old: slice(&gbx.file, f.range()).to_vec(),
        new: bytes,
    })
}
