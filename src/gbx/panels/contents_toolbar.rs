//! The selection toolbar of the Blocks & items view: what is selected,
//! selecting what the filter shows, and the map operations (Delete, Move…,
//! Rotate…, Replace…, Colour…, Car & decoration…), each built by
//! `trackbench_core::edit::map_ops` from the current parse and pushed as
//! one `ApplyEdit` command (one undo step). A validated map shows what a
//! change does to its validation, with "Clear validation".

use crate::command::gbx::UnknownName;
use crate::command::{Command, GbxCommand};
use crate::gbx::doc::GbxDoc;
use crate::gbx::view::contents_ops::{OpsDraft, OpsForm};
use crate::gbx::view::{ContentsState, Extract, Table};
use trackbench_core::edit::map_ops::{self, Colour, Offset, Rotation, Selection};
use trackbench_core::edit::{Edit, EditError};
use trackbench_core::gbx::access::known_names::NameKind;
use trackbench_core::gbx::read::field::format_time_ms;

/// Why Colour… is disabled: what the map lacks (issue 44: "Only TM2020
/// maps store colours" was shown on TM2020 maps, which is false).
pub const NO_COLOUR_CHUNK: &str = "This map has no block colour chunk 0x03043062 (where \
     TM2020 keeps the colours of blocks and items); trackbench does not add it";

/// Draws the toolbar and the open form; `shown` are the rows the filter
/// lets through (for "Select the N shown"). Everything acts on
/// [`ContentsState::acting`], the selection of what is on screen (issue
/// 44: a block selected on the Blocks tab was deleted from the Items tab).
/// `folded`: the selection's buttons and the operations go into one
/// "Actions" menu and the validation warning into one line (the table
/// below keeps its rows).
pub fn ui(
    ui: &mut egui::Ui,
    doc: &GbxDoc,
    x: &Extract,
    shown: &[usize],
    s: &mut ContentsState,
    folded: bool,
    out: &mut Vec<Command>,
) {
    if folded {
        crate::widgets::toolbar::row(ui, |ui| {
            ui.strong(s.acting().describe());
            ui.menu_button("Actions", |ui| {
                selection_buttons(ui, s, shown);
                ui.separator();
                op_buttons(ui, doc, x, s, out);
                if validated(x).is_some() {
                    ui.separator();
                    clear_validation_button(ui, doc, s, out);
                }
            });
            if let Some(text) = validated(x) {
                ui.colored_label(ui.visuals().warn_fg_color, "Validated map")
                    .on_hover_text(text);
            }
        });
    } else {
        ui.horizontal_wrapped(|ui| {
            ui.strong(s.acting().describe());
            selection_buttons(ui, s, shown);
        });
        ui.horizontal_wrapped(|ui| op_buttons(ui, doc, x, s, out));
    }
    form(ui, doc, x, s, out);
    if let Some(m) = &s.ops.message {
        ui.colored_label(ui.visuals().warn_fg_color, m);
    }
    if !folded && let Some(text) = validated(x) {
        ui.horizontal_wrapped(|ui| {
            ui.colored_label(ui.visuals().warn_fg_color, text);
            clear_validation_button(ui, doc, s, out);
        });
    }
}

/// Delete and the buttons that open the operations' forms.
fn op_buttons(
    ui: &mut egui::Ui,
    doc: &GbxDoc,
    x: &Extract,
    s: &mut ContentsState,
    out: &mut Vec<Command>,
) {
    let acting = s.acting();
    let some = !acting.is_empty();
    let delete = ui.add_enabled(some, egui::Button::new("Delete"));
    if delete.clicked() {
        let sel = acting.to_core();
        if push(out, &mut s.ops, map_ops::delete_selection(doc.gbx(), &sel)) {
            // The other table's part keeps its indices (a delete shifts
            // only the records of its own kind).
            s.selection.remove_all(&acting);
            s.selected = None;
        }
    }
    for (form, label, enabled) in [
        (OpsForm::Move, "Move…", some),
        (OpsForm::Rotate, "Rotate…", some),
        (OpsForm::Replace, "Replace…", true),
        (OpsForm::Colour, "Colour…", x.colours.is_some()),
        (OpsForm::Map, "Car & decoration…", true),
    ] {
        let open = s.ops.form == form;
        let b = ui.add_enabled(enabled, egui::Button::selectable(open, label));
        let b = if form == OpsForm::Colour && !enabled {
            b.on_disabled_hover_text(NO_COLOUR_CHUNK)
        } else {
            b
        };
        if b.clicked() {
            s.ops.form = if open { OpsForm::Closed } else { form };
            s.ops.message = None;
        }
    }
}

