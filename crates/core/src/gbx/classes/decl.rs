//! Chunk layouts as data (issue 42): a chunk whose fields are read in a
//! straight line, or gated only by its version or flag bits, is one
//! `layout!` declaration. Each field gives its type ([`Ty`]), its public
//! name, its [`Role`] and the [`Gate`] that decides whether it is stored.
//!
//! One declaration yields:
//! - the decoder: a function making the same [`Archive`] calls, in the same
//!   order, as a hand-written one (so the field table, byte ranges and
//!   snapshots are the same); each field is a `const` [`FieldDecl`] given to
//!   the inlined [`read_field`], so the type and gate matches fold away and
//!   the code is that of the hand-written decoder (measured in
//!   ARCHITECTURE.md, "Chunk layouts as data");
//! - the [`Layout`]: the fields as data (name, type, role, gate) and the
//!   layout's source, which the registry hands out by chunk id
//!   ([`super::body_layout`], [`super::header_layout`]) for the editor and
//!   the docs.
//!
//! A field's name is GBX.NET's, camelCased; a field no public source
//! names is a placeholder, marked by its form alone: `"u"` and two digits
//! (`u01`, GBX.NET's own `U01` keeping its number), the only names of that
//! form (ARCHITECTURE.md, "Field names").
//!
//! Decoders with loops, peeks or deferred lists stay code; they give their
//! non-value leaf fields the same roles through
//! [`Archive::role`] (or `version_u32`, `size_u32`, `count_u32`).

use crate::bytes::ReadError;
use crate::gbx::read::archive::Archive;
use crate::gbx::read::archive::ReadFn;
pub use crate::gbx::read::layout::{ArrayOf, FieldDecl, Gate, Gates, Layout, Ty};
use crate::gbx::read::role::Role;

/// A declared layout with the decoder generated from it
/// (`classes::decl::layout!` makes one; register a chunk's with
/// `classes::declared`). Derefs to the layout (`DECLARED.fields`).
#[derive(Debug)]
pub struct Declared {
    /// The fields as data.
    pub layout: Layout,
    /// The generated decoder.
    pub read: ReadFn,
}

impl std::ops::Deref for Declared {
    type Target = Layout;
    fn deref(&self) -> &Layout {
        &self.layout
    }
}

/// Reads the fields of a record's layout (an array element, a group, an
/// inlined run) one by one, with the record's own version and flags: what
/// the record's generated decoder does, without the layer below needing
/// the decoder (`read::layout` holds only data).
///
/// # Errors
/// As the fields' reads.
#[inline(never)]
fn read_record(a: &mut Archive<'_>, layout: &Layout) -> Result<(), ReadError> {
    let mut st = Gates::default();
    for d in layout.fields {
        read_field(a, &mut st, d)?;
    }
    Ok(())
}

/// Reads one declared field when its gate admits it, and records its role;
/// a version or flags field updates `st`. Inlined with a `const` `d`, the
/// matches fold to the primitive call a hand-written decoder makes.
///
/// # Errors
/// As the primitive read.
#[inline(always)]
pub fn read_field(a: &mut Archive<'_>, st: &mut Gates, d: &FieldDecl) -> Result<(), ReadError> {
    if !d.gate.admits(st) {
        return Ok(());
    }
    let n = match d.ty {
        Ty::Bool => u32::from(a.bool(d.name)?),
        Ty::U8 => u32::from(a.u8(d.name)?),
        Ty::U16 => u32::from(a.u16(d.name)?),
        Ty::U32 => a.u32(d.name)?,
        Ty::I32 => a.i32(d.name)? as u32,
        Ty::Hex => a.hex(d.name)?,
        Ty::TimeMs => a.time_ms(d.name)?,
        Ty::F32 => a.f32(d.name)?.to_bits(),
        Ty::U64 => a.u64(d.name).map(|_| 0)?,
        Ty::U128 => a.u128(d.name).map(|_| 0)?,
        Ty::Vec2 => a.vec2(d.name).map(|_| 0)?,
        Ty::Vec3 => a.vec3(d.name).map(|_| 0)?,
        Ty::Str => a.string_field(d.name).map(|()| 0)?,
        Ty::Lookback => a.lookback_field(d.name).map(|()| 0)?,
        Ty::NodeRef => a.noderef(d.name).map(|_| 0)?,
        Ty::FileRef => a.fileref(d.name).map(|()| 0)?,
        Ty::Meta(names) => a.meta(d.name, names).map(|()| 0)?,
        Ty::Int3 => super::shapes::int3(a, d.name).map(|()| 0)?,
        Ty::Byte3 => super::shapes::byte3(a, d.name).map(|()| 0)?,
        Ty::Iso4 => super::shapes::iso4(a, d.name).map(|()| 0)?,
        Ty::Array(of) => a.array(d.name, of.item, of.min, |a, _| read_record(a, of.elem))?,
        Ty::Group(of) => a.group(d.name, None, |a| read_record(a, of)).map(|()| 0)?,
        Ty::Inline(of) => read_record(a, of).map(|()| 0)?,
        Ty::Bytes(n) => a.bytes(d.name, n).map(|_| 0)?,
        Ty::Words(n) => super::shapes::records(a, d.name, u64::from(n), &[4]).map(|()| 0)?,
        Ty::SizedBytes => a.bytes(d.name, st.size).map(|_| 0)?,
        Ty::CountedU32s => a.u32_list(d.name, st.count).map(|()| 0)?,
    };
    match d.role {
        Role::Value | Role::NodeReference | Role::FileReference => {}
        Role::Version => {
            a.role(Role::Version);
            if n > d.max {
                return Err(unknown_version(a, d, n));
            }
            if !st.versioned {
                st.version = n;
                st.versioned = true;
            }
        }
        Role::Flags => {
            a.role(Role::Flags);
            st.flags = n;
        }
        Role::Size => {
            a.role(Role::Size);
            st.size = n;
        }
        Role::Count => {
            a.role(Role::Count);
            st.count = n;
        }
        role => a.role(role),
    }
    Ok(())
}

