//! NadeoPak (.pak) archives in the app: the open document ([`doc`]), how
//! it applies its commands ([`apply`]), the browser's view state
//! ([`view`]), the extraction worker ([`job`]) and the panels.

pub mod apply;
pub mod doc;
pub mod job;
pub mod panels;
pub mod view;
