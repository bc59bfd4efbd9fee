//! Card pictures of the library grid, decoded lazily: only for cards that
//! are drawn, on rayon's worker threads (a few at a time, so scrolling past
//! thousands of cards does not queue thousands of decodes), kept as
//! textures in a bounded cache that drops the least recently drawn first.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, channel};
use trackbench_core::library::{Row, preview};

/// Largest side of a card picture in pixels.
pub const THUMB_PX: u32 = 192;
/// Pictures kept at most (about 150 KiB each at [`THUMB_PX`]).
pub const CAPACITY: usize = 400;
/// Decodes running at once.
const MAX_IN_FLIGHT: usize = 6;

type Decoded = (PathBuf, Result<Option<image::RgbaImage>, String>);

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
pub struct ThumbCache {
    slots: HashMap<PathBuf, (Slot, u64)>,
    tx: Sender<Decoded>,
    rx: Receiver<Decoded>,
    in_flight: usize,
    frame: u64,
}

impl Default for ThumbCache {
    fn default() -> Self {
        let (tx, rx) = channel();
        Self {
            slots: HashMap::new(),
            tx,
            rx,
            in_flight: 0,
            frame: 0,
        }
    }
}

impl ThumbCache {
    /// Once per frame before the cards are drawn: turns finished decodes
    /// into textures and drops the oldest pictures beyond [`CAPACITY`].
    pub fn begin_frame(&mut self, ctx: &egui::Context) {
        self.frame += 1;
        for (path, result) in self.rx.try_iter() {
            self.in_flight = self.in_flight.saturating_sub(1);
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
            if self.in_flight >= MAX_IN_FLIGHT || row.error.is_some() {
                return if row.error.is_some() {
                    Thumb::None
                } else {
                    Thumb::Loading
                };
            }
            self.in_flight += 1;
            self.slots.insert(row.path.clone(), (Slot::Pending, frame));
            let (tx, ctx, row) = (self.tx.clone(), ctx.clone(), row.clone());
            rayon::spawn(move || {
                // A panic here would abort the process (rayon::spawn):
                // a reader's bug becomes a card without picture instead.
                let result =
                    trackbench_core::jobs::catch(|| preview(&row, THUMB_PX)).and_then(|r| r);
                let _ = tx.send((row.path, result));
                ctx.request_repaint();
            });
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
