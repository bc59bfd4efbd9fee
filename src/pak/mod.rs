//! NadeoPak (.pak) archives in the app: the open document and its panels.

pub mod doc;
pub mod panels;