/// Select the N shown, Clear selection (of the shown table's part).
fn selection_buttons(ui: &mut egui::Ui, s: &mut ContentsState, shown: &[usize]) {
    let label = match s.table {
        Table::Blocks => format!("Select the {} shown blocks", shown.len()),
        Table::Items => format!("Select the {} shown items", shown.len()),
    };
    if ui
        .add_enabled(!shown.is_empty(), egui::Button::new(label))
        .on_hover_text("Everything the filter (name, kind or waypoint) lets through")
        .clicked()
    {
        match s.table {
            Table::Blocks => s.selection.blocks.extend(shown.iter().copied()),
            Table::Items => s.selection.items.extend(shown.iter().copied()),
        }
    }
    let acting = s.acting();
    if ui
        .add_enabled(!acting.is_empty(), egui::Button::new("Clear selection"))
        .clicked()
    {
        s.selection.remove_all(&acting);
    }
}

/// Queues `edit`, or keeps its refusal for the message line; true when
/// queued.
fn push(out: &mut Vec<Command>, ops: &mut OpsDraft, edit: Result<Edit, EditError>) -> bool {
    match edit {
        Ok(edit) => {
            out.push(Command::Gbx(GbxCommand::ApplyEdit(edit)));
            ops.message = None;
            true
        }
        Err(e) => {
            ops.message = Some(e.to_string());
            false
        }
    }
}

fn form(
    ui: &mut egui::Ui,
    doc: &GbxDoc,
    x: &Extract,
    s: &mut ContentsState,
    out: &mut Vec<Command>,
) {
    let sel = s.acting().to_core();
    let gbx = doc.gbx();
    let o = &mut s.ops;
    let edit = match o.form {
        OpsForm::Closed => return,
        OpsForm::Move => move_form(ui, o).then(|| {
            let offset = if o.metres {
                Offset::Metres(o.move_by)
            } else {
                Offset::Blocks(o.move_by.map(|v| v.round() as i32))
            };
            map_ops::move_selection(gbx, &sel, offset)
        }),
        OpsForm::Rotate => rotate_form(ui, o).then(|| {
            let rot = Rotation {
                block_direction: Some(o.direction),
                yaw_deg: o.set_yaw.then_some(o.yaw_deg),
            };
            map_ops::rotate_selection(gbx, &sel, rot)
        }),
        OpsForm::Replace => {
            if replace_form(ui, x, &sel, o) {
                replace(gbx, x, &sel, o, out);
            }
            return;
        }
        OpsForm::Colour => colour_form(ui, o).then(|| {
            let target = if sel.is_empty() {
                Selection::all(&x.contents)
            } else {
                sel.clone()
            };
            map_ops::colour_selection(gbx, &target, o.colour)
        }),
        OpsForm::Map => {
            map_form(ui, gbx, x, o, out);
            return;
        }
    };
    if let Some(edit) = edit {
        push(out, o, edit);
    }
}

/// Three numbers and Apply; true when Apply was clicked.
fn move_form(ui: &mut egui::Ui, o: &mut OpsDraft) -> bool {
    ui.horizontal_wrapped(|ui| {
        ui.label("Move by");
        for (v, axis) in o.move_by.iter_mut().zip(["dx", "dy", "dz"]) {
            let l = ui.label(axis);
            let speed = if o.metres { 0.1 } else { 1.0 };
            let decimals = if o.metres { 3 } else { 0 };
            ui.add(egui::DragValue::new(v).speed(speed).max_decimals(decimals))
                .labelled_by(l.id);
        }
        ui.checkbox(&mut o.metres, "metres")
            .on_hover_text("Off: block units (grid blocks by coordinate; free blocks and items by 32, 8, 32 m a unit)");
        ui.button("Apply move").clicked()
    })
    .inner
}

