//! Card pictures of the library grid, decoded lazily: only for cards that
//! are drawn, each a job of the core's runner ([`trackbench_core::jobs`];
//! a few at a time, so scrolling past thousands of cards does not queue
//! thousands of decodes), kept as
//! textures in a bounded cache that drops the least recently drawn first.

use std::collections::HashMap;
use std::path::PathBuf;
use trackbench_core::jobs::{Event, Job};
use trackbench_core::library::{Row, preview};

/// Largest side of a card picture in pixels.
pub const THUMB_PX: u32 = 192;
/// Pictures kept at most (about 150 KiB each at [`THUMB_PX`]).
pub const CAPACITY: usize = 400;
/// Decodes running at once.
const MAX_IN_FLIGHT: usize = 6;

type Decode = Job<Row, Result<Option<image::RgbaImage>, String>>;

/// What a card shows.
pub enum Thumb<'a> {
    /// The picture.
    Ready(&'a egui::TextureHandle),
    /// Being decoded (or waiting for a worker).
    Loading,
    /// The file has no picture, or it could not be decoded.
    None,
}

enum Slot {
    Pending,
    Ready(egui::TextureHandle),
    Missing,
}

/// The decoded pictures, by file.
#[derive(Default)]
pub struct ThumbCache {
    slots: HashMap<PathBuf, (Slot, u64)>,
    jobs: Vec<Decode>,
    frame: u64,
}

impl ThumbCache {
    /// Once per frame before the cards are drawn: turns finished decodes
    /// into textures and drops the oldest pictures beyond [`CAPACITY`].
    pub fn begin_frame(&mut self, ctx: &egui::Context) {
        self.frame += 1;
        let done: Vec<_> = self
            .jobs
            .iter_mut()
            .flat_map(Job::poll)
            .filter_map(|e| match e {
                // A panic of a reader is its error: a card without picture.
                Event::Done { item, result, .. } => {
                    Some((item.path.clone(), result.and_then(|r| r)))
                }
                _ => None,
            })
            .collect();
        self.jobs.retain(|j| !j.is_finished());
        for (path, result) in done {
            let slot = match result {
                Ok(Some(img)) => {
                    let size = [img.width() as usize, img.height() as usize];
                    let color = egui::ColorImage::from_rgba_unmultiplied(size, img.as_raw());
                    let name = format!("library-thumb:{}", path.display());
                    Slot::Ready(ctx.load_texture(name, color, egui::TextureOptions::LINEAR))
                }
                Ok(None) | Err(_) => Slot::Missing,
            };
            self.slots.insert(path, (slot, self.frame));
        }
        if self.slots.len() > CAPACITY {
            let mut done: Vec<(u64, PathBuf)> = self
                .slots
                .iter()
                .filter(|(_, (s, _))| !matches!(s, Slot::Pending))
                .map(|(p, (_, used))| (*used, p.clone()))
                .collect();
            done.sort();
            let excess = self.slots.len() - CAPACITY;
            for (_, path) in done.into_iter().take(excess) {
                self.slots.remove(&path);
            }
        }
    }

    /// The picture of `row`'s card; starts decoding it when it is neither
    /// cached nor on its way and a worker is free.
    pub fn get(&mut self, row: &Row, ctx: &egui::Context) -> Thumb<'_> {
        let frame = self.frame;
        if !self.slots.contains_key(&row.path) {
            if self.jobs.len() >= MAX_IN_FLIGHT || row.error.is_some() {
                return if row.error.is_some() {
                    Thumb::None
                } else {
                    Thumb::Loading
                };
            }
            self.slots.insert(row.path.clone(), (Slot::Pending, frame));
            let ctx = ctx.clone();
            self.jobs.push(Job::one(
                row.clone(),
                |row: &Row, _| preview(row, THUMB_PX),
                move || ctx.request_repaint(),
            ));
        }
        match self.slots.get_mut(&row.path) {
            Some((slot, used)) => {
                *used = frame;
                match slot {
                    Slot::Ready(t) => Thumb::Ready(t),
                    Slot::Pending => Thumb::Loading,
                    Slot::Missing => Thumb::None,
                }
            }
            None => Thumb::Loading,
        }
    }

    /// Forgets every picture (the folder is scanned again).
    pub fn clear(&mut self) {
        self.slots.clear();
    }

    /// Number of pictures cached or on their way.
    #[must_use]
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// True when nothing is cached.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Number of pictures decoded and ready.
    #[must_use]
    pub fn ready(&self) -> usize {
        self.slots
            .values()
            .filter(|(s, _)| matches!(s, Slot::Ready(_)))
            .count()
    }
}
