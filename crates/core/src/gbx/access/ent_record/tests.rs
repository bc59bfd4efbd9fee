use super::*;
use std::io::Write;

fn u32s(out: &mut Vec<u8>, values: &[u32]) {
    for v in values {
        out.extend(v.to_le_bytes());
    }
}

/// A 103-byte car delta at `x` metres, 10 m/s, with steer byte `steer`.
fn delta(x: f32, steer: u8) -> Vec<u8> {
    let mut d = vec![0u8; 103];
    d[14] = steer;
    d[47..51].copy_from_slice(&x.to_le_bytes());
    // exp(2.302585) = 10 m/s.
    d[65..67].copy_from_slice(&2303i16.to_le_bytes());
    d
}

/// Record data with one car entity whose deltas are `deltas` (time, bytes),
/// in the layout of `version` (10: plain, 11: encoded).
fn record_data(version: u32, deltas: &[(u32, Vec<u8>)]) -> Vec<u8> {
    let mut inner = Vec::new();
    u32s(&mut inner, &[0, 1000, 1, VEHICLE_VIS, 0, 0, 0, 0, 0, 0]);
    inner.push(1);
    u32s(&mut inner, &[0, 0, 0, 0, 0]);
    if version >= 11 {
        let size = deltas[0].1.len();
        u32s(&mut inner, &[deltas.len() as u32, size as u32]);
        let mut last = 0;
        for (t, _) in deltas {
            u32s(&mut inner, &[t - last]);
            last = *t;
        }
        for k in 0..size {
            let mut prev = 0u8;
            for (_, d) in deltas {
                inner.push(d[k].wrapping_sub(prev));
                prev = d[k];
            }
        }
    } else {
        for (t, d) in deltas {
            inner.push(1);
            u32s(&mut inner, &[*t, d.len() as u32]);
            inner.extend(d);
        }
        inner.push(0);
    }
    inner.extend([0, 0]);
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    z.write_all(&inner).unwrap();
    let packed = z.finish().unwrap();
    let mut out = Vec::new();
    u32s(
        &mut out,
        &[version, inner.len() as u32, packed.len() as u32],
    );
    out.extend(packed);
    out
}

#[test]
fn encoded_and_plain_deltas_decode_alike() {
    let deltas = vec![
        (0, delta(1.0, 128)),
        (50, delta(1.5, 255)),
        (100, delta(2.0, 0)),
    ];
    let plain = decode(&record_data(10, &deltas), 0).unwrap();
    let encoded = decode(&record_data(11, &deltas), 0).unwrap();
    for g in [&plain, &encoded] {
        let times: Vec<i64> = g.samples.iter().map(|s| s.time_ms).collect();
        assert_eq!(times, [0, 50, 100]);
        assert_eq!(g.samples[1].position[0], 1.5);
        assert!((g.samples[1].speed.unwrap() - 10.0).abs() < 0.01);
        let steer: Vec<f32> = g
            .samples
            .iter()
            .map(|s| s.car.unwrap().steer.unwrap())
            .collect();
        assert_eq!(steer, [(128.0 / 255.0 - 0.5) * 2.0, 1.0, -1.0]);
        assert_eq!(g.period_ms, 50);
    }
    // Encoded samples point at their time differences.
    let r = encoded.samples[1].range;
    assert_eq!(
        (r.end - r.start, encoded.samples[2].range.start),
        (4, r.end)
    );
}

#[test]
fn encoded_counts_beyond_the_data_are_refused() {
    let mut inner = Vec::new();
    u32s(&mut inner, &[0, 0, 1, VEHICLE_VIS, 0, 0, 0, 0, 0, 0]);
    inner.push(1);
    u32s(&mut inner, &[0, 0, 0, 0, 0, 1_000_000, 1_000_000]);
    let e = car_samples(&inner, 0, "t", 11).unwrap_err();
    assert!(e.to_string().contains("encoded deltas"), "{e}");
    let mut inner2 = inner.clone();
    inner2.truncate(inner2.len() - 8);
    u32s(&mut inner2, &[2, 0x4000_0000, 0, 0]);
    let e = car_samples(&inner2, 0, "t", 11).unwrap_err();
    assert!(e.to_string().contains("encoded deltas"), "{e}");
}
