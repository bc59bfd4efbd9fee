//! Reading: the header, reference table and body of a GBX file, the node and
//! chunk loop, lookback strings and the field table every decoder records
//! into. The decoders themselves are in `classes/`, a layer up: the reader
//! reaches them only through the [`archive::Decoders`] it is handed.

pub mod archive;
pub mod body;
pub mod class_ids;
pub mod collections;
pub mod field;
pub mod field_ref;
pub mod header;
pub mod layout;
pub mod lookback;
pub mod mesh_parts;
pub mod node;
mod reader;
pub mod ref_table;
pub mod role;
pub(crate) mod spare;
pub mod table;
pub mod typed_blocks;
pub mod typed_items;
