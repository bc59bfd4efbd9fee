//! Stunts track files (seed 002 "Track file"). Work in progress.
