//! HTTP integration tests: the real server binary on port 0 against a fresh SQLite file, driven over HTTP.

mod backup;
mod foundation;
mod json_api;
mod knockout;
mod support;
mod swiss;
