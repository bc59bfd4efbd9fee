//! The names a map's embedded items ZIP may be given (issue 43, findings 5
//! and 11): the app and the CLI both add entries through
//! [`super::add_item`]/[`super::replace_item`], which check the name here,
//! so neither can write a name the zip crate cannot store or the game's
//! platform cannot extract.
//!
//! Refused, with the reason:
//! - a name longer than [`MAX_NAME_BYTES`] (a ZIP stores a name's length
//!   in two bytes: PKWARE APPNOTE 4.4.10 "file name length"; a longer
//!   name made the zip crate panic, finding 5);
//! - an absolute name (`/…`), a drive prefix (`C:`, `Items/C:/x`) or any
//!   other `:` (a Windows stream name);
//! - an empty, `.` or `..` component;
//! - a component naming a Windows device (`con`, `prn`, `aux`, `nul`,
//!   `com0`…`com9`, `lpt0`…`lpt9` and their superscript forms), in any
//!   case, with or without an extension (Microsoft, "Naming Files, Paths,
//!   and Namespaces": "NUL.txt and NUL.tar.gz are both equivalent to NUL");
//! - a control character or one of `<>"|?*`, which Windows file names
//!   cannot hold (same page);
//! - a custom block (`.Block.Gbx`) outside [`BLOCKS_PREFIX`], an item
//!   (`.Item.Gbx`) outside [`ITEMS_PREFIX`] (GBX.NET `Chunk03043054`:
//!   `itemsPrefix`, `blocksPrefix`).
//!
//! Removing is not checked here: an entry already in a map is removable
//! whatever its name (a real map holds `E:/…` entries).

use super::{BLOCKS_PREFIX, ITEMS_PREFIX, refuse};
use crate::edit::EditError;

/// The longest name a ZIP entry can have, in bytes of UTF-8 (its length is
/// a u16: PKWARE APPNOTE 4.4.10).
pub const MAX_NAME_BYTES: usize = u16::MAX as usize;

/// The extension of a custom block file (GBX.NET `blocksPrefix` entries).
const BLOCK_EXTENSION: &str = ".block.gbx";
/// The extension of an item file.
const ITEM_EXTENSION: &str = ".item.gbx";
/// Characters Windows file names cannot hold besides `:`, `/`, `\` and
/// control characters (Microsoft, "Naming Files, Paths, and Namespaces").
const FORBIDDEN_CHARS: &[char] = &['<', '>', '"', '|', '?', '*'];
/// Device names without their digit (`com1`, `lpt¹`).
const DEVICES_NUMBERED: [&str; 2] = ["com", "lpt"];
/// Device names as they are.
const DEVICES: [&str; 4] = ["con", "prn", "aux", "nul"];

/// The folder an entry for the file `file_name` goes in by default:
/// [`BLOCKS_PREFIX`] for a `.Block.Gbx` (any case), else [`ITEMS_PREFIX`],
/// followed by the name.
#[must_use]
pub fn default_path(file_name: &str) -> String {
    let folder = if ends_with_ignore_case(file_name, BLOCK_EXTENSION) {
        BLOCKS_PREFIX
    } else {
        ITEMS_PREFIX
    };
    format!("{folder}{file_name}")
}

fn ends_with_ignore_case(name: &str, suffix: &str) -> bool {
    name.len() >= suffix.len()
        && name
            .get(name.len() - suffix.len()..)
            .is_some_and(|end| end.eq_ignore_ascii_case(suffix))
}

/// `path` for a message: whole when short, else its start and its length.
pub(super) fn shown(path: &str) -> String {
    const SHOWN_CHARS: usize = 60;
    if path.chars().count() <= SHOWN_CHARS {
        return format!("{path:?}");
    }
    let start: String = path.chars().take(SHOWN_CHARS).collect();
    format!("{start:?}… ({} bytes)", path.len())
}

/// Whether `component` names a Windows device: its part before the first
/// `.`, without trailing spaces, is one in any case.
fn is_device_name(component: &str) -> bool {
    let stem = component.split('.').next().unwrap_or_default();
    let stem = stem.trim_end_matches(' ').to_ascii_lowercase();
    if DEVICES.contains(&stem.as_str()) {
        return true;
    }
    DEVICES_NUMBERED.iter().any(|d| {
        stem.strip_prefix(d).is_some_and(|n| {
            let mut chars = n.chars();
            matches!(
                (chars.next(), chars.next()),
                (Some('0'..='9' | '¹' | '²' | '³'), None)
            )
        })
    })
}

