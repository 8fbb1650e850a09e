//! Anqi — a tournament director for hidden-piece Chinese chess: 揭棋 Jieqi, xiangqi and 台灣暗棋 Banqi.
//!
//! Data flows one way: `rules` (pure game logic) ← tournament logic (`swiss`, `knockout`, `prizes`,
//! `rating`, `deal`) ← `store` (sqlx) ← `web` and `cli`. Nothing lower imports anything higher.

pub mod cli;
pub mod rating;
pub mod rules;
