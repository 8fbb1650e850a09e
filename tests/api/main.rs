//! HTTP integration tests: the real server binary on port 0 against a fresh SQLite file, driven over HTTP.

mod backup;
mod corrections_rounds;
mod db_backup;
mod deals;
mod foundation;
mod json_api;
mod knockout;
mod ko_records;
mod matrix;
mod ratings;
mod records;
mod security;
mod start_numbers;
mod support;
mod swiss;
mod uploads;
mod viewer;
