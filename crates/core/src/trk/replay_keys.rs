//! The input stream of a Stunts replay as key presses in time: one byte
//! per frame, bit 0 accelerate, 1 brake, 2 right, 3 left, 4 shift up, 5
//! shift down (Stunts FAQ [8.4] "Replay files", restunts `docs/stunts.txt`).

use serde::Serialize;

/// The keys of the input bits, bit 0 first (FAQ [8.4]).
pub const KEY_NAMES: [&str; 6] = [
    "accelerate",
    "brake",
    "right",
    "left",
    "shift up",
    "shift down",
];

/// One key held down over consecutive frames.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct KeySpan {
    /// Bit of the key (index into [`KEY_NAMES`]).
    pub key: u8,
    /// First frame with the key down.
    pub start_frame: u32,
    /// Frame after the last one with the key down.
    pub end_frame: u32,
}

impl KeySpan {
    /// The key's name.
    #[must_use]
    pub fn name(&self) -> &'static str {
        KEY_NAMES.get(usize::from(self.key)).copied().unwrap_or("?")
    }
}

/// Every span of every key in `inputs` (one byte per frame), ordered by key
/// then start frame. Bits 6 and 7 (no key in the FAQ) are left out.
#[must_use]
pub fn key_spans(inputs: &[u8]) -> Vec<KeySpan> {
    let mut out = Vec::new();
    for key in 0..KEY_NAMES.len() as u8 {
        let mut start: Option<u32> = None;
        for (frame, &b) in inputs.iter().enumerate() {
            let frame = u32::try_from(frame).unwrap_or(u32::MAX);
            let down = b & (1 << key) != 0;
            match (down, start) {
                (true, None) => start = Some(frame),
                (false, Some(s)) => {
                    out.push(KeySpan {
                        key,
                        start_frame: s,
                        end_frame: frame,
                    });
                    start = None;
                }
                _ => {}
            }
        }
        if let Some(s) = start {
            let end = u32::try_from(inputs.len()).unwrap_or(u32::MAX);
            out.push(KeySpan {
                key,
                start_frame: s,
                end_frame: end,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_follow_the_bits() {
        // Accelerate frames 0..3, left at frame 1 and again at 3..4.
        let s = key_spans(&[0b1, 0b1001, 0b1, 0b1000]);
        assert_eq!(
            s,
            [
                KeySpan {
                    key: 0,
                    start_frame: 0,
                    end_frame: 3
                },
                KeySpan {
                    key: 3,
                    start_frame: 1,
                    end_frame: 2
                },
                KeySpan {
                    key: 3,
                    start_frame: 3,
                    end_frame: 4
                },
            ]
        );
        assert_eq!(s[1].name(), "left");
    }
}
