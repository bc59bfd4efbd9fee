//! What the Size view remembers: the size tree and the shrink previews of
//! the current parse (rebuilt after an edit), the recompression of the
//! embedded items ZIP measured in the background, and the box zoomed into.

use std::sync::{Arc, Mutex, PoisonError};
use trackbench_core::gbx::Gbx;
use trackbench_core::gbx::write::{WriteOptions, write};
use trackbench_core::toolbox::size::SizeReport;
use trackbench_core::toolbox::strip::{StripKind, plan};

/// One shrink action as the view offers it: what it saves, measured by
/// writing the result.
#[derive(Debug, Clone)]
pub struct ShrinkPreview {
    /// The action.
    pub kind: trackbench_core::toolbox::strip::StripKind,
    /// The edit to apply, or why it is not available.
    pub edit: Result<trackbench_core::edit::Edit, String>,
    /// File bytes saved: the file's size before minus after (negative when
    /// the rewritten file is larger: our LZO packs a body less tightly than
    /// the game's compressor).
    pub saved_bytes: i64,
    /// Uncompressed body bytes the action removes.
    pub body_bytes_removed: u64,
}

/// Measures shrink action `kind` on `gbx` by writing its result.
#[must_use]
pub fn measure(gbx: &Gbx, kind: StripKind) -> ShrinkPreview {
    let measured = plan(gbx, kind).map_err(|e| e.to_string()).and_then(|p| {
        let out = write(gbx, &p.patches(), WriteOptions::default()).map_err(|e| e.to_string())?;
        let saved = i64::try_from(gbx.file.len()).unwrap_or(i64::MAX)
            - i64::try_from(out.len()).unwrap_or(i64::MAX);
        Ok((p.edit(gbx), saved, p.body_bytes_removed))
    });
    match measured {
        Ok((edit, saved_bytes, body_bytes_removed)) => ShrinkPreview {
            kind,
            edit: Ok(edit),
            saved_bytes,
            body_bytes_removed,
        },
        Err(e) => ShrinkPreview {
            kind,
            edit: Err(e),
            saved_bytes: 0,
            body_bytes_removed: 0,
        },
    }
}

/// The recompression of the embedded items ZIP, measured on a worker
/// thread (zopfli takes seconds per megabyte): empty until it is done.
#[derive(Debug, Clone, Default)]
pub struct Background(Arc<Mutex<Option<ShrinkPreview>>>);

impl Background {
    /// Starts measuring `kind` on a copy of `gbx` on a new thread; a panic
    /// of the worker becomes a preview whose edit is the panic's message.
    #[must_use]
    pub fn start(gbx: Gbx, kind: StripKind) -> Self {
        let slot = Self::default();
        let out = slot.0.clone();
        std::thread::spawn(move || {
            let preview =
                trackbench_core::jobs::catch(|| measure(&gbx, kind)).unwrap_or_else(|e| {
                    ShrinkPreview {
                        kind,
                        edit: Err(e),
                        saved_bytes: 0,
                        body_bytes_removed: 0,
                    }
                });
            *out.lock().unwrap_or_else(PoisonError::into_inner) = Some(preview);
        });
        slot
    }

    /// The result, once the worker is done.
    #[must_use]
    pub fn result(&self) -> Option<ShrinkPreview> {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

/// The Size view's state.
#[derive(Debug, Clone, Default)]
pub struct SizeState {
    /// The size tree of the current parse, built on first draw.
    pub report: Option<Arc<SizeReport>>,
    /// The shrink actions of the current parse, measured on first draw.
    pub previews: Option<Arc<Vec<ShrinkPreview>>>,
    /// The items ZIP recompression, once asked for (measured in the
    /// background).
    pub items_zip: Option<Background>,
    /// The box zoomed into: child positions from the top-level parts down
    /// (empty: the whole file).
    pub focus: Vec<usize>,
}

impl SizeState {
    /// Drops what came from an older parse.
    pub fn invalidate(&mut self) {
        self.report = None;
        self.previews = None;
        self.items_zip = None;
        self.focus.clear();
    }
}
