//! Reading for typed records (issue 46; `read::typed_blocks`): the
//! primitives a decoder uses to read a record without recording it, and to
//! go back and record it when it is not plain.

use super::Archive;
use crate::gbx::read::field::LookbackKind;
use crate::gbx::read::table::sat32;
use crate::gbx::read::typed_blocks::TypedBlockList;
use crate::gbx::read::typed_items::{TypedIdent, TypedItemList};

/// Where a typed read began: the reader's position and the lookback
/// list's length ([`Archive::typed_rewind`] goes back there).
#[derive(Debug, Clone, Copy)]
pub(crate) struct TypedMark {
    pos: usize,
    lookback_len: usize,
}

impl Archive<'_> {
    /// True when the block and item decoders hand their records out typed:
    /// a narrow parse asking for them ([`super::narrow::Narrow::typed`]), inside a
    /// recorded chunk of the main body (binary, not during a walk or a
    /// quiet read), in a node.
    pub(crate) fn hands_out_typed(&self) -> bool {
        self.narrow.spec.is_some_and(|n| n.typed)
            && self.narrow.recording
            && !self.narrow.walking
            && !self.table.is_quiet()
            && self.origin == 0
            && self.r.is_plain()
            && !self.r.is_text()
            && self.current_node.is_some()
    }

    /// True during a narrow walk (the table quiet, nothing recorded): a
    /// decoder may read its records typed, only to find their end.
    pub(crate) fn is_walking(&self) -> bool {
        self.narrow.walking && self.r.is_plain() && !self.r.is_text()
    }

    /// A restore point for [`Self::typed_rewind`].
    pub(crate) fn typed_mark(&self) -> TypedMark {
        TypedMark {
            pos: self.r.pos(),
            lookback_len: self.lookback.strings.len(),
        }
    }

    /// Goes back to `mark`: the reader's position and the lookback list
    /// (a new string read since is dropped), so the record can be read
    /// again and recorded.
    pub(crate) fn typed_rewind(&mut self, mark: TypedMark) {
        self.lookback.strings.truncate(mark.lookback_len);
        // The mark is a position this reader was at: the seek succeeds.
        let _ = self.r.seek(mark.pos);
    }

    /// A lookback string read without recording it: its bytes' offset and
    /// length (this archive's space). `None` when it is not a plain one (no
    /// version read yet in this scope, a number, -1, a dangling reference,
    /// a new string that is not UTF-8, or the end of data): the caller
    /// rewinds and records it, as a full parse does (damage noted there).
    pub(crate) fn typed_lookback(&mut self) -> Option<(u32, u32)> {
        match self.typed_ident()? {
            TypedIdent::Text(at, len) => Some((at, len)),
            TypedIdent::Stored(_) => None,
        }
    }

    /// [`Self::typed_lookback`] that also takes a number of the global id
    /// table or -1 (an ident's collection, an anchor id), given as how it
    /// was stored; `None` for a dangling reference, a new string that is
    /// not UTF-8, the end of data, or before the scope's version was read.
    pub(crate) fn typed_ident(&mut self) -> Option<TypedIdent> {
        self.lookback.version?;
        let stored = self.r.u32().ok()?;
        match self.lookback.classify(stored) {
            (_, true) => {
                let at = sat32(self.r.pos_abs() + 4);
                let t = self.r.string_bytes().ok()?;
                std::str::from_utf8(t).ok()?;
                self.lookback.strings.push((at, t));
                Some(TypedIdent::Text(at, sat32(t.len() as u64)))
            }
            (kind @ (LookbackKind::Number(_) | LookbackKind::MinusOne), false) => {
                Some(TypedIdent::Stored(kind))
            }
            _ => self
                .typed_reference(stored)
                .map(|(at, len)| TypedIdent::Text(at, len)),
        }
    }

    /// A stored lookback value that refers back to a string of the list
    /// (read by the caller from the bytes: nothing is read here): the
    /// string's bytes' offset and length; `None` for any other value (a
    /// new string, a number, -1, a dangling reference) or before the
    /// scope's version was read.
    #[inline]
    pub(crate) fn typed_reference(&self, stored: u32) -> Option<(u32, u32)> {
        self.lookback.version?;
        match self.lookback.classify(stored) {
            (LookbackKind::Ref(i), false) => {
                let (at, t) = self.lookback.get(i)?;
                Some((at, sat32(t.len() as u64)))
            }
            _ => None,
        }
    }

    /// How many lookback strings a back-reference may name now
    /// ([`LookbackState::known`](crate::gbx::read::lookback::LookbackState::known)).
    pub(crate) fn lookback_known(&self) -> u32 {
        self.lookback.known()
    }

    /// The lookback strings read so far in this scope, as (offset, length)
    /// in body space: what a back-reference of index `i` names is entry
    /// `i - 1` (strings are only appended, so a reference made earlier in
    /// the scope names the same entry).
    pub(crate) fn lookback_table(&self) -> Vec<(u32, u32)> {
        let strings = &self.lookback.strings;
        strings
            .iter()
            .map(|&(at, t)| (at, sat32(t.len() as u64)))
            .collect()
    }

    /// Hands out a block list read typed (kept as `Gbx::typed_blocks`).
    pub(crate) fn hand_out_blocks(&mut self, list: TypedBlockList) {
        self.typed_blocks.push(list);
    }

    /// Takes the block lists read typed (after the parse).
    pub(crate) fn take_typed_blocks(&mut self) -> Vec<TypedBlockList> {
        std::mem::take(&mut self.typed_blocks)
    }

    /// Hands out an item list read typed (kept as `Gbx::typed_items`).
    pub(crate) fn hand_out_items(&mut self, list: TypedItemList) {
        self.typed_items.push(list);
    }

    /// Takes the item lists read typed (after the parse).
    pub(crate) fn take_typed_items(&mut self) -> Vec<TypedItemList> {
        std::mem::take(&mut self.typed_items)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytes::ByteReader;
    use std::collections::HashMap;

    /// A new string "Road" (its bytes at offset 8), a reference to it, and
    /// a reference to a second string that was never read.
    fn data() -> Vec<u8> {
        let mut d = 0x4000_0000u32.to_le_bytes().to_vec();
        d.extend(4u32.to_le_bytes());
        d.extend(b"Road");
        d.extend(0x4000_0001u32.to_le_bytes());
        d.extend(0x4000_0002u32.to_le_bytes());
        d
    }

    /// A new string and a reference read typed give the same bytes (offset
    /// 8, length 4); a dangling reference, or any string before the
    /// scope's version was read, is no plain string; a rewind puts the
    /// reader and the lookback list back.
    #[test]
    fn typed_lookback_reads_plain_strings_and_rewinds() {
        let data = data();
        let mut a = Archive::new(
            ByteReader::new(&data, 0, "body"),
            HashMap::new(),
            crate::gbx::classes::decoders(),
        );
        assert_eq!(a.typed_lookback(), None, "no version read yet");
        a.r.seek(0).unwrap();
        a.lookback.version = Some(3);
        let mark = a.typed_mark();
        assert_eq!(a.typed_lookback(), Some((8, 4)));
        assert_eq!(a.typed_lookback(), Some((8, 4)));
        assert_eq!(a.typed_lookback(), None, "dangling");
        a.typed_rewind(mark);
        assert_eq!((a.r.pos(), a.lookback.strings.len()), (0, 0));
    }
}
