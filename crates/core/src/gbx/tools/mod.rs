//! Tools over a whole parse: the structure as data ([`inspect`]), the decoded
//! tree as text ([`dump`], [`describe`]) and the built-in sample map
//! ([`sample`]).

pub mod describe;
pub mod dump;
pub mod inspect;
pub mod paths;
pub mod sample;
