//! A map's thumbnail pixels, decoded off the first frame (issue 44,
//! finding 13: the 1024×1024 JPEG of a TM2020 map was decoded while the
//! document was built, so the first ui pass waited for it). The decode
//! starts on a thread of its own when the document is built; the preview
//! asks without waiting ([`Thumbnail::ready`]) and draws a placeholder of
//! the same size until the pixels are there; a copy or an export asks
//! waiting ([`Thumbnail::pixels`]).

use std::sync::{Arc, Mutex, OnceLock};

/// Upright RGBA pixels, or why the JPEG cannot be decoded.
pub type Decoded = Result<egui::ColorImage, String>;

/// The thumbnail JPEG of a parse and its pixels once decoded. Clones share
/// the decode.
#[derive(Clone)]
pub struct Thumbnail {
    /// The JPEG bytes as stored in the header chunk (copied: the decode
    /// outlives the parse it came from, which an edit replaces).
    jpeg: Arc<[u8]>,
    pixels: Arc<OnceLock<Decoded>>,
    /// The window to wake when the thread is done (set by
    /// [`Thumbnail::ready`]).
    waker: Arc<Mutex<Option<egui::Context>>>,
    /// False when no thread could be started: [`Thumbnail::ready`] then
    /// decodes on the spot.
    decoding: bool,
    /// Width and height from the JPEG's frame header (read at once, a few
    /// bytes), so the caption is right before the pixels arrive.
    size_px: Option<[u32; 2]>,
}

impl Thumbnail {
    /// Starts decoding `jpeg` on a thread of its own.
    #[must_use]
    pub fn start(jpeg: &[u8]) -> Self {
        let mut t = Self {
            jpeg: Arc::from(jpeg),
            pixels: Arc::default(),
            waker: Arc::default(),
            decoding: false,
            size_px: header_size(jpeg),
        };
        let job = t.clone();
        t.decoding = std::thread::Builder::new()
            .name("thumbnail".into())
            .spawn(move || {
                job.pixels();
                // Pixels first, then the waker: a preview that registered
                // after this take found the pixels already.
                if let Some(ctx) = job.waker.lock().ok().and_then(|mut w| w.take()) {
                    ctx.request_repaint();
                }
            })
            .is_ok();
        t
    }

    /// The same thumbnail for a new parse of the document: `self` again
    /// when its JPEG is unchanged (an edit elsewhere keeps the pixels),
    /// else a new decode of `jpeg`.
    #[must_use]
    pub fn again(self, jpeg: &[u8]) -> Self {
        if *self.jpeg == *jpeg {
            self
        } else {
            Self::start(jpeg)
        }
    }

    /// The pixels if decoded; otherwise `None`, and `ctx` is woken when
    /// they are.
    pub fn ready(&self, ctx: &egui::Context) -> Option<&Decoded> {
        if !self.decoding {
            return Some(self.pixels());
        }
        if let Ok(mut w) = self.waker.lock() {
            *w = Some(ctx.clone());
        }
        self.pixels.get()
    }

    /// True when `other` is `self` or a clone of it (one decode for both).
    #[must_use]
    pub fn shares_decode_with(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.pixels, &other.pixels)
    }

    /// Width and height in pixels as the JPEG's header gives them (`None`
    /// when it cannot be read; the decode then says why).
    #[must_use]
    pub fn size_px(&self) -> Option<[u32; 2]> {
        self.size_px
    }

    /// The pixels if decoded, without waiting or waking anything.
    #[must_use]
    pub fn peek(&self) -> Option<&Decoded> {
        self.pixels.get()
    }

    /// The pixels, decoded here or waited for when the thread is at it.
    pub fn pixels(&self) -> &Decoded {
        self.pixels.get_or_init(|| decode(&self.jpeg))
    }
}

/// The JPEG's width and height, from its header only.
fn header_size(jpeg: &[u8]) -> Option<[u32; 2]> {
    let read = || {
        let cursor = std::io::Cursor::new(jpeg);
        let reader = image::ImageReader::with_format(cursor, image::ImageFormat::Jpeg);
        reader.into_dimensions().ok().map(|(w, h)| [w, h])
    };
    trackbench_core::jobs::catch(read).ok().flatten()
}

/// Decodes `jpeg` upright; a panic of the decoder is its error.
fn decode(jpeg: &[u8]) -> Decoded {
    use trackbench_core::gbx::access::thumbnail::decode_upright;
    trackbench_core::jobs::catch(|| {
        decode_upright(jpeg).map(|img| {
            let size = [img.width() as usize, img.height() as usize];
            egui::ColorImage::from_rgba_unmultiplied(size, img.as_raw())
        })
    })
    .and_then(|r| r)
}
