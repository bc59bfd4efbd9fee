//! CGameBlockItem 0x2E025000 (the entity of `.Block.Gbx` custom blocks)
//! over the corpus: the block info it customizes is the one named by the
//! collector's page name (CGameCtnCollector 0x2E001009 of the same file),
//! and its first variant's mesh is a CPlugCrystal node, where reading of
//! these files stops (see known_stops.rs).

use trackbench_core::gbx::{FieldRef, Value};
use trackbench_testkit::{corpus_dir_or_warn, gbx_corpus_ending};

fn text(f: FieldRef<'_>) -> String {
    match f.value() {
        Value::Str(s) => s,
        Value::Lookback { text, .. } => text.unwrap_or_default(),
        v => panic!("{} is not text: {v:?}", f.name()),
    }
}

#[test]
fn block_items_name_their_page_block_and_hold_crystal_variants() {
    if corpus_dir_or_warn("gbx_block_item").is_none() {
        return;
    }
    let mut checked = 0;
    for file in gbx_corpus_ending(".Block.Gbx") {
        let name = &file.name;
        let g = file.gbx();
        let Some(item) = g.nodes.iter().position(|n| n.class_id == 0x2E02_5000) else {
            continue;
        };
        let chunk = |n: usize, id: u32| {
            g.nodes[n]
                .chunks
                .iter()
                .find(|c| c.id == id)
                .unwrap_or_else(|| panic!("{name}: no {id:#010x}"))
        };
        let page = g.chunk_field(chunk(0, 0x2E00_1009), "pageName").map(text);
        let fields = g.chunk_fields(chunk(item, 0x2E02_5000));
        let archetype = fields.find("archetypeBlockInfoId").map(text);
        assert!(page.is_some(), "{name}");
        assert_eq!(archetype, page, "{name}");
        let Some(Value::NodeRef {
            node: Some(mesh), ..
        }) = fields.find("crystal").map(FieldRef::value)
        else {
            panic!("{name}: first variant has no mesh node");
        };
        assert_eq!(g.nodes[mesh].class_id, 0x0900_3000, "{name}: CPlugCrystal");
        checked += 1;
    }
    assert!(checked >= 3, "only {checked} block items checked");
}
