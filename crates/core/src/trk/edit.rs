//! The edit model for tracks: a [`TrackDocument`] owns a [`Track`] and a
//! [`History`] of labelled [`TrackStep`]s, each an invertible [`Edit`]
//! (holding old and new values).
//!
//! Placement of a multi-tile element writes its fillers (seed 002
//! "Fillers") and first erases, whole, every element it overlaps; erasing
//! any tile of an element erases all of it. [`TrackDocument::place_raw`]
//! writes one byte with no filler logic (manual mode, illusion tracks).
//! Between [`TrackDocument::begin_stroke`] and [`TrackDocument::end_stroke`]
//! all edits merge into one undo step (a drag-paint), labelled by the
//! stroke or by its first edit ("place Loop (N-S)", "paint terrain").

use super::elements::{Element, element, is_filler};
use super::track::{TILE_COUNT, TilePos, Track, Trailer};
use super::validate::filler_parent;
use crate::history::{History, Step};
use std::convert::Infallible;

/// Which layer a tile change touches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Layer {
    /// The track element layer.
    Track,
    /// The terrain layer.
    Terrain,
}

/// One byte of one layer, before and after.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileChange {
    /// Where.
    pub pos: TilePos,
    /// Which layer.
    pub layer: Layer,
    /// Byte before.
    pub old: u8,
    /// Byte after.
    pub new: u8,
}

/// An invertible change to a track.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Edit {
    /// Tile bytes, applied in order and reverted in reverse order.
    Tiles(Vec<TileChange>),
    /// The horizon byte.
    Horizon {
        /// Before.
        old: u8,
        /// After.
        new: u8,
    },
    /// The extra byte.
    ExtraByte {
        /// Before.
        old: u8,
        /// After.
        new: u8,
    },
    /// The trailing data (metadata overlay or unknown bytes).
    Trailer {
        /// Before.
        old: Box<Trailer>,
        /// After.
        new: Box<Trailer>,
    },
    /// Several edits as one step (a stroke).
    Group(Vec<Edit>),
}

impl Edit {
    /// Label of an edit recorded on its own through [`TrackDocument::apply`].
    #[must_use]
    pub fn label(&self) -> &'static str {
        match self {
            Self::Tiles(_) => "edit tiles",
            Self::Horizon { .. } => "set horizon",
            Self::ExtraByte { .. } => "set extra byte",
            Self::Trailer { .. } => "edit metadata",
            Self::Group(_) => "edit track",
        }
    }

    /// Writes the new values.
    pub fn apply(&self, track: &mut Track) {
        match self {
            Self::Tiles(changes) => changes
                .iter()
                .for_each(|c| set(track, c.pos, c.layer, c.new)),
            Self::Horizon { new, .. } => track.horizon = *new,
            Self::ExtraByte { new, .. } => track.extra_byte = *new,
            Self::Trailer { new, .. } => track.trailer = (**new).clone(),
            Self::Group(edits) => edits.iter().for_each(|e| e.apply(track)),
        }
    }

    /// Writes the old values back.
    pub fn revert(&self, track: &mut Track) {
        match self {
            Self::Tiles(changes) => changes
                .iter()
                .rev()
                .for_each(|c| set(track, c.pos, c.layer, c.old)),
            Self::Horizon { old, .. } => track.horizon = *old,
            Self::ExtraByte { old, .. } => track.extra_byte = *old,
            Self::Trailer { old, .. } => track.trailer = (**old).clone(),
            Self::Group(edits) => edits.iter().rev().for_each(|e| e.revert(track)),
        }
    }
}

fn set(track: &mut Track, pos: TilePos, layer: Layer, v: u8) {
    match layer {
        Layer::Track => track.set_track_code(pos, v),
        Layer::Terrain => track.set_terrain_code(pos, v),
    }
}

/// One undo step of a track: an edit (a [`Edit::Group`] for a stroke) and
/// the label Edit ▸ Undo shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrackStep {
    /// Menu label, e.g. "place Loop (N-S)", "paint terrain", "paste".
    pub label: String,
    /// What the step changed.
    pub edit: Edit,
}

impl Step for TrackStep {
    fn label(&self) -> &str {
        &self.label
    }
}

/// An open stroke: its label (`None`: the first edit's) and whether it
/// has recorded an edit yet.
#[derive(Debug, Clone)]
struct Stroke {
    label: Option<String>,
    started: bool,
}

/// Why an element cannot be placed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlaceError {
    /// The element's footprint leaves the map.
    #[error("{name} does not fit at {pos}: it needs {w}×{h} tiles")]
    OffMap {
        /// Element name.
        name: String,
        /// Requested NW tile.
        pos: TilePos,
        /// Footprint width.
        w: u8,
        /// Footprint height.
        h: u8,
    },
    /// The code is not a placeable element (internal code or filler; use
    /// `place_raw` for those).
    #[error("track code {0:#04x} is not a placeable element")]
    NotPlaceable(u8),
}

