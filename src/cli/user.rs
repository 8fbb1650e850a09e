//! `anqi user`: manage accounts from scripts.

use std::io::Read;

use clap::{Args, Subcommand};

use super::serve::DatabaseArg;
use super::{Refusal, lang};
use crate::accounts::{self, AccountError, Role};
use crate::i18n::Reason;
use crate::service::ServiceError;
use crate::store;

/// Options of `anqi user`.
#[derive(Debug, Args)]
pub struct UserArgs {
    /// The `user` subcommand to run.
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
        /// The database to use.
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
        /// The database to use.
        #[command(flatten)]
        db: DatabaseArg,
    },
    /// List an account's API tokens (id, label, created, expires, last used); never the tokens.
    Tokens {
        /// Login name.
        name: String,
        /// The database to use.
        #[command(flatten)]
        db: DatabaseArg,
    },
    /// Revoke one of an account's API tokens by the id `anqi user tokens` shows.
    Revoke {
        /// Login name.
        name: String,
        /// The token's id.
        id: String,
        /// The database to use.
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
            eprintln!(
                "anqi: {}",
                lang().reason(&Reason::new("cli_no_user").arg("name", name))
            );
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
                Err(e) => {
                    eprintln!("anqi: {}", service_text(&e));
                    service_status(&e)
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
                    println!(
                        "{}",
                        lang().reason(&Reason::new("cli_token_revoked").arg("id", &id))
                    );
                    0
                }
                Err(ServiceError::NotFound) => {
                    eprintln!(
                        "anqi: {}",
                        lang().reason(
                            &Reason::new("cli_no_token")
                                .arg("name", &name)
                                .arg("id", &id)
                        )
                    );
                    1
                }
                Err(e) => {
                    eprintln!("anqi: {}", service_text(&e));
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
                eprintln!(
                    "anqi: {}",
                    lang().reason(&Reason::new("cli_password_stdin").arg("why", e))
                );
                return 2;
            }
            let password = input.lines().next().unwrap_or("").to_string();
            let name = match accounts::validate_name(&name) {
                Ok(n) => n,
                Err(e) => {
                    eprintln!("anqi: {}", account_refusal(e).text(lang()));
                    return 2;
                }
            };
            let hash = match accounts::hash_password(&password) {
                Ok(h) => h,
                Err(e) => {
                    eprintln!("anqi: {}", account_refusal(e).text(lang()));
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
                        println!(
                            "{}",
                            lang().reason(
                                &Reason::new("cli_user_created")
                                    .arg("name", &u.name)
                                    .arg("role", role_name(u.role))
                            )
                        );
                        0
                    }
                    Err(store::StoreError::Conflict) => {
                        eprintln!(
                            "anqi: {}",
                            lang().reason(&Reason::new("cli_name_taken").arg("name", &name))
                        );
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
            eprintln!(
                "anqi: {}",
                lang().reason(&Reason::new("cli_runtime").arg("why", e))
            );
            1
        }
    }
}

/// A refused user name or password: the English it always printed, the glossary's words otherwise.
fn account_refusal(e: AccountError) -> Refusal {
    let reason = match e {
        AccountError::BadName => Reason::new("svc_user_name_bad"),
        AccountError::ShortPassword => Reason::new("svc_password_short"),
        AccountError::Hashing => Reason::new("cli_password_hashing"),
    };
    Refusal::new(e.to_string(), reason)
}

/// A workflow's refusal in the language of `LANG`: a bad option is named as such (`--days: …`);
/// a failure of the store is shown as it is (not the user's doing).
fn service_text(e: &ServiceError) -> String {
    match e {
        ServiceError::Invalid { field, reason } => lang().reason(
            &Reason::new("cli_option")
                .arg("option", field)
                .arg_reason("why", reason),
        ),
        ServiceError::Conflict(reason) | ServiceError::Refused(reason) => lang().reason(reason),
        other => other.to_string(),
    }
}

/// The exit status of a workflow's refusal: 2 for a bad option, 1 otherwise.
fn service_status(e: &ServiceError) -> i32 {
    match e {
        ServiceError::Invalid { .. } => 2,
        _ => 1,
    }
}

/// A role as `anqi user add --role` takes it in English, the site's word for it otherwise.
fn role_name(role: Role) -> String {
    match lang() {
        crate::i18n::Lang::En => role.as_str().to_string(),
        other => other.t(role.key()).to_string(),
    }
}
