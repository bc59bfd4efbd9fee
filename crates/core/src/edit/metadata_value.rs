//! The scalar script types a metadata trait can be given or edited as, and
//! their encoding (GBX.NET `CScriptTraitsMetadata.cs` `WriteType`,
//! `WriteContents`; type codes of seed 000 "eScriptType").

use super::EditError;

/// A scalar script type (the types [`crate::edit::metadata`] can write).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScalarType {
    /// `Boolean` (code 1): a u32 in container version 0, a byte from 1.
    Boolean,
    /// `Integer` (code 2): an i32.
    Integer,
    /// `Real` (code 3): an f32.
    Real,
    /// `Text` (code 5): a u32-length string in container version 0, a
    /// 7/23-bit-length string from 1.
    Text,
    /// `Vec2` (code 9): two f32.
    Vec2,
    /// `Vec3` (code 10): three f32.
    Vec3,
    /// `Int3` (code 11): three i32.
    Int3,
    /// `Int2` (code 14): two i32.
    Int2,
}

impl ScalarType {
    /// Every scalar type, in code order.
    pub const ALL: [Self; 8] = [
        Self::Boolean,
        Self::Integer,
        Self::Real,
        Self::Text,
        Self::Vec2,
        Self::Vec3,
        Self::Int3,
        Self::Int2,
    ];

    /// The type code (seed 000 "eScriptType").
    #[must_use]
    pub fn code(self) -> u8 {
        match self {
            Self::Boolean => 1,
            Self::Integer => 2,
            Self::Real => 3,
            Self::Text => 5,
            Self::Vec2 => 9,
            Self::Vec3 => 10,
            Self::Int3 => 11,
            Self::Int2 => 14,
        }
    }

    /// The ManiaScript name, as the decoder describes the type ("Integer").
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Boolean => "Boolean",
            Self::Integer => "Integer",
            Self::Real => "Real",
            Self::Text => "Text",
            Self::Vec2 => "Vec2",
            Self::Vec3 => "Vec3",
            Self::Int3 => "Int3",
            Self::Int2 => "Int2",
        }
    }

    /// The type named `name` (its ManiaScript name or a common alias:
    /// bool, int, float, string; any case); `None` for other names.
    #[must_use]
    pub fn parse(name: &str) -> Option<Self> {
        let n = name.trim().to_ascii_lowercase();
        Some(match n.as_str() {
            "boolean" | "bool" => Self::Boolean,
            "integer" | "int" => Self::Integer,
            "real" | "float" => Self::Real,
            "text" | "string" => Self::Text,
            "vec2" => Self::Vec2,
            "vec3" => Self::Vec3,
            "int3" => Self::Int3,
            "int2" => Self::Int2,
            _ => return None,
        })
    }

    /// The type of a decoded type description ("Integer"); `None` for
    /// arrays, structs and the types metadata cannot hold.
    #[must_use]
    pub fn from_description(description: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.name() == description)
    }

    /// The type a new trait gets when none is named: Boolean for
    /// true/false, Integer for a whole number, Real for a number, Vec3 or
    /// Vec2 for three or two numbers, Text otherwise.
    #[must_use]
    pub fn infer(text: &str) -> Self {
        let t = text.trim();
        if matches!(t, "true" | "false") {
            return Self::Boolean;
        }
        if t.parse::<i32>().is_ok() {
            return Self::Integer;
        }
        if t.parse::<f32>().is_ok_and(f32::is_finite) {
            return Self::Real;
        }
        match numbers::<f32>(t).map(|v| v.len()) {
            Some(3) => Self::Vec3,
            Some(2) => Self::Vec2,
            _ => Self::Text,
        }
    }

    /// The stored type: its code as a u32 (container version 0) or a byte.
    #[must_use]
    pub fn encode_type(self, container_version: u32) -> Vec<u8> {
        if container_version >= 1 {
            vec![self.code()]
        } else {
            u32::from(self.code()).to_le_bytes().to_vec()
        }
    }

    /// The stored value of `text` for this type at `container_version`.
    ///
    /// # Errors
    /// [`EditError::Invalid`] saying what the type expects.
    pub fn encode_value(self, text: &str, container_version: u32) -> Result<Vec<u8>, EditError> {
        let t = text.trim();
        let bad = |what: &str| {
            EditError::Invalid(format!("{text:?} is not {what} (a {} trait)", self.name()))
        };
        Ok(match self {
            Self::Boolean => {
                let b = match t.to_ascii_lowercase().as_str() {
                    "true" | "1" | "yes" => 1u8,
                    "false" | "0" | "no" => 0,
                    _ => return Err(bad("true or false")),
                };
                if container_version >= 1 {
                    vec![b]
                } else {
                    u32::from(b).to_le_bytes().to_vec()
                }
            }
            Self::Integer => t
                .parse::<i32>()
                .map_err(|_| bad("a whole number from -2147483648 to 2147483647"))?
                .to_le_bytes()
                .to_vec(),
            Self::Real => {
                let v = t.parse::<f32>().map_err(|_| bad("a number"))?;
                if !v.is_finite() {
                    return Err(bad("a finite number"));
                }
                v.to_le_bytes().to_vec()
            }
            Self::Text => encode_text(text, container_version)?,
            Self::Vec2 | Self::Vec3 => {
                let n = if self == Self::Vec2 { 2 } else { 3 };
                let v = numbers::<f32>(t)
                    .filter(|v| v.len() == n && v.iter().all(|x| x.is_finite()))
                    .ok_or_else(|| {
                        bad(if n == 2 {
                            "two numbers"
                        } else {
                            "three numbers"
                        })
                    })?;
                v.iter().flat_map(|x| x.to_le_bytes()).collect()
            }
            Self::Int3 | Self::Int2 => {
                let n = if self == Self::Int2 { 2 } else { 3 };
                let v = numbers::<i32>(t).filter(|v| v.len() == n).ok_or_else(|| {
                    bad(if n == 2 {
                        "two whole numbers"
                    } else {
                        "three whole numbers"
                    })
                })?;
                v.iter().flat_map(|x| x.to_le_bytes()).collect()
            }
        })
    }
}

