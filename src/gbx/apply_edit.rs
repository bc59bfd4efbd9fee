//! How an open .Gbx document applies the editor's commands: selecting a
//! field by structure, setting a value from text, deleting, duplicating
//! and moving records, and the hex view's overwrite mode. Each change is
//! one undo step; every refusal of the core comes back as the status
//! message (and, for a value, in the inspector's draft).

use crate::command::GbxCommand;
use crate::gbx::doc::GbxDoc;
use crate::gbx::edit_api::{
    array_info, delete_records, duplicate_record, move_record, range_patch, set_value,
};
use crate::gbx::hex_guard::overwrite_refusal;
use crate::gbx::view::{CentralView, GbxView, HexRun};
use trackbench_core::bytes::{ByteRange, Space};
use trackbench_core::edit::{Edit, EditError, FieldLoc, Target, resolve};

impl GbxDoc {
    /// Applies one of the editor's commands (see [`GbxDoc::apply`]).
    pub(crate) fn apply_editing(&mut self, view: &mut GbxView, cmd: GbxCommand) -> Option<String> {
        Some(match cmd {
            GbxCommand::SelectFieldAt(loc) => return self.select_loc(view, loc),
            GbxCommand::SetValue { loc, text } => self.set_value(view, loc, &text),
            GbxCommand::DeleteRecords { array, indices } => {
                let result = delete_records(self.gbx(), &array, &indices);
                self.records_edit(view, "delete", &array, result, None)
            }
            GbxCommand::DuplicateRecord { array, index } => {
                let result = duplicate_record(self.gbx(), &array, index);
                self.records_edit(view, "duplicate", &array, result, Some(index + 1))
            }
            GbxCommand::MoveRecord { array, index, up } => {
                let result = move_record(self.gbx(), &array, index, up);
                let to = if up {
                    index.checked_sub(1)
                } else {
                    Some(index + 1)
                };
                self.records_edit(view, "move", &array, result, to)
            }
            GbxCommand::ToggleOverwrite => {
                let hex = &mut view.hex;
                hex.overwrite = !hex.overwrite;
                hex.nibble = None;
                hex.run = None;
                hex.refusal = None;
                if !hex.overwrite {
                    return Some("hex overwrite mode off".into());
                }
                view.central = CentralView::Hex;
                "hex overwrite mode on: click a byte, then type hex digits (Insert turns it off)"
                    .into()
            }
            GbxCommand::OverwriteByte {
                space,
                offset,
                value,
            } => self.overwrite_byte(view, space, offset, value),
            GbxCommand::Notice(m) => m,
            _ => return None,
        })
    }

    /// Selects the field at `loc` and brings its bytes into view.
    fn select_loc(&mut self, view: &mut GbxView, loc: FieldLoc) -> Option<String> {
        match resolve(self.gbx(), &Target::Field(loc.clone()), false) {
            Ok((space, range)) => {
                self.selected = Some(loc.chunk);
                self.selected_field = Some(range);
                self.selected_loc = Some(loc);
                view.hex.show(space, range.start);
                None
            }
            Err(e) => Some(format!("cannot select the field: {e}")),
        }
    }

    /// Applies `edit` and keeps `loc` selected; returns its label.
    fn apply_keeping(&mut self, edit: Edit, loc: Option<FieldLoc>) -> Result<String, EditError> {
        let label = edit.label.clone();
        self.edit.apply(edit)?;
        if let Some(loc) = loc {
            self.selected = Some(loc.chunk);
            self.selected_loc = Some(loc);
        }
        self.refresh();
        Ok(label)
    }

