//! Bliss metadata editor: a draft of every known field, applied to the
//! track as one undo step; how metadata is saved (overlay, split, none).
//! The colouring has its own editor, [`super::colr`].

use crate::trk::doc::{MetaSave, TrackDoc};
use trackbench_core::trk::Trailer;
use trackbench_core::trk::metadata::{AUTR, CHMP, COMM, MetaDate, Metadata, TITL, ToolInfo};

/// Text fields being edited, applied together.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MetaDraft {
    /// Titl.
    pub title: String,
    /// Autr.
    pub author: String,
    /// Comm.
    pub comment: String,
    /// Chmp.
    pub championship: String,
    /// Date as `YYYY-MM-DD`.
    pub date: String,
    /// Tool name.
    pub tool_name: String,
    /// Tool version, decimal `xxyyzz`.
    pub tool_version: String,
    /// Etim, seconds.
    pub editing_time: String,
}

impl MetaDraft {
    /// The draft of `m`'s fields (empty strings for absent chunks).
    #[must_use]
    pub fn from_metadata(m: &Metadata) -> Self {
        let text = |id| m.text(id).unwrap_or_default();
        let tool = m.tool();
        Self {
            title: text(TITL),
            author: text(AUTR),
            comment: text(COMM),
            championship: text(CHMP),
            date: m.date().map_or_else(String::new, |d| {
                format!("{:04}-{:02}-{:02}", d.year, d.month, d.day)
            }),
            tool_name: tool.as_ref().map_or_else(String::new, |t| t.name.clone()),
            tool_version: tool.map_or_else(String::new, |t| t.version.to_string()),
            editing_time: m
                .editing_time_s()
                .map_or_else(String::new, |s| s.to_string()),
        }
    }

    /// Writes the draft into `m` (empty fields remove their chunk); other
    /// chunks (colouring, unknown) are kept.
    ///
    /// # Errors
    /// A date, version or time that does not parse.
    pub fn apply_to(&self, m: &mut Metadata) -> Result<(), String> {
        let opt = |s: &str| (!s.trim().is_empty()).then(|| s.to_string());
        m.set_text(TITL, opt(&self.title).as_deref());
        m.set_text(AUTR, opt(&self.author).as_deref());
        m.set_text(COMM, opt(&self.comment).as_deref());
        m.set_text(CHMP, opt(&self.championship).as_deref());
        m.set_date(opt(&self.date).map(|d| parse_date(&d)).transpose()?);
        let tool = match opt(&self.tool_name) {
            Some(name) => {
                let version = self.tool_version.trim().parse::<u32>().unwrap_or(0);
                Some(ToolInfo { name, version })
            }
            None => None,
        };
        m.set_tool(tool.as_ref());
        let etim = opt(&self.editing_time)
            .map(|s| {
                s.trim()
                    .parse::<u32>()
                    .map_err(|_| format!("editing time {s:?} is not a number of seconds"))
            })
            .transpose()?;
        m.set_editing_time_s(etim);
        Ok(())
    }
}

/// Parses `YYYY-MM-DD`.
///
/// # Errors
/// Anything else.
pub fn parse_date(s: &str) -> Result<MetaDate, String> {
    let bad = || format!("date {s:?} is not YYYY-MM-DD");
    let mut it = s.trim().split('-');
    let mut next = || it.next().ok_or_else(bad);
    let year = next()?.parse().map_err(|_| bad())?;
    let month = next()?.parse().map_err(|_| bad())?;
    let day = next()?.parse().map_err(|_| bad())?;
    Ok(MetaDate { year, month, day })
}

