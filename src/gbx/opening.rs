//! A large .Gbx opened in two steps (issue 46, the first frame): its header,
//! the narrowest form there is, is read on the UI thread and shown at once
//! (its class and the preview's facts, the thumbnail decoded on a thread
//! of its own); the full parse and the document's derived state (node
//! children, 3D model, embedded items) are built on a job. When they arrive,
//! the tab becomes the document in place ([`crate::app::TrackbenchApp`]'s
//! `poll_opening`); a file that cannot be read closes its tab with the
//! same notice a direct open gives.
//!
//! Files below [`BACKGROUND_OPEN_BYTES`] are parsed on the spot: their parse
//! and document take about a frame.

use crate::document::ReadOnlyDocument;
use crate::gbx::doc::GbxDoc;
use crate::gbx::thumbnail::Thumbnail;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::mpsc::Receiver;
use trackbench_core::bytes::ReadError;
use trackbench_core::gbx::access::thumbnail::thumbnail_jpeg;
use trackbench_core::gbx::{Gbx, header_scan};
use trackbench_core::jobs::{Event, Job};
use trackbench_core::sniff::bounded::GbxRead;

/// Files of at least this many bytes are opened in two steps (bytes). The
/// largest corpus map (`Niepodlegli (ft mime).Map.Gbx`, 3.8 MB) takes 6.2 ms
/// to parse and 11.8 ms more to become a document (BENCHMARKS.md, issue
/// 44): from about 2 MiB on, the two take more than a 60 Hz frame.
pub const BACKGROUND_OPEN_BYTES: u64 = 2 << 20;

/// What the job hands back: the document, or why the file cannot be read.
type Built = Result<Box<GbxDoc>, ReadError>;

/// A .Gbx whose body is being read.
pub struct OpeningDoc {
    /// The tab's title (the file name).
    pub title: String,
    /// Where it came from.
    pub path: Option<PathBuf>,
    /// The header read as a parse of its own (`None` when it cannot be):
    /// the view draws its facts as the document's preview does.
    pub header: Option<Gbx>,
    /// The header's thumbnail, decoding; handed to the document.
    pub thumbnail: Option<Thumbnail>,
    /// The file's size (bytes).
    pub file_bytes: usize,
    /// Its first 16 bytes, for the plain sentence of a failed read.
    pub head: Vec<u8>,
    /// The thumbnail's texture, made on the first frame that has its pixels.
    pub texture: std::sync::OnceLock<egui::TextureHandle>,
    job: Job<Mutex<Pending>, Built>,
}

/// How an opening ended ([`OpeningDoc::poll`]).
pub enum Arrived {
    /// The document, ready to replace the tab.
    Doc(Box<GbxDoc>),
    /// The file could not be parsed: the reader's error, or the job's
    /// message (a panic caught as the job's error).
    Failed(String, Option<ReadError>),
}

impl OpeningDoc {
    /// Reads the header of `read` here and starts the full parse on a job;
    /// `notify` wakes the window when it ends.
    #[must_use]
    pub fn start(
        title: String,
        read: GbxRead,
        path: Option<PathBuf>,
        notify: impl Fn() + Send + Sync + 'static,
    ) -> Self {
        Self::start_gated(title, read, path, notify, None)
    }

    /// [`Self::start`] whose full parse begins only once `gate` receives a
    /// message or its sender is dropped (the layout test keeps the view on
    /// screen through all its window sizes this way).
    #[must_use]
    pub fn start_gated(
        title: String,
        read: GbxRead,
        path: Option<PathBuf>,
        notify: impl Fn() + Send + Sync + 'static,
        gate: Option<Receiver<()>>,
    ) -> Self {
        // The header's bytes collected, then decoded once by their parse.
        let header = header_scan::read_header_bytes(&read.bytes[..])
            .ok()
            .and_then(|bytes| Gbx::parse(bytes).ok());
        let thumbnail = header
            .as_ref()
            .and_then(thumbnail_jpeg)
            .map(Thumbnail::start);
        crate::timing::mark("header read");
        let file_bytes = read.bytes.len();
        let head = read.bytes[..file_bytes.min(16)].to_vec();
        let kept = thumbnail.clone();
        let (t, p) = (title.clone(), path.clone());
        let job = Job::one(
            Mutex::new(Pending {
                read: Some(read),
                gate,
            }),
            move |pending: &Mutex<Pending>, _| build(pending, &t, p.clone(), kept.clone()),
            notify,
        );
        Self {
            title,
            path,
            header,
            thumbnail,
            file_bytes,
            head,
            texture: std::sync::OnceLock::new(),
            job,
        }
    }

    /// The document or the failure, once the job has ended; `None` while
    /// it runs.
    pub fn poll(&mut self) -> Option<Arrived> {
        for event in self.job.poll() {
            if let Event::Done { result, .. } = event {
                return Some(match result {
                    Ok(Ok(doc)) => Arrived::Doc(doc),
                    Ok(Err(e)) => Arrived::Failed(e.to_string(), Some(e)),
                    Err(msg) => Arrived::Failed(msg, None),
                });
            }
        }
        None
    }
}

/// The job's input: the bytes (taken once) and the gate it waits at.
struct Pending {
    read: Option<GbxRead>,
    gate: Option<Receiver<()>>,
}

/// The job's work: the full parse of the bytes and the document built
/// from it, with the thumbnail the header started.
fn build(
    pending: &Mutex<Pending>,
    title: &str,
    path: Option<PathBuf>,
    thumbnail: Option<Thumbnail>,
) -> Built {
    let (read, gate) = match pending.lock() {
        Ok(mut p) => (p.read.take(), p.gate.take()),
        Err(_) => (None, None),
    };
    if let Some(gate) = gate {
        // A message or a dropped sender: either way, go on.
        let _ = gate.recv();
    }
    let read = read.ok_or_else(|| ReadError::invalid("the file was already read", 0, "file"))?;
    let gbx = read.parse()?;
    crate::timing::mark("parsed");
    let doc = GbxDoc::new_with(gbx, title.to_owned(), path, thumbnail);
    crate::timing::mark("document ready");
    Ok(Box::new(doc))
}

impl ReadOnlyDocument for OpeningDoc {
    const KIND: &'static str = "a file being opened";
    const NOT_SAVED: &'static str = "the file is still being read: wait for it to open";

    fn title(&self) -> String {
        self.title.clone()
    }

    fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }
}
