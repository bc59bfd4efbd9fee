//! Issue 30 "Damage", issue 43 finding 7: how often one flipped byte in the
//! compressed body of a map still reads as "complete". Of the `.Map.Gbx`
//! and `.Challenge.Gbx` files with an LZO body that read complete in the
//! folder given (default: the corpus's `gbx/`), sorted by name, `MAPS` are
//! taken evenly spaced over the list (so every game of the corpus is in
//! it, not only the first names), and `FLIPS` bytes at fixed pseudo-random
//! places (xorshift64, fixed seed) of each one's compressed data are each
//! flipped in turn (`b ^ 0xFF`); the mutant is parsed: an error, partial,
//! or complete. The body has no checksum, so some mutants cannot be told
//! from a real map; for each of those the chunk holding the first decoded
//! byte that changed is printed (the tally says which data no check sees).
//! Figures in docs/DAMAGE.md.
//!
//! `cargo run -p trackbench-core --example damage_mutants [DIR] [MAPS] [FLIPS]`

use std::collections::BTreeMap;
use trackbench_core::gbx::Gbx;

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().map_or_else(
        || std::path::PathBuf::from("../shared/corpus/gbx"),
        Into::into,
    );
    let maps: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(50);
    let flips: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(3);
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
    let mut lzo_maps = 0;
    let eligible: Vec<(std::path::PathBuf, Vec<u8>)> = files
        .into_iter()
        .filter_map(|path| {
            let bytes = std::fs::read(&path).ok()?;
            let gbx = Gbx::parse(bytes.clone()).ok()?;
            let lzo = gbx
                .body_info
                .as_ref()
                .is_some_and(|b| b.compressed_size.is_some());
            lzo_maps += usize::from(lzo);
            if let (true, Some(why)) = (lzo, gbx.partial_reason()) {
                println!("not used, partial: {}: {why}", path.display());
            }
            (lzo && gbx.completeness().complete).then_some((path, bytes))
        })
        .collect();
    println!(
        "{} of {lzo_maps} maps with an LZO body read complete",
        eligible.len()
    );
    let take = maps.min(eligible.len());
    let chosen: Vec<_> = (0..take)
        .map(|k| &eligible[k * eligible.len() / take])
        .collect();
    let (mut counts, mut unseen) = ([0usize; 3], BTreeMap::<String, usize>::new());
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    for (path, bytes) in &chosen {
        let gbx = Gbx::parse(bytes.clone()).expect("parsed above");
        let body = gbx.body_info.as_ref().expect("checked above");
        let (start, len) = (body.data_range.start, body.data_range.len());
        let mut here = [0usize; 3];
        for _ in 0..flips {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let at = usize::try_from(start + seed % len).expect("offset");
            let mut m = bytes.clone();
            m[at] ^= 0xFF;
            let slot = match Gbx::parse(m) {
                Err(_) => 0,
                Ok(g) if g.completeness().complete => {
                    *unseen.entry(where_changed(&gbx, &g)).or_default() += 1;
                    2
                }
                Ok(_) => 1,
            };
            here[slot] += 1;
        }
        println!(
            "{}: {} errors, {} partial, {} complete",
            path.file_name().unwrap_or_default().to_string_lossy(),
            here[0],
            here[1],
            here[2]
        );
        for (c, h) in counts.iter_mut().zip(here) {
            *c += h;
        }
    }
    let [errors, partial, complete] = counts;
    let total = errors + partial + complete;
    #[allow(clippy::cast_precision_loss)]
    let share = |n: usize| 100.0 * n as f64 / total.max(1) as f64;
    println!("still complete, by the chunk holding the first decoded byte changed:");
    for (what, n) in &unseen {
        println!("  {n:4}  {what}");
    }
    println!(
        "{} maps x {flips} flips = {total} mutants: {errors} errors ({:.1}%), {partial} \
         partial ({:.1}%), {complete} still complete ({:.1}%); detected {:.1}%",
        chosen.len(),
        share(errors),
        share(partial),
        share(complete),
        share(errors + partial)
    );
}

/// The chunk of `orig` holding the first body byte that differs in
/// `mutant` ("same body" when the decoded bodies are equal).
fn where_changed(orig: &Gbx, mutant: &Gbx) -> String {
    let Some(at) = orig
        .body
        .iter()
        .zip(&mutant.body)
        .position(|(a, b)| a != b)
        .or_else(|| (orig.body.len() != mutant.body.len()).then_some(orig.body.len()))
    else {
        return "same body".into();
    };
    let at = u64::try_from(at).unwrap_or(u64::MAX);
    orig.nodes
        .iter()
        .flat_map(|n| &n.chunks)
        .rfind(|c| c.range.start <= at && at < c.range.end)
        .map_or_else(
            || "outside any chunk".into(),
            |c| {
                let field = leaf_at(orig.chunk_fields(c), at).unwrap_or_default();
                format!("chunk {:#010x} {}: {field}", c.id, c.name.unwrap_or(""))
            },
        )
}

/// The name of the innermost field of `list` whose bytes hold body offset
/// `at`, with its parents' names ("frames.frame.image0").
fn leaf_at(list: trackbench_core::gbx::FieldList<'_>, at: u64) -> Option<String> {
    let f = list
        .iter()
        .find(|f| f.range().start <= at && at < f.range().end)?;
    let name = f.name().to_owned();
    Some(match leaf_at(f.children(), at) {
        Some(inner) if f.is_group() => format!("{name}.{inner}"),
        _ => name,
    })
}
