//! Reading and rewriting one attribute of the map header's community XML
//! (chunk 0x03043005, seed 000 "CGameCtnChallenge": `<header …><ident
//! uid="…" name="…" author="…"/><times bronze="…" …/>…</header>`).
//!
//! The XML is parsed with quick-xml, which also escapes and unescapes the
//! values; only the bytes of the attribute's value are replaced, so every
//! other byte of the XML (attribute order, quotes, spaces, the other
//! elements) stays as the game wrote it, and a value set to what it already
//! holds gives the XML back unchanged.

use quick_xml::Reader;
use quick_xml::escape::{escape, unescape};
use quick_xml::events::Event;
use std::ops::Range;

/// Where the raw (still escaped) value of attribute `attr` of the first
/// element named `tag` lies in `xml`, in bytes; `None` when the XML has no
/// such element or attribute, or is malformed before it.
fn attr_value_range(xml: &str, tag: &str, attr: &str) -> Option<Range<usize>> {
    let mut reader = Reader::from_str(xml);
    loop {
        match reader.read_event().ok()? {
            Event::Start(e) | Event::Empty(e) if e.name().as_ref() == tag.as_bytes() => {
                for a in e.attributes().with_checks(false) {
                    let a = a.ok()?;
                    if a.key.as_ref() == attr.as_bytes() {
                        return subslice_range(xml.as_bytes(), &a.value);
                    }
                }
                return None;
            }
            Event::Eof => return None,
            _ => {}
        }
    }
}

/// The position of `part` inside `whole` when `part` borrows from it (quick-xml
/// hands out values that borrow the input read with `Reader::from_str`).
fn subslice_range(whole: &[u8], part: &[u8]) -> Option<Range<usize>> {
    let base = whole.as_ptr() as usize;
    let start = (part.as_ptr() as usize).checked_sub(base)?;
    let end = start.checked_add(part.len())?;
    (end <= whole.len()).then_some(start..end)
}

/// The unescaped value of attribute `attr` of the first `<tag …>` element.
/// `None` when it is absent or its escapes are invalid.
#[must_use]
pub fn xml_attr(xml: &str, tag: &str, attr: &str) -> Option<String> {
    let range = attr_value_range(xml, tag, attr)?;
    unescape(&xml[range]).ok().map(|v| v.into_owned())
}

/// `xml` with attribute `attr` of the first `<tag …>` element set to
/// `value` (escaped by quick-xml); every other byte kept. `None` when the
/// element or attribute is absent.
#[must_use]
pub fn set_xml_attr(xml: &str, tag: &str, attr: &str, value: &str) -> Option<String> {
    let range = attr_value_range(xml, tag, attr)?;
    if xml_attr(xml, tag, attr).as_deref() == Some(value) {
        return Some(xml.to_owned());
    }
    let mut out = String::with_capacity(xml.len() + value.len());
    out.push_str(&xml[..range.start]);
    out.push_str(&escape(value));
    out.push_str(&xml[range.end..]);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const XML: &str = "<header type=\"map\" exever=\"3.3.0\"><ident uid=\"abc\" \
                       name=\"Old &amp; &quot;gold&quot;\" author=\"me\"/>\
                       <desc envir=\"Stadium\" mood='Day'/><times bronze=\"1\" \
                       silver=\"2\" gold=\"3\" authortime=\"4\"/></header>";

    #[test]
    fn reads_unescaped_values() {
        assert_eq!(xml_attr(XML, "ident", "name").unwrap(), "Old & \"gold\"");
        assert_eq!(xml_attr(XML, "times", "authortime").unwrap(), "4");
        assert_eq!(xml_attr(XML, "desc", "mood").unwrap(), "Day");
        assert_eq!(xml_attr(XML, "ident", "nope"), None);
        assert_eq!(xml_attr(XML, "nope", "name"), None);
    }

    #[test]
    fn replaces_only_the_value_bytes() {
        let new = set_xml_attr(XML, "ident", "name", "A<B>'C'").unwrap();
        assert_eq!(
            new,
            XML.replace("Old &amp; &quot;gold&quot;", "A&lt;B&gt;&apos;C&apos;")
        );
        assert_eq!(xml_attr(&new, "ident", "name").unwrap(), "A<B>'C'");
        let single = set_xml_attr(XML, "desc", "mood", "Night").unwrap();
        assert_eq!(single, XML.replace("mood='Day'", "mood='Night'"));
    }

    #[test]
    fn the_same_value_gives_the_same_bytes() {
        let same = set_xml_attr(XML, "ident", "name", "Old & \"gold\"").unwrap();
        assert_eq!(same, XML);
    }

    #[test]
    fn an_attribute_name_inside_another_value_is_not_taken() {
        let xml = "<ident uid=\" name=&quot;x&quot;\" name=\"real\"/>";
        assert_eq!(
            set_xml_attr(xml, "ident", "name", "new").unwrap(),
            "<ident uid=\" name=&quot;x&quot;\" name=\"new\"/>"
        );
    }

    #[test]
    fn absent_or_malformed_gives_none() {
        assert_eq!(
            set_xml_attr("<times gold=\"1\"/>", "ident", "name", "x"),
            None
        );
        assert_eq!(
            set_xml_attr("<ident name=\"1/>", "ident", "name", "x"),
            None
        );
        assert_eq!(set_xml_attr("", "ident", "name", "x"), None);
    }
}
