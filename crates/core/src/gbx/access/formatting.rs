//! Trackmania `$` formatting codes in map names, nicknames and other texts.
//!
//! Codes, from the Trackmania community wiki "Text styling"
//! (<https://wiki.trackmania.io/en/content-creation/text-styling>) and the
//! tmformat guide (<https://feored.github.io/tmformat/guide>, tested in
//! TM²), case-insensitive:
//!
//! - `$o` bold, `$i` italic, `$s` shadow, `$t` uppercase: each toggles;
//! - `$w` wide, `$n` narrow, `$m` normal width;
//! - `$` + 1 to 3 hex digits: colour, one 4-bit digit per channel in the
//!   order red, green, blue (`$f00` red; missing digits count as 0, so `$f`
//!   is red too); `$g` default colour; `$z` resets everything;
//! - `$l` external link, `$h` manialink, `$p` player-script link: either
//!   `$l[url]text$l` (the URL is hidden, the text is shown) or `$lurl`
//!   (the URL is the text); the same code closes the link;
//! - `$$` a literal dollar sign;
//! - `$<` / `$>` keep the style changes in between local (ManiaPlanet).
//!
//! Any other character after `$` is dropped with it, as is a trailing `$`.
//! Colours are read greedily like the `Deformat` pattern of TmEssentials
//! (BigBang1112/tm-essentials `TmEssentials/Formatter.cs`, which also lists
//! `$<` and `$>`): `$0fBx` is colour 0fB then "x". A byte-order mark
//! (U+FEFF), which ManiaPlanet puts in front of many nicknames (corpus
//! replays and maps), is dropped too: it is not text.

/// Style of a run of text.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Style {
    /// Colour as 8-bit RGB (each `$` digit times 17), `None` for default.
    pub color: Option<[u8; 3]>,
    /// `$o`.
    pub bold: bool,
    /// `$i`.
    pub italic: bool,
    /// `$s`: drop shadow.
    pub shadow: bool,
    /// `$t`: shown in capitals (the span's text is kept as written).
    pub uppercase: bool,
    /// `$w` (+1) / `$n` (-1) / `$m` (0).
    pub width: i8,
}

/// A run of text with one style; `link` is the target when inside `$l`,
/// `$h` or `$p`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Span {
    /// The text, codes removed (`$$` already a single `$`).
    pub text: String,
    /// Its style.
    pub style: Style,
    /// Link target, when the text is a link.
    pub link: Option<String>,
}

/// The text with every formatting code removed (`"$fff$sE01"` → `"E01"`).
#[must_use]
pub fn strip(raw: &str) -> String {
    parse(raw).into_iter().map(|s| s.text).collect()
}

/// The text split into styled spans (empty spans are left out; neighbours
/// with the same style and link are merged).
#[must_use]
pub fn parse(raw: &str) -> Vec<Span> {
    let mut p = Parser::default();
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{feff}' {
            continue;
        }
        if c != '$' {
            p.push(c);
            continue;
        }
        let Some(code) = chars.next() else {
            break; // trailing `$`
        };
        match code.to_ascii_lowercase() {
            '$' => p.push('$'),
            'o' => p.style.bold ^= true,
            'i' => p.style.italic ^= true,
            's' => p.style.shadow ^= true,
            't' => p.style.uppercase ^= true,
            'w' => p.style.width = 1,
            'n' => p.style.width = -1,
            'm' => p.style.width = 0,
            'g' => p.style.color = None,
            'z' => p.style = Style::default(),
            '<' => p.stack.push(p.style),
            '>' => p.style = p.stack.pop().unwrap_or_default(),
            'l' | 'h' | 'p' => p.link(code.to_ascii_lowercase(), &mut chars),
            h if h.is_ascii_hexdigit() => {
                let mut rgb = [hex(h), 0, 0];
                for slot in &mut rgb[1..] {
                    match chars.peek() {
                        Some(&d) if d.is_ascii_hexdigit() => {
                            *slot = hex(d);
                            chars.next();
                        }
                        _ => break,
                    }
                }
                p.style.color = Some(rgb.map(|v| v * 17));
            }
            _ => {} // unknown code: dropped
        }
    }
    p.finish()
}

fn hex(c: char) -> u8 {
    c.to_digit(16).map_or(0, |d| d as u8)
}

#[derive(Default)]
struct Parser {
    spans: Vec<Span>,
    text: String,
    style: Style,
    stack: Vec<Style>,
    /// Open link: its code letter and target.
    link: Option<(char, String)>,
    /// The style and link of `text`.
    current: (Style, Option<String>),
}

impl Parser {
    fn push(&mut self, c: char) {
        let now = (self.style, self.link.as_ref().map(|(_, t)| t.clone()));
        if now != self.current {
            self.flush();
            self.current = now;
        }
        self.text.push(c);
    }

    fn flush(&mut self) {
        if self.text.is_empty() {
            return;
        }
        let (style, link) = self.current.clone();
        let text = std::mem::take(&mut self.text);
        match self.spans.last_mut() {
            Some(last) if last.style == style && last.link == link => last.text.push_str(&text),
            _ => self.spans.push(Span { text, style, link }),
        }
    }

    /// `$l`, `$h`, `$p`: closes the open link of the same kind, or opens
    /// one (`[target]` when a bracket follows and closes; otherwise the
    /// text up to the next `$` or space is both target and text).
    fn link(&mut self, code: char, chars: &mut std::iter::Peekable<std::str::Chars<'_>>) {
        if matches!(&self.link, Some((open, _)) if *open == code) {
            self.link = None;
            return;
        }
        if chars.peek() == Some(&'[') {
            let rest: String = chars.clone().collect();
            if let Some(end) = rest.find(']') {
                let target = rest[1..end].to_string();
                for _ in 0..rest[..=end].chars().count() {
                    chars.next();
                }
                self.link = Some((code, target));
                return;
            }
        }
        let target: String = chars
            .clone()
            .take_while(|&c| c != '$' && !c.is_whitespace())
            .collect();
        self.link = Some((code, target));
    }

    fn finish(mut self) -> Vec<Span> {
        self.flush();
        self.spans
    }
}

#[cfg(test)]
#[path = "formatting_tests.rs"]
mod tests;
