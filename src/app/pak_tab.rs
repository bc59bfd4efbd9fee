//! The shell's side of a pak tab: opening one (with the packlist the
//! settings remember), answering the pak commands that need a dialog, and
//! applying the rest through [`PakDoc::apply`], with the commands that
//! follow (a contained file opened in a new tab).

use std::path::PathBuf;

use super::dialogs;
use crate::app::{OpenDoc, TrackbenchApp};
use crate::command::PakCommand;
use crate::pak::doc::PakDoc;
use crate::pak::view::PakView;

impl TrackbenchApp {
    /// Opens a .pak in a new tab; a locked one is tried with the last
    /// packlist that unlocked a pak (a wrong or missing one just asks).
    /// False (with a message) when the file is not a pak.
    pub(crate) fn open_pak(
        &mut self,
        title: String,
        bytes: Vec<u8>,
        path: Option<PathBuf>,
    ) -> bool {
        match PakDoc::open(bytes, title.clone(), path) {
            Ok(mut doc) => {
                let mut view = PakView::default();
                if let Some(p) = self.settings.last_packlist.clone()
                    && doc.wants_key()
                {
                    doc.apply(&mut view, PakCommand::UnlockWithPacklist(p));
                }
                self.message = format!("opened {title}");
                self.open_in_new_tab(OpenDoc::Pak(Box::new(doc), Box::new(view)));
                true
            }
            Err(e) => {
                self.message = format!("cannot read {title}: {e}");
                false
            }
        }
    }

    /// Applies `cmd` to the active pak: asks for a path first where it
    /// needs one, then applies the commands that follow and remembers the
    /// packlist that unlocked it.
    pub(crate) fn apply_pak(&mut self, ctx: &egui::Context, cmd: PakCommand) {
        let Some(OpenDoc::Pak(doc, view)) = self.doc.as_mut() else {
            return;
        };
        let cmd = match cmd {
            PakCommand::BrowsePacklist => {
                let start = doc.last_packlist.as_deref().and_then(|p| p.parent());
                match dialogs::pick_packlist(start) {
                    Some(path) => PakCommand::UnlockWithPacklist(path),
                    None => return,
                }
            }
            PakCommand::ChooseExtractFolder(files) => {
                match dialogs::pick_folder("Extract to folder") {
                    Some(dest) => PakCommand::Extract { files, dest },
                    None => return,
                }
            }
            cmd => cmd,
        };
        let follow = doc.apply(view, cmd);
        if doc.is_unlocked()
            && doc.last_packlist.is_some()
            && doc.last_packlist != self.settings.last_packlist
        {
            self.settings.last_packlist.clone_from(&doc.last_packlist);
        }
        for next in follow {
            self.apply(ctx, next);
        }
    }
}
