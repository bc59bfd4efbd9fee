//! GameBox (.Gbx) files in the app: the open document and its panels.

pub mod apply;
pub mod doc;
pub mod panels;
