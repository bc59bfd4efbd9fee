//! The structure of a lightmap image (0x03D, 0x05B frames), walked without
//! decoding a pixel (issue 43, finding 7): a JPEG's segments from its SOI
//! marker to its first scan, each length inside the image and consistent
//! with its content where the segment says how long it must be (SOF, DHT,
//! DQT, SOS; ITU-T T.81 annex B), and its EOI marker as its last two bytes;
//! WebP files one after the other to the field's end (the corpus's fields
//! hold several), each with its RIFF size, chunk sizes to its end and the
//! signature of its VP8 or VP8L bitstream (RFC 9649 sections 2.5 to 2.7). Bytes of any other
//! kind are not checked. The entropy-coded data and the bitstreams carry no
//! check of their own: a changed byte there is seen only by decoding.

/// Why `image` does not hold together, with the byte offset inside it;
/// `None` when it does or is neither JPEG nor WebP.
#[must_use]
pub fn image_problem(image: &[u8]) -> Option<String> {
    if image.starts_with(&[0xFF, 0xD8]) {
        jpeg(image).err().map(|e| format!("JPEG: {e}"))
    } else if image.starts_with(b"RIFF") {
        webp(image).err().map(|e| format!("WebP: {e}"))
    } else {
        None
    }
}

fn u16_be(b: &[u8], at: usize) -> Option<usize> {
    Some(usize::from(u16::from_be_bytes([
        *b.get(at)?,
        *b.get(at + 1)?,
    ])))
}

fn u32_le(b: &[u8], at: usize) -> Option<usize> {
    let bytes: [u8; 4] = b.get(at..at + 4)?.try_into().ok()?;
    usize::try_from(u32::from_le_bytes(bytes)).ok()
}

/// The segments from SOI to the first SOS; EOI last.
fn jpeg(b: &[u8]) -> Result<(), String> {
    if !b.ends_with(&[0xFF, 0xD9]) {
        return Err(format!(
            "no EOI marker as its last two bytes ({} bytes)",
            b.len()
        ));
    }
    let mut at = 2;
    loop {
        if b.get(at) != Some(&0xFF) {
            return Err(format!("no segment marker at byte {at}"));
        }
        while b.get(at) == Some(&0xFF) {
            at += 1;
        }
        let marker = *b.get(at).ok_or("it ends inside a marker")?;
        let start = at + 1;
        match marker {
            0xD0..=0xD7 | 0x01 => {
                at = start;
                continue;
            }
            0x00 | 0xD8 | 0xD9 => {
                return Err(format!(
                    "marker 0xFF{marker:02X} before the first scan (byte {at})"
                ));
            }
            _ => {}
        }
        let len = u16_be(b, start).ok_or("it ends inside a segment length")?;
        let end = start + len;
        if len < 2 || end > b.len() - 2 {
            return Err(format!(
                "segment 0xFF{marker:02X} at byte {at} declares {len} bytes, past the image"
            ));
        }
        if !content_fits(marker, &b[start + 2..end]) {
            return Err(format!(
                "segment 0xFF{marker:02X} at byte {at}: its {len} bytes disagree with its content"
            ));
        }
        if marker == 0xDA {
            return Ok(());
        }
        at = end;
    }
}

/// True when a segment's content (after its length field) is as long as
/// it says, for the segments whose content gives it; true for the others.
fn content_fits(marker: u8, body: &[u8]) -> bool {
    let want = match marker {
        // SOF0..SOF15 (not DHT 0xC4, JPG 0xC8, DAC 0xCC): 6 + 3 per component.
        0xC0..=0xCF if ![0xC4, 0xC8, 0xCC].contains(&marker) => {
            body.get(5).map(|&n| 6 + 3 * usize::from(n))
        }
        // SOS: 1 + 2 per component + 3.
        0xDA => body.first().map(|&n| 4 + 2 * usize::from(n)),
        // DHT: tables of 17 bytes and their symbol counts.
        0xC4 => tables(body, |t| {
            Some(17 + t.get(1..17)?.iter().map(|&n| usize::from(n)).sum::<usize>())
        }),
        // DQT: tables of 65 (8-bit) or 129 (16-bit) bytes.
        0xDB => tables(body, |t| Some(if t.first()? >> 4 == 0 { 65 } else { 129 })),
        _ => return true,
    };
    want == Some(body.len())
}

/// The bytes taken by the tables of a DHT or DQT segment, each as long as
/// `table_len` says from its start; `None` when one does not fit.
fn tables(body: &[u8], table_len: impl Fn(&[u8]) -> Option<usize>) -> Option<usize> {
    let mut at = 0;
    while at < body.len() {
        let n = table_len(body.get(at..)?)?;
        if at + n > body.len() {
            return None;
        }
        at += n;
    }
    Some(at)
}

