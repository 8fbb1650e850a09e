//! HTTP integration tests: the real server binary on port 0 against a fresh SQLite file, driven over HTTP.

mod deals;
mod foundation;
mod records;
mod support;
mod swiss;
