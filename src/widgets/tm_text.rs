//! Trackmania names (`$fff$sE01`) drawn with their styles: colours, italics,
//! capitals, wide/narrow spacing and underlined links, from
//! [`trackbench_core::gbx::access::formatting::parse`]. Bold and shadow have no
//! counterpart in egui's default fonts and are not drawn. The raw text stays
//! available on hover; the inspector and editing keep showing it as stored.

use egui::text::{LayoutJob, TextFormat};
use egui::{Color32, Stroke};
use trackbench_core::gbx::access::formatting::{Span, parse};

/// A label showing `raw` styled, with the raw text on hover when it had
/// codes.
pub fn label(ui: &mut egui::Ui, raw: &str) -> egui::Response {
    let job = job(ui, raw);
    let styled = job.text != raw;
    let r = ui.label(job);
    if styled {
        r.on_hover_text(format!("as stored: {raw}"))
    } else {
        r
    }
}

/// The styled layout of `raw` in the body font.
#[must_use]
pub fn job(ui: &egui::Ui, raw: &str) -> LayoutJob {
    let font_id = egui::TextStyle::Body.resolve(ui.style());
    let visuals = ui.visuals();
    let base = visuals.text_color();
    let mut job = LayoutJob::default();
    for span in parse(raw) {
        let format = span_format(&span, font_id.clone(), base, visuals.dark_mode);
        let text = if span.style.uppercase {
            span.text.to_uppercase()
        } else {
            span.text
        };
        job.append(&text, 0.0, format);
    }
    job
}

fn span_format(span: &Span, font_id: egui::FontId, base: Color32, dark: bool) -> TextFormat {
    let color = span
        .style
        .color
        .map_or(base, |[r, g, b]| readable(Color32::from_rgb(r, g, b), dark));
    TextFormat {
        font_id,
        color,
        italics: span.style.italic,
        // `$w` / `$n`: a little wider / narrower (points per glyph).
        extra_letter_spacing: match span.style.width {
            w if w > 0 => 2.0,
            w if w < 0 => -0.8,
            _ => 0.0,
        },
        underline: if span.link.is_some() {
            Stroke::new(1.0, color)
        } else {
            Stroke::NONE
        },
        ..Default::default()
    }
}

/// `c` moved towards white on a dark background (towards black on a light
/// one) when its luma is too close to the background to read.
#[must_use]
pub fn readable(c: Color32, dark: bool) -> Color32 {
    let luma = (299 * u32::from(c.r()) + 587 * u32::from(c.g()) + 114 * u32::from(c.b())) / 1000;
    let mix = |target: u8, t: f32| {
        let f = |v: u8| (f32::from(v) + (f32::from(target) - f32::from(v)) * t).round() as u8;
        Color32::from_rgb(f(c.r()), f(c.g()), f(c.b()))
    };
    if dark && luma < 60 {
        mix(255, 0.45)
    } else if !dark && luma > 180 {
        mix(0, 0.45)
    } else {
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dark_colours_are_lifted_on_dark_backgrounds() {
        let black = readable(Color32::BLACK, true);
        assert_eq!(black, Color32::from_rgb(115, 115, 115));
        let red = Color32::from_rgb(255, 0, 0);
        assert_eq!(readable(red, true), red, "luma 76 is kept");
        let blue = Color32::from_rgb(0, 0, 255);
        assert_ne!(readable(blue, true), blue, "luma 29 is lifted");
        // fff on a light background is darkened; mid colours stay.
        assert_eq!(
            readable(Color32::WHITE, false),
            Color32::from_rgb(140, 140, 140)
        );
        let mid = Color32::from_rgb(0, 170, 0);
        assert_eq!(readable(mid, true), mid);
    }
}
