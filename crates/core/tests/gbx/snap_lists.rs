//! The snapping lists of 0x03043040 (GBX.NET `Chunk03043040`) stay true
//! when blocks and items are deleted, moved or duplicated, on the corpus
//! TM2020 maps that have them: every item's snap target and every
//! connected pair name the same records (block name and coords, item name
//! and position) before and after, undo gives the original bytes.

use trackbench_core::edit::map_ops::{Selection, delete_selection};
use trackbench_core::edit::records::{duplicate_record, move_record};
use trackbench_core::edit::{ChunkRef, Edit, EditError, FieldLoc, GbxDocument, find_field_loc};
use trackbench_core::gbx::access::map_contents::map_contents;
use trackbench_core::gbx::{FieldRef, Gbx};
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus, gbx_named};

const ITEMS: u32 = 0x0304_3040;
const BLOCKS: u32 = 0x0304_301F;

/// A snap target: (0 block / 1 item / 2 none, position in 0x01F `blocks` / items).
type Target = (u8, usize);

/// The lists of 0x040 by meaning, in positions.
#[derive(Debug, Clone)]
struct Snap {
    /// Per item: the (target, group) it is snapped on.
    snapped: Vec<Option<(Target, i64)>>,
    /// (placed-on item, item placed on it).
    pairs: Vec<(usize, usize)>,
}

fn ints(f: Option<FieldRef<'_>>) -> Vec<i64> {
    let Some(f) = f else { return Vec::new() };
    let mut out = Vec::new();
    for e in f.children().iter().filter(|e| e.name() != "count") {
        let kids: Vec<FieldRef<'_>> = e.children().iter().collect();
        let vals: Vec<i64> = if kids.is_empty() {
            e.int().into_iter().collect()
        } else {
            kids.iter().filter_map(|k| k.int()).collect()
        };
        out.extend(vals.into_iter().map(|v| i64::from(v as u32 as i32)));
    }
    out
}

fn chunk_of(gbx: &Gbx, id: u32) -> Option<ChunkRef> {
    let main = gbx.main_node()?;
    let ci = main.chunks.iter().position(|c| c.id == id)?;
    Some(ChunkRef::Body { node: 0, chunk: ci })
}

fn snap(gbx: &Gbx) -> Option<Snap> {
    let c = gbx.main_node()?.chunk(ITEMS)?;
    let f = gbx.chunk_fields(c);
    let (sb, si, sg) = (
        ints(f.find("snappedBlocks")),
        ints(f.find("snappedItems")),
        ints(f.find("snapItemGroups")),
    );
    let isi = ints(f.find("itemSnapIndexes"));
    let snapped = isi
        .iter()
        .map(|&s| {
            let s = usize::try_from(s).ok()?;
            let t = if sb[s] >= 0 {
                (0, sb[s] as usize)
            } else if si.get(s).is_some_and(|&i| i >= 0) {
                (1, si[s] as usize)
            } else {
                (2, 0) // a slot naming neither (kept as read)
            };
            Some((t, sg[s]))
        })
        .collect();
    let p = ints(f.find("connectedItemPairs"));
    let pairs = p
        .chunks_exact(2)
        .map(|p| (p[0] as usize, p[1] as usize))
        .collect();
    Some(Snap { snapped, pairs })
}

/// Names of the records: 0x01F blocks (name and coords), items (name and
/// position).
fn names(gbx: &Gbx) -> [Vec<String>; 2] {
    let main = gbx.main_node().unwrap();
    let blocks = main
        .chunk(BLOCKS)
        .and_then(|c| gbx.chunk_fields(c).child("blocks"))
        .map(|l| {
            l.children()
                .iter()
                .map(|b| {
                    let k = b.children();
                    let name = k
                        .child("blockName")
                        .and_then(|n| n.text())
                        .unwrap_or_default();
                    let xyz: Vec<i64> = ["x", "y", "z"]
                        .iter()
                        .filter_map(|n| k.child(n).and_then(|f| f.int()))
                        .collect();
                    format!("{name}@{xyz:?}")
                })
                .collect()
        })
        .unwrap_or_default();
    let items = map_contents(gbx)
        .unwrap()
        .items
        .iter()
        .map(|i| format!("{}@{:?}", i.name, i.position_m))
        .collect();
    [blocks, items]
}

/// Per item its target's name and group; the pairs' names.
type Named = (Vec<Option<(String, i64)>>, Vec<(String, String)>);

/// The snap lists in names.
fn named(s: &Snap, n: &[Vec<String>; 2]) -> Named {
    let t = |(k, p): Target| {
        n.get(usize::from(k))
            .map_or("none".into(), |l| l[p].clone())
    };
    (
        s.snapped
            .iter()
            .map(|o| o.map(|(x, g)| (t(x), g)))
            .collect(),
        s.pairs
            .iter()
            .map(|&(a, b)| (n[1][a].clone(), n[1][b].clone()))
            .collect(),
    )
}

