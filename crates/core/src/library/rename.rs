//! File names made from map names, for the "Rename from map name" batch
//! action: `$` formatting codes stripped, characters that Windows, macOS
//! or Linux refuse in a name replaced, the file's own type suffix kept
//! (`.Map.Gbx`, `.Challenge.Gbx`, `.Replay.Gbx`…).

use crate::file_kinds::FileKind;
use crate::gbx::access::formatting;

/// Longest name made, in characters, before the suffix.
pub const MAX_STEM_CHARS: usize = 120;

/// Longest word taken as a type in a double suffix (`TMEDClassic`).
const MAX_TYPE_CHARS: usize = 16;

/// The type suffix of `file_name`: `.Map.Gbx` for `a.b.Map.Gbx`, `.Gbx` for
/// `a.b.Gbx` when the word before is not a type (letters only, at most 16),
/// `.TRK` for `x.TRK`, empty without an extension.
#[must_use]
pub fn type_suffix(file_name: &str) -> &str {
    let Some(last) = file_name.rfind('.') else {
        return "";
    };
    let ext = &file_name[last..];
    if FileKind::from_extension(&ext[1..]) != Some(FileKind::Gbx) {
        return ext;
    }
    let before = &file_name[..last];
    match before.rfind('.') {
        Some(dot)
            if dot > 0
                && (1..=MAX_TYPE_CHARS).contains(&(last - dot - 1))
                && before[dot + 1..].chars().all(|c| c.is_ascii_alphabetic()) =>
        {
            &file_name[dot..]
        }
        _ => ext,
    }
}

/// The file name without its [`type_suffix`].
#[must_use]
pub fn stem(file_name: &str) -> &str {
    &file_name[..file_name.len() - type_suffix(file_name).len()]
}

/// A safe file stem from a styled map name: codes stripped, `< > : " / \
/// | ? *` and control characters replaced by `_`, spaces and dots trimmed
/// at the ends (Windows drops trailing ones), at most [`MAX_STEM_CHARS`]
/// characters, a Windows device name (`CON`, `COM1`…) prefixed with `_`;
/// `None` when nothing is left.
#[must_use]
pub fn safe_stem(styled_name: &str) -> Option<String> {
    let plain = formatting::strip(styled_name);
    let replaced: String = plain
        .chars()
        .map(|c| {
            if c.is_control() || matches!(c, '<' | '>' | ':' | '"' | '/' | '\\' | '|' | '?' | '*') {
                '_'
            } else {
                c
            }
        })
        .take(MAX_STEM_CHARS)
        .collect();
    let trimmed = replaced.trim_matches(|c: char| c.is_whitespace() || c == '.');
    if trimmed.is_empty() {
        return None;
    }
    let upper = trimmed.to_ascii_uppercase();
    let device = matches!(upper.as_str(), "CON" | "PRN" | "AUX" | "NUL")
        || (upper.len() == 4
            && (upper.starts_with("COM") || upper.starts_with("LPT"))
            && upper.as_bytes()[3].is_ascii_digit());
    Some(if device {
        format!("_{trimmed}")
    } else {
        trimmed.to_owned()
    })
}

/// The new file name of a file named `file_name` whose map is called
/// `styled_name`: [`safe_stem`] plus the file's [`type_suffix`].
#[must_use]
pub fn renamed(file_name: &str, styled_name: &str) -> Option<String> {
    safe_stem(styled_name).map(|s| format!("{s}{}", type_suffix(file_name)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suffixes_keep_the_type_word() {
        assert_eq!(type_suffix("AirControl.Challenge.Gbx"), ".Challenge.Gbx");
        assert_eq!(type_suffix("CCP#04 - ODYSSEY.Map.Gbx"), ".Map.Gbx");
        assert_eq!(type_suffix("example_challenge (3).Gbx"), ".Gbx");
        assert_eq!(
            type_suffix("Drarker_B13-Obstacle.95.Replay.gbx"),
            ".Replay.gbx"
        );
        assert_eq!(type_suffix("v1.2.Gbx"), ".Gbx");
        assert_eq!(type_suffix("DEFAULT.TRK"), ".TRK");
        assert_eq!(type_suffix("README"), "");
        assert_eq!(stem("AirControl.Challenge.Gbx"), "AirControl");
    }

    #[test]
    fn names_lose_codes_and_unsafe_characters() {
        assert_eq!(
            renamed("x.Challenge.Gbx", "$s$o$f00Kacky: #27?").as_deref(),
            Some("Kacky_ #27_.Challenge.Gbx")
        );
        assert_eq!(
            safe_stem("a/b\\c|d*e\"f<g>h"),
            Some("a_b_c_d_e_f_g_h".into())
        );
        assert_eq!(safe_stem("  name. "), Some("name".into()));
        assert_eq!(safe_stem("$fff$o"), None);
        assert_eq!(safe_stem("con"), Some("_con".into()));
        assert_eq!(safe_stem("COM1"), Some("_COM1".into()));
        assert_eq!(safe_stem("Console"), Some("Console".into()));
        assert_eq!(safe_stem(&"x".repeat(300)).unwrap().len(), MAX_STEM_CHARS);
    }
}
