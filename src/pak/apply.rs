//! How an open pak applies its commands ([`PakCommand`]) and what it offers
//! the shell (`Document`: a pak is read-only here).

use std::path::{Path, PathBuf};

use trackbench_core::pak::GbxDecryption;

use crate::command::{Command, ExportKind, PakCommand};
use crate::document::{
    ExportChoice, ExportTarget, FileDialog, ReadOnlyDocument, file_name_from_title,
};
use crate::pak::doc::{PakDoc, contained_title};
use crate::pak::job::ExtractJob;
use crate::pak::view::PakView;

impl PakDoc {
    /// Applies `cmd`, updating `view` where it is a navigation; returns the
    /// commands that follow (a file to open in a new tab). The outcome is
    /// in [`PakDoc::message`] or [`PakDoc::key_error`].
    /// [`PakCommand::BrowsePacklist`] and [`PakCommand::ChooseExtractFolder`]
    /// are dialogs the shell answers; here they do nothing.
    pub fn apply(&mut self, view: &mut PakView, cmd: PakCommand) -> Vec<Command> {
        match cmd {
            PakCommand::Unlock(input) => {
                let _ = self.unlock(view, input); // the reason stays in key_error
            }
            PakCommand::UnlockWithPacklist(path) => {
                view.key_text = path.display().to_string();
                let _ = self.unlock(view, trackbench_core::pak::KeyInput::Packlist(path));
            }
            PakCommand::DecodeV6Header(text) => self.decode_v6_header(&text),
            PakCommand::SelectFolder(node) => {
                view.folder = node;
                view.selected.clear();
            }
            PakCommand::SelectFiles(files) => view.selected = files.into_iter().collect(),
            PakCommand::ToggleFile(index) => {
                if !view.selected.remove(&index) {
                    view.selected.insert(index);
                }
            }
            PakCommand::OpenEntry(index) => match self.open_entry(index) {
                Ok((cmd, status)) => {
                    self.message = status;
                    return vec![cmd];
                }
                Err(e) => self.message = e,
            },
            PakCommand::OpenMetadataHeader(entry) => {
                return self.open_metadata_header(entry).into_iter().collect();
            }
            PakCommand::Extract { files, dest } => {
                self.start_extract(files, dest);
            }
            PakCommand::CancelExtraction => {
                if let Some(job) = &self.job {
                    job.cancel();
                }
            }
            PakCommand::PollExtraction => {
                self.poll_job();
            }
            PakCommand::BrowsePacklist | PakCommand::ChooseExtractFolder(_) => {}
        }
        Vec::new()
    }

    /// Reads file `index` and asks the app to open it in a new tab titled
    /// `PAKNAME.pak: folder/file.Gbx` ([`contained_title`]); a .Gbx is
    /// decrypted as the game reads it (`Pak::read_gbx`, per-node ivXor).
    /// Also returns a status line saying how it was decrypted.
    ///
    /// # Errors
    /// A message when the pak is locked or the payload cannot be read.
    pub fn open_entry(&self, index: usize) -> Result<(Command, String), String> {
        let pak = self.pak().ok_or("the pak is locked")?;
        let file = pak.files().get(index).ok_or("no such file")?;
        let cannot =
            |e: trackbench_core::pak::PakError| format!("cannot read {}: {e}", file.slash_path());
        let name = contained_title(&self.name, &file.slash_path());
        let (bytes, status) = if pak.is_node_encrypted_gbx(index) {
            let payload = pak.read_gbx(index).map_err(cannot)?;
            let how = match payload.decryption {
                GbxDecryption::PerNode => format!(
                    "per-node ivXor, {} nodes mixed in {} rounds",
                    payload.mixes.len(),
                    payload.rounds
                ),
                GbxDecryption::PlainFallback => "plain CBC (per-node ivXor did not parse)".into(),
                GbxDecryption::PlainFlagged => "plain CBC (flag bit 32)".into(),
            };
            let notes = payload
                .notes
                .first()
                .map(|n| format!("; {n}"))
                .unwrap_or_default();
            (payload.bytes, format!("opened {name}: {how}{notes}"))
        } else {
            let bytes = pak.read_file(index).map_err(cannot)?;
            (bytes, format!("opened {name}"))
        };
        Ok((Command::OpenBytes { name, bytes }, status))
    }

    /// The dataless .Gbx header of metadata entry `entry`, to open in a tab
    /// titled `PAKNAME.pak: folder/file.Gbx (header)`.
    fn open_metadata_header(&self, entry: usize) -> Option<Command> {
        let Some(Ok(meta)) = &self.metadata else {
            return None;
        };
        let e = meta.entries.get(entry)?;
        let path = self
            .files()
            .get(e.file_index as usize)
            .map_or_else(|| format!("#{}", e.file_index), |f| f.slash_path());
        Some(Command::OpenBytes {
            name: format!("{} (header)", contained_title(&self.name, &path)),
            bytes: e.gbx_header.clone(),
        })
    }

    /// Starts extracting `files` below `dest` on a worker thread; false
    /// (nothing started) while a job runs, with no file, or while locked.
    pub fn start_extract(&mut self, files: Vec<usize>, dest: PathBuf) -> bool {
        let Some(pak) = self.pak_shared() else {
            return false;
        };
        if self.job.is_some() || files.is_empty() {
            return false;
        }
        self.message = format!("extracting {} files to {}", files.len(), dest.display());
        self.job = Some(ExtractJob::start(pak, files, dest));
        true
    }

    /// Collects a finished job and records its outcome in
    /// [`PakDoc::message`]; true while a job is still running.
    pub fn poll_job(&mut self) -> bool {
        match self.job.take() {
            Some(job) if job.is_finished() => {
                self.message = job.finish();
                false
            }
            Some(job) => {
                self.job = Some(job);
                true
            }
            None => false,
        }
    }

    /// Waits for the running job (tests); returns [`PakDoc::message`].
    pub fn wait_job(&mut self) -> &str {
        while self.poll_job() {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        &self.message
    }
}

impl ReadOnlyDocument for PakDoc {
    const KIND: &'static str = "a pak";
    const NOT_SAVED: &'static str = "a pak is read-only here: extract its files instead";

    fn title(&self) -> String {
        PakDoc::title(self)
    }

    fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    fn export_choices(&self) -> Vec<ExportChoice> {
        if self.pak().is_none() {
            return Vec::new();
        }
        vec![ExportChoice {
            kind: ExportKind::PakZip,
            target: ExportTarget::File(FileDialog {
                filter: "ZIP archive",
                extensions: &["zip"],
                suggested_name: file_name_from_title(&self.name, "pak", "zip"),
            }),
        }]
    }

    /// [`ExportKind::PakZip`]: every file as one ZIP (`trackbench pak zip`).
    fn export(&mut self, kind: ExportKind, path: &Path) -> Result<String, String> {
        let pak = match (kind, self.pak()) {
            (ExportKind::PakZip, Some(pak)) => pak,
            (ExportKind::PakZip, None) => return Err("unlock the pak first".into()),
            _ => return Err(format!("a pak has no {}", kind.label())),
        };
        let all = trackbench_core::pak::extract::select(pak, &[]);
        let (files, bytes) = trackbench_core::pak::zip_out::save_zip(pak, &all, path)
            .map_err(|e| format!("export failed: {e}"))?;
        Ok(format!(
            "wrote {} ({files} files, {bytes} bytes uncompressed)",
            path.display()
        ))
    }
}
