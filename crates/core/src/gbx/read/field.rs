//! Decoded values with the byte range they were read from.
//!
//! Every primitive a chunk decoder reads becomes a field: a name, a
//! [`Value`] and the byte range of its bytes (file space for header chunks,
//! body space for body chunks), so the hex view can highlight it. Arrays and
//! records are fields whose value is [`Value::Group`] with children. Fields
//! live in the document's [`FieldTable`](super::table::FieldTable) and are
//! read through [`FieldList`](super::field_ref::FieldList) and
//! [`FieldRef`](super::field_ref::FieldRef), which materialise a
//! [`Value`] on demand.

use serde::Serialize;

/// The count field [`Archive::array`](super::archive::Archive::array) reads
/// before the elements of an array.
pub const ARRAY_COUNT: &str = "count";

/// How a lookback string was stored (seed 000 "Primitives", lookbackstring).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LookbackKind {
    /// A new string followed and was appended to the list.
    New,
    /// A back-reference to list entry `index` (1-based as stored).
    Ref(u32),
    /// A number from the global id table (collection ids): bits 30/31 clear.
    /// Shown with its name when [`collection_name`](super::collections::collection_name)
    /// knows it ("Valley (id 11)").
    Number(u32),
    /// Stored as -1 (0xFFFFFFFF): no value.
    MinusOne,
    /// A back-reference to a list entry that does not exist.
    Dangling(u32),
}

/// A decoded value.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", content = "value", rename_all = "snake_case")]
pub enum Value {
    /// A record or array; see the field's children.
    Group,
    /// 32-bit boolean (0 or 1; other values are kept as read).
    Bool(u32),
    /// Unsigned 8-bit.
    U8(u8),
    /// Unsigned 16-bit.
    U16(u16),
    /// Unsigned 32-bit.
    U32(u32),
    /// Signed 32-bit.
    I32(i32),
    /// Unsigned 64-bit.
    U64(u64),
    /// 128 bits, little-endian bytes as stored.
    U128([u8; 16]),
    /// A 32-bit id shown in hex (class ids, chunk ids, magic values).
    Hex(u32),
    /// A duration in milliseconds (u32; 0xFFFFFFFF shown as "none").
    TimeMs(u32),
    /// IEEE-754 single.
    F32(f32),
    /// Two floats.
    Vec2([f32; 2]),
    /// Three floats (positions, colours, angles as named).
    Vec3([f32; 3]),
    /// A length-prefixed string (UTF-8, lossily decoded).
    Str(String),
    /// A lookback string: its text (resolved when possible) and storage.
    Lookback {
        /// Resolved text; `None` for numbers and -1.
        text: Option<String>,
        /// How it was stored.
        kind: LookbackKind,
    },
    /// A file reference (seed 000 "fileref").
    FileRef {
        /// fileref version byte.
        version: u8,
        /// Path as stored.
        path: String,
        /// Locator URL, when present.
        url: String,
    },
    /// A reference to a node: `None` for null (-1), otherwise the position of
    /// the node in [`Gbx::nodes`](crate::gbx::Gbx::nodes) when it was read here,
    /// with the stored index.
    NodeRef {
        /// Stored node index (-1 for null; absent for direct/encapsulated nodes).
        index: Option<i32>,
        /// Position of the node in `Gbx::nodes`, when it was read here.
        node: Option<usize>,
        /// True when the index pointed at an already-read node.
        back_reference: bool,
        /// External reference: index into the reference table's nodes.
        external: Option<usize>,
    },
    /// Opaque bytes (images, compressed blobs); see the range for the data.
    Bytes {
        /// What the bytes are, when recognised ("JPEG", "WebP", "zlib", "ZIP"…).
        kind: &'static str,
    },
}

impl Value {
    /// Short display text for the inspector and the JSON dump.
    #[must_use]
    pub fn display(&self) -> String {
        match self {
            Self::Group => String::new(),
            Self::Bool(v) => match v {
                0 => "false".into(),
                1 => "true".into(),
                v => format!("{v} (not 0/1)"),
            },
            Self::U8(v) => v.to_string(),
            Self::U16(v) => v.to_string(),
            Self::U32(v) => v.to_string(),
            Self::I32(v) => v.to_string(),
            Self::U64(v) => v.to_string(),
            Self::U128(b) => b.iter().map(|x| format!("{x:02x}")).collect(),
            Self::Hex(v) => format!("{v:#010x}"),
            Self::TimeMs(v) => format_time_ms(*v),
            Self::F32(v) => format!("{v}"),
            Self::Vec2([x, y]) => format!("({x}, {y})"),
            Self::Vec3([x, y, z]) => format!("({x}, {y}, {z})"),
            Self::Str(s) => format!("{s:?}"),
            Self::Lookback { text, kind } => match (text, kind) {
                (Some(t), _) => format!("{t:?}"),
                (None, LookbackKind::Number(n)) => match super::collections::collection_name(*n) {
                    Some(name) => format!("{name} (id {n})"),
                    None => format!("id #{n}"),
                },
                (None, LookbackKind::Dangling(n)) => format!("dangling #{n}"),
                (None, _) => "(none)".into(),
            },
            Self::FileRef { path, url, .. } if url.is_empty() => format!("{path:?}"),
            Self::FileRef { path, url, .. } => format!("{path:?} <{url}>"),
            Self::NodeRef {
                index: Some(-1), ..
            } => "null".into(),
            Self::NodeRef {
                node: Some(n),
                back_reference,
                ..
            } => {
                if *back_reference {
                    format!("→ node #{n} (back-reference)")
                } else {
                    format!("→ node #{n}")
                }
            }
            Self::NodeRef {
                external: Some(e), ..
            } => format!("→ external #{e}"),
            Self::NodeRef { index, .. } => format!("index {index:?} (unresolved)"),
            Self::Bytes { kind } => (*kind).to_string(),
        }
    }
}

/// Formats milliseconds as `m:ss.mmm` (`-` for 0xFFFFFFFF, "not set").
#[must_use]
pub fn format_time_ms(ms: u32) -> String {
    if ms == u32::MAX {
        return "-".into();
    }
    format!(
        "{}:{:02}.{:03} ({ms} ms)",
        ms / 60_000,
        (ms / 1000) % 60,
        ms % 1000
    )
}

/// What [`sniff`] (and nothing else) names opaque bytes.
pub(crate) const BYTE_KINDS: [&str; 9] = [
    "JPEG", "WebP", "PNG", "ZIP", "DDS", "zlib", "GBX", "empty", "bytes",
];

/// Names what an opaque blob looks like from its first bytes.
#[must_use]
pub fn sniff(data: &[u8]) -> &'static str {
    BYTE_KINDS[sniff_index(data)]
}

/// [`sniff`] as a position in the table's list of byte kinds.
pub(crate) fn sniff_index(data: &[u8]) -> usize {
    match data {
        [0xFF, 0xD8, 0xFF, ..] => 0,
        [
            b'R',
            b'I',
            b'F',
            b'F',
            _,
            _,
            _,
            _,
            b'W',
            b'E',
            b'B',
            b'P',
            ..,
        ] => 1,
        [0x89, b'P', b'N', b'G', ..] => 2,
        [b'P', b'K', 3, 4, ..] => 3,
        [b'D', b'D', b'S', b' ', ..] => 4,
        [0x78, 0x01 | 0x5E | 0x9C | 0xDA, ..] => 5,
        [b'G', b'B', b'X', ..] => 6,
        [] => 7,
        _ => 8,
    }
}
