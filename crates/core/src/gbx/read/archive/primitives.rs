//! The primitive readers of [`Archive`]: one value of the seed's types
//! (seed 000 "Primitives") read and recorded under its field name.

use super::Archive;
use crate::bytes::ReadError;
use crate::gbx::read::field::{Value, sniff_index};
use crate::gbx::read::table::Kind;

impl<'a> Archive<'a> {
    /// Byte.
    ///
    /// # Errors
    /// At the end of data.
    #[inline(always)]
    pub fn u8(&mut self, name: &'static str) -> Result<u8, ReadError> {
        let s = self.r.pos_abs();
        let v = self.r.u8()?;
        self.leaf(name, Kind::U8, u32::from(v), s);
        Ok(v)
    }

    /// u16.
    ///
    /// # Errors
    /// At the end of data.
    #[inline(always)]
    pub fn u16(&mut self, name: &'static str) -> Result<u16, ReadError> {
        let s = self.r.pos_abs();
        let v = self.r.u16()?;
        self.leaf(name, Kind::U16, u32::from(v), s);
        Ok(v)
    }

    /// u32.
    ///
    /// # Errors
    /// At the end of data.
    #[inline(always)]
    pub fn u32(&mut self, name: &'static str) -> Result<u32, ReadError> {
        let s = self.r.pos_abs();
        let v = self.r.u32()?;
        self.leaf(name, Kind::U32, v, s);
        Ok(v)
    }

    /// i32.
    ///
    /// # Errors
    /// At the end of data.
    #[inline(always)]
    pub fn i32(&mut self, name: &'static str) -> Result<i32, ReadError> {
        let s = self.r.pos_abs();
        let v = self.r.i32()?;
        self.leaf(name, Kind::I32, v as u32, s);
        Ok(v)
    }

    /// u32 shown in hex (ids, flags).
    ///
    /// # Errors
    /// At the end of data.
    #[inline(always)]
    pub fn hex(&mut self, name: &'static str) -> Result<u32, ReadError> {
        let s = self.r.pos_abs();
        let v = self.r.u32()?;
        self.leaf(name, Kind::Hex, v, s);
        Ok(v)
    }

    /// u32 duration in milliseconds.
    ///
    /// # Errors
    /// At the end of data.
    #[inline(always)]
    pub fn time_ms(&mut self, name: &'static str) -> Result<u32, ReadError> {
        let s = self.r.pos_abs();
        let v = self.r.u32()?;
        self.leaf(name, Kind::TimeMs, v, s);
        Ok(v)
    }

    /// u64.
    ///
    /// # Errors
    /// At the end of data.
    pub fn u64(&mut self, name: &'static str) -> Result<u64, ReadError> {
        let s = self.r.pos_abs();
        let v = self.r.u64()?;
        self.leaf_or_side(name, Kind::U64, || Value::U64(v), s);
        Ok(v)
    }

    /// 128 bits (16 bytes as stored).
    ///
    /// # Errors
    /// At the end of data.
    pub fn u128(&mut self, name: &'static str) -> Result<[u8; 16], ReadError> {
        let s = self.r.pos_abs();
        let v = self.r.array::<16>()?;
        self.leaf_or_side(name, Kind::U128, || Value::U128(v), s);
        Ok(v)
    }

    /// 32-bit boolean; values other than 0/1 are kept and shown as such.
    ///
    /// # Errors
    /// At the end of data.
    #[inline(always)]
    pub fn bool(&mut self, name: &'static str) -> Result<bool, ReadError> {
        let s = self.r.pos_abs();
        let v = self.r.u32()?;
        self.leaf(name, Kind::Bool, v, s);
        Ok(v != 0)
    }

    /// f32.
    ///
    /// # Errors
    /// At the end of data.
    #[inline(always)]
    pub fn f32(&mut self, name: &'static str) -> Result<f32, ReadError> {
        let s = self.r.pos_abs();
        let v = self.r.f32()?;
        self.leaf(name, Kind::F32, v.to_bits(), s);
        Ok(v)
    }

