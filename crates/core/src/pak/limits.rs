//! Ceilings applied to every count and size read from an untrusted pak
//! before anything is allocated (GUIDE.md "Limits before allocation").

/// Limits on what a pak may declare. Values beyond them are reported as
/// [`crate::bytes::ReadErrorKind::TooLarge`], never allocated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PakLimits {
    /// Most folders in a header.
    pub max_folders: u32,
    /// Most files in a header.
    pub max_files: u32,
    /// Longest folder or file name, bytes.
    pub max_name_len: u32,
    /// Longest folder path (all ancestors' names), bytes.
    pub max_path_len: usize,
    /// Largest encrypted header, bytes.
    pub max_header_len: u64,
    /// Largest decompressed file payload, bytes.
    pub max_file_size: u64,
    /// Largest decompressed metadata section, bytes.
    pub max_metadata_size: u64,
}

impl Default for PakLimits {
    /// Generous for game packs (the largest TMF packs hold a few thousand
    /// files of at most tens of MB).
    fn default() -> Self {
        Self {
            max_folders: 100_000,
            max_files: 1_000_000,
            max_name_len: 4096,
            max_path_len: 32 * 1024,
            max_header_len: 256 << 20,
            max_file_size: 1 << 30,
            max_metadata_size: 256 << 20,
        }
    }
}
