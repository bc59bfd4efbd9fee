//! Applies a [`TrkCommand`] to an open track and its view state: the one
//! place where the grid editor's actions change the track (through the
//! core's [`TrackDocument`](trackbench_core::trk::TrackDocument)), the
//! selection, the clipboard and the focus.

use crate::command::TrkCommand;
use crate::trk::compare::{TrackCompare, differing_tiles, step};
use crate::trk::doc::TrackDoc;
use crate::trk::view::TrkView;
use trackbench_core::trk::{Clip, TilePos, TileRect, Trailer, element};

impl TrackDoc {
    /// Applies `cmd`, updating `view` (selection, clipboard, focus, drag
    /// state). Returns the message for the status bar, if there is one.
    /// Edits of a read-only replay track are refused.
    pub fn apply(&mut self, view: &mut TrkView, cmd: TrkCommand) -> Option<String> {
        if self.read_only && cmd.edits() {
            return self.say("replay track, read-only: Save track as… writes a new .trk");
        }
        match cmd {
            TrkCommand::BeginStroke => {
                view.stroke_covered.clear();
                self.doc.begin_stroke();
                None
            }
            TrkCommand::EndStroke => {
                self.doc.end_stroke();
                None
            }
            TrkCommand::Place { at, code } => self.place(view, at, code),
            TrkCommand::Erase(at) => {
                self.doc.erase(at);
                None
            }
            TrkCommand::WriteCode { at, code } => {
                self.doc.place_raw(at, code);
                None
            }
            TrkCommand::PaintTerrain { at, code } => {
                self.doc.paint_terrain(at, code);
                None
            }
            TrkCommand::Select(rect) => {
                view.selection = rect;
                None
            }
            TrkCommand::Focus(at) => {
                focus(view, at);
                None
            }
            TrkCommand::TerrainPreset(p) => {
                self.doc.apply_terrain_preset(p);
                self.say(format!("terrain preset: {}", p.name()))
            }
            TrkCommand::SetHorizon(h) => {
                self.doc.set_horizon(h);
                None
            }
            TrkCommand::SetExtraByte(b) => {
                self.doc.set_extra_byte(b);
                None
            }
            TrkCommand::SetMetaSave(form) => {
                self.meta_save = form;
                None
            }
            TrkCommand::CompareWith(path) => {
                let said = self.compare_with(&path);
                self.say(said)
            }
            TrkCommand::CloseCompare => {
                self.compare = None;
                view.show_other = false;
                None
            }
            TrkCommand::StepDifference(forward) => self.step_difference(view, forward),
            cmd => self.apply_selection_and_metadata(view, cmd),
        }
    }

    /// The selection, clipboard, metadata and colouring commands.
    fn apply_selection_and_metadata(
        &mut self,
        view: &mut TrkView,
        cmd: TrkCommand,
    ) -> Option<String> {
        match cmd {
            TrkCommand::Copy => self.copy(view),
            TrkCommand::Cut => {
                let rect = view.selection?;
                view.clipboard = Some(self.doc.cut_rect(rect));
                self.say(copied(rect))
            }
            TrkCommand::Paste => self.paste(view),
            TrkCommand::DeleteSelection => {
                self.doc.delete_rect(view.selection?);
                None
            }
            TrkCommand::RotateSelection => {
                let rect = view.selection?;
                view.selection = Some(self.doc.rotate_rect(rect, view.paste_terrain));
                None
            }
            TrkCommand::MirrorSelection => {
                let rect = view.selection?;
                view.selection = Some(self.doc.mirror_rect(rect, view.paste_terrain));
                None
            }
            TrkCommand::ApplyMetadata(draft) => {
                let mut meta = self.metadata_or_default();
                if let Err(e) = draft.apply_to(&mut meta) {
                    return self.say(e);
                }
                let trailer = if meta.chunks.is_empty() {
                    Trailer::None
                } else {
                    Trailer::Metadata(meta)
                };
                self.doc.set_trailer(trailer);
                self.say("metadata applied")
            }
            TrkCommand::RemoveMetadata => {
                self.doc.set_trailer(Trailer::None);
                view.meta_draft = None;
                None
            }
            TrkCommand::PaintColour { at, part, colours } => {
                let result = self.doc.paint_colour(at, part, colours);
                result.err().and_then(|e| self.say(e.to_string()))
            }
            TrkCommand::FillColour { part, colours } => {
                let result = self.doc.fill_colour(part, colours);
                result.err().and_then(|e| self.say(e.to_string()))
            }
            TrkCommand::ClearColouring => {
                let result = self.doc.set_colouring(None);
                result.err().and_then(|e| self.say(e.to_string()))
            }
            other => unreachable!("applied by TrackDoc::apply: {other:?}"),
        }
    }