/// The corpus TM2020 maps whose items are snapped or connected.
fn maps() -> Vec<(String, &'static Gbx)> {
    let mut out = Vec::new();
    for file in gbx_corpus() {
        let Ok(gbx) = &file.parse else {
            continue;
        };
        let Some(s) = snap(gbx) else { continue };
        if s.snapped.iter().any(Option::is_some) || !s.pairs.is_empty() {
            out.push((file.name.clone(), gbx));
        }
    }
    out
}

/// The edit, or `None` for a refusal that is not about the snapping lists
/// (recorded in `refused`: e.g. a raw chunk that may use lookback strings).
fn built(
    r: Result<Edit, EditError>,
    file: &str,
    what: &str,
    refused: &mut Vec<String>,
) -> Option<Edit> {
    match r {
        Ok(e) => Some(e),
        Err(EditError::Invalid(why)) if !why.contains("0x03043040") => {
            refused.push(format!("{file}: {what}: {why}"));
            None
        }
        Err(e) => panic!("{file}: {what}: {e}"),
    }
}

/// Applies `edit`, checks the complete re-parse and that the snap lists
/// name `want`; undo gives the original bytes.
fn check(file: &str, gbx: &Gbx, edit: Edit, want: &Named) {
    let mut doc = GbxDocument::from_gbx(gbx.clone());
    let original = doc.bytes().to_vec();
    doc.apply(edit).unwrap_or_else(|e| panic!("{file}: {e}"));
    let again = Gbx::parse(doc.bytes().to_vec()).unwrap();
    assert!(again.summary().completeness.complete, "{file}: complete");
    let got = named(&snap(&again).unwrap(), &names(&again));
    assert!(got == *want, "{file}: snap lists\n{got:?}\n!=\n{want:?}");
    doc.undo().unwrap();
    assert!(doc.bytes() == original.as_slice(), "{file}: undo");
}

/// `named` of `s` with the records `gone` deleted: entries naming them
/// drop to none, pairs naming them leave.
fn without(s: &Snap, n: &[Vec<String>; 2], gone: &[Target]) -> Named {
    let mut s = s.clone();
    for o in &mut s.snapped {
        if o.is_some_and(|(t, _)| gone.contains(&t)) {
            *o = None;
        }
    }
    let mut items: Vec<usize> = gone.iter().filter(|t| t.0 == 1).map(|t| t.1).collect();
    items.sort_unstable();
    for &i in items.iter().rev() {
        if !s.snapped.is_empty() {
            s.snapped.remove(i);
        }
    }
    s.pairs
        .retain(|&(a, b)| !items.contains(&a) && !items.contains(&b));
    named(&s, n)
}

#[test]
fn deleting_a_snapped_on_block_or_item_keeps_the_snapping_lists_true() {
    if corpus_dir_or_warn("snap_lists delete").is_none() {
        return;
    }
    let all = maps();
    let (mut done, mut refused) = (Vec::new(), Vec::new());
    for (file, gbx) in &all {
        let s = snap(gbx).unwrap();
        let n = names(gbx);
        let c = map_contents(gbx).unwrap();
        // A block something is snapped on (else the middle one of 0x01F).
        let bpos = s
            .snapped
            .iter()
            .flatten()
            .find(|(t, _)| t.0 == 0)
            .map_or(n[0].len() / 2, |(t, _)| t.1);
        let rec = gbx
            .chunk_fields(gbx.main_node().unwrap().chunk(BLOCKS).unwrap())
            .child("blocks")
            .unwrap()
            .children()
            .get(bpos)
            .unwrap()
            .range();
        let bi = c.blocks.iter().position(|b| b.range() == rec).unwrap();
        let r = delete_selection(gbx, &Selection::blocks([bi]));
        if let Some(e) = built(r, file, "delete block", &mut refused) {
            check(file, gbx, e, &without(&s, &n, &[(0, bpos)]));
            done.push(format!("{file}: block"));
        }
        // An item something is snapped on or placed on, else a snapped one.
        let ipos = s
            .snapped
            .iter()
            .flatten()
            .find(|(t, _)| t.0 == 1)
            .map(|(t, _)| t.1)
            .or_else(|| s.pairs.first().map(|p| p.0))
            .or_else(|| s.snapped.iter().position(Option::is_some))
            .unwrap();
        let sel = Selection {
            blocks: Vec::new(),
            items: vec![ipos],
        };
        let r = delete_selection(gbx, &sel);
        if let Some(e) = built(r, file, "delete item", &mut refused) {
            check(file, gbx, e, &without(&s, &n, &[(1, ipos)]));
            done.push(format!("{file}: item"));
        }
    }
    eprintln!("snapping lists kept on {done:#?}; refused {refused:#?}");
    for want in [
        "Summer 2020 - 11.Map.Gbx: block",
        "Summer 2020 - 11.Map.Gbx: item",
    ] {
        assert!(
            done.iter().any(|f| f == want),
            "{want}: {done:#?} {refused:#?}"
        );
    }
}

