//! Recording fields into the table: values, groups, gaps around nodes read
//! inside a chunk, and the 24-byte leaf records the primitive readers add.

use super::Archive;
use crate::bytes::{ByteRange, ReadError};
use crate::gbx::read::field::Value;
use crate::gbx::read::role::Role;
use crate::gbx::read::table::{FieldTable, Kind, NODE_BACK, NODE_EXTERNAL, NODE_INDEX, NODE_READ};

impl Archive<'_> {
    /// Records a field read from `start` (absolute) to the current position.
    /// Numbers and node references without a stored index are kept in the
    /// record; other values are kept whole (for values a decoder builds).
    pub fn record(&mut self, name: &'static str, value: Value, start: u64) {
        let range = (start, self.r.pos_abs());
        let inline = match value {
            Value::Bool(v) => Some((Kind::Bool, v)),
            Value::U8(v) => Some((Kind::U8, u32::from(v))),
            Value::U16(v) => Some((Kind::U16, u32::from(v))),
            Value::U32(v) => Some((Kind::U32, v)),
            Value::I32(v) => Some((Kind::I32, v as u32)),
            Value::Hex(v) => Some((Kind::Hex, v)),
            Value::TimeMs(v) => Some((Kind::TimeMs, v)),
            Value::F32(v) => Some((Kind::F32, v.to_bits())),
            _ => None,
        };
        match (inline, &value) {
            (Some((kind, payload)), _) => {
                self.table.push(name, kind, 0, payload, range);
            }
            (
                None,
                Value::NodeRef {
                    index: None,
                    node: Some(n),
                    back_reference: false,
                    external: None,
                },
            ) if u32::try_from(*n).is_ok() => {
                self.table
                    .push(name, Kind::NodeRef, NODE_READ, *n as u32, range);
            }
            _ => {
                self.refuse_in_quiet_read();
                self.table.push_side(name, value, range);
            }
        }
    }

    /// Adds a field that was not read here (a decoder's own value, e.g. the
    /// control name an input entry's index stands for), kept whole.
    pub fn push_value(&mut self, name: &'static str, value: Value, range: ByteRange) {
        self.refuse_in_quiet_read();
        self.table.push_side(name, value, (range.start, range.end));
    }

    /// Adds a string field named `name` over `range` whose text is that of
    /// the lookback or string field recorded at position `from` (see
    /// [`Self::mark`]); nothing when that field has no text.
    pub fn push_text_of(&mut self, name: &'static str, range: ByteRange, from: u32) {
        let Some(r) = self.table.rec(from).copied() else {
            return;
        };
        let at = match r.kind {
            Kind::LbNew => Some(r.start.saturating_add(8)),
            Kind::Str => Some(r.start.saturating_add(4)),
            Kind::LbRef | Kind::StrAt => Some(r.payload),
            _ => None,
        };
        if let Some(at) = at {
            self.table
                .push(name, Kind::StrAt, 0, at, (range.start, range.end));
        } else if let Some(text) = self.fields_since(from).first().and_then(|f| f.text()) {
            self.push_value(name, Value::Str(text), range);
        }
    }

    /// Gives the field just recorded (a leaf) the role `role` (see
    /// [`Role`]): what the editor allows for it follows from that, never
    /// from its name.
    #[inline]
    pub fn role(&mut self, role: Role) {
        self.table.set_last_role(role);
    }

    /// A u32 format version (recorded with [`Role::Version`]).
    ///
    /// # Errors
    /// At the end of data.
    #[inline]
    pub fn version_u32(&mut self, name: &'static str) -> Result<u32, ReadError> {
        self.u32_as(name, Role::Version)
    }

    /// A byte format version (recorded with [`Role::Version`]).
    ///
    /// # Errors
    /// At the end of data.
    #[inline]
    pub fn version_u8(&mut self, name: &'static str) -> Result<u8, ReadError> {
        let s = self.r.pos_abs();
        let v = self.r.u8()?;
        self.leaf_as(name, Kind::U8, Role::Version, u32::from(v), s);
        Ok(v)
    }

    /// A u32 byte size of data that follows (recorded with [`Role::Size`]).
    ///
    /// # Errors
    /// At the end of data.
    #[inline]
    pub fn size_u32(&mut self, name: &'static str) -> Result<u32, ReadError> {
        self.u32_as(name, Role::Size)
    }

    /// A u32 element count (recorded with [`Role::Count`]).
    ///
    /// # Errors
    /// At the end of data.
    #[inline]
    pub fn count_u32(&mut self, name: &'static str) -> Result<u32, ReadError> {
        self.u32_as(name, Role::Count)
    }

    /// Gives the last field recorded the array index `index`.
    pub fn set_last_index(&mut self, index: u32) {
        let last = self.mark().saturating_sub(1);
        self.table.set_index(last, Some(index));
    }

    /// Appends the fields of `table`, recorded by another archive over the
    /// same byte space (a sub-reader's), as top-level fields here.
    pub fn append(&mut self, table: FieldTable) {
        if self.refuse_in_quiet_read() {
            return;
        }
        self.table.append(table);
    }

    /// Appends the fields recorded by `inner`, an archive over other bytes
    /// (inflated data): each keeps its value and gets the range `range`.
    pub fn append_detached(&mut self, inner: &Archive<'_>, range: ByteRange) {
        if self.refuse_in_quiet_read() {
            return;
        }
        self.table
            .append_detached(&inner.table, inner.src, inner.origin, range);
    }

    /// Opens a group named `name` over `range` whose children are added by
    /// the caller (not read by this archive's cursor); see [`Self::close_group`].
    pub fn open_group(&mut self, name: &'static str, range: ByteRange) -> u32 {
        self.table
            .push(name, Kind::Group, 0, 0, (range.start, range.end))
    }

    /// Closes a group opened by [`Self::open_group`] after the fields added
    /// since, keeping its range.
    pub fn close_group(&mut self, group: u32) {
        if let Some(r) = self.table.rec(group).copied() {
            self.table
                .close(group, u64::from(r.start) + u64::from(r.len));
        }
    }

    /// Records a node reference (a [`Value::NodeRef`]) read from `start`.
    pub(crate) fn node_field(&mut self, name: &'static str, value: Value, start: u64) {
        let Value::NodeRef {
            index,
            node,
            back_reference,
            external,
        } = value
        else {
            return self.record(name, value, start);
        };
        let target = node.or(external).map(u32::try_from);
        if (index.is_some() && self.r.is_text()) || matches!(target, Some(Err(_))) {
            return self.record(name, value, start);
        }
        let flags = (u8::from(index.is_some()) * NODE_INDEX)
            | (u8::from(node.is_some()) * NODE_READ)
            | (u8::from(back_reference) * NODE_BACK)
            | (u8::from(external.is_some()) * NODE_EXTERNAL);
        let payload = target.and_then(Result::ok).unwrap_or(0);
        let end = self.r.pos_abs();
        self.table
            .push(name, Kind::NodeRef, flags, payload, (start, end));
    }

    /// Starts a gap (the records of a node read inside a chunk).
    pub(crate) fn open_gap(&mut self) -> u32 {
        let at = self.r.pos_abs();
        self.table.push("", Kind::Gap, 0, 0, (at, at))
    }

    /// Ends a gap started by [`Self::open_gap`].
    pub(crate) fn close_gap(&mut self, gap: u32) {
        let end = self.r.pos_abs();
        self.table.close(gap, end);
    }

    /// Records a leaf read from `start` to the current position: during a
    /// quiet read only counted, in line (the deferred lists' elements, issue
    /// 32), otherwise stored by [`Self::leaf_stored`], out of line.
    #[inline(always)]
    pub(super) fn leaf(&mut self, name: &'static str, kind: Kind, payload: u32, start: u64) {
        if !self.table.count_if_quiet() {
            self.leaf_stored(name, kind, payload, start);
        }
    }

    #[inline(never)]
    fn leaf_stored(&mut self, name: &'static str, kind: Kind, payload: u32, start: u64) {
        let end = self.r.pos_abs();
        self.table.push(name, kind, 0, payload, (start, end));
    }

    /// [`Self::leaf`] with the role `role`, its flag bits set as the record
    /// is pushed (a function of its own: the plain leaf passes no flags, so
    /// its calls cost what they did before roles).
    #[inline(always)]
    pub(super) fn leaf_as(
        &mut self,
        name: &'static str,
        kind: Kind,
        role: Role,
        payload: u32,
        start: u64,
    ) {
        if !self.table.count_if_quiet() {
            self.leaf_stored_as(name, kind, role.bits(), payload, start);
        }
    }

    #[inline(never)]
    fn leaf_stored_as(
        &mut self,
        name: &'static str,
        kind: Kind,
        flags: u8,
        payload: u32,
        start: u64,
    ) {
        let end = self.r.pos_abs();
        self.table.push(name, kind, flags, payload, (start, end));
    }

    /// A u32 recorded with the role `role`.
    #[inline(always)]
    fn u32_as(&mut self, name: &'static str, role: Role) -> Result<u32, ReadError> {
        let s = self.r.pos_abs();
        let v = self.r.u32()?;
        self.leaf_as(name, Kind::U32, role, v, s);
        Ok(v)
    }

    /// A value read back from the bytes in binary files, kept whole in text
    /// files (where the bytes are a text line).
    pub(super) fn leaf_or_side(
        &mut self,
        name: &'static str,
        kind: Kind,
        value: impl FnOnce() -> Value,
        start: u64,
    ) {
        if self.r.is_text() {
            self.refuse_in_quiet_read();
            let range = (start, self.r.pos_abs());
            self.table.push_side(name, value(), range);
        } else {
            self.leaf(name, kind, 0, start);
        }
    }
}