/// The metadata section of the side panel.
pub fn ui(ui: &mut egui::Ui, doc: &mut TrackDoc) {
    egui::CollapsingHeader::new("Metadata (Bliss)")
        .id_salt("trk_meta")
        .show(ui, |ui| {
            if matches!(doc.track().trailer, Trailer::Unknown(_)) {
                ui.colored_label(
                    egui::Color32::from_rgb(255, 160, 0),
                    "The file has unknown trailing data; applying metadata replaces it.",
                );
            }
            let meta = doc.metadata_or_default();
            let draft = doc
                .grid
                .meta_draft
                .get_or_insert_with(|| MetaDraft::from_metadata(&meta));
            fields(ui, draft);
            unknown_chunks(ui, &meta);
            buttons(ui, doc, &meta);
            ui.separator();
            ui.label("On save, write metadata as:");
            ui.horizontal(|ui| {
                ui.radio_value(&mut doc.grid.meta_save, MetaSave::Overlay, "overlay");
                ui.radio_value(&mut doc.grid.meta_save, MetaSave::Split, "split .smd");
                ui.radio_value(
                    &mut doc.grid.meta_save,
                    MetaSave::SplitText,
                    "split text .smd",
                );
                ui.radio_value(&mut doc.grid.meta_save, MetaSave::None, "none");
            });
        });
}

fn fields(ui: &mut egui::Ui, d: &mut MetaDraft) {
    egui::Grid::new("trk_meta_grid")
        .num_columns(2)
        .show(ui, |ui| {
            let row = |ui: &mut egui::Ui, label: &str, v: &mut String| {
                ui.label(label);
                ui.text_edit_singleline(v);
                ui.end_row();
            };
            row(ui, "Title", &mut d.title);
            row(ui, "Author", &mut d.author);
            row(ui, "Championship", &mut d.championship);
            row(ui, "Date (YYYY-MM-DD)", &mut d.date);
            row(ui, "Tool", &mut d.tool_name);
            row(ui, "Tool version (xxyyzz)", &mut d.tool_version);
            row(ui, "Editing time (s)", &mut d.editing_time);
            ui.label("Comment");
            ui.text_edit_multiline(&mut d.comment);
            ui.end_row();
        });
}

/// Chunks this editor does not know, shown read-only (kept on save).
fn unknown_chunks(ui: &mut egui::Ui, meta: &Metadata) {
    let unknown: Vec<String> = meta
        .fields()
        .into_iter()
        .filter(|(k, _)| {
            ![
                "Titl", "Autr", "Comm", "Chmp", "Date", "Tool", "Etim", "Colr",
            ]
            .contains(&k.as_str())
        })
        .map(|(k, v)| format!("{k}: {v}"))
        .collect();
    for u in unknown {
        ui.label(u);
    }
}

fn buttons(ui: &mut egui::Ui, doc: &mut TrackDoc, meta: &Metadata) {
    ui.horizontal_wrapped(|ui| {
        if ui.button("Apply metadata").clicked() {
            apply(doc, meta.clone());
        }
        if ui
            .button("Reload")
            .on_hover_text("discard the draft")
            .clicked()
        {
            doc.grid.meta_draft = None;
        }
        if doc.track().metadata().is_some() && ui.button("Remove metadata").clicked() {
            doc.doc.set_trailer(Trailer::None);
            doc.grid.meta_draft = None;
        }
    });
}

/// Applies the draft as one undo step.
fn apply(doc: &mut TrackDoc, mut meta: Metadata) {
    let Some(draft) = doc.grid.meta_draft.clone() else {
        return;
    };
    match draft.apply_to(&mut meta) {
        Ok(()) => {
            let trailer = if meta.chunks.is_empty() {
                Trailer::None
            } else {
                Trailer::Metadata(meta)
            };
            doc.doc.set_trailer(trailer);
            doc.message = "metadata applied".into();
        }
        Err(e) => doc.message = e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draft_round_trips_every_field() {
        let d = MetaDraft {
            title: "Loop land".into(),
            author: "Me".into(),
            comment: "two\nlines".into(),
            championship: "ZCT".into(),
            date: "2024-05-17".into(),
            tool_name: "trackbench".into(),
            tool_version: "100".into(),
            editing_time: "3600".into(),
        };
        let mut m = Metadata::default();
        d.apply_to(&mut m).unwrap();
        let back = Metadata::parse_binary(&m.to_binary().unwrap(), 0).unwrap();
        assert_eq!(MetaDraft::from_metadata(&back), d);
        MetaDraft::default().apply_to(&mut m).unwrap();
        assert!(m.chunks.is_empty());
    }

    #[test]
    fn bad_dates_are_reported() {
        assert!(parse_date("17/05/2024").is_err());
        assert_eq!(parse_date("2024-5-7").unwrap().day, 7);
    }
}
