//! Placeholder field names (`u01`, `u02`, …: a value no public source
//! explains, see the `classes` module doc), counted over
//! ../shared/corpus/gbx so the count can only go down.
//!
//! What is counted: distinct (space, chunk id, field path) triples whose
//! last name is a placeholder, over every header chunk and every body chunk
//! of every node of every corpus file. The path is the field names from the
//! chunk down, indices dropped (`blocks/u01`), so one placeholder of a
//! decoder used in several chunks counts once per chunk. Run with
//! `--nocapture` to see the list.

use std::collections::BTreeSet;
use trackbench_core::gbx::{Chunk, FieldList, Gbx};
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus};

/// The ceiling: the count may fall below it, never rise above it. Lower it
/// when names are found (issue 27: 354 on the untouched decoders, 331 after
/// the field-names renames, 327 after round 2; 330 with the late TM2020
/// chunks of issue 28: 0x0304305C's two uint lists `u01`/`u02` and
/// 0x0304305E's reserved int `u01`, unnamed in GBX.NET's chunkl too; 335
/// with the ghost chunks decoded from jussyDr/gbx's layouts, which name
/// nothing: 0x0303F007's one u32 and 0x0309202B's `u01`, `u02`,
/// `checkpoints/checkpoint/u03` and `u04`; 333 measured on branch namesa,
/// 330 with branch namesb merged too, issue 42; 325 after branch namesb's
/// second round: gbx-py's names for CPlugSolid2Model, CGameItemModel
/// 0x01F and CGameCommonItemEntityModel; 322 with CPlugSolid's `hasModel`
/// and `hasPreLightGen` and CGameCtnMacroBlockInfo 0x011's `version`);
/// on branch namesa alone, 326 after its third round: 0x24092000/002 `displayMode`, 0x03092028's checksum
/// halves); 329 when the ghost validation's `ignored` (0x03092011, 0x019,
/// 0x025) took GBX.NET's own name `u01` (`Chunk03092011` U01, "always 0
/// now"; the same value the replay's 0x0309300D already called `u01`); 321 with both branches merged;
/// 318 on branch names42's second round: CGameItemModel header 0x001 and
/// CPlugTreeGenerator 0x000 hold their `version` (GBX.NET, gbx-py), and
/// CGameCtnCollector 0x012's first int is gbx-py's `version`.
const CEILING: usize = 318;

/// True for a placeholder name: `u` and digits only.
fn is_placeholder(name: &str) -> bool {
    name.len() > 1 && name.starts_with('u') && name[1..].bytes().all(|b| b.is_ascii_digit())
}

fn walk(fields: FieldList<'_>, key: &str, path: &str, out: &mut BTreeSet<String>) {
    for f in fields {
        let p = if path.is_empty() {
            f.name().to_string()
        } else {
            format!("{path}/{}", f.name())
        };
        if is_placeholder(f.name()) {
            out.insert(format!("{key} {p}"));
        }
        walk(f.children(), key, &p, out);
    }
}

fn chunk(gbx: &Gbx, c: &Chunk, space: &str, out: &mut BTreeSet<String>) {
    let key = format!("{space} {:#010x}", c.id);
    walk(gbx.chunk_fields(c), &key, "", out);
}

#[test]
fn placeholder_names_only_go_down() {
    if corpus_dir_or_warn("gbx_placeholders").is_none() {
        return;
    }
    let mut found = BTreeSet::new();
    for file in gbx_corpus() {
        let Ok(g) = &file.parse else { continue };
        for c in &g.header.chunks {
            chunk(g, c, "header", &mut found);
        }
        for n in &g.nodes {
            for c in &n.chunks {
                chunk(g, c, "body", &mut found);
            }
        }
    }
    for p in &found {
        println!("{p}");
    }
    println!("placeholder fields: {}", found.len());
    assert!(
        found.len() <= CEILING,
        "{} placeholder fields, more than the ceiling {CEILING}: name the new ones (GBX.NET) or explain them",
        found.len()
    );
}