    fn set_value(&mut self, view: &mut GbxView, loc: FieldLoc, text: &str) -> String {
        let result = set_value(self.gbx(), &loc, text)
            .and_then(|edit| self.apply_keeping(edit, Some(loc.clone())));
        match result {
            Ok(label) => {
                view.editing.close();
                format!("{label}: done (Ctrl+Z undoes it)")
            }
            Err(e @ EditError::Unchanged(_)) => {
                view.editing.close();
                e.to_string()
            }
            Err(e) => {
                if let Some(d) = view.editing.draft.as_mut().filter(|d| d.loc == loc) {
                    d.error = Some(e.to_string());
                    // Enter took the keyboard from the text box: give it back.
                    view.editing.focus_editor = true;
                }
                format!("edit refused: {e}")
            }
        }
    }

    /// Applies a records edit; selects element `select` of `array` after it
    /// (the array itself when `None` or gone).
    fn records_edit(
        &mut self,
        view: &mut GbxView,
        what: &str,
        array: &FieldLoc,
        result: Result<Edit, EditError>,
        select: Option<usize>,
    ) -> String {
        match result.and_then(|edit| self.apply_keeping(edit, Some(array.clone()))) {
            Ok(label) => {
                view.editing.forget();
                let element =
                    select.and_then(|n| array_info(self.gbx(), array)?.elements.get(n).cloned());
                let loc = element.unwrap_or_else(|| array.clone());
                view.editing.focus_row = Some(loc.clone());
                self.select_loc(view, loc);
                format!("{label}: done (Ctrl+Z undoes it)")
            }
            Err(e) => format!("{what} refused: {e}"),
        }
    }

    /// Overwrites one byte; a byte right after the run typed so far joins
    /// it (the run's edit is undone and applied again one byte longer, so
    /// the run stays one undo step).
    fn overwrite_byte(
        &mut self,
        view: &mut GbxView,
        space: Space,
        offset: u64,
        value: u8,
    ) -> String {
        let at = format!("{} offset {offset:#x}", space.name());
        if let Some(why) = overwrite_refusal(self.gbx(), space, offset) {
            view.hex.refusal = Some(format!("not overwritten at {at}: {why}"));
            return format!("overwrite refused at {at}: {why}");
        }
        let undo_len = self.edit.history().undo_len();
        let run = view.hex.run.take().filter(|r| {
            r.space == space && r.start + r.new.len() as u64 == offset && r.undo_len == undo_len
        });
        let Some(&old) = usize::try_from(offset)
            .ok()
            .and_then(|o| self.bytes(space).get(o))
        else {
            return format!("nothing to overwrite at {at}");
        };
        let continues = run.is_some();
        let mut run = run.unwrap_or(HexRun {
            space,
            start: offset,
            old: Vec::new(),
            new: Vec::new(),
            undo_len,
        });
        run.old.push(old);
        run.new.push(value);
        let range = ByteRange::at(run.start, run.new.len() as u64);
        let patch = match range_patch(space, range, run.old.clone(), run.new.clone()) {
            Ok(p) => p,
            Err(e) => return format!("overwrite refused at {at}: {e}"),
        };
        if continues && let Err(e) = self.edit.undo() {
            return format!("overwrite refused at {at}: {e}");
        }
        let n = run.new.len();
        let edit = Edit {
            label: format!("overwrite {n} byte(s) at {} {:#x}", space.name(), run.start),
            patches: vec![patch],
            merge_key: None,
        };
        let label = edit.label.clone();
        match self.edit.apply(edit) {
            Ok(()) => {
                run.undo_len = self.edit.history().undo_len();
                view.hex.run = Some(run);
                view.hex.cursor = Some(offset + 1);
                view.hex.refusal = None;
                self.refresh();
                format!("{label} (Ctrl+Z undoes the run)")
            }
            Err(e) => {
                // Put the run typed so far back.
                run.old.pop();
                run.new.pop();
                if continues && self.edit.redo().is_ok() {
                    run.undo_len = self.edit.history().undo_len();
                    view.hex.run = Some(run);
                }
                self.refresh();
                view.hex.refusal = Some(format!("not overwritten at {at}: {e}"));
                format!("overwrite refused at {at}: {e}")
            }
        }
    }
}