fn rotate_form(ui: &mut egui::Ui, o: &mut OpsDraft) -> bool {
    ui.horizontal_wrapped(|ui| {
        ui.label("Grid blocks face");
        for (d, l) in ["N", "E", "S", "W"].iter().enumerate() {
            ui.selectable_value(&mut o.direction, d as u8, *l);
        }
        ui.checkbox(&mut o.set_yaw, "also set the yaw of items and free blocks");
        let l = ui.label("yaw");
        ui.add_enabled(
            o.set_yaw,
            egui::DragValue::new(&mut o.yaw_deg)
                .suffix(" deg")
                .range(-360.0..=360.0),
        )
        .labelled_by(l.id);
        ui.button("Apply rotation").clicked()
    })
    .inner
}

/// Names offered for a replacement that holds at most this many entries
/// (those containing what is typed): a list of thousands is no help.
const REPLACE_OFFERED_MAX: usize = 200;

fn replace_form(ui: &mut egui::Ui, x: &Extract, sel: &Selection, o: &mut OpsDraft) -> bool {
    ui.horizontal_wrapped(|ui| {
        let l = ui.label("Replace model");
        ui.add(egui::TextEdit::singleline(&mut o.replace_old).desired_width(180.0))
            .labelled_by(l.id);
        let l = ui.label("with");
        ui.add(egui::TextEdit::singleline(&mut o.replace_new).desired_width(180.0))
            .labelled_by(l.id);
        egui::ComboBox::from_id_salt("replace known")
            .selected_text("known…")
            .show_ui(ui, |ui| {
                let typed = o.replace_new.to_lowercase();
                let names = replacement_names(x);
                let matching = names.iter().filter(|n| n.to_lowercase().contains(&typed));
                for n in matching.take(REPLACE_OFFERED_MAX) {
                    ui.selectable_value(&mut o.replace_new, n.clone(), n);
                }
            })
            .response
            .on_hover_text(
                "The map's block and item names and the blocks known for its environment \
                 (those containing what is typed)",
            );
        ui.checkbox(&mut o.replace_in_selection, "in the selection only");
        let scope = o.replace_in_selection.then_some(sel);
        let (b, i) = map_ops::count_replacements(&x.contents, scope, &o.replace_old);
        let n = b + i;
        ui.strong(format!("{n} records change ({b} blocks, {i} items)"));
        ui.add_enabled(
            n > 0 && !o.replace_new.is_empty(),
            egui::Button::new("Apply replace"),
        )
        .clicked()
    })
    .inner
}

/// The names a replacement is offered from: the block palette's (the
/// map's blocks and the blocks known for its environment) and the map's
/// item models, sorted, without repeats.
fn replacement_names(x: &Extract) -> Vec<String> {
    let mut names = x.block_names.clone();
    names.extend(x.contents.items.iter().map(|i| i.name.to_string()));
    names.sort_unstable();
    names.dedup();
    names
}

/// Pushes the replacement, or the question first when the new name is
/// none of [`replacement_names`] (issue 44: a typed name was written as
/// typed, with no word that the game may not know it).
fn replace(
    gbx: &trackbench_core::gbx::Gbx,
    x: &Extract,
    sel: &Selection,
    o: &mut OpsDraft,
    out: &mut Vec<Command>,
) {
    let scope = o.replace_in_selection.then_some(sel);
    let edit = map_ops::replace_model(gbx, scope, &o.replace_old, &o.replace_new);
    let offered = replacement_names(x);
    if offered.contains(&o.replace_new) {
        push(out, o, edit);
        return;
    }
    match edit {
        Ok(edit) => {
            o.message = None;
            out.push(Command::ConfirmUnknownName(UnknownName {
                what: "block or item",
                known: super::block_palette::nearest(&offered, &o.replace_new),
                name: o.replace_new.clone(),
                edit,
            }));
        }
        Err(e) => o.message = Some(e.to_string()),
    }
}