/// One or more WebP files one after the other (a lightmap image field of
/// the corpus's maps holds several: each RIFF size ends before the field
/// does), each read by [`webp_file`], to the field's end exactly.
fn webp(b: &[u8]) -> Result<(), String> {
    let mut at = 0;
    while at < b.len() {
        if b.get(at..at + 4) != Some(b"RIFF") {
            return Err(format!("no RIFF header at byte {at}"));
        }
        at = webp_file(b, at)?;
    }
    Ok(())
}

/// The WebP file at `start`: RIFF size inside the field, "WEBP", its
/// chunks to its end, and the bitstream's signature; returns its end.
fn webp_file(b: &[u8], start: usize) -> Result<usize, String> {
    let riff = u32_le(b, start + 4).ok_or("it ends inside a RIFF header")?;
    if b.get(start + 8..start + 12) != Some(b"WEBP") {
        return Err(format!("no WEBP form type at byte {}", start + 8));
    }
    let file_end = (start + 8)
        .checked_add(riff)
        .filter(|&e| e <= b.len())
        .ok_or_else(|| format!("RIFF size {riff} at byte {start}, past the image"))?;
    let mut at = start + 12;
    while at < file_end {
        let fourcc = b.get(at..at + 4).ok_or("it ends inside a chunk header")?;
        let len = u32_le(b, at + 4).ok_or("it ends inside a chunk header")?;
        let data = at + 8;
        at = data
            .checked_add(len)
            .and_then(|e| e.checked_add(len & 1))
            .filter(|&e| e <= file_end)
            .ok_or_else(|| format!("chunk at byte {at} declares {len} bytes, past its file"))?;
        let signed = match fourcc {
            b"VP8L" => b.get(data) == Some(&0x2F),
            b"VP8 " => b.get(data + 3..data + 6) == Some(&[0x9D, 0x01, 0x2A]),
            _ => true,
        };
        if !signed {
            return Err(format!(
                "chunk at byte {} lacks its bitstream's signature",
                data - 8
            ));
        }
    }
    Ok(file_end)
}

#[cfg(test)]
mod tests {
    use super::image_problem;

    /// A baseline JPEG's frame: SOI, DQT (one 8-bit table), SOF0 (1
    /// component), DHT (one table of 2 symbols), SOS, 3 data bytes, EOI.
    fn jpeg() -> Vec<u8> {
        let mut j = vec![0xFF, 0xD8, 0xFF, 0xDB, 0, 67, 0];
        j.extend([1u8; 64]);
        j.extend([0xFF, 0xC0, 0, 11, 8, 0, 1, 0, 1, 1, 1, 0x11, 0]);
        j.extend([0xFF, 0xC4, 0, 21, 0, 0, 2]);
        j.extend([0u8; 14]);
        j.extend([3, 4]);
        j.extend([0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 63, 0]);
        j.extend([0x12, 0x34, 0x56, 0xFF, 0xD9]);
        j
    }

    fn webp() -> Vec<u8> {
        let mut w = b"RIFF".to_vec();
        w.extend(18u32.to_le_bytes());
        w.extend(b"WEBPVP8L");
        w.extend(5u32.to_le_bytes());
        w.extend([0x2F, 1, 2, 3, 4, 0]);
        w
    }

    #[test]
    fn whole_images_hold_together() {
        assert_eq!(image_problem(&jpeg()), None);
        assert_eq!(image_problem(&webp()), None);
        assert_eq!(image_problem(&[webp(), webp()].concat()), None);
        assert_eq!(image_problem(b"DDS other"), None);
    }

    #[test]
    fn finding_7_a_changed_image_length_marker_or_end_is_seen() {
        let j = jpeg();
        for (at, why) in [
            (5, "segment 0xFFDB at byte 3 declares 188 bytes"),
            (74, "segment 0xFFC0 at byte 72 declares 244 bytes"),
            (80, "segment 0xFFC0 at byte 72: its 11 bytes disagree"),
            (90, "segment 0xFFC4 at byte 85: its 21 bytes disagree"),
            (107, "no segment marker at byte 107"),
            (j.len() - 1, "no EOI marker"),
        ] {
            let mut m = j.clone();
            m[at] ^= 0xFF;
            let p = image_problem(&m).unwrap_or_else(|| panic!("byte {at} not seen"));
            assert!(p.contains(why), "byte {at}: {p}");
        }
        let mut m = jpeg();
        let n = m.len();
        m[n - 3] ^= 0xFF;
        assert_eq!(image_problem(&m), None, "entropy-coded data: no check");
        let w = webp();
        for (at, why) in [
            (4, "RIFF size 237 at byte 0, past the image"),
            (16, "chunk at byte 12 declares 250 bytes, past its file"),
            (20, "chunk at byte 12 lacks its bitstream's signature"),
            (26, "no RIFF header at byte 26"),
        ] {
            let mut m = [w.clone(), w.clone()].concat();
            m[at] ^= 0xFF;
            let p = image_problem(&m).unwrap_or_else(|| panic!("byte {at} not seen"));
            assert!(p.contains(why), "byte {at}: {p}");
        }
    }
}
