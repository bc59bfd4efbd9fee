//! The map's editing tools opened from the Edit menu and the palette
//! (issue 44, finding 10): each opens the view and form a user would
//! otherwise have to find (the Blocks & items forms, the Size view's
//! strip actions), and "Duplicate the selected block" duplicates the one
//! block selected in Blocks & items.

use crate::command::GbxCommand;
use crate::command::gbx::MapTool;
use crate::gbx::doc::GbxDoc;
use crate::gbx::view::contents_ops::OpsForm;
use crate::gbx::view::{CentralView, GbxView, Table};
use trackbench_core::edit::map_ops;

impl GbxDoc {
    /// Shows `tool`; the status-bar message says where it is.
    pub(crate) fn open_tool(&mut self, view: &mut GbxView, tool: MapTool) -> Option<String> {
        let form = match tool {
            MapTool::Strip => {
                view.central = CentralView::Size;
                return Some(
                    "Size view: its actions strip lightmaps and the validation ghost".into(),
                );
            }
            MapTool::Move => OpsForm::Move,
            MapTool::Rotate => OpsForm::Rotate,
            MapTool::Replace => OpsForm::Replace,
            MapTool::Colour => OpsForm::Colour,
            MapTool::CarAndMood => OpsForm::Map,
        };
        view.central = CentralView::Contents;
        view.contents.ops.form = form;
        view.contents.ops.message = None;
        Some(format!("Blocks & items: {}", tool.label()))
    }

    /// Duplicates the block selected on the Blocks table, when exactly one
    /// is; otherwise says what to select.
    pub(crate) fn duplicate_selected_block(&mut self, view: &mut GbxView) -> Option<String> {
        let s = &view.contents;
        let blocks = &s.selection.blocks;
        if view.central != CentralView::Contents || s.table != Table::Blocks || blocks.len() != 1 {
            view.central = CentralView::Contents;
            view.contents.table = Table::Blocks;
            return Some("duplicate: select one block on the Blocks table first".into());
        }
        let i = *blocks.first()?;
        match map_ops::duplicate_block(self.gbx(), i) {
            Ok(edit) => self.apply(view, GbxCommand::ApplyEdit(edit)),
            Err(e) => Some(format!("block #{i} not duplicated: {e}")),
        }
    }
}

impl GbxDoc {
    /// Adds `block` after the last placed block (the top view's placing
    /// mode) as one undo step. The message, a refusal of the core's
    /// `map_ops::add_block` included (outside the map, cell taken), goes
    /// to the status bar and to the placing line of the top view.
    pub(crate) fn place_block(
        &mut self,
        view: &mut GbxView,
        block: &map_ops::NewBlock,
    ) -> Option<String> {
        let what = format!("{} at {:?}", block.name, block.coord);
        let message = match map_ops::add_block(self.gbx(), block, None) {
            Ok(edit) => self.apply(view, GbxCommand::ApplyEdit(edit)),
            Err(e) => Some(format!("{what} not placed: {e}")),
        };
        view.contents.placing.message.clone_from(&message);
        message
    }

    /// Adds the anchored `item` after the map's last item (the top view's
    /// placing mode, items) as one undo step; the message, a refusal of
    /// the core's `map_ops::place_item` included, as for a block.
    pub(crate) fn place_item(
        &mut self,
        view: &mut GbxView,
        item: &map_ops::NewItem,
    ) -> Option<String> {
        let message = match map_ops::place_item(self.gbx(), item) {
            Ok(edit) => self.apply(view, GbxCommand::ApplyEdit(edit)),
            Err(e) => Some(format!(
                "{} at {:?} m not placed: {e}",
                item.path, item.position_m
            )),
        };
        view.contents.placing.message.clone_from(&message);
        message
    }
}
