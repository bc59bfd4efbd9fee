//! Issue 30 "Damage", measured on the decompressed body: for each complete
//! `.Map.Gbx` of the folder given (default: the corpus's `gbx/`), the body
//! is stored uncompressed (`toolbox::convert::decompress_file`, the same
//! body bytes, re-encoded without LZO), then one byte at each of `FLIPS`
//! pseudo-random body offsets is flipped in turn (`b ^ 0xFF`) and the
//! mutant parsed: an error, damaged (not complete), or still complete. A
//! complete mutant is then split by what the flip landed in: the bytes of
//! a decoded value (a number, a string's text, a float: no check can see
//! it, the body has no checksum) or structure (ids, counts, sizes, markers,
//! raw chunk bytes).
//!
//! `cargo run -p trackbench-core --example body_mutants [DIR] [MAPS] [FLIPS]`
//! (`BODY_MUTANTS_WHERE=1`: each complete mutant outside a value's bytes
//! is named on stderr by its chunk and field; docs/DAMAGE.md has the
//! figures).

use trackbench_core::gbx::Gbx;
use trackbench_core::toolbox::convert::decompress_file;

/// Counts of one run.
#[derive(Default)]
struct Tally {
    errors: usize,
    damaged: usize,
    complete_in_value: usize,
    complete_elsewhere: usize,
}

impl Tally {
    fn total(&self) -> usize {
        self.errors + self.damaged + self.complete_in_value + self.complete_elsewhere
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().map_or_else(
        || std::path::PathBuf::from("../shared/corpus/gbx"),
        Into::into,
    );
    let maps: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(6);
    let flips: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("folder")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            let name = p.to_string_lossy().to_ascii_lowercase();
            name.ends_with(".map.gbx") || name.ends_with(".challenge.gbx")
        })
        .collect();
    files.sort();
    let mut all = Tally::default();
    let mut used = 0;
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    for path in files {
        if used == maps {
            break;
        }
        let Some((stored, body_at, gbx)) = uncompressed(&path) else {
            continue;
        };
        used += 1;
        let values = value_bytes(&gbx);
        let len = gbx.body.len() as u64;
        let mut here = Tally::default();
        for _ in 0..flips {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let pos = seed % len;
            let mut m = stored.clone();
            let at = usize::try_from(body_at + pos).expect("offset");
            m[at] ^= 0xFF;
            match Gbx::parse(m) {
                Err(_) => here.errors += 1,
                Ok(g) if g.partial_reason().is_some() => here.damaged += 1,
                Ok(_) if values.get(usize::try_from(pos).expect("pos")) == Some(&true) => {
                    here.complete_in_value += 1;
                }
                Ok(_) => {
                    if std::env::var_os("BODY_MUTANTS_WHERE").is_some() {
                        eprintln!("WHERE {}", where_is(&gbx, pos));
                    }
                    here.complete_elsewhere += 1;
                }
            }
        }
        println!(
            "{}: {} errors, {} damaged, {} complete ({} in a value's bytes)",
            path.file_name().unwrap_or_default().to_string_lossy(),
            here.errors,
            here.damaged,
            here.complete_in_value + here.complete_elsewhere,
            here.complete_in_value
        );
        all.errors += here.errors;
        all.damaged += here.damaged;
        all.complete_in_value += here.complete_in_value;
        all.complete_elsewhere += here.complete_elsewhere;
    }
    report(used, flips, &all);
}

/// The file with its body stored uncompressed, where the body starts in
/// it, and its parse; `None` for files that do not read completely.
fn uncompressed(path: &std::path::Path) -> Option<(Vec<u8>, u64, Gbx)> {
    let gbx = Gbx::parse(std::fs::read(path).ok()?).ok()?;
    if gbx.partial_reason().is_some() || gbx.body.is_empty() {
        return None;
    }
    let stored = if gbx.header.body_compressed {
        decompress_file(&gbx).ok()?
    } else {
        gbx.file.clone()
    };
    let gbx = Gbx::parse(stored.clone()).ok()?;
    let body_at = gbx.body_info.as_ref()?.data_range.start;
    Some((stored, body_at, gbx))
}

/// For each body byte: true when it belongs to a decoded leaf value that
/// is not structure (not a count, size, id, version or node reference).
fn value_bytes(gbx: &Gbx) -> Vec<bool> {
    let mut out = vec![false; gbx.body.len()];
    for node in &gbx.nodes {
        for chunk in &node.chunks {
            mark(gbx.chunk_fields(chunk), &mut out);
        }
    }
    out
}

fn mark(list: trackbench_core::gbx::FieldList<'_>, out: &mut [bool]) {
    use trackbench_core::gbx::Value;
    for f in list.iter() {
        if f.is_group() {
            mark(f.children(), out);
            continue;
        }
        let name = f.name().to_ascii_lowercase();
        let structural = ["count", "size", "version", "id", "ref", "index", "len"]
            .iter()
            .any(|w| name.contains(w));
        let is_value = matches!(
            f.value(),
            Value::F32(_) | Value::Vec2(_) | Value::Vec3(_) | Value::Str(_) | Value::TimeMs(_)
        ) || (!structural
            && matches!(
                f.value(),
                Value::U8(_) | Value::U16(_) | Value::U32(_) | Value::I32(_) | Value::Bool(_)
            ));
        if !is_value {
            continue;
        }
        let r = f.range();
        // A string's length prefix is structure; its text is a value.
        let start = if matches!(f.value(), Value::Str(_)) {
            r.start + 4
        } else {
            r.start
        };
        for b in start..r.end {
            if let Some(x) = usize::try_from(b).ok().and_then(|b| out.get_mut(b)) {
                *x = true;
            }
        }
    }
}

#[allow(clippy::cast_precision_loss)]
fn report(used: usize, flips: u64, t: &Tally) {
    let total = t.total();
    let share = |n: usize| 100.0 * n as f64 / total.max(1) as f64;
    let complete = t.complete_in_value + t.complete_elsewhere;
    println!(
        "{used} maps x {flips} body flips = {total} mutants: {} errors ({:.1}%), {} damaged \
         ({:.1}%), {complete} still complete ({:.1}%): {} in a decoded value's bytes ({:.1}%), \
         {} elsewhere ({:.1}%)",
        t.errors,
        share(t.errors),
        t.damaged,
        share(t.damaged),
        share(complete),
        t.complete_in_value,
        share(t.complete_in_value),
        t.complete_elsewhere,
        share(t.complete_elsewhere)
    );
}

/// What holds body offset `pos` (for `BODY_MUTANTS_WHERE=1`): the
/// innermost field's name and value type, or the chunk when no field does.
fn where_is(gbx: &Gbx, pos: u64) -> String {
    for node in &gbx.nodes {
        for chunk in &node.chunks {
            if !(chunk.range.start..chunk.range.end).contains(&pos) {
                continue;
            }
            let mut found = format!("chunk {:#010x} {:?} (no field)", chunk.id, chunk.status);
            let mut list = Some(gbx.chunk_fields(chunk));
            while let Some(l) = list.take() {
                for f in l.iter() {
                    let r = f.range();
                    if (r.start..r.end).contains(&pos) {
                        let v = format!("{:?}", f.value());
                        let kind = v.split(['(', ' ', '{']).next().unwrap_or("").to_owned();
                        found = format!("chunk {:#010x} field {} {kind}", chunk.id, f.name());
                        if f.is_group() {
                            list = Some(f.children());
                        }
                        break;
                    }
                }
            }
            return found;
        }
    }
    "outside every chunk".into()
}
