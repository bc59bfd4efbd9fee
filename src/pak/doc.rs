//! An open NadeoPak archive (issue 7): key handling, the decoded tables,
//! the browser's selection and filter, extraction on a worker thread and
//! opening a contained file in a new tab. The panel is
//! [`crate::pak::panels::browser`]; pure helpers are in
//! [`crate::pak::panels::tree`].

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;

use trackbench_core::pak::header_v6::read_info_v6;
use trackbench_core::pak::header_v6_body::{HeaderV6Body, read_header_v6_body};
use trackbench_core::pak::{
    ExtractProgress, FileEntry, GbxDecryption, KeySource, Metadata, Packlist, Pak, PakError,
    PakInfoV6, PakKey, PakLimits, extract, pak_version,
};

use crate::command::Command;
use crate::pak::panels::tree::{self as pak_tree, KeyInput, TreeNode};

/// What the key field asks for when it is empty.
pub const KEY_HINT: &str =
    "enter the path of the game's packlist.dat, or the pak's key as 32 hex digits";

/// An extraction running on a worker thread.
pub struct ExtractJob {
    /// Latest progress reported by the worker.
    pub progress: Arc<Mutex<ExtractProgress>>,
    /// Set to stop before the next file.
    cancel: Arc<AtomicBool>,
    /// The worker; taken when it is joined.
    handle: Option<JoinHandle<Result<ExtractProgress, PakError>>>,
    /// Destination folder.
    pub dest: PathBuf,
}

