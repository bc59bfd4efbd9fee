//! An open NadeoPak archive (issue 7): the archive as far as its key
//! allows ([`trackbench_core::pak::OpenedPak`]), where the key came from
//! and why the last one failed, the folder tree and metadata of an
//! unlocked pak, the extraction job and the last outcome. Commands are
//! applied in [`crate::pak::apply`]; the browser's own state is
//! [`crate::pak::view::PakView`].

use std::path::{Path, PathBuf};

use trackbench_core::pak::header::MAGIC;
use trackbench_core::pak::{
    self, FileEntry, FolderTree, KeyInput, KeySource, Metadata, OpenedPak, Packlist, Pak, PakError,
    PakKey, PakLimits, PakV6,
};

use crate::pak::job::ExtractJob;
use crate::pak::view::PakView;

/// What the key field asks for when it is empty.
pub const KEY_HINT: &str =
    "enter the path of the game's packlist.dat, or the pak's key as 32 hex digits";

/// An open .pak file.
pub struct PakDoc {
    /// Where it came from.
    pub path: Option<PathBuf>,
    /// File name shown in the title.
    pub name: String,
    /// The archive: locked, unlocked, or a ManiaPlanet (v6+) pak.
    file: OpenedPak,
    /// Folder tree of an unlocked pak (empty before).
    tree: FolderTree,
    /// The metadata section (dataless .Gbx headers per file), read on
    /// unlock, or why it could not be read.
    pub metadata: Option<Result<Metadata, String>>,
    /// The packlist.dat that unlocked this pak, or was last tried.
    pub last_packlist: Option<PathBuf>,
    /// Why the last unlock failed (a wrong key says so on its first line).
    pub key_error: Option<String>,
    /// Warning about the packlist (bad signature), shown beside the table.
    pub packlist_warning: Option<String>,
    /// Where the key came from: the packlist entry (name, flags and the
    /// key-string derivation that flag bit 0 selects) or a hex key.
    pub key_note: Option<String>,
    /// Why the last v6+ header key could not be used as one (not hex).
    v6_key_error: Option<String>,
    /// Last outcome (extraction done, cancelled, failed; open failed).
    pub message: String,
    /// The running extraction.
    pub job: Option<ExtractJob>,
}

impl PakDoc {
    /// Wraps the archive bytes through the core's [`pak::open`] without a
    /// key (asked for in the browser); for a ManiaPlanet pak (version 6+)
    /// the unencrypted header and, when plain, the folders and files are
    /// read now.
    ///
    /// # Errors
    /// A message when the file is not a NadeoPak (or too short to hold
    /// its version).
    pub fn open(bytes: Vec<u8>, name: String, path: Option<PathBuf>) -> Result<Self, String> {
        if !bytes.starts_with(MAGIC) {
            return Err("not a NadeoPak archive (magic \"NadeoPak\" missing at offset 0)".into());
        }
        let lookup = lookup_path(path.as_deref(), &name);
        let file =
            pak::open(bytes, None, &lookup, PakLimits::default()).map_err(|e| e.to_string())?;
        Ok(Self {
            path,
            name,
            file,
            tree: FolderTree::default(),
            metadata: None,
            last_packlist: None,
            key_error: None,
            packlist_warning: None,
            key_note: None,
            v6_key_error: None,
            message: String::new(),
            job: None,
        })
    }

    /// Title for the window.
    #[must_use]
    pub fn title(&self) -> String {
        self.name.clone()
    }

    /// Format version from the unencrypted prefix.
    #[must_use]
    pub fn version(&self) -> u32 {
        self.file.version()
    }

    /// The opened archive, once a key was accepted.
    #[must_use]
    pub fn pak(&self) -> Option<&Pak> {
        self.file.pak().map(AsRef::as_ref)
    }

    /// True when the key is known and the tables are decoded.
    #[must_use]
    pub fn is_unlocked(&self) -> bool {
        self.file.pak().is_some()
    }

    /// True for a version 1–3 pak still waiting for its key.
    #[must_use]
    pub fn wants_key(&self) -> bool {
        matches!(self.file, OpenedPak::Locked(_))
    }

