//! A declared layout read typed (issue 46; `read::typed_items`): the
//! fields of a flat [`Layout`] read in order, as its generated decoder
//! reads them (the same gates, the same version bound), without recording
//! anything, keeping the values of the fields a caller asks for. Only the
//! plain types are read this way; a layout field of any other type, a node
//! reference that is not -1, or a lookback string that is not plain makes
//! the read give up (the caller rewinds and reads the record as a full
//! parse does). The layout and the kept fields are constants
//! ([`typed_fields_const!`]): read field by field from the `Layout` data
//! at run time, an anchored object cost about 1,200 instructions; with each
//! field a constant its matches fold away (the summary 193.2 M → 186.0 M
//! instructions a pass over jussyDr/gbx's 18 maps).

use super::Archive;
use crate::gbx::read::layout::{FieldDecl, Gates, Layout, Ty};
use crate::gbx::read::role::Role;
use crate::gbx::read::typed_items::TypedIdent;

/// The value of one field read typed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Typed {
    /// A number of up to 32 bits as stored (an f32 as its bits).
    Word(u32),
    /// Three f32.
    Vec3([f32; 3]),
    /// A lookback string.
    Ident(TypedIdent),
    /// A meta: three lookback strings.
    Meta([TypedIdent; 3]),
}

/// Which fields of a layout a typed read keeps, by position in
/// `Layout::fields`: the slot each is handed out under ([`field_positions`]
/// makes it; fields past the 64th are never kept).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Keep {
    slots: [u8; 64],
}

impl Keep {
    /// The slot of the field at `i`, when it is kept.
    #[inline]
    pub(crate) const fn slot(&self, i: usize) -> Option<usize> {
        if i < self.slots.len() && self.slots[i] != u8::MAX {
            Some(self.slots[i] as usize)
        } else {
            None
        }
    }
}

impl Archive<'_> {
    /// One field of a typed read (see the module docs; called by
    /// [`typed_fields_const!`] with a constant `d` and `slot`, whose type,
    /// role and gate matches then fold away): nothing when its gate does not admit it, else its
    /// value read (or stepped over when nobody keeps it), its role's effect
    /// on the gates `st`, and the value handed to `put` under `slot`.
    #[inline(always)]
    pub(crate) fn typed_field(
        &mut self,
        d: &FieldDecl,
        slot: Option<usize>,
        st: &mut Gates,
        put: &mut impl FnMut(usize, Typed),
    ) -> Option<()> {
        if !d.gate.admits(st) {
            return Some(());
        }
        if slot.is_none() && d.role == Role::Value && self.typed_skip(&d.ty)? {
            return Some(());
        }
        let v = self.typed_value(&d.ty)?;
        if let Typed::Word(n) = v {
            match d.role {
                Role::Version if n > d.max => return None,
                Role::Version if !st.versioned => {
                    st.version = n;
                    st.versioned = true;
                }
                Role::Flags => st.flags = n,
                _ => {}
            }
        }
        if let Some(slot) = slot {
            put(slot, v);
        }
        Some(())
    }

    /// Steps over a field of a fixed width `ty` whose value nobody keeps:
    /// `Some(true)`; `Some(false)` for a type that must be read (a string,
    /// a node reference); `None` at the end of data.
    #[inline]
    fn typed_skip(&mut self, ty: &Ty) -> Option<bool> {
        let width = match ty {
            Ty::U8 => 1,
            Ty::U16 => 2,
            Ty::Bool | Ty::U32 | Ty::I32 | Ty::Hex | Ty::TimeMs | Ty::F32 => 4,
            Ty::Vec3 => 12,
            _ => return Some(false),
        };
        self.r.skip(width).ok().map(|()| true)
    }

    /// One field of type `ty` read typed; `None` for a type this read does
    /// not take, a node reference other than -1, or the end of data.
    #[inline(always)]
    fn typed_value(&mut self, ty: &Ty) -> Option<Typed> {
        let r = &mut self.r;
        Some(match ty {
            Ty::U8 => Typed::Word(u32::from(r.u8().ok()?)),
            Ty::U16 => Typed::Word(u32::from(r.u16().ok()?)),
            Ty::Bool | Ty::U32 | Ty::I32 | Ty::Hex | Ty::TimeMs | Ty::F32 => {
                Typed::Word(r.u32().ok()?)
            }
            // Its 12 bytes at once, one bounds check, not three: a typed
            // read is of plain binary data (`Archive::hands_out_typed`),
            // where the three f32 are these bytes.
            Ty::Vec3 => {
                debug_assert!(r.is_plain(), "a typed read of plain data");
                let b = r.array::<12>().ok()?;
                let f = |i: usize| f32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
                Typed::Vec3([f(0), f(4), f(8)])
            }
            Ty::NodeRef => match r.u32().ok()? {
                u32::MAX => Typed::Word(u32::MAX),
                _ => return None,
            },
            Ty::Lookback => Typed::Ident(self.typed_ident()?),
            Ty::Meta(_) => Typed::Meta([
                self.typed_ident()?,
                self.typed_ident()?,
                self.typed_ident()?,
            ]),
            _ => return None,
        })
    }
}

/// The fields named `names` of `layout`, kept under their position in
/// `names` by [`typed_fields_const!`] (a name the layout does not
/// declare, or declares past its 64th field, is never kept). A `const fn`:
/// [`typed_fields_const!`] takes its answer as a constant.
pub(crate) const fn field_positions<const N: usize>(layout: &Layout, names: [&str; N]) -> Keep {
    let mut slots = [u8::MAX; 64];
    let mut slot = 0;
    // A slot must fit a u8 other than the u8::MAX that means "not kept".
    while slot < N && slot < u8::MAX as usize {
        let mut i = 0;
        while i < layout.fields.len() {
            if str_eq(layout.fields[i].name, names[slot]) {
                if i < slots.len() {
                    #[allow(clippy::cast_possible_truncation)] // below u8::MAX
                    let s = slot as u8;
                    slots[i] = s;
                }
                break;
            }
            i += 1;
        }
        slot += 1;
    }
    Keep { slots }
}

/// `a == b` in a `const fn`.
const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Reads the fields of a layout known at compile time typed (see the module
/// docs), handing the value of each kept field to `$put` with its slot:
/// one [`Archive::typed_field`] per field with the field and its slot as
/// constants, so each field's type, role and gate matches fold away (as in
/// the decoders `layout!` generates; the items of a map are thousands of
/// records of one layout). `$fields` is the layout's `fields` as a
/// constant slice, `$keep` a constant [`Keep`] ([`field_positions`]), and
/// the positions every position of the layout, in order (checked at
/// compile time against its length). Evaluates to `Option<()>`: `None`
/// when the layout is not read to its end this way.
macro_rules! typed_fields_const {
    ($a:expr, $fields:path, $keep:path, $put:expr; $($i:literal)*) => {{
        const _: () = {
            let positions: &[usize] = &[$($i),*];
            assert!(positions.len() == $fields.len(), "every field of the layout");
            let mut k = 0;
            while k < positions.len() {
                assert!(positions[k] == k, "the fields in order");
                k += 1;
            }
        };
        let mut st = $crate::gbx::read::layout::Gates::default();
        let put = &mut $put;
        (|| {
            $({
                const D: $crate::gbx::read::layout::FieldDecl = $fields[$i];
                const SLOT: Option<usize> = $keep.slot($i);
                $a.typed_field(&D, SLOT, &mut st, put)?;
            })*
            Some(())
        })()
    }};
}
pub(crate) use typed_fields_const;