impl ExtractJob {
    /// A copy of the latest progress.
    #[must_use]
    pub fn snapshot(&self) -> ExtractProgress {
        self.progress
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Asks the worker to stop before the next file.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// True once cancel was asked for.
    #[must_use]
    pub fn is_cancelling(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

/// An open .pak file.
pub struct PakDoc {
    /// Where it came from.
    pub path: Option<PathBuf>,
    /// File name shown in the title.
    pub name: String,
    /// The archive bytes while locked (moved into the [`Pak`] on unlock).
    pub bytes: Vec<u8>,
    /// Format version from the unencrypted prefix.
    pub version: Option<u32>,
    /// The unencrypted ManiaPlanet header (version 6+), or why it failed.
    pub info_v6: Option<Result<PakInfoV6, String>>,
    /// The v6+ folders and files (second header part), when it is plain
    /// or a key decoded it, else why not ([`Self::decode_v6_header`]).
    pub header_v6: Option<Result<HeaderV6Body, String>>,
    /// The metadata section (dataless .Gbx headers per file), read on
    /// unlock, or why it could not be read.
    pub metadata: Option<Result<Metadata, String>>,
    /// The key field: a packlist.dat path or 32 hex digits.
    pub key_text: String,
    /// The packlist.dat that unlocked this pak, or was last tried.
    pub last_packlist: Option<PathBuf>,
    /// Why the last unlock failed (a wrong key says so).
    pub key_error: Option<String>,
    /// Warning about the packlist (bad signature), shown beside the table.
    pub packlist_warning: Option<String>,
    /// Where the key came from: the packlist entry (name, flags and the
    /// key-string derivation that flag bit 0 selects) or a hex key.
    pub key_note: Option<String>,
    /// The opened archive.
    pak: Option<Arc<Pak>>,
    /// Folder tree (node 0 is the root).
    pub tree: Vec<TreeNode>,
    /// Selected tree node: the table shows the files below it.
    pub folder: usize,
    /// Search by name (ASCII case-insensitive substring).
    pub search: String,
    /// Selected file indices.
    pub selected: BTreeSet<usize>,
    /// Last outcome (extraction done, cancelled, failed; open failed).
    pub message: String,
    /// The running extraction.
    pub job: Option<ExtractJob>,
    visible: Vec<usize>,
    visible_for: Option<(usize, String)>,
}

impl PakDoc {
    /// Wraps the archive bytes; the key is asked for in the browser. For a
    /// ManiaPlanet pak (version 6+) the unencrypted header is read now.
    ///
    /// # Errors
    /// A message when the file is not a NadeoPak.
    pub fn open(bytes: Vec<u8>, name: String, path: Option<PathBuf>) -> Result<Self, String> {
        if !bytes.starts_with(b"NadeoPak") {
            return Err("not a NadeoPak archive (magic \"NadeoPak\" missing at offset 0)".into());
        }
        let version = pak_version(&bytes).ok();
        let info_v6 = version
            .filter(|v| *v >= 6)
            .map(|_| read_info_v6(&bytes, &PakLimits::default()).map_err(|e| e.to_string()));
        let header_v6 = match &info_v6 {
            Some(Ok(info)) => Some(
                read_header_v6_body(&bytes, info, None, &PakLimits::default())
                    .map_err(|e| e.to_string()),
            ),
            _ => None,
        };
        Ok(Self {
            path,
            name,
            bytes,
            version,
            info_v6,
            header_v6,
            metadata: None,
            key_text: String::new(),
            last_packlist: None,
            key_error: None,
            packlist_warning: None,
            key_note: None,
            pak: None,
            tree: Vec::new(),
            folder: 0,
            search: String::new(),
            selected: BTreeSet::new(),
            message: String::new(),
            job: None,
            visible: Vec::new(),
            visible_for: None,
        })
    }

    /// Decodes the v6+ folders and files with the key typed in
    /// [`Self::key_text`] (the game's default header key, 32 hex digits);
    /// the result lands in [`Self::header_v6`].
    pub fn decode_v6_header(&mut self) {
        let Some(Ok(info)) = &self.info_v6 else {
            return;
        };
        let result = match PakKey::from_hex(&self.key_text) {
            Ok(key) => read_header_v6_body(&self.bytes, info, Some(&key), &PakLimits::default())
                .map_err(|e| match e {
                    PakError::HeaderUnreadable { .. } => {
                        format!("wrong key for this header ({e})")
                    }
                    e => e.to_string(),
                }),
            Err(e) => Err(format!("key: {e}")),
        };
        self.header_v6 = Some(result);
    }

    /// Title for the window.
    #[must_use]
    pub fn title(&self) -> String {
        self.name.clone()
    }

    /// The opened archive, once a key was accepted.
    #[must_use]
    pub fn pak(&self) -> Option<&Pak> {
        self.pak.as_deref()
    }

    /// True when the key is known and the tables are decoded.
    #[must_use]
    pub fn is_unlocked(&self) -> bool {
        self.pak.is_some()
    }

    /// The file table (empty while locked).
    #[must_use]
    pub fn files(&self) -> &[FileEntry] {
        match self.pak.as_deref() {
            Some(pak) => pak.files(),
            None => &[],
        }
    }

    /// A shared handle on the opened archive (the panel borrows its tables
    /// while it edits the selection).
    #[must_use]
    pub fn pak_shared(&self) -> Option<Arc<Pak>> {
        self.pak.clone()
    }

    /// The path the packlist lookup uses (the pack name is the file stem).
    fn lookup_path(&self) -> PathBuf {
        self.path
            .clone()
            .unwrap_or_else(|| PathBuf::from(&self.name))
    }

    /// Unlocks with what the key field holds (see [`pak_tree::parse_key_input`]);
    /// the error is also kept in [`Self::key_error`].
    ///
    /// # Errors
    /// A message: empty field, unreadable packlist, no key for this pack,
    /// or a wrong key ("wrong key: the header MD5 check failed ...").
    pub fn unlock(&mut self) -> Result<(), String> {
        let result = self
            .key_source()
            .and_then(|source| self.unlock_with(&source));
        self.key_error = result.as_ref().err().cloned();
        result
    }

    /// Tries the packlist at `path` (e.g. one remembered in the settings);
    /// on failure the pak stays locked with the reason in [`Self::key_error`].
    ///
    /// # Errors
    /// As [`Self::unlock`].
    pub fn try_packlist(&mut self, path: &Path) -> Result<(), String> {
        self.key_text = path.display().to_string();
        self.unlock()
    }

    fn key_source(&mut self) -> Result<KeySource, String> {
        match pak_tree::parse_key_input(&self.key_text) {
            KeyInput::Empty => Err(KEY_HINT.into()),
            KeyInput::Key(key) => {
                self.key_note = Some("key given as 32 hex digits".into());
                Ok(KeySource::Key(key))
            }
            KeyInput::Packlist(path) => {
                self.last_packlist = Some(path.clone());
                let list = Packlist::open(&path)
                    .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                self.packlist_warning = (!list.signature_ok()).then(|| {
                    format!(
                        "{}: signature mismatch; the game would reject this packlist",
                        path.display()
                    )
                });
                let stem = self
                    .lookup_path()
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned());
                self.key_note = stem.as_deref().and_then(|n| list.find(n)).map(|e| {
                    format!(
                        "key from {}: pack {:?}, flags {:#04x} ({} key-string key)",
                        path.display(),
                        e.name,
                        e.flags,
                        e.derivation.label()
                    )
                });
                Ok(KeySource::Packlist(list))
            }
        }
    }

    /// Opens the archive with `source`; on success the tables are decoded
    /// and the locked copy of the bytes is released.
    ///
    /// # Errors
    /// A message; a wrong key is reported by the header MD5 check.
    pub fn unlock_with(&mut self, source: &KeySource) -> Result<(), String> {
        if let Some(v) = self.version.filter(|v| *v >= 6) {
            return Err(format!(
                "pak version {v} (ManiaPlanet): the header is shown above; its file \
                 contents are not read"
            ));
        }
        let key = source
            .key_for(&self.lookup_path())
            .map_err(|e| e.to_string())?;
        let pak = Pak::open(self.bytes.clone(), &key).map_err(|e| describe_open_error(&e))?;
        self.tree = pak_tree::build_tree(pak.folders(), pak.files());
        self.metadata = Some(pak.metadata().map_err(|e| e.to_string()));
        self.pak = Some(Arc::new(pak));
        self.bytes = Vec::new();
        self.key_error = None;
        self.folder = 0;
        self.selected.clear();
        self.visible_for = None;
        Ok(())
    }

    /// Indices of the files the table shows (folder and search applied),
    /// recomputed only when either changes.
    pub fn visible(&mut self) -> &[usize] {
        let want = (self.folder, self.search.clone());
        if self.visible_for.as_ref() != Some(&want) {
            self.visible =
                pak_tree::visible_files(&self.tree, self.files(), self.folder, &self.search);
            self.visible_for = Some(want);
        }
        &self.visible
    }

    /// Every file below the selected folder (search ignored).
    #[must_use]
    pub fn folder_files(&self) -> Vec<usize> {
        pak_tree::visible_files(&self.tree, self.files(), self.folder, "")
    }

    /// Reads file `index` and asks the app to open it in a new tab titled
    /// `PAKNAME.pak: folder/file.Gbx` ([`contained_title`]); a .Gbx is
    /// decrypted as the game reads it ([`Pak::read_gbx`], per-node ivXor).
    /// Also returns a status line saying how it was decrypted.
    ///
    /// # Errors
    /// A message when the pak is locked or the payload cannot be read.
    pub fn open_file(&self, index: usize) -> Result<(Command, String), String> {
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

    /// Extracts `indices` under `dest` on the calling thread (tests, small
    /// jobs); the folder tree is recreated below `dest`.
    ///
    /// # Errors
    /// A message naming the file or path that failed.
    pub fn extract_now(&self, indices: &[usize], dest: &Path) -> Result<ExtractProgress, String> {
        let pak = self.pak().ok_or("the pak is locked")?;
        extract::extract_simple(pak, dest, indices).map_err(|e| e.to_string())
    }

    /// Starts extracting `indices` under `dest` on a worker thread; a
    /// running job is left alone (false).
    pub fn start_extract(&mut self, indices: Vec<usize>, dest: PathBuf) -> bool {
        let Some(pak) = self.pak.clone() else {
            return false;
        };
        if self.job.is_some() || indices.is_empty() {
            return false;
        }
        let progress = Arc::new(Mutex::new(ExtractProgress {
            total_files: indices.len(),
            ..ExtractProgress::default()
        }));
        let cancel = Arc::new(AtomicBool::new(false));
        let (p, c, d) = (progress.clone(), cancel.clone(), dest.clone());
        let handle = std::thread::spawn(move || {
            let mut report = |state: &ExtractProgress| {
                *p.lock().unwrap_or_else(PoisonError::into_inner) = state.clone();
            };
            extract::extract(&pak, &d, &indices, &mut report, &c)
        });
        self.message = format!(
            "extracting {} files to {}",
            progress_total(&progress),
            dest.display()
        );
        self.job = Some(ExtractJob {
            progress,
            cancel,
            handle: Some(handle),
            dest,
        });
        true
    }

    /// Joins a finished worker and records its outcome in [`Self::message`];
    /// true while a job is still running.
    pub fn poll_job(&mut self) -> bool {
        let Some(job) = self.job.as_mut() else {
            return false;
        };
        if job.handle.as_ref().is_some_and(|h| !h.is_finished()) {
            return true;
        }
        let outcome = job.handle.take().map(JoinHandle::join);
        let done = job.snapshot();
        let dest = job.dest.display().to_string();
        self.job = None;
        self.message = match outcome {
            Some(Ok(Ok(p))) => format!(
                "extracted {} files ({} bytes) to {dest}",
                p.done_files,
                pak_tree::group_digits(p.done_bytes)
            ),
            Some(Ok(Err(PakError::Cancelled))) => format!(
                "extraction cancelled after {} of {} files",
                done.done_files, done.total_files
            ),
            Some(Ok(Err(e))) => format!("extraction failed: {e}"),
            Some(Err(_)) | None => "extraction failed: the worker thread panicked".into(),
        };
        false
    }

    /// Waits for the running job (tests); returns [`Self::message`].
    pub fn wait_job(&mut self) -> &str {
        while self.poll_job() {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        &self.message
    }
}

fn progress_total(progress: &Mutex<ExtractProgress>) -> usize {
    progress
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .total_files
}

/// A wrong key is said so plainly on the first line; the core's detail
/// follows on the second.
fn describe_open_error(e: &PakError) -> String {
    match e {
        PakError::WrongKey { .. } => {
            format!("Wrong key for this pak: the header MD5 check failed.\n{e}")
        }
        PakError::HeaderUnreadable { .. } => format!(
            "Wrong key for this pak: the header does not decrypt to a readable table \
             (or the file is corrupt), so its MD5 check cannot pass.\n{e}"
        ),
        _ => format!("cannot open the pak: {e}"),
    }
}

/// Tab title of a file opened from a pak: `PAKNAME.pak: folder/file.Gbx`,
/// every non-ASCII character replaced by `?` (ASCII only, so any font
/// shows it).
#[must_use]
pub fn contained_title(pak_name: &str, slash_path: &str) -> String {
    format!("{pak_name}: {slash_path}")
        .chars()
        .map(|c| {
            if c.is_ascii() && !c.is_ascii_control() {
                c
            } else {
                '?'
            }
        })
        .collect()
}

impl crate::document::Document for PakDoc {
    fn title(&self) -> String {
        PakDoc::title(self)
    }

    fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    fn is_dirty(&self) -> bool {
        false
    }

    fn undo_label(&self) -> Option<String> {
        None
    }

    fn redo_label(&self) -> Option<String> {
        None
    }

    fn undo(&mut self) -> String {
        "nothing to undo in a pak".into()
    }

    fn redo(&mut self) -> String {
        "nothing to redo in a pak".into()
    }

    fn save_dialog(&self) -> Option<crate::document::FileDialog> {
        None
    }

    fn save_to(&mut self, _path: &Path, _backup: bool) -> Result<String, String> {
        Err("a pak is read-only here: extract its files instead".into())
    }

    fn export_choices(&self) -> Vec<crate::document::ExportChoice> {
        Vec::new()
    }

    fn export(&mut self, kind: crate::command::ExportKind, _path: &Path) -> Result<String, String> {
        Err(format!("a pak has no {}", kind.label()))
    }
}
