//! Issue 30 "Damage": how often one flipped byte in the compressed body of
//! a map still reads as "complete". For each `.Map.Gbx` with an LZO body in
//! the folder given (default: the corpus's `gbx/`), `FLIPS` bytes at
//! fixed pseudo-random places of the compressed data are each flipped in
//! turn (`b ^ 0xFF`), and the mutant is parsed: an error, partial, or
//! complete. The body has no checksum, so some mutants cannot be told from
//! a real map; the figure says how many.
//!
//! `cargo run -p trackbench-core --example damage_mutants [DIR] [MAPS] [FLIPS]`

use trackbench_core::gbx::Gbx;

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().map_or_else(
        || std::path::PathBuf::from("../shared/corpus/gbx"),
        Into::into,
    );
    let maps: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(12);
    let flips: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(40);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("folder")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.to_string_lossy()
                .to_ascii_lowercase()
                .ends_with(".map.gbx")
        })
        .collect();
    files.sort();
    let (mut errors, mut partial, mut complete, mut used) = (0, 0, 0, 0);
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    for path in files {
        if used == maps {
            break;
        }
        let bytes = std::fs::read(&path).expect("read");
        let Ok(gbx) = Gbx::parse(bytes.clone()) else {
            continue;
        };
        let Some(body) = gbx
            .body_info
            .as_ref()
            .filter(|b| b.compressed_size.is_some())
        else {
            continue;
        };
        if !gbx.completeness().complete {
            continue;
        }
        used += 1;
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
                Ok(g) if g.completeness().complete => 2,
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
        errors += here[0];
        partial += here[1];
        complete += here[2];
    }
    let total = errors + partial + complete;
    #[allow(clippy::cast_precision_loss)]
    let share = |n: usize| 100.0 * n as f64 / total.max(1) as f64;
    println!(
        "{used} maps x {flips} flips = {total} mutants: {errors} errors ({:.1}%), {partial} \
         partial ({:.1}%), {complete} still complete ({:.1}%)",
        share(errors),
        share(partial),
        share(complete)
    );
}
