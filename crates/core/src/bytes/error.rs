//! [`ReadError`]: what failed, at which offset of which space, in which chunk.

use std::fmt;

/// What went wrong while reading; see [`ReadError`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReadErrorKind {
    /// The data ended before a value could be read.
    UnexpectedEof {
        /// Bytes the value needed.
        needed: u64,
        /// Bytes that were left.
        available: u64,
    },
    /// A declared count or size exceeds what the data or the limits allow.
    TooLarge {
        /// Which count or size (e.g. "string length").
        what: &'static str,
        /// The declared value.
        value: u64,
        /// The largest value accepted here.
        limit: u64,
    },
    /// A value that the format does not allow (bad magic, bad enum value…).
    Invalid(String),
}

impl fmt::Display for ReadErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnexpectedEof { needed, available } => write!(
                f,
                "unexpected end of data: needed {needed} bytes, {available} left"
            ),
            Self::TooLarge { what, value, limit } => {
                write!(f, "{what} {value} is too large (at most {limit} here)")
            }
            Self::Invalid(msg) => f.write_str(msg),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Inner {
    kind: ReadErrorKind,
    offset: u64,
    space: &'static str,
    context: Vec<String>,
}

/// A read failure: what ([`ReadErrorKind`]), where (absolute byte offset and
/// its address space, "file" or "body") and in which chunk/node (context
/// frames, innermost first).
///
/// Display reads e.g. "unexpected end of data: needed 4 bytes, 2 left (at body
/// offset 0x1a4) in chunk 0x03043011 in node 0 CGameCtnChallenge".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError(Box<Inner>);

impl ReadError {
    /// New error of `kind` at absolute `offset` in address space `space`.
    #[cold]
    #[must_use]
    pub fn new(kind: ReadErrorKind, offset: u64, space: &'static str) -> Self {
        Self(Box::new(Inner {
            kind,
            offset,
            space,
            context: Vec::new(),
        }))
    }

    /// Shorthand for [`ReadErrorKind::Invalid`].
    #[cold]
    #[must_use]
    pub fn invalid(msg: impl Into<String>, offset: u64, space: &'static str) -> Self {
        Self::new(ReadErrorKind::Invalid(msg.into()), offset, space)
    }

    /// Adds an outer context frame such as "in chunk 0x03043011".
    #[cold]
    #[must_use]
    pub fn context(mut self, frame: impl Into<String>) -> Self {
        self.0.context.push(frame.into());
        self
    }

    /// What went wrong.
    #[must_use]
    pub fn kind(&self) -> &ReadErrorKind {
        &self.0.kind
    }

    /// Absolute byte offset of the failure in [`Self::space`].
    #[must_use]
    pub fn offset(&self) -> u64 {
        self.0.offset
    }

    /// Address space of [`Self::offset`]: "file" or "body".
    #[must_use]
    pub fn space(&self) -> &'static str {
        self.0.space
    }

    /// Context frames, innermost first.
    #[must_use]
    pub fn frames(&self) -> &[String] {
        &self.0.context
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (at {} offset {:#x})",
            self.0.kind, self.0.space, self.0.offset
        )?;
        for frame in &self.0.context {
            write!(f, " {frame}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ReadError {}
