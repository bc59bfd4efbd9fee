//! Opening a built-in sample ([`super::samples`]) in a new tab, in its
//! main view.

use crate::app::samples::Opens;
use crate::app::{OpenDoc, TrackbenchApp};
use crate::command::PakCommand;
use trackbench_core::pak::KeyInput;

impl TrackbenchApp {
    /// Opens sample `n` of [`super::samples::SAMPLES`] in a new tab, in its main view.
    pub(crate) fn open_sample(&mut self, ctx: &egui::Context, n: usize) {
        let Some(s) = self.samples.get(n) else { return };
        if !self.open_bytes(s.title.into(), (s.build)(), None) {
            return;
        }
        match (s.opens, self.doc.as_mut()) {
            (Opens::Gbx(central), Some(OpenDoc::Gbx(_, view))) => view.central = central,
            (Opens::PakWithKey(key), Some(OpenDoc::Pak(..))) => {
                self.apply_pak(ctx, PakCommand::Unlock(KeyInput::parse(key)));
            }
            _ => {}
        }
    }
}
