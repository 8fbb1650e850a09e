//! `anqi user`: manage accounts from scripts.

use std::io::Read;

use clap::{Args, Subcommand};

use super::serve::DatabaseArg;
use crate::accounts::{self, Role};
use crate::store;

/// Options of `anqi user`.
#[derive(Debug, Args)]
pub struct UserArgs {
    #[command(subcommand)]
    pub command: UserCommand,
}

/// The `user` subcommands.
#[derive(Debug, Subcommand)]
pub enum UserCommand {
    /// Create an account; the password is read from standard input.
    Add {
        /// Login name.
        name: String,
        /// admin, organizer, arbiter, player or club.
        #[arg(long)]
        role: Role,
        /// Read the password from standard input (first line).
        #[arg(long, required = true)]
        password_stdin: bool,
        #[command(flatten)]
        db: DatabaseArg,
    },
    /// Create an API bearer token for an account and print it (shown once).
    Token {
        /// Login name.
        name: String,
        /// A label to recognise the token by.
        #[arg(long, default_value = "cli")]
        label: String,
        #[command(flatten)]
        db: DatabaseArg,
    },
}

/// Runs `anqi user …`; returns the exit status (0 done, 1 refused, 2 bad input).
pub fn run(args: UserArgs) -> i32 {
    match args.command {
        UserCommand::Token { name, label, db } => block_on(async move {
            let pool = match store::open(&db.database_url).await {
                Ok(p) => p,
                Err(e) => {
                    eprintln!("anqi: {e}");
                    return 1;
                }
            };
            let user = match store::users::find_by_name(&pool, &name).await {
                Ok(Some(u)) => u,
                Ok(None) => {
                    eprintln!("anqi: no user '{name}'");
                    return 1;
                }
                Err(e) => {
                    eprintln!("anqi: {e}");
                    return 1;
                }
            };
            let token = accounts::random_token();
            match store::sessions::create_api_token(&pool, user.id, &token, &label).await {
                Ok(()) => {
                    println!("{token}");
                    0
                }
                Err(e) => {
                    eprintln!("anqi: {e}");
                    1
                }
            }
        }),
        UserCommand::Add {
            name,
            role,
            password_stdin: _,
            db,
        } => {
            let mut input = String::new();
            if let Err(e) = std::io::stdin().read_to_string(&mut input) {
                eprintln!("anqi: cannot read the password from standard input: {e}");
                return 2;
            }
            let password = input.lines().next().unwrap_or("").to_string();
            let name = match accounts::validate_name(&name) {
                Ok(n) => n,
                Err(e) => {
                    eprintln!("anqi: {e}");
                    return 2;
                }
            };
            let hash = match accounts::hash_password(&password) {
                Ok(h) => h,
                Err(e) => {
                    eprintln!("anqi: {e}");
                    return 2;
                }
            };
            block_on(async move {
                let pool = match store::open(&db.database_url).await {
                    Ok(p) => p,
                    Err(e) => {
                        eprintln!("anqi: {e}");
                        return 1;
                    }
                };
                match store::users::create(&pool, &name, role, &hash).await {
                    Ok(u) => {
                        println!("created {} ({})", u.name, u.role.as_str());
                        0
                    }
                    Err(store::StoreError::Conflict) => {
                        eprintln!("anqi: user name '{name}' is taken");
                        1
                    }
                    Err(e) => {
                        eprintln!("anqi: {e}");
                        1
                    }
                }
            })
        }
    }
}

/// Runs a future on a single-threaded runtime (for the short-lived database commands).
pub fn block_on<F: std::future::Future<Output = i32>>(f: F) -> i32 {
    match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt.block_on(f),
        Err(e) => {
            eprintln!("anqi: cannot start the runtime: {e}");
            1
        }
    }
}