    /// Two floats.
    ///
    /// # Errors
    /// At the end of data.
    #[inline]
    pub fn vec2(&mut self, name: &'static str) -> Result<[f32; 2], ReadError> {
        let s = self.r.pos_abs();
        let v = [self.r.f32()?, self.r.f32()?];
        self.leaf_or_side(name, Kind::Vec2, || Value::Vec2(v), s);
        Ok(v)
    }

    /// Three floats.
    ///
    /// # Errors
    /// At the end of data.
    #[inline]
    pub fn vec3(&mut self, name: &'static str) -> Result<[f32; 3], ReadError> {
        let s = self.r.pos_abs();
        let v = [self.r.f32()?, self.r.f32()?, self.r.f32()?];
        self.leaf_or_side(name, Kind::Vec3, || Value::Vec3(v), s);
        Ok(v)
    }

    /// Length-prefixed string (seed 000 "string"), without recording it.
    ///
    /// # Errors
    /// When the length exceeds the data left.
    pub fn read_string_raw(&mut self) -> Result<String, ReadError> {
        let bytes = self.r.string_bytes()?;
        Ok(String::from_utf8_lossy(bytes).into_owned())
    }

    /// Length-prefixed string.
    ///
    /// # Errors
    /// When the length exceeds the data left.
    pub fn string(&mut self, name: &'static str) -> Result<String, ReadError> {
        let s = self.r.pos_abs();
        let bytes = self.r.string_bytes()?;
        let v = String::from_utf8_lossy(bytes).into_owned();
        if self.r.is_text() {
            self.record(name, Value::Str(v.clone()), s);
        } else {
            self.leaf(name, Kind::Str, 0, s);
        }
        Ok(v)
    }

    /// [`Self::string`] for a caller that does not need the text: the
    /// same field, without making a `String` (a binary file's record reads
    /// the text back from the bytes).
    ///
    /// # Errors
    /// As [`Self::string`].
    pub(crate) fn string_field(&mut self, name: &'static str) -> Result<(), ReadError> {
        if self.r.is_text() {
            return self.string(name).map(|_| ());
        }
        let s = self.r.pos_abs();
        self.r.string_bytes()?;
        self.leaf(name, Kind::Str, 0, s);
        Ok(())
    }

    /// `len` opaque bytes, recorded with what they look like.
    ///
    /// # Errors
    /// When fewer bytes remain.
    pub fn bytes(&mut self, name: &'static str, len: u32) -> Result<&'a [u8], ReadError> {
        let s = self.r.pos_abs();
        let len = self
            .r
            .check_count(name, u64::from(len), 1, u64::from(u32::MAX))?;
        let data = self.r.bytes(len)?;
        self.leaf(name, Kind::Bytes, sniff_index(data) as u32, s);
        Ok(data)
    }

    /// fileref (seed 000 "fileref"): version, checksum (v3), path, URL.
    ///
    /// # Errors
    /// At the end of data.
    pub fn fileref(&mut self, name: &'static str) -> Result<(), ReadError> {
        let s = self.r.pos_abs();
        let version = self.r.u8()?;
        if version >= 3 {
            self.r.skip(32)?; // checksum
        }
        let path = self.r.string_bytes()?;
        // Seed 000 reads the URL only for a non-empty path; version-3 files
        // (ManiaPlanet) store it even for an empty path (corpus Alive.Map.Gbx
        // 0x03043019: 4 bytes left otherwise; GBX.NET ReadFileRef agrees).
        let has_url = (!path.is_empty() && version >= 1) || version >= 3;
        let url = if has_url { self.r.string_bytes()? } else { &[] };
        if self.r.is_text() {
            let lossy = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
            let (path, url) = (lossy(path), lossy(url));
            self.record(name, Value::FileRef { version, path, url }, s);
        } else {
            self.leaf(name, Kind::FileRef, 0, s);
        }
        Ok(())
    }
}
