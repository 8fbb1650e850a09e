//! HTTP integration tests: the real server binary on port 0 against a fresh SQLite file, driven over HTTP.

mod backup;
mod copy_db;
mod corrections_events;
mod corrections_rounds;
mod db_backup;
mod deals;
mod form_words;
mod foundation;
mod i18n;
mod json_api;
mod knockout;
mod ko_records;
mod live;
mod load_paths;
mod matrix;
mod ratings;
mod readability;
mod records;
mod security;
mod small_gaps;
mod sse;
mod start_numbers;
mod support;
mod swiss;
mod uploads;
mod viewer;
