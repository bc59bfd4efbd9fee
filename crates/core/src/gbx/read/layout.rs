//! Chunk layouts as data (issue 42): the types of a declared field and of
//! a declared chunk's [`Layout`], kept in the reader's layer so the decoder
//! registry (`archive::ChunkDef`) can hand a layout out by chunk id. The
//! declaration form that makes them, with the decoder, is
//! `classes::decl::layout!`.

use crate::gbx::read::role::Role;

/// The type of a declared field: which `Archive` primitive reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ty {
    /// 32-bit boolean (`Archive::bool`).
    Bool,
    /// Byte.
    U8,
    /// u16.
    U16,
    /// u32.
    U32,
    /// i32.
    I32,
    /// u32 shown in hex.
    Hex,
    /// u32 duration in milliseconds.
    TimeMs,
    /// f32.
    F32,
    /// u64.
    U64,
    /// 16 bytes.
    U128,
    /// Two f32.
    Vec2,
    /// Three f32.
    Vec3,
    /// Length-prefixed string.
    Str,
    /// Lookback string (seed 000 "lookbackstring").
    Lookback,
    /// Node reference.
    NodeRef,
    /// File reference (seed 000 "fileref").
    FileRef,
    /// meta: a group of three lookback strings with these names (seed 000
    /// "meta").
    Meta([&'static str; 3]),
}

impl Ty {
    /// The type's name as the docs print it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Ty::Bool => "bool",
            Ty::U8 => "u8",
            Ty::U16 => "u16",
            Ty::U32 => "u32",
            Ty::I32 => "i32",
            Ty::Hex => "hex u32",
            Ty::TimeMs => "time (ms, u32)",
            Ty::F32 => "f32",
            Ty::U64 => "u64",
            Ty::U128 => "u128",
            Ty::Vec2 => "vec2",
            Ty::Vec3 => "vec3",
            Ty::Str => "string",
            Ty::Lookback => "lookback string",
            Ty::NodeRef => "noderef",
            Ty::FileRef => "fileref",
            Ty::Meta(_) => "meta",
        }
    }
}

/// When a declared field is stored: by the chunk's version (the first
/// [`Role::Version`] field declared before it) or a bit of the last
/// [`Role::Flags`] field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gate {
    /// Always.
    Always,
    /// Version ≥ n.
    Since(u32),
    /// Version < n.
    Before(u32),
    /// Version = n.
    Only(u32),
    /// lo ≤ version < hi.
    Between(u32, u32),
    /// Flag bit n (0 = lowest) set.
    Flag(u32),
}

impl Gate {
    /// True when the field is stored, given the chunk's reading state.
    #[inline(always)]
    #[must_use]
    pub const fn admits(self, st: &Gates) -> bool {
        match self {
            Gate::Always => true,
            Gate::Since(n) => st.version >= n,
            Gate::Before(n) => st.version < n,
            Gate::Only(n) => st.version == n,
            Gate::Between(lo, hi) => lo <= st.version && st.version < hi,
            Gate::Flag(bit) => bit < 32 && st.flags & (1 << bit) != 0,
        }
    }
}

/// The version and flags read so far in a declared chunk (what gates test).
#[derive(Debug, Clone, Copy, Default)]
pub struct Gates {
    /// The chunk's version: the first [`Role::Version`] value read (a
    /// later version field, e.g. of a sub-record, gates nothing).
    pub version: u32,
    /// True once the chunk's version was read.
    pub versioned: bool,
    /// The last [`Role::Flags`] value read.
    pub flags: u32,
}

/// One declared field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldDecl {
    /// Its public name (GBX.NET's where it names one).
    pub name: &'static str,
    /// Its type.
    pub ty: Ty,
    /// What it is for (the editor's rules follow it).
    pub role: Role,
    /// When it is stored.
    pub gate: Gate,
}

impl FieldDecl {
    /// The role its record answers (`FieldRef::role`): a node or file
    /// reference by its type, as the record's kind says, else the declared
    /// [`FieldDecl::role`].
    #[must_use]
    pub const fn record_role(&self) -> Role {
        match self.ty {
            Ty::NodeRef => Role::NodeReference,
            Ty::FileRef => Role::FileReference,
            _ => self.role,
        }
    }
}

impl Gate {
    /// The condition as the docs print it ("version ≥ 2", "flag bit 3"),
    /// `None` for [`Gate::Always`].
    #[must_use]
    pub fn text(self) -> Option<String> {
        Some(match self {
            Gate::Always => return None,
            Gate::Since(n) => format!("version ≥ {n}"),
            Gate::Before(n) => format!("version < {n}"),
            Gate::Only(n) => format!("version = {n}"),
            Gate::Between(lo, hi) => format!("{lo} ≤ version < {hi}"),
            Gate::Flag(bit) => format!("flag bit {bit}"),
        })
    }
}

/// A chunk layout as data: the fields in order and where the layout comes
/// from. `classes::decl::layout!` declares one together with its decoder.
#[derive(Debug)]
pub struct Layout {
    /// The fields in file order.
    pub fields: &'static [FieldDecl],
    /// The layout's source (a seed section, GBX.NET's `.chunkl`).
    pub source: &'static str,
}
