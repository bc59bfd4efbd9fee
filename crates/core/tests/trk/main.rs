//! Stunts track tests (one binary): reading and writing every corpus track
//! and replay, Bliss metadata, validation rules, rendering, the edit model
//! with undo, colouring edits, and route tracing.

mod colour_edit;
mod corpus;
mod edit;
mod facts;
mod metadata;
mod render;
mod replay_keys;
mod route;
mod validate;
