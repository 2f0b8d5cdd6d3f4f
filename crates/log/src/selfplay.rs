//! Seeded self-play games, the fixtures of the crate's tests (filled in below).