#[test]
fn moving_and_duplicating_items_keeps_the_snapping_lists_true() {
    if corpus_dir_or_warn("snap_lists move").is_none() {
        return;
    }
    let (mut done, mut refused) = (Vec::new(), Vec::new());
    for (file, gbx) in &maps() {
        let s = snap(gbx).unwrap();
        let n = names(gbx);
        let loc: FieldLoc = find_field_loc(gbx, chunk_of(gbx, ITEMS).unwrap(), "items").unwrap();
        // Move the first snapped item down: every name stays.
        let i = s.snapped.iter().position(Option::is_some).unwrap_or(0);
        if i + 1 < n[1].len() {
            let r = move_record(gbx, &loc, i, false);
            let Some(e) = built(r, file, "move", &mut refused) else {
                continue;
            };
            let mut want = named(&s, &n);
            if !want.0.is_empty() {
                want.0.swap(i, i + 1);
            }
            check(file, gbx, e, &want);
        }
        // Duplicate it: the copy is snapped and placed on what it is.
        let r = duplicate_record(gbx, &loc, i);
        let Some(e) = built(r, file, "duplicate", &mut refused) else {
            continue;
        };
        let mut want = named(&s, &n);
        if let Some(copy) = want.0.get(i).cloned() {
            want.0.insert(i + 1, copy);
        }
        let extra: Vec<(String, String)> =
            want.1.iter().filter(|p| p.1 == n[1][i]).cloned().collect();
        for p in extra {
            let at = want.1.iter().position(|q| *q == p).unwrap();
            want.1.insert(at + 1, p);
        }
        check(file, gbx, e, &want);
        done.push(file.clone());
    }
    eprintln!("moved and duplicated on {done:#?}; refused {refused:#?}");
    assert!(
        done.iter().any(|f| f == "Summer 2020 - 11.Map.Gbx"),
        "{done:#?} {refused:#?}"
    );
}

/// The lead's case: 160 blocks and about 10 items of "Summer 2020 - 11" deleted
/// in one edit.
#[test]
fn deleting_160_blocks_and_items_of_summer_2020_11_keeps_the_snapping_lists_true() {
    if corpus_dir_or_warn("snap_lists 160").is_none() {
        return;
    }
    let file = "Summer 2020 - 11.Map.Gbx";
    let gbx = gbx_named(file).unwrap().gbx();
    let (s, n, c) = (snap(gbx).unwrap(), names(gbx), map_contents(gbx).unwrap());
    let recs: Vec<_> = gbx
        .chunk_fields(gbx.main_node().unwrap().chunk(BLOCKS).unwrap())
        .child("blocks")
        .unwrap()
        .children()
        .iter()
        .map(|e| e.range())
        .collect();
    let mut sel = Selection::default();
    let mut gone = Vec::new();
    // The blocks items are snapped on first, then others up to 160; none
    // the first of its name (the lookback strings, which the raw chunk
    // 0x0304305C may use, keep their order: that refusal is not tested here).
    let on: Vec<Target> = s.snapped.iter().flatten().map(|x| x.0).collect();
    let mut seen = std::collections::HashSet::new();
    let later: Vec<bool> = c.blocks.iter().map(|b| !seen.insert(b.name)).collect();
    let placed: Vec<(usize, Target)> = c
        .blocks
        .iter()
        .enumerate()
        .filter(|b| !b.1.baked && later[b.0])
        .map(|(i, b)| (i, (0, recs.iter().position(|r| *r == b.range()).unwrap())))
        .collect();
    let (mut first, rest): (Vec<_>, Vec<_>) = placed.into_iter().partition(|p| on.contains(&p.1));
    first.extend(rest);
    for (i, t) in first.into_iter().take(160) {
        sel.blocks.push(i);
        gone.push(t);
    }
    let mut seen = std::collections::HashSet::new();
    let later: Vec<usize> = (0..c.items.len())
        .filter(|&i| !seen.insert(c.items[i].name.clone()))
        .collect();
    for &i in later.iter().step_by(later.len().div_ceil(10).max(1)) {
        sel.items.push(i);
        gone.push((1, i));
    }
    assert!(
        gone.iter()
            .any(|t| s.snapped.iter().flatten().any(|x| x.0 == *t))
    );
    let e = delete_selection(gbx, &sel).unwrap_or_else(|e| panic!("{file}: {e}"));
    check(file, gbx, e, &without(&s, &n, &gone));
}