/// The error for a version above what the layout knows.
#[cold]
fn unknown_version(a: &Archive<'_>, d: &FieldDecl, n: u32) -> ReadError {
    a.r.invalid(format!("{} {n} is not known (at most {})", d.name, d.max))
}

/// `decl_ty!(u32)` → `Ty::U32`, `decl_ty!(meta(NAMES))` → `Ty::Meta(NAMES)`.
macro_rules! decl_ty {
    (bool) => {
        $crate::gbx::classes::decl::Ty::Bool
    };
    (u8) => {
        $crate::gbx::classes::decl::Ty::U8
    };
    (u16) => {
        $crate::gbx::classes::decl::Ty::U16
    };
    (u32) => {
        $crate::gbx::classes::decl::Ty::U32
    };
    (i32) => {
        $crate::gbx::classes::decl::Ty::I32
    };
    (hex) => {
        $crate::gbx::classes::decl::Ty::Hex
    };
    (time_ms) => {
        $crate::gbx::classes::decl::Ty::TimeMs
    };
    (f32) => {
        $crate::gbx::classes::decl::Ty::F32
    };
    (u64) => {
        $crate::gbx::classes::decl::Ty::U64
    };
    (u128) => {
        $crate::gbx::classes::decl::Ty::U128
    };
    (vec2) => {
        $crate::gbx::classes::decl::Ty::Vec2
    };
    (vec3) => {
        $crate::gbx::classes::decl::Ty::Vec3
    };
    (string) => {
        $crate::gbx::classes::decl::Ty::Str
    };
    (lookback) => {
        $crate::gbx::classes::decl::Ty::Lookback
    };
    (noderef) => {
        $crate::gbx::classes::decl::Ty::NodeRef
    };
    (fileref) => {
        $crate::gbx::classes::decl::Ty::FileRef
    };
    (meta($names:expr)) => {
        $crate::gbx::classes::decl::Ty::Meta($names)
    };
    (int3) => {
        $crate::gbx::classes::decl::Ty::Int3
    };
    (byte3) => {
        $crate::gbx::classes::decl::Ty::Byte3
    };
    (iso4) => {
        $crate::gbx::classes::decl::Ty::Iso4
    };
    (group($elem:expr)) => {
        $crate::gbx::classes::decl::Ty::Group(&(*$elem).layout)
    };
    (inline($elem:expr)) => {
        $crate::gbx::classes::decl::Ty::Inline(&(*$elem).layout)
    };
    (bytes($n:expr)) => {
        $crate::gbx::classes::decl::Ty::Bytes($n)
    };
    (words($n:expr)) => {
        $crate::gbx::classes::decl::Ty::Words($n)
    };
    (sized_bytes) => {
        $crate::gbx::classes::decl::Ty::SizedBytes
    };
    (counted_u32s) => {
        $crate::gbx::classes::decl::Ty::CountedU32s
    };
    (array($item:expr, $min:expr, $elem:expr)) => {
        $crate::gbx::classes::decl::Ty::Array($crate::gbx::classes::decl::ArrayOf {
            item: $item,
            min: $min,
            elem: &(*$elem).layout,
        })
    };
}

