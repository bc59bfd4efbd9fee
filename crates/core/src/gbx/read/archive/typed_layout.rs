//! A declared layout read typed (issue 46; `read::typed_items`): the
//! fields of a flat [`Layout`] read in order, as its generated decoder
//! reads them (the same gates, the same version bound), without recording
//! anything, keeping the values of the fields a caller asks for. Only the
//! plain types are read this way; a layout field of any other type, a node
//! reference that is not -1, or a lookback string that is not plain makes
//! the read give up (the caller rewinds and reads the record as a full
//! parse does).

use super::Archive;
use crate::gbx::read::layout::{Gates, Layout, Ty};
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
    fn slot(&self, i: usize) -> Option<usize> {
        match self.slots.get(i) {
            Some(&s) if s != u8::MAX => Some(usize::from(s)),
            _ => None,
        }
    }
}

impl Archive<'_> {
    /// Reads the fields of `layout` typed (see the module docs), handing
    /// the value of each kept field to `put` with its slot; `None` when the
    /// layout is not read to its end this way.
    pub(crate) fn typed_fields(
        &mut self,
        layout: &Layout,
        keep: &Keep,
        mut put: impl FnMut(usize, Typed),
    ) -> Option<()> {
        let mut st = Gates::default();
        for (i, d) in layout.fields.iter().enumerate() {
            if !d.gate.admits(&st) {
                continue;
            }
            let slot = keep.slot(i);
            if slot.is_none() && d.role == Role::Value && self.typed_skip(&d.ty)? {
                continue;
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
    fn typed_value(&mut self, ty: &Ty) -> Option<Typed> {
        let r = &mut self.r;
        Some(match ty {
            Ty::U8 => Typed::Word(u32::from(r.u8().ok()?)),
            Ty::U16 => Typed::Word(u32::from(r.u16().ok()?)),
            Ty::Bool | Ty::U32 | Ty::I32 | Ty::Hex | Ty::TimeMs | Ty::F32 => {
                Typed::Word(r.u32().ok()?)
            }
            Ty::Vec3 => Typed::Vec3([r.f32().ok()?, r.f32().ok()?, r.f32().ok()?]),
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
/// `names` by [`Archive::typed_fields`] (a name the layout does not
/// declare, or declares past its 64th field, is never kept).
pub(crate) fn field_positions<const N: usize>(layout: &Layout, names: [&str; N]) -> Keep {
    let mut slots = [u8::MAX; 64];
    for (slot, n) in names.iter().enumerate() {
        if let Some(i) = layout.fields.iter().position(|f| f.name == *n)
            && let (Some(s), Ok(v)) = (slots.get_mut(i), u8::try_from(slot))
        {
            *s = v;
        }
    }
    Keep { slots }
}