/// Why `component` (of `path`) cannot be a name in the ZIP, if it cannot.
fn component_problem(component: &str) -> Option<String> {
    match component {
        "" => Some("an empty component (`//`)".into()),
        "." => Some("a `.` component".into()),
        ".." => Some("a `..` component (a name outside its folder)".into()),
        c if c.contains(':') => Some(format!("{}: a drive prefix or stream name (`:`)", shown(c))),
        c if is_device_name(c) => Some(format!(
            "{}: a Windows device name (con, prn, aux, nul, com0-9, lpt0-9, with or without an extension)",
            shown(c)
        )),
        c if c.chars().any(char::is_control) => Some(format!("{}: a control character", shown(c))),
        c if c.contains(FORBIDDEN_CHARS) => Some(format!(
            "{}: a character Windows names cannot hold (< > \" | ? *)",
            shown(c)
        )),
        _ => None,
    }
}

/// `path` checked and normalised for a new entry: `/` separators (`\`
/// accepted), under [`ITEMS_PREFIX`] or [`BLOCKS_PREFIX`], at most
/// [`MAX_NAME_BYTES`], ending in `.Gbx`, every component a valid Windows
/// name (see the module doc).
///
/// # Errors
/// [`EditError::Invalid`] saying what is wrong and where.
pub fn normalise_path(path: &str) -> Result<String, EditError> {
    let p = path.trim().replace('\\', "/");
    let bad = |why: String| refuse(format!("{}: {why}", shown(path)));
    if p.len() > MAX_NAME_BYTES {
        return Err(bad(format!(
            "a name of {} bytes; a ZIP entry's name holds at most {MAX_NAME_BYTES} bytes (its length is stored in 2 bytes)",
            p.len()
        )));
    }
    if p.starts_with('/') {
        return Err(bad(
            "an absolute name; give a path inside the ZIP (Items/…)".into(),
        ));
    }
    if let Some(why) = p.split('/').find_map(component_problem) {
        return Err(bad(why));
    }
    let Some(rest) = p
        .strip_prefix(ITEMS_PREFIX)
        .or_else(|| p.strip_prefix(BLOCKS_PREFIX))
    else {
        return Err(bad(format!(
            "an embedded item goes under {ITEMS_PREFIX} (e.g. Items/MyBlocks/Ramp.Item.Gbx), a custom block under {BLOCKS_PREFIX}"
        )));
    };
    if rest.is_empty() || !crate::file_kinds::is_gbx_name(&p) {
        return Err(bad(
            "an item file ends in .Item.Gbx, a block in .Block.Gbx".into()
        ));
    }
    let under_items = p.starts_with(ITEMS_PREFIX);
    if under_items && ends_with_ignore_case(&p, BLOCK_EXTENSION) {
        return Err(bad(format!(
            "a custom block (.Block.Gbx) goes under {BLOCKS_PREFIX}, not {ITEMS_PREFIX}"
        )));
    }
    if !under_items && ends_with_ignore_case(&p, ITEM_EXTENSION) {
        return Err(bad(format!(
            "an item (.Item.Gbx) goes under {ITEMS_PREFIX}, not {BLOCKS_PREFIX}"
        )));
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn device_names_are_found_in_any_case_and_with_extensions() {
        for d in [
            "con",
            "CON",
            "Nul.Item.Gbx",
            "aux.txt",
            "prn ",
            "com1",
            "COM9.x",
            "lpt¹",
            "Lpt0",
        ] {
            assert!(is_device_name(d), "{d}");
        }
        for ok in ["console", "com", "com10", "lpt", "nul_", "xcon", "a.con"] {
            assert!(!is_device_name(ok), "{ok}");
        }
    }

    #[test]
    fn blocks_go_under_blocks_by_default() {
        assert_eq!(default_path("R.Block.Gbx"), "Blocks/R.Block.Gbx");
        assert_eq!(default_path("r.BLOCK.GBX"), "Blocks/r.BLOCK.GBX");
        assert_eq!(default_path("R.Item.Gbx"), "Items/R.Item.Gbx");
    }

    #[test]
    fn long_names_are_shown_short() {
        let long = "x".repeat(1000);
        let s = shown(&long);
        assert!(s.len() < 100 && s.ends_with("(1000 bytes)"), "{s}");
    }
}