/// A track being edited, with undo.
#[derive(Debug, Clone)]
pub struct TrackDocument {
    track: Track,
    history: History<TrackStep>,
    /// `Some` while a stroke is open.
    stroke: Option<Stroke>,
    /// Bumped by every change of the track (edits, undo, redo).
    revision: u64,
}

impl TrackDocument {
    /// A document over `track`, unmodified (not dirty).
    #[must_use]
    pub fn new(track: Track) -> Self {
        Self {
            track,
            history: History::new(),
            stroke: None,
            revision: 0,
        }
    }

    /// A number that changes whenever the track does (edits, undo, redo),
    /// for caches of what is derived from it.
    #[must_use]
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// The current track.
    #[must_use]
    pub fn track(&self) -> &Track {
        &self.track
    }

    /// The history (for menu labels and counts).
    #[must_use]
    pub fn history(&self) -> &History<TrackStep> {
        &self.history
    }

    /// Applies `edit` and records it under [`Edit::label`]. Returns false
    /// (and records nothing) when it changes nothing.
    pub fn apply(&mut self, edit: Edit) -> bool {
        let label = edit.label();
        self.apply_labelled(edit, || label.to_string())
    }

    /// Applies `edit` and records it: alone, under `label`, outside a
    /// stroke; inside one, merged into the stroke's step. Returns false (and
    /// records nothing) when it changes nothing.
    pub(crate) fn apply_labelled(&mut self, edit: Edit, label: impl FnOnce() -> String) -> bool {
        let before = self.track.clone();
        edit.apply(&mut self.track);
        if self.track == before {
            return false;
        }
        self.revision += 1;
        let Some(stroke) = &mut self.stroke else {
            self.history.push(TrackStep {
                label: label(),
                edit,
            });
            return true;
        };
        let continuing = stroke.started;
        stroke.started = true;
        let step = TrackStep {
            label: stroke.label.clone().unwrap_or_else(label),
            edit: Edit::Group(vec![edit]),
        };
        self.history
            .push_or_merge(step, |last, new| match (&mut last.edit, continuing) {
                (Edit::Group(edits), true) => {
                    edits.extend(match new.edit {
                        Edit::Group(more) => more,
                        other => vec![other],
                    });
                    None
                }
                _ => Some(new),
            });
        true
    }

    /// Starts merging edits into one undo step, labelled by its first edit.
    pub fn begin_stroke(&mut self) {
        self.stroke = Some(Stroke {
            label: None,
            started: false,
        });
    }

    /// Starts merging edits into one undo step labelled `label`.
    pub fn begin_stroke_as(&mut self, label: impl Into<String>) {
        self.stroke = Some(Stroke {
            label: Some(label.into()),
            started: false,
        });
    }

    /// Ends the current stroke.
    pub fn end_stroke(&mut self) {
        self.stroke = None;
    }

    /// True while a stroke is open (undo and redo close it).
    #[must_use]
    pub fn is_stroking(&self) -> bool {
        self.stroke.is_some()
    }

    /// Runs `f` as one undo step labelled `label`. An open stroke is put
    /// back afterwards, continuing in a step of its own.
    pub(crate) fn one_step<R>(&mut self, label: &str, f: impl FnOnce(&mut Self) -> R) -> R {
        let outer = self.stroke.take();
        self.begin_stroke_as(label);
        let result = f(self);
        self.stroke = outer.map(|s| Stroke {
            started: false,
            ..s
        });
        result
    }

    /// Undoes one step; false when there is none.
    pub fn undo(&mut self) -> bool {
        self.stroke = None;
        let track = &mut self.track;
        let done = self
            .history
            .undo(|step| {
                step.edit.revert(track);
                Ok::<(), Infallible>(())
            })
            .is_some();
        self.revision += u64::from(done);
        done
    }

    /// Redoes one step; false when there is none.
    pub fn redo(&mut self) -> bool {
        self.stroke = None;
        let track = &mut self.track;
        let done = self
            .history
            .redo(|step| {
                step.edit.apply(track);
                Ok::<(), Infallible>(())
            })
            .is_some();
        self.revision += u64::from(done);
        done
    }

