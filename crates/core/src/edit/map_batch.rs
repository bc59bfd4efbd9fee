//! One batch of semantic map edits, shared by the app's "Edit map" form
//! and `trackbench set`: each [`MapEdit`] names a value a mapper changes,
//! and [`apply_batch`] applies them one by one, each built against the
//! parse the previous one produced (the name and the medal times share the
//! header XML), each its own undo step.

use super::map::{self, Medal};
use super::{Edit, EditError, GbxDocument};
use crate::gbx::Gbx;

/// One semantic change of a map (seed 003 "CGameCtnChallenge").
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MapEdit {
    /// Map name (header 0x03043003, header XML, body 0x0304301F).
    Name(String),
    /// Author display name (header 0x03043008).
    AuthorNick(String),
    /// A medal time in ms (header 0x03043002, XML, parameters node).
    MedalTime(Medal, u32),
    /// Comments (header 0x03043007, body 0x03043028).
    Comments(String),
    /// Map type, e.g. `TrackMania\TM_Race` (header 0x03043003).
    MapType(String),
    /// Map style (header 0x03043003).
    MapStyle(String),
    /// Remove the password (body 0x03043029 / 0x03043014).
    RemovePassword,
    /// Replace the thumbnail with these image bytes (JPEG, PNG or WebP).
    Thumbnail(Vec<u8>),
}

impl MapEdit {
    /// The edit of `gbx` that makes this change.
    ///
    /// # Errors
    /// When the file has no place for the value or the value cannot be
    /// stored (see the `map` functions).
    pub fn build(&self, gbx: &Gbx) -> Result<Edit, EditError> {
        match self {
            Self::Name(v) => map::rename_map(gbx, v),
            Self::AuthorNick(v) => map::set_author_nick(gbx, v),
            Self::MedalTime(medal, ms) => map::set_medal_time(gbx, *medal, *ms),
            Self::Comments(v) => map::set_comments(gbx, v),
            Self::MapType(v) => map::set_map_type(gbx, map::MapTypeField::Type, v),
            Self::MapStyle(v) => map::set_map_type(gbx, map::MapTypeField::Style, v),
            Self::RemovePassword => map::remove_password(gbx),
            Self::Thumbnail(image) => map::replace_thumbnail(gbx, image),
        }
    }

    /// Short name of what changes, for messages ("map name").
    #[must_use]
    pub fn what(&self) -> &'static str {
        match self {
            Self::Name(_) => "map name",
            Self::AuthorNick(_) => "author name",
            Self::MedalTime(Medal::Bronze, _) => "bronze time",
            Self::MedalTime(Medal::Silver, _) => "silver time",
            Self::MedalTime(Medal::Gold, _) => "gold time",
            Self::MedalTime(Medal::Author, _) => "author time",
            Self::Comments(_) => "comments",
            Self::MapType(_) => "map type",
            Self::MapStyle(_) => "map style",
            Self::RemovePassword => "password",
            Self::Thumbnail(_) => "thumbnail",
        }
    }
}

/// A refused step of a batch: which edit (position in the batch), and why.
#[derive(Debug)]
pub struct BatchError {
    /// Position of the refused edit in the batch; the ones before it stay
    /// applied (each is its own undo step).
    pub index: usize,
    /// What the edit changes ("author time").
    pub what: &'static str,
    /// Why it was refused.
    pub error: EditError,
}

impl std::fmt::Display for BatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.what, self.error)
    }
}

impl std::error::Error for BatchError {}

/// Applies `edits` in order, each against the result of the one before;
/// returns how many changed the file (an edit to the value the file
/// already has changes nothing and is skipped).
///
/// # Errors
/// The first refused edit; the edits before it stay applied.
pub fn apply_batch(doc: &mut GbxDocument, edits: &[MapEdit]) -> Result<usize, BatchError> {
    let mut applied = 0;
    for (index, e) in edits.iter().enumerate() {
        let fail = |error| BatchError {
            index,
            what: e.what(),
            error,
        };
        let edit = match e.build(&doc.gbx) {
            Ok(edit) => edit,
            Err(EditError::Unchanged(_)) => continue,
            Err(error) => return Err(fail(error)),
        };
        doc.apply(edit).map_err(fail)?;
        applied += 1;
    }
    Ok(applied)
}
