//! `toolbox::inputs`: the CSV has one row per decoded event and the script
//! one line per event.

use crate::name;
use trackbench_core::gbx::ghosts;
use trackbench_core::toolbox::inputs::{InputSource, inputs_csv, inputs_script};
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus_ending};

#[test]
fn csv_rows_and_script_lines_match_the_decoded_events() {
    if corpus_dir_or_warn("toolbox inputs").is_none() {
        return;
    }
    let mut checked = 0;
    for file in gbx_corpus_ending(".gbx") {
        let path = &file.path;
        let g = file.gbx();
        for gi in ghosts(g).iter().filter(|g| !g.inputs.is_empty()) {
            let n = name(path);
            let csv = inputs_csv(&gi.inputs);
            let rows: Vec<&str> = csv.lines().skip(1).collect();
            assert_eq!(rows.len(), gi.inputs.len(), "{n}");
            for (row, e) in rows.iter().zip(&gi.inputs) {
                let cells: Vec<&str> = row.rsplitn(2, ',').collect();
                assert_eq!(cells[0], e.value.to_string(), "{n}");
                if e.name == "Steer" {
                    assert!(
                        (-65_536..=65_536).contains(&cells[0].parse::<i32>().unwrap()),
                        "{n}: {row}"
                    );
                }
                assert!(
                    cells[1].starts_with(&format!("{},", e.time_ms)),
                    "{n}: {row}"
                );
            }
            let script = inputs_script(&gi.inputs, InputSource::of_chunk(gi.inputs_chunk));
            assert_eq!(script.lines().count(), gi.inputs.len(), "{n}");
            checked += 1;
        }
    }
    assert!(checked >= 3, "{checked} ghosts with inputs");
}
