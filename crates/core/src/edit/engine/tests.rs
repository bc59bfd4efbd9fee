use super::*;
use crate::gbx::tools::sample::sample_map;

#[test]
fn an_empty_splice_list_changes_nothing() {
    let gbx = Gbx::parse(sample_map()).unwrap();
    let edit = build_edit(&gbx, "nothing", vec![]).unwrap();
    assert!(edit.patches.is_empty());
}

#[test]
fn encode_lookback_new_is_flag_length_bytes() {
    assert_eq!(
        encode_lookback_new("ab"),
        vec![0, 0, 0, 0x40, 2, 0, 0, 0, b'a', b'b']
    );
}
