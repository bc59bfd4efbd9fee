//! A colour swatch: a small square filled with the colour and outlined in
//! the theme's strong text colour, so that a dark swatch shows on the dark
//! theme and a light one on the light theme (issue 44: the Black swatch,
//! drawn as a black "■" glyph, was almost invisible on the dark theme).

/// Side of a swatch (points).
pub const SWATCH_PX: f32 = 14.0;

/// Draws a swatch of `rgb` (sRGB bytes).
pub fn swatch(ui: &mut egui::Ui, rgb: [u8; 3]) -> egui::Response {
    let (rect, response) =
        ui.allocate_exact_size(egui::vec2(SWATCH_PX, SWATCH_PX), egui::Sense::hover());
    let [r, g, b] = rgb;
    let painter = ui.painter();
    painter.rect_filled(rect, 2.0, egui::Color32::from_rgb(r, g, b));
    painter.rect_stroke(
        rect,
        2.0,
        egui::Stroke::new(1.5, outline(ui.visuals())),
        egui::StrokeKind::Inside,
    );
    response
}

/// The outline of every swatch on `visuals`: its strong text colour,
/// which contrasts with the panel by the theme's design.
#[must_use]
pub fn outline(visuals: &egui::Visuals) -> egui::Color32 {
    visuals.strong_text_color()
}

/// WCAG contrast ratio of two opaque colours (1 = none, 21 = black on
/// white).
#[must_use]
pub fn contrast(a: egui::Color32, b: egui::Color32) -> f32 {
    let lum = |c: egui::Color32| {
        let lin = |v: u8| {
            let v = f32::from(v) / 255.0;
            if v <= 0.039_28 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(c.r()) + 0.7152 * lin(c.g()) + 0.0722 * lin(c.b())
    };
    let (la, lb) = (lum(a), lum(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;
    use trackbench_core::edit::map_ops::Colour;

    #[test]
    fn every_swatch_is_outlined_visibly_on_both_themes() {
        for visuals in [egui::Visuals::dark(), egui::Visuals::light()] {
            let panel = visuals.panel_fill;
            // The outline stands out from the panel (WCAG's 4.5 for text).
            assert!(contrast(outline(&visuals), panel) >= 4.5);
            for c in Colour::ALL {
                let [r, g, b] = c.swatch_rgb();
                let fill = egui::Color32::from_rgb(r, g, b);
                // A fill close to the panel (Black on dark, White on
                // light) is still bounded by an outline that is not.
                if contrast(fill, panel) < 1.5 {
                    assert!(contrast(outline(&visuals), fill) >= 4.5, "{}", c.name());
                }
            }
        }
        // The case of the issue: Black fill against the dark panel.
        let dark = egui::Visuals::dark();
        let black = Colour::Black.swatch_rgb();
        let black = egui::Color32::from_rgb(black[0], black[1], black[2]);
        assert!(contrast(black, dark.panel_fill) < 1.5);
    }
}