    /// True when the track differs from the last saved (or loaded) state.
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        self.history.is_dirty()
    }

    /// Marks the current state as saved.
    pub fn mark_saved(&mut self) {
        self.history.mark_saved();
    }

    /// Places element `code` with its NW tile at `pos`: erases every element
    /// it overlaps, then writes the code and its fillers. Returns whether
    /// anything changed.
    ///
    /// # Errors
    /// Internal codes and fillers, or a footprint off the map.
    pub fn place(&mut self, pos: TilePos, code: u8) -> Result<bool, PlaceError> {
        let e = element(code)
            .filter(|_| !is_filler(code))
            .ok_or(PlaceError::NotPlaceable(code))?;
        let tiles = footprint_tiles(&e, pos)?;
        let mut after = self.track.clone();
        for &(at, _) in &tiles {
            for t in element_tiles(&after, at) {
                after.set_track_code(t, 0);
            }
        }
        for &(at, c) in &tiles {
            after.set_track_code(at, c);
        }
        let edit = track_diff(&self.track, &after);
        Ok(self.apply_labelled(edit, || format!("place {}", e.display_name())))
    }

    /// Writes one track byte with no filler logic (manual mode).
    pub fn place_raw(&mut self, pos: TilePos, code: u8) -> bool {
        let old = self.track.track_code(pos);
        let edit = Edit::Tiles(vec![TileChange {
            pos,
            layer: Layer::Track,
            old,
            new: code,
        }]);
        self.apply_labelled(edit, || format!("write code {code:#04x}"))
    }

    /// Erases the whole element covering `pos` (all its tiles).
    pub fn erase(&mut self, pos: TilePos) -> bool {
        let mut after = self.track.clone();
        for t in element_tiles(&self.track, pos) {
            after.set_track_code(t, 0);
        }
        let edit = track_diff(&self.track, &after);
        self.apply_labelled(edit, || "erase".into())
    }

    /// Terrain brush: sets the terrain byte at `pos`.
    pub fn paint_terrain(&mut self, pos: TilePos, code: u8) -> bool {
        let old = self.track.terrain_code(pos);
        let edit = Edit::Tiles(vec![TileChange {
            pos,
            layer: Layer::Terrain,
            old,
            new: code,
        }]);
        self.apply_labelled(edit, || "paint terrain".into())
    }

    /// Sets the horizon.
    pub fn set_horizon(&mut self, horizon: u8) -> bool {
        self.apply(Edit::Horizon {
            old: self.track.horizon,
            new: horizon,
        })
    }

    /// Sets the extra byte.
    pub fn set_extra_byte(&mut self, value: u8) -> bool {
        self.apply(Edit::ExtraByte {
            old: self.track.extra_byte,
            new: value,
        })
    }

    /// Replaces the trailer (e.g. new metadata, or `Trailer::None`).
    pub fn set_trailer(&mut self, trailer: Trailer) -> bool {
        self.set_trailer_as(trailer, "edit metadata")
    }

    /// [`Self::set_trailer`] recorded under `label`.
    pub(crate) fn set_trailer_as(&mut self, trailer: Trailer, label: &str) -> bool {
        let old = Box::new(self.track.trailer.clone());
        let edit = Edit::Trailer {
            old,
            new: Box::new(trailer),
        };
        self.apply_labelled(edit, || label.to_string())
    }
}

/// The tiles `(pos, code)` an element placed at `pos` writes.
fn footprint_tiles(e: &Element, pos: TilePos) -> Result<Vec<(TilePos, u8)>, PlaceError> {
    let mut out = vec![(pos, e.code)];
    for &(dx, dy, filler) in e.footprint.fillers() {
        let Some(at) = pos.offset(i32::from(dx), i32::from(dy)) else {
            let (w, h) = e.footprint.size();
            return Err(PlaceError::OffMap {
                name: e.display_name(),
                pos,
                w,
                h,
            });
        };
        out.push((at, filler));
    }
    Ok(out)
}

/// Every tile of the element covering `pos`: the element and those of its
/// fillers that are present; a lone filler or simple tile is just itself.
#[must_use]
pub fn element_tiles(track: &Track, pos: TilePos) -> Vec<TilePos> {
    let anchor = filler_parent(track, pos).unwrap_or(pos);
    let code = track.track_code(anchor);
    let mut out = vec![anchor];
    if let Some(e) = element(code).filter(|_| !is_filler(code)) {
        for &(dx, dy, filler) in e.footprint.fillers() {
            if let Some(at) = anchor.offset(i32::from(dx), i32::from(dy))
                && track.track_code(at) == filler
            {
                out.push(at);
            }
        }
    }
    if !out.contains(&pos) {
        out.push(pos);
    }
    out
}

fn track_diff(before: &Track, after: &Track) -> Edit {
    let changes = (0..TILE_COUNT)
        .filter_map(TilePos::from_index)
        .filter_map(|pos| {
            let (old, new) = (before.track_code(pos), after.track_code(pos));
            (old != new).then_some(TileChange {
                pos,
                layer: Layer::Track,
                old,
                new,
            })
        })
        .collect();
    Edit::Tiles(changes)
}
