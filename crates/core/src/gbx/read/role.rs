//! The role of a decoded field (issue 42): what the value is for, declared
//! by its decoder, independent of the field's name. The editor decides what
//! may be typed over from the role, never from the name
//! (`edit/value.rs`).
//!
//! Roles kept on a record take three bits of its flags (`ROLE_SHIFT`);
//! node and file references are known from the record's kind.

use serde::Serialize;

/// What a field's value is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Data with no rule of its own: editable when its type is.
    Value,
    /// A format version: it decides how the rest of its chunk or record is
    /// read (never edited).
    Version,
    /// The number of elements that follow (follows its array: records are
    /// deleted or duplicated instead).
    Count,
    /// The size in bytes of data that follows (kept true by the writer).
    Size,
    /// A checksum or hash of other data (the game recomputes or checks it).
    Checksum,
    /// Bits that gate other fields.
    Flags,
    /// An identifier (a name or id others refer to).
    Identifier,
    /// A node reference (known from the record's kind).
    NodeReference,
    /// A file reference (known from the record's kind).
    FileReference,
}

impl Role {
    /// The roles kept in a record's flags, by their 3-bit code (0: none).
    const STORED: [Role; 7] = [
        Role::Value,
        Role::Version,
        Role::Count,
        Role::Size,
        Role::Checksum,
        Role::Flags,
        Role::Identifier,
    ];

    /// The role's name as `trackbench chunks` and the docs print it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Role::Value => "value",
            Role::Version => "version",
            Role::Count => "count",
            Role::Size => "size",
            Role::Checksum => "checksum",
            Role::Flags => "flags",
            Role::Identifier => "identifier",
            Role::NodeReference => "node reference",
            Role::FileReference => "file reference",
        }
    }

    /// The record flag bits of a stored role (0 for [`Role::Value`] and the
    /// roles known from the kind).
    #[must_use]
    pub(crate) const fn bits(self) -> u8 {
        let code: u8 = match self {
            Role::Version => 1,
            Role::Count => 2,
            Role::Size => 3,
            Role::Checksum => 4,
            Role::Flags => 5,
            Role::Identifier => 6,
            Role::Value | Role::NodeReference | Role::FileReference => 0,
        };
        code << ROLE_SHIFT
    }

    /// The stored role of record flags `flags`.
    #[must_use]
    pub(crate) fn from_bits(flags: u8) -> Role {
        let code = usize::from((flags & ROLE_MASK) >> ROLE_SHIFT);
        Self::STORED.get(code).copied().unwrap_or(Role::Value)
    }
}

/// Where a record's role sits in its flags (bits 4–6; the node reference
/// flags take bits 0–3 and the array-index flag bit 7).
pub(crate) const ROLE_SHIFT: u8 = 4;
/// The role bits of a record's flags.
pub(crate) const ROLE_MASK: u8 = 0b0111_0000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_roles_round_trip_through_their_bits() {
        for role in Role::STORED {
            assert_eq!(Role::from_bits(role.bits() | 0x80 | 0x0F), role);
        }
        assert_eq!(Role::from_bits(Role::NodeReference.bits()), Role::Value);
    }
}