/// One [`FieldDecl`] from a field line of [`layout!`].
macro_rules! decl_field {
    ($ty:ident $name:tt $(($($arg:expr),+))? $(as $role:ident)? $(max $max:literal)? $(if $gate:ident $(($($g:expr),+))?)?) => {
        $crate::gbx::classes::decl::FieldDecl {
            name: $name,
            ty: $crate::gbx::classes::decl::decl_ty!($ty $(($($arg),+))?),
            role: $crate::gbx::classes::decl::decl_field!(@role $($role)?),
            gate: $crate::gbx::classes::decl::decl_field!(@gate $($gate $(($($g),+))?)?),
            max: $crate::gbx::classes::decl::decl_field!(@max $($max)?),
        }
    };
    (@max) => { u32::MAX };
    (@max $max:literal) => { $max };
    (@role) => { $crate::gbx::read::role::Role::Value };
    (@role $role:ident) => { $crate::gbx::read::role::Role::$role };
    (@gate) => { $crate::gbx::classes::decl::Gate::Always };
    (@gate $gate:ident($($g:expr),+)) => { $crate::gbx::classes::decl::Gate::$gate($($g),+) };
    (@gate $gate:ident) => { $crate::gbx::classes::decl::Gate::$gate };
}

/// Declares a chunk layout: a `static` [`Declared`] named `$layout` and its
/// decoder function `$read`, from one list of fields, each
/// `TYPE NAME [(ARGS)] [as ROLE] [max N] [if GATE[(N)]];` (`TYPE` one of
/// `bool u8 u16 u32 i32 hex time_ms f32 u64 u128 vec2 vec3 string lookback
/// noderef fileref meta int3 byte3 iso4 array group inline bytes words
/// sized_bytes counted_u32s`; a `meta` is followed by the names of its
/// three strings, an `array` by its element's group name, the smallest
/// element size in bytes and the element's declared layout (`array
/// "blocks"("block", 4, &BLOCK)`), a `group` by its record's declared
/// layout, an `inline` by the declared layout whose fields it reads in
/// place, `bytes` and `words` (4-byte values) by their number;
/// `sized_bytes` and `counted_u32s` take their length from the last size or
/// count field; `ROLE` a [`Role`] variant; `max N` on a version: the
/// highest one the layout knows, a higher one is an error; `GATE` a
/// [`Gate`] variant, `Set`/`Unset` without a number):
///
/// ```ignore
/// layout! {
///     /// 0x018: lap race and number of laps.
///     fn laps => LAPS, "GBX.NET CGameCtnChallenge.chunkl 0x018" {
///         bool "isLapRace";
///         u32 "nbLaps" as Count if Since(1);
///     }
/// }
/// ```
///
/// Register it with `declared(CHUNK_ID, name, &LAYOUT)`.
macro_rules! layout {
    ($(
        $(#[$doc:meta])*
        $vis:vis fn $read:ident => $layout:ident, $source:literal {
            $( $ty:ident $name:tt $(($($arg:expr),+))? $(as $role:ident)? $(max $max:literal)? $(if $gate:ident $(($($g:expr),+))?)? ; )*
        }
    )*) => {$(
        $(#[$doc])*
        // A sub-record's layout (its function called by a chunk's decoder)
        // is not registered; its function is still checked for use.
        #[allow(dead_code)]
        $vis static $layout: $crate::gbx::classes::decl::Declared = $crate::gbx::classes::decl::Declared {
            layout: $crate::gbx::classes::decl::Layout {
                fields: &[$( $crate::gbx::classes::decl::decl_field!($ty $name $(($($arg),+))? $(as $role)? $(max $max)? $(if $gate $(($($g),+))?)?) ),*],
                source: $source,
            },
            read: $read,
        };

        $(#[$doc])*
        $vis fn $read(
            a: &mut $crate::gbx::read::archive::Archive<'_>,
        ) -> Result<(), $crate::bytes::ReadError> {
            let mut st = $crate::gbx::classes::decl::Gates::default();
            $({
                const D: $crate::gbx::classes::decl::FieldDecl =
                    $crate::gbx::classes::decl::decl_field!($ty $name $(($($arg),+))? $(as $role)? $(max $max)? $(if $gate $(($($g),+))?)?);
                $crate::gbx::classes::decl::read_field(a, &mut st, &D)?;
            })*
            Ok(())
        }
    )*};
}

pub(crate) use {decl_field, decl_ty, layout};

#[cfg(test)]
mod tests;
