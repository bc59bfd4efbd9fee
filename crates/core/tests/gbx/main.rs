//! GBX integration tests, one binary: one module per topic, each over the
//! shared corpus (`../shared/corpus/gbx`, see `trackbench-testkit`) or a
//! sample made in the test; `structure` keeps expected structure dumps of a
//! few representative files (insta), so a decoding change shows as a diff.

mod block_item;
mod blocks_import;
mod collector;
mod completeness;
mod contents;
mod corpus;
mod deferral;
mod edit;
mod edit_engine;
mod edit_meta;
mod edit_reread;
mod embedded;
mod facts;
mod fuzz;
mod gbxnet_names;
mod ghost;
mod ghost_inputs;
mod ghost_path;
mod ghost_result;
mod header_scan;
mod known_names;
mod known_stops;
mod lookback_deletes;
mod map_add;
mod map_mp;
mod map_ops;
mod map_ops_records;
mod media;
mod mesh;
mod names;
mod narrow;
mod narrow_checks;
mod peer_readback;
mod place_item;
mod placeholders;
mod replay;
mod replay_inputs;
mod script_traits_v1;
mod snap_lists;
mod structure;
mod text;
mod timeline;
mod timeline_edit;
mod validation_ghost;
