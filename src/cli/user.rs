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
        /// How many days the token works (1 to 365).
        #[arg(long, default_value_t = crate::service::accounts::TOKEN_DAYS_DEFAULT)]
        days: i64,
        #[command(flatten)]
        db: DatabaseArg,
    },
    /// List an account's API tokens (id, label, created, expires, last used); never the tokens.
    Tokens {
        /// Login name.
        name: String,
        #[command(flatten)]
        db: DatabaseArg,
    },
    /// Revoke one of an account's API tokens by the id `anqi user tokens` shows.
    Revoke {
        /// Login name.
        name: String,
        /// The token's id.
        id: String,
        #[command(flatten)]
        db: DatabaseArg,
    },
}

/// Opens the database and finds an account, or prints why not (exit status 1).
async fn open_account(
    database_url: &str,
    name: &str,
) -> Result<(store::Db, store::users::User), i32> {
    let pool = store::open(database_url).await.map_err(|e| {
        eprintln!("anqi: {e}");
        1
    })?;
    match store::users::find_by_name(&pool, name).await {
        Ok(Some(u)) => Ok((pool, u)),
        Ok(None) => {
            eprintln!("anqi: no user '{name}'");
            Err(1)
        }
        Err(e) => {
            eprintln!("anqi: {e}");
            Err(1)
        }
    }
}

/// Runs `anqi user …`; returns the exit status (0 done, 1 refused, 2 bad input).
pub fn run(args: UserArgs) -> i32 {
    match args.command {
        UserCommand::Token {
            name,
            label,
            days,
            db,
        } => block_on(async move {
            let (pool, user) = match open_account(&db.database_url, &name).await {
                Ok(found) => found,
                Err(code) => return code,
            };
            match crate::service::accounts::create_token(&pool, user.id, &label, Some(days)).await {
                Ok(made) => {
                    println!("{}", made.token);
                    0
                }
                Err(crate::service::ServiceError::Invalid { field, reason }) => {
                    eprintln!("anqi: --{field}: {}", crate::i18n::Lang::En.reason(&reason));
                    2
                }
                Err(e) => {
                    eprintln!("anqi: {e}");
                    1
                }
            }
        }),
        UserCommand::Tokens { name, db } => block_on(async move {
            let (pool, user) = match open_account(&db.database_url, &name).await {
                Ok(found) => found,
                Err(code) => return code,
            };
            match store::sessions::api_tokens_of(&pool, user.id).await {
                Ok(tokens) => {
                    println!("id\tlabel\tcreated\texpires\tlast used");
                    for t in tokens {
                        println!(
                            "{}\t{}\t{}\t{}\t{}",
                            t.id,
                            t.label,
                            t.created_at,
                            t.expires_at,
                            t.last_used_at.as_deref().unwrap_or("never")
                        );
                    }
                    0
                }
                Err(e) => {
                    eprintln!("anqi: {e}");
                    1
                }
            }
        }),
        UserCommand::Revoke { name, id, db } => block_on(async move {
            let (pool, user) = match open_account(&db.database_url, &name).await {
                Ok(found) => found,
                Err(code) => return code,
            };
            match crate::service::accounts::revoke_token(&pool, user.id, &id).await {
                Ok(()) => {
                    println!("revoked {id}");
                    0
                }
                Err(crate::service::ServiceError::NotFound) => {
                    eprintln!("anqi: '{name}' has no token with id '{id}'");
                    1
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
