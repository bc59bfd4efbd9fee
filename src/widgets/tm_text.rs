//! Trackmania names (`$fff$sE01`) drawn with their styles: colours, italics,
//! capitals, wide/narrow spacing and underlined links, from
//! [`trackbench_core::gbx::access::formatting::parse`]. Bold and shadow have no
//! counterpart in egui's default fonts and are not drawn. The raw text stays
//! available on hover; the inspector and editing keep showing it as stored.
//!
//! Two things egui does not do are handled here (issue 31): the game's
//! private-use icons (U+E000–U+F8FF, no font has them) are drawn as a
//! small boxed code ("U+E96A"), and runs of right-to-left letters (Hebrew,
//! Arabic) are put in reading order, since egui lays every line out left
//! to right. That is not the Unicode bidi algorithm: digits and Latin text
//! inside a right-to-left run still read left to right in their own place,
//! and a run split by a `$` code is ordered part by part (a known limit).

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
    let icon = TextFormat {
        font_id: egui::FontId::monospace(font_id.size * 0.75),
        color: visuals.weak_text_color(),
        background: visuals.faint_bg_color,
        valign: egui::Align::Center,
        ..Default::default()
    };
    for span in parse(raw) {
        let format = span_format(&span, font_id.clone(), base, visuals.dark_mode);
        let text = if span.style.uppercase {
            span.text.to_uppercase()
        } else {
            span.text
        };
        for (piece, is_icon) in icon_pieces(&visual_order(&text)) {
            if is_icon {
                job.append(&piece, 0.0, icon.clone());
            } else {
                job.append(&piece, 0.0, format.clone());
            }
        }
    }
    job
}

/// A character of Unicode's private-use area: a game icon no font draws.
#[must_use]
pub fn is_private_use(c: char) -> bool {
    ('\u{E000}'..='\u{F8FF}').contains(&c)
}

/// `text` cut into plain pieces and icon placeholders (`true`): each
/// private-use character becomes " U+E96A " (its code, padded for the
/// placeholder's box).
#[must_use]
pub fn icon_pieces(text: &str) -> Vec<(String, bool)> {
    let mut out: Vec<(String, bool)> = Vec::new();
    let mut plain = String::new();
    for c in text.chars() {
        if is_private_use(c) {
            if !plain.is_empty() {
                out.push((std::mem::take(&mut plain), false));
            }
            out.push((format!(" U+{:04X} ", c as u32), true));
        } else {
            plain.push(c);
        }
    }
    if !plain.is_empty() || out.is_empty() {
        out.push((plain, false));
    }
    out
}

/// A letter of a right-to-left script (Hebrew, Arabic, Syriac, Thaana,
/// N'Ko and their presentation forms).
fn is_rtl(c: char) -> bool {
    matches!(c as u32, 0x0590..=0x08FF | 0xFB1D..=0xFDFF | 0xFE70..=0xFEFF)
}

/// Neither left-to-right nor right-to-left: spaces and punctuation between
/// two right-to-left letters belong to their run.
fn is_neutral(c: char) -> bool {
    c.is_whitespace() || (c.is_ascii_punctuation() && c != '$')
}

/// `text` with each run of right-to-left letters (and the spaces and
/// punctuation between them) reversed, brackets mirrored, so a
/// left-to-right layout shows it in reading order; text without such
/// letters is returned as is.
#[must_use]
pub fn visual_order(text: &str) -> String {
    if !text.chars().any(is_rtl) {
        return text.to_owned();
    }
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::with_capacity(chars.len());
    let mut i = 0;
    while i < chars.len() {
        if !is_rtl(chars[i]) {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        // The run ends at its last right-to-left letter before a strong
        // left-to-right character (or a digit).
        let mut end = i + 1;
        let mut j = i + 1;
        while j < chars.len() && (is_rtl(chars[j]) || is_neutral(chars[j])) {
            j += 1;
            if is_rtl(chars[j - 1]) {
                end = j;
            }
        }
        out.extend(chars[i..end].iter().rev().map(|&c| match c {
            '(' => ')',
            ')' => '(',
            '[' => ']',
            ']' => '[',
            c => c,
        }));
        i = end;
    }
    out.into_iter().collect()
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
    fn private_use_icons_become_their_code() {
        assert_eq!(
            icon_pieces("a\u{E96A}b"),
            vec![
                ("a".to_string(), false),
                (" U+E96A ".to_string(), true),
                ("b".to_string(), false)
            ]
        );
        assert_eq!(
            icon_pieces("\u{F1E8}"),
            vec![(" U+F1E8 ".to_string(), true)]
        );
        assert_eq!(icon_pieces(""), vec![(String::new(), false)]);
        assert!(!is_private_use('é') && is_private_use('\u{E000}'));
    }

    #[test]
    fn right_to_left_runs_are_put_in_reading_order() {
        // "שלום עולם" (hello world) stored first letter first: drawn left
        // to right, the last letter must come first.
        assert_eq!(visual_order("שלום עולם"), "םלוע םולש");
        // Latin around it keeps its place; the run's edge spaces stay.
        assert_eq!(visual_order("Map אב - 2"), "Map בא - 2");
        assert_eq!(visual_order("(אב)"), "(בא)");
        assert_eq!(visual_order("E01 Summer"), "E01 Summer");
    }

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
