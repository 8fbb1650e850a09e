//! The command-line tests: the `anqi` binary run as a process (and the real-game sample through
//! the library), one test binary with a module per subcommand.

mod adjudicate;
mod backup;
mod banqi;
mod deal;
mod pair;
mod perft;
mod rate;
mod real_games;
mod real_jieqi;
mod run;
mod user;
