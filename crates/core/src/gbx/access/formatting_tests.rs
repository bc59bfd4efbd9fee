use super::*;

fn style(f: impl FnOnce(&mut Style)) -> Style {
    let mut s = Style::default();
    f(&mut s);
    s
}

#[test]
fn strips_every_code_kind() {
    assert_eq!(strip("$fff$sE01"), "E01");
    assert_eq!(
        strip("$oBold$o $iItalic$i $sShadow $tUp $wWide$nNarrow$mNormal"),
        "Bold Italic Shadow Up WideNarrowNormal"
    );
    assert_eq!(strip("$f00Red$gDefault$zReset"), "RedDefaultReset");
    assert_eq!(
        strip("$O$I$S$T$W$N$M$G$Z$F0Ax"),
        "x",
        "codes are case-insensitive"
    );
    assert_eq!(strip("$<$f00in$>out"), "inout");
    assert_eq!(
        strip("$qunknown"),
        "unknown",
        "an unknown code drops its letter"
    );
    assert_eq!(strip(""), "");
    assert_eq!(strip("plain"), "plain");
}

#[test]
fn colours_take_one_to_three_hex_digits() {
    // Greedy up to three digits: "$f00Ace" is red "Ace", "$fffE01" eats no
    // E, but "$0fB" is one colour 0fB.
    assert_eq!(strip("$0fBx"), "x");
    assert_eq!(strip("$f00Ace"), "Ace");
    assert_eq!(strip("$fffE01"), "E01");
    assert_eq!(strip("$f$0fx"), "x");
    let spans = parse("$f00X$0fY$9Z");
    let colors: Vec<_> = spans.iter().map(|s| s.style.color).collect();
    assert_eq!(
        colors,
        [Some([255, 0, 0]), Some([0, 255, 0]), Some([153, 0, 0])]
    );
}

#[test]
fn dollars_and_trailing_dollar() {
    assert_eq!(strip("$$"), "$");
    assert_eq!(strip("10$$ off$$$$"), "10$ off$$");
    assert_eq!(strip("money$"), "money", "a trailing $ is dropped");
    assert_eq!(strip("$$$"), "$");
    assert_eq!(strip("$"), "");
    assert_eq!(strip("$$f00"), "$f00", "$$ is a dollar, the rest is text");
}

#[test]
fn links_hide_bracketed_targets() {
    assert_eq!(
        strip("$l[https://trackmania.com/]Trackmania$l!"),
        "Trackmania!"
    );
    assert_eq!(
        strip("$lhttps://trackmania.com/$l"),
        "https://trackmania.com/"
    );
    assert_eq!(strip("$h[maniaflash]Flash$h"), "Flash");
    assert_eq!(strip("$p[script]Go$p"), "Go");
    assert_eq!(strip("$l[unclosed"), "[unclosed", "no ] : the text stays");
    let spans = parse("a $l[x.cz]$f00b$l c");
    assert_eq!(spans.len(), 3);
    assert_eq!(spans[1].text, "b");
    assert_eq!(spans[1].link.as_deref(), Some("x.cz"));
    assert_eq!(spans[1].style.color, Some([255, 0, 0]));
    assert_eq!(spans[2].link, None);
    assert_eq!(spans[2].text, " c");
}

#[test]
fn toggles_resets_and_scopes() {
    let spans = parse("$o$iA$oB$zC$<$wD$>E");
    let got: Vec<(&str, Style)> = spans.iter().map(|s| (s.text.as_str(), s.style)).collect();
    assert_eq!(
        got,
        [
            (
                "A",
                style(|s| {
                    s.bold = true;
                    s.italic = true;
                })
            ),
            ("B", style(|s| s.italic = true)),
            ("C", Style::default()),
            ("D", style(|s| s.width = 1)),
            ("E", Style::default()),
        ]
    );
    // An unmatched `$>` falls back to the default style.
    assert_eq!(parse("$f00$>x")[0].style, Style::default());
}

#[test]
fn neighbouring_spans_with_one_style_merge() {
    let spans = parse("$f00ab$f00cd$$");
    assert_eq!(spans.len(), 1);
    assert_eq!(spans[0].text, "abcd$");
}

#[test]
fn multibyte_text_survives() {
    assert_eq!(strip("$f80Ž$l[ü]ř$lé"), "Žřé");
}

#[test]
fn byte_order_marks_are_dropped() {
    assert_eq!(strip("\u{feff}$i$fffKati\u{107} $39f<3"), "Kati\u{107} <3");
}
