//! An open NadeoPak archive (work in progress: the browser lands with issue 7).

use std::path::PathBuf;

/// An open .pak file.
pub struct PakDoc {
    /// Where it came from.
    pub path: Option<PathBuf>,
    /// File name shown in the title.
    pub name: String,
    /// The archive bytes.
    pub bytes: Vec<u8>,
}

impl PakDoc {
    /// Wraps the archive bytes; the key is asked for in the browser.
    ///
    /// # Errors
    /// A message when the file is not a NadeoPak.
    pub fn open(bytes: Vec<u8>, name: String, path: Option<PathBuf>) -> Result<Self, String> {
        if !bytes.starts_with(b"NadeoPak") {
            return Err("not a NadeoPak archive (magic \"NadeoPak\" missing at offset 0)".into());
        }
        Ok(Self { path, name, bytes })
    }

    /// Title for the window.
    #[must_use]
    pub fn title(&self) -> String {
        self.name.clone()
    }
}