/// Numbers separated by commas, optionally in parentheses: "(1, 2, 3)".
fn numbers<T: std::str::FromStr>(text: &str) -> Option<Vec<T>> {
    let inner = text.trim().trim_start_matches('(').trim_end_matches(')');
    if !inner.contains(',') {
        return None;
    }
    inner
        .split(',')
        .map(|p| p.trim().parse::<T>().ok())
        .collect()
}

/// Longest text (and largest count) the 7/23-bit form holds.
pub const COMPACT_MAX_TEXT: usize = (1 << 23) - 1;

/// A count or index in the 7/23-bit form (seed 000, GBX.NET
/// `WriteSmallLen`): below 128 one byte, else the low 7 bits with bit 7
/// set, then the next 16 bits.
///
/// # Errors
/// [`EditError::Invalid`] above [`COMPACT_MAX_TEXT`].
pub(crate) fn encode_compact(n: usize) -> Result<Vec<u8>, EditError> {
    if n > COMPACT_MAX_TEXT {
        return Err(EditError::Invalid(format!(
            "{n} exceeds the {COMPACT_MAX_TEXT} the metadata format can count"
        )));
    }
    if n < 0x80 {
        return Ok(vec![n as u8]);
    }
    let hi = (n >> 7) as u16;
    let mut v = vec![(n & 0x7F) as u8 | 0x80];
    v.extend(hi.to_le_bytes());
    Ok(v)
}

/// A count: the 7/23-bit form from container version 1, a u32 before.
pub(crate) fn encode_count(n: usize, container_version: u32) -> Result<Vec<u8>, EditError> {
    if container_version >= 1 {
        return encode_compact(n);
    }
    u32::try_from(n)
        .map(|n| n.to_le_bytes().to_vec())
        .map_err(|_| EditError::Invalid(format!("{n} traits do not fit a u32 count")))
}

/// A text (or trait name): the 7/23-bit length from container version 1,
/// a u32 length before; then the UTF-8 bytes.
pub(crate) fn encode_text(text: &str, container_version: u32) -> Result<Vec<u8>, EditError> {
    let mut v = if container_version >= 1 {
        encode_compact(text.len())?
    } else {
        u32::try_from(text.len())
            .map_err(|_| EditError::Invalid("text longer than 4 GiB".into()))?
            .to_le_bytes()
            .to_vec()
    };
    v.extend(text.as_bytes());
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_counts_match_the_reader() {
        assert_eq!(encode_compact(5).unwrap(), [5]);
        assert_eq!(encode_compact(1 | (2 << 7)).unwrap(), [0x81, 2, 0]);
        assert!(encode_compact(COMPACT_MAX_TEXT + 1).is_err());
    }

    #[test]
    fn values_are_checked_against_their_type() {
        assert_eq!(ScalarType::Boolean.encode_value("true", 1).unwrap(), [1]);
        assert_eq!(ScalarType::Boolean.encode_value("no", 0).unwrap(), [0; 4]);
        assert!(ScalarType::Integer.encode_value("1.5", 1).is_err());
        assert!(ScalarType::Integer.encode_value("3000000000", 1).is_err());
        assert_eq!(
            ScalarType::Real.encode_value("1.5", 1).unwrap(),
            1.5f32.to_le_bytes()
        );
        assert!(ScalarType::Real.encode_value("inf", 1).is_err());
        assert_eq!(
            ScalarType::Vec3.encode_value("(1, 2, 3)", 4).unwrap().len(),
            12
        );
        assert!(ScalarType::Vec2.encode_value("1, 2, 3", 4).is_err());
        assert_eq!(ScalarType::Int2.encode_value("4,5", 4).unwrap().len(), 8);
        assert_eq!(
            ScalarType::Text.encode_value("ab", 4).unwrap(),
            [2, b'a', b'b']
        );
        assert_eq!(
            ScalarType::Text.encode_value("ab", 0).unwrap(),
            [2, 0, 0, 0, b'a', b'b']
        );
    }

    #[test]
    fn types_are_inferred_and_named() {
        assert_eq!(ScalarType::infer("true"), ScalarType::Boolean);
        assert_eq!(ScalarType::infer("-3"), ScalarType::Integer);
        assert_eq!(ScalarType::infer("2.5"), ScalarType::Real);
        assert_eq!(ScalarType::infer("1, 2, 3"), ScalarType::Vec3);
        assert_eq!(ScalarType::infer("hello, world"), ScalarType::Text);
        assert_eq!(ScalarType::parse("INT"), Some(ScalarType::Integer));
        assert_eq!(ScalarType::parse("Struct"), None);
        for t in ScalarType::ALL {
            assert_eq!(ScalarType::from_description(t.name()), Some(t));
        }
    }
}
