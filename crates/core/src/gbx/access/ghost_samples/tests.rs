use super::*;
use std::io::{Read, Write};

/// One seed 000 record: position, rotation (angle, heading, pitch),
/// speed, velocity heading and pitch.
fn record_bytes(pos: [f32; 3], angle: u16, speed: i16, heading: i8) -> Vec<u8> {
    let mut b = Vec::new();
    for v in pos {
        b.extend(v.to_le_bytes());
    }
    b.extend(angle.to_le_bytes());
    b.extend(0i16.to_le_bytes());
    b.extend(0i16.to_le_bytes());
    b.extend(speed.to_le_bytes());
    b.push(heading as u8);
    b.push(0);
    b
}

/// A 0x0303F005 chunk with two 22-byte car samples, 100 ms apart.
fn chunk() -> Vec<u8> {
    let mut data = record_bytes([1.0, 2.0, 3.0], 0, i16::MIN, 0);
    // exp(2.302585) = 10 m/s towards +x; angle 0xFFFF = a half turn.
    data.extend(record_bytes([2.0, 2.0, 3.0], 0xFFFF, 2303, 0));
    let mut inner = Vec::new();
    for v in [0x0A02_B000u32, 1, 0, 100, 9, data.len() as u32] {
        inner.extend(v.to_le_bytes());
    }
    inner.extend(&data);
    for v in [2u32, 0, 22] {
        inner.extend(v.to_le_bytes());
    }
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    z.write_all(&inner).unwrap();
    let packed = z.finish().unwrap();
    let mut out = Vec::new();
    out.extend((inner.len() as u32).to_le_bytes());
    out.extend((packed.len() as u32).to_le_bytes());
    out.extend(packed);
    out
}

#[test]
fn decodes_a_written_buffer() {
    let g = decode_chunk(0x0303_F005, &chunk(), 1000, None).unwrap();
    assert_eq!((g.period_ms, g.version, g.samples.len()), (100, 9, 2));
    assert_eq!(
        g.space,
        SampleSpace::Inflated {
            compressed: ByteRange::new(1008, 1008 + (chunk().len() as u64 - 8))
        }
    );
    let [a, b] = [g.samples[0], g.samples[1]];
    assert_eq!((a.time_ms, b.time_ms), (0, 100));
    assert_eq!(a.position, [1.0, 2.0, 3.0]);
    assert_eq!(a.rotation, [0.0, 0.0, 0.0, 1.0]);
    assert_eq!(a.speed, Some(0.0));
    // Sample data starts after six u32 of header.
    assert_eq!((a.range.start, a.range.end, b.range.end), (24, 46, 68));
    assert!((b.rotation[3] + 1.0).abs() < 1e-6, "half turn: w = -1");
    let v = b.velocity.unwrap();
    assert!((v[0] - 10.0).abs() < 0.01 && v[1].abs() < 1e-6 && v[2].abs() < 1e-6);
    assert!((b.speed_kmh().unwrap() - 36.0).abs() < 0.05);
}

#[test]
fn unknown_class_is_reported() {
    let mut c = chunk();
    // Re-pack with another class id.
    let mut inner = Vec::new();
    flate2::read::ZlibDecoder::new(&c[8..])
        .read_to_end(&mut inner)
        .unwrap();
    inner[..4].copy_from_slice(&0x0A40_1000u32.to_le_bytes());
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    z.write_all(&inner).unwrap();
    let packed = z.finish().unwrap();
    c.truncate(4);
    c.extend((packed.len() as u32).to_le_bytes());
    c.extend(packed);
    let r = decode_chunk(0x0303_F005, &c, 0, None);
    assert_eq!(
        r,
        Err(SampleError::UnknownLayout {
            class_id: 0x0A40_1000,
            version: 9
        })
    );
}
