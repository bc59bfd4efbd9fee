//! NadeoPak archives (seed 004 "PAK"): one test binary, one module per
//! concern.

mod corpus;
mod damage;
mod gbx_ivxor;
mod hostile;
mod open;
mod packlist;
mod roundtrip;
mod v6;
mod v6_body;
mod vectors;