fn colour_form(ui: &mut egui::Ui, o: &mut OpsDraft) -> bool {
    ui.horizontal_wrapped(|ui| {
        ui.label("Colour (the selection, or the whole map when nothing is selected)");
        for c in Colour::ALL {
            ui.horizontal(|ui| {
                ui.spacing_mut().item_spacing.x = 3.0;
                crate::widgets::swatch::swatch(ui, c.swatch_rgb());
                ui.selectable_value(&mut o.colour, c, c.name());
            });
        }
        ui.button("Apply colour").clicked()
    })
    .inner
}

/// The car and the decoration, each offered from its list
/// ([`Extract::cars`], [`Extract::decorations`]) or typed; a name off the
/// list asks first ([`Command::ConfirmUnknownName`]; issue 44: a cut-off
/// "CarSn" was saved without a word).
fn map_form(
    ui: &mut egui::Ui,
    gbx: &trackbench_core::gbx::Gbx,
    x: &Extract,
    o: &mut OpsDraft,
    out: &mut Vec<Command>,
) {
    let rows: [(NameKind, &[String], &str); 2] = [
        (NameKind::Car, &x.cars, "Car (player model)"),
        (NameKind::Decoration, &x.decorations, "Decoration (mood)"),
    ];
    for (kind, known, label) in rows {
        let typed = match kind {
            NameKind::Car => &mut o.car,
            NameKind::Decoration => &mut o.decoration,
        };
        let set = name_row(ui, kind, known, label, typed);
        if !set {
            continue;
        }
        let name = typed.clone();
        let edit = match kind {
            NameKind::Car => map_ops::set_player_model(gbx, &name),
            NameKind::Decoration => map_ops::set_decoration(gbx, &name),
        };
        if known.contains(&name) {
            push(out, o, edit);
            continue;
        }
        match edit {
            Ok(edit) => {
                o.message = None;
                out.push(Command::ConfirmUnknownName(UnknownName {
                    what: kind.key(),
                    name,
                    known: known.to_vec(),
                    edit,
                }));
            }
            Err(e) => o.message = Some(e.to_string()),
        }
    }
}

/// One name's row: the list, the text field and its Set button; true
/// when Set was clicked.
fn name_row(
    ui: &mut egui::Ui,
    kind: NameKind,
    known: &[String],
    label: &str,
    typed: &mut String,
) -> bool {
    ui.horizontal_wrapped(|ui| {
        let l = ui.label(label);
        egui::ComboBox::from_id_salt(("known names", kind.key()))
            .selected_text(if known.contains(typed) {
                typed.as_str()
            } else {
                "known…"
            })
            .show_ui(ui, |ui| {
                for n in known {
                    ui.selectable_value(typed, n.clone(), n);
                }
            })
            .response
            .on_hover_text("The names seen for this map's environment, and the file's own");
        ui.add(
            egui::TextEdit::singleline(typed)
                .hint_text("or type a name")
                .desired_width(140.0),
        )
        .labelled_by(l.id);
        let word = match kind {
            NameKind::Car => "Set car",
            NameKind::Decoration => "Set decoration",
        };
        ui.add_enabled(!typed.is_empty(), egui::Button::new(word))
            .clicked()
    })
    .inner
}

/// The validation warning of a validated map (what an operation does to
/// it), `None` when the map is not validated.
fn validated(x: &Extract) -> Option<String> {
    let v = x.validation.as_ref()?;
    let t = v.author_time_ms?;
    Some(format!(
        "Validated map (author time {}{}): deleting, moving, rotating, replacing, \
         colouring or placing blocks and items changes what was driven, and the game then \
         needs a new validation.",
        format_time_ms(t),
        if v.has_ghost {
            ", validation ghost"
        } else {
            ""
        }
    ))
}

fn clear_validation_button(
    ui: &mut egui::Ui,
    doc: &GbxDoc,
    s: &mut ContentsState,
    out: &mut Vec<Command>,
) {
    if ui.button("Clear validation").clicked() {
        push(out, &mut s.ops, map_ops::clear_validation(doc.gbx()));
    }
}
