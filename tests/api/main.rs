//! HTTP integration tests: the real server binary on port 0 against a fresh SQLite file, driven over HTTP.

mod foundation;
mod knockout;
mod support;
mod swiss;
