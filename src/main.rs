//! trackbench: viewer and editor for racing-game track files.
fn main() {}