    /// Reads `path` and compares the open track with it; returns the
    /// status-bar message (how many tiles differ, or why it failed).
    fn compare_with(&mut self, path: &std::path::Path) -> String {
        match TrackCompare::read(path) {
            Ok(c) => {
                let n = differing_tiles(&c.diff(self.track())).len();
                let said = format!("compared with {}: {n} tile(s) differ", c.name);
                self.compare = Some(c);
                said
            }
            Err(e) => format!("cannot compare: {e}"),
        }
    }

    /// Focuses the next or previous differing tile of the comparison.
    fn step_difference(&mut self, view: &mut TrkView, forward: bool) -> Option<String> {
        let compare = self.compare.as_ref()?;
        let tiles = differing_tiles(&compare.diff(self.track()));
        match step(&tiles, view.focus, forward) {
            Some(p) => {
                focus(view, p);
                let i = tiles.iter().position(|t| *t == p).unwrap_or(0);
                self.say(format!("difference {} of {} at {p}", i + 1, tiles.len()))
            }
            None => self.say("the tracks do not differ tile by tile"),
        }
    }

    /// Places the current piece, skipping tiles this stroke already
    /// covered so dragging a multi-tile piece lays a row instead of
    /// overwriting itself.
    fn place(&mut self, view: &mut TrkView, at: TilePos, code: u8) -> Option<String> {
        if view.stroke_covered.contains(&at) {
            return None;
        }
        match self.doc.place(at, code) {
            Ok(_) => {
                let (w, h) = element(code).map_or((1, 1), |e| e.footprint.size());
                view.stroke_covered.extend(TileRect::at(at, w, h).tiles());
                None
            }
            Err(e) => self.say(e.to_string()),
        }
    }

    fn copy(&mut self, view: &mut TrkView) -> Option<String> {
        let rect = view.selection?;
        view.clipboard = Some(Clip::copy(self.track(), rect));
        self.say(copied(rect))
    }

    /// Pastes the clipboard with its NW corner at the hovered tile (or the
    /// selection's NW corner), as one undo step, and selects it.
    fn paste(&mut self, view: &mut TrkView) -> Option<String> {
        let clip = view.clipboard.clone()?;
        let Some(at) = view.hover.or(view.selection.map(|r| r.min)) else {
            return self.say("point at a tile to paste");
        };
        view.selection = Some(self.doc.paste(&clip, at, view.paste_terrain));
        None
    }
}

fn copied(rect: TileRect) -> String {
    let (w, h) = rect.size();
    format!("copied {w}×{h} tiles")
}

