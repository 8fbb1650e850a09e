//! Anqi — a tournament director for hidden-piece Chinese chess: 揭棋 Jieqi, xiangqi and 台灣暗棋 Banqi.
//!
//! Data flows one way: `rules` (pure game logic) ← tournament logic (`swiss`, `knockout`, `prizes`,
//! `rating`, `deal`) ← `store` (sqlx) ← `web` and `cli`. Nothing lower imports anything higher.

#![warn(missing_docs)]

pub mod accounts;
pub mod age_groups;
pub mod cli;
pub mod csv_safe;
pub mod csv_text;
pub mod deal;
pub mod event;
pub mod i18n;
pub mod knockout;
pub mod prizes;
pub mod process;
pub mod qr;
pub mod rating;
pub mod roster;
pub mod round;
pub mod round_robin;
pub mod rules;
pub mod schedule;
pub mod service;
pub mod store;
pub mod swiss;
pub mod text;
pub mod web;
