//! `anqi copy-db --from URL --to URL`: a venue's whole database moved to another one, SQLite to
//! PostgreSQL or back (`store::copy`), its messages in the language of `LANG`.

use clap::Args;

use super::lang;
use crate::i18n::Reason;
use crate::store::{self, copy::CopyError};

/// Options of `anqi copy-db`.
#[derive(Debug, Args)]
pub struct CopyDbArgs {
    /// The database to copy (`sqlite://venue.db`, `postgres://user@host/db`); brought to this
    /// version's schema first, as `anqi serve` would.
    #[arg(long)]
    pub from: String,
    /// The empty database to copy into (a SQLite file is created; a PostgreSQL database must exist).
    #[arg(long)]
    pub to: String,
}

/// Runs `anqi copy-db`; returns the exit status (0 copied, 1 refused or failed, 2 a bad URL).
pub fn run(args: CopyDbArgs) -> i32 {
    let lang = lang();
    for url in [&args.from, &args.to] {
        if store::Backend::of_url(url).is_none() {
            eprintln!(
                "anqi: {}",
                lang.reason(&Reason::new("db_bad_url").arg("url", url))
            );
            return 2;
        }
    }
    super::user::block_on(async {
        let done = async {
            let from = store::open(&args.from).await?;
            let to = store::open(&args.to).await?;
            let copied = store::copy::copy(&from, &to).await;
            from.close().await;
            to.close().await;
            // A SQLite target is one file afterwards (it is usually carried to another machine).
            let copied = copied?;
            store::snapshot::checkpoint(&args.to).await?;
            Ok::<_, CopyError>(copied)
        };
        match done.await {
            Ok(copied) => {
                println!(
                    "{}",
                    lang.reason(
                        &Reason::new("db_copy_done")
                            .arg("rows", copied.rows())
                            .arg("tables", copied.tables.len())
                            .arg("from", store::shown_url(&args.from))
                            .arg("to", store::shown_url(&args.to))
                    )
                );
                0
            }
            Err(e) => {
                eprintln!("anqi: {}", lang.reason(&refusal(&e)));
                1
            }
        }
    })
}

/// The message of a refused or failed copy.
fn refusal(e: &CopyError) -> Reason {
    match e {
        CopyError::NotEmpty(table) => Reason::new("db_copy_not_empty").arg("table", table),
        CopyError::Same => Reason::new("db_copy_same"),
        CopyError::Row { table, message } => Reason::new("db_copy_row")
            .arg("table", table)
            .arg("message", message),
        CopyError::Nul { table, row, column } => Reason::new("db_copy_nul")
            .arg("table", table)
            .arg("row", row)
            .arg("column", column),
        CopyError::Store(e) => Reason::new("db_copy_failed").arg("message", e),
    }
}