/// Focuses and selects `at` and pans the grid (zoom kept) to show it.
fn focus(view: &mut TrkView, at: TilePos) {
    view.focus = Some(at);
    view.selection = Some(TileRect::spanning(at, at));
    if let (Some(grid), Some((_, size))) = (&mut view.view, view.canvas) {
        grid.ensure_visible(size, at);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::Document;
    use trackbench_core::trk::{ColourPart, MetaDraft, TerrainPreset, TileColours};

    fn t(x: i32, y: i32) -> TilePos {
        TilePos::new(x, y).unwrap()
    }

    #[test]
    fn a_stroke_of_commands_is_one_labelled_undo_step() {
        let (mut d, mut v) = (TrackDoc::new_track(), TrkView::default());
        d.apply(&mut v, TrkCommand::BeginStroke);
        for x in 2..5 {
            let at = t(x, 3);
            d.apply(&mut v, TrkCommand::Place { at, code: 0x04 });
            // The same tile twice in one stroke is placed once.
            d.apply(&mut v, TrkCommand::Place { at, code: 0x04 });
        }
        d.apply(&mut v, TrkCommand::EndStroke);
        assert_eq!(d.doc.history().undo_len(), 1);
        assert_eq!(d.undo_label().as_deref(), Some("place Paved road (N-S)"));
        assert_eq!(d.undo(), "undid place Paved road (N-S)");
        assert_eq!(d.track().track_code(t(3, 3)), 0);
    }

    #[test]
    fn selection_commands_copy_paste_turn_and_delete() {
        let (mut d, mut v) = (TrackDoc::new_track(), TrkView::default());
        d.apply(
            &mut v,
            TrkCommand::WriteCode {
                at: t(1, 1),
                code: 0x04,
            },
        );
        d.apply(
            &mut v,
            TrkCommand::Select(Some(TileRect::spanning(t(1, 1), t(2, 1)))),
        );
        assert_eq!(
            d.apply(&mut v, TrkCommand::Copy).as_deref(),
            Some("copied 2×1 tiles")
        );
        v.hover = Some(t(10, 10));
        d.apply(&mut v, TrkCommand::Paste);
        assert_eq!(d.track().track_code(t(10, 10)), 0x04);
        assert_eq!(v.selection, Some(TileRect::spanning(t(10, 10), t(11, 10))));
        d.apply(&mut v, TrkCommand::RotateSelection);
        assert_eq!(d.track().track_code(t(10, 10)), 0x05);
        assert_eq!(v.selection, Some(TileRect::spanning(t(10, 10), t(10, 11))));
        d.apply(&mut v, TrkCommand::DeleteSelection);
        assert_eq!(d.track().track_code(t(10, 10)), 0);
        assert_eq!(d.undo_label().as_deref(), Some("delete"));
        d.apply(&mut v, TrkCommand::Select(None));
        assert_eq!(d.apply(&mut v, TrkCommand::Cut), None, "nothing selected");
    }

    #[test]
    fn presets_metadata_and_colouring_go_through_the_history() {
        let (mut d, mut v) = (TrackDoc::new_track(), TrkView::default());
        d.apply(&mut v, TrkCommand::TerrainPreset(TerrainPreset::Island));
        d.apply(&mut v, TrkCommand::SetHorizon(3));
        d.apply(&mut v, TrkCommand::SetExtraByte(0));
        let draft = MetaDraft {
            title: "Dunes".into(),
            ..MetaDraft::default()
        };
        d.apply(&mut v, TrkCommand::ApplyMetadata(draft));
        let colours = TileColours {
            border: 0,
            background: 0xF800,
        };
        let part = ColourPart::Both;
        d.apply(
            &mut v,
            TrkCommand::PaintColour {
                at: t(0, 0),
                part,
                colours,
            },
        );
        d.apply(&mut v, TrkCommand::FillColour { part, colours });
        d.apply(&mut v, TrkCommand::ClearColouring);
        assert_eq!(d.doc.history().undo_len(), 7);
        let bad = MetaDraft {
            date: "soon".into(),
            ..MetaDraft::default()
        };
        let said = d.apply(&mut v, TrkCommand::ApplyMetadata(bad)).unwrap();
        assert!(said.contains("YYYY-MM-DD"), "{said}");
        d.apply(&mut v, TrkCommand::RemoveMetadata);
        assert!(d.track().metadata().is_none());
        assert_eq!(d.doc.history().undo_len(), 8);
    }

    #[test]
    fn a_read_only_track_refuses_edits_but_navigates() {
        let mut rpl = vec![0u8; 26];
        rpl.extend_from_slice(&trackbench_core::trk::Track::new().to_raw_bytes());
        let mut d = TrackDoc::open(&rpl, "X.RPL".into(), None).unwrap();
        let mut v = TrkView::default();
        d.apply(
            &mut v,
            TrkCommand::Place {
                at: t(1, 1),
                code: 0x04,
            },
        );
        assert_eq!(d.track().track_code(t(1, 1)), 0);
        d.apply(&mut v, TrkCommand::Focus(t(4, 4)));
        assert_eq!(v.focus, Some(t(4, 4)));
        assert_eq!(d.undo(), "nothing to undo");
    }
}
