//! Lookback strings (seed 000 "Primitives": lookbackstring; "Encapsulation").

use super::field::LookbackKind;

/// The field holding a scope's lookback version (3), recorded before the
/// first lookback string of a scope.
pub const FIELD_LOOKBACK_VERSION: &str = "lookbackVersion";
/// Mask of the index bits of a stored lookback value (bits 0–29).
pub const INDEX_MASK: u32 = 0x3FFF_FFFF;

/// One lookback string list: the version is read before the first string of
/// a scope; new strings are appended; back-references are 1-based.
///
/// The state is reset after each header chunk, and an encapsulated chunk uses
/// a fresh one without touching the outer state (seed 000 "Encapsulation").
#[derive(Debug, Clone)]
pub struct LookbackState<'a> {
    /// Version read at the start of the scope (3 in current files).
    pub version: Option<u32>,
    /// Strings added so far, in order: the absolute offset of each one's
    /// bytes (after its u32 length, in binary files) and the bytes.
    pub strings: Vec<(u32, &'a [u8])>,
}

thread_local! {
    /// Set by [`with_versions_stripped`] for the edit engine's trial parse.
    static VERSIONS_STRIPPED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` (a parse) reading files whose lookback versions were removed:
/// every fresh lookback state starts as if its version (3) had been read.
/// The edit engine (`edit/engine.rs`) parses its intermediate layout this
/// way, before it places each scope's version before the scope's new first
/// string. Only the calling thread is affected, and only during `f`.
pub(crate) fn with_versions_stripped<T>(f: impl FnOnce() -> T) -> T {
    struct Reset(bool);
    impl Drop for Reset {
        fn drop(&mut self) {
            VERSIONS_STRIPPED.with(|v| v.set(self.0));
        }
    }
    let _reset = Reset(VERSIONS_STRIPPED.with(|v| v.replace(true)));
    f()
}

impl Default for LookbackState<'_> {
    fn default() -> Self {
        Self {
            version: VERSIONS_STRIPPED.with(std::cell::Cell::get).then_some(3),
            strings: Vec::new(),
        }
    }
}

impl<'a> LookbackState<'a> {
    /// Classifies a stored index and resolves it against the list.
    ///
    /// Returns how it was stored, and whether a new string follows.
    #[must_use]
    pub fn classify(&self, stored: u32) -> (LookbackKind, bool) {
        if stored == u32::MAX {
            return (LookbackKind::MinusOne, false);
        }
        let flags = stored & !INDEX_MASK;
        let index = stored & INDEX_MASK;
        if flags == 0 {
            // Bits 30/31 clear: a number from the global id table.
            return (LookbackKind::Number(index), false);
        }
        if index == 0 {
            return (LookbackKind::New, true);
        }
        if (index as usize) <= self.strings.len() {
            (LookbackKind::Ref(index), false)
        } else {
            (LookbackKind::Dangling(index), false)
        }
    }

    /// True when `stored` is a back-reference to one of the first `known`
    /// strings: what [`Self::classify`] answers `Ref` for with `known`
    /// strings in the list, as one test (issue 46: the block decoder asks
    /// it of every common record).
    #[must_use]
    #[inline(always)]
    pub fn refers_back(stored: u32, known: u32) -> bool {
        let index = stored & INDEX_MASK;
        stored != u32::MAX && stored & !INDEX_MASK != 0 && index != 0 && index <= known
    }

    /// How many strings a back-reference may name here: the list's length,
    /// or 0 before the scope's version was read (a typed read takes no
    /// string then).
    #[must_use]
    pub fn known(&self) -> u32 {
        match self.version {
            Some(_) => u32::try_from(self.strings.len()).unwrap_or(u32::MAX),
            None => 0,
        }
    }

    /// The offset and bytes of a back-reference (1-based), if present.
    #[must_use]
    pub fn get(&self, index: u32) -> Option<(u32, &'a [u8])> {
        let i = usize::try_from(index).ok()?.checked_sub(1)?;
        self.strings.get(i).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`LookbackState::refers_back`] answers as [`LookbackState::classify`]
    /// does, for every kind of stored value around the list's end.
    #[test]
    fn refers_back_is_classify_s_ref() {
        let mut s = LookbackState::default();
        s.strings.push((8, b"Stadium"));
        s.strings.push((20, b"Road"));
        for flags in [0, 0x4000_0000, 0x8000_0000, 0xC000_0000] {
            for index in [0, 1, 2, 3, INDEX_MASK - 1, INDEX_MASK] {
                let stored = flags | index;
                let is_ref = matches!(s.classify(stored), (LookbackKind::Ref(_), false));
                assert_eq!(LookbackState::refers_back(stored, 2), is_ref, "{stored:#x}");
            }
        }
    }

    #[test]
    fn classifies_every_storage_state() {
        let mut s = LookbackState::default();
        assert_eq!(s.classify(0x4000_0000), (LookbackKind::New, true));
        assert_eq!(s.classify(0x8000_0000), (LookbackKind::New, true));
        assert_eq!(s.classify(u32::MAX), (LookbackKind::MinusOne, false));
        assert_eq!(s.classify(26), (LookbackKind::Number(26), false));
        assert_eq!(s.classify(0x4000_0001), (LookbackKind::Dangling(1), false));
        s.strings.push((8, b"Stadium"));
        assert_eq!(s.classify(0x4000_0001), (LookbackKind::Ref(1), false));
        assert_eq!(s.get(1), Some((8, &b"Stadium"[..])));
        assert_eq!(s.get(0), None);
    }
}
