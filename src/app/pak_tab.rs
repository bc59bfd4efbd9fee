//! The shell's side of a pak tab: opening one (with the packlist the
//! settings remember), answering the pak commands that need a dialog, and
//! applying the rest through [`PakDoc::apply`], with the commands that
//! follow (a contained file opened in a new tab).

use std::path::PathBuf;

use super::ask_path::AfterPick;
use super::dialogs::Ask;
use crate::app::{OpenDoc, TrackbenchApp};
use crate::command::PakCommand;
use crate::pak::doc::PakDoc;
use crate::pak::view::PakView;
use trackbench_core::pak::packlist_search::packlist_candidates;

impl TrackbenchApp {
    /// Opens a .pak in a new tab; a locked one is tried with the
    /// packlist.dat found beside it or in the game's folders above it
    /// ([`packlist_candidates`]), then with the last packlist that unlocked
    /// a pak (a wrong or missing one just asks). The message names the
    /// packlist that unlocked it. The reader's message when the file is
    /// not a pak.
    pub(crate) fn open_pak(
        &mut self,
        title: String,
        bytes: Vec<u8>,
        path: Option<PathBuf>,
    ) -> crate::app::open::Opened {
        match PakDoc::open(bytes, title.clone(), path) {
            Ok(mut doc) => {
                let mut view = PakView::default();
                let mut tries: Vec<PathBuf> = doc
                    .path
                    .as_deref()
                    .map(packlist_candidates)
                    .unwrap_or_default();
                tries.extend(self.settings.last_packlist.clone());
                let mut unlocked_by = None;
                for p in tries {
                    if !doc.wants_key() {
                        break;
                    }
                    doc.apply(&mut view, PakCommand::UnlockWithPacklist(p.clone()));
                    if doc.is_unlocked() {
                        unlocked_by = Some(p);
                    }
                }
                if let Some(p) = &unlocked_by {
                    // The prompt stays clean: an earlier candidate's error
                    // is not this pak's problem any more.
                    doc.key_error = None;
                    self.settings.last_packlist = Some(p.clone());
                }
                self.message = match unlocked_by {
                    Some(p) => format!("opened {title}, unlocked with {}", p.display()),
                    None => format!("opened {title}"),
                };
                self.open_in_new_tab(OpenDoc::Pak(Box::new(doc), Box::new(view)));
                Ok(())
            }
            Err(e) => Err((e, None)),
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
                let start = doc
                    .last_packlist
                    .as_deref()
                    .or(doc.path.as_deref())
                    .and_then(|p| p.parent())
                    .map(std::path::Path::to_path_buf);
                self.ask_path(Ask::Packlist(start), AfterPick::Packlist);
                return;
            }
            PakCommand::ChooseExtractFolder(files) => {
                let ask = Ask::Folder("Extract to folder".into());
                self.ask_path(ask, AfterPick::Extract(files));
                return;
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
