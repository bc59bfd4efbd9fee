//! GameBox (.Gbx) files (seeds 000/001 "GBX", 003). Work in progress.
