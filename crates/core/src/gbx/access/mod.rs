//! Typed accessors: what views, forms and tools read from a parsed file
//! (map and replay facts, blocks and items, ghosts and their samples and
//! inputs, images, embedded files, MediaTracker clips, meshes), built from
//! the decoded fields through the decoders' named constants.

pub mod block_ref;
pub mod car_state;
pub mod embedded;
pub mod ent_record;
pub mod formatting;
pub mod ghost_inputs;
pub mod ghost_samples;
pub mod ghost_summary;
pub mod ghosts;
pub mod images;
pub mod known_names;
pub mod map_contents;
mod map_fields;
pub mod map_info;
mod map_items;
pub mod map_kind;
pub mod map_records;
pub mod mediatracker;
pub mod mesh;
pub mod script_metadata;
pub mod thumbnail;
pub mod typed_map_blocks;
pub mod typed_map_items;