    /// Size of the archive while locked, bytes (0 otherwise).
    #[must_use]
    pub fn locked_len(&self) -> usize {
        match &self.file {
            OpenedPak::Locked(locked) => locked.data().len(),
            _ => 0,
        }
    }

    /// The ManiaPlanet (v6+) parts, for such a pak.
    #[must_use]
    pub fn v6(&self) -> Option<&PakV6> {
        self.file.v6()
    }

    /// Why the v6+ folders and files are not shown, as the browser says it
    /// (`None` when they are, or when the unencrypted header failed).
    #[must_use]
    pub fn v6_header_error(&self) -> Option<String> {
        let Err(e) = self.v6()?.header()? else {
            return None;
        };
        Some(match (&self.v6_key_error, e) {
            (Some(key_error), _) => key_error.clone(),
            (None, PakError::HeaderUnreadable { .. }) => {
                format!("wrong key for this header ({e})")
            }
            (None, e) => e.to_string(),
        })
    }

    /// The file table (empty while locked).
    #[must_use]
    pub fn files(&self) -> &[FileEntry] {
        self.pak().map_or(&[], Pak::files)
    }

    /// The folder tree (empty while locked).
    #[must_use]
    pub fn tree(&self) -> &FolderTree {
        &self.tree
    }

    /// The path the packlist lookup uses (the pack name is the file stem).
    fn lookup_path(&self) -> PathBuf {
        lookup_path(self.path.as_deref(), &self.name)
    }

    /// Unlocks with `input` (what the key field holds); on success the
    /// view goes back to the root folder. The error is also kept in
    /// [`Self::key_error`].
    ///
    /// # Errors
    /// A message: empty field, unreadable packlist, no key for this pack,
    /// or a wrong key ("Wrong key for this pak: ...").
    pub(crate) fn unlock(&mut self, view: &mut PakView, input: KeyInput) -> Result<(), String> {
        let result = self
            .key_source(input)
            .and_then(|source| self.unlock_with(&source));
        if result.is_ok() {
            view.reset_selection();
        }
        self.key_error = result.as_ref().err().cloned();
        result
    }

    fn key_source(&mut self, input: KeyInput) -> Result<KeySource, String> {
        match input {
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
    fn unlock_with(&mut self, source: &KeySource) -> Result<(), String> {
        if let Some(v6) = self.file.v6() {
            return Err(format!(
                "pak version {} (ManiaPlanet): the header is shown above; its file \
                 contents are not read",
                v6.version()
            ));
        }
        let lookup = self.lookup_path();
        self.file
            .unlock(source, &lookup)
            .map_err(|e| describe_open_error(&e))?;
        let Some(pak) = self.file.pak() else {
            return Err("the pak is still locked".into());
        };
        self.tree = pak.folder_tree();
        self.metadata = Some(pak.metadata().map_err(|e| e.to_string()));
        Ok(())
    }

    /// Decodes the v6+ folders and files with `key_text` (32 hex digits:
    /// the game's default header key, or the pack's own).
    pub(crate) fn decode_v6_header(&mut self, key_text: &str) {
        let Some(v6) = self.file.v6_mut() else {
            return;
        };
        if v6.info().is_err() {
            return;
        }
        match PakKey::from_hex(key_text) {
            Ok(key) => {
                v6.decode_header(&key);
                self.v6_key_error = None;
            }
            Err(e) => self.v6_key_error = Some(format!("key: {e}")),
        }
    }

    /// A shared handle on the opened archive (for a worker thread).
    pub(crate) fn pak_shared(&self) -> Option<std::sync::Arc<Pak>> {
        self.file.pak().cloned()
    }
}

fn lookup_path(path: Option<&Path>, name: &str) -> PathBuf {
    path.map_or_else(|| PathBuf::from(name), Path::to_path_buf)
}

/// A wrong key is said so plainly on the first line; the core's detail
/// follows on the second.
fn describe_open_error(e: &PakError) -> String {
    match e {
        PakError::CorruptHeader { .. } => {
            format!("This pak is damaged: the key is right but its header is corrupt.\n{e}")
        }
        PakError::HeaderUnreadable { .. } => format!(
            "Wrong key for this pak: the header does not decrypt to a readable table \
             (or the file is corrupt), so its MD5 check cannot pass.\n{e}"
        ),
        PakError::NoKeyForPack { .. } => e.to_string(),
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
