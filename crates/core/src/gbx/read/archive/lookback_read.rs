//! Lookback strings (seed 000 "lookbackstring") and the `meta` triple
//! read through them.

use super::Archive;
use crate::bytes::ReadError;
use crate::gbx::read::field::{LookbackKind, Value};
use crate::gbx::read::table::{Kind, sat32};

impl<'a> Archive<'a> {
    /// Lookback string (seed 000 "lookbackstring"): the version is read before
    /// the first one of a scope. Returns the text, when there is one.
    ///
    /// # Errors
    /// At the end of data, or for a bad new-string length.
    pub fn lookback(&mut self, name: &'static str) -> Result<Option<String>, ReadError> {
        self.lookback_kind(name).map(|(text, _)| text)
    }

    /// [`Self::lookback`] that also returns how the value was stored (a
    /// number from the global id table has no text).
    ///
    /// # Errors
    /// As [`Self::lookback`].
    pub fn lookback_kind(
        &mut self,
        name: &'static str,
    ) -> Result<(Option<String>, LookbackKind), ReadError> {
        let (text, kind) = self.read_lookback(name)?;
        Ok((text.map(|t| String::from_utf8_lossy(t).into_owned()), kind))
    }

    /// Reads and records a lookback string whose text the caller does not
    /// need: the same field as [`Self::lookback`], without a `String`.
    ///
    /// # Errors
    /// As [`Self::lookback`].
    pub(crate) fn lookback_field(&mut self, name: &'static str) -> Result<(), ReadError> {
        self.read_lookback(name).map(|_| ())
    }

    /// [`Self::lookback`] returning the bytes of the text (not lossily
    /// decoded) instead of an owned `String`.
    ///
    /// # Errors
    /// As [`Self::lookback`].
    pub(crate) fn lookback_bytes(
        &mut self,
        name: &'static str,
    ) -> Result<Option<&'a [u8]>, ReadError> {
        self.read_lookback(name).map(|(text, _)| text)
    }

    /// Reads a lookback string and records it; returns its text's bytes.
    fn read_lookback(
        &mut self,
        name: &'static str,
    ) -> Result<(Option<&'a [u8]>, LookbackKind), ReadError> {
        if self.lookback.version.is_none() {
            self.read_lookback_version()?;
        }
        let s = self.r.pos_abs();
        let stored = self.r.u32()?;
        let (kind, new) = self.lookback.classify(stored);
        let (rec, text) = if new {
            let at = sat32(self.r.pos_abs() + 4);
            let t = self.r.string_bytes()?;
            self.lookback.strings.push((at, t));
            ((Kind::LbNew, 0), Some(t))
        } else {
            match kind {
                LookbackKind::Ref(i) => match self.lookback.get(i) {
                    Some((at, t)) => ((Kind::LbRef, at), Some(t)),
                    None => ((Kind::LbDangling, i), None),
                },
                LookbackKind::Number(n) => ((Kind::LbNumber, n), None),
                LookbackKind::Dangling(n) => ((Kind::LbDangling, n), None),
                LookbackKind::MinusOne | LookbackKind::New => ((Kind::LbMinusOne, 0), None),
            }
        };
        // Damage the completeness check looks for (issue 30): noted on
        // the table, so the check walks the records only when there is some.
        let damaged = match rec.0 {
            Kind::LbDangling => true,
            Kind::LbNew => text.is_some_and(|t| std::str::from_utf8(t).is_err()),
            _ => false,
        };
        if damaged {
            self.lookback_damage();
        }
        if text.is_some() && self.r.is_text() {
            self.lookback_text(name, text, kind, s);
        } else {
            self.leaf(name, rec.0, rec.1, s);
        }
        Ok((text, kind))
    }

    /// The lookback version, read before the first string of a scope.
    #[cold]
    #[inline(never)]
    fn read_lookback_version(&mut self) -> Result<(), ReadError> {
        let s = self.r.pos_abs();
        let version = self.r.u32()?;
        self.leaf_as(
            crate::gbx::read::lookback::FIELD_LOOKBACK_VERSION,
            Kind::U32,
            crate::gbx::read::role::Role::Version,
            version,
            s,
        );
        self.lookback.version = Some(version);
        if version != 3 && version != 2 {
            return Err(self.r.invalid(format!(
                "lookback string version {version} (expected 3, or 2 in Virtual Skipper 2)"
            )));
        }
        Ok(())
    }

    /// Notes a damaged lookback string (see `read_lookback`).
    #[cold]
    #[inline(never)]
    fn lookback_damage(&mut self) {
        self.quiet_damaged_lookback();
        self.table.note_lookback_damage();
    }

    /// A lookback string with text in a text-format file, kept whole.
    #[cold]
    #[inline(never)]
    fn lookback_text(
        &mut self,
        name: &'static str,
        text: Option<&[u8]>,
        kind: LookbackKind,
        s: u64,
    ) {
        let text = text.map(|t| String::from_utf8_lossy(t).into_owned());
        self.record(name, Value::Lookback { text, kind }, s);
    }

    /// A lookback value that holds a plain number rather than an id (the
    /// collector "Desc" version, seed 000 "CGameCtnCollector"): stored as a
    /// number it is recorded as [`Value::U32`], so it is not shown as a
    /// collection name; stored as a string it is parsed (0 when not a number).
    ///
    /// # Errors
    /// As [`Self::lookback`].
    pub fn lookback_number(&mut self, name: &'static str) -> Result<u32, ReadError> {
        let (text, kind) = self.read_lookback(name)?;
        if let LookbackKind::Number(n) = kind {
            let last = self.mark().saturating_sub(1);
            self.table.set_inline(last, Kind::U32, n);
            return Ok(n);
        }
        let text = text.map(String::from_utf8_lossy);
        Ok(text.as_deref().and_then(|s| s.parse().ok()).unwrap_or(0))
    }

    /// meta: three lookback strings (id, collection, author; seed 000 "meta").
    ///
    /// # Errors
    /// As [`Self::lookback`].
    pub fn meta(&mut self, name: &'static str, names: [&'static str; 3]) -> Result<(), ReadError> {
        self.group(name, None, |a| {
            for n in names {
                a.lookback_field(n)?;
            }
            Ok(())
        })
    }
}
