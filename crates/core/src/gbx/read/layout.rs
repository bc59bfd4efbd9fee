//! Chunk layouts as data (issue 42): the types of a declared field and of
//! a declared chunk's [`Layout`], kept in the reader's layer so the decoder
//! registry (`archive::ChunkDef`) can hand a layout out by chunk id. The
//! declaration form that makes them, with the decoder, is
//! `classes::decl::layout!`.

use crate::gbx::read::role::Role;

/// The type of a declared field: which `Archive` primitive reads it.
#[derive(Debug, Clone, Copy)]
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
    /// Int3: a group of three i32 `x`, `y`, `z` (a block coordinate).
    Int3,
    /// Byte3: a group of three bytes `x`, `y`, `z`.
    Byte3,
    /// Iso4: a group of four vec3, a 3×3 rotation then a translation
    /// (GBX.NET `Iso4`).
    Iso4,
    /// A u32-count-prefixed array (`Archive::array`) whose elements are
    /// records of a declared layout.
    Array(ArrayOf),
    /// A named group (`Archive::group`) holding a record of a declared
    /// layout.
    Group(&'static Layout),
    /// The fields of another declared layout, read in place (a shared
    /// run of fields such as a MediaTracker block's start and end); the
    /// field's name only labels it in the docs.
    Inline(&'static Layout),
    /// This many raw bytes.
    Bytes(u32),
    /// This many unnamed 4-byte values (bools, ints and floats no source
    /// names) as one group.
    Words(u32),
    /// As many raw bytes as the last [`Role::Size`] field read says.
    SizedBytes,
    /// As many u32 as the last [`Role::Count`] field read says, as one
    /// group (`Archive::u32_list`).
    CountedU32s,
}

/// The elements of a declared [`Ty::Array`].
#[derive(Debug, Clone, Copy)]
pub struct ArrayOf {
    /// The name of each element's group (`block`, `key`, …).
    pub item: &'static str,
    /// The smallest element size in bytes: the count is refused when the
    /// bytes left cannot hold that many (before anything is allocated).
    pub min: u64,
    /// The element's layout (read field by field, `classes::decl`).
    pub elem: &'static Layout,
}

impl PartialEq for Ty {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Ty::Meta(a), Ty::Meta(b)) => a == b,
            (Ty::Array(a), Ty::Array(b)) => a == b,
            (Ty::Group(a), Ty::Group(b)) | (Ty::Inline(a), Ty::Inline(b)) => std::ptr::eq(*a, *b),
            (Ty::Bytes(a), Ty::Bytes(b)) | (Ty::Words(a), Ty::Words(b)) => a == b,
            _ => std::mem::discriminant(self) == std::mem::discriminant(other),
        }
    }
}

impl Eq for Ty {}

impl PartialEq for ArrayOf {
    fn eq(&self, other: &Self) -> bool {
        self.item == other.item && self.min == other.min && std::ptr::eq(self.elem, other.elem)
    }
}

impl Eq for ArrayOf {}

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
            Ty::Int3 => "int3",
            Ty::Byte3 => "byte3",
            Ty::Iso4 => "iso4",
            Ty::Array(_) => "array",
            Ty::Group(_) => "group",
            Ty::Inline(_) => "fields of",
            Ty::Bytes(_) | Ty::SizedBytes => "bytes",
            Ty::Words(_) => "4-byte values",
            Ty::CountedU32s => "u32 list",
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
    /// Flag bit n set and version ≥ v (GBX.NET's `if version >= 7 &&
    /// (Flags & 4) != 0` in CGameCtnAnchoredObject 0x002).
    FlagSince(u32, u32),
    /// The last flags field is not zero (a `hasX` bool that is true).
    Set,
    /// The last flags field is zero.
    Unset,
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
            Gate::FlagSince(bit, v) => st.version >= v && bit < 32 && st.flags & (1 << bit) != 0,
            Gate::Set => st.flags != 0,
            Gate::Unset => st.flags == 0,
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
    /// The last [`Role::Size`] value read (what [`Ty::SizedBytes`] reads).
    pub size: u32,
    /// The last [`Role::Count`] value read (what [`Ty::CountedU32s`]
    /// reads).
    pub count: u32,
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
    /// For a [`Role::Version`] field: the highest version the layout
    /// knows; a higher one is refused as unknown (`u32::MAX`: no bound).
    pub max: u32,
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
            Gate::FlagSince(bit, v) => format!("flag bit {bit} and version ≥ {v}"),
            Gate::Set => "flags field set".to_owned(),
            Gate::Unset => "flags field clear".to_owned(),
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
