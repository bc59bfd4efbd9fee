//! Text from files made safe to print to a terminal (issue 30): a map, pak
//! entry or file name can hold `ESC ]0;…` or other control codes that
//! would retitle, recolour or rewrite the terminal, and bidirectional
//! overrides that make the text read other than it is. Every name the
//! text output prints goes through [`terminal_safe`]; JSON output escapes
//! control characters itself (as `\u001b`), CSV quotes them.

use std::borrow::Cow;

/// `text` with every control character (C0, DEL, C1) and every Unicode
/// bidirectional control written as a visible escape: `\n`, `\r`, `\t`,
/// `\x1b`, `\u{202e}`. Text without them is returned as is.
#[must_use]
pub fn terminal_safe(text: &str) -> Cow<'_, str> {
    if !text.chars().any(needs_escape) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if needs_escape(c) && u32::from(c) < 0x100 => {
                out.push_str(&format!("\\x{:02x}", u32::from(c)));
            }
            c if needs_escape(c) => out.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// A path made safe the same way ([`terminal_safe`] of its lossy text).
#[must_use]
pub fn terminal_safe_path(path: &std::path::Path) -> String {
    terminal_safe(&path.to_string_lossy()).into_owned()
}

fn needs_escape(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_codes_become_visible_escapes() {
        assert_eq!(terminal_safe("plain name"), "plain name");
        assert!(matches!(terminal_safe("plain"), Cow::Borrowed(_)));
        assert_eq!(terminal_safe("a\x1b]0;pwned\x07b"), "a\\x1b]0;pwned\\x07b");
        assert_eq!(terminal_safe("l1\nl2\r\t"), "l1\\nl2\\r\\t");
        assert_eq!(terminal_safe("x\u{9b}31m"), "x\\x9b31m", "C1 CSI");
        assert_eq!(terminal_safe("abc\u{202e}gpj.exe"), "abc\\u{202e}gpj.exe");
        assert_eq!(terminal_safe("$oÉté 日本"), "$oÉté 日本", "other text kept");
    }
}
