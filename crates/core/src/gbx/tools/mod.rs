//! Tools over a whole parse: the structure as data ([`inspect`]), the decoded
//! tree as text ([`dump`], [`describe`]) and the built-in sample map
//! ([`sample`]); and over the decoders themselves: every decoded chunk with
//! its declared fields ([`chunks`], for `trackbench chunks`).

pub mod chunks;
pub mod describe;
pub mod dump;
pub mod inspect;
pub mod paths;
pub mod sample;
pub mod sample_mp;
